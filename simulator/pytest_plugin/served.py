"""A simulator served by uvicorn in a background thread, on a socket reserved beforehand.

The socket is bound (port 0: the system picks a free one) before the simulator is built, so
that its public URL names the real port, and handed to uvicorn as it is: no other process
(another pytest-xdist worker) can take the port in between.
"""

from __future__ import annotations

import select
import socket
import threading

import uvicorn

from .._simulator import Simulator
from ..server.serving import uvicorn_config

__all__ = ["ServedSimulator", "reserve_socket"]

#: How long (real seconds) the server may take to start.
_START_SECONDS = 20.0


def reserve_socket(host: str = "127.0.0.1") -> socket.socket:
    """A socket bound to a free port of `host` (not yet listening: uvicorn does that)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    return sock


class ServedSimulator:
    """`serve` for a test: `sim`'s app on `sock`, in a thread; `close()` stops and joins it
    (the simulator stays open: it belongs to whoever built it)."""

    def __init__(self, sim: Simulator, sock: socket.socket) -> None:
        self.sim = sim
        self.sock = sock
        host, port = sock.getsockname()[:2]
        #: Where the server answers, e.g. `http://127.0.0.1:41234`.
        self.base_url = f"http://{host}:{port}"
        self.server = uvicorn.Server(uvicorn_config(sim.app, host, port))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [sock]}, name="banking-server"
        )

    def start(self) -> ServedSimulator:
        self.thread.start()
        deadline = _START_SECONDS / 0.02
        for _ in range(int(deadline)):
            if self.server.started or not self.thread.is_alive():
                break
            # Real time: the server starts in real time (a relative `select` timeout, as
            # the ticker's: see scheduler.py).
            select.select([], [], [], 0.02)
        if not self.server.started:
            self.close()
            raise RuntimeError(f"The simulator's server did not start on {self.base_url}.")
        return self

    def close(self) -> None:
        self.server.should_exit = True
        if self.thread.is_alive():
            self.thread.join()
        self.sock.close()

    def __repr__(self) -> str:
        return f"<ServedSimulator {self.base_url}>"

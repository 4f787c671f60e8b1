"""An answer's head and body in one socket write (`server/one_write.py`): what is held, and
for how long."""

from __future__ import annotations

import asyncio
from typing import Any

from simulator.server.one_write import OneWrite
from simulator.server.slow_clients import HttpToolsHeaderTimeoutProtocol


class _Recorded(asyncio.Transport):
    """A transport that records its writes and its closing."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False
        self.aborted = False

    def write(self, data: Any) -> None:
        assert not self.closed
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_write_buffer_size(self) -> int:
        return 0


async def _turn() -> None:
    await asyncio.sleep(0)


def test_a_head_and_its_body_written_in_one_turn_go_out_in_one_write() -> None:
    async def run() -> list[bytes]:
        real = _Recorded()
        one = OneWrite(real, asyncio.get_running_loop())
        one.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n")
        assert real.writes == [] and one.get_write_buffer_size() > 0
        one.write(b"{}")
        await _turn()
        return real.writes

    assert asyncio.run(run()) == [b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"]


def test_a_write_alone_goes_out_at_the_loops_next_turn_in_order() -> None:
    async def run() -> list[bytes]:
        real = _Recorded()
        one = OneWrite(real, asyncio.get_running_loop())
        one.write(b"head")  # a streamed answer's head: its body comes later
        await _turn()
        assert real.writes == [b"head"]
        one.writelines([b"a", b"b"])
        one.write(b"c")
        one.write(b"d")
        await _turn()
        return real.writes

    assert asyncio.run(run()) == [b"head", b"abc", b"d"]


def test_closing_sends_what_is_held_and_aborting_drops_it() -> None:
    async def run() -> tuple[_Recorded, _Recorded]:
        loop = asyncio.get_running_loop()
        closed, aborted = _Recorded(), _Recorded()
        one = OneWrite(closed, loop)
        one.write(b"last answer")
        one.close()
        other = OneWrite(aborted, loop)
        other.write(b"dropped")
        other.abort()
        await _turn()
        return closed, aborted

    closed, aborted = asyncio.run(run())
    assert closed.writes == [b"last answer"] and closed.closed
    assert aborted.writes == [] and aborted.aborted


def test_serve_protocol_writes_through_one_write() -> None:
    async def run() -> Any:
        from uvicorn.config import Config
        from uvicorn.server import ServerState

        async def app(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "http.response.start", "status": 204, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        config = Config(app)
        config.load()
        protocol = HttpToolsHeaderTimeoutProtocol(config, ServerState(), app_state={})
        real = _Recorded()
        protocol.connection_made(real)
        protocol.data_received(b"GET / HTTP/1.1\r\nhost: x\r\n\r\n")
        for _ in range(5):
            await _turn()
        protocol.connection_lost(None)
        return protocol.transport, real.writes

    transport, writes = asyncio.run(run())
    assert isinstance(transport, OneWrite)
    assert len(writes) == 1 and writes[0].startswith(b"HTTP/1.1 204")

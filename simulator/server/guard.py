"""Every HTTP request as one operation of the simulator's lifecycle.

The outermost middleware: a request that arrives once `Simulator.close()` has begun gets a
503 with a JSON body; a request under way holds `close()` back until it has answered, so no
store is closed under it (see `simulator.lifecycle`).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from ..exceptions import SimulatorClosed
from ..lifecycle import Lifecycle
from .responses import json_error

__all__ = ["LifecycleGuard"]


class LifecycleGuard:
    """ASGI middleware: run each HTTP request inside `lifecycle.operation()`."""

    def __init__(self, app: ASGIApp, lifecycle: Lifecycle) -> None:
        self.app = app
        self.lifecycle = lifecycle

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            self.lifecycle.enter()
        except SimulatorClosed as error:
            await json_error(503, "SIMULATOR_CLOSED", str(error))(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.lifecycle.leave()

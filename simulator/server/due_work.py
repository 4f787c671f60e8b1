"""Fire the work a request made due, once its answer is sent.

An operation that emits an event creates deliveries due *now*, but must not send them in
its own transaction. This ASGI middleware fires due work after every HTTP request: over
the network the client already has its answer; in-process (Starlette's `TestClient`) the
client call returns after it, so a notebook sees the webhook delivered without advancing
the clock.
"""

from __future__ import annotations

import logging

from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from ..scheduler import Scheduler

__all__ = ["FireDueWork"]

logger = logging.getLogger("simulator.server")


class FireDueWork:
    """ASGI middleware: after each HTTP request, `scheduler.run_due_after_request()`."""

    def __init__(self, app: ASGIApp, scheduler: Scheduler) -> None:
        self.app = app
        self.scheduler = scheduler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
        # The check is a data-version read (a few indexed reads after a change), cheap enough
        # for the event loop; the work itself (webhook calls) goes to a worker thread.
        if scope["type"] != "http" or not self.scheduler.has_due_work():
            return
        try:
            await run_in_threadpool(self.scheduler.run_due_after_request)
        except Exception:  # the answer is sent; the error goes to the log
            logger.exception("Scheduled work failed after a request")

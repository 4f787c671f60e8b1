"""Every request reads one instant, and due work fires around it.

`PinnedTime` (outside the journal) pins the clock, for the whole request, at the instant it
came in (`Clock.pinned`): the request's journal entry records that instant, every rule the
request applies reads it, and a replay, which runs the request at that instant on a frozen
clock, computes the same answer even when the recorded clock was running.

`FireDueWork` (inside) fires what is due up to that instant *before* the request runs, so a
request never sees work its instant has passed still pending (the clock moved by another
process, a ticker not yet round); and fires due work again *after* the request: an
operation that emits an event creates deliveries due *now*, but must not send them in its
own transaction. Over the network the client already has its answer; in-process
(Starlette's `TestClient`) the client call returns after it, so a notebook sees the webhook
delivered without advancing the clock.

A request that wrote nothing to any environment (a query run on the event loop, where a write
is refused before it begins: `api.inline_reads`) created no due work, and has no look after:
the endpoint marks it (`mark_wrote_nothing`). The look before stays for every request: it is
what notices work another process's commit made due.
"""

from __future__ import annotations

import logging
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from ..scheduler import Scheduler

__all__ = ["WROTE_NOTHING_SCOPE_KEY", "FireDueWork", "PinnedTime", "mark_wrote_nothing"]

logger = logging.getLogger("simulator.server")

#: Set in a request's scope when it wrote nothing to any environment (`mark_wrote_nothing`).
WROTE_NOTHING_SCOPE_KEY: Final = "simulator.wrote_nothing"


def mark_wrote_nothing(scope: Scope) -> None:
    """This request wrote nothing to any environment (its operation ran read-only), so it
    created no due work: `FireDueWork` skips its look after it."""
    scope[WROTE_NOTHING_SCOPE_KEY] = True


class PinnedTime:
    """ASGI middleware: the request counted in progress (the ticker waits), then run with
    the clock pinned at the instant it came in."""

    def __init__(self, app: ASGIApp, scheduler: Scheduler) -> None:
        self.app = app
        self.scheduler = scheduler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # Counted first, then the instant read: a ticker that saw no request in progress
        # read its limit before this instant (Scheduler.run_due_settled).
        clock = self.scheduler.clock
        with self.scheduler.requests.calling_out(), clock.pinned(clock.now()):
            marked = self.scheduler.in_request.set(True)
            try:
                await self.app(scope, receive, send)
            finally:
                self.scheduler.in_request.reset(marked)


class FireDueWork:
    """ASGI middleware: `scheduler.run_due_after_request()` before and after each request."""

    def __init__(self, app: ASGIApp, scheduler: Scheduler) -> None:
        self.app = app
        self.scheduler = scheduler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._fire()
        await self.app(scope, receive, send)
        if (
            scope["type"] == "http"
            and self.scheduler.after_requests
            and not scope.get(WROTE_NOTHING_SCOPE_KEY)
        ):
            await self._fire()

    async def _fire(self) -> None:
        # The check is a data-version read (a few indexed reads after a change), cheap enough
        # for the event loop; the work itself (webhook calls) goes to a worker thread, in a
        # copy of this request's context: it fires up to the request's pinned instant.
        if not self.scheduler.has_due_work():
            return
        try:
            await run_in_threadpool(self.scheduler.run_due_after_request)
        except Exception:  # the answer is sent (or the request goes on); the error is logged
            logger.exception("Scheduled work failed around a request")

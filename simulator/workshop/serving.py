"""The workshop's ASGI app: every learner's space under `/w/<learner>/`, and `/workshop`.

A request for `/w/ada/oauth2/token` goes to ada's own app (the one `Simulator.app` builds)
as a request for `/oauth2/token`, with the ASGI `root_path` set to `/w/ada`: inside, the
space is exactly a single sandbox (its routes, edge, limits, clock), and knows nothing of
the workshop. The prefix is put back on what the space sends out:

- **absolute URLs** (the OAuth issuer and discovery document, id_token `iss`, `consentUrl`,
  the callback page's snippets, the index): `public_url_of()` appends the `root_path`, so
  they are built with the prefix in the first place;
- **root-relative paths** (`Location: /oauth2/login`, `Set-Cookie: ...; Path=/oauth2`, and
  the `href`, `src`, `action` and `data-*` attributes of HTML pages): rewritten here, on the
  way out. The pages, dashboard and explorer emit such paths in some forty places owned by
  other parts of the package; rewriting them at this one point covers a page added
  tomorrow as well, where threading the `root_path` through every template would not.

`raw_path` is left whole, so the access log names the learner (`path=/w/ada/...`).

In front of the whole room sit one `AccessLog` and one `RequestBounds`: every request, a
space's, the instructor's or a 404, is numbered from one sequence (ids never repeat in the
server's log), logged once, and bounded (URL, headers, body) before anything reads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import logging
import re
import sys
from collections.abc import Callable, MutableMapping
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..server.access_log import AccessLog, request_id_of
from ..server.bounds import RequestBounds
from ..server.responses import json_error
from .activity import Activity
from .feedback import CHECK_PATH, check_endpoint, learner_results
from .join import JOIN_PATH, join_app
from .roster import join_url
from .spaces import Workshop

__all__ = ["LEARNER_PREFIX", "WorkshopApp", "prefix_html"]

LEARNER_PREFIX = "/w/"
logger = logging.getLogger("simulator.server")
_NAME = re.compile(r"/w/([^/]*)(/.*)?\Z", re.DOTALL)
#: A URL attribute whose value is a root-relative path (`/x`, not `//host/x`).
_HTML_URL = re.compile(rb"""(\s(?:href|src|action|formaction|data-[\w-]+)=)(["'])/(?!/)""")
_COOKIE_PATH = re.compile(r"(;\s*[Pp]ath=)/")
#: How much of an answer is kept to find its error message (the first is near the start).
_NOTED_BYTES = 4096
#: The interpreter's switch interval while a room is served (Python's default is 5 ms): a
#: thread running an operation keeps the GIL until another has waited this long, and the
#: event loop waits so at each return from polling, several times a request.
_SWITCH_SECONDS = 0.001
#: The collector's thresholds while a room is served (Python's default: 700, 10, 10). A full
#: pass holds the GIL while it walks every long-lived object (100,000 in a room of 100: most
#: are SQLite's statements and its cursors' weak references), 30-200 ms in which no learner
#: is answered; it runs once the objects that survived two young passes reach a quarter of
#: those, and requests in flight (a heavy document's tree lives through dozens of young
#: passes at 700) kept it running every two or three seconds. Young passes ten times rarer
#: see most of a request's objects already freed, so far fewer are promoted, and a full
#: pass waits for twice as many young ones: measured, one full pass in a minute of a
#: hostile room instead of 24 (docs/workshop.md).
_GC_THRESHOLDS = (10_000, 10, 20)


def prefix_html(body: bytes, prefix: str) -> bytes:
    """`body` with each root-relative URL attribute given `prefix`."""
    replacement = rb"\1\2" + prefix.encode() + b"/"
    return _HTML_URL.sub(replacement, body)


def _prefix_headers(headers: list[tuple[bytes, bytes]], prefix: str) -> list[tuple[bytes, bytes]]:
    result = []
    for key, value in headers:
        name = key.lower()
        text = value.decode("latin-1")
        if name == b"location" and text.startswith("/") and not text.startswith("//"):
            value = (prefix + text).encode("latin-1")
        elif name == b"set-cookie":
            value = _COOKIE_PATH.sub(lambda m: m.group(1) + prefix + "/", text).encode("latin-1")
        result.append((key, value))
    return result


class _Outbound:
    """Wraps a space's `send`: the prefix on headers and HTML, the answer noted."""

    def __init__(self, send: Send, prefix: str, note: Callable[[int, bytes], None]) -> None:
        self.send, self.prefix, self.note = send, prefix, note
        self.start: MutableMapping[str, Any] | None = None
        self.status = 0
        self.html = False
        self.chunks: list[bytes] = []
        self.seen = 0

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = _prefix_headers(list(message.get("headers", [])), self.prefix)
            self.status = int(message["status"])
            content_type = dict(headers).get(b"content-type", b"")
            self.html = content_type.startswith(b"text/html")
            self.start = {**message, "headers": headers}
            if not self.html:
                await self.send(self.start)
            return
        if message["type"] != "http.response.body":
            await self.send(message)
            return
        body = message.get("body", b"")
        more = bool(message.get("more_body", False))
        if self.html or self.seen < _NOTED_BYTES:
            self.chunks.append(body)
            self.seen += len(body)
        if self.html:
            if more:
                return
            await self._send_html()
        else:
            await self.send(message)
        if not more:
            self.note(self.status, b"".join(self.chunks))

    async def _send_html(self) -> None:
        assert self.start is not None
        body = prefix_html(b"".join(self.chunks), self.prefix)
        headers = [(k, v) for k, v in self.start["headers"] if k.lower() != b"content-length"]
        headers.append((b"content-length", str(len(body)).encode()))
        await self.send({**self.start, "headers": headers})
        await self.send({"type": "http.response.body", "body": body, "more_body": False})


class WorkshopApp:
    """The ASGI app `serve` runs on a workshop data dir (see the module docstring).

    Its lifespan owns every space's: once the server answers, the spaces served are opened
    one after the other in the background (a space asked for first is opened at once), each
    one's app built and its own lifespan run (the space's ticker thread); when the server
    stops, every one is ended, threads joined. Opening a space takes tens of milliseconds,
    so a room of 100 answers at once rather than seconds later. The requests in flight go
    first: the next space is opened once none is, or once one of them has been answered (a
    room under constant load still warms, a space per answer), so the first learners to
    arrive are not answered only between the openings of everyone else's spaces.
    `instructor`: the app mounted at `/workshop` (simulator/workshop/instructor.py).
    The room's join page, `/w/join`, is served here too (simulator/workshop/join.py);
    `trust_forwarded_for`: its wrong-code limit counts the address in `X-Forwarded-For`.
    """

    def __init__(
        self,
        room: Workshop,
        *,
        instructor: ASGIApp | None = None,
        trust_forwarded_for: bool = False,
    ) -> None:
        self.room = room
        self.instructor = instructor
        self.join = join_app(room, trust_forwarded_for=trust_forwarded_for)
        self.activity = Activity(room)
        self.apps: dict[str, ASGIApp] = {}
        self._served = set(room.served)
        self._opening: dict[str, asyncio.Task[ASGIApp]] = {}
        self._stack: contextlib.AsyncExitStack | None = None
        #: HTTP requests being answered, and an answer given (`_after_requests`).
        self._in_flight = 0
        self._answered = asyncio.Event()
        #: Every space served is open, its connections made, the heap frozen (`/` says so).
        self.ready = False
        self._front = AccessLog(RequestBounds(self._route))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            await self._front(scope, receive, send)
            return
        self._in_flight += 1
        try:
            await self._front(scope, receive, send)
        finally:
            self._in_flight -= 1
            self._answered.set()

    async def _after_requests(self) -> None:
        """Returns at once when no request is in flight; else once one has been answered."""
        if self._in_flight:
            self._answered.clear()
            await self._answered.wait()

    async def _route(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        is_instructor = path == "/workshop" or path.startswith("/workshop/")
        if is_instructor and self.instructor is not None:
            await self.instructor(scope, receive, send)
            return
        if path == "/w/join" or path.startswith("/w/join/"):
            await self.join(scope, receive, send)
            return
        match = _NAME.match(path)
        try:
            app = await self._space(match.group(1)) if match else None
        except Exception:  # a space that cannot open (a broken file): logged, not a trace
            logger.exception("Cannot open the space of %s", match.group(1) if match else "")
            if scope["type"] == "http":
                refusal = json_error(
                    503,
                    "SPACE_UNAVAILABLE",
                    "This space cannot open now.",
                    request_id=request_id_of(scope),
                )
                await refusal(scope, receive, send)
            return
        if match is None or app is None:
            await self._not_found(scope, receive, send, match.group(1) if match else None)
            return
        name = match.group(1)
        if match.group(2) == CHECK_PATH and scope["type"] == "http":  # the learner's feedback
            response = await check_endpoint(self.room, name, Request(scope, receive))
            await response(scope, receive, send)
            return
        if match.group(2) == JOIN_PATH and scope["type"] == "http":  # a join code's dashboard
            await self.join(scope, receive, send)
            return
        prefix = f"{scope.get('root_path', '')}{LEARNER_PREFIX}{name}"
        child = {**scope, "path": match.group(2) or "/", "root_path": prefix}
        note = self.activity.recorder(name, scope)
        await app(child, receive, _Outbound(send, prefix, note))

    async def _space(self, name: str) -> ASGIApp | None:
        """The learner's app, its lifespan running (opened now if not yet); None when the
        learner is not served here or the server is stopping."""
        app = self.apps.get(name)
        if app is not None or name not in self._served or self._stack is None:
            return app
        task = self._opening.get(name)
        if task is None:
            task = self._opening[name] = asyncio.create_task(self._open(name))
        return await asyncio.shield(task)

    async def _open(self, name: str) -> ASGIApp:
        # Opening reads files and SQLite: off the event loop. The lifespan runs on it.
        app = await asyncio.to_thread(lambda: self.room.learner(name).app)
        # The dashboard's sign-in page points a learner to the room's join page (an
        # absolute URL: a root-relative one would be given the space's prefix).
        app.state.sign_in_help = {
            "text": "Open the room's join page and enter the join code on your card: "
            "its Open my dashboard button signs you in.",
            "link": join_url(self.room.public_url),
            "label": "Open the join page",
        }
        # The dashboard's Exercises tab: the learner's own, hints with their own values.
        app.state.workshop_exercises = partial(learner_results, self.room, name)
        # ... whose explorer links hold a token of the learner's project (exercise_views.py).
        app.state.workshop_project = self.room.record(name).project_id
        assert self._stack is not None
        await self._stack.enter_async_context(app.router.lifespan_context(app))
        self.apps[name] = app
        return app

    async def _warm(self) -> None:
        for name in self.room.served:
            await self._after_requests()
            await self._space(name)
            # This thread's connections to the space's files, opened now rather than by
            # the learner's first request (opening one may wait on a lock for a while).
            for environment in self.room.learner(name).environments.values():
                environment.store.db  # noqa: B018 (the property leases the connection)
        # What the room holds for the whole run (schemas, apps, connections) is never
        # garbage: kept out of the collector's full passes, which otherwise walk all of it
        # and stall every learner for 100-300 ms a few times a minute.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*_GC_THRESHOLDS)
        self.ready = True

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        message = await receive()
        assert message["type"] == "lifespan.startup"
        # From the start, not once warm: the first learners' requests take the GIL from the
        # warming's threads after 1 ms, not 5 (a room of 30's first answer, 10-30 ms).
        sys.setswitchinterval(_SWITCH_SECONDS)
        async with contextlib.AsyncExitStack() as stack:
            self._stack = stack
            await stack.enter_async_context(self.activity.flushing())
            warm = asyncio.create_task(self._warm())
            await send({"type": "lifespan.startup.complete"})
            message = await receive()
            assert message["type"] == "lifespan.shutdown"
            warm.cancel()
            await asyncio.gather(warm, *self._opening.values(), return_exceptions=True)
            self._stack = None
        self.apps = {}
        await send({"type": "lifespan.shutdown.complete"})

    async def _not_found(
        self, scope: Scope, receive: Receive, send: Send, name: str | None
    ) -> None:
        if scope["type"] != "http":
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if name is None and scope["path"] == "/":
            response: Any = JSONResponse(
                {
                    "service": "Partner banking API simulator: workshop",
                    "learners": len(self._served),
                    "open": len(self.apps),
                    "ready": self.ready,
                    "spaces": f"{LEARNER_PREFIX}<learner>/",
                }
            )
        elif "text/html" in headers.get("accept", ""):
            what = f"No learner {name!r} here." if name else "Nothing here."
            response = HTMLResponse(
                f"<!doctype html><title>Not found</title><h1>Not found</h1>"
                f"<p>{html.escape(what)} Check the address on your handout.</p>",
                status_code=404,
            )
        else:
            message = f"No learner {name!r} in this workshop." if name else "Not found."
            response = json_error(404, "NOT_FOUND", message, request_id=request_id_of(scope))
        await response(scope, receive, send)


def learner_of(scope: Scope) -> str | None:
    """The learner a workshop request is for (None outside `/w/<learner>/`)."""
    match = _NAME.match(str(scope.get("path", "")))
    return match.group(1) if match else None

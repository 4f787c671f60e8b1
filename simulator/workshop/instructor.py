"""The instructor's view at `/workshop`: learners by exercises, and actions on them.

`serve` prints a one-time sign-in link (`/workshop/sign-in?token=...`, as the dashboard's);
following it sets a session cookie (`HttpOnly`, `SameSite=Strict`, `Path=/workshop`, `Secure`
when the public URL is https). Both live in the server's memory: a restart prints a new link
and signs everyone out. Every form carries the session's CSRF token, and a post from another
origin than the public URL's is refused (403), as the dashboard's.

- `GET /workshop`: the table (a row a learner, a column an exercise, requests, last
  error, checkpoints), which refreshes itself: its script fetches `GET /workshop/rows`,
  the table's body alone, every few seconds; `GET /workshop/progress.json`: the rows as JSON;
- `GET /workshop/learners/{name}`: one learner's figures, checkpoints, join code, actions
  and last requests from their journal, each with the rejection it got;
- `POST /workshop/learners/{name}/{action}`: `clock` (`duration`), `checkpoint`,
  `restore` (`checkpoint`), `reset`, `reissue` or `revoke` the join code;
- `POST /workshop/room/{action}`: `clock`, `checkpoint`, `restore`, `reset`, for every
  learner of the room.

A room served as slices (`workshop slices`) has one view: each slice's shows every learner
of the room and its actions reach every slice, the other slices' learners asked for at their
own servers (federation.py, which also serves what a slice answers the others, under
`/workshop/slice/`).

A reset or a restore (of a learner or of the room) asks first: a post without `confirm=yes`
answers a page repeating the form with it. What was done is shown once on the next page (a
message kept in the session, never in the URL). A refused action answers an HTML page to a
browser (JSON to a program), whose message names no file of the server.

Every answer carries the headers of the simulator's other pages that must not be framed
(the OAuth pages, the explorer): CSP `frame-ancestors 'none'` and `X-Frame-Options: DENY`
(a framed view's buttons could be clicked by a page the instructor visits), with
`X-Content-Type-Options: nosniff` and `Referrer-Policy: same-origin` (the sign-in link's
token is in a URL); the one script is the view's own file (`script-src 'self'`). Each
action done is logged at INFO on `simulator.workshop`: which action on which learner (or the
room), never a form value.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..exceptions import ConfigurationError, SimulatorError
from ..public_url import same_origin, set_session_cookie
from ..server.access_log import printable
from ..server.responses import http_error, json_error
from .federation import Federation, slice_routes
from .instructor_pages import (
    confirm_page,
    error_page,
    idle,
    learner_page,
    public_message,
    room_page,
    rows_html,
)
from .progress import load_exercises
from .room_actions import CONFIRMED, LEARNER_ACTIONS, ROOM_ACTIONS, needs_confirming
from .spaces import Workshop

__all__ = ["instructor_app"]

COOKIE = "workshop_session"
logger = logging.getLogger("simulator.workshop")
#: On every answer of the view (see the module docstring); the OAuth pages send the same.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
_SECURITY_HEADERS = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
_NO_STORE = {"Cache-Control": "no-store"}
_idle = idle  # the name tests/test_workshop_http.py knows


class _Sessions:
    """One-time sign-in tokens and the sessions they open, in memory, with each session's
    message for its next page (what the last action did, or why it was refused)."""

    def __init__(self) -> None:
        self.links: set[str] = set()
        self.sessions: dict[str, str] = {}  # session secret -> CSRF token
        self.flashes: dict[str, tuple[str, str]] = {}  # session secret -> (kind, message)

    def new_link(self) -> str:
        token = secrets.token_urlsafe(24)
        self.links.add(token)
        return token

    def open(self, token: str) -> str | None:
        if token not in self.links:
            return None
        self.links.discard(token)
        session = secrets.token_urlsafe(32)
        self.sessions[session] = secrets.token_urlsafe(16)
        return session

    def csrf(self, request: Request) -> str | None:
        return self.sessions.get(request.cookies.get(COOKIE, ""))

    def flash(self, request: Request, kind: str, message: str) -> None:
        self.flashes[request.cookies.get(COOKIE, "")] = (kind, message)

    def take_flash(self, request: Request) -> tuple[str, str] | None:
        return self.flashes.pop(request.cookies.get(COOKIE, ""), None)


def _wants_html(request: Request) -> bool:
    return "text/html" in request.headers.get("accept", "")


def _refused(request: Request) -> Response:
    if _wants_html(request):
        return HTMLResponse(
            "<!doctype html><title>Sign in</title><h1>Instructor view</h1>"
            "<p>Open the sign-in link serve printed (its line starts with instructor).</p>",
            status_code=401,
        )
    return json_error(401, "UNAUTHENTICATED", "Sign in with the link serve printed.")


def _problem(request: Request, status: int, code: str, message: str, back: str) -> Response:
    """A refusal: a page for a browser, the JSON error shape for a program."""
    if _wants_html(request):
        return HTMLResponse(error_page(message, back), status_code=status, headers=_NO_STORE)
    return json_error(status, code, message)


class _SecurityHeaders:
    """ASGI middleware: `SECURITY_HEADERS` on every answer of the view, refusals included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *_SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_secured)


class _View:
    """The view's endpoints (see the module docstring), over one room and its sessions."""

    def __init__(self, room: Workshop, federation: Federation) -> None:
        self.room = room
        #: Where the rows and actions of the room's other slices come from (none: this one's).
        self.federation = federation
        self.sessions = _Sessions()
        self.script = (files("simulator.workshop") / "static" / "instructor.js").read_bytes()

    @staticmethod
    def activity(request: Request) -> Any:
        workshop = request.app.state.workshop
        return workshop.activity.learners if workshop else None

    async def sign_in(self, request: Request) -> Response:
        session = self.sessions.open(request.query_params.get("token", ""))
        if session is None:
            return _refused(request)
        response = RedirectResponse("/workshop", status_code=303)
        set_session_cookie(response, request, COOKIE, session, path="/workshop", samesite="strict")
        return response

    async def view(self, request: Request) -> Response:
        csrf = self.sessions.csrf(request)
        if csrf is None:
            return _refused(request)
        flash = self.sessions.take_flash(request)
        rows, checkpoints = await self.federation.gather(self.activity(request))
        exercises = load_exercises()
        page = await asyncio.to_thread(room_page, rows, exercises, checkpoints, csrf, flash)
        return HTMLResponse(page, headers=_NO_STORE)

    async def rows(self, request: Request) -> Response:
        if self.sessions.csrf(request) is None:
            return _refused(request)
        rows, checkpoints = await self.federation.gather(self.activity(request))
        fragment = await asyncio.to_thread(rows_html, rows, checkpoints)
        return HTMLResponse(fragment, headers=_NO_STORE)

    async def learner(self, request: Request) -> Response:
        csrf = self.sessions.csrf(request)
        if csrf is None:
            return _refused(request)
        name = request.path_params["name"]
        if not self.federation.knows(name):
            return _problem(request, 404, "NOT_FOUND", f"No learner {name!r} here.", "/workshop")
        try:
            data = await self.federation.learner(name, self.activity(request))
        except ConfigurationError as error:  # their slice did not answer
            return _problem(request, 503, "SLICE_UNAVAILABLE", str(error), "/workshop")
        page = learner_page(*data, csrf, self.sessions.take_flash(request))
        return HTMLResponse(page, headers=_NO_STORE)

    async def progress(self, request: Request) -> Response:
        if self.sessions.csrf(request) is None:
            return _refused(request)
        rows, _ = await self.federation.gather(self.activity(request))
        return JSONResponse(rows)

    async def view_js(self, request: Request) -> Response:
        return Response(self.script, media_type="text/javascript")

    async def posted(self, request: Request) -> tuple[str, FormData] | Response:
        """The session's CSRF token and the form, or the refusal."""
        csrf = self.sessions.csrf(request)
        try:
            form = await request.form()  # Starlette's own 400 reaches `http_error`: JSON
        except ValueError:  # Starlette 1.0 lets python-multipart's parse error through
            return json_error(400, "BAD_REQUEST", "The form's body is malformed.")
        sent = str(form.get("csrf", "")).encode("utf-8", "surrogatepass")
        if csrf is None or not secrets.compare_digest(sent, csrf.encode()):
            return _refused(request)
        if not same_origin(request):
            message = "This form was not sent by the instructor's view."
            return _problem(request, 403, "FORBIDDEN", message, "/workshop")
        return csrf, form

    async def act(self, request: Request) -> Response:
        checked = await self.posted(request)
        if isinstance(checked, Response):
            return checked
        csrf, form = checked
        name, action = request.path_params.get("name"), request.path_params["action"]
        back = f"/workshop/learners/{name}" if name else "/workshop"
        if name is not None and not self.federation.knows(name):
            return _problem(request, 404, "NOT_FOUND", f"No learner {name!r} here.", "/workshop")
        if action not in (ROOM_ACTIONS if name is None else LEARNER_ACTIONS):
            return _problem(request, 404, "NOT_FOUND", f"No action {action!r}.", back)
        confirm = needs_confirming(name, action)
        if confirm is not None and form.get("confirm") != CONFIRMED:
            fields = {key: str(form.get(key, "")) for key in ("checkpoint",) if key in form}
            page = confirm_page(request.url.path, *confirm, csrf, fields)
            return HTMLResponse(page, headers=_NO_STORE)
        fields = {key: str(value) for key, value in form.items() if key != "csrf"}
        workshop = request.app.state.workshop
        try:
            done = await self.federation.act(workshop, name, action, fields)
        except (SimulatorError, ValueError) as error:
            message = public_message(str(error), str(self.room.data_dir))
            if not _wants_html(request):
                return json_error(400, "BAD_REQUEST", message)
            self.sessions.flash(request, "problem", message)
            return RedirectResponse(back, status_code=303)
        # The action and the learner (both known names here), never a form value.
        who = printable(name) if name else "*"
        logger.info("Instructor action: action=%s learner=%s", action, who)
        self.sessions.flash(request, "notice", done.message)
        return RedirectResponse(back, status_code=303)


def instructor_app(room: Workshop, public_url: str) -> tuple[Starlette, Callable[[], str]]:
    """The `/workshop` app, and a function giving a new one-time sign-in link."""
    federation = Federation(room)
    endpoints = _View(room, federation)
    app = Starlette(
        routes=[
            *slice_routes(room, federation),
            Route("/workshop", endpoints.view),
            Route("/workshop/sign-in", endpoints.sign_in),
            Route("/workshop/rows", endpoints.rows),
            Route("/workshop/view.js", endpoints.view_js),
            Route("/workshop/progress.json", endpoints.progress),
            Route("/workshop/learners/{name}", endpoints.learner),
            Route("/workshop/learners/{name}/{action}", endpoints.act, methods=["POST"]),
            Route("/workshop/room/{action}", endpoints.act, methods=["POST"]),
        ],
        middleware=[Middleware(_SecurityHeaders)],
        # Starlette's 404, 405 and a form it cannot parse: JSON, as everywhere else.
        exception_handlers={HTTPException: http_error},
    )
    app.router.redirect_slashes = False
    app.state.workshop = None
    app.state.federation = federation
    # Read by `same_origin` and `set_session_cookie`: the forms' origin, the cookie's Secure.
    app.state.public_url = public_url

    def new_link() -> str:
        return f"{public_url}/workshop/sign-in?token={endpoints.sessions.new_link()}"

    return app, new_link

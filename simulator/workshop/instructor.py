"""The instructor's view at `/workshop`: learners by exercises, and actions on them.

`serve` prints a sign-in link (`/workshop/sign-in?token=...`), and `workshop instructor-link`
makes a new one at any time; following one sets a session cookie of its own (`HttpOnly`,
`SameSite=Strict`, `Path=/workshop`, `Secure` when the public URL is https): one a device,
each expiring after 12 hours unused (instructor_sessions.py, the room's `instructor.json`,
so a restart signs nobody out). Every form carries the session's CSRF token, and a post from
another origin than the public URL's is refused (403), as the dashboard's.

- `GET /workshop`: the table (a row a learner, a column an exercise, requests, last
  error, checkpoints), which refreshes itself: its script fetches `GET /workshop/rows`,
  the table's body alone, every few seconds; `GET /workshop/progress.json`: the rows as JSON;
- `GET /workshop/learners/{name}`: one learner's figures, checkpoints, join code, actions
  and last requests from their journal, each with the rejection it got;
- `POST /workshop/learners/{name}/{action}`: `clock` (`duration`), `checkpoint`,
  `restore` (`checkpoint`), `reset`, `reissue` or `revoke` the join code (`rotate_secret=yes`:
  the client secret replaced too);
- `POST /workshop/room/{action}`: `clock`, `checkpoint`, `restore`, `reset`, for every
  learner served: from a browser, on a thread (room_jobs.py), the page showing its progress
  from `GET /workshop/job.json`; a program's post answers once it is done.

A room served as slices (`workshop slices`) has one view: each slice's shows every learner
of the room and its actions reach every slice, the other slices' learners asked for at their
own servers (federation.py, which also serves what a slice answers the others, under
`/workshop/slice/`); there a room-wide action runs on every slice at once, without the
progress bar.

What an action would refuse (an unknown checkpoint, a bad duration) is refused first; then a
reset or a restore (of a learner or of the room) asks: a post without `confirm=yes`
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
import gzip
import json
import logging
import secrets
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
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
from .instructor_sessions import InstructorSessions
from .room_actions import (
    CONFIRMED,
    LEARNER_ACTIONS,
    ROOM_ACTIONS,
    Done,
    Step,
    needs_confirming,
    room_action,
)
from .room_jobs import RoomJob, RoomJobs
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
    """The room's sign-in links and sessions (`InstructorSessions`, a file every server of
    the room reads), with each session's message for its next page (what the last action
    did, or why it was refused), in this server's memory."""

    def __init__(self, data_dir: Path) -> None:
        self.store = InstructorSessions(data_dir)
        self.flashes: dict[str, tuple[str, str]] = {}  # session key -> (kind, message)

    def open(self, token: str) -> str | None:
        return self.store.open(token)

    def csrf(self, request: Request) -> str | None:
        return self.store.csrf(request.cookies.get(COOKIE, ""))

    @staticmethod
    def key(request: Request) -> str:
        return InstructorSessions.key(request.cookies.get(COOKIE, ""))

    def flash(self, request: Request, kind: str, message: str) -> None:
        self.flashes[self.key(request)] = (kind, message)

    def take_flash(self, request: Request) -> tuple[str, str] | None:
        return self.flashes.pop(self.key(request), None)


def _maybe_gzipped(request: Request, body: bytes, media_type: str) -> Response:
    """`body`, gzipped when the client takes it: what the page fetches every 5 s (the rows of
    300 learners: 205 KB, 4 KB gzipped). Only these answers are compressed: they hold no
    secret (no CSRF token), so their sizes tell nothing worth a compression attack."""
    headers = {**_NO_STORE, "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", "") and len(body) > 1024:
        body = gzip.compress(body, compresslevel=5)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type=media_type, headers=headers)


def _wants_html(request: Request) -> bool:
    return "text/html" in request.headers.get("accept", "")


def _refused(request: Request) -> Response:
    if _wants_html(request):
        return HTMLResponse(
            "<!doctype html><title>Sign in</title><h1>Instructor view</h1>"
            "<p>Open the sign-in link serve printed (its line starts with instructor), or a "
            "new one: <code>python -m simulator workshop instructor-link --data-dir ROOM</code>"
            " (a link opens sessions for 10 minutes after its first use).</p>",
            status_code=401,
        )
    return json_error(
        401,
        "UNAUTHENTICATED",
        "Sign in with the link serve printed, or a new one from "
        "`python -m simulator workshop instructor-link --data-dir ROOM`.",
    )


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
        self.sessions = _Sessions(room.data_dir)
        self.jobs = RoomJobs()
        self.script = (files("simulator.workshop") / "static" / "instructor.js").read_bytes()

    @staticmethod
    def activity(request: Request) -> Any:
        workshop = request.app.state.workshop
        return workshop.activity.learners if workshop else None

    async def sign_in(self, request: Request) -> Response:
        token = request.query_params.get("token", "")
        session = await asyncio.to_thread(self.sessions.open, token)
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
        job = self.jobs.running
        state = job.as_dict() if job is not None else None
        rows, checkpoints = await self.federation.gather(self.activity(request))
        from .progress import load_exercises  # start-up: the exercises' checks

        exercises = load_exercises()
        page = await asyncio.to_thread(room_page, rows, exercises, checkpoints, csrf, flash, state)
        return HTMLResponse(page, headers=_NO_STORE)

    async def rows(self, request: Request) -> Response:
        if self.sessions.csrf(request) is None:
            return _refused(request)
        rows, checkpoints = await self.federation.gather(self.activity(request))
        fragment = await asyncio.to_thread(rows_html, rows, checkpoints)
        return _maybe_gzipped(request, fragment.encode(), "text/html; charset=utf-8")

    async def job(self, request: Request) -> Response:
        """The last room-wide action's progress (`{"job": null}` before the first)."""
        if self.sessions.csrf(request) is None:
            return _refused(request)
        job = self.jobs.last
        if job is not None and job.finished and job.owner == self.sessions.key(request):
            self.sessions.take_flash(request)  # seen here: not shown again on the next page
        return JSONResponse({"job": job.as_dict() if job else None}, headers=_NO_STORE)

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
        row, entries, checkpoints, code = data
        flash = self.sessions.take_flash(request)
        from .progress import load_exercises  # start-up: the exercises' checks

        page = learner_page(row, load_exercises(), entries, checkpoints, code, csrf, flash)
        return HTMLResponse(page, headers=_NO_STORE)

    async def progress(self, request: Request) -> Response:
        if self.sessions.csrf(request) is None:
            return _refused(request)
        rows, _ = await self.federation.gather(self.activity(request))
        return _maybe_gzipped(
            request, json.dumps(rows, separators=(",", ":")).encode(), "application/json"
        )

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

    def _not_done(self, request: Request, status: int, message: str, back: str) -> Response:
        """A refused action: the message on the next page, or the JSON error."""
        if not _wants_html(request):
            code = "CONFLICT" if status == 409 else "BAD_REQUEST"
            return json_error(status, code, message)
        self.sessions.flash(request, "problem", message)
        return RedirectResponse(back, status_code=303)

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
        running = self.jobs.running
        if running is not None:
            text = running.as_dict()["text"]
            message = f"A room-wide action is running ({text}): wait for it to end."
            return self._not_done(request, 409, message, back)
        try:  # refused before any confirmation (an unknown checkpoint, a bad duration)
            await self.federation.check(name, action, form)
        except (SimulatorError, ValueError) as error:
            message = public_message(str(error), str(self.room.data_dir))
            return self._not_done(request, 400, message, back)
        confirm = needs_confirming(name, action)
        if confirm is not None and form.get("confirm") != CONFIRMED:
            fields = {key: str(form.get(key, "")) for key in ("checkpoint",) if key in form}
            page = confirm_page(request.url.path, *confirm, csrf, fields)
            return HTMLResponse(page, headers=_NO_STORE)
        fields = {key: str(value) for key, value in form.items() if key != "csrf"}
        workshop = request.app.state.workshop
        if name is None and _wants_html(request) and not self.federation.peers:
            self._start_room_job(request, action, form)
            return RedirectResponse(back, status_code=303)
        try:
            done = await self.federation.act(workshop, name, action, fields)
        except (SimulatorError, ValueError) as error:
            message = public_message(str(error), str(self.room.data_dir))
            return self._not_done(request, 400, message, back)
        self._log(action, name)
        self.sessions.flash(request, "notice", done.message)
        return RedirectResponse(back, status_code=303)

    @staticmethod
    def _log(action: str, name: str | None) -> None:
        """The action and the learner (both known names here), never a form value."""
        who = printable(name) if name else "*"
        logger.info("Instructor action: action=%s learner=%s", action, who)

    def _start_room_job(self, request: Request, action: str, form: FormData) -> None:
        """The room-wide action on a thread; the page shows its progress (room_jobs.py)."""
        fields = {key: form.get(key) for key in ("checkpoint", "duration") if key in form}
        workshop = request.app.state.workshop
        owner = self.sessions.key(request)

        def run(step: Step) -> Done:
            return room_action(self.room, action, fields, step)

        async def finish(job: RoomJob, done: Done | None) -> None:
            if done is not None:
                if action == "reset" and workshop is not None:  # as federation.do_here does
                    for reset in done.learners:
                        workshop.activity.clear_error(reset)
                self._log(action, None)
                self.sessions.flashes[owner] = ("notice", done.message)
            elif job.problem is not None:
                job.problem = public_message(job.problem, str(self.room.data_dir))
                self.sessions.flashes[owner] = ("problem", job.problem)

        self.jobs.start(action, len(self.room.served), owner, run, finish)


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
            Route("/workshop/job.json", endpoints.job),
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
    app.state.jobs = endpoints.jobs  # the room-wide action running, if any (room_jobs.py)
    # Read by `same_origin` and `set_session_cookie`: the forms' origin, the cookie's Secure.
    app.state.public_url = public_url

    def new_link() -> str:
        return endpoints.sessions.store.new_link(public_url)

    return app, new_link

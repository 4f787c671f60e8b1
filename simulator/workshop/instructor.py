"""The instructor's view at `/workshop`: learners by exercises, and actions on a learner.

`serve` prints a one-time sign-in link (`/workshop/sign-in?token=...`, as the dashboard's);
following it sets a session cookie (`HttpOnly`, `SameSite=Strict`, `Path=/workshop`, `Secure`
when the public URL is https). Both live in the server's memory: a restart prints a new link
and signs everyone out. Every form carries the session's CSRF token, and a post from another
origin than the public URL's is refused (403), as the dashboard's.

| Address | What |
|---|---|
| `GET /workshop` | the table: a row a learner, a column an exercise, last activity and error |
| `GET /workshop/progress.json` | the same rows as JSON |
| `POST /workshop/learners/{name}/reset` | a fresh space for the learner (credentials kept) |
| `POST /workshop/learners/{name}/clock` | move the learner's clock forward (`duration`) |
| `POST /workshop/learners/{name}/checkpoint` | save the learner's space as snapshot `checkpoint` |
| `POST /workshop/learners/{name}/restore` | put the learner's space back to snapshot `checkpoint` |

Every answer carries the headers of the simulator's other pages that must not be framed
(the OAuth pages, the explorer): CSP `frame-ancestors 'none'` and `X-Frame-Options: DENY`
(a framed view's buttons could be clicked by a page the instructor visits), with
`X-Content-Type-Options: nosniff` and `Referrer-Policy: same-origin` (the sign-in link's
token is in a URL). Each action done is logged at INFO on `simulator.workshop`: which
action on which learner, never a form value.
"""

from __future__ import annotations

import asyncio
import html
import logging
import secrets
from collections.abc import Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..exceptions import SimulatorError
from ..public_url import same_origin, set_session_cookie
from ..server.access_log import printable
from ..server.responses import http_error, json_error
from .progress import load_exercises, room_progress
from .spaces import Workshop

__all__ = ["instructor_app"]

COOKIE = "workshop_session"
logger = logging.getLogger("simulator.workshop")
#: On every answer of the view (see the module docstring); the OAuth pages send the same.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
_SECURITY_HEADERS = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
_STYLE = """
body { font: 14px system-ui, sans-serif; margin: 1.5em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.25em 0.5em; }
td.done { background: #d8f5d8; } td.todo { color: #999; } td.unknown { color: #b80; }
form { display: inline; } input[name=duration] { width: 4em; } small { color: #666; }
"""


class _Sessions:
    """One-time sign-in tokens and the sessions they open, in memory."""

    def __init__(self) -> None:
        self.links: set[str] = set()
        self.sessions: dict[str, str] = {}  # session secret -> CSRF token

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


def _refused(request: Request) -> Response:
    if "text/html" in request.headers.get("accept", ""):
        return HTMLResponse(
            "<!doctype html><title>Sign in</title><h1>Instructor view</h1>"
            "<p>Open the sign-in link <code>serve</code> printed.</p>",
            status_code=401,
        )
    return json_error(401, "UNAUTHENTICATED", "Sign in with the link serve printed.")


def _idle(seconds: int | None) -> str:
    """`<br><small>3 min ago</small>`: real time since the learner's last request."""
    if seconds is None:
        return ""
    if seconds < 60:
        ago = f"{seconds} s"
    elif seconds < 3600:
        ago = f"{seconds // 60} min"
    else:
        ago = f"{seconds // 3600} h {seconds % 3600 // 60} min"
    return f"<br><small>{ago} ago</small>"


def _table(room: Workshop, request: Request, csrf: str) -> str:
    workshop = request.app.state.workshop
    rows = room_progress(room, workshop.activity.learners if workshop else None)
    exercises = load_exercises()
    head = "".join(
        f"<th title='{html.escape(e.hint)}'>{html.escape(e.title)}</th>" for e in exercises
    )
    body = []
    for row in rows:
        name = html.escape(row["learner"])
        cells = "".join(
            f"<td class='{status}'>{status}</td>" for status in row["exercises"].values()
        )
        error = row["last_error"]
        error_text = (
            html.escape(f"{error['status']} {error['path']}: {error['message']}") if error else ""
        )
        actions = (
            f"<form method='post' action='/workshop/learners/{name}/clock'>"
            f"<input type='hidden' name='csrf' value='{csrf}'>"
            "<input name='duration' value='1h' aria-label='duration'>"
            "<button>Advance</button></form> "
            f"<form method='post' action='/workshop/learners/{name}/reset'>"
            f"<input type='hidden' name='csrf' value='{csrf}'><button>Reset</button></form> "
            + "".join(
                f"<form method='post' action='/workshop/learners/{name}/{verb}'>"
                f"<input type='hidden' name='csrf' value='{csrf}'>"
                f"<input name='checkpoint' value='checkpoint' aria-label='checkpoint'>"
                f"<button>{label}</button></form> "
                for verb, label in (("checkpoint", "Save checkpoint"), ("restore", "Restore"))
            )
        )
        body.append(
            f"<tr><th>{name}</th>{cells}<td>{row['requests']}</td>"
            f"<td>{html.escape(row['last_activity'] or '-')}{_idle(row['idle_seconds'])}</td>"
            f"<td>{error_text}</td>"
            f"<td><small>{html.escape(row['clock'])}</small><br>{actions}</td></tr>"
        )
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Workshop</title>"
        f"<style>{_STYLE}</style></head><body><h1>Workshop: {len(rows)} learners</h1>"
        f"<table><tr><th>Learner</th>{head}<th>Requests</th><th>Last activity</th>"
        f"<th>Last error</th><th>Clock</th></tr>{''.join(body)}</table></body></html>"
    )


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


def instructor_app(room: Workshop, public_url: str) -> tuple[Starlette, Callable[[], str]]:
    """The `/workshop` app, and a function giving a new one-time sign-in link."""
    sessions = _Sessions()

    async def sign_in(request: Request) -> Response:
        session = sessions.open(request.query_params.get("token", ""))
        if session is None:
            return _refused(request)
        response = RedirectResponse("/workshop", status_code=303)
        set_session_cookie(response, request, COOKIE, session, path="/workshop", samesite="strict")
        return response

    async def view(request: Request) -> Response:
        csrf = sessions.csrf(request)
        if csrf is None:
            return _refused(request)
        page = await asyncio.to_thread(_table, room, request, csrf)
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def progress(request: Request) -> Response:
        if sessions.csrf(request) is None:
            return _refused(request)
        workshop = request.app.state.workshop
        activity = workshop.activity.learners if workshop else None
        return JSONResponse(await asyncio.to_thread(room_progress, room, activity))

    async def act(request: Request) -> Response:
        csrf = sessions.csrf(request)
        try:
            form = await request.form()  # Starlette's own 400 reaches `http_error`: JSON
        except ValueError:  # Starlette 1.0 lets python-multipart's parse error through
            return json_error(400, "BAD_REQUEST", "The form's body is malformed.")
        sent = str(form.get("csrf", "")).encode("utf-8", "surrogatepass")
        if csrf is None or not secrets.compare_digest(sent, csrf.encode()):
            return _refused(request)
        if not same_origin(request):
            return json_error(403, "FORBIDDEN", "This form was not sent by the instructor's view.")
        name, action = request.path_params["name"], request.path_params["action"]
        if name not in room.served:
            return json_error(404, "NOT_FOUND", f"No learner {name!r} here.")
        try:
            if action == "reset":
                await asyncio.to_thread(room.reset, name)
            elif action == "clock":
                duration = str(form.get("duration", ""))
                await asyncio.to_thread(room.learner(name).advance, duration)
            elif action in ("checkpoint", "restore"):
                # A checkpoint is a snapshot of the learner's space (docs/bug-reports.md).
                space, label = room.learner(name), str(form.get("checkpoint", "checkpoint"))
                operation = space.snapshot if action == "checkpoint" else space.restore
                await asyncio.to_thread(operation, label)
            else:
                return json_error(404, "NOT_FOUND", f"No action {action!r}.")
        except (SimulatorError, ValueError) as error:
            return json_error(400, "BAD_REQUEST", str(error))
        # The action and the learner (both known names here), never a form value.
        logger.info("Instructor action: action=%s learner=%s", action, printable(name))
        return RedirectResponse("/workshop", status_code=303)

    app = Starlette(
        routes=[
            Route("/workshop", view),
            Route("/workshop/sign-in", sign_in),
            Route("/workshop/progress.json", progress),
            Route("/workshop/learners/{name}/{action}", act, methods=["POST"]),
        ],
        middleware=[Middleware(_SecurityHeaders)],
        # Starlette's 404, 405 and a form it cannot parse: JSON, as everywhere else.
        exception_handlers={HTTPException: http_error},
    )
    app.router.redirect_slashes = False
    app.state.workshop = None
    # Read by `same_origin` and `set_session_cookie`: the forms' origin, the cookie's Secure.
    app.state.public_url = public_url

    def new_link() -> str:
        return f"{public_url}/workshop/sign-in?token={sessions.new_link()}"

    return app, new_link

"""The room's join page, `/w/join`: a learner's join code opens their credentials and dashboard.

- `GET /w/join`: the form; a code in the URL's fragment (`#ada-7K3Q`, as the handout's QR
  code has it) fills it, and the page's script (`/w/join/join.js`) takes it off the address;
- `POST /w/join` (`code=...`): the learner's credentials and addresses, each with a copy
  button, and a button into their dashboard;
- `POST /w/<learner>/workshop/join` (`code=...`): a dashboard session of the learner's own
  (303 to a one-time sign-in link of their space, which sets its cookie).

A wrong code, from one client address, counts against that address: past `WRONG_CODES` wrong
codes in `WINDOW_SECONDS` (real time, `clock.monotonic`), every post from it is answered 429
until the oldest leaves the window. Each post is counted before anything is awaited and
uncounted once its code proved right (`Attempts.take`, `give_back`), so posts in flight
together cannot all pass the check. Right codes are never counted, so a room behind one proxy
address (without `--trust-forwarded-for`) is only slowed by its typos. A post whose `Origin`
is not the public URL's is refused (`same_origin`, as every form of the simulator). The
answers carry the instructor view's headers (no framing, `nosniff`, `same-origin` referrer)
and `Cache-Control: no-store`: the credentials page holds a client secret.

The dashboard entry is under the learner's own prefix so that, with a room split between
servers behind a proxy (docs/workshop.md), it reaches the server holding their space.
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections import deque
from importlib.resources import files

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..browser.dashboard import new_sign_in_link
from ..clock import monotonic
from ..public_url import same_origin
from ..server.access_log import printable
from ..server.edge import client_address
from ..server.responses import http_error
from .roster import learner_addresses
from .spaces import Workshop

__all__ = ["JOIN_PATH", "WINDOW_SECONDS", "WRONG_CODES", "Attempts", "join_app"]

#: Under a learner's prefix: the dashboard entry (`/w/ada/workshop/join`).
JOIN_PATH = "/workshop/join"
WRONG_CODES = 10
WINDOW_SECONDS = 300.0
#: Addresses remembered at most (a flood of addresses cannot grow the table without end).
_MAX_ADDRESSES = 10_000
logger = logging.getLogger("simulator.workshop")

_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; img-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Content-Security-Policy": _CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
_STYLE = """
body { font: 15px system-ui, sans-serif; margin: 2em auto; max-width: 46em; padding: 0 1em; }
input[name=code] { font: 600 18px monospace; letter-spacing: 0.08em; width: 12em; }
button { font-size: 15px; } .error { color: #a00; } .done { color: #070; }
dl { display: grid; grid-template-columns: max-content 1fr max-content; gap: 0.4em 1em; }
dt { font-weight: 600; } dd { margin: 0; font-family: monospace; word-break: break-all; }
.primary { font-size: 17px; padding: 0.4em 1.2em; margin: 1em 0; }
@media (max-width: 40em) {
  dl { grid-template-columns: 1fr max-content; }
  dt { grid-column: 1 / -1; margin-top: 0.4em; }
  input[name=code] { width: 100%; max-width: 12em; }
}
"""


class Attempts:
    """Wrong codes by client address in a sliding window of real time (see the docstring).

    A post takes its place in the count (`take`) before anything is awaited, and gives it
    back (`give_back`) once its code turned out right: with the check before the form was
    read and the count after the code was looked up, 300 parallel wrong codes got 36
    evaluated past a limit of 10 (every one passed the check while the others awaited).
    """

    def __init__(self, limit: int = WRONG_CODES, window: float = WINDOW_SECONDS) -> None:
        self.limit, self.window = limit, window
        self._wrong: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        times = self._wrong.get(address, deque())
        while times and monotonic() - times[0] >= self.window:
            times.popleft()
        return times

    def retry_after(self, address: str) -> int | None:
        """Seconds until `address` may try again; None when it may now."""
        times = self._recent(address)
        if len(times) < self.limit:
            return None
        return max(1, int(self.window - (monotonic() - times[0])) + 1)

    def take(self, address: str) -> float | int:
        """Count one try of `address` now: its stamp (for `give_back`), or the seconds to
        wait (an `int`) when the address is over the limit (nothing counted then)."""
        wait = self.retry_after(address)
        if wait is not None:
            return wait
        stamp = monotonic()
        self.wrong(address, stamp)
        return stamp

    def give_back(self, address: str, stamp: float) -> None:
        """Uncount the try `take` stamped (a right code, or a post that named none)."""
        times = self._wrong.get(address)
        if times is not None and stamp in times:
            times.remove(stamp)
            if not times:
                del self._wrong[address]

    def _last_wrong(self, address: str) -> float:
        times = self._wrong[address]
        return times[-1] if times else float("-inf")

    def wrong(self, address: str, stamp: float | None = None) -> None:
        if address not in self._wrong and len(self._wrong) >= _MAX_ADDRESSES:
            # The address whose last wrong code is oldest goes first (one with none left in
            # the window before any).
            del self._wrong[min(self._wrong, key=self._last_wrong)]
        times = self._recent(address)
        times.append(monotonic() if stamp is None else stamp)
        self._wrong[address] = times


def _page(
    title: str, body: str, status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    page = (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title>"
        f"<style>{_STYLE}</style><script src='/w/join/join.js' defer></script></head>"
        f"<body>{body}</body></html>"
    )
    return HTMLResponse(page, status_code=status, headers={**HEADERS, **(headers or {})})


def _form(message: str = "", status: int = 200, headers: dict[str, str] | None = None) -> Response:
    shown = f"<p class='error' role='alert'>{html.escape(message)}</p>" if message else ""
    return _page(
        "Join the workshop",
        "<h1>Join the workshop</h1>"
        "<p>Type the join code printed on your card (your name, a dash and four characters), "
        "or scan the card's QR code.</p>"
        f"{shown}<form method='post' action='/w/join'>"
        "<label>Join code <input name='code' id='code' autocomplete='off' autocapitalize='off' "
        "spellcheck='false' required placeholder='ada-7K3Q'></label> "
        "<button>Join</button></form>",
        status,
        headers,
    )


def _credentials(room: Workshop, name: str, code: str) -> Response:
    record = room.record(name)
    addresses = learner_addresses(room.public_url, name)
    values = [
        ("client_id", "client_id", record.client_id),
        ("client_secret", "client_secret", record.client_secret),
        ("api", "API (Sandbox)", addresses["sandbox_url"]),
        ("testing", "Testing API", addresses["sandbox_testing_url"]),
        ("oauth", "OAuth", addresses["auth_url"]),
        ("callback", "Your callback page (registered)", addresses["callback_url"]),
        ("check", "Check your exercises", addresses["check_url"]),
        ("phone", "Sandbox user phone", record.phone_number),
        (
            "curl",
            "The check, from a terminal",
            f"curl -u {record.client_id}:{record.client_secret} {addresses['check_url']}",
        ),
    ]
    rows = "".join(
        f"<dt>{html.escape(label)}</dt><dd id='v-{key}'>{html.escape(value)}</dd>"
        f"<dd><button type='button' class='copy' data-copy='v-{key}' "
        f"aria-label='Copy {html.escape(label)}'>Copy</button></dd>"
        for key, label, value in values
    )
    who = html.escape(name)
    return _page(
        f"Workshop: {name}",
        f"<h1>Welcome, {who}</h1>"
        "<p>Your own space of the simulator: its project, clock and Sandbox user are yours "
        "alone. Keep the client secret to yourself.</p>"
        f"<form method='post' action='/w/{who}{JOIN_PATH}'>"
        f"<input type='hidden' name='code' value='{html.escape(code)}'>"
        "<button class='primary'>Open my dashboard</button></form>"
        "<p>Your dashboard opens on your exercises: each with the steps to follow, your own "
        "values in them, and done as soon as its check passes.</p>"
        f"<dl>{rows}</dl><p role='status' id='copied' class='done'></p>",
    )


def _too_many(seconds: int) -> Response:
    minutes = max(1, round(seconds / 60))
    return _form(
        f"Too many wrong codes from your network: try again in {minutes} min, "
        "or ask the trainer for your code.",
        status=429,
        headers={"Retry-After": str(seconds)},
    )


def join_app(room: Workshop, *, trust_forwarded_for: bool = False) -> Starlette:
    """The join pages of `room` (see the module docstring)."""
    attempts = Attempts()
    script = (files("simulator.workshop") / "static" / "join.js").read_bytes()

    async def checked(request: Request) -> tuple[str, str] | Response:
        """The learner and code a post names, or the answer refusing it."""
        if not same_origin(request):
            return _form("This form was not sent by the join page: open it again.", 403)
        address = client_address(request.scope, trust_forwarded_for=trust_forwarded_for)
        # Counted before the first await: parallel posts each see the others' tries.
        stamp = attempts.take(address)
        if isinstance(stamp, int):
            return _too_many(stamp)
        try:
            form = await request.form()
        except ValueError:  # python-multipart's parse error (Starlette's own is an HTTPException)
            attempts.give_back(address, stamp)
            return _form("The form's body is malformed.", 400)
        code = str(form.get("code", ""))[:80].strip()
        name = await asyncio.to_thread(room.codes.find, code, room.names)
        if name is None:
            return _form("This join code is not right: check it on your card.", 400)
        attempts.give_back(address, stamp)
        return name, code

    async def show(request: Request) -> Response:
        if request.method == "GET":
            return _form()
        found = await checked(request)
        if isinstance(found, Response):
            return found
        name, code = found
        logger.info("Joined: learner=%s", printable(name))
        return await asyncio.to_thread(_credentials, room, name, code)

    async def dashboard(request: Request) -> Response:
        found = await checked(request)
        if isinstance(found, Response):
            return found
        name, _code = found
        if name != request.path_params["name"] or name not in room.served:
            return _form("This join code is for another space.", 400)
        space = f"{room.public_url}/w/{name}"
        link = await asyncio.to_thread(new_sign_in_link, room.learner(name).sandbox, space)
        logger.info("Dashboard session from a join code: learner=%s", printable(name))
        return RedirectResponse(link, status_code=303, headers=HEADERS)

    async def join_js(request: Request) -> Response:
        return Response(script, media_type="text/javascript", headers=HEADERS)

    app = Starlette(
        routes=[
            Route("/w/join", show, methods=["GET", "POST"]),
            Route("/w/join/join.js", join_js),
            Route("/w/{name}" + JOIN_PATH, dashboard, methods=["POST"]),
        ],
        exception_handlers={HTTPException: http_error},
    )
    app.router.redirect_slashes = False
    # Read by `same_origin`: the public URL is the forms' one origin.
    app.state.public_url = room.public_url
    return app

"""What a browser's requests need at a report's replay: the secrets its pages handed out.

A browser session (the OAuth and consent pages, the dashboard) carries secrets the journal
stores as references only: session cookies (`Set-Cookie`, sent back in `Cookie`), form
tokens (the pages' `csrf_token`), authorization codes (in a redirect's `Location`) and the
code a text message brought. The replay's server hands out its own values; each is met by
the replay's journal in the recorded order, so it gets the recorded reference, and the
replay learns the value behind each reference from its own answers (`answer_secrets`).

A text-message code is typed, not handed back: the replay types the code its own outbox
holds for the session when the recorded answer accepted the typed one, and a wrong one
when it refused it (`typed_code`). Codes are drawn from the file's id secret
(`oauth/sms.py`), so the replay's outbox holds the recorded codes too.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx

from ..browser.dashboard.sessions import SIGN_IN_PATH, new_sign_in_link
from ..domain.kernel.context import Environment
from ..journal.redact import digest
from ..oauth import sms

__all__ = [
    "SIGN_IN_PATH",
    "answer_secrets",
    "form_token",
    "recreate_session",
    "sign_in_token",
    "typed_code",
]

_CSRF_INPUT = re.compile(r'name="csrf_token"\s+value="([^"]+)"')
_SESSION_COOKIE = re.compile(r"\b(?:SANDBOX|LIVE)_WS_[A-Za-z0-9_-]+")
_ANY_SESSION_COOKIE = re.compile(r"\b(?:SANDBOX|LIVE)_(?:WS|DS)_[A-Za-z0-9_-]+")
#: The tables of browser sessions: the OAuth pages' (`web_sessions`), the dashboard's.
_SESSIONS = ("web_sessions", "dashboard_sessions")


def answer_secrets(answer: httpx.Response) -> list[str]:
    """The secrets an answer hands a browser: its cookies, the query values of its redirect,
    the form tokens of its page."""
    found = [cookie.partition("=")[2].partition(";")[0]
             for cookie in answer.headers.get_list("set-cookie")]  # fmt: skip
    location = answer.headers.get("location")
    if location:
        found.extend(value for _, value in parse_qsl(urlsplit(location).query))
    if "text/html" in answer.headers.get("content-type", ""):
        found.extend(_CSRF_INPUT.findall(answer.text))
    return [value for value in found if value]


def typed_code(env: Environment, cookie: str, entry: dict[str, Any], number: int) -> str:
    """The code to type for a recorded code step (module docstring): the session's latest
    code if the recording's answer accepted it (below 400), else one that is not it (the
    `number`-th wrong code: two different wrong codes stay two)."""
    session = _SESSION_COOKIE.search(cookie)
    row = None
    if session is not None:
        row = env.store.db.execute(
            "SELECT c.phone_number FROM web_sessions AS w JOIN sms_codes AS c "
            "ON c.session_id = w.id WHERE w.secret_hash = ? ORDER BY c.sent_at DESC LIMIT 1",
            [hashlib.sha256(session.group().encode()).hexdigest()],
        ).fetchone()
    code = sms.latest_code(env, row[0]) if row is not None else None
    if code is None:
        return "000000"  # no code was sent to this session: any code is a wrong one
    if int(entry.get("status") or 500) < 400:
        return code
    return f"{(int(code) + number) % 10**sms.CODE_LENGTH:0{sms.CODE_LENGTH}d}"


def form_token(env: Environment, cookie: str) -> str | None:
    """The form token of the session a recorded step's (filled) cookie names: a page the
    replay has not loaded (the dashboard's are not journaled) showed it to the browser."""
    for session in _ANY_SESSION_COOKIE.findall(cookie):
        for table in _SESSIONS:
            row = env.store.db.execute(
                f"SELECT csrf_token FROM {table} WHERE secret_hash = ?", [digest(session)]
            ).fetchone()
            if row is not None:
                return str(row[0])
    return None


def sign_in_token(env: Environment, entry: dict[str, Any]) -> str:
    """The token of a dashboard sign-in link for a recorded sign-in: links are made outside
    the journal (`serve` prints one), so the replay makes its own when the recorded one
    worked (a 303), and gives a link that does not exist when it did not."""
    if entry.get("status") != 303:
        return f"{env.name.prefix}_DL_not-a-link"
    url = new_sign_in_link(env, "")
    return dict(parse_qsl(urlsplit(url).query))["token"]


def recreate_session(env: Environment, reference: str) -> str | None:
    """A dashboard session begun before the report's starting state (its sign-in was
    journaled, so the snapshot knows the reference): its row gets the hash of a new cookie
    derived from the reference. None when unknown (an OAuth page's session: the starting
    state keeps none of those)."""
    cookie = f"{env.name.prefix}_DS_" + hashlib.sha256(f"replay {reference}".encode()).hexdigest()
    with env.store.atomic() as db:
        changed = db.execute(
            "UPDATE dashboard_sessions SET secret_hash = ? WHERE secret_hash = "
            "(SELECT digest FROM journal_secrets WHERE reference = ?)",
            [digest(cookie), reference],
        ).rowcount
    return cookie if changed else None

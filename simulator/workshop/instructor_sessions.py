"""The instructor's sign-in links and sessions, kept in the room's `D/instructor.json` (`0600`).

A link (`/workshop/sign-in?token=...`) is made by `serve` at start and by
`python -m simulator workshop instructor-link --data-dir D` at any time, beside a running
server: both write the file, and every server of the room reads it at each request, so a new
link works at once, on every slice, without a restart. Following a link opens a **session of
its own** (a cookie per device or browser); issuing a link ends none.

- **A link** works for `LINK_LIFETIME` (24 h) until its first use, then for `LINK_REUSE`
  (10 min) more, so the trainer can open it on a laptop and a projector's machine; after
  that it opens nothing, whoever replays it (a link left in a browser's history or a
  projected terminal is dead within minutes of its use).
- **A session** lasts `SESSION_LIFETIME` (12 h, a workshop day) after its last request,
  each request renewing it (the file is written at most once a minute for that).
  `end_all()` (`instructor-link --sign-out-all`) ends every session and every link.

Times are **real** (the wall clock, read through `clock.wall_timestamp`): a room has a virtual
clock per learner, most of them frozen, and a session expiring on one of them would either
never expire or end when the trainer advanced that learner's clock by three days. The
dashboard's sessions, which belong to one environment, run on its virtual clock instead.
Only SHA-256 hashes of the link tokens and of the cookies are stored (as the dashboard's);
each session's CSRF token is stored as it is (it is no credential without the cookie).
Every change is a read-modify-write under an exclusive `flock` of `instructor.lock`, the
file replaced by a rename, so a server and the command line never lose each other's writes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ..clock import format_timestamp, parse_timestamp, wall_timestamp
from ..storage.private import private_file, write_private_text

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one process per room there
    fcntl = None  # type: ignore[assignment]

__all__ = ["INSTRUCTOR_FILE", "LINK_LIFETIME", "LINK_REUSE", "SESSION_LIFETIME",
           "InstructorSessions", "wall_now"]  # fmt: skip

INSTRUCTOR_FILE = "instructor.json"
LINK_LIFETIME = timedelta(hours=24)
LINK_REUSE = timedelta(minutes=10)
SESSION_LIFETIME = timedelta(hours=12)
#: A session's expiry is written again only when it is this much older than a fresh one.
_RENEW_AFTER = timedelta(minutes=1)
SIGN_IN_PATH = "/workshop/sign-in"


def wall_now() -> datetime:
    """The real time (see the module docstring for why it is not a virtual clock)."""
    return parse_timestamp(wall_timestamp())


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


class InstructorSessions:
    """The room's instructor links and sessions (see the module docstring). `now`: the real
    time (a test gives its own)."""

    def __init__(self, data_dir: Path, now: Callable[[], datetime] = wall_now) -> None:
        self.path = Path(data_dir) / INSTRUCTOR_FILE
        self._lock_path = Path(data_dir) / "instructor.lock"
        self.now = now

    # -- the file -----------------------------------------------------------------

    def _read(self) -> dict[str, Any]:
        try:
            state = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(state, dict):
                raise ValueError("not an object")
        except (OSError, ValueError):  # none yet, or unreadable: no link, no session
            state = {}
        links, sessions = state.get("links"), state.get("sessions")
        public_url = state.get("public_url")
        return {
            "links": links if isinstance(links, dict) else {},
            "sessions": sessions if isinstance(sessions, dict) else {},
            "public_url": public_url if isinstance(public_url, str) else None,
        }

    @contextlib.contextmanager
    def _changing(self) -> Iterator[dict[str, Any]]:
        """The state, read under the lock; written back (expired entries dropped) after."""
        private_file(self._lock_path)
        with open(self._lock_path, "a+b") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            state = self._read()
            yield state
            now = format_timestamp(self.now())
            for kind in ("links", "sessions"):
                state[kind] = {k: v for k, v in state[kind].items() if v.get("expires", "") > now}
            scratch = self.path.with_name(f".{INSTRUCTOR_FILE}.{secrets.token_hex(4)}")
            write_private_text(scratch, json.dumps(state, indent=2, sort_keys=True) + "\n")
            os.replace(scratch, self.path)

    # -- links and sessions -------------------------------------------------------

    def new_link(self, public_url: str) -> str:
        """A new sign-in URL (earlier links and open sessions are kept). `public_url` is
        remembered: the command line's next link uses it (`public_url()`), so a room served
        at an address it was not created with gets links to where it is served."""
        token = secrets.token_urlsafe(24)
        now = self.now()
        with self._changing() as state:
            state["public_url"] = public_url
            state["links"][_hash(token)] = {
                "created": format_timestamp(now),
                "expires": format_timestamp(now + LINK_LIFETIME),
                "first_used": None,
            }
        return f"{public_url}{SIGN_IN_PATH}?token={token}"

    def open(self, token: str) -> str | None:
        """A new session's cookie value for a link's `token`, else None (unknown, expired,
        or past its reuse window)."""
        if not token:
            return None
        now = self.now()
        with self._changing() as state:
            link = state["links"].get(_hash(token))
            if link is None or link["expires"] <= format_timestamp(now):
                return None
            if link.get("first_used") is None:
                link["first_used"] = format_timestamp(now)
                # After its first use, the other devices' few minutes, never more.
                link["expires"] = min(link["expires"], format_timestamp(now + LINK_REUSE))
            cookie = secrets.token_urlsafe(32)
            state["sessions"][_hash(cookie)] = {
                "csrf": secrets.token_urlsafe(16),
                "created": format_timestamp(now),
                "expires": format_timestamp(now + SESSION_LIFETIME),
            }
        return cookie

    def csrf(self, cookie: str) -> str | None:
        """The CSRF token of the live session of `cookie` (renewing it), else None."""
        if not cookie:
            return None
        key, now = _hash(cookie), self.now()
        session = self._read()["sessions"].get(key)
        if session is None or session["expires"] <= format_timestamp(now):
            return None
        fresh = format_timestamp(now + SESSION_LIFETIME - _RENEW_AFTER)
        if session["expires"] < fresh:
            with self._changing() as state:
                if key in state["sessions"]:
                    state["sessions"][key]["expires"] = format_timestamp(now + SESSION_LIFETIME)
        return str(session["csrf"])

    @staticmethod
    def key(cookie: str) -> str:
        """What names a session in memory (its hash: the cookie itself is kept nowhere)."""
        return _hash(cookie)

    def end_all(self) -> int:
        """End every session and every link; how many sessions were open."""
        with self._changing() as state:
            count = len(state["sessions"])
            state["links"], state["sessions"] = {}, {}
        return count

    def public_url(self) -> str | None:
        """The public URL of the last link made (the running server's, when it made it)."""
        found = self._read()["public_url"]
        return str(found) if found else None

    def count(self) -> dict[str, int]:
        """How many links and sessions are live now."""
        now = format_timestamp(self.now())
        state = self._read()
        return {
            kind: sum(entry.get("expires", "") > now for entry in state[kind].values())
            for kind in ("links", "sessions")
        }

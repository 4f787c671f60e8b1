"""Route-walking fuzzing: every route of `sim.app`, a world to fuzz it in, a store watch.

Used by `tests/test_fuzz_routes.py` (Hypothesis, per route) and `benchmarks/fuzz_all.py`
(many examples over every route). The requests themselves come from `tests/fuzz_requests.py`.

- `app_routes(app)`: each Starlette route (path template, methods, path parameters), walked
  from the app, so a route added later is fuzzed without anyone listing it.
- `FuzzWorld`: a simulator with a Sandbox project (the default dataset), a project token, a
  Sandbox user with a user token, a card consent, and browser sessions at each login step,
  so that valid credentials mixed with garbage elsewhere reach deep code.
- `StoreWatch`: is the store of both environments unchanged since a mark? Cheap when nothing
  was committed (`PRAGMA data_version`), a full fingerprint of the rows otherwise.
- `Outcome`/`Tally`: the verdict on one response, and the counts the benchmark prints.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
from starlette.applications import Starlette
from starlette.routing import Route

from simulator import ProjectCredentials, Simulator
from simulator.domain.accounts.accounts import create_account_holder
from simulator.domain.sandbox.datasets import load_dataset
from simulator.limits import LimitSettings, RateLimit
from simulator.oauth import sms
from simulator.oauth.sessions import COOKIE_NAME

from .fuzz_files import file_tokens

__all__ = [
    "FuzzWorld",
    "Outcome",
    "RouteTarget",
    "StoreWatch",
    "Tally",
    "app_routes",
    "judge",
]

REDIRECT_URI = "http://localhost:3000/callback"
USER_PHONE = "+33612345678"


@dataclass(frozen=True)
class RouteTarget:
    """One route of the app: its path template, methods and path parameters."""

    path: str
    methods: tuple[str, ...]
    params: tuple[str, ...]

    @property
    def id(self) -> str:
        shown = [method for method in self.methods if method != "HEAD"] or list(self.methods)
        return f"{'|'.join(shown)} {self.path}"


def app_routes(app: Starlette) -> list[RouteTarget]:
    """Every route of the app (mounts walked), in the app's order."""
    found: list[RouteTarget] = []

    def walk(routes: Any, prefix: str) -> None:
        for route in routes:
            if isinstance(route, Route):
                found.append(
                    RouteTarget(
                        prefix + route.path,
                        tuple(sorted(route.methods or ("GET",))),
                        tuple(route.param_convertors),
                    )
                )
            elif hasattr(route, "routes"):
                walk(route.routes, prefix + getattr(route, "path", ""))
            else:
                raise AssertionError(f"A route the fuzzer cannot walk: {route!r}")

    walk(app.routes, "")
    return found


# -- the store watch ------------------------------------------------------------------------

#: Columns a refused request may legitimately write, and why:
#: `web_sessions.failed_code_attempts`/`locked_at`: a wrong text-message code is refused (400)
#: *and* counted, so that five wrong codes lock the sign-in (the brute-force guard, section
#: 5.4); `last_seen_at`/`expires_at`: every page shown or form posted in a live session renews
#: its 5 minutes (section 5.4), the refused ones included.
#: Rate counters live in `limits.sqlite`, another file, not watched.
REFUSAL_WRITES = {
    "web_sessions": {"failed_code_attempts", "locked_at", "last_seen_at", "expires_at"},
}
#: Tables every request writes, refused or not: the request journal records each call
#: (docs/bug-reports.md); it is a record of what was asked, not state.
JOURNAL_TABLES = {"journal_entries", "journal_secrets"}


class StoreWatch:
    """Tells whether the environments' SQLite files changed since `mark()`.

    Its own read connections see another connection's commit as a new `PRAGMA data_version`
    (one cheap query); only then is a fingerprint (row counts and a hash of every row of every
    table, minus the journal and the `ignored` columns, `REFUSAL_WRITES` by default) taken and
    compared. The SELECT of each table is built once per schema version (`PRAGMA
    schema_version` changes with any table or column), and each connection keeps every one
    prepared: rebuilding them and preparing ~180 statements each time was most of the cost
    of a fingerprint, which nearly every request pays (its journal entry is a commit).
    """

    def __init__(self, paths: list[Path], ignored: dict[str, set[str]] | None = None) -> None:
        self._connections = [
            sqlite3.connect(path, isolation_level=None, cached_statements=1024) for path in paths
        ]
        self._ignored = REFUSAL_WRITES if ignored is None else ignored
        self._selects: dict[int, tuple[int, list[tuple[str, str]]]] = {}
        self._versions: list[int] = []
        self._fingerprint: str | None = None

    def close(self) -> None:
        for connection in self._connections:
            connection.close()

    def _data_versions(self) -> list[int]:
        return [conn.execute("PRAGMA data_version").fetchone()[0] for conn in self._connections]

    def _tables(self, index: int, connection: sqlite3.Connection) -> list[tuple[str, str]]:
        """Each watched table and the SELECT of its watched columns, in the order of names."""
        schema = connection.execute("PRAGMA schema_version").fetchone()[0]
        cached = self._selects.get(index)
        if cached is not None and cached[0] == schema:
            return cached[1]
        selects = []
        for (table,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        ).fetchall():
            if table in JOURNAL_TABLES:
                continue
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info([{table}])")]
            kept = [c for c in columns if c not in self._ignored.get(table, set())]
            listed = ", ".join(f"[{column}]" for column in kept)
            selects.append((table, f"SELECT {listed} FROM [{table}] ORDER BY rowid"))
        self._selects[index] = (schema, selects)
        return selects

    def fingerprint(self) -> str:
        digest = hashlib.sha256()
        for index, connection in enumerate(self._connections):
            for table, select in self._tables(index, connection):
                count = 0
                for row in connection.execute(select):
                    digest.update(repr(row).encode())
                    count += 1
                digest.update(f"|{table}:{count}|".encode())
        return digest.hexdigest()

    def mark(self) -> None:
        """Remember the store as it is now (a fingerprint only if something was committed)."""
        versions = self._data_versions()
        if versions != self._versions or self._fingerprint is None:
            self._versions = versions
            self._fingerprint = self.fingerprint()

    def unchanged(self) -> bool:
        """Is the store as it was at the last `mark()` (modulo `REFUSAL_WRITES`)?"""
        versions = self._data_versions()
        if versions == self._versions:
            return True
        self._versions = versions
        now = self.fingerprint()
        same = now == self._fingerprint
        self._fingerprint = now
        return same


# -- the world ------------------------------------------------------------------------------


@dataclass
class Session:
    """A browser session at a known login step: its cookie and CSRF token."""

    cookie: str
    csrf: str
    step: str
    phone: str | None = None


class JournalFailures(logging.Handler):
    """The journal's logged failures (a request it could not record, with a traceback):
    hostile text must never cause one (issue 31)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("The journal could not record"):
            self.messages.append(f"{record.getMessage()}: {record.exc_info!r}")


class FuzzWorld:
    """A simulator with everything a fuzzed request may refer to, and a client without a
    cookie jar of its own (each request carries the cookies the generator chose)."""

    def __init__(self, data_dir: Path) -> None:
        # A rate budget no run exhausts; forwarded addresses trusted, so they are parsed.
        limits = LimitSettings(rate_limit=RateLimit(requests=1_000_000))
        self.sim = Simulator(data_dir, limits=limits, trust_forwarded_for=True)
        self.http = self.sim.client(follow_redirects=False).__enter__()
        self.project: ProjectCredentials = self.sim.create_project(
            "sandbox", "Fuzz", [REDIRECT_URI]
        )
        self.live_project = self.sim.create_project("live", "Fuzz live", [REDIRECT_URI])
        load_dataset(self.sim.sandbox, self.project.project_id, "default")
        self.project_token = self._client_credentials(self.project)
        self.live_token = self._client_credentials(self.live_project)
        self.sim.oauth.create_sandbox_user(
            USER_PHONE, first_name="Ada", last_name="Lovelace", auto_consent=True
        )
        self.user_token = self._user_token()
        db = self.sim.sandbox.store.db
        self.user_ids = [row[0] for row in db.execute("SELECT id FROM users LIMIT 4").fetchall()]
        self.account_ids = [
            row[0] for row in db.execute("SELECT id FROM accounts LIMIT 4").fetchall()
        ]
        self._phones = 0
        self.consent_path = self._card_consent()
        #: A live token for each route whose path is a credential (`export-downloads`: ...).
        self.file_tokens = file_tokens(self.sim, self.http, self.project)
        self._sessions: dict[str, Session] = {}
        self.watch = StoreWatch([env.store.path for env in self.sim.environments.values()])
        self.journal_failures = JournalFailures()
        logging.getLogger("simulator").addHandler(self.journal_failures)

    def close(self) -> None:
        logging.getLogger("simulator").removeHandler(self.journal_failures)
        self.watch.close()
        self.http.__exit__(None, None, None)
        self.sim.close()

    # -- credentials ------------------------------------------------------------------------

    def _client_credentials(self, project: ProjectCredentials) -> str:
        response = self.http.post(
            "/oauth2/token",
            data={
                "grant_type": "client_credentials",
                "client_id": project.client_id,
                "client_secret": project.client_secret,
            },
        )
        assert response.status_code == 200, response.text
        return str(response.json()["access_token"])

    def authorize_query(self, **extra: str) -> str:
        params = {
            "response_type": "code",
            "client_id": self.project.client_id,
            "redirect_uri": REDIRECT_URI,
            "scope": "openid offline",
            "state": "fuzz",
            **extra,
        }
        return urlencode(params)

    def _user_token(self) -> str:
        """The OAuth flow of an auto-consent user: a code at once, exchanged."""
        answer = self.http.get(f"/oauth2/auth?{self.authorize_query(phoneNumber=USER_PHONE)}")
        assert answer.status_code == 302, answer.text
        code = parse_qs(urlsplit(answer.headers["location"]).query)["code"][0]
        response = self.http.post(
            "/oauth2/token",
            data={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": REDIRECT_URI,
                "client_id": self.project.client_id,
                "client_secret": self.project.client_secret,
            },
        )
        assert response.status_code == 200, response.text
        return str(response.json()["access_token"])

    def _card_consent(self) -> str:
        """The path of a card consent waiting for its user (`/oauth2/consents/...`)."""
        holder = create_account_holder(
            self.sim.sandbox,
            self.project.project_id,
            first_name="Grace",
            last_name="Hopper",
            legal_representative_phone=self.new_phone(),
        )
        membership = self.sim.sandbox.store.db.execute(
            "SELECT id FROM account_memberships WHERE account_id = ? AND legal_representative = 1",
            [holder["account_id"]],
        ).fetchone()[0]
        mutation = (
            "mutation($input: AddCardInput!) { addCard(input: $input) { "
            "... on AddCardSuccessPayload { card { statusInfo { "
            "... on CardConsentPendingStatusInfo { consent { consentUrl } } } } } } }"
        )
        switches = ("withdrawal", "international", "nonMainCurrencyTransactions", "eCommerce")
        variables = {
            "input": {
                "accountMembershipId": membership,
                "consentRedirectUrl": REDIRECT_URI,
                **dict.fromkeys(switches, True),
            }
        }
        response = self.http.post(
            "/sandbox/graphql",
            json={"query": mutation, "variables": variables},
            headers={"Authorization": f"Bearer {self.project_token}"},
        )
        body = response.json()
        assert response.status_code == 200 and "errors" not in body, body
        card = body["data"]["addCard"]["card"]
        return urlsplit(card["statusInfo"]["consent"]["consentUrl"]).path

    # -- browser sessions ---------------------------------------------------------------------

    def _send(self, method: str, path: str, session: Session, **data: str) -> httpx.Response:
        headers = {"Cookie": f"{COOKIE_NAME}={session.cookie}"}
        body = {"csrf_token": session.csrf, **data}
        response = self.http.request(method, path, data=body, headers=headers)
        self.http.cookies.clear()
        return response

    def latest_code(self, session: Session) -> str | None:
        return sms.latest_code(self.sim.sandbox, session.phone) if session.phone else None

    def new_phone(self) -> str:
        self._phones += 1
        return f"+3361{self._phones:07d}"

    def _open(self, path: str) -> Session:
        page = self.http.get(path)
        self.http.cookies.clear()
        assert page.status_code == 200, (page.status_code, page.text[:2000])
        cookie = page.cookies[COOKIE_NAME]
        marker = 'name="csrf_token" value="'
        start = page.text.index(marker) + len(marker)
        return Session(cookie, page.text[start : page.text.index('"', start)], "phone")

    def _make_session(self, step: str) -> Session:
        if step == "consent":  # a consent link's sign-in, at its phone step
            try:
                return self._open(self.consent_path)
            except AssertionError:  # over (decided, expired by a fuzzed clock move...)
                self.consent_path = self._card_consent()
                return self._open(self.consent_path)
        session = self._open(f"/oauth2/auth?{self.authorize_query()}")
        if step == "phone":
            return session
        phone = USER_PHONE if step == "done" else self.new_phone()
        assert self._send("POST", "/oauth2/login/phone", session, phone_number=phone).is_redirect
        session.step, session.phone = "code", phone
        if step == "code":
            return session
        code = sms.latest_code(self.sim.sandbox, phone) or ""
        assert self._send("POST", "/oauth2/login/code", session, code=code).is_redirect
        session.step = step
        return session

    def session(self, step: str) -> Session:
        """A live session at `step` (phone, code, register, done, consent): the one in use
        while it stays there, else a new one (setup requests, made before the mark)."""
        current = self._sessions.get(step)
        if current is None or not self._still_at(current):
            current = self._sessions[step] = self._make_session(step)
        return current

    def _still_at(self, session: Session) -> bool:
        expected = "phone" if session.step == "consent" else session.step
        row = self.sim.sandbox.store.db.execute(
            "SELECT step, locked_at, finished_at FROM web_sessions WHERE secret_hash = ?",
            [hashlib.sha256(session.cookie.encode()).hexdigest()],
        ).fetchone()
        return row is not None and row[0] == expected and not row[1] and not row[2]


# -- verdicts -------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What was wrong with one response (empty: nothing)."""

    problems: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return not self.problems


def judge(response: httpx.Response, store_unchanged: bool) -> Outcome:
    """A status under 500; a refusal (4xx) with a clear body and the store untouched."""
    outcome = Outcome()
    status = response.status_code
    if status >= 500:
        outcome.problems.append(f"status {status}: {response.text[:300]!r}")
        return outcome
    if status < 400:
        return outcome
    if not store_unchanged:
        outcome.problems.append(f"refused with {status}, but the store changed")
    if "Traceback" in response.text:
        outcome.problems.append("a traceback in the body")
    if response.request.method == "HEAD":
        return outcome
    content_type = response.headers.get("content-type", "")
    if content_type.startswith("application/json"):
        try:
            body = response.json()
        except ValueError:
            body = None
        if not isinstance(body, dict) or not ({"errors", "error"} & set(body)):
            outcome.problems.append(f"a JSON {status} without an error: {response.text[:200]!r}")
    elif content_type.startswith("text/html"):
        if "<h1>" not in response.text:
            outcome.problems.append(f"an HTML {status} without a heading")
    else:
        outcome.problems.append(f"a {status} of type {content_type!r}: {response.text[:200]!r}")
    return outcome


@dataclass
class Tally:
    """Counts over a run: responses by status class, the failures, the refused requests."""

    classes: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    refused: int = 0
    refused_changing_store: int = 0
    unsendable: int = 0

    def add(self, label: str, response: httpx.Response, outcome: Outcome) -> None:
        status = response.status_code
        self.classes[f"{status // 100}xx"] += 1
        self.statuses[status] += 1
        if 400 <= status < 500:
            self.refused += 1
            if any("store changed" in problem for problem in outcome.problems):
                self.refused_changing_store += 1
        self.failures.extend(f"{label}: {problem}" for problem in outcome.problems)

    @property
    def server_errors(self) -> int:
        return self.classes["5xx"]

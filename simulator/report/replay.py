"""Replaying a bug report: each journaled step again, in-process, compared with its record.

```python
replay = Replay(HEADER, STATE)   # refuses another report format before anything runs
replay.check(step)               # runs the step; AssertionError with a diff if it diverges
replay.close()
```

A `Replay` is a new simulator on a temporary data dir holding the report's starting state
(or an empty one at the recorded start time). Each step runs at its recorded virtual time;
the replay's own journal records it, and the entries it writes (the step and what it caused,
such as webhook attempts) must equal the recorded ones, ids, times and bodies included.
Only the request id (a per-server counter) and the wall time are left out of the comparison.
Webhook receivers are not called: their recorded answers are played back.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import difflib
import hashlib
import json
import pprint
import re
import shutil
import tempfile
import threading
from collections import deque
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import httpx

from .._simulator import DEFAULT_BASE_URL, Simulator
from ..cli import main
from ..clock import Clock, ClockState, parse_duration, parse_timestamp
from ..domain.kernel.projects import hash_secret
from ..exceptions import SimulatorError
from ..journal.clock import dashboard_move
from ..journal.reading import read_entries
from ..journal.redact import JSON_SECRETS, TOKEN_PATTERN, Redactor, digest
from ..oauth.tokens import issue_project_token
from ..storage import IdSecret, set_id_secret
from ..webhooks.receivers import AttemptResult, ErrorCode, Receivers, WebhookRequest
from .browser import (
    SIGN_IN_PATH,
    answer_secrets,
    form_token,
    recreate_session,
    sign_in_token,
    typed_code,
)
from .format import REPORT_FORMAT, render_step
from .state import unpack_state

__all__ = ["REPORT_FORMAT", "Replay", "ReportFormatError", "render_step"]

_REFERENCE = re.compile(r"<([a-z -]+) #(\d+) of ([^<>]+)>")
_REQUEST_ID = re.compile(r'"requestId":"[0-9a-f]{16}"')
_COMPARED = (
    "virtual_time", "origin", "kind", "endpoint", "method", "operation_name", "operation_type",
    "document", "variables", "status", "response", "cost", "project_id", "subject",
)  # fmt: skip

#: Parts of a request the replay sends again but does not compare (the public URL it sets).
_NOT_COMPARED = ("headers", "truncated", "public_url")


class ReportFormatError(SimulatorError):
    """A report written in another format: nothing of it is replayed."""


class ReplayError(SimulatorError):
    """A step this replay cannot run (a credential it cannot re-create, say)."""


def comparable(entry: dict[str, Any]) -> dict[str, Any]:
    """What must be equal between a recorded entry and its replay."""
    kept = {key: entry.get(key) for key in _COMPARED}
    if kept["response"]:
        kept["response"] = _REQUEST_ID.sub('"requestId":"(any)"', kept["response"])
    request = entry.get("request") or {}
    kept["request"] = {k: v for k, v in request.items() if k not in _NOT_COMPARED}
    return kept


class Replay:
    """A new simulator in a report's starting state, replaying its steps (module docstring)."""

    def __init__(self, header: dict[str, Any], state: str | None = None) -> None:
        found = header.get("report_format")
        if found != REPORT_FORMAT:
            raise ReportFormatError(
                f"This report is in format {found}; this simulator replays format "
                f"{REPORT_FORMAT} only (written by simulator {header.get('simulator_version')}). "
                "Nothing was replayed."
            )
        self.header = header
        recorded_ids = header.get("id_secret")
        id_secret = IdSecret.from_text(str(recorded_ids)) if recorded_ids else None
        self.data_dir = Path(tempfile.mkdtemp(prefix="bug-report-"))
        if state:
            manifest = unpack_state(state, self.data_dir)
            # Frozen where the snapshot was taken, even if the recorded clock was running.
            clock = ClockState.from_json(manifest["clock"])
            taken = parse_timestamp(manifest.get("taken_at") or header["start"])
            frozen = ClockState("frozen", taken if clock.mode == "running" else clock.frozen_at,
                                timedelta())  # fmt: skip
            (self.data_dir / "clock.json").write_text(json.dumps(frozen.to_json()), "utf-8")
        # The ids of the recorded file: its secret, from the packed state's files or the
        # header; a report of an earlier version has neither, and the published ids.
        self.sim = Simulator(
            self.data_dir, start=header["start"], frozen=True, reproducible_ids=True
        )
        self.env = self.sim.environment(header["environment"])
        if id_secret is not None:
            with self.env.store.atomic() as db:
                set_id_secret(db, id_secret)
        # The app is called directly (ASGI) on one event loop of the replay's own, in a
        # thread (a notebook's kernel runs a loop in the main one): a `TestClient` costs
        # several thread hops per request. The app's lifespan is not run, so no ticker:
        # due work fires as the steps make it due.
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="bug-report-replay", daemon=True
        )
        self._thread.start()
        transport = httpx.ASGITransport(app=self.sim.app, raise_app_exceptions=False)
        self.http = httpx.AsyncClient(transport=transport, base_url=DEFAULT_BASE_URL)
        self.secrets: dict[str, str] = {}
        self.position = int(
            self.env.store.db.execute(
                "SELECT coalesce(max(seq), 0) FROM journal_entries"
            ).fetchone()[0]
        )
        self._answers: deque[dict[str, Any]] = deque()
        # The recorded and the replayed journal, as compared (see `check`).
        self._expected: list[dict[str, Any]] = []
        self._actual: list[dict[str, Any]] = []
        self.sim.wiring.get(Receivers).recorded = self._answer
        # What a request made due fires where the recording has it (`_prepare`), not at once:
        # a move from another process may have come between the answer and that work.
        self.sim.scheduler.after_requests = False

    # -- steps ------------------------------------------------------------------------

    def check(self, step: dict[str, Any]) -> None:
        """Replay one step and assert the replay's journal still equals the recording;
        prints the step.

        The two journals are compared as streams, not step by step: work a step made due
        may fire later (a server's ticker, the next request catching up) and be journaled
        among a later step's entries, or inside a later request before its own entry; the
        replay fires it at the same point of the stream, so the streams must be equal up to
        where both have got, and whole after the last step."""
        entry = step["entry"]
        recorded = [*step.get("before", []), entry, *step.get("consequences", [])]
        self._answers.extend(c for c in recorded if c["kind"] == "webhook")
        first = len(self._expected)
        self._expected.extend(comparable(e) for e in recorded)
        own = first + len(step.get("before", []))  # where this step's own entry stands
        self._prepare(entry, own)
        self._run(step["number"], entry)
        self._keep_frozen(entry)
        last = step["number"] >= int(self.header.get("steps") or 0)
        self._read()
        if last:  # what the recording fired after the last step, as time went on
            self._catch_up(_latest(self._expected[len(self._actual) :]))
            self._read()
        self._compare(step, first, whole=last)
        print(render_step(step), end="")

    def check_all(self, steps: list[dict[str, Any]]) -> None:
        """Replay several steps quietly (the earlier steps of a report of the last N)."""
        for step in steps:
            with contextlib.redirect_stdout(None):
                self.check(step)
        print(f"{len(steps)} earlier steps replayed as recorded")

    def _prepare(self, entry: dict[str, Any], own: int) -> None:
        """Bring the replay to where the recording stood when the step began.

        A request: every work due by its arrival has fired (the server fires it before the
        request runs). A clock move: what the recording fired before the move's entry has
        fired, and the clock stands where the move started (its target less its duration:
        a running clock had moved on since the step before), without firing what fell due
        on the way to there: the recorded move fired that after its entry, in time order,
        itself or through the server that caught up with it."""
        if not _moves_clock(entry):
            self._catch_up(str(entry["virtual_time"]))
            return
        self._catch_up(_latest(self._expected[len(self._actual) : own]))
        duration = _advance_duration(entry)
        if duration is None:
            return
        start = parse_timestamp(entry["virtual_time"]) - duration
        clock = self.sim.clock
        if start > clock.now():
            Clock.set(clock, start)  # the plain clock's move: not journaled, fires nothing

    def _catch_up(self, instant: str | None) -> None:
        """Fire what fell due up to `instant`, each at its own instant (the scheduler's one
        clock rule), as the recorded server did while time went on; or caught up with a
        move made without firing (the command line's)."""
        if instant is not None:
            self.sim.scheduler.run_until(parse_timestamp(instant))

    def _keep_frozen(self, entry: dict[str, Any]) -> None:
        """A replay's clock never runs (a step that resumed it, or restored a running one,
        is followed by a freeze at the step's instant): each step runs at its recorded one."""
        clock = self.sim.clock
        if not clock.frozen:
            with clock.held():
                Clock.restore(clock, ClockState("frozen", parse_timestamp(entry["virtual_time"]),
                                                timedelta()))  # fmt: skip

    def _read(self) -> None:
        replayed = [e.as_dict() for e in read_entries(self.env, after=self.position)]
        if replayed:
            self.position = replayed[-1]["seq"]
        self._actual.extend(comparable(e) for e in replayed)

    def _compare(self, step: dict[str, Any], first: int, *, whole: bool) -> None:
        expected, actual = self._expected, self._actual
        common = min(len(expected), len(actual))
        differs = next((i for i in range(common) if expected[i] != actual[i]), None)
        if differs is None and not (whole and len(expected) != len(actual)):
            return
        beyond = actual[len(expected) :]
        if differs is None and whole and _under_way(beyond, int(self.header.get("under_way") or 0)):
            return  # work under way when the report was written: its intro says so
        since = min(first, differs if differs is not None else common)
        raise AssertionError(self._divergence(step, expected[since:], actual[since:]))

    def _divergence(
        self, step: dict[str, Any], expected: list[dict[str, Any]], actual: list[dict[str, Any]]
    ) -> str:
        entry = step["entry"]
        diff = difflib.unified_diff(
            pprint.pformat(expected, width=100).splitlines(),
            pprint.pformat(actual, width=100).splitlines(),
            "recorded",
            "replayed",
            lineterm="",
        )
        return (
            f"Step {step['number']} ({entry.get('method')} {entry['endpoint']} "
            f"{entry.get('operation_name') or ''} at {entry['virtual_time']}) diverged from "
            f"the recording:\n" + "\n".join(diff)
        )

    def _run(self, number: int, entry: dict[str, Any]) -> None:
        arguments = (entry.get("request") or {}).get("arguments", {})
        if entry["origin"] == "http":
            self._refuse_unknown_restore(number, entry)
            self._send(number, entry)
        elif entry["origin"] == "dashboard" and entry["kind"] == "clock":
            action = str(entry.get("operation_name") or "").removeprefix("dashboard.")
            value = arguments.get("duration") or arguments.get("to") or ""
            dashboard_move(self.env, self.sim.scheduler, action, value)
        elif entry["kind"] == "clock":
            self._move_clock(entry.get("operation_name") or "advance", arguments)
        elif entry["kind"] == "project":
            created = self.sim.create_project(
                self.env.name, arguments["name"], arguments["redirect_uris"]
            )
            self._learn([created.client_secret])
        elif entry["origin"] == "cli":
            with contextlib.redirect_stdout(None):
                main([*arguments["argv"], "--data-dir", str(self.data_dir)])
        else:
            raise ReplayError(f"Step {number}: a {entry['kind']} step cannot be replayed.")

    def _refuse_unknown_restore(self, number: int, entry: dict[str, Any]) -> None:
        """A restore, from the dashboard, of a snapshot the report does not carry (saved
        before its starting state): said plainly rather than diverging."""
        if entry["endpoint"] != "/dashboard/snapshots" or entry.get("status") != 303:
            return
        form = dict(parse_qsl((entry.get("request") or {}).get("body") or ""))
        known = {info.name for info in self.sim.snapshots()}
        if form.get("action") == "restore" and form.get("name") not in known:
            raise ReplayError(
                f"Step {number}: the snapshot {form.get('name')!r} restored from the dashboard "
                "was saved before the report's starting state; the report does not carry it."
            )

    def _move_clock(self, name: str, arguments: dict[str, Any]) -> None:
        """`sim.advance` (which fires due work), or a direct move of `sim.clock`."""
        clock = self.sim.clock
        if name == "advance":
            self.sim.advance(arguments["duration"])
        elif name == "clock.advance":
            clock.advance(arguments["duration"])
        elif name == "clock.set":
            clock.set(arguments["to"])
        elif name == "clock.freeze":
            clock.freeze()
        elif name == "clock.resume":
            clock.resume()
        else:
            raise ReplayError(f"A clock move {name!r} cannot be replayed.")

    def _send(self, number: int, entry: dict[str, Any]) -> None:
        request = entry["request"]
        # A recorded cookie names the session its browser had: the replay's own, learned
        # from the replay's answers (`browser.py`), never a client's jar shared by all.
        headers = {name: self._fill(number, value) for name, value in request["headers"].items()}
        authorization = headers.get("authorization", "")
        if authorization.lower().startswith("basic ") and ":" in authorization:
            scheme, _, pair = authorization.partition(" ")
            headers["authorization"] = f"{scheme} {base64.b64encode(pair.encode()).decode()}"
        # The links its answer holds start where the recorded server's did (`serve --port`).
        self.sim.app.state.public_url = request.get("public_url") or DEFAULT_BASE_URL
        path = entry["endpoint"]
        if request.get("query"):
            path += "?" + self._fill_form(number, request["query"], entry, headers)
        if entry["kind"] == "graphql" and entry.get("document") is not None:
            body: dict[str, Any] = {"query": entry["document"]}
            if entry.get("variables") is not None:
                body["variables"] = json.loads(self._fill(number, json.dumps(entry["variables"])))
            if request.get("operation_name"):
                body["operationName"] = request["operation_name"]
            content = json.dumps(body).encode()
        elif "form" in headers.get("content-type", ""):
            content = self._fill_form(number, request.get("body") or "", entry, headers).encode()
        else:
            content = self._fill(number, request.get("body") or "").encode()
        answer = asyncio.run_coroutine_threadsafe(
            self.http.request(entry["method"], path, headers=headers, content=content),
            self._loop,
        ).result()
        self.http.cookies.clear()
        self._learn([*_secrets_in(answer.text), *answer_secrets(answer)])

    # -- credentials ----------------------------------------------------------------------

    def _learn(self, candidates: list[str]) -> None:
        """Remember the real value of each secret the replay's journal gave a reference."""
        db = self.env.store.db
        for secret in candidates:
            row = db.execute(
                "SELECT reference FROM journal_secrets WHERE digest = ?", [digest(secret)]
            ).fetchone()
            if row is not None:
                self.secrets[row[0]] = secret

    def _recreate_token(self, reference: str) -> str | None:
        """A token issued before the starting state, re-created: the snapshot keeps the
        reference's digest (`journal_secrets`) and the token's row (by its hash), so the row
        is given the hash of a new token derived from the reference, keeping its project,
        user, scope, family and expiry. None when the snapshot has no such row."""
        db = self.env.store.db
        found = db.execute(
            "SELECT t.kind FROM journal_secrets s JOIN tokens t ON t.token_hash = s.digest "
            "WHERE s.reference = ?",
            [reference],
        ).fetchone()
        if found is None:
            return None
        code = {"access": "AT", "refresh": "RT"}.get(str(found[0]))
        if code is None:
            return None
        derived = hashlib.sha256(f"replay {reference}".encode()).hexdigest()
        token = f"{self.env.name.prefix}_{code}_{derived}"
        with self.env.store.atomic() as writing:
            writing.execute(
                "UPDATE tokens SET token_hash = ? WHERE token_hash = "
                "(SELECT digest FROM journal_secrets WHERE reference = ?)",
                [digest(token), reference],
            )
        return token

    def _fill(self, number: int, text: str) -> str:
        """`text` with each reference replaced by the replay's own secret."""
        return _REFERENCE.sub(lambda match: self._secret(number, match), text)

    def _fill_form(
        self, number: int, text: str, entry: dict[str, Any], headers: dict[str, str]
    ) -> str:
        pairs = parse_qsl(text, keep_blank_values=True)
        return urlencode(
            [
                (name, self._from_session(value, entry, headers) or self._fill(number, value))
                for name, value in pairs
            ]
        )

    def _from_session(
        self, value: str, entry: dict[str, Any], headers: dict[str, str]
    ) -> str | None:
        """A value the replay's browser session gives a recorded form field (`browser.py`):
        the code a text message brought, a form token the replay has not met on a page (the
        dashboard's pages, which only read, are not journaled), a dashboard sign-in link."""
        match = _REFERENCE.fullmatch(value)
        if match is None:
            return None
        kind, cookie = match.group(1), headers.get("cookie", "")
        if kind == "text-message code":
            return typed_code(self.env, cookie, entry, int(match.group(2)))
        if kind == "form token" and value not in self.secrets:
            return form_token(self.env, cookie)
        if entry["endpoint"] == SIGN_IN_PATH and value not in self.secrets:
            return sign_in_token(self.env, entry)
        return None

    def _secret(self, number: int, match: re.Match[str]) -> str:
        reference = match.group(0)
        if reference in self.secrets:
            return self.secrets[reference]
        kind, count, owner = match.group(1), int(match.group(2)), match.group(3)
        project_id = owner.removeprefix("project ")
        recreated = self._recreate_token(reference) if kind.endswith("token") else None
        if recreated is not None:
            secret = recreated
        elif kind == "project token" and owner.startswith("project "):
            secret = str(issue_project_token(self.env, {"id": project_id})["access_token"])
        elif kind == "session cookie" and (cookie := recreate_session(self.env, reference)):
            secret = cookie
        elif kind == "webhook secret":  # never sent anywhere at replay: any value will do
            secret = hashlib.sha256(f"replay {reference}".encode()).hexdigest()
        elif kind == "client secret" and owner.startswith("project "):
            # A new secret, derived from the reference: the recorded one is never known.
            secret = hashlib.sha256(f"replay {reference}".encode()).hexdigest()
            with self.env.store.atomic() as db:
                db.execute(
                    "UPDATE projects SET client_secret_hash = ? WHERE id = ?",
                    [hash_secret(secret), project_id],
                )
        elif kind == "session cookie":
            raise ReplayError(
                f"Step {number}: {reference} is the cookie of a browser session begun before "
                "the report's starting state, which keeps no sign-in page's session: start "
                "the browser's sign-in after the snapshot (docs/bug-reports.md, 'What replays')."
            )
        else:
            raise ReplayError(
                f"Step {number}: {reference} was issued before the report's starting state "
                "and cannot be re-created at replay (docs/bug-reports.md, 'What replays')."
            )
        with self.env.store.atomic() as db:
            Redactor(db).adopt(secret, kind, owner, count, reference)
        self.secrets[reference] = secret
        return secret

    # -- webhooks -------------------------------------------------------------------------

    def _answer(self, items: list[tuple[WebhookRequest, float]]) -> list[AttemptResult]:
        """The recorded answer of each webhook attempt, in order, instead of sending it."""
        results = []
        for request, _ in items:
            recorded = next((a for a in self._answers if a["endpoint"] == request.url), None)
            if recorded is None:
                results.append(
                    AttemptResult(None, "", 0.0, ErrorCode.CONNECTION_FAILED, "Not recorded.")
                )
                continue
            self._answers.remove(recorded)
            answer = json.loads(recorded["response"])
            code = answer.get("error_code")
            results.append(
                AttemptResult(
                    recorded.get("status"),
                    answer.get("body") or "",
                    (answer.get("duration_ms") or 0) / 1000,
                    ErrorCode(code) if code else None,
                    answer.get("error"),
                )
            )
        return results

    # -- life cycle -----------------------------------------------------------------------

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.http.aclose(), self._loop).result()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()
        self.sim.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> Replay:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _moves_clock(entry: dict[str, Any]) -> bool:
    """A clock step's recorded time is where it took the clock: it moves there itself."""
    return bool(entry["kind"] == "clock" or str(entry["endpoint"]).startswith("cli:clock"))


def _advance_duration(entry: dict[str, Any]) -> timedelta | None:
    """The duration of a recorded clock advance (Python, dashboard or command line)."""
    arguments = (entry.get("request") or {}).get("arguments") or {}
    argv = arguments.get("argv") or []
    if entry["origin"] == "cli":
        text = argv[2] if len(argv) > 2 and argv[:2] == ["clock", "advance"] else None
    elif str(entry.get("operation_name")).endswith("advance"):
        text = arguments.get("duration")
    else:
        text = None
    if text is None:
        return None
    hours, _, rest = str(text).partition(":")  # str() of a timedelta: H:MM:SS[.ffffff]
    try:
        if rest and "day" not in hours:
            minutes, _, seconds = rest.partition(":")
            return timedelta(hours=int(hours), minutes=int(minutes), seconds=float(seconds))
        return parse_duration(str(text))
    except (ValueError, SimulatorError):
        return None


def _under_way(beyond: list[dict[str, Any]], deliveries: int) -> bool:
    """Are the replayed entries past the recording's end webhook attempts of at most
    `deliveries` deliveries (those the report says were under way)?"""
    if not beyond or any(e["origin"] != "webhook" for e in beyond):
        return False
    return len({(e.get("request") or {}).get("delivery_id") for e in beyond}) <= deliveries


def _latest(entries: list[dict[str, Any]]) -> str | None:
    return max((str(e["virtual_time"]) for e in entries), default=None)


def _secrets_in(text: str) -> list[str]:
    """Tokens, and values of secret keys, in an answer (candidates for `Replay._learn`)."""
    found = TOKEN_PATTERN.findall(text)
    if any(f'"{key}"' in text for key in JSON_SECRETS):
        with contextlib.suppress(ValueError):
            stack = [json.loads(text)]
            while stack:
                value = stack.pop()
                if isinstance(value, dict):
                    for key, item in value.items():
                        if key in JSON_SECRETS and isinstance(item, str):
                            found.append(item)
                        else:
                            stack.append(item)
                elif isinstance(value, list):
                    stack.extend(value)
    return found

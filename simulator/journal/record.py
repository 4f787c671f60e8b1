"""Writing the journal: one row per call, in its environment's file, trimmed to the retention.

Every writer goes through `record`: the HTTP middleware (`middleware.py`), the webhook
attempts (`record_attempts`, called in the attempts' own transaction), the clock moves and
project creations made from Python (`record_call`), and the command line
(`record_command`). Nothing is written when the simulator's journal is off
(`JournalSettings(retention=0)`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..clock import wall_timestamp
from .redact import Redactor

if TYPE_CHECKING:  # the types only: the command line journals without them (`insert_entry`)
    from ..domain.kernel.context import Environment
    from ..storage import Database
    from .redact import Executes

__all__ = [
    "DEFAULT_RETENTION",
    "JournalSettings",
    "call_entry",
    "insert_entry",
    "record",
    "record_attempts",
    "record_call",
    "record_probe",
    "redact_call",
    "settings_of",
]


class ProbeRequest(Protocol):
    """A probe's POST as the journal reads it (a `webhooks.attempts.WebhookRequest`: the
    journal sits below webhooks, which journal through it)."""

    @property
    def url(self) -> str: ...
    @property
    def body(self) -> bytes: ...
    @property
    def sent_at(self) -> str: ...


class ProbeResult(Protocol):
    """What a probe's POST got (a `webhooks.attempts.AttemptResult`)."""

    @property
    def status(self) -> int | None: ...
    @property
    def body(self) -> str: ...
    @property
    def duration(self) -> float: ...
    @property
    def error_code(self) -> str | None: ...
    @property
    def error(self) -> str | None: ...


#: Entries kept per environment file when nothing else is said: the oldest go first.
DEFAULT_RETENTION = 10_000


@dataclass
class JournalSettings:
    """One simulator's journal settings (provided in its wiring).

    `retention`: the entries kept per environment (the oldest are deleted as new ones come;
    0 turns the journal off). `replaying`: set by a replay, which records the same way.
    """

    retention: int = DEFAULT_RETENTION
    #: The files (paths) whose journal is full: each new entry deletes the oldest, so the
    #: `INSERT` and its `DELETE` are begun as one transaction (one commit, not two). A hint
    #: only: wrong, it costs a statement, never an entry.
    full: set[str] = field(default_factory=set, repr=False, compare=False)

    @property
    def enabled(self) -> bool:
        return self.retention > 0


def settings_of(env: Environment) -> JournalSettings:
    """The journal settings of the simulator `env` belongs to (defaults if it has none)."""
    try:
        return env.wiring.get(JournalSettings)
    except LookupError:
        return JournalSettings()


#: The values stored as JSON (a tuple: `dict | list` would build a union at every test).
_STRUCTURED = (dict, list)
#: `json.dumps` with these options builds a new encoder at every call; one is kept instead.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def _encoder() -> Callable[[Any], str]:
    """`_ENCODER.encode`, or the C encoder it would build at every call (half its cost on an
    entry's small dicts: the row has two). No cycle check: an entry's values are JSON parsed
    from a request, or dicts built here, and hold no cycle (a deep one still stops at
    Python's recursion limit, as before)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return _ENCODER.encode
    encode = make(
        None, _ENCODER.default, json.encoder.encode_basestring, None, ":", ",", False, False, True
    )

    def encoded(value: Any) -> str:
        return "".join(encode(value, 0))

    return encoded


_ENCODE = _encoder()


def _json(value: Any) -> str | None:
    return None if value is None else _ENCODE(value)


@functools.lru_cache(maxsize=64)
def _insert_sql(keys: tuple[str, ...]) -> str:
    """The INSERT of an entry with these keys (`_row`'s columns: `virtual_time` and
    `wall_time` first): the same text every time, so SQLite's statement cache (keyed by the
    text) prepares it once."""
    columns = ("virtual_time", "wall_time", *(key for key in keys if key != "virtual_time"))
    marks = ", ".join("?" for _ in columns)
    return f"INSERT INTO journal_entries ({', '.join(columns)}) VALUES ({marks})"


def record(
    env: Environment,
    entry: dict[str, Any],
    redact: Callable[[Redactor, dict[str, Any]], None] | None = None,
    db: Database | None = None,
) -> int | None:
    """Write one entry (its keys are `journal_entries` columns; dicts and lists are stored
    as JSON) and return its `seq`. `redact` replaces the entry's secrets first, with the
    file's references. In `db`'s transaction when given, else in a transaction of its own."""
    settings = settings_of(env)
    if not settings.enabled:
        return None
    if db is None and env.store.db.conn.in_transaction:  # this thread's transaction
        db = env.store.db
    if db is None:  # bookkeeping: the scheduler need not look for due work again
        with env.store.bookkeeping_autocommit() as own:
            # The common case is one statement, the `INSERT`, which commits by itself: the
            # secrets' known references are read before it, outside a transaction (they
            # never change). A new reference begins a transaction (`BEGIN IMMEDIATE`), so
            # that it lands with its entry or not at all; so does a full journal's trim.
            path = str(env.store.path)
            begin: Callable[[], object] | None = functools.partial(own.execute, "BEGIN IMMEDIATE")
            if path in settings.full:
                own.execute("BEGIN IMMEDIATE")
                begin = None  # begun already
            seq = insert_entry(
                own, entry, redact, retention=settings.retention, now=env.now, begin=begin
            )
            if own.in_transaction:
                own.execute("COMMIT")
            env.store.bookkeeping_written(_size(entry))
            if seq > settings.retention:
                settings.full.add(path)
            else:  # not full (yet, or again: a snapshot restored)
                settings.full.discard(path)
            return seq
    return insert_entry(db, entry, redact, retention=settings.retention, now=env.now)


def insert_entry(
    db: Executes,
    entry: dict[str, Any],
    redact: Callable[[Redactor, dict[str, Any]], None] | None,
    *,
    retention: int,
    now: Callable[[], str],
    begin: Callable[[], object] | None = None,
) -> int:
    """`record`'s writing, in `db`'s transaction: a store's connection, or the plain `sqlite3`
    one of a file that is already current (`storage.current`). With `begin`, `db` is outside
    a transaction, and `begin` starts one before the redaction's first write (if any)."""
    if redact is not None:
        redact(Redactor(db, begin), entry)
    values = _row(entry, now)
    sql = _insert_sql(tuple(entry))
    try:
        cursor = db.execute(sql, values)
    except UnicodeEncodeError:  # an unpaired surrogate somewhere: SQLite text is UTF-8
        cursor = db.execute(sql, _row(_storable(entry), now))
    seq = int(cursor.lastrowid or 0)
    if seq > retention:  # without a transaction (`record`'s first trim), a commit of its own
        db.execute("DELETE FROM journal_entries WHERE seq <= ?", [seq - retention])
    return seq


def _size(entry: dict[str, Any]) -> int:
    """About the bytes an entry adds to the WAL: its answer and body, the rest a few pages
    (`Store.bookkeeping_written`; an estimate, cheap: not the row's exact size)."""
    request = entry.get("request")
    body = request.get("body") if isinstance(request, dict) else None
    response = entry.get("response")
    return (
        _ENTRY_PAGES
        + (len(response) if isinstance(response, str) else 0)
        + (len(body) if isinstance(body, str) else 0)
    )


#: What an entry's row, index entries and page headers add besides its answer and body.
_ENTRY_PAGES = 3 * 4096


def _row(entry: dict[str, Any], now: Callable[[], str]) -> list[Any]:
    """The values of `entry`'s row, in `_insert_sql`'s order, dicts and lists as JSON: one
    pass (this runs for every request)."""
    # An HTTP entry brings the time its request arrived; the clock is read otherwise.
    values: list[Any] = [entry.get("virtual_time") or now(), wall_timestamp()]
    for key, value in entry.items():
        if key != "virtual_time":
            values.append(_ENCODE(value) if isinstance(value, _STRUCTURED) else value)
    return values


def _storable(value: Any) -> Any:
    """`value` with each unpaired surrogate (which no UTF-8 text holds; a client may send one
    in any JSON string) written as the text of its escape, `\\ud800`, in strings and keys
    alike: read back, it is that text, never a surrogate. Only when the plain write failed,
    so the common path pays nothing."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_storable(key): _storable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_storable(item) for item in value]
    return value


def record_attempts(env: Environment, db: Database, attempts: Iterable[Any]) -> None:
    """Journal webhook attempts (rows of `webhook_attempts`), in their own transaction."""
    for attempt in attempts:
        record(
            env,
            {
                "virtual_time": attempt["attempted_at"],
                "origin": "webhook",
                "kind": "webhook",
                "endpoint": attempt["endpoint_url"],
                "method": "POST",
                "operation_name": attempt["event_type"],
                "operation_type": attempt["kind"],
                "request": {
                    "body": attempt["request_body"],
                    "attempt_number": attempt["attempt_number"],
                    "delivery_id": attempt["delivery_id"],
                },
                "status": attempt["response_status"],
                "response": _json(
                    {
                        "body": attempt["response_body"],
                        "error_code": attempt["error_code"],
                        "error": attempt["error"],
                        "duration_ms": attempt["duration_ms"],
                        "next_attempt_at": attempt["next_attempt_at"],
                        "delivery_status": attempt["delivery_status"],
                    }
                ),
                "project_id": attempt["project_id"],
                "subject": "the simulator",
            },
            redact=_redact_attempt,
            db=db,
        )


def record_probe(
    env: Environment, project_id: str, request: ProbeRequest, result: ProbeResult
) -> None:
    """Journal a probe's POST (`probeWebhookEndpoint`; no attempt row, no delivery). It is
    written while the request that made it runs, so before that request's own entry."""
    record(
        env,
        {
            "virtual_time": request.sent_at,
            "origin": "webhook",
            "kind": "webhook",
            "endpoint": request.url,
            "method": "POST",
            "operation_name": "Probe",
            "operation_type": "Probe",
            "request": {"body": request.body.decode(), "attempt_number": 1, "delivery_id": None},
            "status": result.status,
            "response": _json(
                {
                    "body": result.body,
                    "error_code": str(result.error_code) if result.error_code else None,
                    "error": result.error,
                    "duration_ms": round(result.duration * 1000),
                    "next_attempt_at": None,
                    "delivery_status": None,
                }
            ),
            "project_id": project_id,
            "subject": "the simulator",
        },
        redact=_redact_attempt,
    )


def _redact_attempt(redactor: Redactor, entry: dict[str, Any]) -> None:
    entry["response"] = redactor.text(entry["response"])


def record_call(
    env: Environment,
    kind: str,
    name: str,
    arguments: dict[str, Any],
    result: Any = None,
    *,
    origin: str = "python",
    project_id: str | None = None,
    virtual_time: str | None = None,
) -> int | None:
    """Journal a state-changing call made from Python or the command line (`kind` `clock`,
    `project` or `command`): its arguments, and its result without secrets."""
    entry = call_entry(kind, name, arguments, result, origin=origin, project_id=project_id)
    if virtual_time:
        entry["virtual_time"] = virtual_time
    return record(env, entry, redact=redact_call)


def call_entry(
    kind: str,
    name: str,
    arguments: dict[str, Any],
    result: Any = None,
    *,
    origin: str,
    project_id: str | None,
) -> dict[str, Any]:
    """The entry of a call (`record_call`), to be redacted by `redact_call`."""
    return {
        "origin": origin,
        "kind": kind,
        "endpoint": f"{origin}:{name}",
        "method": "CALL",
        "operation_name": name,
        "operation_type": "mutation",
        "request": {"arguments": arguments},
        "response": _json(result),
        "project_id": project_id,
        "subject": "the operator",
        "status": 0,
    }


def redact_call(redactor: Redactor, entry: dict[str, Any]) -> None:
    entry["request"] = redactor.json_value(entry["request"])
    if entry["response"] is not None:
        if entry["project_id"]:
            redactor.project_id = entry["project_id"]
        entry["response"] = redactor.body(entry["response"])

"""Events: every state change of a resource is journaled as `Resource.Verb`.

`emit` must be called inside the transaction that makes the change (`env.store.atomic()`),
so a change without its event, or an event without its change, cannot exist. Webhook
delivery reads the journal; nothing else about an event is stored here.

```python
with env.store.atomic() as db:
    update_row(db, "accounts", account_id, {"status": "Closed"})
    emit(env, db, "Account.Closed", project_id=project_id, resource_id=account_id)
```
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from ...storage import Database, insert_row, next_number, rows_where
from ...storage.rows import EventRow
from ...user_cache import cache_path, read_cached, write_cached
from .context import Environment

__all__ = ["EVENT_TYPES", "EVENT_TYPES_FILE", "EVENT_TYPE_DESCRIPTIONS", "emit", "list_events"]

#: The registry of event types (data: `event_types.toml` beside this module).
EVENT_TYPES_FILE = Path(__file__).with_name("event_types.toml")


def _load_event_types(path: Path) -> tuple[tuple[str, str], ...]:
    table = _registry(path.read_text(encoding="utf-8"))
    return tuple(
        (f"{resource}.{verb}", str(description))
        for resource, verbs in table.items()
        for verb, description in verbs.items()
    )


def _registry(text: str) -> dict[str, dict[str, str]]:
    """The registry's table; read from the machine's cache (`user_cache`) where an earlier
    process kept it, as JSON: importing `tomllib` (its patterns compiled) and parsing was
    8-10 ms of every start-up (docs/performance.md, "First answer")."""
    path = cache_path("event-types", "1", text)
    data = read_cached(path)
    if data is not None:
        try:
            table: dict[str, dict[str, str]] = json.loads(data)
            return table
        except ValueError:  # a truncated or foreign file: parse the text instead
            pass
    import tomllib  # start-up: only when the registry is new to this machine

    table = tomllib.loads(text)
    write_cached(path, json.dumps(table).encode("utf-8"))
    return table


#: Every event type of the real service, `Resource.Verb`, with a one-line description.
EVENT_TYPE_DESCRIPTIONS: Mapping[str, str] = MappingProxyType(
    dict(_load_event_types(EVENT_TYPES_FILE))
)
#: The event types a subscription may list, in the registry's order.
EVENT_TYPES: tuple[str, ...] = tuple(EVENT_TYPE_DESCRIPTIONS)


def emit(
    env: Environment,
    db: Database,
    event_type: str,
    *,
    project_id: str,
    resource_id: str,
) -> EventRow:
    """Journal one event in the caller's open transaction; returns the event row."""
    if event_type not in EVENT_TYPES:
        raise ValueError(f"Unknown event type {event_type!r}")
    if not db.conn.in_transaction:
        raise RuntimeError("emit() must run inside the transaction that makes the change")
    event: EventRow = {
        "id": env.new_id(db, "event"),
        "project_id": project_id,
        "event_type": event_type,
        "resource_id": resource_id,
        "event_date": env.now(),
        "sequence": next_number(db, "event_sequence"),
    }
    insert_row(db, "events", event)
    # Webhooks listen here, creating their deliveries atomically with the event.
    for listener in env.wiring.event_listeners:
        listener(env, db, event)
    return event


def list_events(
    env: Environment, project_id: str | None = None, event_type: str | None = None
) -> list[EventRow]:
    """The journal in emission order, optionally for one project or event type."""
    conditions, params = [], []
    if project_id is not None:
        conditions.append("project_id = ?")
        params.append(project_id)
    if event_type is not None:
        conditions.append("event_type = ?")
        params.append(event_type)
    where = " AND ".join(conditions) or None
    return list(rows_where(env.store.db, "events", where, params, order_by="sequence"))

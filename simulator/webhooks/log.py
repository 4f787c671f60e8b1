"""The delivery log: every attempt (and every delivery), oldest first, with filters.

An attempt records the event, the subscription, the virtual time it started, the request
body and headers (the secret masked), the response status and body (at most 2,048
characters), the duration, the error, the attempt number (retry count = number - 1) and
when the next attempt is due.

```python
list_attempts(env, project_id, event_id=event_id)
# [{'attempt_number': 1, 'attempted_at': '2026-01-05T09:00:00.000Z', 'response_status': 500,
#   'error_code': 'NonSuccessStatus', 'next_attempt_at': '2026-01-05T09:00:05.000Z', ...}, ...]
```
"""

from __future__ import annotations

import json
from typing import Any

from ..domain.context import Environment
from ..domain.pagination import Connection, paginate

__all__ = [
    "DELIVERY_STATUSES",
    "attempts_page",
    "decode_attempt",
    "deliveries_page",
    "get_delivery",
    "list_attempts",
    "list_deliveries",
]

DELIVERY_STATUSES = ("Pending", "Succeeded", "Failed", "Canceled")
_ATTEMPT_FILTERS = ("event_id", "subscription_id", "delivery_id")
_DELIVERY_FILTERS = ("event_id", "subscription_id", "status")


def decode_attempt(row: dict[str, Any]) -> dict[str, Any]:
    """An attempt row with `succeeded` as a bool, the headers as a dict and `retry_count`."""
    decoded = dict(row)
    decoded["succeeded"] = bool(row["succeeded"])
    decoded["request_headers"] = json.loads(row["request_headers"] or "{}")
    decoded["retry_count"] = row["attempt_number"] - 1
    return decoded


def decode_delivery(row: dict[str, Any]) -> dict[str, Any]:
    decoded = dict(row)
    decoded["retry_count"] = max(row["attempt_count"] - 1, 0)
    decoded["policy"] = json.loads(row["policy"])
    return decoded


def _where(
    project_id: str | None, filters: dict[str, Any], allowed: tuple[str, ...]
) -> tuple[str, list[Any]]:
    conditions, params = [], []
    if project_id is not None:
        conditions.append("project_id = ?")
        params.append(project_id)
    for key in allowed:
        value = filters.get(key)
        if value is not None:
            conditions.append(f"{key} = ?")  # the column name comes from `allowed`
            params.append(value)
    return " AND ".join(conditions) or "1 = 1", params


def list_attempts(
    env: Environment, project_id: str | None = None, **filters: Any
) -> list[dict[str, Any]]:
    """The attempts (of a project, or the whole environment), oldest first; filters:
    `event_id`, `subscription_id`, `delivery_id`."""
    where, params = _where(project_id, filters, _ATTEMPT_FILTERS)
    rows = env.store.db["webhook_attempts"].rows_where(where, params, order_by="position")
    return [decode_attempt(row) for row in rows]


def attempts_page(
    env: Environment,
    project_id: str,
    *,
    first: int | None = None,
    after: str | None = None,
    **filters: Any,
) -> Connection:
    where, params = _where(project_id, filters, _ATTEMPT_FILTERS)
    return paginate(
        env.store.db,
        "webhook_attempts",
        where,
        params,
        first=first,
        after=after,
        order=("position", "id"),
    )


def list_deliveries(
    env: Environment, project_id: str | None = None, **filters: Any
) -> list[dict[str, Any]]:
    """The deliveries, oldest first; filters: `event_id`, `subscription_id`, `status`."""
    where, params = _where(project_id, filters, _DELIVERY_FILTERS)
    rows = env.store.db["webhook_deliveries"].rows_where(where, params, order_by="position")
    return [decode_delivery(row) for row in rows]


def deliveries_page(
    env: Environment,
    project_id: str,
    *,
    first: int | None = None,
    after: str | None = None,
    **filters: Any,
) -> Connection:
    where, params = _where(project_id, filters, _DELIVERY_FILTERS)
    return paginate(
        env.store.db,
        "webhook_deliveries",
        where,
        params,
        first=first,
        after=after,
        order=("position", "id"),
    )


def get_delivery(env: Environment, delivery_id: str) -> dict[str, Any] | None:
    rows = list(env.store.db["webhook_deliveries"].rows_where("id = ?", [delivery_id]))
    return decode_delivery(rows[0]) if rows else None

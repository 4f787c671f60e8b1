"""The event log: every attempt (and every delivery), oldest first, with filters.

An attempt records the event, the subscription, the virtual time it started, the request
body and headers (the secret masked), the response status and body (its first 1 KiB),
the duration, the error, the attempt number (retry count = number - 1) and
when the next attempt is due.

```python
list_attempts(env, project_id, event_id=event_id)
# [{'attempt_number': 1, 'attempted_at': '2026-01-05T09:00:00.000Z', 'response_status': 500,
#   'error_code': 'NonSuccessStatus', 'next_attempt_at': '2026-01-05T09:00:05.000Z', ...}, ...]
```
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from ..clock import format_timestamp, parse_timestamp
from ..domain.kernel.context import Environment
from ..domain.kernel.pagination import Connection, paginate

__all__ = [
    "DELIVERY_STATUSES",
    "EVENT_LOG_FILTERS",
    "attempts_page",
    "decode_attempt",
    "deliveries_page",
    "event_log_filters",
    "get_attempt",
    "get_delivery",
    "list_attempts",
    "list_deliveries",
    "subscription_kpi",
]

DELIVERY_STATUSES = ("Pending", "Succeeded", "Failed", "Canceled")
_ATTEMPT_FILTERS = (
    "event_id",
    "subscription_id",
    "delivery_id",
    "event_type",
    "resource_id",
    "response_status",
)
#: The event log's filters (`WebhookEventLogFiltersInput`) as `attempts_page` keywords.
EVENT_LOG_FILTERS = {
    "event_id": "event_id",
    "event_type": "event_type",
    "resource_id": "resource_id",
    "status_code": "response_status",
    "webhook_subscription_id": "subscription_id",
    "start_date": "start_date",
    "end_date": "end_date",
    "status_text": "status_text",
}
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
    conditions: list[str] = []
    params: list[Any] = []
    if project_id is not None:
        conditions.append("project_id = ?")
        params.append(project_id)
    for key in allowed:
        value = filters.get(key)
        if value is not None:
            conditions.append(f"{key} = ?")  # the column name comes from `allowed`
            params.append(value)
    if "response_status" in allowed:  # the attempts' own range and outcome filters
        if filters.get("start_date") is not None:
            conditions.append("attempted_at >= ?")
            params.append(filters["start_date"])
        if filters.get("end_date") is not None:
            conditions.append("attempted_at <= ?")
            params.append(filters["end_date"])
        if filters.get("status_text") is not None:
            conditions.append("succeeded = ?")
            params.append(int(filters["status_text"] == "Success"))
    return " AND ".join(conditions) or "1 = 1", params


def event_log_filters(filters: dict[str, Any] | None) -> dict[str, Any]:
    """The API's event log filters as `attempts_page` / `list_attempts` keywords."""
    return {
        EVENT_LOG_FILTERS[key]: _timestamp(value) if key.endswith("_date") else value
        for key, value in (filters or {}).items()
        if value is not None and key in EVENT_LOG_FILTERS
    }


def _timestamp(value: Any) -> Any:
    # The log stores the clock's own ISO form, so a date filter is compared in that form
    # (`...T09:00:00Z` and `...T09:00:00.000Z` are the same instant). Raises ValueError.
    if isinstance(value, datetime | str):
        return format_timestamp(parse_timestamp(value))
    return value


def get_attempt(env: Environment, project_id: str, attempt_id: str) -> dict[str, Any] | None:
    """One attempt (an event log entry) of the project, or None."""
    rows = list(
        env.store.db["webhook_attempts"].rows_where(
            "id = ? AND project_id = ?", [attempt_id, project_id]
        )
    )
    return decode_attempt(rows[0]) if rows else None


def subscription_kpi(env: Environment, subscription_id: str) -> dict[str, Any]:
    """`total_hits` (attempts sent to the subscription) and `error_rate` (the failed share)."""
    total, failed = env.store.db.execute(
        "SELECT COUNT(*), COALESCE(SUM(1 - succeeded), 0) FROM webhook_attempts "
        "WHERE subscription_id = ?",
        [subscription_id],
    ).fetchone()
    return {"total_hits": total, "error_rate": failed / total if total else 0.0}


def list_attempts(
    env: Environment, project_id: str | None = None, **filters: Any
) -> list[dict[str, Any]]:
    """The attempts (of a project, or the whole environment), oldest first; filters:
    `event_id`, `subscription_id`, `delivery_id`, `event_type`, `resource_id`,
    `response_status`, `start_date`, `end_date`, `status_text` (`Success` / `Failure`)."""
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

"""Webhook subscriptions of a project: a label, an endpoint URL, a secret, event types, a status.

```python
sub = add_subscription(env, project_id, label="Orders", endpoint_url="inbox://orders",
                       secret="s3cret", event_types=["Account.Created"])
update_subscription(env, project_id, sub["id"], status="Disabled")
remove_subscription(env, project_id, sub["id"])
```

Rules (each a typed rejection, and a rejected write changes nothing):

- the endpoint URL is an absolute `http(s)` URL with a host, no fragment and no user info,
  at most 2,048 characters, or `inbox://NAME` (simulator-only: an in-process inbox);
- the outbound policy allows it (`outbound`: an address written in the URL is checked now,
  a host name when delivering): `EndpointNotAllowed`;
- every event type is one of `EVENT_TYPES`, and there is at least one;
- the secret, when given, is 1 to 256 visible ASCII characters (it travels as the value of
  the `x-swan-secret` header);
- the label is 1 to 100 characters;
- at most `MAX_SUBSCRIPTIONS_PER_EVENT_TYPE` (10) subscriptions of a project, enabled or
  disabled, may list one event type.

Disabling or removing a subscription cancels its pending deliveries (their log stays);
changing its URL or secret applies to the pending retries' next attempts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from ..domain.kernel.context import Environment
from ..domain.kernel.events import EVENT_TYPES
from ..domain.kernel.pagination import Connection, paginate
from ..domain.kernel.rejections import Rejected
from ..storage import Database
from .outbound import OutboundPolicy
from .receivers import INBOX_SCHEME, receivers_for
from .rejections import (
    FieldError,
    field_error,
    invalid_argument,
    limit_reached,
    subscription_not_found,
)

__all__ = [
    "MAX_SUBSCRIPTIONS_PER_EVENT_TYPE",
    "SUBSCRIPTION_STATUSES",
    "add_subscription",
    "check_endpoint",
    "get_subscription",
    "list_subscriptions",
    "remove_subscription",
    "subscriptions_page",
    "update_subscription",
]

#: The real service limits subscriptions per event type without publishing the number.
MAX_SUBSCRIPTIONS_PER_EVENT_TYPE = 10
SUBSCRIPTION_STATUSES = ("Enabled", "Disabled")
MAX_LABEL_LENGTH = 100
MAX_URL_LENGTH = 2048
MAX_SECRET_LENGTH = 256
_INBOX_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_VISIBLE_ASCII = re.compile(r"[\x21-\x7e]+")
# Whitespace and control characters: `urlsplit` silently drops tabs and newlines, so a URL
# holding one would pass its checks and be stored (and sent to) as something else.
_BLANK_OR_CONTROL = re.compile(r"[\s\x00-\x1f\x7f]")


def check_endpoint(url: Any, policy: OutboundPolicy) -> list[FieldError]:
    """The problems of an endpoint URL (none: it may be subscribed or probed)."""
    if not isinstance(url, str) or not url.strip():
        return [field_error("A subscription needs an endpoint URL.", "endpoint")]
    if len(url) > MAX_URL_LENGTH:
        return [
            field_error(
                f"The endpoint URL is longer than {MAX_URL_LENGTH} characters.",
                "endpoint",
            )
        ]
    if url.startswith(INBOX_SCHEME + "://"):
        name = url[len(INBOX_SCHEME) + 3 :]
        if _INBOX_NAME.fullmatch(name):
            return []
        return [
            field_error(
                f"Invalid inbox URL {url!r}: use inbox://NAME, NAME of letters, digits, "
                "'.', '_' or '-' (at most 64).",
                "endpoint",
            )
        ]
    try:
        parts = urlsplit(url)
        hostname = parts.hostname
        parts.port  # noqa: B018  (raises on a malformed port)
    except ValueError:
        parts, hostname = None, None
    if parts is None or parts.scheme not in ("http", "https"):
        return [
            field_error(
                f"Invalid endpoint URL {url!r}: use an absolute http(s) URL "
                "(or inbox://NAME for an in-process inbox).",
                "endpoint",
            )
        ]
    if (
        not hostname
        or parts.fragment
        or parts.username
        or parts.password
        or _BLANK_OR_CONTROL.search(url)
    ):
        return [
            field_error(
                f"Invalid endpoint URL {url!r}: it needs a host, and no fragment, "
                "credentials, spaces or control characters.",
                "endpoint",
            )
        ]
    problem = policy.url_problem(url)
    if problem is not None:
        return [
            field_error(
                f"The outbound policy ({policy.mode}) refuses {url!r}: {problem}. "
                "See docs/webhooks.md, 'Where webhooks may go'.",
                "endpoint",
            )
        ]
    return []


def _check_event_types(event_types: Any) -> tuple[list[str], list[FieldError]]:
    if not isinstance(event_types, list | tuple) or not event_types:
        return [], [field_error("Subscribe to at least one event type.", "eventTypes")]
    unknown = [str(kind) for kind in event_types if kind not in EVENT_TYPES]
    if unknown:
        return [], [
            field_error(
                f"Unknown event type {unknown[0]!r}: event types are Resource.Verb, "
                "such as Account.Created (see the webhookEventTypes query).",
                "eventTypes",
            )
        ]
    return list(dict.fromkeys(event_types)), []  # duplicates dropped, order kept


def _check_secret(secret: Any) -> list[FieldError]:
    if secret is None:
        return []  # no secret: no `x-swan-secret` header
    if not isinstance(secret, str) or not secret:
        return [field_error("A secret is 1 to 256 characters (leave it out for none).", "secret")]
    if len(secret) > MAX_SECRET_LENGTH:
        return [field_error(f"The secret is longer than {MAX_SECRET_LENGTH} characters.", "secret")]
    if not _VISIBLE_ASCII.fullmatch(secret):
        return [
            field_error(
                "The secret travels as a header value: use visible ASCII characters, no spaces.",
                "secret",
            )
        ]
    return []


def _check_label(label: Any) -> list[FieldError]:
    if not isinstance(label, str) or not label.strip():
        return [field_error("A subscription needs a label.", "label")]
    if len(label) > MAX_LABEL_LENGTH:
        return [field_error(f"The label is longer than {MAX_LABEL_LENGTH} characters.", "label")]
    return []


def _check_status(status: Any) -> list[FieldError]:
    if status not in SUBSCRIPTION_STATUSES:
        return [field_error("The status is Enabled or Disabled.", "status")]
    return []


def decode(row: dict[str, Any]) -> dict[str, Any]:
    """A subscription row with its event types as a list, `secret` None when there is none,
    and `status_changed_at` (when it reached its status) always set."""
    decoded = dict(row)
    decoded["event_types"] = json.loads(row["event_types"])
    decoded["secret"] = row["secret"] or None
    decoded["status_changed_at"] = row.get("status_changed_at") or row["created_at"]
    return decoded


def _find(db: Database, project_id: str, subscription_id: str) -> dict[str, Any]:
    rows = list(
        db["webhook_subscriptions"].rows_where(
            "id = ? AND project_id = ? AND removed_at IS NULL", [subscription_id, project_id]
        )
    )
    if not rows:
        raise Rejected(subscription_not_found(subscription_id))
    return rows[0]


def _check_limit(
    db: Database,
    project_id: str,
    event_types: Iterable[str],
    ignore_subscription: str | None = None,
) -> None:
    full: dict[str, int] = {}
    for event_type in event_types:
        count = db.execute(
            "SELECT COUNT(*) FROM webhook_subscription_event_types "
            "WHERE project_id = ? AND event_type = ? AND subscription_id IS NOT ?",
            [project_id, event_type, ignore_subscription],
        ).fetchone()[0]
        if count >= MAX_SUBSCRIPTIONS_PER_EVENT_TYPE:
            full[event_type] = count
    if full:
        raise Rejected(limit_reached(full, MAX_SUBSCRIPTIONS_PER_EVENT_TYPE))


def _write_event_types(
    db: Database, project_id: str, subscription_id: str, event_types: list[str]
) -> None:
    db.execute(
        "DELETE FROM webhook_subscription_event_types WHERE subscription_id = ?",
        [subscription_id],
    )
    db.table("webhook_subscription_event_types").insert_all(
        {"subscription_id": subscription_id, "project_id": project_id, "event_type": kind}
        for kind in event_types
    )


def cancel_pending(env: Environment, db: Database, subscription_id: str) -> int:
    """Cancel the subscription's pending deliveries; returns how many."""
    cursor = db.execute(
        "UPDATE webhook_deliveries SET status = 'Canceled', next_attempt_at = NULL, "
        "updated_at = ? WHERE subscription_id = ? AND status = 'Pending'",
        [env.now(), subscription_id],
    )
    return cursor.rowcount


def add_subscription(
    env: Environment,
    project_id: str,
    *,
    label: str,
    endpoint_url: str,
    secret: str | None = None,
    event_types: list[str],
    status: str = "Enabled",
) -> dict[str, Any]:
    """Create a subscription; raises `Rejected` (invalid argument, limit) and then changes
    nothing. Without a secret, deliveries carry no `x-swan-secret` header."""
    kinds, kind_errors = _check_event_types(event_types)
    errors = [
        *_check_label(label),
        *check_endpoint(endpoint_url, receivers_for(env).outbound),
        *_check_secret(secret),
        *kind_errors,
        *_check_status(status),
    ]
    if errors:
        raise Rejected(invalid_argument(errors))
    with env.store.atomic() as db:
        _check_limit(db, project_id, kinds)
        now = env.now()
        subscription_id = env.new_id(db, "webhook_subscription")
        row = {
            "id": subscription_id,
            "project_id": project_id,
            "label": label.strip(),
            "endpoint_url": endpoint_url.strip(),
            "secret": secret or "",  # stored empty when there is none
            "event_types": json.dumps(kinds),
            "status": status,
            "status_changed_at": now,
            "created_at": now,
            "updated_at": now,
            "removed_at": None,
        }
        db.table("webhook_subscriptions").insert(row)
        _write_event_types(db, project_id, subscription_id, kinds)
    return decode(row)


def update_subscription(
    env: Environment,
    project_id: str,
    subscription_id: str,
    *,
    label: str | None = None,
    endpoint_url: str | None = None,
    secret: str | None = None,
    event_types: list[str] | None = None,
    status: str | None = None,
) -> dict[str, Any]:
    """Change the given fields (None: unchanged; the API's update gives every field but the
    secret). Disabling cancels pending deliveries."""
    errors: list[FieldError] = []
    kinds: list[str] | None = None
    if label is not None:
        errors += _check_label(label)
    if endpoint_url is not None:
        errors += check_endpoint(endpoint_url, receivers_for(env).outbound)
    if secret is not None:
        errors += _check_secret(secret)
    if event_types is not None:
        kinds, kind_errors = _check_event_types(event_types)
        errors += kind_errors
    if status is not None:
        errors += _check_status(status)
    with env.store.atomic() as db:
        current = _find(db, project_id, subscription_id)
        if errors:
            raise Rejected(invalid_argument(errors))
        changes: dict[str, Any] = {}
        if label is not None:
            changes["label"] = label.strip()
        if endpoint_url is not None:
            changes["endpoint_url"] = endpoint_url.strip()
        if secret is not None:
            changes["secret"] = secret
        if kinds is not None:
            _check_limit(db, project_id, kinds, ignore_subscription=subscription_id)
            changes["event_types"] = json.dumps(kinds)
            _write_event_types(db, project_id, subscription_id, kinds)
        if status is not None and status != current["status"]:
            changes["status"] = status
            changes["status_changed_at"] = env.now()
            if status == "Disabled":
                cancel_pending(env, db, subscription_id)
        if changes:
            changes["updated_at"] = env.now()
            db.table("webhook_subscriptions").update(subscription_id, changes)
    return decode({**current, **changes})


def remove_subscription(env: Environment, project_id: str, subscription_id: str) -> dict[str, Any]:
    """Remove a subscription: it stops receiving, its pending deliveries are canceled, and the
    log keeps its attempts. Returns the removed subscription."""
    with env.store.atomic() as db:
        current = _find(db, project_id, subscription_id)
        now = env.now()
        cancel_pending(env, db, subscription_id)
        db.execute(
            "DELETE FROM webhook_subscription_event_types WHERE subscription_id = ?",
            [subscription_id],
        )
        db.table("webhook_subscriptions").update(
            subscription_id, {"removed_at": now, "updated_at": now}
        )
    return decode({**current, "removed_at": now, "updated_at": now})


def get_subscription(env: Environment, project_id: str, subscription_id: str) -> dict[str, Any]:
    """A live subscription of the project; raises `Rejected` (not found) otherwise."""
    return decode(_find(env.store.db, project_id, subscription_id))


def list_subscriptions(env: Environment, project_id: str | None = None) -> list[dict[str, Any]]:
    """Every live subscription (of one project, or of the environment), oldest first."""
    where, params = "removed_at IS NULL", []
    if project_id is not None:
        where += " AND project_id = ?"
        params.append(project_id)
    rows = env.store.db["webhook_subscriptions"].rows_where(
        where, params, order_by="created_at, id"
    )
    return [decode(row) for row in rows]


def subscriptions_page(
    env: Environment, project_id: str, *, first: int | None = None, after: str | None = None
) -> Connection:
    """One page of the project's live subscriptions (nodes still encoded; see `decode`)."""
    return paginate(
        env.store.db,
        "webhook_subscriptions",
        "project_id = ? AND removed_at IS NULL",
        [project_id],
        first=first,
        after=after,
    )

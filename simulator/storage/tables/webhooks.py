"""Webhook tables: subscriptions, deliveries (one per event and subscription), the attempt log,
and the per-environment webhook settings (the retry policy in force).

A pending retry is a `webhook_deliveries` row with `status = 'Pending'` and its
`next_attempt_at`: it survives a restart because it is nothing but a row.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Table, apply

migrations = Migrations("webhooks")

_SUBSCRIPTIONS = ("subscription_id", "webhook_subscriptions", "id")

#: The tables of `m001_webhooks`.
WEBHOOK_TABLES = (
    Table(
        "webhook_subscriptions",
        {
            "id": str,
            "project_id": str,
            "label": str,
            "endpoint_url": str,
            "secret": str,  # sent as a header value, so it is kept as given; "" = none
            "event_types": str,  # JSON list, in the order given
            "status": str,  # Enabled | Disabled
            "created_at": str,
            "updated_at": str,
            "removed_at": str,  # removed subscriptions stay, so the log can still name them
        },
        pk="id",
        not_null={"project_id", "label", "endpoint_url", "secret", "event_types", "status"},
        foreign_keys=[("project_id", "projects", "id")],
        indexes=[("project_id", "created_at", "id")],
    ),
    # One row per (subscription, event type) of a live subscription: the listener's lookup
    # and the per-event-type limit are one indexed query each.
    Table(
        "webhook_subscription_event_types",
        {"subscription_id": str, "project_id": str, "event_type": str},
        pk=("subscription_id", "event_type"),
        foreign_keys=[_SUBSCRIPTIONS],
        indexes=[("project_id", "event_type")],
    ),
    Table(
        "webhook_deliveries",
        {
            "id": str,
            "position": str,  # zero-padded creation order in the file (a pagination key)
            "project_id": str,
            "subscription_id": str,
            "event_id": str,
            "event_type": str,
            "resource_id": str,
            "event_date": str,
            "trigger": str,  # Event | Replay
            "status": str,  # Pending | Succeeded | Failed | Canceled
            "attempt_count": int,
            "max_attempts": int,
            "policy": str,  # JSON of the retry policy the delivery follows
            "next_attempt_at": str,  # null unless Pending
            "last_attempt_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "position",
            "project_id",
            "subscription_id",
            "event_id",
            "event_type",
            "status",
            "attempt_count",
            "max_attempts",
            "policy",
            "created_at",
        },
        foreign_keys=[_SUBSCRIPTIONS],
        indexes=[
            ("status", "next_attempt_at"),
            ("project_id", "position"),
            ("event_id",),
            ("subscription_id", "status"),
        ],
    ),
    Table(
        "webhook_attempts",
        {
            "id": str,
            "position": str,  # zero-padded order in the file: the log's order
            "project_id": str,
            "delivery_id": str,  # null for a probe
            "subscription_id": str,
            "event_id": str,
            "event_type": str,
            "resource_id": str,
            "kind": str,  # Delivery | Replay | Probe
            "attempt_number": int,  # 1 for the first attempt; retry count = attempt_number - 1
            "endpoint_url": str,
            "request_headers": str,  # JSON, the secret masked
            "request_body": str,
            "attempted_at": str,  # virtual time the attempt started
            "duration_ms": int,  # virtual for in-process receivers, measured for HTTP
            "response_status": int,
            "response_body": str,  # truncated
            "error_code": str,  # null on success; see webhooks.receivers.ErrorCode
            "error": str,
            "succeeded": int,
            "next_attempt_at": str,  # when the next retry is due; null when none follows
            "delivery_status": str,  # the delivery's status after this attempt
        },
        pk="id",
        not_null={
            "position",
            "project_id",
            "subscription_id",
            "event_id",
            "event_type",
            "kind",
            "attempt_number",
            "endpoint_url",
            "request_body",
            "attempted_at",
            "duration_ms",
            "succeeded",
        },
        indexes=[("project_id", "position"), ("delivery_id",), ("event_id",), ("subscription_id",)],
    ),
    Table("webhook_settings", {"key": str, "value": str}, pk="key", not_null={"value"}),
)


@migrations()
def m001_webhooks(db: sqlite_utils.Database) -> None:
    apply(db, *WEBHOOK_TABLES)


@migrations()
def m002_subscription_status_changed_at(db: sqlite_utils.Database) -> None:
    # When a subscription reached its status (`statusInfo.enabledAt` / `disabledAt`); null
    # in rows made before it, which read `created_at` instead. An empty `secret` is "none".
    db.table("webhook_subscriptions").add_column("status_changed_at", str)

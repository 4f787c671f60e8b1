"""Deliveries on the virtual clock: created with the event, attempted by the scheduler.

1. **With the event.** `create_deliveries` is an event listener: inside the transaction that
   journals an event, it adds one `Pending` delivery, due at the event's instant, for each
   enabled subscription of the project that lists the event type. No I/O happens there.
2. **When due.** `WebhookDeliveries` is the `DueWork` the scheduler fires in time order. It
   reads every delivery due at the clock's time (one query), sends them outside any
   transaction, then records every attempt and each delivery's next step in one transaction.
3. **After a failure** the next attempt is due `delay` after the attempt ended (see
   `policy`); after the policy's last attempt the delivery is `Failed`.

The POST body carries only the five fields of the real service; the subscription's secret,
when it has one, travels in the `x-swan-secret` header (no signature: the real service's docs
describe none).
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from ..clock import format_timestamp, parse_timestamp
from ..domain.kernel.context import Environment
from ..domain.kernel.rejections import Rejected
from ..journal.record import record_attempts, record_probe
from ..storage import Database, next_number, rows_where
from ..storage.rows import EventRow
from .policy import DEFAULT_POLICY, RetryPolicy
from .receivers import (
    SECRET_HEADER,
    AttemptResult,
    ErrorCode,
    WebhookRequest,
    inbox_name,
    receivers_for,
    send_all,
)
from .rejections import event_not_found, field_error, invalid_argument
from .subscriptions import check_endpoint, get_subscription

__all__ = [
    "BATCH_SIZE",
    "PROBE_RESOURCE_ID",
    "WebhookDeliveries",
    "create_deliveries",
    "get_retry_policy",
    "probe_endpoint",
    "replay_event",
    "run_due",
    "set_retry_policy",
]

#: Deliveries read and recorded together; the scheduler calls again while more are due.
BATCH_SIZE = 1000
#: The `resourceId` of a probe's sample event: no resource.
PROBE_RESOURCE_ID = "00000000-0000-0000-0000-000000000000"
_POLICY_KEY = "retry_policy"


# -- the policy in force ----------------------------------------------------------------


def _policy_key(project_id: str | None) -> str:
    return _POLICY_KEY if project_id is None else f"{_POLICY_KEY}:{project_id}"


def get_retry_policy(
    env: Environment, db: Database | None = None, project_id: str | None = None
) -> RetryPolicy:
    """The retry policy new deliveries follow: the project's own (set through the Testing
    API), else the environment's (set from Python or the CLI), else the default."""
    keys = [_policy_key(project_id), _POLICY_KEY] if project_id else [_POLICY_KEY]
    for key in keys:
        row = (
            (db or env.store.db)
            .execute("SELECT value FROM webhook_settings WHERE key = ?", [key])
            .fetchone()
        )
        if row:
            return RetryPolicy.from_json(row[0])
    return DEFAULT_POLICY


def set_retry_policy(
    env: Environment, policy: RetryPolicy, project_id: str | None = None
) -> RetryPolicy:
    """Make `policy` the one new deliveries follow (deliveries under way keep theirs): of one
    project, or of the environment (every project without a policy of its own)."""
    with env.store.atomic() as db:
        db.table("webhook_settings").upsert(
            {"key": _policy_key(project_id), "value": policy.to_json()}, pk="key"
        )
    return policy


# -- creating deliveries ------------------------------------------------------------------


def _position(db: Database, kind: str) -> str:
    return f"{next_number(db, kind):012d}"


def _insert_delivery(
    env: Environment,
    db: Database,
    event: EventRow,
    subscription_id: str,
    policy: RetryPolicy,
    trigger: str,
) -> dict[str, Any]:
    now = env.now()
    row = {
        "id": env.new_id(db, "webhook_delivery"),
        "position": _position(db, "webhook_delivery_position"),
        "project_id": event["project_id"],
        "subscription_id": subscription_id,
        "event_id": event["id"],
        "event_type": event["event_type"],
        "resource_id": event["resource_id"],
        "event_date": event["event_date"],
        "trigger": trigger,
        "status": "Pending",
        "attempt_count": 0,
        "max_attempts": policy.max_attempts,
        "policy": policy.to_json(),
        # Due now: the scheduler (or the end of the API request) sends it, never the
        # emitting transaction.
        "next_attempt_at": now,
        "last_attempt_at": None,
        "created_at": now,
        "updated_at": now,
    }
    db.table("webhook_deliveries").insert(row)
    return row


def _subscribed(db: Database, project_id: str, event_type: str) -> list[str]:
    """The ids of the project's live, enabled subscriptions listing `event_type`, oldest
    first (one indexed lookup in `webhook_subscription_event_types`)."""
    rows = db.execute(
        "SELECT s.id FROM webhook_subscription_event_types t "
        "JOIN webhook_subscriptions s ON s.id = t.subscription_id "
        "WHERE t.project_id = ? AND t.event_type = ? AND s.status = 'Enabled' "
        "AND s.removed_at IS NULL ORDER BY s.created_at, s.id",
        [project_id, event_type],
    ).fetchall()
    return [row[0] for row in rows]


def create_deliveries(env: Environment, db: Database, event: EventRow) -> None:
    """The event listener: a delivery per matching enabled subscription, in the event's
    own transaction (so a rolled-back change leaves no delivery behind)."""
    matching = _subscribed(db, event["project_id"], event["event_type"])
    if not matching:
        return
    policy = get_retry_policy(env, db, event["project_id"])
    for subscription_id in matching:
        _insert_delivery(env, db, event, subscription_id, policy, "Event")


def _replayed_event(db: Database, project_id: str, event_id: str) -> tuple[EventRow, str | None]:
    """The event to send again, named by its id or by one of its log entries (then with the
    entry's subscription)."""
    events = list(rows_where(db, "events", "id = ? AND project_id = ?", [event_id, project_id]))
    if events:
        return events[0], None
    entries = list(
        db["webhook_attempts"].rows_where("id = ? AND project_id = ?", [event_id, project_id])
    )
    if entries:
        events = list(rows_where(db, "events", "id = ?", [entries[0]["event_id"]]))
        if events:
            return events[0], entries[0]["subscription_id"]
    raise Rejected(event_not_found(event_id))


def create_replays(
    env: Environment, project_id: str, event_id: str, subscription_id: str | None = None
) -> list[dict[str, Any]]:
    """New deliveries of an event (due now, with a fresh retry schedule): to one subscription,
    to the subscription of the log entry `event_id` names, or to every enabled subscription
    of the project listing the event type. `replay_event` also sends them."""
    with env.store.atomic() as db:
        event, logged_subscription = _replayed_event(db, project_id, event_id)
        chosen = subscription_id or logged_subscription
        if chosen is not None:
            subscription = get_subscription(env, project_id, chosen)
            if subscription["status"] != "Enabled":
                raise Rejected(_disabled(chosen, "enable it to replay events to it"))
            targets = [chosen]
        else:
            targets = _subscribed(db, project_id, event["event_type"])
            if not targets:
                raise Rejected(
                    invalid_argument(
                        [
                            field_error(
                                f"No enabled subscription lists {event['event_type']}: "
                                "name one with subscriptionId.",
                                "subscriptionId",
                            )
                        ]
                    )
                )
        policy = get_retry_policy(env, db, project_id)
        return [_insert_delivery(env, db, event, target, policy, "Replay") for target in targets]


def replay_event(
    env: Environment, project_id: str, event_id: str, subscription_id: str | None = None
) -> list[dict[str, Any]]:
    """Send an event again, now: `create_replays`, then each new delivery's first attempt at
    once (a failed one is retried by its policy, as any delivery). Returns the first attempts
    (log entries), oldest subscription first.

    The body is the event's own (same `eventId`): receivers must already expect duplicates,
    since delivery is at-least-once.
    """
    created = create_replays(env, project_id, event_id, subscription_id)
    run_due(env, delivery_ids=[row["id"] for row in created])
    ids = [row["id"] for row in created]
    marks = ", ".join("?" for _ in ids)
    return [
        dict(row)
        for row in env.store.db["webhook_attempts"].rows_where(
            f"delivery_id IN ({marks}) AND attempt_number = 1", ids, order_by="position"
        )
    ]


def _disabled(subscription_id: str, advice: str) -> dict[str, Any]:
    return invalid_argument(
        [
            field_error(
                f"Webhook subscription {subscription_id} is disabled: {advice}.", "subscriptionId"
            )
        ]
    )


# -- sending --------------------------------------------------------------------------------


def event_body(
    event_type: str, event_id: str, event_date: str, project_id: str, resource_id: str
) -> bytes:
    """The POST body: exactly the five fields of the real service."""
    return json.dumps(
        {
            "eventType": event_type,
            "eventId": event_id,
            "eventDate": event_date,
            "projectId": project_id,
            "resourceId": resource_id,
        },
        separators=(",", ":"),
    ).encode()


def request_headers(secret: str | None) -> dict[str, str]:
    """The headers of a POST: the secret's header only when there is a secret."""
    headers = {"Content-Type": "application/json"}
    if secret:
        headers[SECRET_HEADER] = secret
    return headers


def _logged_headers(headers: dict[str, str]) -> str:
    # The log shows that the secret was sent, never the secret.
    return json.dumps({k: ("***" if k == SECRET_HEADER else v) for k, v in headers.items()})


def _attempt_row(
    env: Environment,
    db: Database,
    *,
    base: dict[str, Any],
    request: WebhookRequest,
    result: AttemptResult,
    attempt_number: int,
    next_attempt_at: str | None,
    delivery_status: str | None,
) -> dict[str, Any]:
    return {
        "id": env.new_id(db, "webhook_attempt"),
        "position": _position(db, "webhook_attempt_position"),
        **base,
        "attempt_number": attempt_number,
        "endpoint_url": request.url,
        "request_headers": _logged_headers(request.headers),
        "request_body": request.body.decode(),
        "attempted_at": request.sent_at,
        "duration_ms": round(result.duration * 1000),
        "response_status": result.status,
        "response_body": result.body,
        "error_code": str(result.error_code) if result.error_code else None,
        "error": result.error,
        "succeeded": int(result.succeeded),
        "next_attempt_at": next_attempt_at,
        "delivery_status": delivery_status,
    }


def _summary(attempt: dict[str, Any], max_attempts: int) -> str:
    answer = attempt["response_status"] or attempt["error_code"]
    head = (
        f"{attempt['event_type']} -> {attempt['endpoint_url']}: {answer} "
        f"(attempt {attempt['attempt_number']} of {max_attempts})"
    )
    if attempt["succeeded"]:
        return f"{head}, delivered"
    if attempt["next_attempt_at"]:
        return f"{head}, retry at {attempt['next_attempt_at']}"
    return f"{head}, delivery failed"


def timeline_entry(env: Environment, attempt: dict[str, Any], max_attempts: int) -> dict[str, Any]:
    """One line of `Advance.timeline` (keys `at`, `work`, `summary` are the shared ones)."""
    return {
        "at": attempt["attempted_at"],
        "work": "webhooks",
        "environment": env.name.value,
        "project_id": attempt["project_id"],
        "summary": _summary(attempt, max_attempts),
        "attempt_id": attempt["id"],
        "delivery_id": attempt["delivery_id"],
        "event_id": attempt["event_id"],
        "event_type": attempt["event_type"],
        "subscription_id": attempt["subscription_id"],
        "endpoint_url": attempt["endpoint_url"],
        "attempt_number": attempt["attempt_number"],
        "max_attempts": max_attempts,
        "succeeded": bool(attempt["succeeded"]),
        "response_status": attempt["response_status"],
        "error_code": attempt["error_code"],
        "next_attempt_at": attempt["next_attempt_at"],
        "delivery_status": attempt["delivery_status"],
    }


_DUE_COLUMNS = (
    "SELECT d.id, d.project_id, d.subscription_id, d.event_id, d.event_type, d.resource_id, "
    "d.event_date, d.trigger, d.attempt_count, d.policy, s.endpoint_url, s.secret "
    "FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id "
    "WHERE d.status = 'Pending' AND d.next_attempt_at <= ? "
)
_DUE = _DUE_COLUMNS + "ORDER BY d.next_attempt_at, d.position LIMIT ?"


def virtual_duration(request: WebhookRequest, result: AttemptResult, policy: RetryPolicy) -> float:
    """The virtual time an attempt takes, which the next attempt counts from.

    An inbox's latency is virtual already. An HTTP call's measured duration never enters
    the simulated state (a replay could not reproduce it to the millisecond): a timed-out
    call took the policy's timeout, any other took no virtual time (docs/webhooks.md).
    """
    if inbox_name(request.url) is not None:
        return result.duration
    return float(policy.timeout) if result.error_code is ErrorCode.TIMEOUT else 0.0


def _assert_no_transaction(env: Environment) -> None:
    if env.store.db.conn.in_transaction:
        raise RuntimeError(
            "Webhooks are sent outside any transaction: an HTTP call must never hold "
            "the SQLite write lock. Fire due work after the transaction."
        )


def _due(env: Environment, now: str, delivery_ids: list[str] | None) -> Any:
    if delivery_ids is None:
        return env.store.db.execute(_DUE, [now, BATCH_SIZE])
    marks = ", ".join("?" for _ in delivery_ids)
    return env.store.db.execute(
        _DUE_COLUMNS + f"AND d.id IN ({marks}) ORDER BY d.position", [now, *delivery_ids]
    )


def run_due(env: Environment, delivery_ids: list[str] | None = None) -> list[dict[str, Any]]:
    """Attempt every delivery due at the clock's time (up to `BATCH_SIZE`), or only those of
    `delivery_ids` that are due; returns the timeline entries, in the order the attempts
    were recorded."""
    _assert_no_transaction(env)
    now = env.now()
    cursor = _due(env, now, delivery_ids)
    columns = [column[0] for column in cursor.description]
    due = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
    if not due:
        return []
    requests = []
    for delivery in due:
        policy = RetryPolicy.from_json(delivery["policy"])
        body = event_body(
            delivery["event_type"],
            delivery["event_id"],
            delivery["event_date"],
            delivery["project_id"],
            delivery["resource_id"],
        )
        request = WebhookRequest(
            delivery["endpoint_url"], request_headers(delivery["secret"]), body, now
        )
        requests.append((request, policy.timeout))
    results = send_all(env, requests)  # I/O: no transaction is open here
    started = parse_timestamp(now)
    timeline: list[dict[str, Any]] = []
    updates: list[tuple[Any, ...]] = []
    with env.store.atomic() as db:
        attempts = []
        for delivery, (request, _), result in zip(due, requests, results, strict=True):
            policy = RetryPolicy.from_json(delivery["policy"])
            number = delivery["attempt_count"] + 1
            next_at: str | None = None
            if result.succeeded:
                status = "Succeeded"
            else:
                delay = policy.delay_after(number)
                if delay is None:
                    status = "Failed"
                else:
                    status = "Pending"
                    ended = started + timedelta(seconds=virtual_duration(request, result, policy))
                    next_at = format_timestamp(ended + timedelta(seconds=delay))
            attempt = _attempt_row(
                env,
                db,
                base={
                    "project_id": delivery["project_id"],
                    "delivery_id": delivery["id"],
                    "subscription_id": delivery["subscription_id"],
                    "event_id": delivery["event_id"],
                    "event_type": delivery["event_type"],
                    "resource_id": delivery["resource_id"],
                    "kind": "Replay" if delivery["trigger"] == "Replay" else "Delivery",
                },
                request=request,
                result=result,
                attempt_number=number,
                next_attempt_at=next_at,
                delivery_status=status,
            )
            attempts.append(attempt)
            updates.append(
                (status, number, next_at, now, now, delivery["id"], delivery["attempt_count"])
            )
            timeline.append(timeline_entry(env, attempt, policy.max_attempts))
        # Guarded by the attempt count: if another process recorded this attempt first, its
        # record stands (the receiver got one more copy: delivery is at-least-once).
        db.conn.executemany(
            "UPDATE webhook_deliveries SET status = ?, attempt_count = ?, next_attempt_at = ?, "
            "last_attempt_at = ?, updated_at = ? "
            "WHERE id = ? AND status = 'Pending' AND attempt_count = ?",
            updates,
        )
        db.table("webhook_attempts").insert_all(attempts)
        record_attempts(env, db, attempts)  # the request journal (docs/bug-reports.md)
    return timeline


class WebhookDeliveries:
    """The scheduler's view of webhook deliveries (plugged in by `install_webhooks`)."""

    name = "webhooks"

    def next_due(self, env: Environment) -> str | None:
        # The same join as the batch query, so nothing reported due is left unsent.
        row = env.store.db.execute(
            "SELECT d.next_attempt_at FROM webhook_deliveries d "
            "JOIN webhook_subscriptions s ON s.id = d.subscription_id "
            "WHERE d.status = 'Pending' ORDER BY d.next_attempt_at LIMIT 1"
        ).fetchone()
        return row[0] if row else None

    def run_due(self, env: Environment) -> list[dict[str, Any]]:
        return run_due(env)

    def __repr__(self) -> str:
        return "<DueWork webhooks>"


# -- the probe ------------------------------------------------------------------------------

#: The event type of a probe's sample event.
PROBE_EVENT_TYPE = "Account.Updated"


def probe_endpoint(
    env: Environment, project_id: str, endpoint: str, secret: str | None = None
) -> dict[str, Any]:
    """POST a sample event to `endpoint` at once, once, with no retry, as
    `probeWebhookEndpoint` does; returns `event_id`, `response_status` (None without an
    answer) and the `result`. The endpoint follows a subscription's rules (else an
    `InvalidArgumentRejection`, and nothing is sent). The sample names no journaled event
    (its `resourceId` is `PROBE_RESOURCE_ID`) and is not in the event log: it belongs to
    no subscription."""
    _assert_no_transaction(env)
    errors = check_endpoint(endpoint, receivers_for(env).outbound)
    if secret is not None and not secret:
        errors.append(
            field_error("A secret is 1 to 256 characters (leave it out for none).", "secret")
        )
    if errors:
        raise Rejected(invalid_argument(errors))
    with env.store.atomic() as db:
        sample_id = env.new_id(db, "webhook_probe")
    now = env.now()
    request = WebhookRequest(
        endpoint.strip(),
        request_headers(secret),
        event_body(PROBE_EVENT_TYPE, sample_id, now, project_id, PROBE_RESOURCE_ID),
        now,
    )
    policy = get_retry_policy(env, project_id=project_id)
    [result] = send_all(env, [(request, policy.timeout)])
    record_probe(env, project_id, request, result)  # a report plays its answer back
    return {"event_id": sample_id, "response_status": result.status, "result": result}

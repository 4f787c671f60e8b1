"""Testing API: the webhook retry policy, the deliveries, in-process inboxes, and the
timeline of what fired while the clock moved.

The timeline of `advanceClock` / `setClock` shows only the caller's own work: entries of the
other environment, or of another project, are left out.
"""

from __future__ import annotations

import json
from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from graphql import GraphQLError

from ..api.connections import connection
from ..api.context import RequestContext
from ..api.mutations import returns_rejections
from ..domain.kernel.rejections import Rejected, rejection, validation_error
from ..exceptions import ConfigurationError
from ..graphql_compat import ResolveInfo
from ..webhooks import delivery, log
from ..webhooks.policy import POLICIES, RetryPolicy, get_policy
from ..webhooks.receivers import SECRET_HEADER, Inbox, receivers_for
from ..webhooks.subscriptions import _INBOX_NAME
from .resolvers import validation_rejection

__all__ = ["bindables"]

query = QueryType()
mutation = MutationType()
timeline_entry = ObjectType("TimelineEntry")
clock_payload = ObjectType("ClockSuccessPayload")
inbox_type = ObjectType("WebhookInbox")
delivery_type = ObjectType("WebhookDelivery")

bindables = [query, mutation, timeline_entry, clock_payload, inbox_type, delivery_type]


# -- the timeline -------------------------------------------------------------------------


@clock_payload.field("timeline")
def resolve_timeline(payload: dict[str, Any], info: ResolveInfo) -> list[dict[str, Any]]:
    ctx: RequestContext = info.context
    mine = ctx.environment.name.value
    return [
        entry
        for entry in payload.get("timeline") or []
        if entry.get("environment", mine) == mine
        and entry.get("project_id", ctx.principal.project_id) == ctx.principal.project_id
    ]


@timeline_entry.field("work")
def resolve_work(entry: dict[str, Any], _: ResolveInfo) -> str:
    return str(entry.get("work") or "unknown")


@timeline_entry.field("summary")
def resolve_summary(entry: dict[str, Any], _: ResolveInfo) -> str:
    return str(entry.get("summary") or json.dumps(entry, default=str))


@timeline_entry.field("webhookEventLogId")
def resolve_webhook_event_log_id(entry: dict[str, Any], _: ResolveInfo) -> str | None:
    if entry.get("work") != "webhooks" or not entry.get("attempt_id"):
        return None
    return str(entry["attempt_id"])


# -- the policy -------------------------------------------------------------------------


@query.field("webhookRetryPolicy")
def resolve_policy(_: Any, info: ResolveInfo) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return delivery.get_retry_policy(ctx.environment, project_id=ctx.principal.project_id).as_dict()


@query.field("webhookRetryPolicies")
def resolve_policies(*_: Any) -> list[dict[str, Any]]:
    return [policy.as_dict() for policy in POLICIES.values()]


@mutation.field("setWebhookRetryPolicy")
@returns_rejections
def resolve_set_policy(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    name = input["name"]
    delays = input.get("delays_seconds")
    timeout = input.get("timeout_seconds")
    try:
        if delays is None and timeout is None:
            policy = get_policy(name)
        elif name in POLICIES:
            raise ConfigurationError(
                f"{name!r} is a built-in policy: give a custom policy another name."
            )
        else:
            policy = RetryPolicy(
                name, delays=tuple(delays or ()), timeout=15.0 if timeout is None else timeout
            )
    except ConfigurationError as error:
        raise Rejected(validation_rejection(error, ["input"])) from None
    # The caller's own policy: another project's deliveries keep theirs.
    delivery.set_retry_policy(ctx.environment, policy, ctx.principal.project_id)
    return {"__typename": "SetWebhookRetryPolicySuccessPayload", "policy": policy.as_dict()}


# -- deliveries -------------------------------------------------------------------------


@query.field("webhookDeliveries")
def resolve_deliveries(
    _: Any,
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    keywords = {key: value for key, value in (filters or {}).items() if value is not None}
    page = log.deliveries_page(
        ctx.environment, ctx.principal.project_id, first=first, after=after, **keywords
    )
    return connection(page)


@delivery_type.field("policy")
def resolve_delivery_policy(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    policy = row["policy"]
    text = policy if isinstance(policy, str) else json.dumps(policy)
    return RetryPolicy.from_json(text).as_dict()


@delivery_type.field("retryCount")
def resolve_delivery_retry_count(row: dict[str, Any], _: ResolveInfo) -> int:
    return max(int(row["attempt_count"]) - 1, 0)


@delivery_type.field("webhookEventLogIds")
def resolve_delivery_log_ids(row: dict[str, Any], info: ResolveInfo) -> list[str]:
    ctx: RequestContext = info.context
    return [
        attempt["id"]
        for attempt in log.list_attempts(ctx.environment, row["project_id"], delivery_id=row["id"])
    ]


# -- inboxes ------------------------------------------------------------------------------


def _inbox(ctx: RequestContext, name: str) -> Inbox:
    if not _INBOX_NAME.fullmatch(name):
        raise ConfigurationError(
            f"Invalid inbox name {name!r}: letters, digits, '.', '_' or '-' (at most 64)."
        )
    return receivers_for(ctx.environment).inbox(name)


def _used_by_another_project(ctx: RequestContext, inbox: Inbox) -> bool:
    """Does another project's live subscription deliver to this inbox? Then scripting it
    would change that project's deliveries: the caller may not."""
    return bool(
        ctx.environment.store.db.execute(
            "SELECT 1 FROM webhook_subscriptions WHERE endpoint_url = ? AND project_id != ? "
            "AND removed_at IS NULL LIMIT 1",
            [inbox.url, ctx.principal.project_id],
        ).fetchone()
    )


def _inbox_view(ctx: RequestContext, inbox: Inbox) -> dict[str, Any]:
    # Inboxes are shared by name; a project sees only what was sent for it.
    mine = ctx.principal.project_id
    received = [item for item in inbox if item.project_id == mine]
    return {
        "name": inbox.name,
        "url": inbox.url,
        "received_count": len(received),
        "accepted_count": sum(1 for item in received if item.accepted),
        "received": [
            {
                "at": item.at,
                "event_type": item.event_type,
                "event_id": item.event_id,
                "resource_id": item.resource_id,
                "body": json.dumps(item.body),
                "had_secret": SECRET_HEADER in item.headers,  # case-insensitive
                "status": item.status,
                "timed_out": item.timed_out,
                "accepted": item.accepted,
            }
            for item in received
        ],
    }


@query.field("webhookInbox")
def resolve_inbox(_: Any, info: ResolveInfo, name: str) -> dict[str, Any]:
    try:
        return _inbox_view(info.context, _inbox(info.context, name))
    except ConfigurationError as error:
        raise GraphQLError(str(error), extensions={"code": "BAD_USER_INPUT"}) from None


@mutation.field("configureWebhookInbox")
@returns_rejections
def resolve_configure_inbox(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    behaviour = input["behaviour"]
    times = input.get("times")
    status = input.get("status")
    latency = input.get("latency_seconds")
    try:
        inbox = _inbox(ctx, input["name"])
        if _used_by_another_project(ctx, inbox):
            raise Rejected(_inbox_not_yours(inbox))
        if times is not None and times < 0:
            raise ConfigurationError("times cannot be negative.")
        if status is not None and not 100 <= status <= 599:
            raise ConfigurationError("status is an HTTP status code, 100 to 599.")
        if behaviour == "Succeed":
            if status is not None and not 200 <= status < 300:
                raise ConfigurationError("A succeeding status is a 2xx.")
            if times is None and status is None:
                inbox.succeed()
            else:
                inbox.answer(status or 200, times)
        elif behaviour == "Fail":
            inbox.fail(times, status=500 if status is None else status)
        elif behaviour == "Slow":
            if latency is None or latency < 0:
                raise ConfigurationError("Slow needs latencySeconds (0 or more).")
            inbox.slow(latency, times, status=status or 200)
        else:
            inbox.fail(times, error="connection")
    except (ConfigurationError, ValueError) as error:
        raise Rejected(validation_rejection(error, ["input"])) from None
    if input.get("clear"):
        inbox.clear(ctx.principal.project_id)
    return {"__typename": "ConfigureWebhookInboxSuccessPayload", "inbox": _inbox_view(ctx, inbox)}


def _inbox_not_yours(inbox: Inbox) -> dict[str, Any]:
    message = (
        f"The inbox {inbox.name} receives another project's webhooks: choose a name of your own."
    )
    return rejection(
        "ValidationRejection",
        message,
        fields=[validation_error("InboxInUse", message, ["input", "name"])],
    )

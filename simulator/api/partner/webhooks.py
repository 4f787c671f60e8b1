"""Webhook subscriptions, the delivery log, replay and probes on the partner API.

Webhooks belong to the project: they are managed with a project access token. A user token
gets a `ForbiddenRejection` from the mutations and a `FORBIDDEN` error from the queries.
The object types (`WebhookSubscription`, `WebhookDelivery`, ...) are shared with the Testing
API, which imports `object_bindables` from here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable
from graphql import GraphQLError, GraphQLResolveInfo

from ...domain.events import EVENT_TYPES
from ...domain.rejections import Rejected, rejection
from ...storage import integer
from ...webhooks import delivery, log, subscriptions
from ...webhooks.policy import RetryPolicy
from ..connections import connection
from ..context import RequestContext
from ..mutations import returns_rejections
from . import mutation, query

__all__ = ["bindables", "object_bindables"]

subscription_type = ObjectType("WebhookSubscription")
delivery_type = ObjectType("WebhookDelivery")
attempt_type = ObjectType("WebhookDeliveryAttempt")
policy_type = ObjectType("WebhookRetryPolicy")

#: The shared object types' resolvers (the Testing API binds them too).
object_bindables: list[ObjectType] = [subscription_type, delivery_type, attempt_type, policy_type]
bindables: Sequence[SchemaBindable] = object_bindables

_FORBIDDEN = "Webhooks belong to the project: manage them with a project access token."


# -- object types ---------------------------------------------------------------------


@delivery_type.field("subscription")
def resolve_delivery_subscription(
    row: dict[str, Any], info: GraphQLResolveInfo
) -> dict[str, Any] | None:
    ctx: RequestContext = info.context
    try:
        return subscriptions.get_subscription(
            ctx.environment, row["project_id"], row["subscription_id"]
        )
    except Rejected:
        return None


@delivery_type.field("policy")
def resolve_delivery_policy(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    policy = row["policy"]
    text = policy if isinstance(policy, str) else json.dumps(policy)
    return RetryPolicy.from_json(text).as_dict()


@delivery_type.field("retryCount")
def resolve_delivery_retry_count(row: dict[str, Any], _: GraphQLResolveInfo) -> int:
    return max(integer(row, "attempt_count") - 1, 0)


@delivery_type.field("attempts")
def resolve_delivery_attempts(
    row: dict[str, Any], info: GraphQLResolveInfo
) -> list[dict[str, Any]]:
    ctx: RequestContext = info.context
    return log.list_attempts(ctx.environment, row["project_id"], delivery_id=row["id"])


@attempt_type.field("requestHeaders")
def resolve_attempt_headers(row: dict[str, Any], _: GraphQLResolveInfo) -> list[dict[str, str]]:
    headers = row["request_headers"]
    if isinstance(headers, str):
        headers = json.loads(headers or "{}")
    return [{"name": name, "value": value} for name, value in headers.items()]


@attempt_type.field("retryCount")
def resolve_attempt_retry_count(row: dict[str, Any], _: GraphQLResolveInfo) -> int:
    return integer(row, "attempt_number") - 1


@attempt_type.field("succeeded")
def resolve_attempt_succeeded(row: dict[str, Any], _: GraphQLResolveInfo) -> bool:
    return bool(row["succeeded"])


# -- helpers ------------------------------------------------------------------------------


def project_of(ctx: RequestContext) -> str:
    """The caller's project, for a query; a user token is a FORBIDDEN error."""
    if ctx.principal.user_id is not None:
        raise GraphQLError(_FORBIDDEN, extensions={"code": "FORBIDDEN"})
    return ctx.principal.project_id


def _project_for_mutation(ctx: RequestContext) -> str:
    if ctx.principal.user_id is not None:
        raise Rejected(rejection("ForbiddenRejection", _FORBIDDEN))
    return ctx.principal.project_id


def _filters(filters: dict[str, Any] | None) -> dict[str, Any]:
    return {key: value for key, value in (filters or {}).items() if value is not None}


def delivery_log(
    ctx: RequestContext,
    project_id: str,
    first: int | None,
    after: str | None,
    filters: dict[str, Any] | None,
) -> dict[str, Any]:
    page = log.attempts_page(
        ctx.environment, project_id, first=first, after=after, **_filters(filters)
    )
    return connection(page)


def deliveries(
    ctx: RequestContext,
    project_id: str,
    first: int | None,
    after: str | None,
    filters: dict[str, Any] | None,
) -> dict[str, Any]:
    page = log.deliveries_page(
        ctx.environment, project_id, first=first, after=after, **_filters(filters)
    )
    return connection(page)


# -- queries ---------------------------------------------------------------------------------


@query.field("webhookSubscriptions")
def resolve_subscriptions(
    _: Any, info: GraphQLResolveInfo, first: int | None = None, after: str | None = None
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    page = subscriptions.subscriptions_page(
        ctx.environment, project_of(ctx), first=first, after=after
    )
    return connection(page, subscriptions.decode)


@query.field("webhookSubscription")
def resolve_subscription(
    _: Any, info: GraphQLResolveInfo, subscription_id: str
) -> dict[str, Any] | None:
    ctx: RequestContext = info.context
    project_id = project_of(ctx)
    try:
        return subscriptions.get_subscription(ctx.environment, project_id, subscription_id)
    except Rejected as rejected:
        raise GraphQLError(str(rejected), extensions={"code": "NOT_FOUND"}) from None


@query.field("webhookDeliveryLog")
def resolve_delivery_log(
    _: Any,
    info: GraphQLResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return delivery_log(ctx, project_of(ctx), first, after, filters)


@query.field("webhookDeliveries")
def resolve_deliveries(
    _: Any,
    info: GraphQLResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return deliveries(ctx, project_of(ctx), first, after, filters)


@query.field("webhookEventTypes")
def resolve_event_types(*_: Any) -> list[str]:
    return list(EVENT_TYPES)


# -- mutations -------------------------------------------------------------------------------


@mutation.field("addWebhookSubscription")
@returns_rejections
def resolve_add(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    created = subscriptions.add_subscription(
        ctx.environment,
        _project_for_mutation(ctx),
        label=input["label"],
        endpoint_url=input["endpoint_url"],
        secret=input["secret"],
        event_types=input["event_types"],
        status=input.get("status") or "Enabled",
    )
    return {"__typename": "AddWebhookSubscriptionSuccessPayload", "webhook_subscription": created}


@mutation.field("updateWebhookSubscription")
@returns_rejections
def resolve_update(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    updated = subscriptions.update_subscription(
        ctx.environment,
        _project_for_mutation(ctx),
        input["subscription_id"],
        label=input.get("label"),
        endpoint_url=input.get("endpoint_url"),
        secret=input.get("secret"),
        event_types=input.get("event_types"),
        status=input.get("status"),
    )
    return {
        "__typename": "UpdateWebhookSubscriptionSuccessPayload",
        "webhook_subscription": updated,
    }


@mutation.field("removeWebhookSubscription")
@returns_rejections
def resolve_remove(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    removed = subscriptions.remove_subscription(
        ctx.environment, _project_for_mutation(ctx), input["subscription_id"]
    )
    return {
        "__typename": "RemoveWebhookSubscriptionSuccessPayload",
        "subscription_id": removed["id"],
    }


@mutation.field("replayWebhookEvent")
@returns_rejections
def resolve_replay(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    created = delivery.replay_event(
        ctx.environment,
        _project_for_mutation(ctx),
        input["event_id"],
        input.get("subscription_id"),
    )
    # Due now: sent once this answer is on its way (see server.due_work).
    return {"__typename": "ReplayWebhookEventSuccessPayload", "deliveries": created}


@mutation.field("testWebhookSubscription")
def resolve_test(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    try:
        project_id = _project_for_mutation(ctx)
        # Operations run in a worker thread: the probe waits on the receiver, not the loop.
        attempt = delivery.probe(
            ctx.environment,
            project_id,
            input["subscription_id"],
            input.get("event_type"),
        )
    except Rejected as rejected:
        return rejected.payload
    return {"__typename": "TestWebhookSubscriptionSuccessPayload", "attempt": attempt}

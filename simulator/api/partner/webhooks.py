"""The webhook API of the partner API: subscriptions, the event log, replay and probes.

Webhooks belong to the project: they are managed with a project access token. A user token
gets a `FORBIDDEN` error (the real unions have no member for it). Names and shapes are the
real service's (docs/webhooks.md); the domain rows keep the simulator's column names
(`endpoint_url`, `attempted_at`, ...), mapped here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable
from graphql import GraphQLError

from ...domain.kernel.events import EVENT_TYPES
from ...domain.kernel.rejections import Rejected, rejection
from ...exceptions import SimulatorError
from ...graphql_compat import ResolveInfo
from ...webhooks import delivery, log, subscriptions
from ..connections import connection
from ..context import RequestContext
from ..mutations import returns_rejections

__all__ = ["bindables", "event_logs"]

query = QueryType()
mutation = MutationType()

subscription_type = ObjectType("WebhookSubscription")
status_info_type = InterfaceType("WebhookSubscriptionStatusInfo")
event_log_type = ObjectType("WebhookEventLog")

bindables: Sequence[SchemaBindable] = [
    query,
    mutation,
    subscription_type,
    status_info_type,
    event_log_type,
]

_FORBIDDEN = "Webhooks belong to the project: manage them with a project access token."
_STATUS_INFO = {
    "Enabled": ("WebhookSubscriptionEnabledStatusInfo", "enabled_at"),
    "Disabled": ("WebhookSubscriptionDisabledStatusInfo", "disabled_at"),
    "Broken": ("WebhookSubscriptionBrokenStatusInfo", "broken_at"),
}


def project_of(ctx: RequestContext) -> str:
    """The caller's project; a user token is a FORBIDDEN error."""
    if ctx.principal.user_id is not None:
        raise GraphQLError(_FORBIDDEN, extensions={"code": "FORBIDDEN"})
    return ctx.principal.project_id


def event_logs(
    ctx: RequestContext,
    project_id: str,
    first: int,
    after: str | None,
    filters: dict[str, Any] | None,
    **fixed: Any,
) -> dict[str, Any]:
    """One page of the project's event log (`fixed`: filters the caller may not change)."""
    try:
        keywords = {**log.event_log_filters(filters), **fixed}
    except (SimulatorError, ValueError) as error:
        raise GraphQLError(str(error), extensions={"code": "BAD_USER_INPUT"}) from None
    page = log.attempts_page(ctx.environment, project_id, first=first, after=after, **keywords)
    return connection(page, log.decode_attempt)


# -- WebhookSubscription -----------------------------------------------------------------


@subscription_type.field("endpoint")
def resolve_endpoint(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row["endpoint_url"])


@subscription_type.field("statusInfo")
def resolve_status_info(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    type_name, moment = _STATUS_INFO[row["status"]]
    return {"__typename": type_name, "status": row["status"], moment: row["status_changed_at"]}


@subscription_type.field("kpi")
def resolve_kpi(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    return log.subscription_kpi(info.context.environment, row["id"])


@subscription_type.field("webhookEventLogs")
def resolve_subscription_logs(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return event_logs(
        info.context, row["project_id"], first, after, filters, subscription_id=row["id"]
    )


@status_info_type.type_resolver
def resolve_status_info_type(value: dict[str, Any], *_: Any) -> str:
    return str(value["__typename"])


# -- WebhookEventLog ------------------------------------------------------------------------


def _logged_subscription(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    """The entry's subscription, removed or not (the log still names it), cached per row."""
    if "_subscription" not in row:
        found = list(
            info.context.environment.store.db["webhook_subscriptions"].rows_where(
                "id = ?", [row["subscription_id"]]
            )
        )
        row["_subscription"] = subscriptions.decode(found[0]) if found else None
    subscription: dict[str, Any] | None = row["_subscription"]
    return subscription


@event_log_type.field("createdAt")
def resolve_log_created_at(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row["attempted_at"])


@event_log_type.field("duration")
def resolve_log_duration(row: dict[str, Any], _: ResolveInfo) -> int:
    return int(row["duration_ms"])


@event_log_type.field("eventDate")
def resolve_log_event_date(row: dict[str, Any], _: ResolveInfo) -> str:
    # The body sent is the event's own: its date is in it.
    return str(json.loads(row["request_body"]).get("eventDate") or row["attempted_at"])


@event_log_type.field("requestPayload")
def resolve_log_request(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row["request_body"])


@event_log_type.field("responsePayload")
def resolve_log_response(row: dict[str, Any], _: ResolveInfo) -> str | None:
    body = row["response_body"]
    return None if body is None else str(body)


@event_log_type.field("retryCount")
def resolve_log_retry_count(row: dict[str, Any], _: ResolveInfo) -> int:
    return int(row["attempt_number"]) - 1


@event_log_type.field("statusCode")
def resolve_log_status_code(row: dict[str, Any], _: ResolveInfo) -> int | None:
    status = row["response_status"]
    return None if status is None else int(status)


@event_log_type.field("statusText")
def resolve_log_status_text(row: dict[str, Any], _: ResolveInfo) -> str:
    return "Success" if row["succeeded"] else "Failure"


@event_log_type.field("webhookSubscription")
def resolve_log_subscription(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    subscription = _logged_subscription(row, info)
    return None if subscription is None or subscription["removed_at"] else subscription


@event_log_type.field("webhookSubscriptionEndpoint")
def resolve_log_endpoint(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row["endpoint_url"])  # the URL the attempt went to


@event_log_type.field("webhookSubscriptionLabel")
def resolve_log_label(row: dict[str, Any], info: ResolveInfo) -> str | None:
    subscription = _logged_subscription(row, info)
    return None if subscription is None else str(subscription["label"])


# -- queries ---------------------------------------------------------------------------------


@query.field("webhookSubscriptions")
def resolve_subscriptions(
    _: Any, info: ResolveInfo, first: int = 50, after: str | None = None
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    page = subscriptions.subscriptions_page(
        ctx.environment, project_of(ctx), first=first, after=after
    )
    return connection(page, subscriptions.decode)


@query.field("webhookSubscription")
def resolve_subscription(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    ctx: RequestContext = info.context
    try:
        return subscriptions.get_subscription(ctx.environment, project_of(ctx), id)
    except Rejected:
        return None


@query.field("webhookEventLogs")
def resolve_event_logs(
    _: Any,
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return event_logs(ctx, project_of(ctx), first, after, filters)


@query.field("webhookEventLog")
def resolve_event_log(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    ctx: RequestContext = info.context
    return log.get_attempt(ctx.environment, project_of(ctx), id)


@query.field("webhookEventTypes")
def resolve_event_types(*_: Any) -> list[str]:
    return list(EVENT_TYPES)


# -- mutations -------------------------------------------------------------------------------


def _success(subscription: dict[str, Any]) -> dict[str, Any]:
    return {"__typename": "WebhookSubscriptionSuccessPayload", "webhook_subscription": subscription}


@mutation.field("addWebhookSubscription")
@returns_rejections
def resolve_add(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    created = subscriptions.add_subscription(
        ctx.environment,
        project_of(ctx),
        label=input["label"],
        endpoint_url=input["endpoint"],
        secret=input.get("secret"),
        event_types=input["event_types"],
        status=input["status"],
    )
    return _success(created)


@mutation.field("updateWebhookSubscription")
@returns_rejections
def resolve_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    updated = subscriptions.update_subscription(
        ctx.environment,
        project_of(ctx),
        input["id"],
        label=input["label"],
        endpoint_url=input["endpoint"],
        secret=input.get("secret"),  # None: the current secret stays
        event_types=input["event_types"],
        status=input["status"],
    )
    return _success(updated)


@mutation.field("removeWebhookSubscription")
@returns_rejections
def resolve_remove(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    subscriptions.remove_subscription(
        ctx.environment, project_of(ctx), input["webhook_subscription_id"]
    )
    return {
        "__typename": "RemoveWebhookSubscriptionSuccessPayload",
        "subscription_removed_successfully": True,
    }


@mutation.field("replayWebhookEvent")
@returns_rejections
def resolve_replay(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    # Operations run in a worker thread: the attempt waits on the receiver, not the loop.
    attempts = delivery.replay_event(
        ctx.environment,
        project_of(ctx),
        input["webhook_event_id"],
        input.get("subscription_id"),
    )
    if not attempts:  # another process sent the new deliveries first: they are in the log
        return rejection("InternalErrorRejection", "The replay was sent but not recorded here.")
    first = attempts[0]
    return {
        "__typename": "ReplayWebhookEventSuccessPayload",
        "webhook_event_log_entry_id": first["id"],
        "endpoint_status": first["response_status"],
    }


@mutation.field("probeWebhookEndpoint")
@returns_rejections
def resolve_probe(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    probed = delivery.probe_endpoint(
        ctx.environment, project_of(ctx), input["endpoint"], input.get("secret")
    )
    return {
        "__typename": "ProbeWebhookEndpointSuccessPayload",
        "event_id": probed["event_id"],
        "response_status": probed["response_status"],
    }

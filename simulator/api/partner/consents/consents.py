"""Consents and the cancelConsent mutation."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.consents import consent_actions, server_consent
from ....domain.consents import consents as domain
from ....graphql_compat import ResolveInfo
from ...context import RequestContext
from ...mutations import returns_rejections
from .._helpers import connection_resolver, item_resolver, row_resolver

query = QueryType()
mutation = MutationType()

consent = ObjectType("Consent")
bindables: list[SchemaBindable] = [query, mutation, consent]


def consent_url(ctx: RequestContext, consent_id: str) -> str:
    return f"{ctx.base_url}/oauth2/consents/{consent_id}"


@consent.field("consentUrl")
def resolve_consent_url(row: dict[str, Any], info: ResolveInfo) -> str:
    return consent_url(info.context, row["id"])


@consent.field("challenge")
def resolve_challenge(row: dict[str, Any], _: ResolveInfo) -> str:
    return server_consent.challenge(row["id"])


@consent.field("requireSCA")
def resolve_require_sca(row: dict[str, Any], _: ResolveInfo) -> bool:
    return bool(row["require_sca"])


#: The time field of each final status, from the row's `finished_at`.
_FINISHED_FIELDS = {
    "acceptedAt": ("Accepted",),
    "refusedAt": ("CustomerRefused", "CredentialRefused"),
    "canceledAt": ("Canceled",),
    "expiredAt": ("Expired",),
}


def _finished_at(statuses: tuple[str, ...]) -> Any:
    def resolve(row: dict[str, Any], _: ResolveInfo) -> str | None:
        return row.get("finished_at") if row["status"] in statuses else None

    return resolve


for _field, _statuses in _FINISHED_FIELDS.items():
    consent.set_field(_field, _finished_at(_statuses))
consent.set_field("user", row_resolver("users", "user_id"))


@consent.field("userId")
def resolve_user_id(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row.get("user_id") or "")


query.set_field("consent", item_resolver(domain.get_consent))
query.set_field("consents", connection_resolver(domain.list_consents))


@mutation.field("cancelConsent")
@returns_rejections
def resolve_cancel_consent(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    cancelled = domain.cancel_consent(ctx.environment, ctx.principal, input["consent_id"])
    return {"__typename": "CancelConsentSuccessPayload", "consent": cancelled}


@mutation.field("acceptConsent")
@returns_rejections
def resolve_accept_consent(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    accepted = consent_actions.accept_consent(ctx.environment, ctx.principal, input["consent_id"])
    return {"__typename": "AcceptConsentSuccessPayload", "consent": accepted}


@mutation.field("createMultiConsent")
@returns_rejections
def resolve_create_multi_consent(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    ordered = [
        (item["consent_id"], item.get("order") or 0) for item in input["ordered_consent_ids"]
    ]
    parent = consent_actions.create_multi_consent(
        ctx.environment, ctx.principal, ordered, input["redirect_url"]
    )
    return {"__typename": "CreateMultiConsentSuccessPayload", "consent": parent}


@mutation.field("grantConsentWithServerSignature")
@returns_rejections
def resolve_grant_with_server_signature(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    granted = server_consent.grant(
        ctx.environment, ctx.principal, input["consent_id"], input["signature"]
    )
    return {"__typename": "GrantConsentWithServerSignatureSuccessPayload", "consent": granted}

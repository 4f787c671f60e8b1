"""Consents and the cancelConsent mutation."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from graphql import GraphQLResolveInfo

from ...domain import consents as domain
from ..connections import connection
from ..context import RequestContext
from ..mutations import returns_rejections
from . import mutation, query

consent = ObjectType("Consent")
bindables = [consent]


def consent_url(ctx: RequestContext, consent_id: str) -> str:
    return f"{ctx.base_url}/oauth2/consents/{consent_id}"


@consent.field("consentUrl")
def resolve_consent_url(row: dict[str, Any], info: GraphQLResolveInfo) -> str:
    return consent_url(info.context, row["id"])


@consent.field("requireSCA")
def resolve_require_sca(row: dict[str, Any], _: GraphQLResolveInfo) -> bool:
    return bool(row["require_sca"])


@query.field("consent")
def resolve_consent(_: Any, info: GraphQLResolveInfo, consent_id: str) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return domain.get_consent(ctx.environment, ctx.principal, consent_id)


@query.field("consents")
def resolve_consents(
    _: Any,
    info: GraphQLResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return connection(
        domain.list_consents(
            ctx.environment, ctx.principal, first=first, after=after, filters=filters
        )
    )


@mutation.field("cancelConsent")
@returns_rejections
def resolve_cancel_consent(
    _: Any, info: GraphQLResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    cancelled = domain.cancel_consent(ctx.environment, ctx.principal, input["consent_id"])
    return {"__typename": "CancelConsentSuccessPayload", "consent": cancelled}

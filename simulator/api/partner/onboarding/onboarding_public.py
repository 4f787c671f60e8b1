"""Public onboarding mutations and `legalForms` (docs/onboarding.md, "Public onboarding").

The real service takes the public mutations without a token (a sign-up form on the
partner's site), and so does the simulator: a tokenless call of these fields runs as the
project it names (`server/public_calls.py`). With a token, `projectId` must be the
token's project, so every operation stays scoped to its caller.
"""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, QueryType
from ariadne.types import SchemaBindable
from graphql import GraphQLError

from ....domain.onboarding import onboarding as domain
from ....domain.onboarding.onboarding_public import check_public_onboarding, legal_forms
from ....graphql_compat import ResolveInfo
from ...mutations import returns_rejections
from .._helpers import caller
from .onboarding import onboarding_node, updated_onboarding

query = QueryType()
mutation = MutationType()

#: No object types of its own: the onboardings are `onboarding.py`'s.
bindables: list[SchemaBindable] = [query, mutation]


@query.field("legalForms")
def resolve_legal_forms(_: Any, __: ResolveInfo, country: Any) -> list[dict[str, Any]]:
    if not isinstance(country, str):
        # CCA3 is a free scalar: GraphQL lets a list or an object through.
        raise GraphQLError(
            "country must be an ISO 3166-1 alpha-3 code such as FRA.",
            extensions={"code": "BAD_USER_INPUT"},
        )
    return legal_forms(country)


def _created(kind: str, input: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    if not principal.project_id:  # a tokenless call naming no project of this environment
        raise GraphQLError(
            "projectId names no project of this environment.",
            extensions={"code": "BAD_USER_INPUT"},
        )
    if input["project_id"] != principal.project_id:
        # Not a rejection of the real union: the simulator's own rule (a token is required).
        raise GraphQLError(
            "projectId must be the id of the project whose token calls (the simulator asks "
            "for a token on public onboarding; see projectInfo { id }).",
            extensions={"code": "FORBIDDEN"},
        )
    check_public_onboarding(env.store.db, principal.project_id)
    row = domain.create_onboarding(
        env,
        principal,
        "Company" if kind == "Company" else "Individual",
        account_info=input["account_info"],
        account_admin=input.get("account_admin"),
        company=input.get("company"),
    )
    payload = f"CreatePublic{kind}AccountHolderOnboardingSuccessPayload"
    return {"__typename": payload, "onboarding": onboarding_node(row)}


@mutation.field("createPublicIndividualAccountHolderOnboarding")
@returns_rejections
def resolve_create_individual(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _created("Individual", input, info)


@mutation.field("createPublicCompanyAccountHolderOnboarding")
@returns_rejections
def resolve_create_company(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _created("Company", input, info)


def _updated(kind: str, input: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    check_public_onboarding(env.store.db, principal.project_id)
    payload = f"UpdatePublic{kind}AccountHolderOnboardingSuccessPayload"
    return updated_onboarding(kind, input, info, payload)


@mutation.field("updatePublicIndividualAccountHolderOnboarding")
@returns_rejections
def resolve_update_individual(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _updated("Individual", input, info)


@mutation.field("updatePublicCompanyAccountHolderOnboarding")
@returns_rejections
def resolve_update_company(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _updated("Company", input, info)

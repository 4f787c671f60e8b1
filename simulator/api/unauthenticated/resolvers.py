"""The unauthenticated API's resolvers: every resource is found by its own id, never by a
caller (there is none), and what it reaches is what that id's project holds.

Its own root fields (`projectInfoById`, `onboardingInfo`, `nonEEACountries`, the
`unauthenticated...` mutations) are bound here. The root fields it shares with the partner
API (`supportingDocumentCollection`, the supporting document mutations) run the partner
API's resolvers as the project that owns the named resource (`as_owner`): an id of no
resource runs them as no project, so they find nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ...domain.kernel.context import Principal
from ...domain.kernel.countries import CCA3_CODES
from ...domain.kernel.rejections import Rejected, rejection
from ...domain.onboarding.onboarding_public import check_public_onboarding
from ...exceptions import NotFound
from ...graphql_compat import ResolveInfo
from ..context import RequestContext
from ..mutations import returns_rejections
from ..partner.accounts import statements
from ..partner.onboarding import onboarding_legacy

query = QueryType()
mutation = MutationType()
onboarding_info = ObjectType("OnboardingInfo")
membership = ObjectType("AccountMembership")
bindables: list[SchemaBindable] = [query, mutation, onboarding_info, membership]

#: The level recommended for a legal representative or a member: the strongest the
#: onboarding accepts (`legalRepresentativeAcceptedIdentificationLevels`: Expert, QES),
#: Expert being the one every Sandbox user can pass.
RECOMMENDED_LEVEL = "Expert"
onboarding_info.set_field(
    "legalRepresentativeRecommendedIdentificationLevel", lambda *_: RECOMMENDED_LEVEL
)
membership.set_field("recommendedIdentificationLevel", lambda *_: RECOMMENDED_LEVEL)

#: The European Economic Area: the 27 members of the European Union, Iceland, Liechtenstein
#: and Norway.
EEA_COUNTRIES = frozenset(
    """
    AUT BEL BGR HRV CYP CZE DNK EST FIN FRA DEU GRC HUN IRL ITA LVA LTU LUX MLT NLD POL PRT
    ROU SVK SVN ESP SWE ISL LIE NOR
    """.split()  # noqa: SIM905 (30 codes read better as a block)
)
Resolver = Callable[..., Any]


def _row(info: ResolveInfo, table: str, resource_id: Any) -> dict[str, Any] | None:
    """The row of `table` whose id is `resource_id`, in any project of the environment."""
    context: RequestContext = info.context
    if not isinstance(resource_id, str):
        return None
    rows = list(context.environment.store.db[table].rows_where("id = ?", [resource_id]))
    return rows[0] if rows else None


def _owner(info: ResolveInfo, table: str, resource_id: Any) -> str:
    """The project of the resource `resource_id` of `table`, or "" (no project) when none."""
    row = _row(info, table, resource_id)
    return str(row["project_id"]) if row else ""


def as_project(info: ResolveInfo, project_id: str) -> ResolveInfo:
    """`info` whose context calls as `project_id` (a project token's principal)."""
    context: RequestContext = info.context
    principal = Principal(context.environment.name, project_id)
    return info._replace(context=dataclasses.replace(context, principal=principal))


def as_owner(resolver: Resolver, table: str, id_of: Callable[[dict[str, Any]], Any]) -> Resolver:
    """`resolver` run as the project owning the `table` row whose id `id_of(arguments)` gives."""

    def resolve(parent: Any, info: ResolveInfo, **arguments: Any) -> Any:
        owner = _owner(info, table, id_of(arguments))
        return resolver(parent, as_project(info, owner), **arguments)

    return resolve


def as_row_owner(resolver: Resolver) -> Resolver:
    """`resolver` of a nested field, run as the project whose row its parent is (a row
    carries `project_id`): a field reached from a resource named by id reads that
    resource's project, never another one, whoever asks."""

    def resolve(parent: Any, info: ResolveInfo, **arguments: Any) -> Any:
        owner = parent.get("project_id") if isinstance(parent, dict) else None
        if isinstance(owner, str):
            info = as_project(info, owner)
        return resolver(parent, info, **arguments)

    return resolve


def _input_id(key: str) -> Callable[[dict[str, Any]], Any]:
    return lambda arguments: (arguments.get("input") or {}).get(key)


#: The partner API's root fields served here too, each run as the owner of the id it names.
SHARED_ROOTS: dict[str, dict[str, tuple[str, Callable[[dict[str, Any]], Any]]]] = {
    "Query": {
        "supportingDocumentCollection": (
            "supporting_document_collections",
            lambda arguments: arguments.get("id"),
        ),
        "merchantPaymentLink": ("merchant_payment_links", lambda arguments: arguments.get("id")),
    },
    "Mutation": {
        "generateSupportingDocumentUploadUrl": (
            "supporting_document_collections",
            _input_id("supporting_document_collection_id"),
        ),
        "deleteSupportingDocument": ("supporting_documents", _input_id("id")),
        "requestSupportingDocumentCollectionReview": (
            "supporting_document_collections",
            _input_id("supporting_document_collection_id"),
        ),
    },
}


@query.field("projectInfoById")
def resolve_project_info(_: Any, info: ResolveInfo, id: str) -> dict[str, Any]:
    context: RequestContext = info.context
    if _row(info, "projects", id) is None:
        raise NotFound(f"No project {id} in {context.environment.name.title}.")
    project: dict[str, Any] = statements.resolve_project_info(None, as_project(info, id))
    return project


@query.field("onboardingInfo")
def resolve_onboarding_info(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    return _row(info, "onboardings", id)


@query.field("nonEEACountries")
def resolve_non_eea(*_: Any) -> list[str]:
    return sorted(CCA3_CODES - EEA_COUNTRIES)


def _onboard(kind: str, info: ResolveInfo, input: dict[str, Any] | None) -> dict[str, Any]:
    context: RequestContext = info.context
    project_id = str((input or {}).get("project_id"))
    if input is None or _row(info, "projects", project_id) is None:
        message = "projectId names no project of this environment."
        field = {"code": "InvalidType", "message": message, "path": ["input", "projectId"]}
        raise Rejected(rejection("ValidationRejection", message, fields=[field]))
    check_public_onboarding(context.environment.store.db, project_id)
    values = {"account_country": input.get("account_country") or "FRA"}
    resolver = (
        onboarding_legacy.resolve_onboard_company
        if kind == "Company"
        else onboarding_legacy.resolve_onboard_individual
    )
    payload: dict[str, Any] = resolver(None, as_project(info, project_id), input=values)
    return _renamed(payload, f"UnauthenticatedOnboardPublic{kind}AccountHolderSuccessPayload")


def _renamed(payload: dict[str, Any], success: str) -> dict[str, Any]:
    """The partner resolver's success payload under this API's name; its rejections as
    they are."""
    if "onboarding" in payload and not payload["__typename"].endswith("Rejection"):
        return {**payload, "__typename": success}
    return payload


@mutation.field("unauthenticatedOnboardPublicIndividualAccountHolder")
@returns_rejections
def resolve_onboard_individual(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _onboard("Individual", info, input)


@mutation.field("unauthenticatedOnboardPublicCompanyAccountHolder")
@returns_rejections
def resolve_onboard_company(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _onboard("Company", info, input)


def _update(kind: str, info: ResolveInfo, input: dict[str, Any] | None) -> dict[str, Any]:
    values = input or {}
    owner = _owner(info, "onboardings", values.get("onboarding_id"))
    resolver = (
        onboarding_legacy.resolve_update_company
        if kind == "Company"
        else onboarding_legacy.resolve_update_individual
    )
    payload: dict[str, Any] = resolver(None, as_project(info, owner), input=values)
    return _renamed(payload, f"UnauthenticatedUpdate{kind}OnboardingSuccessPayload")


@mutation.field("unauthenticatedUpdateIndividualOnboarding")
def resolve_update_individual(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _update("Individual", info, input)


@mutation.field("unauthenticatedUpdateCompanyOnboarding")
def resolve_update_company(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _update("Company", info, input)

"""The older onboarding operations (`onboardIndividualAccountHolder`, `updateIndividualOnboarding`,
`finalizeOnboarding`, `onboarding`, ...), deprecated in the real schema, over the same
onboardings as the account holder onboarding operations (docs/onboarding.md, "Older names").

They differ in shape, not in rules: the admin's email and language are top-level fields,
the names come from the user who signs in with the onboarding URL, unknown onboardings are
`ForbiddenRejection`s, and `finalizeOnboarding` takes that user's access token.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable
from ariadne.utils import convert_camel_case_to_snake

from ....domain.kernel.rejections import Rejected, rejection
from ....domain.onboarding import company_people
from ....domain.onboarding import onboarding as domain
from ....exceptions import NotFound
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import AccountHolderRow, OnboardingRow
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import caller
from . import onboarding as current

#: What a wrapped resolver returns: a row or a payload, handed on as it is.
_Payload = TypeVar("_Payload", bound=Mapping[str, Any])

query = QueryType()
mutation = MutationType()

legacy = ObjectType("Onboarding")
legacy_info = ObjectType("OnboardingInfo")
address = ObjectType("AddressInfo")
address_information = ObjectType("AddressInformation")
holder_info = InterfaceType("OnboardingAccountHolderInfo")
bindables: list[SchemaBindable] = [
    query,
    mutation,
    legacy,
    legacy_info,
    address,
    address_information,
    holder_info,
]

LANGUAGES = ("de", "en", "es", "fi", "fr", "it", "nl", "pt")
_ADMIN_FIELDS = (
    "email",
    "employmentStatus",
    "monthlyIncome",
    "residencyAddress",
    "taxIdentificationNumber",
    "acquisitionChannel",
)
_COMPANY_FIELDS = (
    "name",
    "registrationNumber",
    "tradeName",
    "vatNumber",
    "taxIdentificationNumber",
    "businessActivityDescription",
    "companyType",
    "isRegistered",
    "monthlyPaymentVolume",
    "residencyAddress",
    "typeOfRepresentation",
)


def _camel_key(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _camel(values: dict[str, Any]) -> dict[str, Any]:
    """Input fields (snake_case from the GraphQL layer) as stored JSON keys, nested too."""
    return {
        _camel_key(key): _camel(value) if isinstance(value, dict) else value
        for key, value in values.items()
        if value is not None
    }


def _language(values: dict[str, Any]) -> str | None:
    language = values.get("language")
    if language is not None and language not in LANGUAGES:
        raise Rejected(
            rejection(
                "ValidationRejection",
                f"language must be one of {', '.join(LANGUAGES)}.",
                fields=[
                    {
                        "code": "InvalidString",
                        "message": "Not an account language.",
                        "path": ["input", "language"],
                    }
                ],
            )
        )
    return language


def _admin(values: dict[str, Any]) -> dict[str, Any]:
    admin = {key: value for key, value in values.items() if key in _ADMIN_FIELDS}
    language = _language(values)
    return {**admin, "preferredLanguage": language} if language else admin


def _company(values: dict[str, Any], today: str) -> dict[str, Any]:
    """The company fields kept, with its people, addresses and activity checked
    (`company_people`: a ValidationRejection for a bad one, nothing changed)."""
    kept = {key: value for key, value in values.items() if key in _COMPANY_FIELDS}
    return kept | company_people.checked(values, today)


def _translated(call: Callable[[], _Payload]) -> _Payload:
    """Run `call`, answering the domain's rejections as the older unions name them."""
    try:
        return call()
    except Rejected as rejected:
        payload = rejected.payload
        kind = payload["__typename"]
        if kind == "OnboardingNotFoundRejection":
            message = f"No onboarding {payload['id']} of the right kind in this project."
            raise Rejected(rejection("ForbiddenRejection", message)) from None
        if kind == "OnboardingAlreadyFinalizedRejection":
            raise Rejected(
                rejection("ValidationRejection", payload["message"], fields=[])
            ) from None
        if kind == "OnboardingNotReadyForFinalizationRejection":
            row = payload["onboarding"]
            raise Rejected(
                rejection(
                    "OnboardingNotCompletedRejection",
                    payload["message"],
                    onboarding=row,
                    onboarding_id=row["id"],
                )
            ) from None
        raise


def _onboard(kind: str, input: dict[str, Any] | None, info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    values = _camel(input or {})
    redirect = input.get("o_auth_redirect_parameters") if input else None
    row = domain.create_onboarding(
        env,
        principal,
        "Company" if kind == "Company" else "Individual",
        account_info={
            "country": values.get("accountCountry", "FRA"),
            "name": values.get("accountName"),
        },
        account_admin=_admin(values),
        company=_company(values, env.now()) if kind == "Company" else None,
        redirect=redirect,
        validation_version="V1",  # the older onboarding's rules (docs/onboarding.md)
    )
    return {"__typename": f"Onboard{kind}AccountHolderSuccessPayload", "onboarding": row}


@mutation.field("onboardIndividualAccountHolder")
@returns_rejections
def resolve_onboard_individual(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _onboard("Individual", input, info)


@mutation.field("onboardCompanyAccountHolder")
@returns_rejections
def resolve_onboard_company(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _onboard("Company", input, info)


def _update(kind: str, input: dict[str, Any] | None, info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    values = _camel(input or {})
    account_info = {"country": values.get("accountCountry"), "name": values.get("accountName")}
    row = _translated(
        lambda: domain.update_onboarding(
            env,
            principal,
            values.get("onboardingId", ""),
            account_info=account_info,
            account_admin=_admin(values),
            company=_company(values, env.now()) if kind == "Company" else None,
            expected_type=kind,
        )
    )
    return {"__typename": f"Update{kind}OnboardingSuccessPayload", "onboarding": row}


@mutation.field("updateIndividualOnboarding")
@returns_rejections
def resolve_update_individual(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _update("Individual", input, info)


@mutation.field("updateCompanyOnboarding")
@returns_rejections
def resolve_update_company(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _update("Company", input, info)


@mutation.field("finalizeOnboarding")
@returns_rejections
def resolve_finalize(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    onboarding_id = input["onboarding_id"]
    row = domain.find_onboarding(env.store.db, principal.project_id, onboarding_id)
    if principal.user_id is None or (
        row is not None and row.get("user_id") not in (None, principal.user_id)
    ):
        message = (
            "finalizeOnboarding takes the user access token of the user who opened the "
            "onboarding URL (or use finalizeAccountHolderOnboarding)."
        )
        raise Rejected(rejection("ForbiddenRejection", message))
    done = _translated(lambda: domain.finalize_onboarding(env, principal, onboarding_id))
    return {"__typename": "FinalizeOnboardingSuccessPayload", "onboarding": done}


@query.field("onboarding")
def resolve_onboarding(_: Any, info: ResolveInfo, id: str) -> OnboardingRow:
    env, principal = caller(info)
    row = domain.find_onboarding(env.store.db, principal.project_id, id)
    if row is None:
        raise NotFound(f"No onboarding {id} in this project.")
    return row


@query.field("onboardings")
def resolve_onboardings(
    _: Any,
    info: ResolveInfo,
    first: int,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    page = domain.list_onboardings(
        env,
        principal,
        first=first,
        after=after,
        before=before,
        filters=filters,
        descending=(order_by or {}).get("direction") == "Desc",
    )
    return connection(page, lambda row: row)


# --- the older shapes --------------------------------------------------------------------


def _snake_key(key: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in key)


def _holder_info(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    if row["type"] == "Company":
        values = domain.stored_json(row, "company")
        typename = "OnboardingCompanyAccountHolderInfo"
    else:
        values = domain.stored_json(row, "account_admin")
        typename = "OnboardingIndividualAccountHolderInfo"
    fields = {_snake_key(key): value for key, value in values.items()}
    if row["type"] == "Company":
        fields |= _company_people(values)
    return {**fields, "__typename": typename, "type": row["type"]}


def _company_people(values: dict[str, Any]) -> dict[str, Any]:
    """The company's people, address and activities as the older info shows them."""
    category = values.get("businessActivity")
    owners = values.get("individualUltimateBeneficialOwners")
    people = values.get("representatives")
    return {
        "business_activity": values.get("legacyBusinessActivity")
        or company_people.ACTIVITY_OF.get(category or ""),
        "business_activity_category": category,
        "individual_ultimate_beneficial_owners": None
        if owners is None
        else [company_people.owner_shown(owner) for owner in owners],
        "representatives": None
        if people is None
        else [company_people.representative_shown(person) for person in people],
        "legal_representative_personal_address": company_people.address_shown(
            values.get("legalRepresentativePersonalAddress")
        ),
    }


def _language_of(row: dict[str, Any], _: ResolveInfo) -> str | None:
    language = domain.stored_json(row, "account_admin").get("preferredLanguage")
    return str(language) if language else None


def _holder(row: dict[str, Any], info: ResolveInfo) -> AccountHolderRow | None:
    env, _ = caller(info)
    return get_row(env.store.db, "account_holders", row["holder_id"]) if row["holder_id"] else None


def _levels(_: dict[str, Any], __: ResolveInfo) -> list[str]:
    return ["Expert", "QES"]


for shape in (legacy, legacy_info):
    shape.set_field("statusInfo", current.status_info)
    shape.set_field("accountCountry", lambda row, _: row["account_country"])
    shape.set_field("info", _holder_info)
    shape.set_field("language", _language_of)
    shape.set_field("onboardingUrl", current.onboarding_url)
    shape.set_field("oAuthRedirectParameters", current.redirect_parameters)
    shape.set_field("supportingDocumentCollection", current.collection_of)
    shape.set_field("tcuUrl", current.terms_url)
    shape.set_field("legalRepresentativeAcceptedIdentificationLevels", _levels)
legacy.set_field("account", current.account_of)
legacy.set_field("accountHolder", _holder)


def _address_part(values: dict[str, Any], name: str) -> Any:
    return values.get(name, values.get(convert_camel_case_to_snake(name)))


# An address is stored with its input's keys: camelCase at the top of a stored input,
# snake_case when it was nested in another input (a company's, a related person's).
for field in ("addressLine1", "addressLine2", "city", "postalCode", "state", "country"):
    for shape in (address, address_information):
        shape.set_field(
            field,
            lambda values, _, name=field: values.get(
                name, values.get(convert_camel_case_to_snake(name))
            ),
        )


@holder_info.type_resolver
def resolve_holder_info_type(value: dict[str, Any], *_: Any) -> str:
    return str(value["__typename"])

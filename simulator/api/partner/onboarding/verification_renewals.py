"""`verificationRenewal` and the mutations answering a renewal
(`domain/onboarding/verification_renewals.py`)."""

from __future__ import annotations

import json
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType, UnionType
from ariadne.types import SchemaBindable

from ....domain.onboarding import verification_renewals as domain
from ....graphql_compat import ResolveInfo
from ....storage import rows_where
from ....storage.rows import SupportingDocumentCollectionRow, VerificationRenewalRow
from ...mutations import returns_rejections
from .._helpers import caller
from ..accounts.accounts import COUNTRY_CODES

__all__ = ["bindables"]

query = QueryType()
mutation = MutationType()
renewal = InterfaceType("VerificationRenewal")
info_union = UnionType("VerificationRenewalInfo")
info_base = InterfaceType("VerificationRenewalInfoBase")
waiting = ObjectType("WaitingForInformationVerificationRenewal")
completed = ObjectType("CompletedVerificationRenewal")
refused = ObjectType("RefusedVerificationRenewal")
bindables: list[SchemaBindable] = [
    query,
    mutation,
    renewal,
    info_union,
    info_base,
    waiting,
    completed,
    refused,
]


@renewal.type_resolver
def resolve_renewal_type(row: VerificationRenewalRow, *_: Any) -> str:
    return f"{row['status']}VerificationRenewal"


@info_union.type_resolver
@info_base.type_resolver
def resolve_info_type(info: dict[str, Any], *_: Any) -> str:
    return f"{info['type']}VerificationRenewalInfo"


@renewal.field("info")
def resolve_info(row: VerificationRenewalRow, _: ResolveInfo) -> dict[str, Any]:
    info = domain.info_of(row)
    if "company" in info:
        info["company"]["verification_renewal_id"] = row["id"]
    return info


@completed.field("completedAt")
@refused.field("refusedAt")
def resolve_decided_at(row: VerificationRenewalRow, _: ResolveInfo) -> str | None:
    return row["status_at"]


@waiting.field("verificationRequirements")
def resolve_requirements(row: VerificationRenewalRow, _: ResolveInfo) -> list[str]:
    requirements: list[str] = json.loads(row["requirements"] or "[]")
    return requirements


@waiting.field("supportingDocumentCollection")
def resolve_collection(
    row: VerificationRenewalRow, info: ResolveInfo
) -> SupportingDocumentCollectionRow | None:
    if not row["collection_id"]:
        return None
    env, _ = caller(info)
    found = list(
        rows_where(
            env.store.db, "supporting_document_collections", "id = ?", [row["collection_id"]]
        )
    )
    return found[0] if found else None


@waiting.field("accountCountries")
def resolve_countries(row: VerificationRenewalRow, info: ResolveInfo) -> list[str]:
    env, _ = caller(info)
    return [
        COUNTRY_CODES.get(country, country)
        for (country,) in env.store.db.execute(
            "SELECT DISTINCT country FROM accounts WHERE holder_id = ? ORDER BY country",
            [row["account_holder_id"]],
        ).fetchall()
        if country
    ]


@query.field("verificationRenewal")
def resolve_renewal(_: Any, info: ResolveInfo, id: str) -> VerificationRenewalRow | None:
    env, principal = caller(info)
    return domain.get_renewal(env, principal, id)


def _answers(input: dict[str, Any], *names: str) -> dict[str, Any]:
    return {name: input[name] for name in names if input.get(name) is not None}


@mutation.field("updateIndividualVerificationRenewal")
@returns_rejections
def resolve_update_individual(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    given = _answers(input, "account_admin", "additional_details")
    row = domain.update(env, principal, input["verification_renewal_id"], "Individual", given)
    return {
        "__typename": "UpdateIndividualVerificationRenewalSuccessPayload",
        "verification_renewal": row,
    }


@mutation.field("updateCompanyVerificationRenewal")
@returns_rejections
def resolve_update_company(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    given = _answers(input, "account_admin", "company", "additional_details")
    row = domain.update(env, principal, input["verification_renewal_id"], "Company", given)
    return {
        "__typename": "UpdateCompanyVerificationRenewalSuccessPayload",
        "verification_renewal": row,
    }


@mutation.field("finalizeVerificationRenewal")
@returns_rejections
def resolve_finalize(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.finalize(env, principal, input["verification_renewal_id"])
    return {"__typename": "FinalizeVerificationRenewalSuccessPayload", "verification_renewal": row}

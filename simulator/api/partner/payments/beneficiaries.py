"""ibanValidation, verifyBeneficiary, trustedBeneficiary and addTrustedSepaBeneficiary(ies)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.payments import beneficiaries as domain
from ....graphql_compat import ResolveInfo
from ....storage.rows import TrustedBeneficiaryRow
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import caller, consent_row
from ..accounts.accounts import transactions_connection

query = QueryType()
mutation = MutationType()

trusted_sepa = ObjectType("TrustedSepaBeneficiary")
account = ObjectType("Account")
reachability = ObjectType("Reachability")
bindables: list[SchemaBindable] = [query, mutation, trusted_sepa, account, reachability]


@reachability.field("sepaDirectDebitB2b")
def resolve_b2b(row: Mapping[str, Any], _: ResolveInfo) -> bool:
    # The default resolver would read `sepa_direct_debit_b_2_b` (Ariadne splits digits).
    return bool(row["sepa_direct_debit_b2b"])


@account.field("trustedBeneficiaries")
def resolve_account_beneficiaries(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
    offset: int | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    wanted = dict(filters or {})
    currency = wanted.pop("currency", None)
    if currency == "EUR":  # SEPA beneficiaries are EUR ones, international ones never
        wanted["type"] = [kind for kind in wanted.get("type") or ["Sepa"] if kind == "Sepa"]
        wanted["type"] = wanted["type"] or ["-"]
    elif currency is not None:
        wanted["currency"] = currency
    page = domain.list_trusted_beneficiaries(
        env,
        principal,
        row["id"],
        first=first,
        after=after,
        filters=wanted,
        descending=(order_by or {}).get("direction") == "Desc",
        offset=offset,
    )
    return connection(page, _node)


@query.field("ibanValidation")
def resolve_iban_validation(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    if not input or not input.get("iban"):
        return None
    return domain.iban_validation(str(input["iban"]))


@query.field("trustedBeneficiary")
def resolve_trusted_beneficiary(_: Any, info: ResolveInfo, id: str) -> dict[str, Any]:
    env, principal = caller(info)
    return _node(domain.get_trusted_beneficiary(env, principal, id))


def _node(row: TrustedBeneficiaryRow) -> dict[str, Any]:
    return {**row, "__typename": f"Trusted{row['type']}Beneficiary"}


@trusted_sepa.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = row["status"]
    return {
        "__typename": f"TrustedBeneficiary{status}StatusInfo",
        "status": status,
        "consent": consent_row(env, row.get("consent_id")),
        "enabled_at": row["updated_at"],
        "canceled_at": row["updated_at"],
    }


@trusted_sepa.field("address")
def resolve_address(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    address: dict[str, Any] | None = json.loads(row["address"]) if row.get("address") else None
    return address


@trusted_sepa.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    scope = {"account_id": row["account_id"], "counterparty_iban": row["iban"]}
    return transactions_connection(info, scope, first, after, filters, None)


@mutation.field("verifyBeneficiary")
@returns_rejections
def resolve_verify(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    beneficiary = dict(input.get("beneficiary") or {})
    swan_account = beneficiary.pop("swan_account", None)
    if swan_account:
        # An account of this bank is verified by its IBAN, like any SEPA beneficiary.
        iban = env.store.db.execute(
            "SELECT iban FROM accounts WHERE project_id = ? AND number = ?",
            [principal.project_id, swan_account.get("account_number")],
        ).fetchone()
        beneficiary["sepa"] = {"name": swan_account.get("name"), "iban": iban[0] if iban else ""}
    row = domain.verify_beneficiary(env, principal, beneficiary)
    return {
        "__typename": "VerifyBeneficiarySuccessPayload",
        "beneficiary_verification_token": row["token"],
        "expires_at": row["expires_at"],
        "verify_beneficiary_result": verification_result(row),
    }


def verification_result(row: Mapping[str, Any]) -> dict[str, Any]:
    """The `VerifyBeneficiaryResult` object of a stored beneficiary verification."""
    status = row["status"]
    typename = "NotPossible" if status == "VerificationNotPossible" else status
    return {
        "__typename": f"VerifyBeneficiary{typename}",
        "status": status,
        "name_suggestion": row["name_suggestion"],
    }


@mutation.field("addTrustedSepaBeneficiary")
@returns_rejections
def resolve_add_one(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    beneficiary = {key: input.get(key) for key in ("name", "iban", "label", "address")}
    [saved] = domain.add_trusted_sepa_beneficiaries(
        env,
        principal,
        input["account_id"],
        [beneficiary],
        consent_redirect_url=input["consent_redirect_url"],
        path=["input"],
    )
    return {"__typename": "AddTrustedSepaBeneficiarySuccessPayload", "trusted_beneficiary": saved}


@mutation.field("addTrustedSepaBeneficiaries")
@returns_rejections
def resolve_add_many(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    saved = domain.add_trusted_sepa_beneficiaries(
        env,
        principal,
        input["account_id"],
        input.get("sepa_beneficiaries") or [],
        consent_redirect_url=input["consent_redirect_url"],
        path=["input", "sepaBeneficiaries"],
    )
    return {
        "__typename": "AddTrustedSepaBeneficiariesSuccessPayload",
        "trusted_beneficiaries": saved,
    }

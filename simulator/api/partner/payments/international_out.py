"""International transfers sent outside the SEPA zone: the quote and forms queries,
initiateInternationalCreditTransfer, addTrustedInternationalBeneficiary, and the
TrustedInternationalBeneficiary type."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.kernel.rejections import Rejected
from ....domain.payments import international_out as domain
from ....exceptions import NotFound, SimulatorError
from ....graphql_compat import ResolveInfo
from ...mutations import returns_rejections
from .._helpers import caller, consent_row
from ..accounts.accounts import transactions_connection

query = QueryType()
mutation = MutationType()
trusted = ObjectType("TrustedInternationalBeneficiary")
# Every form field carries its concrete type in `__typename` (international_forms).
field_interface = InterfaceType("Field", lambda row, *_: row["__typename"])
bindables: list[SchemaBindable] = [query, mutation, trusted, field_interface]


def _answered(compute: Callable[[], Any]) -> Any:
    """A query's answer; a rejection becomes the query's error (a not-found resource, or
    an argument it cannot use), since the real queries have no rejection unions."""
    try:
        return compute()
    except Rejected as rejected:
        message = str(rejected.payload["message"])
        if rejected.payload["__typename"].endswith("NotFoundRejection"):
            raise NotFound(message) from None
        fields = rejected.payload.get("fields") or []
        details = "; ".join(f"{'.'.join(map(str, f['path']))}: {f['message']}" for f in fields)
        raise SimulatorError(f"{message} {details}".strip()) from None


@query.field("internationalCreditTransferQuote")
def resolve_quote(
    _: Any,
    info: ResolveInfo,
    account_id: str,
    target_amount: dict[str, Any],
    route: str | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    return _answered(  # type: ignore[no-any-return]
        lambda: domain.international_quote(env, principal, account_id, target_amount, route)
    )


@query.field("internationalBeneficiaryDynamicForms")
def resolve_beneficiary_forms(
    _: Any,
    info: ResolveInfo,
    account_id: str,
    amount: dict[str, Any],
    dynamic_fields: list[dict[str, Any]] | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    schemes = _answered(lambda: domain.beneficiary_forms(env, principal, account_id, amount))
    return {"schemes": schemes}


@query.field("internationalCreditTransferTransactionDetailsDynamicForm")
def resolve_details_form(
    _: Any,
    info: ResolveInfo,
    account_id: str,
    international_beneficiary: dict[str, Any],
    target_amount: dict[str, Any],
    refreshable_fields: list[dict[str, Any]] | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    return _answered(  # type: ignore[no-any-return]
        lambda: domain.transfer_details_form(
            env, principal, account_id, international_beneficiary, target_amount
        )
    )


@mutation.field("initiateInternationalCreditTransfer")
@returns_rejections
def resolve_initiate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    payment, quote = domain.initiate_international_transfer(env, principal, input)
    return {
        "__typename": "InitiateInternationalCreditTransferResponseSuccessPayload",
        "payment": payment,
        "quote": quote,
    }


@mutation.field("addTrustedInternationalBeneficiary")
@returns_rejections
def resolve_add_trusted(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.add_trusted_international_beneficiary(env, principal, input)
    return {
        "__typename": "AddTrustedInternationalBeneficiarySuccessPayload",
        "trusted_beneficiary": row,
    }


@trusted.field("statusInfo")
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


@trusted.field("details")
def resolve_details(row: dict[str, Any], _: ResolveInfo) -> list[dict[str, Any]]:
    details: list[dict[str, Any]] = json.loads(row.get("details") or "[]")
    return details


@trusted.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    scope = {"account_id": row["account_id"], "trusted_beneficiary_id": row["id"]}
    return transactions_connection(info, scope, first, after, filters, None)

"""Payments and initiateCreditTransfers."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.payments import beneficiaries as beneficiary_domain
from ....domain.payments import payments as domain
from ....domain.payments import refunds
from ....graphql_compat import ResolveInfo
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import caller, consent_row, item_resolver
from ..accounts.accounts import transactions_connection
from .beneficiaries import verification_result

query = QueryType()
mutation = MutationType()

payment = ObjectType("Payment")
bindables: list[SchemaBindable] = [query, mutation, payment]

#: The `PaymentStatusInfo` object type of each payment status.
_STATUS_INFO_TYPES = {
    "ConsentPending": "PaymentConsentPending",
    "Initiated": "PaymentInitiated",
    "Rejected": "PaymentRejected",
}

query.set_field("payment", item_resolver(domain.get_payment))


@query.field("payments")
def resolve_payments(
    _: Any,
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    descending = (order_by or {}).get("direction") == "Desc"
    page = domain.list_payments(
        env,
        principal,
        first=first,
        after=after,
        before=before,
        filters=filters,
        descending=descending,
    )
    return connection(page)


@payment.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return {
        "__typename": _STATUS_INFO_TYPES[row["status"]],
        "status": row["status"],
        "consent": consent_row(env, row.get("consent_id")),
        "reason": row.get("status_reason") or "Unknown",
    }


@payment.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return transactions_connection(info, {"payment_id": row["id"]}, first, after, filters, order_by)


@mutation.field("initiateCreditTransfers")
@returns_rejections
def resolve_initiate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    initiated, _consent = domain.initiate_credit_transfers(
        env,
        principal,
        input.get("account_id") or "",
        credit_transfers=input.get("credit_transfers") or [],
        consent_redirect_url=input["consent_redirect_url"],
        idempotency_key=input.get("idempotency_key"),
        account_number=input.get("account_number"),
    )
    tokens = [
        transfer.get("beneficiary_verification_token")
        for transfer in input.get("credit_transfers") or []
    ]
    return {
        "__typename": "InitiateCreditTransfersSuccessPayload",
        "payment": initiated,
        "beneficiary_verification_results": [
            verification_result(row) if row else None
            for row in beneficiary_domain.verifications(env, principal.project_id, tokens)
        ],
    }


@mutation.field("refund")
@returns_rejections
def resolve_refund(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    consent = refunds.refund(
        env,
        principal,
        input.get("refund_transactions") or [],
        consent_redirect_url=input["consent_redirect_url"],
    )
    return {"__typename": "RefundSuccessPayload", "consent": consent}

"""Merchant SEPA direct debit: the mandates a merchant declares
(`addSepaDirectDebitPaymentMandate`; read through `paymentMandate`) and the payments it
collects under them (`initiateSepaDirectDebitMerchantPayment`, `merchantPayment`,
`merchantPayments`, `cancelMerchantPayment`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ...domain.kernel.money import to_decimal
from ...domain.merchants import merchant_mandates, merchant_payments
from ...graphql_compat import ResolveInfo
from ...storage import get_row
from ...storage.rows import MerchantPaymentRow, MerchantProfileRow
from ..mutations import returns_rejections
from ._helpers import amount, caller, connection_resolver
from .accounts import transactions_connection
from .merchant_profiles import methods_typed

__all__ = ["bindables"]

query = QueryType()
mutation = MutationType()

payment = ObjectType("SepaDirectDebitMerchantPayment")
profile = ObjectType("MerchantProfile")
direct_debit = ObjectType("SEPADirectDebitTransaction")
# Every stored merchant payment is a SEPA direct debit one.
payment_interface = InterfaceType("MerchantPayment", lambda *_: payment.name)
bindables: list[SchemaBindable] = [
    query,
    mutation,
    payment,
    profile,
    direct_debit,
    payment_interface,
]

_ZERO = Decimal(0)


def _typed(row: MerchantPaymentRow) -> dict[str, Any]:
    return {**row, "__typename": payment.name}


@query.field("merchantPayment")
def resolve_payment(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    env, principal = caller(info)
    row = merchant_payments.get_merchant_payment(env, principal, id)
    return None if row is None else _typed(row)


query.set_field("merchantPayments", connection_resolver(merchant_payments.list_merchant_payments))
profile.set_field(
    "merchantPayments",
    connection_resolver(
        merchant_payments.list_merchant_payments, lambda row: {"merchant_profile_id": row["id"]}
    ),
)


@mutation.field("addSepaDirectDebitPaymentMandate")
@returns_rejections
def resolve_add_mandate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = merchant_mandates.add_sepa_mandate(env, principal, input)
    return {"__typename": "AddSepaDirectDebitPaymentMandateSuccessPayload", "payment_mandate": row}


@mutation.field("initiateSepaDirectDebitMerchantPayment")
@returns_rejections
def resolve_initiate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = merchant_payments.initiate_sepa_payment(env, principal, input)
    return {
        "__typename": "InitiateSepaDirectDebitMerchantPaymentSuccessPayload",
        "merchant_payment": _typed(row),
        # The deprecated field named the payment; the simulator's is the merchant payment.
        "payment_id": row["id"],
    }


@mutation.field("cancelMerchantPayment")
@returns_rejections
def resolve_cancel(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = merchant_payments.cancel_merchant_payment(
        env, principal, input["merchant_payment_id"], input.get("amount")
    )
    return {"__typename": "CancelMerchantPaymentSuccessPayload", "merchant_payment": _typed(row)}


@direct_debit.field("merchant")
def resolve_merchant(row: dict[str, Any], info: ResolveInfo) -> MerchantProfileRow | None:
    if not row.get("merchant_payment_id"):
        return None
    env, _ = caller(info)
    merchant_payment = get_row(env.store.db, "merchant_payments", row["merchant_payment_id"])
    return get_row(env.store.db, "merchant_profiles", merchant_payment["merchant_profile_id"])


# -- the payment's fields ---------------------------------------------------------------------

payment.set_field("amount", lambda row, _: amount(row["amount"]))
payment.set_field("paymentLink", lambda row, _: None)
payment.set_field("billingAddress", lambda row, _: None)
payment.set_field("refundedAt", lambda row, _: None)


@payment.field("merchantProfile")
def resolve_profile(row: dict[str, Any], info: ResolveInfo) -> MerchantProfileRow:
    env, _ = caller(info)
    return get_row(env.store.db, "merchant_profiles", row["merchant_profile_id"])


@payment.field("paymentMethod")
def resolve_method(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return methods_typed(
        get_row(env.store.db, "merchant_payment_methods", row["payment_method_id"])
    )


@payment.field("paymentMandate")
def resolve_mandate(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    mandate = get_row(env.store.db, "payment_mandates", row["payment_mandate_id"])
    return {**mandate, "__typename": "SEPAPaymentDirectDebitMandate"}


@payment.field("statusInfo")
def resolve_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    return {
        "__typename": f"MerchantPayment{status}",
        "status": status,
        "created_at": row["created_at"],
        "authorized_at": row.get("authorized_at"),
        "captured_at": row.get("captured_at"),
        "canceled_at": row.get("canceled_at"),
        "rejected_at": row.get("rejected_at"),
        "rejected_reason_code": row.get("rejected_reason"),
        "disputed_at": row.get("disputed_at"),
    }


@payment.field("balance")
def resolve_balance(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    value, status = to_decimal(row["amount"]), row["status"]
    captured = value if status in ("Captured", "Disputed") else _ZERO
    totals = {
        "available_to_cancel": value if status == "Initiated" else _ZERO,
        # A direct debit is captured by its booking, never by the merchant.
        "available_to_capture": _ZERO,
        "available_to_refund": _ZERO,
        "total_authorized": captured,
        "total_canceled": value if status == "Canceled" else _ZERO,
        "total_captured": captured,
        "total_disputed": value if status == "Disputed" else _ZERO,
        "total_refunded": _ZERO,
    }
    return {name: amount(total) for name, total in totals.items()}


@payment.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    scope = {"merchant_payment_id": row["id"]}
    return transactions_connection(info, scope, first, after, filters, order_by)

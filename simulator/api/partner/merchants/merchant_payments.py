"""Merchant SEPA direct debit: the mandates a merchant declares
(`addSepaDirectDebitPaymentMandate`; read through `paymentMandate`) and the payments it
collects under them (`initiateSepaDirectDebitMerchantPayment`, `merchantPayment`,
`merchantPayments`, `cancelMerchantPayment`)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.kernel.money import to_decimal
from ....domain.merchants import merchant_mandates, merchant_payment_records, merchant_payments
from ....exceptions import NotFound
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import MerchantPaymentRow, MerchantProfileRow
from ...mutations import returns_rejections
from .._helpers import amount, caller, connection_resolver
from ..accounts.accounts import transactions_connection
from ..funding.funding import payment_mandate_type
from .card_mandates import card_mandate
from .merchant_profiles import methods_typed

__all__ = ["bindables", "typed"]

query = QueryType()
mutation = MutationType()

#: Each kind of merchant payment's object type; they share every field resolver below.
payment_types = {
    kind: ObjectType(f"{kind}MerchantPayment") for kind in merchant_payment_records.KINDS
}
profile = ObjectType("MerchantProfile")
direct_debit = ObjectType("SEPADirectDebitTransaction")
three_ds = ObjectType("ThreeDS")
payment_interface = InterfaceType("MerchantPayment", lambda obj, *_: typed(obj)["__typename"])
bindables: list[SchemaBindable] = [
    query,
    mutation,
    *payment_types.values(),
    profile,
    direct_debit,
    three_ds,
    payment_interface,
]

_ZERO = Decimal(0)


def typed(row: MerchantPaymentRow) -> dict[str, Any]:
    """A merchant payment row tagged with its kind's object type."""
    return {**row, "__typename": f"{row.get('kind') or 'SepaDirectDebit'}MerchantPayment"}


@query.field("merchantPayment")
def resolve_payment(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    env, principal = caller(info)
    row = merchant_payments.get_merchant_payment(env, principal, id)
    return None if row is None else typed(row)


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
        "merchant_payment": typed(row),
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
    return {"__typename": "CancelMerchantPaymentSuccessPayload", "merchant_payment": typed(row)}


@direct_debit.field("merchant")
def resolve_merchant(row: dict[str, Any], info: ResolveInfo) -> MerchantProfileRow | None:
    if not row.get("merchant_payment_id"):
        return None
    env, _ = caller(info)
    merchant_payment = get_row(env.store.db, "merchant_payments", row["merchant_payment_id"])
    return get_row(env.store.db, "merchant_profiles", merchant_payment["merchant_profile_id"])


# -- the payment's fields ---------------------------------------------------------------------


def resolve_amount(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return amount(row["amount"])


def resolve_billing_address(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    return json.loads(row["billing_address"]) if row.get("billing_address") else None


def resolve_refunded_at(row: dict[str, Any], _: ResolveInfo) -> None:
    # The simulator refunds no merchant payment.
    return None


def resolve_link(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    if not row.get("payment_link_id"):
        return None
    env, _ = caller(info)
    return dict(get_row(env.store.db, "merchant_payment_links", row["payment_link_id"]))


def resolve_profile(row: dict[str, Any], info: ResolveInfo) -> MerchantProfileRow:
    env, _ = caller(info)
    return get_row(env.store.db, "merchant_profiles", row["merchant_profile_id"])


def resolve_method(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return methods_typed(
        get_row(env.store.db, "merchant_payment_methods", row["payment_method_id"])
    )


def resolve_mandate(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    if row.get("card_mandate_id"):
        return card_mandate(env.store.db, row)
    if not row.get("payment_mandate_id"):
        # A check has no mandate, yet the real schema types the (deprecated) field non-null:
        # a clear NOT_FOUND error, never a null that the client would see as a server error.
        raise NotFound(
            f"Merchant payment {row['id']} is a check: it has no payment mandate "
            "(CheckMerchantPayment.paymentMandate is deprecated)."
        )
    mandate = get_row(env.store.db, "payment_mandates", row["payment_mandate_id"])
    return {**mandate, "__typename": payment_mandate_type(dict(mandate))}


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


def resolve_balance(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    value, status = to_decimal(row["amount"]), row["status"]
    sepa = (row.get("kind") or "SepaDirectDebit") == "SepaDirectDebit"
    captured = value if status in ("Captured", "Disputed") else _ZERO
    totals = {
        # Only an Initiated SEPA direct debit is canceled (whole) in the simulator.
        "available_to_cancel": value if status == "Initiated" and sepa else _ZERO,
        # The booking captures (the debtor's bank, the card network or the check's clearing:
        # the Testing API), never the merchant; the simulator refunds nothing.
        "available_to_capture": _ZERO,
        "available_to_refund": _ZERO,
        "total_authorized": value if status in ("Authorized", "Captured", "Disputed") else _ZERO,
        "total_canceled": value if status == "Canceled" else _ZERO,
        "total_captured": captured,
        "total_disputed": value if status == "Disputed" else _ZERO,
        "total_refunded": _ZERO,
    }
    return {name: amount(total) for name, total in totals.items()}


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


for _type in payment_types.values():
    for _name, _resolver in (
        ("amount", resolve_amount),
        ("billingAddress", resolve_billing_address),
        ("refundedAt", resolve_refunded_at),
        ("paymentLink", resolve_link),
        ("merchantProfile", resolve_profile),
        ("paymentMethod", resolve_method),
        ("paymentMandate", resolve_mandate),
        ("statusInfo", resolve_status),
        ("balance", resolve_balance),
        ("transactions", resolve_transactions),
    ):
        _type.set_field(_name, _resolver)


def resolve_three_ds(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    return json.loads(row["three_ds"]) if row.get("three_ds") else None


for _kind in ("Card", "OnlineCard"):
    payment_types[_kind].set_field("threeDs", resolve_three_ds)


@three_ds.field("statusInfo")
def resolve_three_ds_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    return {
        "__typename": f"{status}ThreeDsStatusInfo",
        "status": status,
        "reason_code": row.get("reason") or "Other",
    }

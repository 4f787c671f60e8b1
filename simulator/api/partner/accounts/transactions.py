"""Transactions (an interface with three concrete types) and cancelTransaction."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from graphql import GraphQLEnumType

from ....domain.accounts import transactions as domain
from ....domain.accounts.transactions import (
    CREDITED_BACK_TYPES,
    INCOMING_TRANSFER_TYPES,
    PRODUCT_TYPES,
    is_cancelable,
)
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ...mutations import returns_rejections
from .._helpers import amount, caller, row_resolver, transaction_node
from .accounts import transactions_connection

query = QueryType()
mutation = MutationType()

#: Transfers whose creditor is the account itself (money arriving or coming back).
_CREDITED = (*INCOMING_TRANSFER_TYPES, *CREDITED_BACK_TYPES)

sepa = ObjectType("SEPACreditTransferTransaction")
card_transaction = ObjectType("CardTransaction")
fee = ObjectType("FeeTransaction")
bindables: list[ObjectType | InterfaceType] = [query, mutation, sepa, card_transaction, fee]

#: The stored fee types (the Testing API's) as the real `FeesTypeEnum` names them.
_FEES_TYPES = {"CardFee": "CardTransaction", "TransferFee": "SepaTransfer"}
_PRODUCT_OF_TYPE = {kind: product for product, kinds in PRODUCT_TYPES.items() for kind in kinds}


@query.field("transaction")
def resolve_transaction(_: Any, info: ResolveInfo, id: str) -> dict[str, Any]:
    env, principal = caller(info)
    return transaction_node(domain.get_transaction(env, principal, id))


@query.field("transactions")
def resolve_transactions(
    _: Any,
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return transactions_connection(info, {}, first, after, filters, order_by)


def resolve_amount(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return amount(row["amount"], row["currency"])


def rejected_reason(stored: str | None, codes: Container[str]) -> str:
    """The `RejectedReasonCode` of a stored rejection reason: itself when it is one of
    `codes` (the enum's values), else the real service's unspecified-reason code."""
    return stored if stored is not None and stored in codes else "ReasonNotSpecifiedByBank"


def transaction_status_info(row: dict[str, Any], codes: Container[str] = ()) -> dict[str, Any]:
    """The concrete `TransactionStatusInfo` object of a transaction row."""
    status = row["status"]
    info: dict[str, Any] = {
        "__typename": f"{status}TransactionStatusInfo",
        "id": row["id"],
        "status": status,
    }
    if status == "Pending":
        info["pending_end_date"] = row.get("settles_at")
    elif status == "Upcoming":
        info["execution_date"] = row["execution_date"]
    elif status == "Booked":
        info.update(
            booking_date=row.get("booking_date"),
            value_date=row.get("value_date"),
            balance_after={
                "amount": amount(row["balance_after"], row["currency"])
                if row.get("balance_after") is not None
                else None,
                "sequence_number": row.get("booking_number"),
            },
        )
    elif status == "Rejected":
        info.update(reason=rejected_reason(row.get("status_reason"), codes), has_fallback=False)
    elif status == "Canceled":
        info["canceled_date"] = row.get("status_changed_at")
    elif status == "Released":
        info.update(reason="Other", release_date=row.get("status_changed_at"))
    return info


def _status_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    codes = info.schema.type_map["RejectedReasonCode"]
    assert isinstance(codes, GraphQLEnumType)
    return transaction_status_info(row, codes.values)


def _booked_balance_after(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    if row["status"] != "Booked" or row.get("balance_after") is None:
        return None
    return amount(row["balance_after"], row["currency"])


def _payment_method(row: dict[str, Any], info: ResolveInfo) -> str:
    if row.get("counterparty_iban"):
        return mask_iban(str(row["counterparty_iban"]))
    env, _ = caller(info)
    return str(get_row(env.store.db, "accounts", row["account_id"])["number"])


COMMON_FIELDS: dict[str, Any] = {
    "amount": resolve_amount,
    "statusInfo": _status_info,
    "account": row_resolver("accounts", "account_id"),
    "payment": row_resolver("payments", "payment_id"),
    "originTransaction": lambda row, info: _origin(row, info),
    "reference": lambda row, _: row.get("reference") or "",
    "paymentProduct": lambda row, _: _PRODUCT_OF_TYPE[row["type"]],
    "paymentMethodIdentifier": _payment_method,
    "bookedBalanceAfter": _booked_balance_after,
    "isCancelable": lambda row, _: is_cancelable(row),
    "originTransactionId": lambda row, _: row.get("original_transaction_id"),
}


def _origin(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    origin = row.get("original_transaction_id")
    return transaction_node(get_row(env.store.db, "transactions", origin)) if origin else None


for _type in (sepa, card_transaction, fee):
    for _field, _resolver in COMMON_FIELDS.items():
        _type.set_field(_field, _resolver)


def mask_iban(iban: str) -> str:
    """An IBAN with all but its country, check digits and last four characters hidden."""
    return f"{iban[:4]}{'*' * max(len(iban) - 8, 0)}{iban[-4:]}"


def _party(name: str | None, iban: str | None, bic: str | None, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "iban": iban,
        "bic": bic,
        "masked_iban": mask_iban(iban) if iban else "",
        **extra,
    }


def own_party(info: ResolveInfo, row: dict[str, Any], typename: str) -> dict[str, Any]:
    env, _ = caller(info)
    account = get_row(env.store.db, "accounts", row["account_id"])
    holder = get_row(env.store.db, "account_holders", account["holder_id"])
    name = (
        holder["company_name"]
        if holder["type"] == "Company"
        else f"{holder['first_name']} {holder['last_name']}"
    )
    return _party(
        name,
        account["iban"],
        account["bic"],
        account_number=account["number"],
        __typename=typename,
    )


def other_party(row: dict[str, Any], typename: str) -> dict[str, Any]:
    return _party(
        row["counterparty"],
        row.get("counterparty_iban"),
        row.get("counterparty_bic"),
        __typename=typename,
    )


@sepa.field("creditor")
def resolve_creditor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["type"] in _CREDITED:
        return own_party(info, row, "SEPACreditTransferInCreditor")
    return other_party(row, "SEPACreditTransferOutCreditor")


@sepa.field("debtor")
def resolve_debtor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["type"] in _CREDITED:
        return other_party(row, "SEPACreditTransferInDebtor")
    return own_party(info, row, "SEPACreditTransferOutDebtor")


@sepa.field("labelType")
def resolve_label_type(row: dict[str, Any], _: ResolveInfo) -> str:
    # As the transfer's input gave it; a free-text label otherwise.
    return str(row.get("label_type") or "Unstructured")


# CardTransaction's own fields are resolved in card_mutations.py.


@fee.field("feesType")
def resolve_fees_type(row: dict[str, Any], _: ResolveInfo) -> str:
    stored = row.get("fee_type") or "BankingFee"
    return _FEES_TYPES.get(stored, "BankingFee" if stored == "Other" else stored)


@mutation.field("cancelTransaction")
@returns_rejections
def resolve_cancel_transaction(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    canceled = domain.cancel_transaction(env, principal, input["transaction_id"])
    return {
        "__typename": "CancelTransactionSuccessPayload",
        "message": f"Transaction {canceled['id']} canceled.",
    }


__all__ = [
    "COMMON_FIELDS",
    "bindables",
    "mask_iban",
    "other_party",
    "own_party",
    "rejected_reason",
    "transaction_status_info",
]

"""Transactions (an interface with three concrete types) and cancelTransaction."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from graphql import GraphQLResolveInfo

from ...domain import transactions as domain
from ...storage import get_row
from ..mutations import returns_rejections
from . import mutation, query
from ._helpers import amount, caller, row_resolver, status_info, transaction_node
from .accounts import transactions_connection

sepa = ObjectType("SEPACreditTransferTransaction")
card_transaction = ObjectType("CardTransaction")
fee = ObjectType("FeeTransaction")
bindables: list[ObjectType] = [sepa, card_transaction, fee]


@query.field("transaction")
def resolve_transaction(_: Any, info: GraphQLResolveInfo, transaction_id: str) -> dict[str, Any]:
    env, principal = caller(info)
    return transaction_node(domain.get_transaction(env, principal, transaction_id))


@query.field("transactions")
def resolve_transactions(
    _: Any,
    info: GraphQLResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return transactions_connection(info, {}, first, after, filters, order_by)


def resolve_amount(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    return amount(row["amount"], row["currency"])


def resolve_status_info(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    return status_info(
        "Transaction",
        row,
        pending_end_date=row.get("settles_at"),
        booking_date=row.get("booking_date"),
        value_date=row.get("value_date"),
        balance_after=amount(row["balance_after"], row["currency"])
        if row.get("balance_after") is not None
        else None,
        reason=row.get("status_reason") or "Unknown",
        canceled_date=row.get("status_changed_at"),
        release_date=row.get("status_changed_at"),
    )


for _type in bindables:
    _type.set_field("amount", resolve_amount)
    _type.set_field("statusInfo", resolve_status_info)
    _type.set_field("account", row_resolver("accounts", "account_id"))
    _type.set_field("payment", row_resolver("payments", "payment_id"))


def _own_party(info: GraphQLResolveInfo, row: dict[str, Any]) -> dict[str, Any]:
    env, _ = caller(info)
    account = get_row(env.store.db, "accounts", row["account_id"])
    holder = get_row(env.store.db, "account_holders", account["holder_id"])
    name = (
        holder["company_name"]
        if holder["type"] == "Company"
        else f"{holder['first_name']} {holder['last_name']}"
    )
    return {"name": name, "iban": account["iban"], "bic": account["bic"]}


def _other_party(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": row["counterparty"],
        "iban": row.get("counterparty_iban"),
        "bic": row.get("counterparty_bic"),
    }


@sepa.field("creditor")
def resolve_creditor(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    return _other_party(row) if row["side"] == "Debit" else _own_party(info, row)


@sepa.field("debtor")
def resolve_debtor(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    return _own_party(info, row) if row["side"] == "Debit" else _other_party(row)


# CardTransaction's own fields are resolved in cards.py.


@fee.field("feesType")
def resolve_fees_type(row: dict[str, Any], _: GraphQLResolveInfo) -> str:
    return row.get("fee_type") or "Other"


@mutation.field("cancelTransaction")
@returns_rejections
def resolve_cancel_transaction(
    _: Any, info: GraphQLResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, principal = caller(info)
    canceled = domain.cancel_transaction(env, principal, input["transaction_id"])
    return {
        "__typename": "CancelTransactionSuccessPayload",
        "transaction": transaction_node(canceled),
    }


__all__ = ["bindables", "transactions_connection"]

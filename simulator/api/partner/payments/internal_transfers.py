"""InternalCreditTransfer's parties: the two accounts of the bank a transfer moved money
between (`domain.internal_transfers`), each by its number and holder's name."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType

from ....graphql_compat import ResolveInfo
from .._helpers import caller
from ..accounts.transactions import own_party

internal = ObjectType("InternalCreditTransfer")
bindables = [internal]


def _other_account(info: ResolveInfo, row: dict[str, Any], typename: str) -> dict[str, Any]:
    """The other side: the project's account with the counterparty's IBAN."""
    env, _ = caller(info)
    found = env.store.db.execute(
        "SELECT number FROM accounts WHERE project_id = ? AND iban = ?",
        [row["project_id"], row.get("counterparty_iban")],
    ).fetchone()
    return {
        "__typename": typename,
        "account_number": found[0] if found else "",
        "name": row["counterparty"],
    }


@internal.field("creditor")
def resolve_creditor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["side"] == "Credit":
        return own_party(info, row, "InternalCreditTransferInCreditor")
    return _other_account(info, row, "InternalCreditTransferOutCreditor")


@internal.field("debtor")
def resolve_debtor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["side"] == "Credit":
        return _other_account(info, row, "InternalCreditTransferInDebtor")
    return own_party(info, row, "InternalCreditTransferOutDebtor")

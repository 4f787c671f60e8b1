"""InternalCreditTransfer's parties: the two accounts of the bank a transfer moved money
between (`domain.internal_transfers`), each by its number and holder's name; and the trusted
beneficiaries that are accounts of the bank (`TrustedInternalBeneficiary`)."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType

from ....graphql_compat import ResolveInfo
from .._helpers import caller
from ..accounts.accounts import transactions_connection
from ..accounts.transactions import own_party
from .beneficiaries import resolve_status_info

internal = ObjectType("InternalCreditTransfer")
trusted = ObjectType("TrustedInternalBeneficiary")
bindables = [internal, trusted]

trusted.set_field("statusInfo", resolve_status_info)


@trusted.field("accountId")
def resolve_trusted_account(row: dict[str, Any], info: ResolveInfo) -> str:
    # The beneficiary account: the project's account with the saved IBAN.
    env, _ = caller(info)
    found = env.store.db.execute(
        "SELECT id FROM accounts WHERE project_id = ? AND iban = ?",
        [row["project_id"], row["iban"]],
    ).fetchone()
    return str(found[0]) if found else ""


@trusted.field("transactions")
def resolve_trusted_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    # The internal transfers the account sent it.
    scope = {
        "account_id": row["account_id"],
        "counterparty_iban": row["iban"],
        "type": ["InternalCreditTransferOut"],
    }
    return transactions_connection(info, scope, first, after, filters, None)


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

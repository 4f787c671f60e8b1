"""Credit transfers between two accounts of the bank, and transfers requested for a later date.

- A transfer to `swanAccountBeneficiary` (an account number of the project), or to a trusted
  `Internal` beneficiary, is internal: once its payment is consented, the payer's
  `InternalCreditTransferOut` and the beneficiary's `InternalCreditTransferIn` book at once
  (no clearing between banks), or the debit is Rejected for want of funds.
- A transfer with `requestedExecutionAt` is recorded `Upcoming` (no effect on balances) on
  that date; when the clock reaches it, it executes as a transfer made then would (Pending,
  or Booked when internal), or is Rejected for want of funds. `cancelTransaction` cancels it
  until then.

```python
with_internal_beneficiaries(db, project_id, transfers, checks)  # number -> IBAN + account id
execute_due_transfers(env)  # the due Upcoming ones, in date order (a timeline)
```
"""

from __future__ import annotations

from typing import Any

from ...storage import Database, get_row, rows_where, update_row
from ...storage.rows import TransactionRow
from ..accounts.ledger import change_status, read_balances, record_transaction
from ..accounts.transactions import settlement_time
from ..kernel.context import Environment
from ..kernel.money import to_decimal
from ..kernel.validation import Checks

__all__ = [
    "INTERNAL_TYPES",
    "beneficiary_account",
    "book_internal_credit",
    "execute_due_transfers",
    "internal_account_of_trusted",
    "next_due_transfer",
    "with_internal_beneficiaries",
]

INTERNAL_TYPES = ("InternalCreditTransferOut", "InternalCreditTransferIn")


def with_internal_beneficiaries(
    db: Database, project_id: str, transfers: list[dict[str, Any]], checks: Checks
) -> list[dict[str, Any]]:
    """The transfers with each `swan_account_beneficiary` (an account number) replaced by
    that account's name and IBAN, and `beneficiary_account_id` set. An unknown number, or a
    second kind of beneficiary on the same transfer, is a validation error."""
    result = []
    for index, transfer in enumerate(transfers):
        given = transfer.get("swan_account_beneficiary")
        if not given:
            result.append(transfer)
            continue
        path: list[str | int] = ["input", "creditTransfers", index, "swanAccountBeneficiary"]
        if transfer.get("sepa_beneficiary") or transfer.get("trusted_beneficiary_id"):
            checks.fail(
                "InvalidValue",
                "Give one beneficiary: sepaBeneficiary, swanAccountBeneficiary or "
                "trustedBeneficiaryId.",
                path,
            )
        found = db.execute(
            "SELECT id, iban FROM accounts WHERE project_id = ? AND number = ?",
            [project_id, str(given.get("account_number") or "")],
        ).fetchone()
        if found is None:
            checks.fail(
                "InvalidValue",
                f"No account of this project has the number {given.get('account_number')!r}.",
                [*path, "accountNumber"],
            )
            result.append(transfer)
            continue
        beneficiary = {"name": given.get("name"), "iban": found[1]}
        result.append(
            {**transfer, "sepa_beneficiary": beneficiary, "beneficiary_account_id": found[0]}
        )
    return result


def internal_account_of_trusted(
    db: Database, account_id: str, trusted_id: str | None
) -> str | None:
    """The beneficiary account of a trusted `Internal` beneficiary (by its IBAN), else None."""
    if not trusted_id:
        return None
    found = db.execute(
        "SELECT a.id FROM trusted_beneficiaries t JOIN accounts a "
        "ON a.iban = t.iban AND a.project_id = t.project_id "
        "WHERE t.id = ? AND t.account_id = ? AND t.type = 'Internal'",
        [trusted_id, account_id],
    ).fetchone()
    return str(found[0]) if found else None


def book_internal_credit(
    env: Environment, db: Database, debit: TransactionRow, beneficiary_id: str
) -> TransactionRow:
    """The beneficiary's booked `InternalCreditTransferIn` of a booked internal debit."""
    payer = get_row(db, "accounts", debit["account_id"])
    return record_transaction(
        env,
        db,
        project_id=debit["project_id"],
        account_id=beneficiary_id,
        type="InternalCreditTransferIn",
        amount=to_decimal(debit["amount"]),
        status="Booked",
        label=debit["label"],
        counterparty=_holder_name(db, payer["holder_id"]),
        counterparty_iban=payer["iban"],
        counterparty_bic=payer["bic"],
        reference=debit.get("reference"),
        payment_id=debit.get("payment_id"),
        original_transaction_id=debit["id"],
        external_reference=debit.get("external_reference"),
        category_purpose=debit.get("category_purpose"),
        label_type=debit.get("label_type"),
    )


def _holder_name(db: Database, holder_id: str) -> str:
    holder = get_row(db, "account_holders", holder_id)
    if holder["type"] == "Company":
        return str(holder["company_name"] or "")
    return f"{holder['first_name'] or ''} {holder['last_name'] or ''}".strip()


def beneficiary_account(db: Database, debit: TransactionRow) -> str | None:
    """The account an internal debit credits: the project's account with its IBAN."""
    found = db.execute(
        "SELECT id FROM accounts WHERE project_id = ? AND iban = ?",
        [debit["project_id"], debit.get("counterparty_iban")],
    ).fetchone()
    return str(found[0]) if found else None


def next_due_transfer(env: Environment) -> str | None:
    row = env.store.db.execute(
        "SELECT MIN(settles_at) FROM transactions WHERE status = 'Upcoming'"
    ).fetchone()
    return row[0] if row else None


def _execute(env: Environment, db: Database, row: TransactionRow) -> str:
    """Execute one due Upcoming transfer; the event it ends with."""
    covered = to_decimal(row["amount"]) <= read_balances(db, row["account_id"]).available
    if not covered:
        change_status(env, db, row, "Rejected", reason="InsufficientFunds")
        return "Transaction.Rejected"
    if row["type"] == "InternalCreditTransferOut":
        beneficiary = beneficiary_account(db, row)
        if beneficiary is None:  # the beneficiary account is gone
            change_status(env, db, row, "Rejected", reason="CreditorAccountNotFound")
            return "Transaction.Rejected"
        booked = change_status(env, db, row, "Booked")
        book_internal_credit(env, db, booked, beneficiary)
        return "Transaction.Booked"
    change_status(env, db, row, "Pending")
    settles = settlement_time(env, row["mode"] or "Regular")
    update_row(db, "transactions", row["id"], {"settles_at": settles})
    return "Transaction.Pending"


def execute_due_transfers(env: Environment) -> list[dict[str, Any]]:
    """Execute every Upcoming transfer whose requested date has come (one transaction each)."""
    now = env.now()
    due = [
        row["id"]
        for row in rows_where(
            env.store.db,
            "transactions",
            "status = 'Upcoming' AND settles_at <= ?",
            [now],
            order_by="settles_at, id",
        )
    ]
    timeline = []
    for transaction_id in due:
        with env.store.atomic() as db:
            row = get_row(db, "transactions", transaction_id)
            if row["status"] != "Upcoming":
                continue
            event = _execute(env, db, row)
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "requested execution",
                "event": event,
                "resource_id": transaction_id,
                "summary": f"Transaction {transaction_id} executed on its requested date",
            }
        )
    return timeline

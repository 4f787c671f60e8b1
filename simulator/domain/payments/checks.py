"""Checks deposited on an account (`CheckIn`), and what the Testing API's outside world
does with them.

| from | to | how |
|---|---|---|
| (new) | Pending | `deposit_check` (the seed datasets; a check payment) |
| Pending | Booked | `simulateIncomingCheckBooking` (the drawer's bank paid) |
| Pending | Rejected | `simulateIncomingCheckRejection` (the check was not valid) |
| Booked | a `CheckInReturn` debit, Booked | `simulateIncomingCheckReturn` (it bounced) |

A deposited check stays Pending until the Testing API books or rejects it, as in the real
Sandbox, where a check takes days to clear. A bounced check is taken back whatever the
balance (the bank charges it back; the balance may go below zero), once per check. Each
change emits its `Transaction.*` event.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ...storage import Database, insert_row, rows_where
from ...storage.rows import AccountRow, TransactionRow
from ..accounts.ledger import change_status, record_transaction
from ..kernel.context import Environment
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found

__all__ = [
    "CHECK_REJECTION_REASONS",
    "CHECK_RETURN_REASONS",
    "REJECTION_ERROR",
    "book_check",
    "check_details",
    "deposit_check",
    "reject_check",
    "return_check",
]

#: Why a deposited check is refused (`IncomingCheckRejectionReasonCodeEnum`).
CHECK_REJECTION_REASONS = (
    "AmountMismatch",
    "BeneficiaryMissingOrIncorrect",
    "CheckNotReceived",
    "CheckReceivedLate",
    "DateInvalid",
    "DateMissing",
    "DebtorNameMissing",
    "EndorsementMissing",
    "InvalidOrMissingAmount",
    "SignatureMissing",
)
#: Why a booked check bounces (`CheckReturnReasonCodeEnum`).
CHECK_RETURN_REASONS = (
    "AccountClosed",
    "CheckBlocked",
    "CheckOutdated",
    "DebtorDeceased",
    "EndorsementMissingOrInvalid",
    "Fraudulent",
    "InsufficientFunds",
    "LegalOrBankDecision",
    "MandatoryReferenceMissingOnCheck",
    "SignatureInvalid",
    "SwanTechnicalErrorOccurred",
    "TransactionDuplicated",
)


#: The Testing API's answer to a rejection of a check that is not Pending: its error
#: payload, which carries a reason.
REJECTION_ERROR = "SimulateIncomingCheckRejectionErrorPayload"


def deposit_check(
    env: Environment,
    db: Database,
    account: AccountRow,
    *,
    amount: Decimal,
    cmc7: str,
    rlmc_key: str,
    drawer: str = "Check drawer",
    label: str | None = None,
) -> TransactionRow:
    """A check deposited on `account` (in the caller's transaction): a Pending `CheckIn`."""
    row = record_transaction(
        env,
        db,
        project_id=account["project_id"],
        account_id=account["id"],
        type="CheckIn",
        amount=amount,
        label=label or f"Check {cmc7[:7]}",
        counterparty=drawer,
        status="Pending",
    )
    insert_row(
        db,
        "check_transactions",
        {
            "transaction_id": row["id"],
            "project_id": account["project_id"],
            "cmc7": cmc7,
            "rlmc_key": rlmc_key,
            "created_at": env.now(),
        },
    )
    return row


def check_details(db: Database, transaction: Mapping[str, Any]) -> dict[str, Any]:
    """The check's CMC7 line and RLMC key (of the original check, for a return)."""
    transaction_id = transaction.get("original_transaction_id") or transaction["id"]
    row = db.execute(
        "SELECT cmc7, rlmc_key FROM check_transactions WHERE transaction_id = ?",
        [transaction_id],
    ).fetchone()
    return {"cmc7": row[0], "rlmc_key": row[1]} if row else {"cmc7": "", "rlmc_key": ""}


def _check(db: Database, project_id: str, transaction_id: str) -> TransactionRow:
    rows = list(
        rows_where(db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id])
    )
    if not rows:
        raise Rejected(not_found("Transaction", transaction_id))
    if rows[0]["type"] != "CheckIn":
        raise Rejected(
            forbidden(f"Transaction {transaction_id} is a {rows[0]['type']}, not a CheckIn.")
        )
    return rows[0]


def _require(row: TransactionRow, status: str) -> None:
    if row["status"] != status:
        reason = f"Check transaction {row['id']} is {row['status']}: this needs a {status} one."
        raise Rejected({"__typename": REJECTION_ERROR, "reason": reason, "message": reason})


def book_check(env: Environment, project_id: str, transaction_id: str) -> TransactionRow:
    """The drawer's bank paid a deposited check: Booked."""
    with env.store.atomic() as db:
        row = _check(db, project_id, transaction_id)
        if row["status"] != "Pending":
            raise Rejected(forbidden(f"Check transaction {row['id']} is {row['status']}."))
        return change_status(env, db, row, "Booked")


def reject_check(
    env: Environment, project_id: str, transaction_id: str, reason: str | None
) -> TransactionRow:
    """A deposited check is refused (`CheckNotReceived` when no reason is given)."""
    with env.store.atomic() as db:
        row = _check(db, project_id, transaction_id)
        _require(row, "Pending")
        return change_status(env, db, row, "Rejected", reason=reason or "CheckNotReceived")


def return_check(
    env: Environment, project_id: str, transaction_id: str, reason: str | None
) -> TransactionRow:
    """A booked check bounces: a `CheckInReturn` debit of its amount, booked at once."""
    with env.store.atomic() as db:
        row = _check(db, project_id, transaction_id)
        if row["status"] != "Booked":
            raise Rejected(
                forbidden(f"Check transaction {row['id']} is {row['status']}: only a Booked one.")
            )
        already = db.execute(
            "SELECT id FROM transactions WHERE original_transaction_id = ? AND type = ?",
            [transaction_id, "CheckInReturn"],
        ).fetchone()
        if already is not None:
            raise Rejected(
                forbidden(
                    f"Check transaction {transaction_id} was already returned by {already[0]}."
                )
            )
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=row["account_id"],
            type="CheckInReturn",
            amount=to_decimal(row["amount"]),
            status="Booked",
            status_reason=reason or "LegalOrBankDecision",
            label=f"Return of {row['label']}",
            counterparty=row["counterparty"],
            original_transaction_id=transaction_id,
        )

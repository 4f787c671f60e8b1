"""What the debtor's bank does with a funding request's debit (the Testing API's outside world;
the real service calls these debits *incoming*: the money comes into the account).

- `book_incoming`: the debit is paid; the `SepaDirectDebitIn` credit books, and the first
  booked debit of a funding source verifies its account (`Verified`).
- `reject_incoming`: the debtor's bank refuses the pending debit: it ends `Rejected`.
- `return_incoming`: the debtor's bank takes a booked debit's money back: a
  `SepaDirectDebitInReturn` debit, booked at once; once per debit.

A transaction of another project is unknown (`TransactionNotFoundRejection`); one that is no
`SepaDirectDebitIn`, or not in the status the move needs, gets the payload's error.
"""

from __future__ import annotations

from ...storage import Database, get_row, rows_where, text
from ...storage.rows import TransactionRow
from ..accounts.ledger import change_status, record_transaction
from ..funding.funding import update_source_verification
from ..kernel.context import Environment
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, not_found, rejection
from .merchant_payments import settle_merchant_payment

__all__ = [
    "INCOMING_REASON_CODES",
    "book_incoming",
    "reject_incoming",
    "return_incoming",
]

INCOMING_REASON_CODES = ("AccountClosed", "InsufficientFunds", "ReasonNotSpecifiedByDebtor")
_DEFAULT_REASON = "ReasonNotSpecifiedByDebtor"


def _debit(db: Database, project_id: str, transaction_id: str, error: str | None) -> TransactionRow:
    rows = list(
        rows_where(db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id])
    )
    if not rows:
        raise Rejected(not_found("Transaction", transaction_id))
    if rows[0]["type"] != "SepaDirectDebitIn":
        raise _error(error, f"Transaction {transaction_id} is a {rows[0]['type']}, not a "
                     "SepaDirectDebitIn.")  # fmt: skip
    return rows[0]


def _error(payload: str | None, reason: str) -> Rejected:
    if payload is None:
        return Rejected(rejection("ForbiddenRejection", reason))
    return Rejected({"__typename": payload, "reason": reason, "message": reason})


def _need(row: TransactionRow, status: str, payload: str | None) -> None:
    if row["status"] != status:
        raise _error(
            payload, f"Transaction {row['id']} is {row['status']}; this needs it {status}."
        )


def book_incoming(env: Environment, project_id: str, transaction_id: str) -> TransactionRow:
    with env.store.atomic() as db:
        debit = _debit(db, project_id, transaction_id, None)
        _need(debit, "Pending", None)
        booked = change_status(env, db, debit, "Booked")
        if debit.get("payment_mandate_id"):
            mandate = get_row(db, "payment_mandates", debit["payment_mandate_id"])
            if mandate.get("funding_source_id"):
                update_source_verification(env, db, text(mandate, "funding_source_id"), "Verified")
        settle_merchant_payment(env, db, booked, "Booked")
        return booked


def reject_incoming(
    env: Environment, project_id: str, transaction_id: str, reason: str | None
) -> TransactionRow:
    error = "SimulateIncomingSepaDirectDebitRejectionErrorPayload"
    with env.store.atomic() as db:
        debit = _debit(db, project_id, transaction_id, error)
        _need(debit, "Pending", error)
        rejected = change_status(env, db, debit, "Rejected", reason=reason or _DEFAULT_REASON)
        settle_merchant_payment(env, db, rejected, "Rejected")
        return rejected


def return_incoming(
    env: Environment, project_id: str, transaction_id: str, reason: str | None
) -> TransactionRow:
    error = "SimulateIncomingSepaDirectDebitReturnErrorPayload"
    with env.store.atomic() as db:
        debit = _debit(db, project_id, transaction_id, error)
        _need(debit, "Booked", error)
        already = db.execute(
            "SELECT id FROM transactions WHERE original_transaction_id = ? "
            "AND type = 'SepaDirectDebitInReturn'",
            [transaction_id],
        ).fetchone()
        if already is not None:
            raise _error(
                error, f"Transaction {transaction_id} was already returned ({already[0]})."
            )
        row = record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=debit["account_id"],
            type="SepaDirectDebitInReturn",
            amount=to_decimal(debit["amount"]),
            status="Booked",
            status_reason=reason or _DEFAULT_REASON,
            label=f"Return of {debit['label']}",
            counterparty=debit["counterparty"],
            counterparty_iban=debit.get("counterparty_iban"),
            counterparty_bic=debit.get("counterparty_bic"),
            reference=debit.get("reference"),
            payment_id=debit.get("payment_id"),
            payment_mandate_id=debit.get("payment_mandate_id"),
            original_transaction_id=transaction_id,
            merchant_payment_id=debit.get("merchant_payment_id"),
        )
        settle_merchant_payment(env, db, debit, "Returned")
        return row

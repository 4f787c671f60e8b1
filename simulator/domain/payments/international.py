"""International credit transfers arriving from outside the SEPA zone (the Testing API's
outside world).

- `receive_international_transfer` (`simulateIncomingInternationalCreditTransferReception`):
  money arrives on the account of `creditorIban`, an `InternationalCreditTransferIn`
  `Pending` for a day (as a standard SEPA transfer), then booked by the settlement work;
  `Rejected` (`AccountClosed`) at once when the account is closing or closed.
- `return_international_transfer` (`simulateIncomingInternationalCreditTransferReturn`):
  a booked one goes back to its sender, an `InternationalCreditTransferInReturn` debit
  booked at once; once per transfer, and only when the available balance covers it.
- `settle_outgoing_international_transfer` (`simulateOutgoingInternationalCreditTransfer
  Booking|Rejection`): the receiving bank takes or refuses a Pending
  `InternationalCreditTransferOut` (sent by `domain.international_out`); a refusal frees
  the amount (reason `BeneficiaryBankNotReachable`).
- `return_outgoing_international_transfer` (`...Return`): a booked one comes back, an
  `InternationalCreditTransferOutReturn` credit booked at once, once per transfer.
"""

from __future__ import annotations

from typing import Any

from ...storage import Database, rows_where
from ...storage.rows import TransactionRow
from ..accounts.ledger import change_status, read_balances, record_transaction
from ..accounts.transactions import settlement_time
from ..kernel.context import Environment
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found, rejection
from ..kernel.validation import Checks

__all__ = [
    "receive_international_transfer",
    "return_international_transfer",
    "return_outgoing_international_transfer",
    "settle_outgoing_international_transfer",
]


def receive_international_transfer(
    env: Environment, project_id: str, data: dict[str, Any]
) -> TransactionRow:
    """A transfer from a bank outside the SEPA zone; the new transaction."""
    checks = Checks()
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    creditor = checks.iban(data.get("creditor_iban"), ["input", "creditorIban"])
    debtor = checks.iban(data.get("debtor_iban"), ["input", "debtorIban"])
    name = checks.text(data.get("debtor_name"), ["input", "debtorName"], max_length=70)
    checks.text(data.get("creditor_name"), ["input", "creditorName"], max_length=70)
    label = checks.text(data.get("label"), ["input", "label"], required=False, max_length=140)
    reference = checks.text(
        data.get("reference"), ["input", "reference"], required=False, max_length=140
    )
    try:
        checks.raise_if_any()
    except Rejected as rejected:
        # The real union has no ValidationRejection: invalid input is forbidden.
        raise Rejected(forbidden(str(rejected.payload["message"]))) from None
    assert value is not None and creditor is not None and debtor is not None
    assert name is not None
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db, "accounts", "iban = ? AND project_id = ?", [creditor.compact, project_id]
            )
        )
        if not rows:
            raise Rejected(not_found("Account", creditor.compact))
        account = rows[0]
        closed = account["status"] in ("Closing", "Closed")
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=account["id"],
            type="InternationalCreditTransferIn",
            amount=value,
            label=label or f"International transfer from {name}",
            counterparty=name,
            counterparty_iban=debtor.compact,
            counterparty_bic=str(debtor.bic) if debtor.bic else None,
            reference=reference,
            status="Rejected" if closed else "Pending",
            status_reason="AccountClosed" if closed else None,
            settles_at=None if closed else settlement_time(env, "Regular"),
        )


def return_international_transfer(
    env: Environment, project_id: str, transaction_id: str, *, reason: str
) -> TransactionRow:
    """Send a booked incoming international transfer back; the new debit."""
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id]
            )
        )
        if not rows:
            raise Rejected(not_found("Transaction", transaction_id))
        original = rows[0]
        if original["type"] != "InternationalCreditTransferIn":
            raise Rejected(
                rejection(
                    "IncorrectTransactionTypeRejection",
                    f"Transaction {transaction_id} is a {original['type']}, not an "
                    "InternationalCreditTransferIn.",
                )
            )
        if original["status"] != "Booked":
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is {original['status']}: only a Booked "
                    "transfer can be returned."
                )
            )
        already = db.execute(
            "SELECT id FROM transactions WHERE original_transaction_id = ? AND type = ?",
            [transaction_id, "InternationalCreditTransferInReturn"],
        ).fetchone()
        if already is not None:
            raise Rejected(
                rejection(
                    "TransactionAlreadyReturnedRejection",
                    f"Transaction {transaction_id} was already returned.",
                    return_transaction_id=already[0],
                )
            )
        amount = to_decimal(original["amount"])
        if read_balances(db, original["account_id"]).available < amount:
            raise Rejected(
                forbidden(
                    f"Account {original['account_id']} does not have {amount:.2f} EUR "
                    "available to send back."
                )
            )
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=original["account_id"],
            type="InternationalCreditTransferInReturn",
            amount=amount,
            status="Booked",
            status_reason=reason,
            label=f"Return of {original['label']}",
            counterparty=original["counterparty"],
            counterparty_iban=original.get("counterparty_iban"),
            counterparty_bic=original.get("counterparty_bic"),
            reference=original.get("reference"),
            original_transaction_id=transaction_id,
        )


# -- transfers sent outside the SEPA zone (domain.international_out) -------------------------


def _outgoing(db: Database, project_id: str, transaction_id: str, status: str) -> TransactionRow:
    """The project's `InternationalCreditTransferOut` in `status`, else the rejection."""
    rows = list(
        rows_where(db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id])
    )
    if not rows:
        raise Rejected(not_found("Transaction", transaction_id))
    row = rows[0]
    if row["type"] != "InternationalCreditTransferOut" or row["status"] != status:
        raise Rejected(
            forbidden(
                f"Transaction {transaction_id} is a {row['status']} {row['type']}: this needs a "
                f"{status} InternationalCreditTransferOut."
            )
        )
    return row


def settle_outgoing_international_transfer(
    env: Environment, project_id: str, transaction_id: str, *, booked: bool
) -> TransactionRow:
    """The receiving bank took (`booked`) or refused a pending outgoing transfer."""
    with env.store.atomic() as db:
        row = _outgoing(db, project_id, transaction_id, "Pending")
        if booked:
            return change_status(env, db, row, "Booked")
        return change_status(env, db, row, "Rejected", reason="BeneficiaryBankNotReachable")


def return_outgoing_international_transfer(
    env: Environment, project_id: str, transaction_id: str, *, reason: str
) -> TransactionRow:
    """The receiving bank sends a booked outgoing transfer back: an
    `InternationalCreditTransferOutReturn` credit, booked at once; once per transfer."""
    with env.store.atomic() as db:
        original = _outgoing(db, project_id, transaction_id, "Booked")
        already = db.execute(
            "SELECT id FROM transactions WHERE original_transaction_id = ? AND type = ?",
            [transaction_id, "InternationalCreditTransferOutReturn"],
        ).fetchone()
        if already is not None:
            raise Rejected(
                forbidden(f"Transaction {transaction_id} was already returned by {already[0]}.")
            )
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=original["account_id"],
            type="InternationalCreditTransferOutReturn",
            amount=to_decimal(original["amount"]),
            status="Booked",
            status_reason=reason,
            label=f"Return of {original['label']}",
            counterparty=original["counterparty"],
            reference=original.get("reference"),
            payment_id=original.get("payment_id"),
            original_transaction_id=transaction_id,
        )

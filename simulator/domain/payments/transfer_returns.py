"""Returns and accepted recalls of booked SEPA credit transfers (the Testing API's outside
world: another bank sends the money back, or gets it back).

- `simulateOutgoingSepaCreditTransferReturn`: a booked outgoing transfer comes back as a
  `SepaCreditTransferOutReturn` (a credit);
- `simulateOutgoingSepaCreditTransferAcceptedRecall`: the same, as a
  `Sepa(Instant)CreditTransferOutRecall`;
- `simulateIncomingSepaCreditTransferReturn`: a booked incoming transfer goes back as a
  `SepaCreditTransferInReturn` (a debit);
- `simulateIncomingSepaCreditTransferAcceptedRecall`: the same, as a
  `Sepa(Instant)CreditTransferInRecall`.

Each new transaction is booked at once, names the original (`originTransactionId`) and
keeps its counterparty; a transfer comes back at most once. A debit the available balance
does not cover is refused.
"""

from __future__ import annotations

from ...storage import rows_where
from ...storage.rows import TransactionRow
from ..accounts.ledger import read_balances, record_transaction
from ..accounts.transactions import (
    INCOMING_TRANSFER_TYPES,
    OUTGOING_TRANSFER_TYPES,
    RETURN_TYPES,
)
from ..kernel.context import Environment
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found

__all__ = ["RETURN_KINDS", "send_back"]

#: (direction, kind) -> (the originals it applies to, new type for a standard original,
#: new type for an instant original).
RETURN_KINDS: dict[tuple[str, str], tuple[tuple[str, ...], str, str]] = {
    ("Outgoing", "Return"): (
        OUTGOING_TRANSFER_TYPES,
        "SepaCreditTransferOutReturn",
        "SepaCreditTransferOutReturn",
    ),
    ("Outgoing", "Recall"): (
        OUTGOING_TRANSFER_TYPES,
        "SepaCreditTransferOutRecall",
        "SepaInstantCreditTransferOutRecall",
    ),
    ("Incoming", "Return"): (
        INCOMING_TRANSFER_TYPES,
        "SepaCreditTransferInReturn",
        "SepaCreditTransferInReturn",
    ),
    ("Incoming", "Recall"): (
        INCOMING_TRANSFER_TYPES,
        "SepaCreditTransferInRecall",
        "SepaInstantCreditTransferInRecall",
    ),
}


def send_back(
    env: Environment,
    project_id: str,
    transaction_id: str,
    *,
    direction: str,
    kind: str,
    reason: str,
) -> TransactionRow:
    """Return or recall (`kind`) a booked transfer of `direction`; the new transaction."""
    originals, standard_type, instant_type = RETURN_KINDS[(direction, kind)]
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id]
            )
        )
        if not rows:
            raise Rejected(not_found("Transaction", transaction_id))
        original = rows[0]
        if original["type"] not in originals:
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is a {original['type']}: only an "
                    f"{direction.lower()} SEPA credit transfer can be sent back this way."
                )
            )
        if original["status"] != "Booked":
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is {original['status']}: only a Booked "
                    "transfer can be returned or recalled."
                )
            )
        placeholders = ", ".join("?" for _ in RETURN_TYPES)
        already = db.execute(
            f"SELECT id FROM transactions WHERE original_transaction_id = ? "
            f"AND type IN ({placeholders})",
            [transaction_id, *RETURN_TYPES],
        ).fetchone()
        if already is not None:
            raise Rejected(
                forbidden(f"Transaction {transaction_id} was already sent back ({already[0]}).")
            )
        amount = to_decimal(original["amount"])
        if direction == "Incoming" and read_balances(db, original["account_id"]).available < amount:
            raise Rejected(
                forbidden(
                    f"Account {original['account_id']} does not have {amount:.2f} EUR "
                    "available to send back."
                )
            )
        instant = original["type"].startswith("SepaInstant")
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=original["account_id"],
            type=instant_type if instant else standard_type,
            amount=amount,
            status="Booked",
            status_reason=reason,
            label=f"{kind} of {original['label']}",
            counterparty=original["counterparty"],
            counterparty_iban=original.get("counterparty_iban"),
            counterparty_bic=original.get("counterparty_bic"),
            reference=original.get("reference"),
            original_transaction_id=transaction_id,
            payment_id=original.get("payment_id"),
        )

"""SEPA direct debits a creditor outside the bank takes from an account (the Testing API's
outside world; the real service calls them *outgoing*: the money leaves the account).

- `receive_direct_debit` (`simulateOutgoingSepaDirectDebitReception`): the creditor's bank
  presents a debit on the account of `debtorIban`; a `SepaDirectDebitOut` transaction,
  `Pending` until its execution date, when the settlement work books it. It starts
  `Rejected` (`InsufficientFunds`, `AccountClosed`) when the account cannot pay it.
- `settle_direct_debit`: before booking, the creditor cancels it (`Cancel`) or the payer's
  side refuses it (`Reject`): the pending amount is freed. After booking, the payer's bank
  sends the money back (`Return`, a `SepaDirectDebitOutReturn` credit) or the creditor
  gives it back (`Reverse`, a `SepaDirectDebitOutReversal` credit); once per debit.

The mandate's reference is kept as the transaction's `reference`; the creditor's name and
IBAN are its counterparty. The first debit under a mandate creates the account's
`ReceivedDirectDebitMandate` (domain.received_mandates); a debit under a mandate that is not
`Enabled` starts `Rejected` (`MandateInvalid`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import InvalidTimestamp
from ...storage import rows_where
from ...storage.rows import TransactionRow
from ..accounts.ledger import change_status, read_balances, record_transaction
from ..kernel.context import Environment
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found
from ..kernel.validation import Checks, check_sepa_address
from .received_mandates import mandate_for_debit

__all__ = ["DIRECT_DEBIT_TYPES", "SETTLEMENTS", "receive_direct_debit", "settle_direct_debit"]

DIRECT_DEBIT_TYPES = (
    "SepaDirectDebitOut",
    "SepaDirectDebitOutReturn",
    "SepaDirectDebitOutReversal",
)
#: What each settlement does: the status the debit must be in, and either the status it
#: moves to (before booking) or the type of the credit that gives the money back (after).
SETTLEMENTS: dict[str, tuple[str, str]] = {
    "Cancel": ("Pending", "Canceled"),
    "Reject": ("Pending", "Rejected"),
    "Return": ("Booked", "SepaDirectDebitOutReturn"),
    "Reverse": ("Booked", "SepaDirectDebitOutReversal"),
}
_GIVEN_BACK = ("SepaDirectDebitOutReturn", "SepaDirectDebitOutReversal")


def _input_error(checks: Checks) -> None:
    """The real reception answers ForbiddenRejection only: invalid input becomes one."""
    try:
        checks.raise_if_any()
    except Rejected as rejected:
        raise Rejected(forbidden(str(rejected.payload["message"]))) from None


def _execution_date(value: object, now: str) -> str:
    try:
        moment = parse_timestamp(value if isinstance(value, (str, datetime)) else str(value))
    except InvalidTimestamp as error:
        raise Rejected(forbidden(f"Invalid executionDate: {error}")) from None
    # A date already past executes at once (books at the next settlement run).
    return max(format_timestamp(moment), now)


def receive_direct_debit(env: Environment, project_id: str, data: dict[str, Any]) -> TransactionRow:
    """The creditor's bank presents a direct debit on the account of `data["debtor_iban"]`;
    the new `SepaDirectDebitOut` transaction."""
    checks = Checks()
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    debtor = checks.iban(data.get("debtor_iban"), ["input", "debtorIban"])
    creditor = data.get("creditor") or {}
    name = checks.text(creditor.get("name"), ["input", "creditor", "name"], max_length=70)
    creditor_iban = checks.iban(creditor.get("iban"), ["input", "creditor", "iban"], sepa=True)
    address = check_sepa_address(checks, creditor.get("address"), ["input", "creditor", "address"])
    label = checks.text(data.get("label"), ["input", "label"], required=False, max_length=140)
    _input_error(checks)
    data = {**data, "creditor": {**creditor, "address": address}}
    assert value is not None and debtor is not None and name is not None
    assert creditor_iban is not None
    with env.store.atomic() as db:
        rows = list(
            rows_where(db, "accounts", "iban = ? AND project_id = ?", [debtor.compact, project_id])
        )
        if not rows:
            raise Rejected(forbidden(f"No account of this project has the IBAN {debtor.compact}."))
        account = rows[0]
        execution = _execution_date(data.get("execution_date"), env.now())
        mandate = mandate_for_debit(env, db, account, data)
        refusal = None
        if mandate is None or mandate["status"] != "Enabled":
            refusal = "MandateInvalid"
        elif account["status"] in ("Closing", "Closed"):
            refusal = "AccountClosed"
        elif read_balances(db, account["id"]).available < value:
            refusal = "InsufficientFunds"
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=account["id"],
            type="SepaDirectDebitOut",
            amount=value,
            label=label or f"Direct debit from {name}",
            counterparty=name,
            counterparty_iban=creditor_iban.compact,
            counterparty_bic=str(creditor_iban.bic) if creditor_iban.bic else None,
            reference=data.get("mandate_reference"),
            status="Rejected" if refusal else "Pending",
            status_reason=refusal,
            settles_at=None if refusal else execution,
        )


def settle_direct_debit(
    env: Environment, project_id: str, transaction_id: str, *, kind: str, reason: str
) -> TransactionRow:
    """Cancel, reject, return or reverse (`kind`) a direct debit; the debit (cancel,
    reject) or the new credit that gives its money back (return, reverse)."""
    expected, outcome = SETTLEMENTS[kind]
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id]
            )
        )
        if not rows:
            raise Rejected(not_found("Transaction", transaction_id))
        debit = rows[0]
        if debit["type"] != "SepaDirectDebitOut":
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is a {debit['type']}, not a SepaDirectDebitOut."
                )
            )
        if debit["status"] != expected:
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is {debit['status']}: only a {expected} "
                    f"direct debit can be {kind.lower()}ed this way."
                )
            )
        if expected == "Pending":
            return change_status(env, db, debit, outcome, reason=reason)
        placeholders = ", ".join("?" for _ in _GIVEN_BACK)
        already = db.execute(
            f"SELECT id FROM transactions WHERE original_transaction_id = ? "
            f"AND type IN ({placeholders})",
            [transaction_id, *_GIVEN_BACK],
        ).fetchone()
        if already is not None:
            raise Rejected(
                forbidden(f"Direct debit {transaction_id} was already given back ({already[0]}).")
            )
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=debit["account_id"],
            type=outcome,
            amount=to_decimal(debit["amount"]),
            status="Booked",
            status_reason=reason,
            label=f"{kind} of {debit['label']}",
            counterparty=debit["counterparty"],
            counterparty_iban=debit.get("counterparty_iban"),
            counterparty_bic=debit.get("counterparty_bic"),
            reference=debit.get("reference"),
            original_transaction_id=transaction_id,
        )

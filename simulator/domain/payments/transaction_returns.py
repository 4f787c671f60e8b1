"""`returnTransaction`: the account holder sends money taken or received back, once the
account's user consents.

- a booked `SepaDirectDebitOut` (a creditor debited the account): the holder uses the
  SEPA Core refund right, within 8 weeks of the booking (`ReturnTransactionForDirectDebit`
  consent); the money comes back as a `SepaDirectDebitOutReturn` (`RefundRequestedByDebtor`);
- a booked `InternationalCreditTransferIn`: the money goes back to its sender as an
  `InternationalCreditTransferInReturn` (`ReturnTransactionForInternationalCreditTransfer`
  consent).

Anything else, a transaction already returned, or a refund right past its 8 weeks answers
`ReturnTransactionRejection`. The return itself happens when the consent is accepted
(checked again then; a check failing then fails the consent).
"""

from __future__ import annotations

from datetime import timedelta

from ...clock import parse_timestamp
from ...storage import Database, rows_where, text
from ...storage.rows import ConsentRow, TransactionRow
from ..accounts.account_lifecycle import consent_user
from ..accounts.transactions import find_transaction
from ..consents.consents import open_consent
from ..kernel.access import require_permission
from ..kernel.context import Environment, Principal
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks
from ..kernel.wiring import ConsentHandler
from .direct_debits import settle_direct_debit
from .international import return_international_transfer

__all__ = ["CONSENT_HANDLERS", "REFUND_RIGHT", "request_return"]

#: How long after its booking the payer of a SEPA Core direct debit may ask it back.
REFUND_RIGHT = timedelta(weeks=8)
_PURPOSES = {
    "SepaDirectDebitOut": "ReturnTransactionForDirectDebit",
    "InternationalCreditTransferIn": "ReturnTransactionForInternationalCreditTransfer",
}
_RETURN_TYPES = (
    "SepaDirectDebitOutReturn",
    "SepaDirectDebitOutReversal",
    "InternationalCreditTransferInReturn",
)


def _refused(message: str) -> Rejected:
    return Rejected(rejection("ReturnTransactionRejection", message))


def _check_returnable(env: Environment, db: Database, row: TransactionRow) -> None:
    if row["type"] not in _PURPOSES:
        raise _refused(
            f"Transaction {row['id']} is a {row['type']}: only a received direct debit "
            "(SepaDirectDebitOut) or international transfer can be returned."
        )
    if row["status"] != "Booked":
        raise _refused(f"Transaction {row['id']} is {row['status']}: only a Booked one.")
    placeholders = ", ".join("?" for _ in _RETURN_TYPES)
    if db.execute(
        f"SELECT 1 FROM transactions WHERE original_transaction_id = ? "
        f"AND type IN ({placeholders})",
        [row["id"], *_RETURN_TYPES],
    ).fetchone():
        raise _refused(f"Transaction {row['id']} was already returned.")
    if row["type"] == "SepaDirectDebitOut" and (
        parse_timestamp(env.now()) > parse_timestamp(text(row, "booking_date")) + REFUND_RIGHT
    ):
        raise _refused(
            f"Direct debit {row['id']} was booked more than 8 weeks ago: the refund right "
            "has lapsed."
        )


def request_return(
    env: Environment, principal: Principal, transaction_id: str, *, consent_redirect_url: str
) -> ConsentRow:
    """Open the consent that returns the transaction; the consent row."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    try:
        checks.raise_if_any()
    except Rejected as rejected:
        # The real union has no ValidationRejection.
        raise _refused(str(rejected.payload["message"])) from None
    with env.store.atomic() as db:
        row = find_transaction(db, principal, transaction_id)
        require_permission(db, principal, row["account_id"], "can_initiate_payments")
        _check_returnable(env, db, row)
        return open_consent(
            env,
            db,
            project_id=row["project_id"],
            purpose=_PURPOSES[row["type"]],
            redirect_url=str(url),
            user_id=consent_user(db, principal, row["account_id"]),
            resource_id=row["id"],
        )


def _return(env: Environment, db: Database, consent: ConsentRow) -> None:
    rows = list(rows_where(db, "transactions", "id = ?", [consent["resource_id"]]))
    if not rows:
        raise _refused(f"Transaction {consent['resource_id']} no longer exists.")
    row = rows[0]
    _check_returnable(env, db, row)
    if row["type"] == "SepaDirectDebitOut":
        settle_direct_debit(
            env, row["project_id"], row["id"], kind="Return", reason="RefundRequestedByDebtor"
        )
    else:
        return_international_transfer(
            env, row["project_id"], row["id"], reason="ReasonNotSpecifiedByBeneficiary"
        )


def _not_returned(_env: Environment, _db: Database, _consent: ConsentRow, _status: str) -> None:
    """Nothing was set aside: a consent not accepted leaves the transaction as it was."""


#: What accepting a return's consent does, per purpose.
CONSENT_HANDLERS = dict.fromkeys(_PURPOSES.values(), ConsentHandler(_return, _not_returned))

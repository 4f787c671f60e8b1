"""`refund`: send money back to whoever sent a booked incoming SEPA credit transfer.

A refund is a payment like `initiateCreditTransfers` makes: `ConsentPending` with one
transfer per refunded transaction, to the original sender's IBAN, executed when the user
accepts the `InitPayment` consent (`domain.payments`). Each transfer names the transaction it
refunds (`originTransactionId`). A transaction may be refunded in several parts, never beyond
its amount (refunds still pending or booked count). Whatever stands in the way is a
`RefundRejection` (the real payload's only rejection) with its code: `TransactionNotFound`
(unknown, another project's, or not visible to the user) or `TransactionNonRefundable`
(not a booked incoming transfer, too much, several accounts, a bad amount or reference).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ...storage import Database, get_row, rows_where, update_row
from ...storage.rows import ConsentRow
from ..accounts.account_lifecycle import consent_user
from ..accounts.transactions import INCOMING_TRANSFER_TYPES
from ..consents.consents import open_consent
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.money import AmountError, parse_amount, to_decimal
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks
from .payments import insert_payment

__all__ = ["refund"]


def _refusal(code: str, message: str) -> Rejected:
    return Rejected(rejection("RefundRejection", message, code=code))


def _already_refunded(db: Database, transaction_id: str) -> Decimal:
    """What refunds of the transaction (pending or booked) already send back."""
    total = Decimal("0")
    for (value,) in db.execute(
        "SELECT amount FROM transactions WHERE original_transaction_id = ? "
        "AND status IN ('Pending', 'Booked') AND side = 'Debit'",
        [transaction_id],
    ).fetchall():
        total += to_decimal(value)
    return total


def _transfer(
    db: Database, principal: Principal, item: dict[str, Any], index: int
) -> dict[str, Any]:
    origin_id = str(item.get("origin_transaction_id") or "")
    where, params = account_scope(principal)
    rows = list(rows_where(db, "transactions", f"id = ? AND {where}", [origin_id, *params]))
    if not rows:
        raise _refusal("TransactionNotFound", f"Transaction {origin_id} was not found.")
    origin = rows[0]
    if origin["type"] not in INCOMING_TRANSFER_TYPES or origin["status"] != "Booked":
        raise _refusal(
            "TransactionNonRefundable",
            f"Transaction {origin_id} is a {origin['status']} {origin['type']}: only a booked "
            "incoming SEPA credit transfer can be refunded.",
        )
    amount = item.get("amount") or {}
    try:
        if amount.get("currency") != "EUR":
            raise AmountError("InvalidString", "The simulated bank refunds in EUR only.")
        value = parse_amount(amount.get("value"))
    except AmountError as error:
        raise _refusal(
            "TransactionNonRefundable", f"refundTransactions.{index}: {error.message}"
        ) from None
    left = to_decimal(origin["amount"]) - _already_refunded(db, origin_id)
    if value > left:
        raise _refusal(
            "TransactionNonRefundable",
            f"Transaction {origin_id} has {left:.2f} EUR left to refund; {value:.2f} asked.",
        )
    checks = Checks()
    path: list[str | int] = ["input", "refundTransactions", index]
    reference = checks.text(
        item.get("reference"), [*path, "reference"], required=False, max_length=35
    )
    label = checks.text(item.get("label"), [*path, "label"], required=False, max_length=140)
    if checks.errors:
        raise _refusal("TransactionNonRefundable", checks.errors[0]["message"])
    return {
        "position": index,
        "account_id": origin["account_id"],
        "amount": value,
        "beneficiary_name": origin["counterparty"],
        "beneficiary_iban": origin["counterparty_iban"],
        "beneficiary_bic": origin.get("counterparty_bic"),
        "reference": reference,
        "label": label or f"Refund of {origin['label']}",
        "mode": "Regular",
        "origin_transaction_id": origin_id,
    }


def refund(
    env: Environment,
    principal: Principal,
    refund_transactions: list[dict[str, Any]],
    *,
    consent_redirect_url: str,
) -> ConsentRow:
    """Refund booked incoming transfers (of one account) through one payment; its consent."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    if checks.errors:
        raise _refusal("TransactionNonRefundable", checks.errors[0]["message"])
    if not refund_transactions:
        raise _refusal("TransactionNonRefundable", "Give at least one transaction to refund.")
    try:
        return _refund(env, principal, refund_transactions, str(url))
    except Rejected as rejected:
        if rejected.payload["__typename"] == "RefundRejection":
            raise
        # A permission or a missing legal representative: the real union has one rejection.
        raise _refusal("TransactionNonRefundable", rejected.payload["message"]) from None


def _refund(
    env: Environment, principal: Principal, refund_transactions: list[dict[str, Any]], url: str
) -> ConsentRow:
    with env.store.atomic() as db:
        transfers = [
            _transfer(db, principal, item, index) for index, item in enumerate(refund_transactions)
        ]
        accounts = {transfer.pop("account_id") for transfer in transfers}
        if len(accounts) > 1:
            raise _refusal(
                "TransactionNonRefundable", "One refund refunds transactions of one account."
            )
        [account_id] = accounts
        account = get_row(db, "accounts", account_id)
        require_permission(db, principal, account_id, "can_initiate_payments")
        if account["status"] != "Opened":
            raise _refusal(
                "TransactionNonRefundable", f"Account {account_id} is {account['status']}."
            )
        payment = insert_payment(env, db, account, transfers, None)
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="InitPayment",
            redirect_url=url,
            user_id=consent_user(db, principal, account_id),
            resource_id=payment["id"],
        )
        update_row(db, "payments", payment["id"], {"consent_id": consent["id"]})
        return get_row(db, "consents", consent["id"])

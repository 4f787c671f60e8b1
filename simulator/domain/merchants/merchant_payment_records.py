"""Merchant payments of every kind, recorded where the money comes in: a card paying a payment
link (`OnlineCard`), a card at a terminal (`InPersonCard`), a check (`Check`), and the SEPA
direct debits of `merchant_payments` (`SepaDirectDebit`).

Whoever makes the money move calls `record_merchant_payment` (or `record_link_payment` for a
payment link) in its own transaction, with the transaction that carries the money; the
payment then follows that transaction (`follow_transaction`, an event listener the banking
capability installs):

| the transaction | a card payment | a check payment |
|---|---|---|
| Pending | Authorized | Initiated |
| Booked | Captured | Captured |
| Rejected | Rejected (its reason) | Rejected (`CheckNotReceived` unless known) |
| Canceled | Canceled | Canceled |

Each change emits the `MerchantPayment.*` event of its status (`.Created` first). SEPA direct
debit payments are moved by `merchant_payments.settle_merchant_payment` instead.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, Final

from ...storage import Database, get_row, insert_columns, rows_where, update_row
from ...storage.rows import EventRow, MerchantPaymentChanges, MerchantPaymentRow, TransactionRow
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import amount_text
from ..kernel.rejections import Rejected, forbidden, rejection

__all__ = [
    "KINDS",
    "card_reason",
    "collecting_method",
    "follow_transaction",
    "record_link_payment",
    "record_merchant_payment",
]

_PAYMENTS: Final = "merchant_payments"
#: The kinds of merchant payment, as their GraphQL object types name them.
KINDS = ("SepaDirectDebit", "OnlineCard", "Card", "InPersonCard", "Check")
#: A card payment's status for each status of its credit.
_CARD_STATUS = {
    "Pending": "Authorized",
    "Booked": "Captured",
    "Rejected": "Rejected",
    "Canceled": "Canceled",
}
#: A check payment's status for each status of its deposit.
_CHECK_STATUS = {**_CARD_STATUS, "Pending": "Initiated"}
#: The merchant payment's reason for a failed 3-D Secure authentication.
_THREE_DS_REASONS = {
    "AuthenticationFailed": "SoftDecline3dsFailure",
    "AuthenticationExpired": "SoftDecline3dsExpiration",
}
#: The `MerchantPaymentRejectedReason` values (a card decline names one of them).
_REJECTED_REASONS = frozenset(
    """
    AmountInvalid BankRefused CardDetailsInvalid CardExpired CardNotSupported CheckNotReceived
    CheckReceivedLate DebtorAccountClosed DebtorAccountConsumer DebtorAccountUnknown
    DebtorDeceased InsufficientFunds InvalidPinAttemptsExceeded MandateInvalid
    ReasonNotSpecifiedByBank ReasonNotSpecifiedByDebtor RegulatoryReason RejectedByCardAcquirer
    RejectedByCardIssuer SoftDecline3dsExpiration SoftDecline3dsFailure
    SoftDecline3dsNotSupported SoftDecline3dsRequired SoftDeclineCardAmountLimitsExceeded
    SoftDeclineCardDetailsInvalid SoftDeclineCardExpired SoftDeclineCardNotActivated
    SoftDeclineCardNotSupported SoftDeclineCvcCheckFailed SoftDeclineCvcInvalid
    SoftDeclineInsufficientFunds SoftDeclineInvalidPinAttemptsExceeded SoftDeclinePinInvalid
    SoftDeclinePinRequired SoftDeclineRefundTimeLimitExceeded SoftDeclineRejectedByCardIssuer
    SoftDeclineSwanTechnicalErrorOccurred SoftDeclineTransactionAmountIncorrect SuspiciousCheck
    SwanRefused SwanTechnicalErrorOccurred TransactionDuplicated
    TransactionOnAccountTypeNotAllowed TransactionTypeNotAllowed
    """.split()  # noqa: SIM905 (the enum's values read better as a block)
)


def card_reason(reason: str | None, default: str = "RejectedByCardIssuer") -> str:
    """A declined card payment's `MerchantPaymentRejectedReason` from the decline's code (a
    3-D Secure failure's code is mapped to its soft decline)."""
    reason = _THREE_DS_REASONS.get(reason or "", reason)
    return reason if reason in _REJECTED_REASONS else default


#: What a user needs on the merchant's account to collect a payment, as for every merchant
#: payment.
PERMISSION = "can_manage_account_membership"


def collecting_method(
    db: Database, principal: Principal, profile_id: str, method_type: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The merchant profile and its Enabled `method_type` payment method, once the caller may
    collect a payment with them: `NotFoundRejection` for a profile the caller does not see,
    `ForbiddenRejection` for a missing permission, a profile not Enabled, no Enabled method
    of that type or an account not Opened."""
    where, params = account_scope(principal)
    rows = list(rows_where(db, "merchant_profiles", f"id = ? AND {where}", [profile_id, *params]))
    if not rows:
        message = f"Merchant profile {profile_id} was not found."
        raise Rejected(rejection("NotFoundRejection", message, id=profile_id))
    profile: dict[str, Any] = dict(rows[0])
    require_permission(db, principal, profile["account_id"], PERMISSION)
    account = get_row(db, "accounts", profile["account_id"])
    for what, row, wanted in (
        ("Merchant profile", profile, "Enabled"),
        ("Account", account, "Opened"),
    ):
        if row["status"] != wanted:
            raise Rejected(
                forbidden(f"{what} {row['id']} is {row['status']}; it must be {wanted}.")
            )
    methods = list(
        rows_where(
            db,
            "merchant_payment_methods",
            "merchant_profile_id = ? AND type = ? AND status = 'Enabled'",
            [profile_id, method_type],
            order_by="created_at DESC, id DESC",
            limit=1,
        )
    )
    if not methods:
        raise Rejected(
            forbidden(f"Merchant profile {profile_id} has no Enabled {method_type} method.")
        )
    return profile, dict(methods[0])


def _cents(value: Decimal) -> int:
    return int((value * 100).to_integral_value())


def _stamps(status: str, now: str) -> MerchantPaymentChanges:
    """The dates a payment reaching `status` now gets."""
    changes: MerchantPaymentChanges = {}
    if status in ("Authorized", "Captured"):
        changes["authorized_at"] = now
    if status == "Captured":
        changes["captured_at"] = now
    if status == "Rejected":
        changes["rejected_at"] = now
    if status == "Canceled":
        changes["canceled_at"] = now
    return changes


def _json(value: object) -> str | None:
    return None if value is None else json.dumps(value)


def record_merchant_payment(
    env: Environment,
    db: Database,
    *,
    kind: str,
    profile: dict[str, Any],
    method_id: str,
    amount: Decimal,
    transaction: TransactionRow | None,
    status: str,
    details: dict[str, Any] | None = None,
) -> MerchantPaymentRow:
    """A new merchant payment of `kind` for `profile` (in the caller's transaction), paid by
    method `method_id`, its money carried by `transaction` (named back by the transaction's
    `merchant_payment_id`). `details` are optional columns: label, reference,
    external_reference, payment_link_id, payment_mandate_id, billing_address (a dict),
    card (a dict), card_mandate_id, three_ds (a dict), rejected_reason, cmc7, rlmc_key,
    fnci (a dict), payment_intent_id. Emits `MerchantPayment.Created`, then the event of
    `status` unless it is `Initiated`."""
    if kind not in KINDS:
        raise ValueError(f"Unknown merchant payment kind {kind!r}")
    details = dict(details or {})
    for column in ("billing_address", "card", "three_ds", "fnci"):
        if column in details and not isinstance(details[column], str | None):
            details[column] = _json(details[column])
    now = env.now()
    payment_id = env.new_id(db, "merchant-payment")
    row: dict[str, Any] = {
        **details,
        "id": payment_id,
        "project_id": profile["project_id"],
        "account_id": profile["account_id"],
        "merchant_profile_id": profile["id"],
        "payment_method_id": method_id,
        "kind": kind,
        "amount": amount_text(amount),
        "amount_cents": _cents(amount),
        "status": status,
        "transaction_id": None if transaction is None else transaction["id"],
        **_stamps(status, now),
        "created_at": now,
        "updated_at": now,
    }
    insert_columns(db, _PAYMENTS, row)  # the optional columns are named at run time
    if transaction is not None:
        update_row(db, "transactions", transaction["id"], {"merchant_payment_id": payment_id})
    project_id = profile["project_id"]
    emit(env, db, "MerchantPayment.Created", project_id=project_id, resource_id=payment_id)
    if status in ("Authorized", "Captured", "Rejected"):
        emit(env, db, f"MerchantPayment.{status}", project_id=project_id, resource_id=payment_id)
    return get_row(db, _PAYMENTS, payment_id)


def record_link_payment(
    env: Environment,
    db: Database,
    link: dict[str, Any],
    *,
    kind: str,
    method_id: str,
    transaction: TransactionRow | None,
    status: str,
    details: dict[str, Any] | None = None,
) -> MerchantPaymentRow:
    """A merchant payment made through payment link `link` (in the caller's transaction):
    the link's amount, label, references and billing address, for its merchant profile; see
    `record_merchant_payment` for the rest. The caller completes the link."""
    profile = get_row(db, "merchant_profiles", link["merchant_profile_id"])
    from_link = {
        "label": link.get("label"),
        "reference": link.get("reference"),
        "external_reference": link.get("external_reference"),
        "billing_address": link.get("billing_address"),
        "payment_link_id": link["id"],
    }
    return record_merchant_payment(
        env,
        db,
        kind=kind,
        profile=dict(profile),
        method_id=method_id,
        amount=Decimal(link["amount"]),
        transaction=transaction,
        status=status,
        details={**from_link, **(details or {})},
    )


def follow_transaction(env: Environment, db: Database, event: EventRow) -> None:
    """An event listener: a card or check payment follows its transaction's status."""
    if not event["event_type"].startswith("Transaction."):
        return
    rows = list(
        rows_where(db, "transactions", "id = ? AND merchant_payment_id IS NOT NULL",
                   [event["resource_id"]])
    )  # fmt: skip
    if not rows:
        return
    transaction = rows[0]
    payment = get_row(db, _PAYMENTS, str(transaction["merchant_payment_id"]))
    if payment.get("kind") in (None, "SepaDirectDebit"):
        return
    statuses = _CHECK_STATUS if payment["kind"] == "Check" else _CARD_STATUS
    status = statuses.get(transaction["status"])
    if status is None or status == payment["status"]:
        return
    now = env.now()
    changes: MerchantPaymentChanges = {"status": status, "updated_at": now}
    # A date already reached (authorized, then captured) keeps its first value.
    changes.update({k: v for k, v in _stamps(status, now).items() if not payment.get(k)})  # type: ignore[typeddict-item]
    if status == "Rejected":
        default = "CheckNotReceived" if payment["kind"] == "Check" else "RejectedByCardIssuer"
        changes["rejected_reason"] = card_reason(transaction.get("status_reason"), default)
    update_row(db, _PAYMENTS, payment["id"], changes)
    if status in ("Authorized", "Captured", "Rejected"):
        emit(
            env,
            db,
            f"MerchantPayment.{status}",
            project_id=payment["project_id"],
            resource_id=payment["id"],
        )

"""Incoming card payments: a customer pays a merchant's payment link by card (the Testing API's
`simulateIncomingOnlineCardAuthorization` / `simulateIncomingOnlineCardBooking`, and their
deprecated twins `simulateIncomingCardAuthorization` / `simulateIncomingCardBooking`).

| step | what the merchant's account gets |
|---|---|
| authorization, Authorized and 3DS Successful | a Pending `CardInCredit` (the link is Completed) |
| authorization, `autoCapture: true` | the same credit, Booked at once |
| authorization, Rejected or 3DS Failed | a Rejected `CardInCredit` (the link stays Active) |
| booking of the Pending credit | the credit Booked: the balance moves |

The link must be the caller's project's (else `NotFoundRejection`), Active, and name an
Enabled `Card` payment method of an Enabled merchant profile whose account is Opened (else
`ForbiddenRejection`). The amount is the link's. The ledger emits `Transaction.Pending`,
`.Booked` or `.Rejected`; completing the link emits `MerchantPaymentLink.Updated`.

Each authorization records an `OnlineCard` merchant payment for the link
(`merchant_payment_records`): Authorized with a Pending credit, Captured with a Booked one,
Rejected with a declined one; it follows its credit from then on. The payload's `paymentId`
is still the credit transaction's id (the one to book); the card's mandate is kept on the
merchant payment (its `paymentMandate`, a `CardPaymentMandate`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...storage import Database, get_row, rows_where, update_row
from ...storage.rows import TransactionRow
from ..accounts.ledger import change_status, record_transaction
from ..kernel.context import Environment
from ..kernel.countries import is_country
from ..kernel.events import emit
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found, rejection
from ..kernel.validation import Checks
from .merchant_payment_links import link_status
from .merchant_payment_records import card_reason, record_link_payment

__all__ = ["CardPayment", "authorize_online_card_payment", "book_online_card_payment"]

_TYPE = "CardInCredit"
#: Why a declined payment was declined when the input names no reason code.
_DEFAULT_DECLINE = "RejectedByCardIssuer"
_DEFAULT_3DS_FAILURE = "AuthenticationFailed"


@dataclass(frozen=True)
class CardPayment:
    """What an incoming card authorization made."""

    payment_id: str
    card_mandate_id: str
    payment_link_id: str
    transaction: TransactionRow
    merchant_payment_id: str


def _decline_reason(authorization: dict[str, Any], three_ds: dict[str, Any]) -> str | None:
    """None when the payment goes through; else why it was declined (3DS is checked first:
    a failed authentication never reaches the card issuer)."""
    if three_ds.get("status") == "Failed":
        return str(three_ds.get("rejected_reason_code") or _DEFAULT_3DS_FAILURE)
    if authorization.get("status") == "Rejected":
        return str(authorization.get("rejected_reason_code") or _DEFAULT_DECLINE)
    return None


def _check_card(card_details: dict[str, Any]) -> None:
    checks = Checks()
    country = str(card_details.get("country") or "").upper()
    if not is_country(country):
        checks.fail(
            "InvalidFormat",
            "The card's country is an ISO 3166-1 alpha-3 code (FRA, DEU, ...).",
            ["input", "cardDetails", "country"],
        )
    checks.raise_if_any()


def _payable_link(
    env: Environment, db: Database, project_id: str, link_id: str
) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The link, its merchant profile and the card method paying it, once a card may pay it."""
    rows = list(
        db["merchant_payment_links"].rows_where("id = ? AND project_id = ?", [link_id, project_id])
    )
    if not rows:
        raise Rejected(
            rejection("NotFoundRejection", f"Payment link {link_id} was not found.", id=link_id)
        )
    link = rows[0]
    status = link_status(env, link)
    if status != "Active":
        raise Rejected(forbidden(f"Payment link {link_id} is {status}; it must be Active."))
    method_ids = json.loads(link["payment_method_ids"])
    cards = [
        method
        for method in db["merchant_payment_methods"].rows_where(
            "merchant_profile_id = ? AND type = 'Card' AND status = 'Enabled'",
            [link["merchant_profile_id"]],
        )
        if method["id"] in method_ids
    ]
    if not cards:
        raise Rejected(forbidden(f"Payment link {link_id} takes no Enabled card payment method."))
    profile = get_row(db, "merchant_profiles", link["merchant_profile_id"])
    account = get_row(db, "accounts", profile["account_id"])
    for what, row, wanted in (
        ("Merchant profile", profile, "Enabled"),
        ("Account", account, "Opened"),
    ):
        if row["status"] != wanted:
            raise Rejected(
                forbidden(f"{what} {row['id']} is {row['status']}; it must be {wanted}.")
            )
    return link, dict(profile), cards[0]["id"]


def _card_details(
    env: Environment,
    db: Database,
    card_details: dict[str, Any],
    three_ds: dict[str, Any],
    declined: str | None,
) -> dict[str, Any]:
    """The merchant payment's card, card mandate, 3-D Secure outcome and decline reason."""
    failed = three_ds.get("status") == "Failed"
    return {
        "card": {
            "scheme": card_details.get("scheme"),
            "category": card_details.get("category"),
            "type": card_details.get("type"),
            "country": str(card_details.get("country") or "").upper(),
        },
        "card_mandate_id": env.new_id(db, "card-mandate"),
        "three_ds": {
            "status": "Failed" if failed else "Succeeded",
            "reason": (three_ds.get("rejected_reason_code") or _DEFAULT_3DS_FAILURE)
            if failed
            else None,
        },
        "rejected_reason": None if declined is None else card_reason(declined),
    }


def authorize_online_card_payment(
    env: Environment,
    project_id: str,
    link_id: str,
    *,
    authorization: dict[str, Any],
    card_details: dict[str, Any],
    three_ds: dict[str, Any],
    auto_capture: bool | None = None,
) -> CardPayment:
    """A customer pays payment link `link_id` by card: a `CardInCredit` of the link's amount
    on the merchant's account, Pending (Booked with `auto_capture`), or Rejected when the
    3DS authentication failed or the card issuer declined (`authorization.status`)."""
    _check_card(card_details)
    declined = _decline_reason(authorization, three_ds)
    with env.store.atomic() as db:
        link, profile, method_id = _payable_link(env, db, project_id, link_id)
        customer = json.loads(link["customer"] or "{}")
        payer = str(customer.get("name") or "Card holder")
        status = "Rejected" if declined else ("Booked" if auto_capture else "Pending")
        credit = record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=profile["account_id"],
            type=_TYPE,
            amount=to_decimal(link["amount"]),
            label=link["label"] or f"Card payment from {payer}",
            counterparty=payer,
            status=status,
            status_reason=declined,
            reference=link["reference"],
            merchant_name=profile["merchant_name"],
        )
        payment = record_link_payment(
            env,
            db,
            link,
            kind="OnlineCard",
            method_id=method_id,
            transaction=credit,
            status={"Pending": "Authorized", "Booked": "Captured"}.get(status, "Rejected"),
            details=_card_details(env, db, card_details, three_ds, declined),
        )
        if declined is None:
            now = env.now()
            update_row(
                db, "merchant_payment_links", link_id, {"completed_at": now, "updated_at": now}
            )
            emit(env, db, "MerchantPaymentLink.Updated", project_id=project_id, resource_id=link_id)
        return CardPayment(
            payment_id=credit["id"],
            card_mandate_id=str(payment["card_mandate_id"]),
            payment_link_id=link_id,
            transaction=get_row(db, "transactions", credit["id"]),
            merchant_payment_id=payment["id"],
        )


def book_online_card_payment(
    env: Environment, project_id: str, transaction_id: str
) -> TransactionRow:
    """The card network settles a Pending incoming card payment: its credit is Booked."""
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id]
            )
        )
        if not rows:
            raise Rejected(not_found("Transaction", transaction_id))
        credit = rows[0]
        if credit["type"] != _TYPE or credit["status"] != "Pending":
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is a {credit['status']} {credit['type']}; "
                    f"only a Pending {_TYPE} (an incoming card payment) is booked."
                )
            )
        account = get_row(db, "accounts", credit["account_id"])
        if account["status"] in ("Closing", "Closed"):
            raise Rejected(
                forbidden(f"Account {account['id']} is {account['status']}: it must close empty.")
            )
        return change_status(env, db, credit, "Booked")

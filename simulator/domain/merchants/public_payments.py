"""A customer pays a merchant's payment link on its payment page, without a token (the
unauthenticated API): by card, or by SEPA direct debit under a mandate signed there.

| step | what it does |
|---|---|
| `add_card_mandate` | keeps the card form's token (hashed), for a card method of the link |
| `pay_by_card` | a Pending `CardInCredit` on the merchant's account; the link Completed |
| `add_sepa_mandate` | an Enabled SEPA mandate of the link's SEPA method, signed today |
| `pay_by_direct_debit` | an Initiated merchant payment, its debit Pending; the link Completed |

The card credit settles `SETTLEMENT_DELAY` later on the virtual clock (the Testing API may
book it sooner); the direct debit waits for the Testing API, as a partner's does.

Everything is found from the link's id: a link's project is the only one read or written,
and a mandate made on one link pays that link only (another's is `NotFoundRejection`). A
link already paid or expired takes no card (`AlreadyCompletedPaymentLinkRejection`,
`ExpiredPaymentLinkRejection`) and no payment (`ForbiddenRejection`).

The Sandbox's card form tokens are `tok_` and 1 to 60 letters, digits or underscores; the
token `tok_sandbox_declined` stands for a card its issuer declines
(`MerchantCardPaymentDeclinedRejection`, nothing recorded, the link stays Active). A card
mandate has no reference, so `PaymentMandateReferenceAlreadyUsedRejection` never comes from
`add_card_mandate`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Final

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, insert_row, update_row
from ...storage.rows import (
    MerchantPaymentMethodRow,
    MerchantPaymentRow,
    PaymentMandateRow,
    TransactionRow,
)
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.iban import parse_iban
from ..kernel.idempotency import fingerprint, recall, remember
from ..kernel.projects import hash_secret
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks
from . import merchant_mandates, merchant_payments
from .incoming_card_payments import authorize_online_card_payment
from .merchant_payment_links import find_link, link_status

if TYPE_CHECKING:
    from schwifty import IBAN

__all__ = [
    "DECLINED_TOKEN",
    "OPERATION",
    "SETTLEMENT_DELAY",
    "PagePayment",
    "add_card_mandate",
    "add_sepa_mandate",
    "pay_by_card",
    "pay_by_direct_debit",
]

_CARD_MANDATES: Final = "merchant_payment_link_card_mandates"
#: The operation a payment page's idempotency keys are kept under.
OPERATION: Final = "unauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLink"
_TOKEN = re.compile(r"tok_[A-Za-z0-9_]{1,60}")
#: The Sandbox's test token for a card its issuer declines.
DECLINED_TOKEN: Final = "tok_sandbox_declined"
#: How long after the payment an incoming card payment settles (the acquirer pays D+1).
SETTLEMENT_DELAY: Final = timedelta(days=1)


@dataclass(frozen=True)
class PagePayment:
    """A card payment made on a payment page: its credit, the link it paid, and where the
    merchant asked the page to send the customer next (empty when it did not)."""

    transaction: TransactionRow
    link: dict[str, Any]
    redirect_url: str


def _link(db: Database, link_id: Any) -> dict[str, Any]:
    link = find_link(db, link_id) if isinstance(link_id, str) else None
    if link is None:
        raise Rejected(
            rejection("NotFoundRejection", f"Payment link {link_id} was not found.", id=link_id)
        )
    return link


def _active(env: Environment, link: dict[str, Any]) -> None:
    status = link_status(env, link)
    if status != "Active":
        raise Rejected(forbidden(f"Payment link {link['id']} is {status}; it must be Active."))


def _link_method(db: Database, link: dict[str, Any], method_id: Any) -> MerchantPaymentMethodRow:
    """A payment method the link names (`NotFoundRejection` for any other)."""
    if method_id not in json.loads(link["payment_method_ids"]):
        raise Rejected(
            rejection(
                "NotFoundRejection",
                f"Payment link {link['id']} takes no payment method {method_id}.",
                id=str(method_id),
            )
        )
    return get_row(db, "merchant_payment_methods", method_id)


def _complete(env: Environment, db: Database, link: dict[str, Any]) -> None:
    now = env.now()
    update_row(db, "merchant_payment_links", link["id"], {"completed_at": now, "updated_at": now})
    emit(
        env,
        db,
        "MerchantPaymentLink.Updated",
        project_id=link["project_id"],
        resource_id=link["id"],
    )


# -- by card ----------------------------------------------------------------------------------


def add_card_mandate(env: Environment, data: dict[str, Any]) -> dict[str, Any]:
    """Keep the card a customer typed on link `paymentLinkId`'s page for its card method
    `paymentMethodId`: the card mandate (its token hashed)."""
    token = str(data.get("token") or "")
    with env.store.atomic() as db:
        link = _link(db, data.get("payment_link_id"))
        status = link_status(env, link)
        if status in ("Completed", "Expired"):
            kind = "AlreadyCompleted" if status == "Completed" else "Expired"
            raise Rejected(
                rejection(f"{kind}PaymentLinkRejection", f"Payment link {link['id']} is {status}.")
            )
        method = _link_method(db, link, data.get("payment_method_id"))
        if method["type"] != "Card" or method["status"] != "Enabled":
            raise Rejected(
                rejection(
                    "PaymentMethodNotCompatibleRejection",
                    f"Payment method {method['id']} is a {method['status']} {method['type']} "
                    "method; a card needs an Enabled Card method.",
                )
            )
        profile = get_row(db, "merchant_profiles", link["merchant_profile_id"])
        if profile["status"] != "Enabled":
            raise Rejected(
                rejection(
                    "MerchantProfileWrongStatusRejection",
                    f"Merchant profile {profile['id']} is {profile['status']}; it must be Enabled.",
                )
            )
        if not _TOKEN.fullmatch(token):
            raise Rejected(
                rejection(
                    "NotFoundRejection",
                    "No card behind this token (the Sandbox's are tok_ and 1 to 60 letters, "
                    "digits or underscores).",
                    id="",  # the token itself is never echoed back
                )
            )
        mandate_id = env.new_id(db, "card-mandate")
        insert_row(
            db,
            _CARD_MANDATES,
            {
                "id": mandate_id,
                "project_id": link["project_id"],
                "payment_link_id": link["id"],
                "payment_method_id": method["id"],
                "token_hash": hash_secret(token),
                "declined": int(token == DECLINED_TOKEN),
                "sequence": data.get("sequence") or link["sequence"],
                "created_at": env.now(),
            },
        )
        return dict(get_row(db, _CARD_MANDATES, mandate_id))


def pay_by_card(env: Environment, data: dict[str, Any]) -> PagePayment:
    """Pay link `paymentLinkId` with card mandate `cardPaymentMandateId` added on its page:
    a Pending card credit settling `SETTLEMENT_DELAY` later, the link Completed."""
    with env.store.atomic() as db:
        link = _link(db, data.get("payment_link_id"))
        mandate_id = data.get("card_payment_mandate_id")
        rows = list(
            db[_CARD_MANDATES].rows_where(
                "id = ? AND payment_link_id = ?", [mandate_id, link["id"]]
            )
        )
        if not rows:
            raise Rejected(
                rejection(
                    "NotFoundRejection",
                    f"Card mandate {mandate_id} was not added on payment link {link['id']}.",
                    id=str(mandate_id),
                )
            )
        _active(env, link)
        if rows[0]["declined"]:
            raise Rejected(
                rejection(
                    "MerchantCardPaymentDeclinedRejection",
                    "The card's issuer declined the payment (RejectedByCardIssuer).",
                )
            )
        payment = authorize_online_card_payment(
            env,
            link["project_id"],
            link["id"],
            authorization={"status": "Authorized"},
            card_details={"country": "FRA"},
            three_ds={"status": "Successful"},
        )
        settles_at = format_timestamp(parse_timestamp(env.now()) + SETTLEMENT_DELAY)
        update_row(db, "transactions", payment.payment_id, {"settles_at": settles_at})
        credit = get_row(db, "transactions", payment.payment_id)
        return PagePayment(credit, link, link["redirect_url"] or "")


# -- by SEPA direct debit ---------------------------------------------------------------------


def _debtor(data: dict[str, Any]) -> tuple[str, IBAN, dict[str, Any]]:
    checks = Checks()
    debtor = data.get("debtor") or {}
    address = debtor.get("address") or {}
    name = checks.text(debtor.get("name"), ["input", "debtor", "name"], max_length=70)
    checks.text(address.get("country"), ["input", "debtor", "address", "country"], max_length=3)
    checks.raise_if_any()
    try:
        iban = parse_iban(str(debtor.get("iban") or ""))
    except ValueError as error:  # schwifty's errors are ValueErrors
        raise Rejected(
            rejection("IBANNotValidRejection", f"The debtor's IBAN is not valid: {error}")
        ) from None
    assert name is not None
    return name, iban, address


def add_sepa_mandate(env: Environment, data: dict[str, Any]) -> PaymentMandateRow:
    """The customer signs, on link `paymentLinkId`'s page, a SEPA direct debit mandate for
    the link's first SEPA direct debit method: Enabled, signed today, of the link's
    sequence, in `language` (the link's, else en)."""
    name, iban, address = _debtor(data)
    with env.store.atomic() as db:
        link = _link(db, data.get("payment_link_id"))
        _active(env, link)
        methods = [
            get_row(db, "merchant_payment_methods", method_id)
            for method_id in json.loads(link["payment_method_ids"])
        ]
        sepa = [m for m in methods if m["type"] in merchant_mandates.SEPA_METHOD_TYPES]
        if not sepa:
            raise Rejected(
                rejection(
                    "PaymentMethodNotCompatibleRejection",
                    f"Payment link {link['id']} takes no SEPA direct debit method.",
                )
            )
        method = sepa[0]
        profile = merchant_mandates.check_method(db, method)
        account = get_row(db, "accounts", profile["account_id"])
        merchant_mandates.check_debtor(db, method, account, iban)
        return merchant_mandates.insert_mandate(
            env,
            db,
            method,
            debtor_name=name,
            debtor_iban=iban.compact,
            debtor_address=address,
            reference=None,
            sequence=link["sequence"],
            language=data.get("language") or link["language"] or "en",
            signature_date=env.now()[:10],
        )


def pay_by_direct_debit(env: Environment, data: dict[str, Any]) -> MerchantPaymentRow:
    """Collect link `paymentLinkId`'s amount under mandate `mandateId` signed for one of its
    methods: the merchant payment, Initiated, the link Completed. The same
    `idempotencyKey` and input answers the same payment again, even once the link is paid;
    the key with another input, `IdempotencyConflictRejection`."""
    with env.store.atomic() as db:
        link = _link(db, data.get("payment_link_id"))
        principal = Principal(env.name, link["project_id"])
        key, request_hash = _idempotency(data, link)
        if key is not None:
            previous = recall(
                env, db, project_id=link["project_id"], operation=OPERATION, key=key,
                request_hash=request_hash,
            )  # fmt: skip
            if previous is not None:
                return get_row(db, "merchant_payments", previous)
        _link_mandate(db, link, data.get("mandate_id"))
        _active(env, link)
        payment = merchant_payments.initiate_sepa_payment(
            env, principal, _collection(env, link, data)
        )
        if key is not None:
            remember(
                env, db, project_id=link["project_id"], operation=OPERATION, key=key,
                request_hash=request_hash, resource_id=payment["id"],
            )  # fmt: skip
        _complete(env, db, link)
        return payment


def _link_mandate(db: Database, link: dict[str, Any], mandate_id: Any) -> None:
    """The mandate must be a merchant's of the link's project (`NotFoundRejection`), for a
    method the link takes (`BadRequestRejection`)."""
    rows = list(
        db["payment_mandates"].rows_where(
            "id = ? AND project_id = ?", [mandate_id, link["project_id"]]
        )
    )
    if not rows or rows[0]["payment_method_id"] is None:
        raise Rejected(
            rejection(
                "NotFoundRejection", f"Payment mandate {mandate_id} was not found.",
                id=str(mandate_id),
            )
        )  # fmt: skip
    if rows[0]["payment_method_id"] not in json.loads(link["payment_method_ids"]):
        raise Rejected(
            rejection(
                "BadRequestRejection",
                f"Payment mandate {mandate_id} is for a method payment link {link['id']} "
                "does not take.",
            )
        )


def _idempotency(data: dict[str, Any], link: dict[str, Any]) -> tuple[str | None, str]:
    checks = Checks()
    key = checks.text(
        data.get("idempotency_key"), ["input", "idempotencyKey"], required=False, max_length=100
    )
    checks.raise_if_any()
    return key, fingerprint({"link": link["id"], "mandate": data.get("mandate_id")})


def _collection(env: Environment, link: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The merchant payment's input: the link's amount, label and references."""
    requested = link["requested_execution_at"]
    return {
        "mandate_id": data.get("mandate_id"),
        "amount": {"value": link["amount"], "currency": "EUR"},
        "label": link["label"],
        "reference": link["reference"],
        "external_reference": link["external_reference"],
        # A date the link asked that has passed by now is executed at once.
        "requested_execution_at": requested if requested and requested > env.now() else None,
    }

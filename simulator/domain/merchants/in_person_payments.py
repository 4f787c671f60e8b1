"""In-person card payments: a merchant's terminal collects a card payment for an intent.

The simulator drives no terminal: it keeps what the partner and the Testing API can see.

- `createInPersonPaymentIntent`: an intent for an amount, on an Enabled profile with an
  Enabled `InPersonCard` method; its secret is returned once and kept hashed.
- `requestTerminalConnectionToken`: a token valid `TOKEN_LIFETIME` on the virtual clock,
  kept hashed; nothing reads it back.
- the Testing API's `simulateIncomingInPersonCardAuthorization` (the intent's secret): an
  `InPersonCard` merchant payment, Authorized with a Pending `CardInCredit`, or Rejected with
  a Rejected one.
- the Testing API's `simulateIncomingInPersonCardSettlement`: each Authorized payment
  Captured, its credit Booked.

An intent is paid once (`ForbiddenRejection` after). Replaying `createInPersonPaymentIntent`
with the same idempotency key and input gives the same intent a new secret (the simulator
cannot show the old one again: it keeps only its hash), which replaces the old one.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from decimal import Decimal
from typing import Any, Final

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, insert_columns, insert_row, rows_where, update_row
from ...storage.rows import InPersonPaymentIntentChanges, MerchantPaymentRow
from ..accounts.ledger import change_status, record_transaction
from ..kernel.context import Environment, Principal
from ..kernel.idempotency import fingerprint, recall, remember
from ..kernel.money import amount_text, to_decimal
from ..kernel.projects import hash_secret
from ..kernel.rejections import Rejected, forbidden, rejection, validation, validation_error
from ..kernel.validation import Checks
from .merchant_payment_records import card_reason, collecting_method, record_merchant_payment

__all__ = [
    "TOKEN_LIFETIME",
    "authorize_in_person",
    "create_payment_intent",
    "request_connection_token",
    "settle_in_person",
]

_INTENTS: Final = "in_person_payment_intents"
OPERATION = "createInPersonPaymentIntent"
#: How long a terminal connection token lasts (the simulator's choice).
TOKEN_LIFETIME = timedelta(minutes=10)


def _checked(data: dict[str, Any]) -> tuple[Decimal, dict[str, Any]]:
    checks = Checks()
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    fields = {
        key: checks.text(data.get(key), ["input", name], required=False, max_length=limit)
        for key, name, limit in (
            ("label", "label", 140),
            ("reference", "reference", 35),
            ("external_reference", "externalReference", 140),
            ("idempotency_key", "idempotencyKey", 100),
        )
    }
    checks.raise_if_any()
    assert value is not None
    return value, fields


def _secret(intent_id: str) -> str:
    return f"{intent_id}_secret_{secrets.token_urlsafe(24)}"


def create_payment_intent(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> tuple[dict[str, Any], str]:
    """A new intent (and its secret, shown once) for a card payment at the profile's
    terminal."""
    value, fields = _checked(data)
    key = fields.pop("idempotency_key")
    profile_id = str(data.get("merchant_profile_id") or "")
    request_hash = fingerprint({"profile": profile_id, "amount": amount_text(value), **fields})
    with env.store.atomic() as db:
        profile, method = collecting_method(db, principal, profile_id, "InPersonCard")
        project_id = profile["project_id"]
        now = env.now()
        if key is not None:
            previous = recall(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash,
            )  # fmt: skip
            if previous is not None:
                secret = _secret(previous)
                changes: InPersonPaymentIntentChanges = {
                    "secret_hash": hash_secret(secret),
                    "updated_at": now,
                }
                update_row(db, _INTENTS, previous, changes)
                return dict(get_row(db, _INTENTS, previous)), secret
        intent_id = env.new_id(db, "payment-intent")
        secret = _secret(intent_id)
        insert_columns(
            db,
            _INTENTS,
            {
                "id": intent_id,
                "project_id": project_id,
                "merchant_profile_id": profile_id,
                "payment_method_id": method["id"],
                "amount": amount_text(value),
                **fields,
                "secret_hash": hash_secret(secret),
                "created_at": now,
                "updated_at": now,
            },
        )
        if key is not None:
            remember(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash, resource_id=intent_id,
            )  # fmt: skip
        return dict(get_row(db, _INTENTS, intent_id)), secret


def request_connection_token(env: Environment, principal: Principal, profile_id: str) -> str:
    """A token the profile's terminal connects with, valid `TOKEN_LIFETIME`."""
    with env.store.atomic() as db:
        profile, _method = collecting_method(db, principal, profile_id, "InPersonCard")
        token_id = env.new_id(db, "terminal-token")
        token = f"tct_{env.new_token(db, 'terminal-connection')}"
        now = env.now()
        insert_row(
            db,
            "terminal_connection_tokens",
            {
                "id": token_id,
                "project_id": profile["project_id"],
                "merchant_profile_id": profile_id,
                "token_hash": hash_secret(token),
                "expires_at": format_timestamp(parse_timestamp(now) + TOKEN_LIFETIME),
                "created_at": now,
            },
        )
        return token


def _intent_of(db: Database, project_id: str, secret: str) -> dict[str, Any]:
    rows = list(
        rows_where(
            db, _INTENTS, "secret_hash = ? AND project_id = ?", [hash_secret(secret), project_id]
        )
    )
    if not rows:
        raise Rejected(rejection("NotFoundRejection", "No payment intent has this secret.", id=""))
    intent = dict(rows[0])
    if intent["merchant_payment_id"]:
        raise Rejected(forbidden(f"Payment intent {intent['id']} was paid already."))
    return intent


def authorize_in_person(
    env: Environment,
    project_id: str,
    secret: str,
    authorization: dict[str, Any],
    card_details: dict[str, Any],
) -> str:
    """A card pays the intent with this secret at the terminal: an `InPersonCard` merchant
    payment, Authorized (a Pending credit) or Rejected; returns the intent's id."""
    if not secret.strip():
        path: list[str | int] = ["input", "paymentIntentSecret"]
        raise Rejected(validation([validation_error("Missing", "The secret is required.", path)]))
    declined = None
    if authorization.get("status") == "Rejected":
        declined = card_reason(authorization.get("rejection_reason"))
    with env.store.atomic() as db:
        intent = _intent_of(db, project_id, secret)
        profile: dict[str, Any] = dict(
            get_row(db, "merchant_profiles", intent["merchant_profile_id"])
        )
        method = get_row(db, "merchant_payment_methods", intent["payment_method_id"])
        for what, row in (("Merchant profile", profile), ("Payment method", method)):
            if row["status"] != "Enabled":
                raise Rejected(forbidden(f"{what} {row['id']} is {row['status']}, not Enabled."))
        value = to_decimal(intent["amount"])
        credit = record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=profile["account_id"],
            type="CardInCredit",
            amount=value,
            label=intent["label"] or "In-person card payment",
            counterparty="Card holder",
            status="Rejected" if declined else "Pending",
            status_reason=declined,
            reference=intent["reference"],
            merchant_name=profile["merchant_name"],
        )
        payment = record_merchant_payment(
            env,
            db,
            kind="InPersonCard",
            profile=profile,
            method_id=intent["payment_method_id"],
            amount=value,
            transaction=credit,
            status="Rejected" if declined else "Authorized",
            details={
                "label": intent["label"],
                "reference": intent["reference"],
                "external_reference": intent["external_reference"],
                "payment_intent_id": intent["id"],
                "card": {"scheme": card_details.get("scheme")},
                "card_mandate_id": env.new_id(db, "card-mandate"),
                "rejected_reason": declined,
            },
        )
        paid: InPersonPaymentIntentChanges = {
            "merchant_payment_id": payment["id"],
            "updated_at": env.now(),
        }
        update_row(db, _INTENTS, intent["id"], paid)
        return str(intent["id"])


def settle_in_person(
    env: Environment, project_id: str, payment_ids: list[str]
) -> list[MerchantPaymentRow]:
    """The card network settles Authorized in-person payments: each Captured, its credit
    Booked; `MerchantPaymentsAlreadySettledRejection` names those Captured already."""
    if not payment_ids:
        path: list[str | int] = ["input", "merchantPaymentIds"]
        message = "Name at least one merchant payment."
        raise Rejected(validation([validation_error("Missing", message, path)]))
    with env.store.atomic() as db:
        payments = []
        for payment_id in dict.fromkeys(payment_ids):
            rows = list(
                rows_where(
                    db,
                    "merchant_payments",
                    "id = ? AND project_id = ? AND kind = 'InPersonCard'",
                    [payment_id, project_id],
                )
            )
            if not rows:
                message = f"In-person card merchant payment {payment_id} was not found."
                raise Rejected(rejection("NotFoundRejection", message, id=payment_id))
            payments.append(rows[0])
        settled = [payment["id"] for payment in payments if payment["status"] == "Captured"]
        if settled:
            raise Rejected(
                rejection(
                    "MerchantPaymentsAlreadySettledRejection",
                    "These merchant payments were settled already.",
                    merchant_payment_ids=settled,
                )
            )
        for payment in payments:
            if payment["status"] != "Authorized":
                message = (
                    f"Merchant payment {payment['id']} is {payment['status']}: "
                    "only an Authorized one settles."
                )
                raise Rejected(forbidden(message))
            credit = get_row(db, "transactions", str(payment["transaction_id"]))
            # Booking the credit captures the payment (`follow_transaction`).
            change_status(env, db, credit, "Booked")
        return [get_row(db, "merchant_payments", payment["id"]) for payment in payments]

"""Card rejections and inputs shared by the card modules (cards, physical cards, card
simulations)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from ...storage import Database
from ..kernel.rejections import rejection
from ..kernel.validation import Checks

__all__ = [
    "bad_account_status",
    "cancel_digital_cards_of",
    "card_not_found",
    "card_wrong_status",
    "checked_address",
    "confidential_numbers",
    "membership_not_allowed",
    "physical_card_identifier",
    "physical_card_not_found",
    "physical_card_wrong_status",
]


def physical_card_identifier(number: int) -> str:
    """The 10-digit identifier printed on the back of the `number`-th physical card.

    The web banking app asks the holder for exactly these 10 digits before it sends
    `activatePhysicalCard`; the multiplier spreads consecutive cards apart so that an
    identifier is not guessed from the previous one."""
    return f"{(number * 104729) % 10_000_000_000:010d}"


def card_not_found(card_id: str) -> dict[str, Any]:
    """`CardNotFoundRejection`: unknown, or not visible to the caller."""
    return rejection("CardNotFoundRejection", f"Card {card_id} was not found.", id=card_id)


def card_wrong_status(card_id: str, current: str, expected: str) -> dict[str, Any]:
    return rejection(
        "CardWrongStatusRejection",
        f"Card {card_id} is {current}; this operation needs it {expected}.",
        identifier=card_id,
        current_status=current,
        expected_status=expected,
    )


def bad_account_status(account_id: str, status: str) -> dict[str, Any]:
    return rejection(
        "BadAccountStatusRejection",
        f"Account {account_id} is {status}; cards need an Opened account.",
        id=account_id,
    )


def membership_not_allowed(message: str) -> dict[str, Any]:
    return rejection("AccountMembershipNotAllowedRejection", message)


def checked_address(checks: Checks, address: dict[str, Any] | None, path: list[str | int]) -> str:
    """A `CompleteAddressInput`, checked, as stored JSON."""
    address = address or {}
    stored: dict[str, Any] = {}
    for key, required in (
        ("address_line_1", True),
        ("address_line_2", False),
        ("city", True),
        ("postal_code", True),
        ("state", False),
    ):
        stored[key] = checks.text(address.get(key), [*path, key], required=required, max_length=100)
    country = str(address.get("country") or "")
    if len(country) != 3 or not country.isalpha():
        checks.fail("InvalidFormat", "A country is an ISO 3166-1 alpha-3 code.", [*path, "country"])
    stored["country"] = country.upper()
    return json.dumps(stored, sort_keys=True)


def physical_card_not_found(identifier: str) -> dict[str, Any]:
    return rejection(
        "PhysicalCardNotFoundRejection",
        f"No physical card {identifier}.",
        identifier=identifier,
    )


def physical_card_wrong_status(identifier: str, current: str, expected: str) -> dict[str, Any]:
    return rejection(
        "PhysicalCardWrongStatusRejection",
        f"Physical card {identifier} is {current}; this operation needs it {expected}.",
        identifier=identifier,
        current_status=current,
        expected_status=expected,
    )


def cancel_digital_cards_of(db: Database, card_id: str, now: str) -> None:
    """A canceled card leaves every wallet: its Enabled or Suspended digital cards are
    Canceled, those still waiting are Declined (their card's `Card.Updated` says so)."""
    db.execute(
        "UPDATE digital_cards SET canceled_at = CASE WHEN status IN ('Enabled', 'Suspended') "
        "THEN ? ELSE canceled_at END, status = CASE WHEN status IN ('Enabled', 'Suspended') "
        "THEN 'Canceled' ELSE 'Declined' END, updated_at = ? "
        "WHERE card_id = ? AND status NOT IN ('Canceled', 'Declined')",
        [now, now, card_id],
    )


def _luhn_valid(number: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(number)):
        digit = int(char) * (2 if index % 2 else 1)
        total += digit - 9 if digit > 9 else digit
    return total % 10 == 0


def confidential_numbers(card: Mapping[str, Any]) -> dict[str, str]:
    """A card's full numbers (`CardConfidential`): fictional, stable per card, matching its
    masked number (`535545******1234`) and passing the Luhn check."""
    masked = str(card["masked_number"])
    seed = hashlib.sha256(f"simulator:card-numbers:{card['id']}".encode()).hexdigest()
    middle = "".join(str(int(char, 16) % 10) for char in seed[:5])
    pan = next(
        candidate
        for digit in "0123456789"
        if _luhn_valid(candidate := f"{masked[:6]}{middle}{digit}{masked[-4:]}")
    )
    return {
        "pan": pan,
        "cvv": f"{int(seed[5:10], 16) % 1000:03d}",
        "expiry_date": str(card.get("expiry_date") or ""),
    }

"""A card's numbers and PIN shown by the bank's own pages, without a token (the
unauthenticated API's `cardInfos` and `cardPINInfos`).

The cardholder first accepts a consent through the partner API (`viewCardNumbers`,
`viewPhysicalCardPin`); the consent's id is then what the bank's page holds:

- `card_numbers(token)`: `token` is an Accepted ViewCardNumbers consent's id; for
  `REVEAL_WINDOW` after acceptance the page shows the numbers, later their masked form.
- `card_pin(card_id, request_id)`: `request_id` is an Accepted ViewPhysicalCardPin
  consent's id for that card; the PIN display request is `fresh` for `REVEAL_WINDOW`.

Anything else (an unknown id, a consent not Accepted, of another purpose or card) is
`None`: nothing tells a stranger whether an id exists. Each answer names the consent's own
card only, read in the consent's project.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from ...clock import parse_timestamp
from ...storage import Database, get_row, rows_where
from ...storage.rows import CardRow, ConsentRow
from ..kernel.context import Environment

__all__ = [
    "REVEAL_WINDOW",
    "CardNumbers",
    "PinRequest",
    "card_numbers",
    "card_pin",
]

#: How long after the consent is accepted the numbers or the PIN may be shown.
REVEAL_WINDOW: Final = timedelta(minutes=5)


@dataclass(frozen=True)
class CardNumbers:
    """What the numbers' page shows: the card, its holder's name, and whether the numbers
    themselves may still be shown (else only their masked form)."""

    card: CardRow
    holder_name: str
    consent_id: str
    fresh: bool


@dataclass(frozen=True)
class PinRequest:
    """The PIN display request the bank's page sends its PIN provider (never sent once the
    consent is no longer `fresh`)."""

    card: CardRow
    fresh: bool
    request_ref: str
    control_value: str
    time: int
    mac: str


def _accepted(db: Database, consent_id: object, purpose: str) -> ConsentRow | None:
    if not isinstance(consent_id, str):
        return None
    rows = list(
        rows_where(
            db, "consents", "id = ? AND purpose = ? AND status = 'Accepted'", [consent_id, purpose]
        )
    )
    return rows[0] if rows else None


def _fresh(env: Environment, consent: ConsentRow) -> bool:
    accepted = consent["finished_at"] or consent["updated_at"] or consent["created_at"]
    return parse_timestamp(env.now()) < parse_timestamp(accepted) + REVEAL_WINDOW


def _holder_name(db: Database, card: CardRow) -> str:
    membership = get_row(db, "account_memberships", card["account_membership_id"])
    user = get_row(db, "users", membership["user_id"]) if membership["user_id"] else None
    names = (user["first_name"], user["last_name"]) if user is not None else ()
    return " ".join(part for part in names if part) or str(membership.get("email") or "")


def card_numbers(env: Environment, token: object) -> CardNumbers | None:
    """The card whose numbers the Accepted ViewCardNumbers consent `token` shows."""
    db = env.store.db
    consent = _accepted(db, token, "ViewCardNumbers")
    if consent is None or not consent["resource_id"]:
        return None
    card = get_row(db, "cards", consent["resource_id"])
    return CardNumbers(card, _holder_name(db, card), consent["id"], _fresh(env, consent))


def card_pin(env: Environment, card_id: object, request_id: object) -> PinRequest | None:
    """The PIN display request for card `card_id` under the Accepted ViewPhysicalCardPin
    consent `request_id` (not `fresh` once the window is over)."""
    db = env.store.db
    consent = _accepted(db, request_id, "ViewPhysicalCardPin")
    if consent is None or consent["resource_id"] != card_id:
        return None
    card = get_row(db, "cards", consent["resource_id"])
    now = parse_timestamp(env.now())
    seconds = int(now.timestamp())
    # Stand-ins for the PIN provider's check values: stable for one request and instant.
    control = hashlib.sha256(f"{consent['id']}:{card['id']}".encode()).hexdigest()[:16]
    mac = hashlib.sha256(f"{control}:{seconds}".encode()).hexdigest()[:32]
    return PinRequest(card, _fresh(env, consent), consent["id"], control, seconds, mac)

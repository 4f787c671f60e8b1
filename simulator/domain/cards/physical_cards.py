"""Physical cards: the printed card a virtual card may gain, and viewing card numbers and
the PIN through a consent.

| from | to | how |
|---|---|---|
| (none) | ConsentPending | `printPhysicalCard` (the card is then VirtualAndPhysical) |
| ConsentPending | Processing, then ToActivate | its `PrintPhysicalCard` consent is accepted |
| ToActivate, Renewed | Activated | `activatePhysicalCard`, once its holder consents |
| Activated | Suspended | `suspendPhysicalCard` (in-person payments are declined) |
| Suspended | Activated | `resumePhysicalCard`, once its holder consents |
| Activated | ToRenew | its expiry nears (Testing API `simulatePhysicalCardRenewalProcess`) |
| ToRenew | Renewed | `confirmPhysicalCardRenewal`: a new card with a new identifier |
| ToRenew | Activated | `cancelPhysicalCardRenewal` |
| any but Canceled | Canceled | `cancelPhysicalCard` (lost, stolen, ...), or the card is canceled |

Each change emits `Card.Updated` (the physical card is part of its card).
"""

from __future__ import annotations

import json
from typing import Any

from ...storage import Database, get_row, rows_where, update_row
from ...storage.rows import CardRow, ConsentRow
from ..accounts.account_lifecycle import consent_user
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import card_scope
from ..kernel.context import Environment, Principal
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks
from .card_products import (
    check_shipping_provider,
    require_printable_name,
    require_product_allows,
)
from .card_support import checked_address, physical_card_not_found, physical_card_wrong_status
from .cards import add_cards, change_card, find_card, issue_physical_card, require_card_manager

__all__ = [
    "CONSENT_HANDLERS",
    "activate_physical_card",
    "add_cards_with_group_delivery",
    "cancel_physical_card",
    "cancel_physical_card_renewal",
    "confirm_physical_card_renewal",
    "print_physical_card",
    "resume_physical_card",
    "suspend_physical_card",
    "view_card_numbers",
    "view_physical_card_pin",
]

CANCEL_REASONS = ("Blocked", "Defected", "Lost", "NonReceived", "Stolen")


def _physical(card: CardRow, *expected: str) -> CardRow:
    """The card, if its physical card is in one of the `expected` statuses."""
    status = card.get("physical_status")
    identifier = card.get("physical_identifier") or card["id"]
    if status is None:
        raise Rejected(physical_card_not_found(card["id"]))
    if expected and status not in expected:
        raise Rejected(physical_card_wrong_status(identifier, status, expected[0]))
    return card


def _holder_user(db: Database, principal: Principal, card: CardRow) -> str:
    """The card holder, who consents; a user token must be the holder's own."""
    row = db.execute(
        "SELECT user_id FROM account_memberships WHERE id = ?", [card["account_membership_id"]]
    ).fetchone()
    holder = row[0] if row else None
    if holder is None or (principal.user_id is not None and principal.user_id != holder):
        raise Rejected(
            rejection("UserNotCardHolderRejection", "Only the card's holder may do this.")
        )
    return str(holder)


def print_physical_card(
    env: Environment,
    principal: Principal,
    card_id: str,
    *,
    address: dict[str, Any],
    consent_redirect_url: str,
    custom_options: dict[str, Any] | None = None,
    choose_pin: bool | None = None,
    choose_pin_code: bool | None = None,
) -> CardRow:
    """Ask to print an Enabled card: its physical card waits (ConsentPending) for the
    `PrintPhysicalCard` consent, then is printed (ToActivate). `choose_pin_code` is the
    older name of `choose_pin`: both given, they must agree."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    stored = checked_address(checks, address, ["input", "address"])
    checks.raise_if_any()
    if None not in (choose_pin, choose_pin_code) and choose_pin != choose_pin_code:
        raise Rejected(
            rejection("BadRequestRejection", "choosePin and choosePINCode disagree; give one.")
        )
    check_shipping_provider(custom_options, json.loads(stored)["country"])
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        require_card_manager(db, principal, card)
        if card["type"] == "SingleUseVirtual" or card["status"] != "Enabled":
            raise Rejected(
                rejection(
                    "AccountMembershipNotAllowedRejection",
                    f"Card {card_id} ({card['type']}, {card['status']}) cannot be printed.",
                )
            )
        if card.get("physical_status") not in (None, "Canceled"):
            raise Rejected(
                rejection(
                    "AlreadyValidPhysicalCardRejection", f"Card {card_id} has a physical card."
                )
            )
        require_product_allows(card["type"], physical=True)
        require_printable_name(db, card["account_membership_id"], custom_options)
        previous = _previous(card)
        consent = open_consent(
            env,
            db,
            project_id=card["project_id"],
            purpose="PrintPhysicalCard",
            redirect_url=str(url),
            user_id=consent_user(db, principal, card["account_id"]),
            resource_id=card_id,
        )
        card = get_row(db, "cards", card_id)
        if card.get("physical_status") in (None, "Canceled"):
            change_card(
                env,
                db,
                card,
                {
                    "type": "VirtualAndPhysical",
                    "physical_status": "ConsentPending",
                    "physical_consent_id": consent["id"],
                    "physical_address": stored,
                    "physical_custom_options": json.dumps(custom_options or {}, sort_keys=True),
                    "physical_previous": json.dumps(previous),
                },
            )
        return get_row(db, "cards", card_id)


def _previous(card: CardRow) -> list[dict[str, Any]]:
    earlier: list[dict[str, Any]] = json.loads(card.get("physical_previous") or "[]")
    if card.get("physical_masked_number"):
        earlier.append(
            {
                "identifier": card.get("physical_identifier"),
                "masked_number": card["physical_masked_number"],
                "expiry_date": card.get("physical_expiry_date"),
                "custom_options": card.get("physical_custom_options"),
            }
        )
    return earlier


def add_cards_with_group_delivery(
    env: Environment,
    principal: Principal,
    configs: list[dict[str, Any]],
    *,
    group_address: dict[str, Any],
    consent_redirect_url: str,
    card_product_id: str | None = None,
) -> list[CardRow]:
    """`addCards` whose printed cards (`print_physical_card`) all go to one address (an
    office), under one `AddCards` consent. Returns the cards (ConsentPending)."""
    checks = Checks()
    path: list[str | int] = ["input", "groupDeliveryAddress"]
    checked_address(checks, group_address, path)
    for key in ("first_name", "last_name"):
        checks.text(group_address.get(key), [*path, key], max_length=100)
    checks.raise_if_any()
    address = {key: value for key, value in group_address.items() if key in _ADDRESS_KEYS}
    cards = [
        {
            **{key: value for key, value in config.items() if key not in _GROUP_ONLY},
            **(
                {
                    "physical_card": {
                        "delivery_address": address,
                        "physical_card_custom_options": config.get("physical_card_custom_options"),
                    }
                }
                if config.get("print_physical_card")
                else {}
            ),
        }
        for config in configs
    ]
    return add_cards(
        env,
        principal,
        cards,
        consent_redirect_url=consent_redirect_url,
        card_product_id=card_product_id,
    )[0]


_ADDRESS_KEYS = ("address_line_1", "address_line_2", "city", "postal_code", "state", "country")
_GROUP_ONLY = ("print_physical_card", "physical_card_custom_options")


def _print(env: Environment, db: Database, consent: ConsentRow) -> None:
    card = get_row(db, "cards", consent["resource_id"])
    if card.get("physical_status") in (None, "Canceled"):
        # Auto-consent: the consent is approved before the physical card records it.
        card = {**card, "physical_status": "ConsentPending", "type": "VirtualAndPhysical"}
        update_row(db, "cards", card["id"], {"type": "VirtualAndPhysical"})
    issue_physical_card(env, db, card)


def _consent_then(
    env: Environment,
    principal: Principal,
    card_id: str,
    purpose: str,
    consent_redirect_url: str,
    *expected: str,
) -> tuple[CardRow, ConsentRow]:
    """Open the holder's consent of `purpose` for a physical card in an `expected` status;
    returns the card (after an auto-consent) and the consent."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    checks.raise_if_any()
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        if purpose != "ViewCardNumbers" or expected:
            _physical(card, *expected)
        user = _holder_user(db, principal, card)
        consent = open_consent(
            env,
            db,
            project_id=card["project_id"],
            purpose=purpose,
            redirect_url=str(url),
            user_id=user,
            resource_id=card_id,
        )
        return get_row(db, "cards", card_id), consent


def activate_physical_card(
    env: Environment, principal: Principal, identifier: str, consent_redirect_url: str
) -> tuple[CardRow, ConsentRow]:
    """Ask the holder to activate a received physical card (found by its identifier)."""
    where, params = card_scope(principal)
    rows = list(
        rows_where(
            env.store.db, "cards", f"physical_identifier = ? AND {where}", [identifier, *params]
        )
    )
    if not rows:
        raise Rejected(physical_card_not_found(identifier))
    return _consent_then(
        env,
        principal,
        rows[0]["id"],
        "ActivatePhysicalCard",
        consent_redirect_url,
        "ToActivate",
        "Renewed",
    )


def _activate(env: Environment, db: Database, consent: ConsentRow) -> None:
    card = _physical(get_row(db, "cards", consent["resource_id"]), "ToActivate", "Renewed")
    change_card(env, db, card, {"physical_status": "Activated"})


def resume_physical_card(
    env: Environment, principal: Principal, card_id: str, consent_redirect_url: str
) -> tuple[CardRow, ConsentRow]:
    return _consent_then(
        env, principal, card_id, "ResumePhysicalCard", consent_redirect_url, "Suspended"
    )


def _resume(env: Environment, db: Database, consent: ConsentRow) -> None:
    card = _physical(get_row(db, "cards", consent["resource_id"]), "Suspended")
    change_card(env, db, card, {"physical_status": "Activated", "physical_status_reason": None})


def _nothing(env: Environment, db: Database, consent: ConsentRow, *_: Any) -> None:
    """The operation waits in the consent alone: nothing to apply or to undo."""


def _managed(
    env: Environment, principal: Principal, card_id: str, *expected: str
) -> tuple[Database, CardRow]:
    db = env.store.db
    card = find_card(db, principal, card_id)
    require_card_manager(db, principal, card)
    return db, _physical(card, *expected)


def suspend_physical_card(env: Environment, principal: Principal, card_id: str) -> CardRow:
    """Block an Activated physical card for now."""
    with env.store.atomic():
        db, card = _managed(env, principal, card_id)
        if card["physical_status"] != "Activated":
            raise Rejected(
                forbidden(
                    f"Physical card of {card_id} is {card['physical_status']}, not Activated."
                )
            )
        return change_card(
            env,
            db,
            card,
            {"physical_status": "Suspended", "physical_status_reason": "SuspendedByPartner"},
        )


def cancel_physical_card(
    env: Environment, principal: Principal, card_id: str, reason: str
) -> CardRow:
    """Cancel a physical card for good (`reason`: Lost, Stolen, ...); the virtual card stays."""
    checks = Checks()
    checks.choice(reason, CANCEL_REASONS, ["input", "reason"])
    checks.raise_if_any()
    with env.store.atomic():
        db, card = _managed(env, principal, card_id)
        if card["physical_status"] == "Canceled":
            return card
        return change_card(
            env, db, card, {"physical_status": "Canceled", "physical_status_reason": reason}
        )


def confirm_physical_card_renewal(
    env: Environment,
    principal: Principal,
    card_id: str,
    address: dict[str, Any],
    custom_options: dict[str, Any] | None = None,
) -> CardRow:
    """Renew a ToRenew physical card to `address`: it becomes Renewed, with a new
    identifier and expiry; the holder activates the new card."""
    checks = Checks()
    stored = checked_address(checks, address, ["input", "address"])
    checks.raise_if_any()
    check_shipping_provider(custom_options, json.loads(stored)["country"])
    with env.store.atomic():
        db, card = _managed(env, principal, card_id, "ToRenew")
        return renew_in(env, db, card, stored, custom_options)


def renew_in(
    env: Environment,
    db: Database,
    card: CardRow,
    stored_address: str | None = None,
    custom_options: dict[str, Any] | None = None,
) -> CardRow:
    """Replace a ToRenew physical card by a new one (Renewed), in the caller's transaction."""
    previous = _previous(card)
    issued = issue_physical_card(
        env,
        db,
        {
            **card,
            "physical_previous": json.dumps(previous),
            "physical_address": stored_address or card.get("physical_address"),
            "physical_custom_options": json.dumps(custom_options)
            if custom_options
            else card.get("physical_custom_options"),
        },
    )
    changes = {
        "physical_status": "Renewed",
        "physical_previous": json.dumps(previous),
        "physical_address": stored_address or card.get("physical_address"),
    }
    return change_card(env, db, issued, changes)


def cancel_physical_card_renewal(env: Environment, principal: Principal, card_id: str) -> CardRow:
    """Do not renew a ToRenew physical card: it stays Activated until it expires."""
    with env.store.atomic():
        db, card = _managed(env, principal, card_id, "ToRenew")
        return change_card(env, db, card, {"physical_status": "Activated"})


def view_card_numbers(
    env: Environment,
    principal: Principal,
    card_id: str,
    consent_redirect_url: str,
    *,
    physical: bool = False,
) -> ConsentRow:
    """Ask the holder's `ViewCardNumbers` consent for an Enabled card (its physical one)."""
    expected = ("ToActivate", "Activated", "Suspended", "Renewed") if physical else ()
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        if card["status"] != "Enabled":
            raise Rejected(forbidden(f"Card {card_id} is {card['status']}, not Enabled."))
    return _consent_then(
        env, principal, card_id, "ViewCardNumbers", consent_redirect_url, *expected
    )[1]


def view_physical_card_pin(
    env: Environment, principal: Principal, card_id: str, consent_redirect_url: str
) -> ConsentRow:
    """Ask the holder's `ViewPhysicalCardPin` consent (the PIN is ready once printed)."""
    card = find_card(env.store.db, principal, card_id)
    _physical(card)
    if not card.get("physical_pin_ready"):
        raise Rejected(
            rejection(
                "PINNotReadyRejection",
                f"The PIN of card {card_id}'s physical card is not ready.",
                physical_card_identifier=card.get("physical_identifier") or card_id,
            )
        )
    return _consent_then(env, principal, card_id, "ViewPhysicalCardPin", consent_redirect_url)[1]


def _print_not_done(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    card = get_row(db, "cards", consent["resource_id"])
    if card.get("physical_status") == "ConsentPending":
        change_card(
            env,
            db,
            card,
            {"physical_status": "Canceled", "physical_status_reason": f"Consent{status}"},
        )


#: What approving (or not) the physical cards' consents does.
CONSENT_HANDLERS = {
    "PrintPhysicalCard": ConsentHandler(_print, _print_not_done),
    "ActivatePhysicalCard": ConsentHandler(_activate, _nothing),
    "ResumePhysicalCard": ConsentHandler(_resume, _nothing),
}

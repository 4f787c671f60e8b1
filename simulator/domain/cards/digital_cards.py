"""Digital cards: a card added to a phone's wallet (Apple Pay, Google Pay), and the insurance
a card may carry.

| from | to | how |
|---|---|---|
| (none) | ConsentPending | `addDigitalCard(s)`: the card's holder consents (`AddDigitalCard(s)`) |
| ConsentPending | Pending | the consent is accepted: the wallet now provisions the card |
| ConsentPending | Declined | the consent is refused, canceled or lapses |
| Pending | Enabled | the wallet takes it (`simulateInAppProvisioningCompletion`, NoOTP) |
| Pending | Pending, to activate | the wallet asks for more proof (OTP): `activateDigitalCard` |
| Pending | Enabled | the holder accepts the `ActivateDigitalCard` consent |
| Pending | Declined | the wallet declines (Decline) |
| Enabled, Suspended | Canceled | `cancelDigitalCard` |

A card typed into a wallet by hand (Testing API `simulateManualProvisioning`) starts at
Pending, Enabled or Declined at once. Each change emits `Card.Updated` for its card: the real
service has no event of its own for digital cards, they are part of their card.
"""

from __future__ import annotations

import uuid
from typing import Any

from ...storage import Database, get_row, insert_columns, update_columns
from ...storage.rows import ConsentRow
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import card_scope
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks
from .card_support import bad_account_status, card_not_found
from .cards import find_card, require_card_manager

__all__ = [
    "CONSENT_HANDLERS",
    "WALLET_PROVIDERS",
    "activate_digital_card",
    "add_digital_cards",
    "cancel_digital_card",
    "complete_provisioning",
    "enable_insurance",
    "find_digital_card",
    "list_digital_cards",
    "manual_provisioning",
]

#: The wallets a card can be added to, with the name the API shows.
WALLET_PROVIDERS = {"ApplePay": "Apple Pay", "GooglePay": "Google Pay"}
#: The device each wallet's simulated phone reports (a simulator choice).
_DEVICES = {"ApplePay": ("iPhone", "Phone"), "GooglePay": ("Pixel", "Phone")}
#: At most this many cards in one `addDigitalCards` (as many as `addCards` takes).
MAX_DIGITAL_CARDS_PER_CALL = 250
#: The insurance package the Testing API enables (the simulator knows one).
INSURANCE_PACKAGE = "Standard"


def digital_card_not_found(digital_card_id: str) -> dict[str, Any]:
    return rejection(
        "DigitalCardNotFoundRejection",
        f"Digital card {digital_card_id} was not found.",
        identifier=digital_card_id,
    )


def _cannot_digitalize(card_id: str, why: str) -> dict[str, Any]:
    return rejection(
        "CardCanNotBeDigitalizedRejection",
        f"Card {card_id} cannot be digitalized: {why}.",
        id=card_id,
    )


def find_digital_card(db: Database, principal: Principal, digital_card_id: str) -> dict[str, Any]:
    """The digital card if the caller sees its card, else `DigitalCardNotFoundRejection`."""
    where, params = card_scope(principal)
    rows = list(db["digital_cards"].rows_where(f"id = ? AND {where}", [digital_card_id, *params]))
    if not rows:
        raise Rejected(digital_card_not_found(digital_card_id))
    return rows[0]


def list_digital_cards(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """A card's digital cards (`card_id` from the parent), oldest first; filters
    (`DigitalCardFiltersInput`): `id`, `status`, `token_reference_id(s)`, the wallet."""
    given = dict(filters or {})
    tokens = list(given.get("token_reference_ids") or [])
    if given.get("token_reference_id"):
        tokens.append(given["token_reference_id"])
    provider = given.get("wallet_provider_id") or next(
        (
            key
            for key, name in WALLET_PROVIDERS.items()
            if name == given.get("wallet_provider_name")
        ),
        given.get("wallet_provider_name"),
    )
    wanted = {
        "card_id": given.get("card_id"),
        "id": given.get("id"),
        "status": [given["status"]] if given.get("status") else None,
        "token_reference_id": tokens or None,
        "wallet_provider": provider,
        "masked_number": given.get("card_masked_number"),
    }
    where, params = with_filters(
        card_scope(principal),
        wanted,
        equal=("card_id", "id", "wallet_provider", "masked_number"),
        any_of=("status", "token_reference_id"),
    )
    return paginate(env.store.db, "digital_cards", where, params, first=first, after=after)


def _change(
    env: Environment, db: Database, row: dict[str, Any], changes: dict[str, Any]
) -> dict[str, Any]:
    """Change a digital card, emitting `Card.Updated` for its card."""
    changes = {**changes, "updated_at": env.now()}
    update_columns(db, "digital_cards", row["id"], changes)
    emit(env, db, "Card.Updated", project_id=row["project_id"], resource_id=row["card_id"])
    return {**row, **changes}


def _digitalizable(db: Database, principal: Principal, card_id: str) -> dict[str, Any]:
    """The card, if its holder may add it to a wallet now."""
    card = find_card(db, principal, card_id)
    holder = db.execute(
        "SELECT user_id FROM account_memberships WHERE id = ?", [card["account_membership_id"]]
    ).fetchone()
    if not holder or holder[0] is None:
        raise Rejected(
            rejection(
                "AccountMembershipNotAllowedRejection",
                f"Card {card_id}'s membership has no user yet to hold a digital card.",
            )
        )
    if principal.user_id is not None and principal.user_id != holder[0]:
        raise Rejected(
            rejection("UserNotCardHolderRejection", "Only the card's holder may do this.")
        )
    if card["type"] == "SingleUseVirtual":
        raise Rejected(_cannot_digitalize(card_id, "a single-use card stays out of wallets"))
    if card["status"] != "Enabled":
        raise Rejected(_cannot_digitalize(card_id, f"it is {card['status']}"))
    account = db.execute(
        "SELECT status FROM accounts WHERE id = ?", [card["account_id"]]
    ).fetchone()
    if account and account[0] != "Opened":
        raise Rejected(bad_account_status(card["account_id"], account[0]))
    return {**card, "holder_user_id": holder[0]}


def _new_digital_card(
    env: Environment, db: Database, card: dict[str, Any], **fields: Any
) -> dict[str, Any]:
    now = env.now()
    row = {
        "id": env.new_id(db, "digital_card"),
        "project_id": card["project_id"],
        "card_id": card["id"],
        "account_id": card["account_id"],
        "account_membership_id": card["account_membership_id"],
        "masked_number": card["masked_number"],
        "needs_activation": 0,
        "created_at": now,
        "updated_at": now,
        **fields,
    }
    insert_columns(db, "digital_cards", row)
    emit(env, db, "Card.Updated", project_id=card["project_id"], resource_id=card["id"])
    return row


def add_digital_cards(
    env: Environment,
    principal: Principal,
    card_ids: list[str],
    *,
    wallet_provider: str,
    consent_redirect_url: str,
    purpose: str = "AddDigitalCard",
) -> list[dict[str, Any]]:
    """Ask to add cards of one account and one holder to a wallet: one digital card each
    (ConsentPending), under one consent of `purpose` for their holder."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    checks.choice(wallet_provider, tuple(WALLET_PROVIDERS), ["input", "walletProvider"])
    if not card_ids or len(card_ids) > MAX_DIGITAL_CARDS_PER_CALL:
        checks.fail(
            "Invalid",
            f"Give 1 to {MAX_DIGITAL_CARDS_PER_CALL} card ids.",
            ["input", "cardIds"],
        )
    checks.raise_if_any()
    with env.store.atomic() as db:
        cards = [_digitalizable(db, principal, card_id) for card_id in dict.fromkeys(card_ids)]
        if len({card["account_id"] for card in cards}) > 1:
            raise Rejected(
                rejection(
                    "AddingCardsToDifferentAccountsRejection",
                    "The cards of one addDigitalCards belong to one account.",
                )
            )
        if len({card["holder_user_id"] for card in cards}) > 1:
            raise Rejected(forbidden("The cards of one addDigitalCards have one holder."))
        rows = [
            _new_digital_card(
                env,
                db,
                card,
                wallet_provider=wallet_provider,
                type="InApp",
                status="ConsentPending",
            )
            for card in cards
        ]

        def link(consent_id: str) -> None:
            for row in rows:
                update_columns(db, "digital_cards", row["id"], {"consent_id": consent_id})

        open_consent(
            env,
            db,
            project_id=cards[0]["project_id"],
            purpose=purpose,
            redirect_url=str(url),
            user_id=cards[0]["holder_user_id"],
            resource_id=rows[0]["id"],
            link=link,
        )
        return [dict(get_row(db, "digital_cards", row["id"])) for row in rows]


def _added(env: Environment, db: Database, consent: ConsentRow) -> None:
    for row in db["digital_cards"].rows_where("consent_id = ?", [consent["id"]]):
        if row["status"] == "ConsentPending":
            _change(env, db, row, {"status": "Pending"})


def _not_added(env: Environment, db: Database, consent: ConsentRow, _status: str) -> None:
    for row in db["digital_cards"].rows_where("consent_id = ?", [consent["id"]]):
        if row["status"] == "ConsentPending":
            _change(env, db, row, {"status": "Declined"})


def _enabled(env: Environment, row: dict[str, Any]) -> dict[str, Any]:
    """The columns of a digital card the wallet has just enabled."""
    device_name, device_type = _DEVICES.get(row.get("wallet_provider") or "", ("Phone", "Phone"))
    return {
        "status": "Enabled",
        "needs_activation": 0,
        "enabled_at": env.now(),
        "token_reference_id": row.get("token_reference_id") or f"DNITHE{row['id'][-12:]}",
        "device_name": device_name,
        "device_type": device_type,
    }


def activate_digital_card(
    env: Environment, principal: Principal, digital_card_id: str, consent_redirect_url: str
) -> dict[str, Any]:
    """The holder proves it is them (a consent, instead of the wallet's one-time code) for a
    Pending digital card the wallet asked more proof for."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    checks.raise_if_any()
    with env.store.atomic() as db:
        row = find_digital_card(db, principal, digital_card_id)
        card = _digitalizable(db, principal, row["card_id"])
        if row["status"] != "Pending" or not row.get("needs_activation"):
            raise Rejected(
                _cannot_digitalize(
                    row["card_id"],
                    f"digital card {digital_card_id} is {row['status']} with nothing to activate",
                )
            )

        asked: dict[str, Any] = {}

        def link(consent_id: str) -> None:
            changes = {"activation_consent_id": consent_id, "status": "ConsentPending"}
            asked.update(_change(env, db, row, changes))

        open_consent(
            env,
            db,
            project_id=row["project_id"],
            purpose="ActivateDigitalCard",
            redirect_url=str(url),
            user_id=card["holder_user_id"],
            resource_id=row["id"],
            link=link,
        )
        # As asked (ConsentPending, with its consent), even when a Sandbox user's
        # auto-consent has already enabled it: the payload is the pending digital card.
        return asked


def _activated(env: Environment, db: Database, consent: ConsentRow) -> None:
    for row in db["digital_cards"].rows_where("activation_consent_id = ?", [consent["id"]]):
        if row["status"] == "ConsentPending":
            _change(env, db, row, _enabled(env, row))


def _not_activated(env: Environment, db: Database, consent: ConsentRow, _status: str) -> None:
    # Still waiting for proof: the holder may try activateDigitalCard again.
    for row in db["digital_cards"].rows_where("activation_consent_id = ?", [consent["id"]]):
        if row["status"] == "ConsentPending":
            _change(env, db, row, {"status": "Pending"})


def cancel_digital_card(
    env: Environment, principal: Principal, digital_card_id: str
) -> dict[str, Any]:
    """Remove an Enabled or Suspended digital card from its wallet (Canceled)."""
    with env.store.atomic() as db:
        row = find_digital_card(db, principal, digital_card_id)
        require_card_manager(db, principal, get_row(db, "cards", row["card_id"]))
        if row["status"] not in ("Enabled", "Suspended"):
            raise Rejected(
                forbidden(
                    f"Digital card {digital_card_id} is {row['status']}: only an Enabled or "
                    "Suspended one can be canceled."
                )
            )
        return _change(env, db, row, {"status": "Canceled", "canceled_at": env.now()})


def _simulation_failed(message: str) -> dict[str, Any]:
    return {
        "__typename": "SimulationRejection",
        "code": "CouldNotProvisionCard",
        "message": message,
    }


def complete_provisioning(
    env: Environment, project_id: str, digital_card_id: str, response: str
) -> dict[str, Any]:
    """The wallet's answer to a Pending digital card: NoOTP enables it, OTP asks the holder
    for more proof (`activateDigitalCard`), Decline declines it."""
    with env.store.atomic() as db:
        rows = list(
            db["digital_cards"].rows_where(
                "id = ? AND project_id = ?", [digital_card_id, project_id]
            )
        )
        if not rows or rows[0]["status"] != "Pending":
            state = rows[0]["status"] if rows else "unknown"
            raise Rejected(
                _simulation_failed(f"Digital card {digital_card_id} is {state}, not Pending.")
            )
        return _answer(env, db, rows[0], response)


def _answer(env: Environment, db: Database, row: dict[str, Any], response: str) -> dict[str, Any]:
    if response == "Decline":
        return _change(env, db, row, {"status": "Declined", "needs_activation": 0})
    if response == "OTP":
        return _change(env, db, row, {"status": "Pending", "needs_activation": 1})
    return _change(env, db, row, _enabled(env, row))


def manual_provisioning(
    env: Environment,
    project_id: str,
    card_id: str,
    *,
    physical: bool,
    response: str,
    wallet_provider: str | None,
) -> dict[str, Any]:
    """The holder types the card's numbers into a wallet: a digital card of type Manual,
    answered at once as `complete_provisioning` answers."""
    with env.store.atomic() as db:
        rows = list(db["cards"].rows_where("id = ? AND project_id = ?", [card_id, project_id]))
        card = rows[0] if rows else None
        if card is None or card["status"] != "Enabled" or card["type"] == "SingleUseVirtual":
            state = f"{card['type']}, {card['status']}" if card else "unknown"
            raise Rejected(_simulation_failed(f"Card {card_id} ({state}) cannot be provisioned."))
        if physical and card.get("physical_status") != "Activated":
            raise Rejected(
                _simulation_failed(f"Card {card_id} has no Activated physical card to type in.")
            )
        row = _new_digital_card(
            env,
            db,
            card,
            wallet_provider=wallet_provider or "ApplePay",
            type="Manual",
            status="Pending",
        )
        return _answer(env, db, row, response)


def enable_insurance(env: Environment, project_id: str, card_id: str) -> dict[str, Any]:
    """The card's insurance subscription, Enabled (created if the card has none)."""
    with env.store.atomic() as db:
        rows = list(db["cards"].rows_where("id = ? AND project_id = ?", [card_id, project_id]))
        if not rows:
            raise Rejected(rejection("BadRequestRejection", card_not_found(card_id)["message"]))
        card = rows[0]
        if card["status"] in ("Canceling", "Canceled"):
            raise Rejected(rejection("BadRequestRejection", f"Card {card_id} is {card['status']}."))
        existing = list(db["card_insurance_subscriptions"].rows_where("card_id = ?", [card_id]))
        if existing:
            return existing[0]
        now = env.now()
        row = {
            # The id the partner API derives for a card's insurance (one per card, stable).
            "id": str(
                uuid.uuid5(uuid.NAMESPACE_URL, f"simulator:insurance-subscription:{card_id}")
            ),
            "project_id": project_id,
            "card_id": card_id,
            "package": INSURANCE_PACKAGE,
            "status": "Enabled",
            "created_at": now,
            "updated_at": now,
        }
        insert_columns(db, "card_insurance_subscriptions", row)
        emit(env, db, "Card.Updated", project_id=project_id, resource_id=card_id)
        return row


#: What approving (or not) the digital cards' consents does.
CONSENT_HANDLERS = {
    "AddDigitalCard": ConsentHandler(_added, _not_added),
    "AddDigitalCards": ConsentHandler(_added, _not_added),
    "ActivateDigitalCard": ConsentHandler(_activated, _not_activated),
}

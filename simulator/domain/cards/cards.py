"""Cards: issued to an account membership, through a consent.

| from | to | how |
|---|---|---|
| (new) | ConsentPending | `addCard`, `addCards`, `addSingleUseVirtualCard(s)` (Card.Created) |
| ConsentPending | Processing, then Enabled | its consent is accepted: the card is issued |
| ConsentPending | Canceled | its consent ends unaccepted; or `cancelCard` |
| Enabled | Canceling | `cancelCard` while authorizations are still pending |
| Canceling | Canceled | its last pending authorization is debited or released |
| Enabled | Canceled | `cancelCard` (nothing pending); account or membership ends |

Every change after creation emits `Card.Updated`. `updateCard` changes nothing until its
`UpdateCard` consent is accepted. Suspension belongs to the physical card
(`physical_cards.py`), as in the real service.
"""

from __future__ import annotations

import json
from datetime import UTC
from decimal import Decimal
from typing import Any, Literal, TypedDict, get_args

import sqlite_utils

from ...clock import parse_timestamp
from ...storage import (
    get_row,
    insert_columns,
    next_number,
    rows_where,
    update_columns,
    update_row,
    with_changes,
)
from ...storage.rows import AccountMembershipRow, AccountRow, CardRow, ConsentRow
from ..accounts.account_lifecycle import consent_user, require_account_status
from ..accounts.memberships import find_membership
from ..consents.consents import ConsentHandler, cancel_consent_in, open_consent
from ..kernel.access import card_scope
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import CURRENCY, amount_text
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks
from .card_support import (
    bad_account_status,
    cancel_digital_cards_of,
    card_not_found,
    card_wrong_status,
    checked_address,
    membership_not_allowed,
)

__all__ = [
    "CARD_STATUSES",
    "CARD_TRANSITIONS",
    "CARD_TYPES",
    "CONSENT_HANDLERS",
    "DEFAULT_SPENDING_LIMIT",
    "MAX_CARDS_PER_CALL",
    "SPENDING_LIMIT_PERIODS",
    "CardStatus",
    "SpendingLimit",
    "add_card",
    "add_cards",
    "cancel_card",
    "cancel_card_in",
    "change_card",
    "find_card",
    "finish_canceling",
    "get_card",
    "issue_physical_card",
    "list_cards",
    "move_card",
    "require_card_manager",
    "update_card",
]


class SpendingLimit(TypedDict):
    """A card's spending limit: at most `value` (EUR) per `period`."""

    value: Decimal
    period: str


CARD_TYPES = ("Virtual", "VirtualAndPhysical", "SingleUseVirtual")
CardStatus = Literal["ConsentPending", "Processing", "Enabled", "Canceling", "Canceled"]
CARD_STATUSES: tuple[CardStatus, ...] = get_args(CardStatus)
CARD_TRANSITIONS: dict[str, tuple[CardStatus, ...]] = {
    "ConsentPending": ("Processing", "Canceled"),
    "Processing": ("Enabled", "Canceled"),
    "Enabled": ("Canceling", "Canceled"),
    "Canceling": ("Canceled",),
}
SPENDING_LIMIT_PERIODS = ("Daily", "Weekly", "Monthly", "Always")
DEFAULT_SPENDING_LIMIT = SpendingLimit(value=Decimal("1000.00"), period="Monthly")
#: Fictional BIN of the simulated bank's cards; only masked numbers exist.
CARD_BIN = "535545"
_SWITCHES = ("withdrawal", "international", "non_main_currency_transactions", "e_commerce")
#: At most this many cards in one `addCards` / `addSingleUseVirtualCards`.
MAX_CARDS_PER_CALL = 250


def move_card(
    env: Environment,
    db: sqlite_utils.Database,
    card: CardRow,
    status: CardStatus,
    *,
    expected: CardStatus = "Enabled",
    **extra: Any,
) -> CardRow:
    """Change a card's status (and `extra` columns), emitting `Card.Updated`."""
    if status not in CARD_TRANSITIONS.get(card["status"], ()):
        raise Rejected(card_wrong_status(card["id"], card["status"], expected))
    return change_card(env, db, card, {"status": status, **extra})


def change_card(
    env: Environment, db: sqlite_utils.Database, card: CardRow, changes: dict[str, Any]
) -> CardRow:
    """Change some columns of a card, emitting `Card.Updated`."""
    changes = {**changes, "updated_at": env.now()}
    update_columns(db, "cards", card["id"], changes)
    emit(env, db, "Card.Updated", project_id=card["project_id"], resource_id=card["id"])
    return with_changes(card, changes)


def find_card(db: sqlite_utils.Database, principal: Principal, card_id: str) -> CardRow:
    """The card if the caller sees it, else `CardNotFoundRejection`."""
    where, params = card_scope(principal)
    rows = list(rows_where(db, "cards", f"id = ? AND {where}", [card_id, *params]))
    if not rows:
        raise Rejected(card_not_found(card_id))
    return rows[0]


def require_card_manager(
    db: sqlite_utils.Database, principal: Principal, card: CardRow | dict[str, Any]
) -> None:
    """A user acts on its own cards, or on an account's cards with canManageCards."""
    if principal.user_id is None:
        return
    owner = db.execute(
        "SELECT user_id FROM account_memberships WHERE id = ?", [card["account_membership_id"]]
    ).fetchone()
    if owner and owner[0] == principal.user_id:
        return
    allowed = db.execute(
        "SELECT 1 FROM account_memberships WHERE user_id = ? AND account_id = ? "
        "AND status = 'Enabled' AND can_manage_cards = 1",
        [principal.user_id, card["account_id"]],
    ).fetchone()
    if not allowed:
        raise Rejected(
            forbidden(f"This needs the canManageCards permission for card {card['id']}.")
        )


def get_card(env: Environment, principal: Principal, card_id: str) -> CardRow:
    rows = rows_where(env.store.db, "cards", *by_id(card_scope(principal), card_id))
    return visible_row(rows, "Card", card_id)


def list_cards(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order: tuple[str, str] = ("created_at", "id"),
    descending: bool = False,
) -> Connection:
    """Cards the caller sees, by `order` (oldest first); filters (`CardFiltersInput`):
    `account_id`, `user_id`, `search` (name or masked number), `status`/`statuses`,
    `type`/`types`."""
    given = dict(filters or {})
    # `account_membership_id`: a membership's own cards (AccountMembership.cards).
    wanted: dict[str, Any] = {
        "account_id": given.get("account_id"),
        "account_membership_id": given.get("account_membership_id"),
    }
    for one, many in (("status", "statuses"), ("type", "types")):
        values = list(given.get(many) or []) + ([given[one]] if given.get(one) else [])
        if values:
            wanted[one] = values
    where, params = with_filters(
        card_scope(principal),
        wanted,
        equal=("account_id", "account_membership_id"),
        any_of=("status", "type"),
    )
    if given.get("user_id"):
        where += (
            " AND account_membership_id IN (SELECT id FROM account_memberships WHERE user_id = ?)"
        )
        params = [*params, given["user_id"]]
    if given.get("search"):
        where += " AND (name LIKE ? OR masked_number LIKE ?)"
        pattern = f"%{given['search']}%"
        params = [*params, pattern, pattern]
    page: dict[str, Any] = {"first": first, "after": after, "order": order}
    return paginate(env.store.db, "cards", where, params, descending=descending, **page)


def _spending_limit(
    checks: Checks, limit: dict[str, Any] | None, path: list[str | int]
) -> dict[str, Any]:
    if limit is None:
        return {
            "spending_limit_value": amount_text(DEFAULT_SPENDING_LIMIT["value"]),
            "spending_limit_currency": CURRENCY,
            "spending_limit_period": DEFAULT_SPENDING_LIMIT["period"],
        }
    amount = limit.get("amount") or {}
    path = [*path, "spendingLimit"]
    value = checks.amount(
        amount.get("value"), [*path, "amount", "value"], currency=amount.get("currency")
    )
    period = checks.choice(limit.get("period"), SPENDING_LIMIT_PERIODS, [*path, "period"])
    return {
        "spending_limit_value": amount_text(value) if value is not None else None,
        "spending_limit_currency": CURRENCY,
        "spending_limit_period": period,
    }


def _checked_config(
    checks: Checks, config: dict[str, Any], path: list[str | int]
) -> dict[str, Any]:
    """One card's columns from its input (`account_membership_id`, `name`, the switches,
    `spending_limit`, and `physical_card` with its `delivery_address`)."""
    columns: dict[str, Any] = {
        "account_membership_id": config["account_membership_id"],
        "name": checks.text(config.get("name"), [*path, "name"], required=False, max_length=60),
        **{name: int(bool(config.get(name, True))) for name in _SWITCHES},
        **_spending_limit(checks, config.get("spending_limit"), path),
    }
    physical = config.get("physical_card")
    if physical is not None:
        columns["physical_address"] = checked_address(
            checks, physical.get("delivery_address"), [*path, "physicalCard", "deliveryAddress"]
        )
        columns["physical_custom_options"] = json.dumps(
            physical.get("physical_card_custom_options") or {}, sort_keys=True
        )
        columns["physical_status"] = "ConsentPending"
    return columns


def _card_holder_membership(
    db: sqlite_utils.Database, principal: Principal, membership_id: str
) -> tuple[AccountMembershipRow, AccountRow]:
    """The Enabled membership a new card is for, and its Opened account."""
    try:
        membership = find_membership(db, principal, membership_id)
    except Rejected:
        raise Rejected(
            membership_not_allowed(f"Account membership {membership_id} was not found.")
        ) from None
    account = get_row(db, "accounts", membership["account_id"])
    probe = {"account_id": account["id"], "account_membership_id": membership_id, "id": "new"}
    require_card_manager(db, principal, probe)
    if membership["status"] != "Enabled":
        raise Rejected(
            membership_not_allowed(
                f"Account membership {membership_id} is {membership['status']}; "
                "cards need an Enabled membership."
            )
        )
    if account["status"] != "Opened":
        raise Rejected(bad_account_status(account["id"], account["status"]))
    return membership, account


def _card_number(env: Environment, db: sqlite_utils.Database) -> dict[str, str]:
    number = next_number(db, "card_number")
    now = parse_timestamp(env.now()).astimezone(UTC)
    return {
        "masked_number": f"{CARD_BIN}******{(number * 7919) % 10000:04d}",
        "expiry_date": f"{now.month:02d}/{(now.year + 3) % 100:02d}",
    }


def add_cards(
    env: Environment,
    principal: Principal,
    configs: list[dict[str, Any]],
    *,
    consent_redirect_url: str,
    card_type: str = "Virtual",
    purpose: str = "AddCards",
    path: list[str | int] | None = None,
) -> tuple[list[CardRow], ConsentRow]:
    """Ask for cards for Enabled memberships of one account, under one consent: returns the
    cards (ConsentPending) and the consent. Each config is a `CardConfigInput` (snake_case);
    one with `physical_card` gets a printed card too (VirtualAndPhysical)."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    prefix: list[str | int] = ["input"] if path is None else path
    many = path is None and purpose != "AddCard"
    columns = [
        _checked_config(checks, config, [*prefix, "cards", index] if many else prefix)
        for index, config in enumerate(configs)
    ]
    checks.raise_if_any()
    if not configs or len(configs) > MAX_CARDS_PER_CALL:
        raise Rejected(rejection("TooManyItemsRejection", f"Give 1 to {MAX_CARDS_PER_CALL} cards."))
    with env.store.atomic() as db:
        accounts = {
            _card_holder_membership(db, principal, one["account_membership_id"])[1]["id"]
            for one in columns
        }
        if len(accounts) > 1:
            raise Rejected(
                rejection(
                    "AddingCardsToDifferentAccountsRejection",
                    "Cards added together must be for memberships of the same account.",
                )
            )
        account = get_row(db, "accounts", accounts.pop())
        now = env.now()
        cards = []
        for one in columns:
            physical = "physical_status" in one
            card: dict[str, Any] = {
                "id": env.new_id(db, "card"),
                "project_id": account["project_id"],
                "account_id": account["id"],
                "type": "VirtualAndPhysical" if physical else card_type,
                "status": "ConsentPending",
                "created_at": now,
                "updated_at": now,
                **_card_number(env, db),
                **one,
            }
            insert_columns(db, "cards", card)
            emit(env, db, "Card.Created", project_id=card["project_id"], resource_id=card["id"])
            cards.append(card)
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose=purpose,
            redirect_url=str(url),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=cards[0]["id"],
        )
        for card in cards:
            update_row(db, "cards", card["id"], {"consent_id": consent["id"]})
        # An auto-consenting Sandbox user has already approved: the cards are Enabled.
        return [get_row(db, "cards", card["id"]) for card in cards], consent


def add_card(
    env: Environment,
    principal: Principal,
    membership_id: str,
    *,
    consent_redirect_url: str,
    card_type: str = "Virtual",
    name: str | None = None,
    withdrawal: bool = True,
    international: bool = True,
    non_main_currency_transactions: bool = True,
    e_commerce: bool = True,
    spending_limit: dict[str, Any] | None = None,
) -> tuple[CardRow, ConsentRow]:
    """Ask for one card for an Enabled membership: returns the card (ConsentPending, or
    Enabled at once for an auto-consenting user) and its `AddCard` consent.
    `spending_limit` is `{"amount": {"value", "currency"}, "period"}`."""
    config = {
        "account_membership_id": membership_id,
        "name": name,
        "withdrawal": withdrawal,
        "international": international,
        "non_main_currency_transactions": non_main_currency_transactions,
        "e_commerce": e_commerce,
        "spending_limit": spending_limit,
    }
    cards, consent = add_cards(
        env,
        principal,
        [config],
        consent_redirect_url=consent_redirect_url,
        card_type=card_type,
        purpose="AddCard",
        path=["input"],
    )
    return cards[0], consent


def issue_physical_card(env: Environment, db: sqlite_utils.Database, card: CardRow) -> CardRow:
    """Print a card's physical card: Processing, then ToActivate with its identifier."""
    card = change_card(env, db, card, {"physical_status": "Processing"})
    number = next_number(db, "physical_card_identifier")
    return change_card(
        env,
        db,
        card,
        {
            "physical_status": "ToActivate",
            "physical_identifier": f"{(number * 104729) % 1_000_000_000:09d}",
            "physical_masked_number": card["masked_number"],
            "physical_expiry_date": card["expiry_date"],
            "physical_pin_ready": 1,
            "physical_consent_id": None,
        },
    )


def _issue(env: Environment, db: sqlite_utils.Database, consent: ConsentRow) -> None:
    first = get_row(db, "cards", consent["resource_id"])
    # An auto-consenting user approves before the cards record their consent: the cards
    # asked for together share their account and creation instant.
    siblings = (
        "status = 'ConsentPending' AND (consent_id = ? OR (consent_id IS NULL "
        "AND account_id = ? AND created_at = ?))"
    )
    values = [consent["id"], first["account_id"], first["created_at"]]
    for card in list(rows_where(db, "cards", siblings, values, order_by="id")):
        membership = get_row(db, "account_memberships", card["account_membership_id"])
        if membership["status"] != "Enabled":
            raise Rejected(
                membership_not_allowed(f"Account membership {membership['id']} is not Enabled.")
            )
        require_account_status(get_row(db, "accounts", card["account_id"]), "Opened")
        card = move_card(env, db, card, "Processing", expected="ConsentPending")
        card = move_card(env, db, card, "Enabled", expected="Processing", enabled_at=env.now())
        if card.get("physical_status") == "ConsentPending":
            issue_physical_card(env, db, card)


def _not_issued(
    env: Environment, db: sqlite_utils.Database, consent: ConsentRow, status: str
) -> None:
    for card in list(rows_where(db, "cards", "consent_id = ?", [consent["id"]], order_by="id")):
        if card["status"] == "ConsentPending":
            move_card(
                env, db, card, "Canceled", status_reason=f"Consent{status}", canceled_at=env.now()
            )


def _apply_update(env: Environment, db: sqlite_utils.Database, consent: ConsentRow) -> None:
    card = get_row(db, "cards", consent["resource_id"])
    if card["status"] != "Enabled" or card.get("pending_update_consent_id") not in (
        None,
        consent["id"],
    ):
        raise Rejected(card_wrong_status(card["id"], card["status"], "Enabled"))
    changes = json.loads(card["pending_update"] or "{}")
    change_card(
        env, db, card, {**changes, "pending_update": None, "pending_update_consent_id": None}
    )


def _update_not_applied(
    env: Environment, db: sqlite_utils.Database, consent: ConsentRow, status: str
) -> None:
    card = get_row(db, "cards", consent["resource_id"])
    if card.get("pending_update_consent_id") == consent["id"]:
        update_row(
            db, "cards", card["id"], {"pending_update": None, "pending_update_consent_id": None}
        )


def _has_pending(db: sqlite_utils.Database, card_id: str) -> bool:
    row = db.execute(
        "SELECT 1 FROM transactions WHERE card_id = ? AND status = 'Pending' LIMIT 1", [card_id]
    ).fetchone()
    return row is not None


def _cancel(
    env: Environment, db: sqlite_utils.Database, card: CardRow, reason: str | None
) -> CardRow:
    if card["status"] == "ConsentPending":
        cancel_consent_in(env, db, card["consent_id"])
    if card.get("physical_status") not in (None, "Canceled"):
        if card["physical_status"] == "ConsentPending":
            cancel_consent_in(env, db, card.get("physical_consent_id"))
        card = change_card(
            env, db, card, {"physical_status": "Canceled", "physical_status_reason": "CardCanceled"}
        )
    cancel_digital_cards_of(db, card["id"], env.now())
    if card["status"] == "Enabled" and _has_pending(db, card["id"]):
        return move_card(env, db, card, "Canceling", status_reason=reason)
    return move_card(env, db, card, "Canceled", status_reason=reason, canceled_at=env.now())


def cancel_card_in(
    env: Environment, db: sqlite_utils.Database, card: CardRow, reason: str
) -> CardRow:
    """Cancel a card inside the caller's transaction (Canceling while authorizations pend)."""
    return _cancel(env, db, card, reason)


def finish_canceling(env: Environment, db: sqlite_utils.Database, card_id: str | None) -> None:
    """A Canceling card whose last pending authorization was settled becomes Canceled."""
    if card_id is None:
        return
    card = get_row(db, "cards", card_id)
    if card["status"] == "Canceling" and not _has_pending(db, card_id):
        move_card(env, db, card, "Canceled", canceled_at=env.now())


def update_card(
    env: Environment,
    principal: Principal,
    card_id: str,
    changes: dict[str, Any],
    *,
    consent_redirect_url: str,
) -> ConsentRow:
    """Ask to change a card's name, switches (`withdrawal`, `international`,
    `non_main_currency_transactions`, `e_commerce`) or `spending_limit`: returns the
    `UpdateCard` consent; the changes apply once it is accepted."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    update: dict[str, Any] = {}
    if changes.get("name") is not None:
        update["name"] = checks.text(changes["name"], ["input", "name"], max_length=60)
    for switch in _SWITCHES:
        if changes.get(switch) is not None:
            update[switch] = int(bool(changes[switch]))
    if changes.get("spending_limit") is not None:
        update.update(_spending_limit(checks, changes["spending_limit"], ["input"]))
    checks.raise_if_any()
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        require_card_manager(db, principal, card)
        if card["status"] != "Enabled":
            raise Rejected(
                membership_not_allowed(f"Card {card_id} is {card['status']}: it cannot change.")
            )
        if card.get("pending_update_consent_id"):
            cancel_consent_in(env, db, card["pending_update_consent_id"])
        update_row(db, "cards", card_id, {"pending_update": json.dumps(update, sort_keys=True)})
        consent = open_consent(
            env,
            db,
            project_id=card["project_id"],
            purpose="UpdateCard",
            redirect_url=str(url),
            user_id=consent_user(db, principal, card["account_id"]),
            resource_id=card_id,
        )
        if get_row(db, "cards", card_id).get("pending_update") is not None:
            update_row(db, "cards", card_id, {"pending_update_consent_id": consent["id"]})
        return consent


def cancel_card(env: Environment, principal: Principal, card_id: str) -> CardRow:
    """Cancel a card for good: Canceled at once, or Canceling until its pending
    authorizations are settled; its physical card is canceled too. A card still waiting
    for its consent drops the consent. Canceling a canceled card changes nothing."""
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        require_card_manager(db, principal, card)
        if card["status"] in ("Canceling", "Canceled"):
            return card
        return _cancel(env, db, card, "CanceledByPartner")


def _cancel_cards_where(
    env: Environment, db: sqlite_utils.Database, column: str, value: str, reason: str
) -> None:
    where = f"{column} = ? AND status NOT IN ('Canceling', 'Canceled')"
    for card in list(rows_where(db, "cards", where, [value], order_by="created_at, id")):
        _cancel(env, db, card, reason)


def cancel_cards_of_closing_account(
    env: Environment, db: sqlite_utils.Database, account: AccountRow
) -> None:
    """An account that starts closing cancels its cards (an `account_closing` plug)."""
    _cancel_cards_where(env, db, "account_id", account["id"], "AccountClosing")


def cancel_cards_of_disabled_membership(
    env: Environment, db: sqlite_utils.Database, membership: AccountMembershipRow
) -> None:
    """A disabled membership cancels its cards (a `membership_disabled` plug)."""
    _cancel_cards_where(
        env, db, "account_membership_id", membership["id"], "AccountMembershipDisabled"
    )


#: What approving (or not) the consents of the cards' purposes does (physical cards add
#: theirs in `physical_cards`).
CONSENT_HANDLERS = {
    "AddCard": ConsentHandler(_issue, _not_issued),
    "AddCards": ConsentHandler(_issue, _not_issued),
    "UpdateCard": ConsentHandler(_apply_update, _update_not_applied),
}

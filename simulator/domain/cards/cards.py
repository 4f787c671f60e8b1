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
from typing import Any, Literal, get_args

from ...clock import parse_timestamp
from ...storage import (
    Database,
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
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks
from .card_configs import (
    DEFAULT_SPENDING_LIMIT,
    SPENDING_LIMIT_PERIODS,
    SWITCHES,
    SpendingLimit,
    checked_config,
    checked_spending_limit,
    physical_checks,
)
from .card_products import (
    check_card_product,
    checked_contract_expiry,
    expiry_month,
    require_printable_name,
    require_product_allows,
)
from .card_support import (
    bad_account_status,
    cancel_digital_cards_of,
    card_not_found,
    card_wrong_status,
    membership_not_allowed,
    physical_card_identifier,
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


CARD_TYPES = ("Virtual", "VirtualAndPhysical", "SingleUseVirtual")
CardStatus = Literal["ConsentPending", "Processing", "Enabled", "Canceling", "Canceled"]
CARD_STATUSES: tuple[CardStatus, ...] = get_args(CardStatus)
CARD_TRANSITIONS: dict[str, tuple[CardStatus, ...]] = {
    "ConsentPending": ("Processing", "Canceled"),
    "Processing": ("Enabled", "Canceled"),
    "Enabled": ("Canceling", "Canceled"),
    "Canceling": ("Canceled",),
}
#: Fictional BIN of the simulated bank's cards; only masked numbers exist.
CARD_BIN = "535545"
_SWITCHES = SWITCHES
#: At most this many cards in one `addCards` / `addSingleUseVirtualCards`.
MAX_CARDS_PER_CALL = 250


def move_card(
    env: Environment,
    db: Database,
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


def change_card(env: Environment, db: Database, card: CardRow, changes: dict[str, Any]) -> CardRow:
    """Change some columns of a card, emitting `Card.Updated`."""
    changes = {**changes, "updated_at": env.now()}
    update_columns(db, "cards", card["id"], changes)
    emit(env, db, "Card.Updated", project_id=card["project_id"], resource_id=card["id"])
    return with_changes(card, changes)


def find_card(db: Database, principal: Principal, card_id: str) -> CardRow:
    """The card if the caller sees it, else `CardNotFoundRejection`."""
    where, params = card_scope(principal)
    rows = list(rows_where(db, "cards", f"id = ? AND {where}", [card_id, *params]))
    if not rows:
        raise Rejected(card_not_found(card_id))
    return rows[0]


def require_card_manager(
    db: Database, principal: Principal, card: CardRow | dict[str, Any]
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


def _card_holder_membership(
    db: Database, principal: Principal, membership_id: str
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


def _card_number(env: Environment, db: Database) -> dict[str, str]:
    number = next_number(db, "card_number")
    now = parse_timestamp(env.now()).astimezone(UTC)
    return {
        "masked_number": f"{CARD_BIN}******{(number * 7919) % 10000:04d}",
        "expiry_date": f"{now.month:02d}/{(now.year + 3) % 100:02d}",
    }


def _one_account(db: Database, principal: Principal, columns: list[dict[str, Any]]) -> AccountRow:
    """The one account the new cards' memberships share; a printed card needs a name."""
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
    for one in columns:
        if "physical_status" in one:
            options = json.loads(one["physical_custom_options"])
            require_printable_name(db, one["account_membership_id"], options)
    return get_row(db, "accounts", accounts.pop())


def add_cards(
    env: Environment,
    principal: Principal,
    configs: list[dict[str, Any]],
    *,
    consent_redirect_url: str,
    card_type: str = "Virtual",
    purpose: str = "AddCards",
    path: list[str | int] | None = None,
    card_product_id: str | None = None,
) -> tuple[list[CardRow], ConsentRow]:
    """Ask for cards for Enabled memberships of one account, under one consent: returns the
    cards (ConsentPending) and the consent. Each config is a `CardConfigInput` (snake_case);
    one with `physical_card` gets a printed card too (VirtualAndPhysical). The cards are of
    the project's card product (`card_product_id`, if given, must name it)."""
    now = env.now()
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    prefix: list[str | int] = ["input"] if path is None else path
    many = path is None and purpose != "AddCard"
    columns = [
        checked_config(
            checks,
            config,
            [*prefix, "cards", index] if many else prefix,
            now=now,
            card_type=card_type,
        )
        for index, config in enumerate(configs)
    ]
    product = check_card_product(
        checks, principal.project_id, card_product_id, ["input", "cardProductId"]
    )
    checks.raise_if_any()
    if not configs or len(configs) > MAX_CARDS_PER_CALL:
        raise Rejected(rejection("TooManyItemsRejection", f"Give 1 to {MAX_CARDS_PER_CALL} cards."))
    for one in columns:
        require_product_allows(card_type, physical="physical_status" in one)
        physical_checks(one)
    with env.store.atomic() as db:
        account = _one_account(db, principal, columns)
        cards = []
        for one in columns:
            physical = "physical_status" in one
            card: dict[str, Any] = {
                "id": env.new_id(db, "card"),
                "project_id": account["project_id"],
                "account_id": account["id"],
                "type": "VirtualAndPhysical" if physical else card_type,
                "status": "ConsentPending",
                "card_product_id": product,
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
    card_product_id: str | None = None,
    **config: Any,
) -> tuple[CardRow, ConsentRow]:
    """Ask for one card for an Enabled membership: returns the card (ConsentPending, or
    Enabled at once for an auto-consenting user) and its `AddCard` consent. `config` holds
    the `AddCardInput` fields (snake_case): `name`, the switches (default True),
    `spending_limit` (`{"amount": {"value", "currency"}, "period", "mode"}`),
    `card_contract_expiry_date`, `view_card_number`."""
    cards, consent = add_cards(
        env,
        principal,
        [{**config, "account_membership_id": membership_id}],
        consent_redirect_url=consent_redirect_url,
        card_type=card_type,
        purpose="AddCard",
        path=["input"],
        card_product_id=card_product_id,
    )
    return cards[0], consent


def issue_physical_card(env: Environment, db: Database, card: CardRow) -> CardRow:
    """Print a card's physical card: Processing, then ToActivate with its identifier."""
    card = change_card(env, db, card, {"physical_status": "Processing"})
    number = next_number(db, "physical_card_identifier")
    return change_card(
        env,
        db,
        card,
        {
            "physical_status": "ToActivate",
            "physical_identifier": physical_card_identifier(number),
            "physical_masked_number": card["masked_number"],
            "physical_expiry_date": card["expiry_date"],
            "physical_pin_ready": 1,
            "physical_consent_id": None,
        },
    )


def _issue(env: Environment, db: Database, consent: ConsentRow) -> None:
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


def _not_issued(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    for card in list(rows_where(db, "cards", "consent_id = ?", [consent["id"]], order_by="id")):
        if card["status"] == "ConsentPending":
            move_card(
                env, db, card, "Canceled", status_reason=f"Consent{status}", canceled_at=env.now()
            )


def _apply_update(env: Environment, db: Database, consent: ConsentRow) -> None:
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


def _update_not_applied(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    card = get_row(db, "cards", consent["resource_id"])
    if card.get("pending_update_consent_id") == consent["id"]:
        update_row(
            db, "cards", card["id"], {"pending_update": None, "pending_update_consent_id": None}
        )


def _has_pending(db: Database, card_id: str) -> bool:
    row = db.execute(
        "SELECT 1 FROM transactions WHERE card_id = ? AND status = 'Pending' LIMIT 1", [card_id]
    ).fetchone()
    return row is not None


def _cancel(env: Environment, db: Database, card: CardRow, reason: str | None) -> CardRow:
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


def cancel_card_in(env: Environment, db: Database, card: CardRow, reason: str) -> CardRow:
    """Cancel a card inside the caller's transaction (Canceling while authorizations pend)."""
    return _cancel(env, db, card, reason)


def finish_canceling(env: Environment, db: Database, card_id: str | None) -> None:
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
    `non_main_currency_transactions`, `e_commerce`), `spending_limit` (with its mode) or
    `card_contract_expiry_date`: returns the
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
        update.update(checked_spending_limit(checks, changes["spending_limit"], ["input"]))
    if changes.get("card_contract_expiry_date") is not None:
        update["card_contract_expiry_date"] = checked_contract_expiry(
            checks,
            changes["card_contract_expiry_date"],
            env.now(),
            ["input", "cardContractExpiryDate"],
            card_type="Virtual",
        )
    checks.raise_if_any()
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        require_card_manager(db, principal, card)
        if card["status"] != "Enabled":
            raise Rejected(
                membership_not_allowed(f"Card {card_id} is {card['status']}: it cannot change.")
            )
        if update.get("card_contract_expiry_date"):
            # The card's expiry month follows its contract's end when that comes first.
            update["expiry_date"] = expiry_month(
                card["created_at"], update["card_contract_expiry_date"]
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
    env: Environment, db: Database, column: str, value: str, reason: str
) -> None:
    where = f"{column} = ? AND status NOT IN ('Canceling', 'Canceled')"
    for card in list(rows_where(db, "cards", where, [value], order_by="created_at, id")):
        _cancel(env, db, card, reason)


def cancel_cards_of_closing_account(env: Environment, db: Database, account: AccountRow) -> None:
    """An account that starts closing cancels its cards (an `account_closing` plug)."""
    _cancel_cards_where(env, db, "account_id", account["id"], "AccountClosing")


def cancel_cards_of_disabled_membership(
    env: Environment, db: Database, membership: AccountMembershipRow
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

"""Cards: issued to an account membership, through a consent.

| from | to | how |
|---|---|---|
| (new) | ConsentPending | `addCard` (event Card.Created) |
| ConsentPending | Processing, then Enabled | its consent is accepted: the card is issued |
| ConsentPending | Canceled | its consent ends unaccepted; or `cancelCard` |
| Enabled | Suspended | `suspendCard` (authorizations are declined) |
| Suspended | Enabled | `resumeCard` |
| Enabled, Suspended | Canceling | `cancelCard` while authorizations are still pending |
| Canceling | Canceled | its last pending authorization is debited or released |
| Enabled, Suspended | Canceled | `cancelCard` (nothing pending); account or membership ends |

Every change after creation emits `Card.Updated`. `Suspended` is a simulator status (the
real service tracks suspension beside the status); documented in docs/banking.md.
"""

from __future__ import annotations

from datetime import UTC
from decimal import Decimal
from typing import Any, Literal, TypedDict, get_args

import sqlite_utils

from ..clock import parse_timestamp
from ..storage import get_row, insert_row, next_number, update_row
from .access import card_scope
from .account_lifecycle import consent_user, require_account_status
from .consents import ConsentHandler, cancel_consent_in, open_consent
from .context import Environment, Principal
from .events import emit
from .memberships import find_membership
from .money import CURRENCY, amount_text
from .pagination import Connection, paginate
from .queries import find_visible, with_filters
from .rejections import Rejected, forbidden, not_found, wrong_status
from .validation import Checks

__all__ = [
    "CARD_STATUSES",
    "CARD_TRANSITIONS",
    "CARD_TYPES",
    "DEFAULT_SPENDING_LIMIT",
    "SPENDING_LIMIT_PERIODS",
    "CardStatus",
    "SpendingLimit",
    "add_card",
    "cancel_card",
    "cancel_card_in",
    "find_card",
    "finish_canceling",
    "get_card",
    "list_cards",
    "resume_card",
    "suspend_card",
    "update_card",
]


class SpendingLimit(TypedDict):
    """A card's spending limit: at most `value` (EUR) per `period`."""

    value: Decimal
    period: str


CARD_TYPES = ("Virtual", "VirtualAndPhysical", "SingleUseVirtual")
CardStatus = Literal[
    "ConsentPending", "Processing", "Enabled", "Suspended", "Canceling", "Canceled"
]
CARD_STATUSES: tuple[CardStatus, ...] = get_args(CardStatus)
CARD_TRANSITIONS: dict[CardStatus, tuple[CardStatus, ...]] = {
    "ConsentPending": ("Processing", "Canceled"),
    "Processing": ("Enabled", "Canceled"),
    "Enabled": ("Suspended", "Canceling", "Canceled"),
    "Suspended": ("Enabled", "Canceling", "Canceled"),
    "Canceling": ("Canceled",),
}
SPENDING_LIMIT_PERIODS = ("Daily", "Weekly", "Monthly", "Always")
DEFAULT_SPENDING_LIMIT = SpendingLimit(value=Decimal("1000.00"), period="Monthly")
#: Fictional BIN of the simulated bank's cards; only masked numbers exist.
CARD_BIN = "535545"
_SWITCHES = ("withdrawal", "international", "non_main_currency_transactions", "e_commerce")


def _move(
    env: Environment,
    db: sqlite_utils.Database,
    card: dict[str, Any],
    status: CardStatus,
    *,
    expected: CardStatus = "Enabled",
    **extra: Any,
) -> dict[str, Any]:
    if status not in CARD_TRANSITIONS.get(card["status"], ()):
        raise Rejected(wrong_status("Card", card["id"], card["status"], expected))
    changes = {"status": status, "updated_at": env.now(), **extra}
    update_row(db, "cards", card["id"], changes)
    emit(env, db, "Card.Updated", project_id=card["project_id"], resource_id=card["id"])
    return {**card, **changes}


def find_card(db: sqlite_utils.Database, principal: Principal, card_id: str) -> dict[str, Any]:
    """The card if the caller sees it, else `CardNotFoundRejection`."""
    where, params = card_scope(principal)
    rows = list(db["cards"].rows_where(f"id = ? AND {where}", [card_id, *params]))
    if not rows:
        raise Rejected(not_found("Card", card_id))
    return rows[0]


def _require_card_manager(
    db: sqlite_utils.Database, principal: Principal, card: dict[str, Any]
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


def get_card(env: Environment, principal: Principal, card_id: str) -> dict[str, Any]:
    return find_visible(env, "cards", card_scope(principal), card_id, "Card")


def list_cards(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """Cards the caller sees, oldest first; filters `account_id`, `account_membership_id`,
    `status` and `type` (lists)."""
    where, params = with_filters(
        card_scope(principal),
        filters,
        equal=("account_id", "account_membership_id"),
        any_of=("status", "type"),
    )
    return paginate(env.store.db, "cards", where, params, first=first, after=after)


def _spending_limit(checks: Checks, limit: dict[str, Any] | None) -> dict[str, Any]:
    if limit is None:
        return {
            "spending_limit_value": amount_text(DEFAULT_SPENDING_LIMIT["value"]),
            "spending_limit_currency": CURRENCY,
            "spending_limit_period": DEFAULT_SPENDING_LIMIT["period"],
        }
    amount = limit.get("amount") or {}
    path = ["input", "spendingLimit"]
    value = checks.amount(
        amount.get("value"), [*path, "amount", "value"], currency=amount.get("currency")
    )
    period = checks.choice(limit.get("period"), SPENDING_LIMIT_PERIODS, [*path, "period"])
    return {
        "spending_limit_value": amount_text(value) if value is not None else None,
        "spending_limit_currency": CURRENCY,
        "spending_limit_period": period,
    }


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
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ask for a card for an Enabled membership: returns the card (ConsentPending) and its
    consent. `spending_limit` is `{"amount": {"value", "currency"}, "period"}`."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    checks.choice(card_type, CARD_TYPES, ["input", "type"])
    name = checks.text(name, ["input", "name"], required=False, max_length=60)
    limit = _spending_limit(checks, spending_limit)
    checks.raise_if_any()
    with env.store.atomic() as db:
        membership = find_membership(db, principal, membership_id)
        account = get_row(db, "accounts", membership["account_id"])
        card_probe = {
            "account_id": account["id"],
            "account_membership_id": membership_id,
            "id": "new",
        }
        _require_card_manager(db, principal, card_probe)
        if membership["status"] != "Enabled":
            raise Rejected(
                wrong_status("AccountMembership", membership_id, membership["status"], "Enabled")
            )
        require_account_status(account, "Opened")
        now = env.now()
        card = {
            "id": env.new_id(db, "card"),
            "project_id": account["project_id"],
            "account_id": account["id"],
            "account_membership_id": membership_id,
            "type": card_type,
            "name": name,
            "withdrawal": int(withdrawal),
            "international": int(international),
            "non_main_currency_transactions": int(non_main_currency_transactions),
            "e_commerce": int(e_commerce),
            "status": "ConsentPending",
            "created_at": now,
            "updated_at": now,
            **limit,
        }
        insert_row(db, "cards", card)
        emit(env, db, "Card.Created", project_id=card["project_id"], resource_id=card["id"])
        consent = open_consent(
            env,
            db,
            project_id=card["project_id"],
            purpose="AddCard",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=card["id"],
        )
        update_row(db, "cards", card["id"], {"consent_id": consent["id"]})
        return get_row(db, "cards", card["id"]), consent


def _issue(env: Environment, db: sqlite_utils.Database, consent: dict[str, Any]) -> None:
    card = get_row(db, "cards", consent["resource_id"])
    membership = get_row(db, "account_memberships", card["account_membership_id"])
    if membership["status"] != "Enabled":
        raise Rejected(
            wrong_status("AccountMembership", membership["id"], membership["status"], "Enabled")
        )
    account = get_row(db, "accounts", card["account_id"])
    require_account_status(account, "Opened")
    card = _move(env, db, card, "Processing", expected="ConsentPending")
    number = next_number(db, "card_number")
    now = parse_timestamp(env.now()).astimezone(UTC)
    _move(
        env,
        db,
        card,
        "Enabled",
        expected="Processing",
        masked_number=f"{CARD_BIN}******{(number * 7919) % 10000:04d}",
        expiry_date=f"{now.month:02d}/{(now.year + 3) % 100:02d}",
        enabled_at=env.now(),
    )


def _not_issued(
    env: Environment, db: sqlite_utils.Database, consent: dict[str, Any], status: str
) -> None:
    card = get_row(db, "cards", consent["resource_id"])
    if card["status"] == "ConsentPending":
        _move(env, db, card, "Canceled", status_reason=f"Consent{status}", canceled_at=env.now())


#: What approving (or not) an `AddCard` consent does.
CONSENT_HANDLER = ConsentHandler(_issue, _not_issued)


def _has_pending(db: sqlite_utils.Database, card_id: str) -> bool:
    row = db.execute(
        "SELECT 1 FROM transactions WHERE card_id = ? AND status = 'Pending' LIMIT 1", [card_id]
    ).fetchone()
    return row is not None


def _cancel(
    env: Environment, db: sqlite_utils.Database, card: dict[str, Any], reason: str | None
) -> dict[str, Any]:
    if card["status"] == "ConsentPending":
        cancel_consent_in(env, db, card["consent_id"])
    if card["status"] in ("Enabled", "Suspended") and _has_pending(db, card["id"]):
        return _move(env, db, card, "Canceling", status_reason=reason)
    return _move(env, db, card, "Canceled", status_reason=reason, canceled_at=env.now())


def cancel_card_in(
    env: Environment, db: sqlite_utils.Database, card: dict[str, Any], reason: str
) -> dict[str, Any]:
    """Cancel a card inside the caller's transaction (Canceling while authorizations pend)."""
    return _cancel(env, db, card, reason)


def finish_canceling(env: Environment, db: sqlite_utils.Database, card_id: str | None) -> None:
    """A Canceling card whose last pending authorization was settled becomes Canceled."""
    if card_id is None:
        return
    card = get_row(db, "cards", card_id)
    if card["status"] == "Canceling" and not _has_pending(db, card_id):
        _move(env, db, card, "Canceled", canceled_at=env.now())


def update_card(
    env: Environment, principal: Principal, card_id: str, changes: dict[str, Any]
) -> dict[str, Any]:
    """Change a card's name, switches (`withdrawal`, `international`,
    `non_main_currency_transactions`, `e_commerce`) or `spending_limit`."""
    checks = Checks()
    update: dict[str, Any] = {}
    if "name" in changes and changes["name"] is not None:
        update["name"] = checks.text(changes["name"], ["input", "name"], max_length=60)
    for switch in _SWITCHES:
        if changes.get(switch) is not None:
            update[switch] = int(bool(changes[switch]))
    if changes.get("spending_limit") is not None:
        update.update(_spending_limit(checks, changes["spending_limit"]))
    checks.raise_if_any()
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        _require_card_manager(db, principal, card)
        if card["status"] not in ("Enabled", "Suspended"):
            raise Rejected(wrong_status("Card", card_id, card["status"], "Enabled"))
        if not update:
            return card
        update["updated_at"] = env.now()
        update_row(db, "cards", card_id, update)
        emit(env, db, "Card.Updated", project_id=card["project_id"], resource_id=card_id)
        return {**card, **update}


def suspend_card(env: Environment, principal: Principal, card_id: str) -> dict[str, Any]:
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        _require_card_manager(db, principal, card)
        if card["status"] != "Enabled":
            raise Rejected(wrong_status("Card", card_id, card["status"], "Enabled"))
        return _move(env, db, card, "Suspended")


def resume_card(env: Environment, principal: Principal, card_id: str) -> dict[str, Any]:
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        _require_card_manager(db, principal, card)
        if card["status"] != "Suspended":
            raise Rejected(wrong_status("Card", card_id, card["status"], "Suspended"))
        return _move(env, db, card, "Enabled", expected="Suspended")


def cancel_card(env: Environment, principal: Principal, card_id: str) -> dict[str, Any]:
    """Cancel a card for good: Canceled at once, or Canceling until its pending
    authorizations are settled. A card still waiting for its consent drops the consent."""
    with env.store.atomic() as db:
        card = find_card(db, principal, card_id)
        _require_card_manager(db, principal, card)
        if card["status"] in ("Canceling", "Canceled"):
            raise Rejected(wrong_status("Card", card_id, card["status"], "Enabled"))
        return _cancel(env, db, card, "CanceledByPartner")


def _cancel_cards_where(
    env: Environment, db: sqlite_utils.Database, column: str, value: str, reason: str
) -> None:
    for card in list(
        db["cards"].rows_where(
            f"{column} = ? AND status NOT IN ('Canceling', 'Canceled')",
            [value],
            order_by="created_at, id",
        )
    ):
        _cancel(env, db, card, reason)


def cancel_cards_of_closing_account(
    env: Environment, db: sqlite_utils.Database, account: dict[str, Any]
) -> None:
    """An account that starts closing cancels its cards (an `account_closing` plug)."""
    _cancel_cards_where(env, db, "account_id", account["id"], "AccountClosing")


def cancel_cards_of_disabled_membership(
    env: Environment, db: sqlite_utils.Database, membership: dict[str, Any]
) -> None:
    """A disabled membership cancels its cards (a `membership_disabled` plug)."""
    _cancel_cards_where(
        env, db, "account_membership_id", membership["id"], "AccountMembershipDisabled"
    )

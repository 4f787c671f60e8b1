"""Who may see and do what: the scoping rules of every banking query and mutation.

- A **project token** sees and acts on everything of its project, nothing of another.
- A **user token** (`Principal.user_id`) goes through the user's *Enabled* memberships:
  it sees an account (its holder, transactions, payments, cards) with `can_view_account`
  (and always the cards of its own memberships),
  the account's memberships with `can_manage_account_membership` (and always its own).
  Acting needs the matching permission; closing or renaming an account needs the
  legal representative.

A resource the caller cannot see is *not found* (its existence is not revealed); a
resource the caller sees but may not act on is *forbidden*.
"""

from __future__ import annotations

from typing import Any

from ...storage import Database, rows_where, value_of
from ...storage.rows import AccountMembershipRow
from .context import Principal
from .rejections import Rejected, forbidden

__all__ = [
    "PERMISSIONS",
    "account_scope",
    "card_scope",
    "legal_representative",
    "membership_scope",
    "require_legal_representative",
    "require_permission",
    "user_membership",
]

PERMISSIONS = (
    "can_view_account",
    "can_manage_beneficiaries",
    "can_initiate_payments",
    "can_manage_account_membership",
    "can_manage_cards",
)
_PERMISSION_NAMES = {
    "can_view_account": "canViewAccount",
    "can_manage_beneficiaries": "canManageBeneficiaries",
    "can_initiate_payments": "canInitiatePayments",
    "can_manage_account_membership": "canManageAccountMembership",
    "can_manage_cards": "canManageCards",
}


def _accounts_with(permission: str) -> str:
    # `permission` is one of PERMISSIONS (code, never a request value).
    assert permission in PERMISSIONS
    return (
        "SELECT account_id FROM account_memberships "
        f"WHERE user_id = ? AND status = 'Enabled' AND {permission} = 1"
    )


def account_scope(
    principal: Principal, column: str = "account_id", permission: str = "can_view_account"
) -> tuple[str, list[Any]]:
    """SQL condition for rows (with `project_id` and `column` naming an account) the caller
    sees: the project's rows, and for a user only those of accounts it has `permission` on."""
    if principal.user_id is None:
        return "project_id = ?", [principal.project_id]
    return (
        f"project_id = ? AND {column} IN ({_accounts_with(permission)})",
        [principal.project_id, principal.user_id],
    )


def card_scope(principal: Principal) -> tuple[str, list[Any]]:
    """Cards the caller sees: a user sees its own cards and those of the accounts it views
    (acting on a card it does not own needs `can_manage_cards`)."""
    if principal.user_id is None:
        return "project_id = ?", [principal.project_id]
    return (
        f"project_id = ? AND (account_id IN ({_accounts_with('can_view_account')}) "
        "OR account_membership_id IN (SELECT id FROM account_memberships WHERE user_id = ?))",
        [principal.project_id, principal.user_id, principal.user_id],
    )


def membership_scope(principal: Principal) -> tuple[str, list[Any]]:
    """Memberships the caller sees: its own, and all of the accounts it manages members of."""
    if principal.user_id is None:
        return "project_id = ?", [principal.project_id]
    return (
        f"project_id = ? AND (account_id IN ({_accounts_with('can_manage_account_membership')}) "
        "OR user_id = ?)",
        [principal.project_id, principal.user_id, principal.user_id],
    )


def user_membership(db: Database, user_id: str, account_id: str) -> AccountMembershipRow | None:
    """The user's Enabled membership of an account, if any."""
    rows = list(
        rows_where(
            db,
            "account_memberships",
            "user_id = ? AND account_id = ? AND status = 'Enabled'",
            [user_id, account_id],
            order_by="legal_representative DESC, created_at",
            limit=1,
        )
    )
    return rows[0] if rows else None


def legal_representative(db: Database, account_id: str) -> AccountMembershipRow | None:
    """The Enabled legal-representative membership of an account, if any."""
    rows = list(
        rows_where(
            db,
            "account_memberships",
            "account_id = ? AND legal_representative = 1 AND status = 'Enabled' "
            "AND user_id IS NOT NULL",
            [account_id],
            order_by="created_at",
            limit=1,
        )
    )
    return rows[0] if rows else None


def require_permission(
    db: Database, principal: Principal, account_id: str, permission: str
) -> None:
    """Reject with ForbiddenRejection when a user lacks `permission` on the account."""
    if principal.user_id is None:
        return
    membership = user_membership(db, principal.user_id, account_id)
    if membership is None or not value_of(membership, permission):
        raise Rejected(
            forbidden(
                f"This needs the {_PERMISSION_NAMES[permission]} permission on account "
                f"{account_id}."
            )
        )


def require_legal_representative(db: Database, principal: Principal, account_id: str) -> None:
    if principal.user_id is None:
        return
    membership = user_membership(db, principal.user_id, account_id)
    if membership is None or not membership["legal_representative"]:
        raise Rejected(
            forbidden(f"Only the legal representative of account {account_id} may do this.")
        )

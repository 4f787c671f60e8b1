"""Account holders: who they are, who may see them, and their verification status.

The verification status is the bank's know-your-customer review, set from outside (the
Testing API's `updateSandboxAccountHolderVerificationStatus`):

| from | may become |
|---|---|
| NotStarted | WaitingForInformation, Pending, Verified, Refused |
| WaitingForInformation | Pending, Verified, Refused |
| Pending | WaitingForInformation, Verified, Refused |
| Verified | WaitingForInformation (a new review asks for documents) |
| Refused | Pending (a new review) |

Each change emits `AccountHolder.Updated`. Only a Verified holder's accounts may send
money (`AccountHolderNotVerifiedRejection`).
"""

from __future__ import annotations

from typing import Any

from ..storage import update_row
from .access import account_scope
from .context import Environment, Principal
from .events import emit
from .pagination import Connection, ordering, paginate
from .queries import find_visible, with_filters
from .rejections import Rejected, not_found, not_reachable_verification_status

__all__ = [
    "VERIFICATION_STATUSES",
    "VERIFICATION_TRANSITIONS",
    "get_holder",
    "holder_scope",
    "list_holders",
    "update_verification_status",
]

VERIFICATION_STATUSES = ("NotStarted", "WaitingForInformation", "Pending", "Verified", "Refused")
VERIFICATION_TRANSITIONS: dict[str, tuple[str, ...]] = {
    "NotStarted": ("WaitingForInformation", "Pending", "Verified", "Refused"),
    "WaitingForInformation": ("Pending", "Verified", "Refused"),
    "Pending": ("WaitingForInformation", "Verified", "Refused"),
    "Verified": ("WaitingForInformation",),
    "Refused": ("Pending",),
}


def holder_scope(principal: Principal) -> tuple[str, list[Any]]:
    """Holders the caller sees: the project's, or (a user) those of the accounts it sees."""
    if principal.user_id is None:
        return "project_id = ?", [principal.project_id]
    accounts_where, params = account_scope(principal, column="id")
    return (
        f"project_id = ? AND id IN (SELECT holder_id FROM accounts WHERE {accounts_where})",
        [principal.project_id, *params],
    )


def get_holder(env: Environment, principal: Principal, holder_id: str) -> dict[str, Any]:
    return find_visible(
        env, "account_holders", holder_scope(principal), holder_id, "Account holder"
    )


def list_holders(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """Holders the caller sees, oldest first unless `order_by` says otherwise; filters
    `verification_status` and `type` (lists)."""
    where, params = with_filters(
        holder_scope(principal), filters, any_of=("verification_status", "type")
    )
    order, descending = ordering(order_by)
    return paginate(
        env.store.db,
        "account_holders",
        where,
        params,
        first=first,
        after=after,
        before=before,
        order=order,
        descending=descending,
    )


def update_verification_status(
    env: Environment, project_id: str, holder_id: str, status: str
) -> dict[str, Any]:
    """The bank's review moves a holder to `status` (a NotReachable rejection if it cannot)."""
    with env.store.atomic() as db:
        rows = list(
            db["account_holders"].rows_where("id = ? AND project_id = ?", [holder_id, project_id])
        )
        if not rows:
            raise Rejected(not_found("AccountHolder", holder_id))
        holder = rows[0]
        current = holder["verification_status"]
        if status not in VERIFICATION_TRANSITIONS.get(current, ()):
            raise Rejected(not_reachable_verification_status(holder_id, current, status))
        changes = {"verification_status": status, "updated_at": env.now()}
        update_row(db, "account_holders", holder_id, changes)
        emit(env, db, "AccountHolder.Updated", project_id=project_id, resource_id=holder_id)
        return {**holder, **changes}

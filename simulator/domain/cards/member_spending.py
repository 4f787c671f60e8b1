"""What a member's cards spent together, against the member's own spending limit
(`UpdateAccountMembershipInput.spendingLimit`, see `accounts/membership_details`)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database
from ..kernel.context import Environment
from ..kernel.money import ZERO, to_decimal
from ..kernel.spending_limits import period_bounds

__all__ = ["member_limit_reached", "spent_by_member"]


def spent_by_member(env: Environment, db: Database, membership: Mapping[str, Any]) -> Decimal:
    """The card debits (pending and booked) of all the member's cards in the current period
    of the member's limit (ever, for an Always limit)."""
    bounds = period_bounds(
        parse_timestamp(env.now()),
        str(membership.get("spending_limit_period")),
        membership.get("spending_limit_mode"),
    )
    since = format_timestamp(bounds[0]) if bounds else ""
    total = ZERO
    for (amount,) in db.execute(
        "SELECT t.amount FROM transactions t JOIN cards c ON c.id = t.card_id "
        "WHERE c.account_membership_id = ? AND t.type = 'CardOutDebit' "
        "AND t.status IN ('Pending', 'Booked') AND t.execution_date >= ?",
        [membership["id"], since],
    ).fetchall():
        total += to_decimal(amount)
    return total


def member_limit_reached(
    env: Environment, db: Database, membership: Mapping[str, Any], amount: Decimal
) -> bool:
    """Whether `amount` more would take the member past its own limit (none: never)."""
    limit = membership.get("spending_limit_value")
    if not limit:
        return False
    return spent_by_member(env, db, membership) + amount > to_decimal(limit)

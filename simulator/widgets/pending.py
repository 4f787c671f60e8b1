"""The work waiting on the virtual clock, item by item, for the ClockPanel's timeline.

The scheduler only needs the earliest instant of each kind of work; a learner wants to see
every item: this reads the same columns the due work reads (`domain/due_work.py`,
`webhooks/delivery.py`), read-only, across every environment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["PendingWork", "pending_work"]

#: (kind, SQL giving (due, what) rows). The same conditions as the due work's `next_due`.
_QUERIES: tuple[tuple[str, str], ...] = (
    (
        "settlement",
        "SELECT settles_at, 'transaction ' || id FROM transactions "
        "WHERE status = 'Pending' AND settles_at IS NOT NULL",
    ),
    (
        "consent expiry",
        "SELECT expires_at, purpose || ' consent ' || id FROM consents "
        "WHERE status IN ('Created', 'Started') AND expires_at IS NOT NULL",
    ),
    (
        "account closing",
        "SELECT closes_at, 'account ' || id FROM accounts WHERE status = 'Closing'",
    ),
    (
        "webhook retry",
        "SELECT next_attempt_at, event_type || ' attempt ' || (attempt_count + 1) "
        "FROM webhook_deliveries WHERE status = 'Pending' AND next_attempt_at IS NOT NULL",
    ),
)


@dataclass(frozen=True)
class PendingWork:
    """One item of scheduled work: when it falls due, its kind, what it is, where."""

    due: str
    kind: str
    what: str
    environment: str


def pending_work(simulator: Any, limit: int = 50) -> list[PendingWork]:
    """Every pending item, soonest first (at most `limit`)."""
    items: list[PendingWork] = []
    for name, env in simulator.environments.items():
        for kind, sql in _QUERIES:
            rows = env.store.db.execute(sql + " ORDER BY 1 LIMIT ?", [limit]).fetchall()
            items += [PendingWork(due, kind, what, str(name)) for due, what in rows]
    items.sort(key=lambda item: (item.due, item.kind, item.what))
    return items[:limit]

"""Cards whose contract ends (`cardContractExpiryDate`) are canceled then, on the virtual
clock: work due for the scheduler (`due_work.BankingWork`), like consent expiries."""

from __future__ import annotations

from typing import Any

from ...storage import get_row
from ..kernel.context import Environment
from .cards import cancel_card_in

__all__ = ["CONTRACT_ENDED", "end_due_contracts", "next_contract_end"]

#: The reason a card whose contract ended is canceled with (`CardCanceledStatusInfo.reason`).
CONTRACT_ENDED = "CardContractExpired"
_OPEN = "status NOT IN ('Canceling', 'Canceled') AND card_contract_expiry_date IS NOT NULL"


def next_contract_end(env: Environment) -> str | None:
    row = env.store.db.execute(f"SELECT MIN(card_contract_expiry_date) FROM cards WHERE {_OPEN}")
    found = row.fetchone()
    return found[0] if found else None


def end_due_contracts(env: Environment) -> list[dict[str, Any]]:
    """Cancel every card whose contract has ended; one transaction per card."""
    now = env.now()
    due = [
        row[0]
        for row in env.store.db.execute(
            f"SELECT id FROM cards WHERE {_OPEN} AND card_contract_expiry_date <= ? "
            "ORDER BY card_contract_expiry_date, id",
            [now],
        ).fetchall()
    ]
    timeline = []
    for card_id in due:
        with env.store.atomic() as db:
            card = get_row(db, "cards", card_id)
            if card["status"] in ("Canceling", "Canceled"):
                continue
            card = cancel_card_in(env, db, card, CONTRACT_ENDED)
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "card-contract-end",
                "event": "Card.Updated",
                "resource_id": card_id,
                "summary": f"Card {card_id}'s contract ended: {card['status']}",
            }
        )
    return timeline

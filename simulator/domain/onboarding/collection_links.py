"""What a supporting document collection is about: its onboarding, its transaction, the
verification renewal or account admin change that opened it, and the holder behind it.

The holder is the finalized onboarding's, the renewal's, the admin change's, or the holder of
the transaction's account; an onboarding not finalized yet has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...storage import Database, get_row, rows_where

__all__ = ["collection_links"]


def _first(db: Database, table: str, where: str, params: list[Any]) -> Any:
    return next(iter(rows_where(db, table, where, params, limit=1)), None)


def _holder_id(db: Database, collection: Mapping[str, Any]) -> str | None:
    if collection["onboarding_id"]:
        holder: str | None = get_row(db, "onboardings", collection["onboarding_id"])["holder_id"]
        return holder
    if collection["transaction_id"]:
        transaction = _first(db, "transactions", "id = ?", [collection["transaction_id"]])
        account = transaction and _first(db, "accounts", "id = ?", [transaction["account_id"]])
        return account["holder_id"] if account else None
    for table in ("verification_renewals", "account_admin_changes"):
        opener = _first(db, table, "collection_id = ?", [collection["id"]])
        if opener:
            return str(opener["account_holder_id"])
    return None


def collection_links(db: Database, collection: Mapping[str, Any]) -> dict[str, Any]:
    """`holder` (the row, or None), `onboarding_id`, `transaction_id`, `renewal_id`."""
    holder_id = _holder_id(db, collection)
    renewal = _first(db, "verification_renewals", "collection_id = ?", [collection["id"]])
    return {
        "holder": get_row(db, "account_holders", holder_id) if holder_id else None,
        "onboarding_id": collection["onboarding_id"],
        "transaction_id": collection["transaction_id"],
        "renewal_id": renewal["id"] if renewal else None,
    }

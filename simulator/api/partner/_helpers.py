"""Helpers shared by the banking resolvers: amounts, status infos, nodes, filters."""

from __future__ import annotations

from typing import Any

from graphql import GraphQLResolveInfo

from ...clock import format_timestamp, parse_timestamp
from ...domain.context import Environment, Principal
from ...domain.money import to_decimal
from ..context import RequestContext

__all__ = [
    "amount",
    "caller",
    "consent_row",
    "normalized_filters",
    "status_info",
    "transaction_node",
]

#: The concrete GraphQL type of each transaction type.
TRANSACTION_OBJECT_TYPES = {
    "SepaCreditTransferIn": "SEPACreditTransferTransaction",
    "SepaCreditTransferOut": "SEPACreditTransferTransaction",
    "CardOutDebit": "CardTransaction",
    "CardOutCredit": "CardTransaction",
    "FeesOut": "FeeTransaction",
}


def caller(info: GraphQLResolveInfo) -> tuple[Environment, Principal]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal


def amount(value: Any, currency: str = "EUR") -> dict[str, Any]:
    """An `Amount` object from stored text or a Decimal."""
    return {"value": to_decimal(value), "currency": currency}


def status_info(prefix: str, row: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A `<prefix><Status>Status` object for the row's status."""
    return {"__typename": f"{prefix}{row['status']}Status", "status": row["status"], **fields}


def transaction_node(row: dict[str, Any]) -> dict[str, Any]:
    """A transaction row tagged with its concrete GraphQL type."""
    return {**row, "__typename": TRANSACTION_OBJECT_TYPES[row["type"]]}


def consent_row(env: Environment, consent_id: str | None) -> dict[str, Any] | None:
    if not consent_id:
        return None
    rows = list(env.store.db["consents"].rows_where("id = ?", [consent_id]))
    return rows[0] if rows else None


def normalized_filters(filters: dict[str, Any] | None, *date_keys: str) -> dict[str, Any]:
    """Filters with their date-times in the stored text form, so text comparison is exact
    (`2025-10-01T00:00:00Z` becomes `2025-10-01T00:00:00.000Z`)."""
    result = dict(filters or {})
    for key in date_keys:
        if result.get(key):
            result[key] = format_timestamp(parse_timestamp(str(result[key])))
    return result

"""Helpers shared by the banking resolvers: amounts, status infos, nodes, filters, and the
resolvers every resource repeats (one by id, a list, a nested list, a parent's reference).

```python
query.set_field("cards", connection_resolver(cards.list_cards))
query.set_field("card", item_resolver(cards.get_card))
by_account = lambda row: {"account_id": row["id"]}  # noqa: E731
account.set_field("cards", connection_resolver(cards.list_cards, by_account))
card.set_field("account", row_resolver("accounts", "account_id"))
```
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...domain.kernel.context import Environment, Principal
from ...domain.kernel.money import to_decimal
from ...domain.kernel.pagination import Connection, InvalidPageRequest
from ...graphql_compat import ResolveInfo
from ...storage import get_row
from ...storage.rows import TransactionRow
from ..connections import connection
from ..context import RequestContext

__all__ = [
    "amount",
    "caller",
    "connection_resolver",
    "consent_row",
    "domain_filters",
    "item_resolver",
    "normalized_filters",
    "row_resolver",
    "status_info",
    "transaction_node",
]

Resolver = Callable[..., Any]

#: The concrete GraphQL type of each transaction type.
TRANSACTION_OBJECT_TYPES = {
    "SepaCreditTransferIn": "SEPACreditTransferTransaction",
    "SepaCreditTransferOut": "SEPACreditTransferTransaction",
    "SepaInstantCreditTransferIn": "SEPACreditTransferTransaction",
    "SepaInstantCreditTransferOut": "SEPACreditTransferTransaction",
    "CardOutDebit": "CardTransaction",
    "CardOutCredit": "CardTransaction",
    "FeesOut": "FeeTransaction",
    "CardOutDebitReversal": "CardTransaction",
    "CardOutCreditReversal": "CardTransaction",
    "SepaCreditTransferInReturn": "SEPACreditTransferTransaction",
    "SepaCreditTransferInRecall": "SEPACreditTransferTransaction",
    "SepaInstantCreditTransferInRecall": "SEPACreditTransferTransaction",
    "SepaCreditTransferOutReturn": "SEPACreditTransferTransaction",
    "SepaCreditTransferOutRecall": "SEPACreditTransferTransaction",
    "SepaInstantCreditTransferOutRecall": "SEPACreditTransferTransaction",
    "SepaDirectDebitOut": "SEPADirectDebitTransaction",
    "SepaDirectDebitOutReturn": "SEPADirectDebitTransaction",
    "SepaDirectDebitOutReversal": "SEPADirectDebitTransaction",
    "InternationalCreditTransferIn": "InternationalCreditTransferTransaction",
    "InternationalCreditTransferInReturn": "InternationalCreditTransferTransaction",
    "InternalDirectDebitIn": "InternalDirectDebitTransaction",
    "InternalDirectDebitInReturn": "InternalDirectDebitTransaction",
    "InternalDirectDebitOut": "InternalDirectDebitTransaction",
    "InternalDirectDebitOutReturn": "InternalDirectDebitTransaction",
    "CheckIn": "CheckTransaction",
    "CheckInReturn": "CheckTransaction",
    "InternationalCreditTransferOut": "InternationalCreditTransferTransaction",
    "InternationalCreditTransferOutReturn": "InternationalCreditTransferTransaction",
    "SepaDirectDebitIn": "SEPADirectDebitTransaction",
    "SepaDirectDebitInReturn": "SEPADirectDebitTransaction",
    "CardInCredit": "OnlineCardTransaction",
    "InternalCreditTransferOut": "InternalCreditTransfer",
    "InternalCreditTransferIn": "InternalCreditTransfer",
}


def caller(info: ResolveInfo) -> tuple[Environment, Principal]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal


def amount(value: Any, currency: str = "EUR") -> dict[str, Any]:
    """An `Amount` object from stored text or a Decimal."""
    return {"value": to_decimal(value), "currency": currency}


def status_info(prefix: str, row: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A `<prefix><Status>Status` object for the row's status."""
    return {"__typename": f"{prefix}{row['status']}Status", "status": row["status"], **fields}


def transaction_node(row: TransactionRow) -> dict[str, Any]:
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


#: Input keys whose automatic snake_case is not the domain's (`nationalityCCA3` becomes
#: `nationality_cc_a_3`).
_DOMAIN_KEYS = {"nationality_cc_a_3": "nationality_cca3"}


def domain_filters(filters: dict[str, Any] | None) -> dict[str, Any] | None:
    """Filters under the domain's key names."""
    if filters is None:
        return None
    return {_DOMAIN_KEYS.get(key, key): value for key, value in filters.items()}


def connection_resolver(
    lister: Callable[..., Connection],
    scope: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Resolver:
    """A list field (`first`, `after`, `before`, `offset`, `filters`, `orderBy`) served by a domain
    `list_*(env, principal, first=, after=, filters=)`. `scope` gives the filters a nested list
    takes from its parent row (`{"account_id": row["id"]}`); they override the request's.

    `before` and `order_by` reach the lister only when it takes them (a lister without them
    answers `first`/`after` pages in its one order)."""
    accepted = inspect.signature(lister).parameters

    def resolve(
        parent: Any,
        info: ResolveInfo,
        first: int | None = None,
        after: str | None = None,
        filters: dict[str, Any] | None = None,
        before: str | None = None,
        order_by: dict[str, Any] | None = None,
        offset: int | None = None,
    ) -> dict[str, Any]:
        env, principal = caller(info)
        if scope is not None:
            filters = {**(filters or {}), **scope(parent)}
        extra: dict[str, Any] = {}
        if "before" in accepted:
            extra["before"] = before
        elif before is not None:
            raise InvalidPageRequest("This list pages forwards only: use after.")
        if "order_by" in accepted:
            extra["order_by"] = order_by
        if "offset" in accepted:
            extra["offset"] = offset
        elif offset:
            raise InvalidPageRequest("This list takes no offset: page with after.")
        page = lister(env, principal, first=first, after=after, filters=filters, **extra)
        return connection(page)

    return resolve


def item_resolver(getter: Callable[[Environment, Principal, str], Mapping[str, Any]]) -> Resolver:
    """A query of one resource by its one id argument, served by a domain `get_*(env,
    principal, id)` (which raises `NotFound` for what the caller cannot see)."""

    def resolve(_: Any, info: ResolveInfo, **arguments: str) -> Mapping[str, Any]:
        env, principal = caller(info)
        (resource_id,) = arguments.values()
        return getter(env, principal, resource_id)

    return resolve


def row_resolver(table: str, column: str) -> Resolver:
    """A reference to another row: `row[column]` looked up in `table` (None when unset). The
    parent was already scoped, and what it refers to belongs to the same project."""

    def resolve(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
        env, _ = caller(info)
        value = row.get(column)
        return get_row(env.store.db, table, value) if value else None

    return resolve

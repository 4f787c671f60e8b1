"""Reading resources the caller may see: one by id, or a filtered list.

Every resource has a *scope*: an SQL condition and its values selecting the rows a
`Principal` may see (`card_scope`, `account_scope`, ...). These helpers add an id or the
filters of a list query to a scope; column names come from the code, values always travel
as parameters.

```python
card = visible_row(rows_where(db, "cards", *by_id(card_scope(principal), card_id)), "Card", card_id)
card = find_visible(env, "cards", card_scope(principal), card_id, "Card")   # the same, untyped
where, params = with_filters(card_scope(principal), {"status": ["Enabled"]}, any_of=["status"])
where, params = with_comparisons((where, params), filters, {"above": "amount > ?"}, float)
```
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import NotFound
from ...storage import Row
from .context import Environment

__all__ = [
    "CREATED_RANGE",
    "by_id",
    "canonical_timestamp",
    "find_visible",
    "visible_row",
    "with_comparisons",
    "with_filters",
]

Scope = tuple[str, list[Any]]
#: The creation-date range of the real list filters: `isAfterCreatedAt` inclusive,
#: `isBeforeCreatedAt` exclusive (`with_comparisons`, with `canonical_timestamp`).
CREATED_RANGE = {"is_after_created_at": "created_at >= ?", "is_before_created_at": "created_at < ?"}
#: A row of any table (typed by the table the rows come from).
RowT = TypeVar("RowT")


def by_id(scope: Scope, resource_id: str) -> Scope:
    """The scope narrowed to one id, as `(where, params)` for `rows_where`."""
    where, params = scope
    return f"id = ? AND {where}", [resource_id, *params]


def visible_row(rows: Iterable[RowT], label: str, resource_id: str) -> RowT:
    """The first of `rows` (a `by_id` query); `NotFound` naming `label` if there is none
    (another project's resource is as unknown as one that does not exist)."""
    found = list(rows)
    if not found:
        raise NotFound(f"{label} {resource_id} was not found.")
    return found[0]


def find_visible(env: Environment, table: str, scope: Scope, resource_id: str, label: str) -> Row:
    """The row `resource_id` of `table` if the scope shows it; `NotFound` naming `label` if not.
    Untyped (`table` is any name): `visible_row` over `rows_where` gives the table's row type."""
    where, params = by_id(scope, resource_id)
    return visible_row(env.store.db[table].rows_where(where, params), label, resource_id)


def with_filters(
    scope: Scope,
    filters: Mapping[str, Any] | None,
    *,
    equal: Iterable[str] = (),
    any_of: Iterable[str] = (),
) -> Scope:
    """The scope narrowed by `filters`: `column = value` for the `equal` columns, `column IN
    (values)` for the `any_of` ones; a filter left out or empty narrows nothing."""
    where, params = scope[0], list(scope[1])
    filters = filters or {}
    for column in equal:
        if filters.get(column):
            where += f" AND {column} = ?"
            params.append(filters[column])
    for column in any_of:
        values = filters.get(column)
        if values:
            where += f" AND {column} IN ({', '.join('?' for _ in values)})"
            params.extend(values)
    return where, params


def canonical_timestamp(given: Any) -> str:
    """A filter's date-time as stored (`InvalidTimestamp` if it is none), so that text
    comparison is time order."""
    return format_timestamp(parse_timestamp(given))


def with_comparisons(
    scope: Scope,
    filters: Mapping[str, Any] | None,
    clauses: Mapping[str, str],
    value: Callable[[Any], Any],
) -> Scope:
    """The scope narrowed by each filter `clauses` names (filter -> an SQL condition with one
    `?`), the filter's value passed through `value` (which parses it, raising on a malformed
    one); a filter left out or null narrows nothing. For ranges: dates, amounts."""
    where, params = scope[0], list(scope[1])
    filters = filters or {}
    for key, clause in clauses.items():
        if filters.get(key) is not None:
            where += f" AND {clause}"
            params.append(value(filters[key]))
    return where, params

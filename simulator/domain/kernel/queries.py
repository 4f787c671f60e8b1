"""Reading resources the caller may see: one by id, or a filtered list.

Every resource has a *scope*: an SQL condition and its values selecting the rows a
`Principal` may see (`card_scope`, `account_scope`, ...). These helpers add an id or the
filters of a list query to a scope; column names come from the code, values always travel
as parameters.

```python
card = find_visible(env, "cards", card_scope(principal), card_id, "Card")
where, params = with_filters(card_scope(principal), {"status": ["Enabled"]}, any_of=["status"])
```
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...exceptions import NotFound
from .context import Environment

__all__ = ["find_visible", "with_filters"]

Scope = tuple[str, list[Any]]


def find_visible(
    env: Environment, table: str, scope: Scope, resource_id: str, label: str
) -> dict[str, Any]:
    """The row `resource_id` of `table` if the scope shows it; `NotFound` naming `label` if not
    (another project's resource is as unknown as one that does not exist)."""
    where, params = scope
    rows = list(env.store.db[table].rows_where(f"id = ? AND {where}", [resource_id, *params]))
    if not rows:
        raise NotFound(f"{label} {resource_id} was not found.")
    return rows[0]


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

"""Relay-style connections with keyset pagination and opaque cursors.

Rows are ordered by `(created_at, id)`; a cursor encodes the last row's sort key, so the
next page is one indexed range scan (`WHERE (created_at, id) > (?, ?)`), as fast on the
last page as on the first, unlike `OFFSET`.

```python
page = paginate(db, "accounts", "project_id = ?", [project_id], first=2)
page.edges[0].cursor   # 'Y3Vyc29yOlsi...' (opaque)
paginate(db, "accounts", "project_id = ?", [project_id], first=2, after=page.end_cursor)
paginate(db, "accounts", "project_id = ?", [project_id], first=2, before=page.start_cursor)
```

`before` pages backwards: the `first` rows just before the cursor, still in the list's
order (the Partner API's connections take `first` with either `after` or `before`).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...exceptions import SimulatorError
from ...storage import Database

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "MAX_PAGE_SIZE",
    "Connection",
    "InvalidPageRequest",
    "ordering",
    "paginate",
]

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 100
_CURSOR_PREFIX = "cursor:"


class InvalidPageRequest(SimulatorError, ValueError):
    """`first` out of range or a cursor this list did not produce."""


@dataclass(frozen=True)
class Edge:
    cursor: str
    node: dict[str, Any]


@dataclass(frozen=True)
class Connection:
    edges: list[Edge]
    total_count: int
    has_next_page: bool
    has_previous_page: bool
    nodes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def start_cursor(self) -> str | None:
        return self.edges[0].cursor if self.edges else None

    @property
    def end_cursor(self) -> str | None:
        return self.edges[-1].cursor if self.edges else None


def encode_cursor(key: Sequence[Any]) -> str:
    raw = _CURSOR_PREFIX + json.dumps(list(key), separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode()


def decode_cursor(cursor: str) -> list[Any]:
    try:
        raw = base64.urlsafe_b64decode(cursor.encode("ascii")).decode()
        if not raw.startswith(_CURSOR_PREFIX):
            raise ValueError
        key = json.loads(raw[len(_CURSOR_PREFIX) :])
        if not isinstance(key, list) or len(key) != 2 or not all(isinstance(k, str) for k in key):
            raise ValueError
        return key
    except (ValueError, UnicodeError, binascii.Error):
        raise InvalidPageRequest(f"Invalid cursor: {cursor!r}") from None


def paginate(
    db: Database,
    table: str,
    where: str,
    params: Sequence[Any],
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    order: tuple[str, str] = ("created_at", "id"),
    descending: bool = False,
    offset: int | None = None,
) -> Connection:
    """One page of `table` rows matching `where`, after the cursor `after` (or the rows just
    before the cursor `before`), skipping `offset` rows first (the Partner API's `offset`
    argument, counted from the cursor or from the start).

    `descending` walks the same keyset from the newest row (`ORDER BY ... DESC`).

    `table`, `where` and `order` come from the simulator's code, never from a request;
    every value from a request travels in `params`.
    """
    # An empty cursor is no cursor: clients send `after: ""` for the first page.
    after = after or None
    before = before or None
    size = DEFAULT_PAGE_SIZE if first is None else first
    if not 0 <= size <= MAX_PAGE_SIZE:
        raise InvalidPageRequest(f"first must be between 0 and {MAX_PAGE_SIZE}, got {size}.")
    if after is not None and before is not None:
        raise InvalidPageRequest("Use either after or before, not both.")
    skip = offset or 0
    if skip < 0:
        raise InvalidPageRequest(f"offset must be 0 or more, got {skip}.")
    if skip and before is not None:
        raise InvalidPageRequest("Use offset with first and after, not with before.")
    first_key, second_key = order
    conditions = [f"({where})"]
    values = list(params)
    # Paging backwards reads the keyset in the opposite direction, then restores the order.
    backwards = before is not None
    walk_descending = descending != backwards
    cursor = before if backwards else after
    if cursor is not None:
        comparison = "<" if walk_descending else ">"
        conditions.append(f"([{first_key}], [{second_key}]) {comparison} (?, ?)")
        values.extend(decode_cursor(cursor))
    direction = "DESC" if walk_descending else "ASC"
    sql = (
        f"SELECT * FROM [{table}] WHERE {' AND '.join(conditions)} "
        f"ORDER BY [{first_key}] {direction}, [{second_key}] {direction} LIMIT ? OFFSET ?"
    )
    rows = list(db.query(sql, [*values, size + 1, skip]))
    total = db.execute(f"SELECT COUNT(*) FROM [{table}] WHERE {where}", list(params)).fetchone()[0]
    page = rows[:size]
    more = len(rows) > size
    if backwards:
        page.reverse()
    edges = [Edge(encode_cursor([row[first_key], row[second_key]]), row) for row in page]
    return Connection(
        edges=edges,
        total_count=int(total),
        has_next_page=True if backwards else more,
        has_previous_page=more if backwards else (after is not None or skip > 0),
        nodes=page,
    )


def ordering(
    order_by: dict[str, Any] | None,
    columns: dict[str, str] | None = None,
) -> tuple[tuple[str, str], bool]:
    """The `order` and `descending` arguments of `paginate` for an `orderBy` input
    (`{"field": "updatedAt", "direction": "Desc"}`); `columns` maps the input's field names
    to columns (by default `createdAt` and `updatedAt`). Oldest first when left out."""
    columns = columns or {"createdAt": "created_at", "updatedAt": "updated_at"}
    order_by = order_by or {}
    column = columns.get(str(order_by.get("field") or "createdAt"), "created_at")
    return (column, "id"), order_by.get("direction") == "Desc"

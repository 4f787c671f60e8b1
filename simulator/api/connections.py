"""Domain pages as Relay connection objects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..domain.kernel.pagination import Connection

__all__ = ["connection"]


def connection(page: Connection, node: Callable[[Any], Any] = lambda row: row) -> dict[str, Any]:
    return {
        "total_count": page.total_count,
        "page_info": {
            "has_next_page": page.has_next_page,
            "has_previous_page": page.has_previous_page,
            "start_cursor": page.start_cursor,
            "end_cursor": page.end_cursor,
        },
        "edges": [{"cursor": edge.cursor, "node": node(edge.node)} for edge in page.edges],
    }

"""Testing API resolver of the request journal (simulator-only; docs/bug-reports.md): the
calling project's own entries, never another project's."""

from __future__ import annotations

import json
from typing import Any

from ariadne import QueryType

from ..api.context import RequestContext
from ..exceptions import ConfigurationError
from ..graphql_compat import ResolveInfo
from ..journal import read_entries

query = QueryType()
bindables = [query]

_MAX_ENTRIES = 1000


def _text(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


@query.field("simulatorJournal")
def resolve_simulator_journal(
    _: Any, info: ResolveInfo, last: int = 20, after_seq: int | None = None
) -> list[dict[str, Any]]:
    if not 1 <= last <= _MAX_ENTRIES:
        raise ConfigurationError(f"'last' must be from 1 to {_MAX_ENTRIES}.")
    ctx: RequestContext = info.context
    entries = read_entries(
        ctx.environment, project=ctx.principal.project_id, last=last, after=after_seq
    )
    return [
        {
            **entry.as_dict(),
            "variables": _text(entry.variables),
            "cost": _text(entry.cost),
        }
        for entry in entries
    ]

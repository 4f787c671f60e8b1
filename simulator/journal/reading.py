"""Reading the journal: `sim.journal`, iterable and filterable.

```python
for entry in sim.journal:                     # every environment, oldest first
    print(entry.seq, entry.virtual_time, entry.endpoint, entry.operation_name, entry.status)
sim.journal.filter(env="sandbox", project=project_id, last=10)
sim.journal.last(5)                           # the last five entries of the sandbox
sim.journal.documents("sandbox", project=project_id)  # each successful document, once
```
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..environments import EnvironmentName

if TYPE_CHECKING:  # the types only: the command line reads the journal without the domain
    from ..domain.kernel.context import Environment

__all__ = ["Journal", "JournalEntry", "read_entries", "read_page"]


@dataclass(frozen=True)
class JournalEntry:
    """One journaled call (see docs/bug-reports.md for each field)."""

    environment: str
    seq: int
    virtual_time: str
    wall_time: str
    origin: str
    kind: str
    endpoint: str
    method: str | None
    operation_name: str | None
    operation_type: str | None
    document: str | None
    variables: dict[str, Any] | None
    request: dict[str, Any] | None
    status: int | None
    response: str | None
    cost: dict[str, Any] | None
    project_id: str | None
    subject: str | None
    request_id: str | None

    @property
    def response_json(self) -> Any:
        """The response body parsed as JSON (`None` when it is not JSON)."""
        try:
            return json.loads(self.response) if self.response else None
        except ValueError:
            return None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        """One line: `#12 2026-01-05T09:00:00.000Z POST /sandbox/graphql Accounts 200`."""
        what = self.operation_name or ""
        return (
            f"#{self.seq} {self.virtual_time} {self.method or ''} {self.endpoint} {what} "
            f"{self.status if self.status is not None else ''}"
        ).replace("  ", " ")


_JSON_COLUMNS = ("variables", "request", "cost")


def _selected(env: Environment, sql: str, values: list[object]) -> list[JournalEntry]:
    cursor = env.store.db.execute(sql, values)
    columns = [column[0] for column in cursor.description]
    entries = []
    for values_ in cursor.fetchall():
        row = dict(zip(columns, values_, strict=True))
        for name in _JSON_COLUMNS:
            if row[name] is not None:
                row[name] = json.loads(row[name])
        entries.append(JournalEntry(environment=env.name.value, **row))
    return entries


def read_entries(
    env: Environment,
    *,
    project: str | None = None,
    last: int | None = None,
    after: int | None = None,
    kinds: tuple[str, ...] = (),
) -> list[JournalEntry]:
    """The entries of one environment, oldest first, filtered."""
    clauses: list[str] = ["1 = 1"]
    values: list[object] = []
    if project is not None:
        clauses.append("project_id = ?")
        values.append(project)
    if after is not None:
        clauses.append("seq > ?")
        values.append(after)
    if kinds:
        clauses.append(f"kind IN ({', '.join('?' for _ in kinds)})")
        values.extend(kinds)
    order = "DESC" if last is not None else "ASC"
    limit = f" LIMIT {int(last)}" if last is not None else ""
    entries = _selected(
        env,
        f"SELECT * FROM journal_entries WHERE {' AND '.join(clauses)} ORDER BY seq {order}{limit}",
        values,
    )
    if last is not None:
        entries.reverse()
    return entries


def read_page(
    env: Environment,
    *,
    project: str | None = None,
    kinds: tuple[str, ...] = (),
    before: int | None = None,
    size: int = 50,
) -> tuple[list[JournalEntry], int | None]:
    """One page of entries, newest first, older than `seq` `before`; and the `before` of
    the next page (None on the last). Pages by `seq`, so new entries never shift a page."""
    clauses: list[str] = ["1 = 1"]
    values: list[object] = []
    if project:
        clauses.append("project_id = ?")
        values.append(project)
    if kinds:
        clauses.append(f"kind IN ({', '.join('?' for _ in kinds)})")
        values.extend(kinds)
    if before is not None:
        clauses.append("seq < ?")
        values.append(before)
    entries = _selected(
        env,
        f"SELECT * FROM journal_entries WHERE {' AND '.join(clauses)} "
        f"ORDER BY seq DESC LIMIT {int(size) + 1}",
        values,
    )
    if len(entries) > size:
        return entries[:size], entries[size - 1].seq
    return entries, None


class Journal:
    """The journal of a simulator's environments (`sim.journal`)."""

    def __init__(self, environments: Mapping[EnvironmentName, Environment]) -> None:
        self._environments = environments

    def filter(
        self,
        env: str | EnvironmentName | None = None,
        *,
        project: str | None = None,
        last: int | None = None,
        after: int | None = None,
        kinds: tuple[str, ...] = (),
    ) -> list[JournalEntry]:
        """The entries of one environment (every one when `env` is None: sandbox first),
        of one project, after a `seq`, of some kinds, the `last` N of them."""
        names = [EnvironmentName.parse(env)] if env is not None else list(self._environments)
        found: list[JournalEntry] = []
        for name in names:
            found.extend(
                read_entries(
                    self._environments[name], project=project, last=last, after=after, kinds=kinds
                )
            )
        return found

    def documents(
        self, env: str | EnvironmentName = "sandbox", *, project: str | None = None
    ) -> list[str]:
        """The distinct GraphQL documents answered below 400 in `env` (of one project), in
        the order each was first sent. A room's learners send the same few documents
        hundreds of times: what reads documents (the workshop's checks) reads each once.
        """
        clauses = ["kind = 'graphql'", "document IS NOT NULL", "status < 400"]
        values: list[object] = []
        if project is not None:
            clauses.append("project_id = ?")
            values.append(project)
        rows = (
            self._environments[EnvironmentName.parse(env)]
            .store.db.execute(
                f"SELECT document FROM journal_entries WHERE {' AND '.join(clauses)} "
                "GROUP BY document ORDER BY min(seq)",
                values,
            )
            .fetchall()
        )
        return [str(row[0]) for row in rows]

    def last(self, count: int = 1, env: str | EnvironmentName = "sandbox") -> list[JournalEntry]:
        return self.filter(env, last=count)

    def position(self, env: str | EnvironmentName = "sandbox") -> int:
        """The `seq` of the latest entry of `env` (0 when there is none)."""
        row = (
            self._environments[EnvironmentName.parse(env)]
            .store.db.execute("SELECT max(seq) FROM journal_entries")
            .fetchone()
        )
        return int(row[0] or 0)

    def __iter__(self) -> Iterator[JournalEntry]:
        return iter(self.filter())

    def __len__(self) -> int:
        return sum(
            int(env.store.db.execute("SELECT count(*) FROM journal_entries").fetchone()[0])
            for env in self._environments.values()
        )

    def __repr__(self) -> str:
        return f"<Journal of {len(self)} entries>"

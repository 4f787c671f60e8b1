"""Exercise checks: each a function over one learner's space, named by an exercise file.

An exercise (`simulator/workshop/exercises/NN-name.toml`) names its `check` and its `params`; a
check reads the learner's state (their Sandbox, scoped to their project) and, when the
simulator keeps one, their request journal (each learner space's `sim.journal`). Without a
journal, a check that needs one answers `unknown` rather than guessing:
`CheckContext.journal` is where a journal plugs in (anything with `documents()` giving the
texts of the learner's successful GraphQL requests).

Checks run for every learner each time the instructor's view is drawn, in the server's
process: they read each distinct document once (a learner sends the same few hundreds of
times), so their cost follows what a learner wrote, not how often they sent it.

```python
ctx = CheckContext(sim.sandbox, project_id, {"field": "accounts", "argument": "after"},
                   journal=JournalDocuments(sim.journal, project_id))
CHECKS["operation_seen"](ctx)  # CheckResult(status='done', detail='1 accounts selection(s)')
```
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
)
from graphql.language import Node, Visitor, visit

from ..domain.kernel.context import Environment
from ..journal.reading import Journal
from ..limits.document_memo import parse_remembered

__all__ = ["CHECKS", "CheckContext", "CheckResult", "JournalDocuments", "JournalView"]

Status = Literal["done", "todo", "unknown"]


class JournalView(Protocol):
    """What the checks read of a learner's request journal."""

    def documents(self) -> Iterable[str]:
        """The distinct documents of the learner's GraphQL requests answered below 400."""
        ...


class JournalDocuments:
    """A `JournalView` over a space's request journal, for one project's Sandbox requests."""

    def __init__(self, journal: Journal, project_id: str) -> None:
        self._journal = journal
        self._project_id = project_id

    def documents(self) -> list[str]:
        return self._journal.documents("sandbox", project=self._project_id)


@dataclass(frozen=True)
class CheckContext:
    env: Environment
    project_id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    journal: JournalView | None = None

    def count(self, sql: str, *args: Any) -> int:
        row = self.env.store.db.execute(sql, [self.project_id, *args]).fetchone()
        return int(row[0]) if row else 0


@dataclass(frozen=True)
class CheckResult:
    status: Status
    detail: str = ""


Check = Callable[[CheckContext], CheckResult]
NEEDS_JOURNAL = CheckResult("unknown", "needs the request journal")


def _counted(found: int, what: str) -> CheckResult:
    return CheckResult("done", f"{found} {what}") if found else CheckResult("todo")


def project_token(ctx: CheckContext) -> CheckResult:
    found = ctx.count(
        "SELECT count(*) FROM tokens WHERE project_id = ? AND kind = 'access' AND user_id IS NULL"
    )
    return _counted(found, "project token(s) issued")


def authorization_code(ctx: CheckContext) -> CheckResult:
    found = ctx.count(
        "SELECT count(*) FROM authorization_codes WHERE project_id = ? AND used_at IS NOT NULL"
    )
    return _counted(found, "code(s) exchanged")


def webhook_after_failures(ctx: CheckContext) -> CheckResult:
    failures = int(ctx.params.get("failures", 3))
    found = ctx.count(
        "SELECT count(*) FROM webhook_attempts WHERE project_id = ? AND succeeded = 1 "
        "AND attempt_number > ?",
        failures,
    )
    return _counted(found, f"delivery(ies) received after {failures} failed attempts")


def transfer_consent_accepted(ctx: CheckContext) -> CheckResult:
    found = ctx.count(
        "SELECT count(*) FROM payments p JOIN consents c ON c.id = p.consent_id "
        "WHERE p.project_id = ? AND c.status = 'Accepted'"
    )
    return _counted(found, "transfer(s) with an approved consent")


def _documents(ctx: CheckContext) -> Iterator[DocumentNode]:
    assert ctx.journal is not None
    for text in ctx.journal.documents():
        try:  # the tree the endpoint parsed when the learner sent it, as a rule
            yield parse_remembered(text)
        except GraphQLError:
            continue


def operation_seen(ctx: CheckContext) -> CheckResult:
    """A successful document selecting `params.field` with `params.argument`."""
    if ctx.journal is None:
        return NEEDS_JOURNAL
    wanted, argument = str(ctx.params["field"]), ctx.params.get("argument")
    hits = 0

    class Finder(Visitor):
        def enter_field(self, node: FieldNode, *_: Any) -> None:
            nonlocal hits
            names = {arg.name.value for arg in node.arguments or ()}
            if node.name.value == wanted and (argument is None or argument in names):
                hits += 1

    for document in _documents(ctx):
        visit(document, Finder())
    return _counted(hits, f"{wanted} selection(s)")


class _TypeConditions(Visitor):
    """The type conditions of a part's inline fragments (`... on XRejection`), and the names
    of the fragments it spreads (`...Refused`)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []
        self.spreads: list[str] = []

    def enter_inline_fragment(self, node: InlineFragmentNode, *_: Any) -> None:
        if node.type_condition is not None:
            self.names.append(node.type_condition.name.value)

    def enter_fragment_spread(self, node: FragmentSpreadNode, *_: Any) -> None:
        self.spreads.append(node.name.value)


def _mutation_type_conditions(document: DocumentNode) -> set[str]:
    """Every type a mutation of `document` selects with a fragment, inline or named (the
    named ones followed through the fragments they spread in turn)."""
    fragments = {
        each.name.value: each
        for each in document.definitions
        if isinstance(each, FragmentDefinitionNode)
    }
    parts: list[Node] = [
        each
        for each in document.definitions
        if isinstance(each, OperationDefinitionNode) and each.operation == OperationType.MUTATION
    ]
    found: set[str] = set()
    followed: set[str] = set()
    while parts:
        finder = _TypeConditions()
        visit(parts.pop(), finder)
        found.update(finder.names)
        for name in finder.spreads:
            fragment = fragments.get(name)
            if fragment is not None and name not in followed:
                followed.add(name)
                found.add(fragment.type_condition.name.value)
                parts.append(fragment)
    return found


def rejection_handled(ctx: CheckContext) -> CheckResult:
    """A successful mutation selecting a rejection with a fragment (inline or named)."""
    if ctx.journal is None:
        return NEEDS_JOURNAL
    hits = sum(
        any(name.endswith("Rejection") for name in _mutation_type_conditions(document))
        for document in _documents(ctx)
    )
    return _counted(hits, "mutation(s) with a rejection fragment")


def limit_fixed(ctx: CheckContext) -> CheckResult:
    """A document refused by a limit (`OPERATION_LIMIT_EXCEEDED`), then a later one answered
    without errors: the learner read the refusal and fixed their document."""
    if ctx.journal is None:
        return NEEDS_JOURNAL
    refused = ctx.env.store.db.execute(
        "SELECT min(seq) FROM journal_entries WHERE project_id = ? AND kind = 'graphql' "
        "AND response LIKE '%OPERATION_LIMIT_EXCEEDED%'",
        [ctx.project_id],
    ).fetchone()[0]
    if refused is None:
        return CheckResult("todo")
    found = ctx.count(
        "SELECT count(*) FROM journal_entries WHERE project_id = ? AND kind = 'graphql' "
        "AND seq > ? AND status < 400 AND response NOT LIKE '%\"errors\"%'",
        refused,
    )
    return _counted(found, "document(s) answered after a limit's refusal")


#: Every check an exercise file may name.
CHECKS: Mapping[str, Check] = {
    "project_token": project_token,
    "authorization_code": authorization_code,
    "webhook_after_failures": webhook_after_failures,
    "transfer_consent_accepted": transfer_consent_accepted,
    "operation_seen": operation_seen,
    "rejection_handled": rejection_handled,
    "limit_fixed": limit_fixed,
}

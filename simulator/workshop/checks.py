"""Exercise checks: each a function over one learner's space, named by an exercise file.

An exercise (`datasets/exercises/NN-name.toml`) names its `check` and its `params`; a
check reads the learner's state (their Sandbox, scoped to their project) and, when the
simulator keeps one, their request journal (each learner space's `sim.journal`). Without a
journal, a check that needs one answers `unknown` rather than guessing:
`CheckContext.journal` is where a journal plugs in (anything with `requests()` giving
`JournalRequest`s).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from graphql import FieldNode, GraphQLError, InlineFragmentNode, OperationDefinitionNode, parse
from graphql.language import Visitor, visit

from ..domain.context import Environment

__all__ = ["CHECKS", "CheckContext", "CheckResult", "JournalRequest", "JournalView"]

Status = Literal["done", "todo", "unknown"]


class JournalRequest(Protocol):
    """One request as a journal keeps it (the parts the checks read)."""

    @property
    def document(self) -> str | None: ...

    @property
    def status(self) -> int | None: ...


class JournalView(Protocol):
    """A learner's request journal, oldest first."""

    def requests(self) -> Iterable[JournalRequest]: ...


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


def _documents(ctx: CheckContext) -> Iterable[Any]:
    assert ctx.journal is not None
    for request in ctx.journal.requests():
        if request.document and request.status is not None and request.status < 400:
            try:
                yield parse(request.document)
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
    """The type names of a document part's inline fragments (`... on XRejection`)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def enter_inline_fragment(self, node: InlineFragmentNode, *_: Any) -> None:
        if node.type_condition is not None:
            self.names.append(node.type_condition.name.value)


def rejection_handled(ctx: CheckContext) -> CheckResult:
    """A successful mutation selecting a rejection with an inline fragment."""
    if ctx.journal is None:
        return NEEDS_JOURNAL
    hits = 0
    for document in _documents(ctx):
        finder = _TypeConditions()
        for definition in document.definitions:
            is_operation = isinstance(definition, OperationDefinitionNode)
            if is_operation and definition.operation.value == "mutation":
                visit(definition, finder)
        hits += any(name.endswith("Rejection") for name in finder.names)
    return _counted(hits, "mutation(s) with a rejection fragment")


#: Every check an exercise file may name.
CHECKS: Mapping[str, Check] = {
    "project_token": project_token,
    "authorization_code": authorization_code,
    "webhook_after_failures": webhook_after_failures,
    "transfer_consent_accepted": transfer_consent_accepted,
    "operation_seen": operation_seen,
    "rejection_handled": rejection_handled,
}

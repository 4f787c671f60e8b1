"""Per-operation limits (complexity, depth, top-level fields) as graphql-core validation rules.

The interface specification (section 8.2) caps every Sandbox operation at **1,000 fields**
(complexity), **15 nested fields** (depth) and **5 top-level fields** ("concurrency"), and
answers HTTP 400 when one is exceeded. This module reports each exceeded limit as its own
`GraphQLError`, so the HTTP layer only has to plug the rules into graphql-core's (or
Ariadne's) validation. The work is shared out between small modules, whose public names
this one re-exports:

| Module | What |
|---|---|
| `operation_limits` | `OperationLimits`, the two environments' values, `OperationCost`, the error |
| `measure` | the counting rules: one walk of a document, fragments expanded and memoised |
| `parsing` | `parse_document` (bounded nesting and tokens), `bracket_nesting`, `measure_query` |
| `fragments` | the fragment-spread graph and its cycle check |
| `query_cost` | checking documents, the validation rule, the `query_validator` |

The modules import only graphql-core, the standard library and `simulator.exceptions`.

```python
>>> cost, = measure_query("{ accounts(first: 2) { edges { node { id IBAN } } } }")
>>> cost.complexity, cost.depth, cost.top_level_fields
(5, 4, 1)

```
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache
from typing import Any, ClassVar

from graphql import (
    BREAK,
    DocumentNode,
    GraphQLError,
    GraphQLSchema,
    NoFragmentCyclesRule,
    OperationDefinitionNode,
    TypeInfo,
    ValidationRule,
    VisitorAction,
)
from graphql.validation import ASTValidationRule

from ..graphql_compat import validate
from .document_memo import figures_of_documents, validation_memo
from .fragments import fragment_spreads, has_fragment_cycle
from .measure import INTROSPECTION_ROOT_FIELDS, measure_document, measure_operations
from .operation_limits import (
    LIMIT_CODE,
    LIVE_LIMITS,
    SANDBOX_LIMITS,
    OperationCost,
    OperationLimitExceeded,
    OperationLimits,
)
from .overlap import overlap_errors
from .parsing import (
    DEFAULT_MAX_NESTING,
    DEFAULT_MAX_TOKENS,
    bracket_nesting,
    measure_query,
    parse_document,
)
from .short_lived import validate_releasing

__all__ = [
    "DEFAULT_MAX_NESTING",
    "DEFAULT_MAX_TOKENS",
    "INTROSPECTION_ROOT_FIELDS",
    "LIMIT_CODE",
    "LIVE_LIMITS",
    "SANDBOX_LIMITS",
    "OperationCost",
    "OperationLimitExceeded",
    "OperationLimits",
    "OperationLimitsRule",
    "bracket_nesting",
    "check_document",
    "fragment_spreads",
    "has_fragment_cycle",
    "limit_errors",
    "measure_document",
    "measure_query",
    "operation_limit_rules",
    "operation_limit_validator",
    "parse_document",
    "safe_validate",
]


def _subject(operation: OperationDefinitionNode) -> str:
    if operation.name:
        return f"Operation '{operation.name.value}'"
    return f"Anonymous {operation.operation.value}"


def limit_errors(
    document: DocumentNode, limits: OperationLimits, operation_name: str | None = None
) -> list[OperationLimitExceeded]:
    """One error per exceeded limit per operation (all operations unless `operation_name`).

    Needs no schema, so it can run before the (more expensive) full validation.

    ```python
    >>> from graphql import parse
    >>> [e.message for e in limit_errors(parse("{ a b c d e f }"), SANDBOX_LIMITS)]
    ['Anonymous query exceeds the top-level field limit: 6 top-level fields, at most 5 allowed.']

    ```
    """
    return check_document(document, limits, operation_name)[1]


def check_document(
    document: DocumentNode, limits: OperationLimits, operation_name: str | None = None
) -> tuple[list[OperationCost], list[OperationLimitExceeded]]:
    """Measure a document once: the cost of each operation and one error per exceeded limit.

    What `measure_document` and `limit_errors` give separately, for callers that report the
    figures as well as enforce them (the GraphQL endpoints' `extensions.cost`).

    ```python
    >>> from graphql import parse
    >>> costs, errors = check_document(parse("{ a b c d e f }"), SANDBOX_LIMITS)
    >>> costs[0].top_level_fields, [error.limit for error in errors]
    (6, ['topLevelFields'])

    ```
    """
    # A tuple: the figures may be shared with other requests sending the same text.
    measured = figures_of_documents().get_or_compute(
        document,
        ("cost", operation_name),
        lambda: tuple(measure_operations(document, operation_name)),
    )
    errors = [
        OperationLimitExceeded(
            limit,
            value,
            maximum,
            operation_name=cost.operation_name,
            subject=_subject(operation),
            node=operation,
        )
        for operation, cost in measured
        for limit, value, maximum in cost.exceeded(limits)
    ]
    return [cost for _operation, cost in measured], errors


class OperationLimitsRule(ValidationRule):
    """Validation rule reporting every exceeded operation limit as its own error.

    Use a subclass bound to concrete limits from `operation_limit_rules`; this base class
    enforces `SANDBOX_LIMITS`. Like all validation, it checks every operation of the document,
    not only the one `operationName` selects. The whole document is measured when the visit
    enters it, then the rule stops visiting (the other rules keep visiting).
    """

    limits: ClassVar[OperationLimits] = SANDBOX_LIMITS

    def enter_document(self, node: DocumentNode, *_args: Any) -> VisitorAction:
        for error in limit_errors(node, self.limits):
            self.report_error(error)
        return BREAK


@cache
def _rule_for(limits: OperationLimits) -> type[OperationLimitsRule]:
    # One class per distinct limits, so repeated calls hand graphql the same class.
    return type("OperationLimitsRule", (OperationLimitsRule,), {"limits": limits})


def operation_limit_rules(limits: OperationLimits = SANDBOX_LIMITS) -> list[type[ValidationRule]]:
    """Validation rules enforcing `limits`, for `graphql.validate` or Ariadne's `validation_rules`.

    A single rule checks every limit (it measures the document once); each exceeded limit
    still gets its own `OperationLimitExceeded` error.

    ```python
    >>> from graphql import build_schema, parse, specified_rules
    >>> schema = build_schema("type Query { a: Int b: Int c: Int d: Int e: Int f: Int }")
    >>> errors = validate(schema, parse("{ a b c d e f }"),
    ...                   [*specified_rules, *operation_limit_rules(SANDBOX_LIMITS)])
    >>> errors[0].extensions["limit"]
    'topLevelFields'

    ```
    """
    return [_rule_for(limits)]


def operation_limit_validator(
    limits: OperationLimits = SANDBOX_LIMITS,
    *,
    on_measure: Callable[[list[OperationCost]], None] | None = None,
) -> Callable[..., list[GraphQLError]]:
    """A `graphql.validate` replacement that checks the limits first and stops there if exceeded.

    Matches Ariadne's `query_validator=` protocol. Checking first matters because some of
    graphql-core's own rules are not linear: `MaxIntrospectionDepthRule` (in
    `specified_rules`) re-walks a fragment at every spread, so ~25 fragments that each spread
    the next one twice inside `__schema` keep it busy for seconds; the limits reject such a
    document in microseconds; and graphql-core's recursive rules overflow the Python stack
    (an uncaught `RecursionError`, so HTTP 500) on a chain of ~1,000 fragments, which the
    fragment-nesting cap refuses first. When no limit is exceeded this runs `graphql.validate`
    with the given rules (so the limit rules need not be among them).

    `on_measure`, when given, receives the cost of every operation of the document (as
    `measure_document` gives it) each time a document is validated, so a caller can report
    the figures without measuring twice.
    """

    def validator(
        schema: GraphQLSchema,
        document_ast: DocumentNode,
        rules: Collection[type[ASTValidationRule]] | None = None,
        max_errors: int | None = None,
        type_info: TypeInfo | None = None,
    ) -> list[GraphQLError]:
        costs, exceeded = check_document(document_ast, limits)
        if on_measure is not None:
            on_measure(costs)
        errors: list[GraphQLError] = list(exceeded)
        if errors:
            return errors
        return safe_validate(schema, document_ast, rules, max_errors, type_info)

    return validator


def safe_validate(
    schema: GraphQLSchema,
    document_ast: DocumentNode,
    rules: Collection[type[ASTValidationRule]] | None = None,
    max_errors: int | None = None,
    type_info: TypeInfo | None = None,
) -> list[GraphQLError]:
    """`graphql.validate` with its work bounded (also a `query_validator=`).

    Two of graphql-core's rules can run away, so what feeds them is checked first, in linear
    time: `OverlappingFieldsCanBeMerged` recurses without end through a fragment cycle
    (cycles are looked for and reported alone), and its work grows with the square of the
    fields sharing a response name (`overlap.py`: past `MAX_OVERLAP_PAIRS`, the document is
    refused with a `fieldOverlap` limit error). What validating a text found, valid or
    not, is remembered (`validation_memo`): the same text sent again costs a look-up.
    """
    text = document_ast.loc.source.body if document_ast.loc is not None else None
    key = (tuple(rules) if rules is not None else None, max_errors)
    memo = validation_memo(schema) if text is not None and type_info is None else None
    if memo is not None and text is not None:
        known = memo.recall(text, key)
        if known is not None:
            return known
    errors = _validate_bounded(schema, document_ast, rules, max_errors, type_info)
    if memo is not None and text is not None:
        memo.remember(text, key, errors)
    return errors


def _validate_bounded(
    schema: GraphQLSchema,
    document_ast: DocumentNode,
    rules: Collection[type[ASTValidationRule]] | None,
    max_errors: int | None,
    type_info: TypeInfo | None,
) -> list[GraphQLError]:
    if has_fragment_cycle(document_ast):
        # graphql's own rule, for its standard messages.
        return validate(schema, document_ast, [NoFragmentCyclesRule])
    overlapping: list[GraphQLError] = list(overlap_errors(document_ast))
    if overlapping:
        return overlapping
    try:
        return validate_releasing(schema, document_ast, rules, max_errors, type_info)
    except RecursionError:
        return [GraphQLError("The document is too deeply nested to validate.")]

"""Per-operation limits (complexity, depth, top-level fields) as graphql-core validation rules.

The interface specification (section 8.2) caps every Sandbox operation at **1,000 fields**
(complexity), **15 nested fields** (depth) and **5 top-level fields** ("concurrency"), and
answers HTTP 400 when one is exceeded. This module measures a parsed document and reports
each exceeded limit as its own `GraphQLError`, so the HTTP layer only has to plug the rules
into graphql-core's (or Ariadne's) validation.

The module imports only graphql-core and the standard library.

# Counting rules

The measurement is purely syntactic (no schema needed) and is made per operation:

1. **Fragments are expanded.** A fragment spread counts as the fields of its fragment, every
   time it is spread (a fragment spread 3 times counts 3 times); an inline fragment counts as
   its fields. Fragments and inline fragments themselves are not fields and add no depth.
2. **Complexity** is the number of field selections after expansion. Every field counts 1,
   leaves and fields with a sub-selection alike; each alias is its own field; identical
   selections are not merged; `__typename` counts like any other field; fields under
   `@skip` / `@include` count too (validation happens before variables are known).
3. **Depth** is the longest chain of nested fields: a top-level scalar field has depth 1,
   `accounts { edges { node { id } } }` has depth 4.
4. **Top-level fields** are the fields of the operation's root selection set, after expanding
   the fragments and inline fragments found there (aliases and `__typename` included).
5. **Introspection**: a *root* field whose *name* (not alias) is `__schema` or `__type` counts
   as one top-level field, but it and everything below it are left out of complexity and
   depth, so GraphiQL and schema-fetching clients work under Sandbox limits. Those subtrees
   are measured on their own (`introspection_complexity`, `introspection_depth`, the root
   introspection field included) against separate, generous caps. Fragment names and
   aliases never grant the exemption, nor does `__schema` below the root.
6. **Unknown fragments** count nothing (graphql's `KnownFragmentNamesRule` reports them).
   **Fragment cycles** are cut where they close (graphql's `NoFragmentCyclesRule` reports
   them), so measuring always terminates.
7. **Fragment nesting** is the longest chain of fragment spreads (`{ ...A }` where `A`
   spreads `B` is 2); inline fragments do not count. It has its own cap, because
   graphql-core's own validation recurses once per link of such a chain.

Each fragment is measured at most twice per document (once for the root level, once for
nested use) and the results are memoised, so documents with fragments spread exponentially
many times are measured in linear time, with exact (possibly huge) counts. The walk uses an
explicit stack and generators instead of Python recursion: no `RecursionError`, however deep
the document.

```python
>>> cost, = measure_query("{ accounts(first: 2) { edges { node { id IBAN } } } }")
>>> cost.complexity, cost.depth, cost.top_level_fields
(5, 4, 1)

```
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Collection, Generator, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import Any, ClassVar, Final, NamedTuple

from graphql import (
    BREAK,
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLSchema,
    InlineFragmentNode,
    NoFragmentCyclesRule,
    OperationDefinitionNode,
    SelectionNode,
    Source,
    TypeInfo,
    ValidationRule,
    VisitorAction,
    parse,
    validate,
)
from graphql.validation import ASTValidationRule

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
    "limit_errors",
    "measure_document",
    "measure_query",
    "operation_limit_rules",
    "operation_limit_validator",
    "parse_document",
]

#: `extensions.code` of every limit error this module raises or reports.
LIMIT_CODE: Final = "OPERATION_LIMIT_EXCEEDED"

#: Root field names whose subtree is measured as introspection (matched on the field name).
INTROSPECTION_ROOT_FIELDS: Final = frozenset({"__schema", "__type"})

#: Bracket nesting accepted by `parse_document` before graphql-core's recursive parser runs.
#: The parser spends about 4 Python frames per level and overflows near 245 levels with the
#: default recursion limit of 1,000; 100 keeps it well clear of that, even under a deep ASGI
#: call stack, while being several times what the most generous depth limit needs.
DEFAULT_MAX_NESTING: Final = 100

#: Tokens accepted by `parse_document`. graphql-core parses about 100,000 tokens a second,
#: so a 1 MiB body of bare names would keep it busy for seconds before any limit could be
#: measured. A 1,000-field document with an alias and two arguments on every field has about
#: 13,000 tokens; the standard introspection query has 180.
DEFAULT_MAX_TOKENS: Final = 15_000


# ---------------------------------------------------------------------------------------------
# Configuration and results
# ---------------------------------------------------------------------------------------------

# Limits that `None` switches off; the specification's three are always enforced.
_OPTIONAL_LIMITS: Final = frozenset(
    {"max_introspection_complexity", "max_introspection_depth", "max_fragment_nesting"}
)


@dataclass(frozen=True)
class OperationLimits:
    """The maxima an operation must respect; a measured value equal to the maximum passes.

    The three first fields are the specification's limits. The optional caps protect the
    simulator: the two introspection caps bound the subtrees below root `__schema` / `__type`
    fields, which the main limits exempt, and `max_fragment_nesting` bounds chains of
    fragments spreading fragments. `None` disables an optional cap.

    ```python
    >>> OperationLimits(max_complexity=500, max_depth=10, max_top_level_fields=3).as_dict()
    {'max_complexity': 500, 'max_depth': 10, 'max_top_level_fields': 3, \
'max_introspection_complexity': 2000, 'max_introspection_depth': 30, \
'max_fragment_nesting': 50}
    >>> dataclasses.replace(SANDBOX_LIMITS, max_depth=20).max_depth
    20

    ```
    """

    max_complexity: int
    max_depth: int
    max_top_level_fields: int
    # graphql-core's standard introspection query counts 217 introspection fields (227 with
    # every option on) and is 15 deep; the caps leave ample room for other clients while
    # stopping aliases and repeated fragments from multiplying the introspection work.
    max_introspection_complexity: int | None = 2_000
    max_introspection_depth: int | None = 30
    # Not a specification limit: graphql-core's own rules recurse once per spread in a chain
    # of fragments (`OverlappingFieldsCanBeMergedRule` overflows the stack near 1,000), and a
    # chain of spread-only fragments costs almost no fields. Real clients nest a handful.
    max_fragment_nesting: int | None = 50

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            optional = field.name in _OPTIONAL_LIMITS
            if value is None and optional:
                continue
            # bool is an int subclass, but `max_depth=True` is surely a mistake.
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{field.name} must be a positive integer, got {value!r}")

    @classmethod
    def from_mapping(
        cls, data: Mapping[str, int | None], *, base: OperationLimits | None = None
    ) -> OperationLimits:
        """Build limits from a configuration mapping, starting from `base` (Sandbox by default).

        Keys are the field names; unknown keys are rejected so that typos do not pass silently.

        ```python
        >>> OperationLimits.from_mapping({"max_depth": 20}).max_depth
        20

        ```
        """
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown operation limit(s): {', '.join(unknown)}")
        return dataclasses.replace(base or SANDBOX_LIMITS, **data)

    def as_dict(self) -> dict[str, int | None]:
        """The limits as a plain dict keyed by field name."""
        return dataclasses.asdict(self)


#: Section 8.2 of the specification.
SANDBOX_LIMITS: Final = OperationLimits(max_complexity=1_000, max_depth=15, max_top_level_fields=5)

#: Live limits are not published. The simulator assumes Live is at least as permissive as
#: Sandbox (otherwise Sandbox would be a misleading rehearsal: an operation accepted there must
#: not fail in Live), keeps finite ceilings so runaway documents are still refused, and makes
#: them clearly looser so nobody mistakes them for the real values: 10x the complexity, ten more
#: levels of depth, four times the top-level fields. Partners should design for Sandbox limits.
LIVE_LIMITS: Final = OperationLimits(max_complexity=10_000, max_depth=25, max_top_level_fields=20)


@dataclass(frozen=True)
class OperationCost:
    """What one operation measures; see the module docstring for the counting rules.

    ```python
    >>> cost, = measure_query("query Q { a: accounts { totalCount } b: accounts { totalCount } }")
    >>> cost.as_dict()
    {'operationName': 'Q', 'complexity': 4, 'depth': 2, 'topLevelFields': 2, \
'introspectionComplexity': 0, 'introspectionDepth': 0, 'fragmentNesting': 0}

    ```
    """

    operation_name: str | None
    complexity: int
    depth: int
    top_level_fields: int
    introspection_complexity: int = 0
    introspection_depth: int = 0
    fragment_nesting: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict with camelCase keys (the names used in error extensions)."""
        return {
            "operationName": self.operation_name,
            "complexity": self.complexity,
            "depth": self.depth,
            "topLevelFields": self.top_level_fields,
            "introspectionComplexity": self.introspection_complexity,
            "introspectionDepth": self.introspection_depth,
            "fragmentNesting": self.fragment_nesting,
        }

    def exceeded(self, limits: OperationLimits) -> list[tuple[str, int, int]]:
        """`(limit name, measured, maximum)` for every limit this cost exceeds, in fixed order.

        ```python
        >>> cost = OperationCost("Q", complexity=1001, depth=3, top_level_fields=1)
        >>> cost.exceeded(SANDBOX_LIMITS)
        [('complexity', 1001, 1000)]

        ```
        """
        checks: tuple[tuple[str, int, int | None], ...] = (
            ("complexity", self.complexity, limits.max_complexity),
            ("depth", self.depth, limits.max_depth),
            ("topLevelFields", self.top_level_fields, limits.max_top_level_fields),
            (
                "introspectionComplexity",
                self.introspection_complexity,
                limits.max_introspection_complexity,
            ),
            ("introspectionDepth", self.introspection_depth, limits.max_introspection_depth),
            ("fragmentNesting", self.fragment_nesting, limits.max_fragment_nesting),
        )
        return [
            (name, measured, maximum)
            for name, measured, maximum in checks
            if maximum is not None and measured > maximum
        ]


# How each limit is worded: (limit description, unit of the measured value).
_WORDING: Final = {
    "complexity": ("complexity limit", "fields counted"),
    "depth": ("depth limit", "nested fields"),
    "topLevelFields": ("top-level field limit", "top-level fields"),
    "introspectionComplexity": ("introspection complexity limit", "introspection fields counted"),
    "introspectionDepth": ("introspection depth limit", "nested introspection fields"),
    "fragmentNesting": ("fragment nesting limit", "nested fragment spreads"),
    "nesting": ("nesting limit", "nested brackets"),
}


class OperationLimitExceeded(GraphQLError):
    """A `GraphQLError` for one exceeded limit, with the figures also kept as attributes.

    `extensions` is `{"code": "OPERATION_LIMIT_EXCEEDED", "limit": ..., "measured": ...,
    "maximum": ...}` where `limit` is one of `complexity`, `depth`, `topLevelFields`,
    `introspectionComplexity`, `introspectionDepth`, `fragmentNesting` or (raised by
    `parse_document`) `nesting`.

    ```python
    >>> error = OperationLimitExceeded("depth", 16, 15, operation_name="Deep")
    >>> error.message
    "Operation 'Deep' exceeds the depth limit: 16 nested fields, at most 15 allowed."
    >>> error.extensions
    {'code': 'OPERATION_LIMIT_EXCEEDED', 'limit': 'depth', 'measured': 16, 'maximum': 15}

    ```
    """

    limit: str
    measured: int
    maximum: int
    operation_name: str | None

    def __init__(
        self,
        limit: str,
        measured: int,
        maximum: int,
        *,
        operation_name: str | None = None,
        subject: str | None = None,
        node: OperationDefinitionNode | None = None,
    ) -> None:
        if subject is None:
            subject = f"Operation '{operation_name}'" if operation_name else "Anonymous operation"
        description, unit = _WORDING[limit]
        super().__init__(
            f"{subject} exceeds the {description}: {measured} {unit}, at most {maximum} allowed.",
            node,
            extensions={
                "code": LIMIT_CODE,
                "limit": limit,
                "measured": measured,
                "maximum": maximum,
            },
        )
        self.limit = limit
        self.measured = measured
        self.maximum = maximum
        self.operation_name = operation_name


# ---------------------------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------------------------


class _Tally(NamedTuple):
    complexity: int
    depth: int
    top_level: int
    introspection_complexity: int
    introspection_depth: int
    fragment_nesting: int


# Where a selection set sits: the root of an operation (or of a fragment spread there), below
# an ordinary field, or inside an introspection subtree.
_ROOT: Final = 0
_NESTED: Final = 1
_INTROSPECTION: Final = 2

# A fragment is measured once per (name, spread at the root?): the root level is special
# because of top-level counting and the introspection exemption.
_FragmentKey = tuple[str, bool]
_Walk = Generator[_FragmentKey, "_Tally | None", _Tally]


def _walk(selections: tuple[SelectionNode, ...], at_root: bool) -> _Walk:
    """Measure one selection set, yielding a fragment key whenever a spread needs its tally.

    The driver (`_measure`) answers each yield with the fragment's tally, or `None` for an
    unknown fragment or a cycle. The selection tree is walked with an explicit stack.
    """
    complexity = depth = top_level = intro_complexity = intro_depth = fragment_nesting = 0
    # (selections, depth of the enclosing field, position)
    stack: list[tuple[tuple[SelectionNode, ...], int, int]] = [
        (selections, 0, _ROOT if at_root else _NESTED)
    ]
    push = stack.append
    while stack:
        current, base, position = stack.pop()
        for selection in current:
            if isinstance(selection, FieldNode):
                sub = selection.selection_set
                if position == _NESTED:
                    complexity += 1
                    level = base + 1
                    if level > depth:
                        depth = level
                    if sub is not None:
                        push((sub.selections, level, _NESTED))
                elif position == _INTROSPECTION:
                    intro_complexity += 1
                    level = base + 1
                    if level > intro_depth:
                        intro_depth = level
                    if sub is not None:
                        push((sub.selections, level, _INTROSPECTION))
                else:
                    top_level += 1
                    # `name`, never `alias`: `__schema: accounts { ... }` is an ordinary field.
                    if selection.name.value in INTROSPECTION_ROOT_FIELDS:
                        intro_complexity += 1
                        intro_depth = max(intro_depth, 1)
                        if sub is not None:
                            push((sub.selections, 1, _INTROSPECTION))
                    else:
                        complexity += 1
                        depth = max(depth, 1)
                        if sub is not None:
                            push((sub.selections, 1, _NESTED))
            elif isinstance(selection, InlineFragmentNode):
                # Same depth and position: an inline fragment is not a field.
                push((selection.selection_set.selections, base, position))
            elif isinstance(selection, FragmentSpreadNode):
                tally = yield (selection.name.value, position == _ROOT)
                if tally is None:
                    continue
                fragment_nesting = max(fragment_nesting, 1 + tally.fragment_nesting)
                if position == _ROOT:
                    complexity += tally.complexity
                    depth = max(depth, tally.depth)
                    top_level += tally.top_level
                    intro_complexity += tally.introspection_complexity
                    intro_depth = max(intro_depth, tally.introspection_depth)
                elif position == _NESTED:
                    # A nested fragment's tally has no top-level or introspection part.
                    complexity += tally.complexity
                    depth = max(depth, base + tally.depth)
                else:
                    intro_complexity += tally.complexity
                    intro_depth = max(intro_depth, base + tally.depth)
    return _Tally(complexity, depth, top_level, intro_complexity, intro_depth, fragment_nesting)


def _measure(
    operation: OperationDefinitionNode,
    fragments: Mapping[str, FragmentDefinitionNode],
    memo: dict[_FragmentKey, _Tally],
) -> _Tally:
    """Drive `_walk` for an operation and, on demand, for the fragments it spreads.

    Fragments are evaluated on an explicit stack of suspended walks (no recursion); `memo`
    keeps each fragment's tally for the rest of the document.
    """
    frames: list[tuple[_Walk, _FragmentKey | None]] = [
        (_walk(operation.selection_set.selections, True), None)
    ]
    in_progress: set[_FragmentKey] = set()
    answer: _Tally | None = None
    while True:
        walk, key = frames[-1]
        try:
            request = walk.send(answer)
        except StopIteration as finished:
            frames.pop()
            result: _Tally = finished.value
            if key is None:
                return result
            memo[key] = result
            in_progress.discard(key)
            answer = result
            continue
        cached = memo.get(request)
        if cached is not None:
            answer = cached
            continue
        fragment = fragments.get(request[0])
        if fragment is None or request in in_progress:
            # Unknown fragment, or a spread closing a cycle: it counts nothing.
            answer = None
            continue
        in_progress.add(request)
        frames.append((_walk(fragment.selection_set.selections, request[1]), request))
        answer = None  # a fresh generator must be started with None


def _operations(
    document: DocumentNode, operation_name: str | None
) -> tuple[list[OperationDefinitionNode], dict[str, FragmentDefinitionNode]]:
    operations: list[OperationDefinitionNode] = []
    fragments: dict[str, FragmentDefinitionNode] = {}
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode):
            name = definition.name.value if definition.name else None
            if operation_name is None or name == operation_name:
                operations.append(definition)
        elif isinstance(definition, FragmentDefinitionNode):
            # Last definition wins, as in graphql-core's ValidationContext.get_fragment.
            fragments[definition.name.value] = definition
    return operations, fragments


def _measure_all(
    document: DocumentNode, operation_name: str | None
) -> list[tuple[OperationDefinitionNode, OperationCost]]:
    operations, fragments = _operations(document, operation_name)
    memo: dict[_FragmentKey, _Tally] = {}
    measured = []
    for operation in operations:
        tally = _measure(operation, fragments, memo)
        cost = OperationCost(
            operation_name=operation.name.value if operation.name else None,
            complexity=tally.complexity,
            depth=tally.depth,
            top_level_fields=tally.top_level,
            introspection_complexity=tally.introspection_complexity,
            introspection_depth=tally.introspection_depth,
            fragment_nesting=tally.fragment_nesting,
        )
        measured.append((operation, cost))
    return measured


def measure_document(
    document: DocumentNode, operation_name: str | None = None
) -> list[OperationCost]:
    """Measure every operation of a parsed document, in document order.

    With `operation_name`, only the operation(s) of that name are measured; an unknown name
    gives an empty list (execution reports unknown operation names). Anonymous operations are
    only included when `operation_name` is `None`.

    ```python
    >>> doc = parse("query A { accounts { totalCount } } query B { __typename }")
    >>> [(cost.operation_name, cost.complexity) for cost in measure_document(doc)]
    [('A', 2), ('B', 1)]
    >>> [cost.operation_name for cost in measure_document(doc, "B")]
    ['B']

    ```
    """
    return [cost for _operation, cost in _measure_all(document, operation_name)]


# Each alternative also ends where the lexer would give up (end of line for a string, end of
# input for a block string), so an unterminated string is consumed once instead of being
# rescanned from every later quote, which would make hostile input quadratic; possessive
# quantifiers (Python 3.11+) rule out backtracking.
_STRINGS_AND_COMMENTS: Final = re.compile(
    r'"""(?:[^"\\]++|\\"""|\\|"(?!""))*+(?:"""|\Z)'  # block string: only \""" is an escape
    r'|"(?:[^"\\\n\r]++|\\[\s\S]?)*+(?:"|(?=[\n\r])|\Z)'  # string: ends at a line end
    r"|#[^\n\r]*"  # comment to end of line
)
_NOT_BRACKETS: Final = re.compile(r"[^{}\[\]()]+")
_BRACKET_STEP: Final = {"{": 1, "[": 1, "(": 1, "}": -1, "]": -1, ")": -1}


def bracket_nesting(source: str) -> int:
    """Deepest nesting of `{`, `[` and `(` in a GraphQL source, ignoring strings and comments.

    It bounds how deep graphql-core's recursive parser will recurse, and costs a couple of
    regular-expression passes. It agrees with the GraphQL lexer on every well-formed prefix of
    the document, which is all that matters: the parser stops at the first syntax error.

    ```python
    >>> bracket_nesting('{ a(x: "{{{") { b } } # }}}}}')
    2

    ```
    """
    text = source
    if '"' in text or "#" in text:
        text = _STRINGS_AND_COMMENTS.sub(" ", text)
    brackets = _NOT_BRACKETS.sub("", text)
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets), initial=0))


def parse_document(
    source: str | Source,
    *,
    max_nesting: int = DEFAULT_MAX_NESTING,
    max_tokens: int | None = DEFAULT_MAX_TOKENS,
) -> DocumentNode:
    """`graphql.parse` guarded against documents nested deeper than its recursion can take,
    and against documents too long to parse quickly.

    graphql-core's parser is recursive and raises `RecursionError` near 245 nested selection
    sets. This checks the bracket nesting first and raises an `OperationLimitExceeded` with
    `limit="nesting"` instead. Parsing stops after `max_tokens` tokens with a `GraphQLError`
    whose `extensions` name the limit `tokens` (`None` lifts the cap). Syntax errors are
    graphql's own `GraphQLError` (other parser exceptions are wrapped in one, as Ariadne
    does). Suitable for
    Ariadne's `query_parser=lambda context, data: parse_document(data["query"])`.

    ```python
    >>> try:
    ...     parse_document("{" * 5000 + "}" * 5000)
    ... except OperationLimitExceeded as error:
    ...     print(error.message)
    Document exceeds the nesting limit: 5000 nested brackets, at most 100 allowed.

    ```
    """
    body = source.body if isinstance(source, Source) else source
    nesting = bracket_nesting(body)
    if nesting > max_nesting:
        raise OperationLimitExceeded("nesting", nesting, max_nesting, subject="Document")
    try:
        return parse(source, max_tokens=max_tokens)
    except GraphQLError as error:
        if max_tokens is not None and (
            f"Document contains more than {max_tokens} tokens" in error.message
        ):
            raise GraphQLError(
                f"Document exceeds the token limit: more than {max_tokens} tokens, "
                f"at most {max_tokens} allowed.",
                extensions={"code": LIMIT_CODE, "limit": "tokens", "maximum": max_tokens},
            ) from None
        raise
    except RecursionError:
        # Only reachable with a lowered recursion limit or a very deep caller stack.
        raise GraphQLError(
            "Document is nested too deeply to parse.",
            extensions={"code": LIMIT_CODE, "limit": "nesting"},
        ) from None
    except Exception as error:
        # graphql-core 3.2's lexer raises IndexError on a string ending in a lone backslash
        # (`{ a(x: "\` at the end); report it as the syntax error it is.
        raise GraphQLError(f"Syntax Error: {error}.", original_error=error) from error


def measure_query(
    query: str | Source,
    operation_name: str | None = None,
    *,
    max_nesting: int = DEFAULT_MAX_NESTING,
    max_tokens: int | None = None,
) -> list[OperationCost]:
    """Parse `query` with `parse_document` and measure it (see `measure_document`).

    Syntax errors raise graphql's `GraphQLError`; documents nested beyond `max_nesting`
    brackets raise `OperationLimitExceeded` (limit `nesting`). No token cap unless
    `max_tokens` is given (measuring is linear; the endpoints parse with the cap).

    ```python
    >>> [cost.depth for cost in measure_query("query A { a { b } } query B { c }")]
    [2, 1]

    ```
    """
    document = parse_document(query, max_nesting=max_nesting, max_tokens=max_tokens)
    return measure_document(document, operation_name)


# ---------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------


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
    >>> costs, errors = check_document(parse("{ a b c d e f }"), SANDBOX_LIMITS)
    >>> costs[0].top_level_fields, [error.limit for error in errors]
    (6, ['topLevelFields'])

    ```
    """
    measured = _measure_all(document, operation_name)
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
    >>> from graphql import build_schema, specified_rules
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


def fragment_spreads(document: DocumentNode) -> dict[str, set[str]]:
    """Each fragment's name mapped to the names of the fragments it spreads (at any depth)."""
    graph: dict[str, set[str]] = {}
    for definition in document.definitions:
        if not isinstance(definition, FragmentDefinitionNode):
            continue
        spreads = graph.setdefault(definition.name.value, set())
        stack = [definition.selection_set.selections]
        while stack:
            for selection in stack.pop():
                if isinstance(selection, FragmentSpreadNode):
                    spreads.add(selection.name.value)
                elif selection.selection_set is not None:
                    stack.append(selection.selection_set.selections)
    return graph


def has_fragment_cycle(document: DocumentNode) -> bool:
    """True when a fragment spreads itself, directly or through others (linear, no recursion).

    ```python
    >>> document = parse("{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }")
    >>> has_fragment_cycle(document)
    True

    ```
    """
    graph = fragment_spreads(document)
    done: set[str] = set()
    for start in graph:
        if start in done:
            continue
        on_path = {start}
        stack = [(start, iter(graph[start]))]
        while stack:
            name, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                on_path.discard(name)
                done.add(name)
            elif child in on_path:
                return True
            elif child in graph and child not in done:
                on_path.add(child)
                stack.append((child, iter(graph[child])))
    return False


def safe_validate(
    schema: GraphQLSchema,
    document_ast: DocumentNode,
    rules: Collection[type[ASTValidationRule]] | None = None,
    max_errors: int | None = None,
    type_info: TypeInfo | None = None,
) -> list[GraphQLError]:
    """`graphql.validate` that cannot overflow the stack (also a `query_validator=`).

    graphql-core's `OverlappingFieldsCanBeMerged` recurses without end through a fragment
    cycle, so cycles are looked for first (a linear walk) and reported alone.
    """
    if has_fragment_cycle(document_ast):
        # graphql's own rule, for its standard messages.
        return validate(schema, document_ast, [NoFragmentCyclesRule])
    try:
        return validate(schema, document_ast, rules, max_errors, type_info)
    except RecursionError:
        return [GraphQLError("The document is too deeply nested to validate.")]

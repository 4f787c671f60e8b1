"""Measuring the operations of a parsed document: complexity, depth, top-level fields.

The interface specification (section 8.2) caps every Sandbox operation at **1,000 fields**
(complexity), **15 nested fields** (depth) and **5 top-level fields** ("concurrency"), and
answers HTTP 400 when one is exceeded. This module measures a parsed document; the limits
themselves are in `operation_limits`, and `query_cost` turns exceeded limits into
graphql-core validation errors.

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
>>> from simulator.limits import measure_query
>>> cost, = measure_query("{ accounts(first: 2) { edges { node { id IBAN } } } }")
>>> cost.complexity, cost.depth, cost.top_level_fields
(5, 4, 1)

```
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Final, NamedTuple

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionNode,
)

from .operation_limits import OperationCost

__all__ = ["INTROSPECTION_ROOT_FIELDS", "measure_document", "measure_operations"]

#: Root field names whose subtree is measured as introspection (matched on the field name).
INTROSPECTION_ROOT_FIELDS: Final = frozenset({"__schema", "__type"})


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


def measure_operations(
    document: DocumentNode, operation_name: str | None
) -> list[tuple[OperationDefinitionNode, OperationCost]]:
    """Each operation (of that name, when `operation_name` is given) with its cost, in
    document order; fragments are measured once for the whole document."""
    operations, fragments = _operations(document, operation_name)
    memo: dict[_FragmentKey, _Tally] = {}
    measured: list[tuple[OperationDefinitionNode, OperationCost]] = []
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
    >>> from graphql import parse
    >>> doc = parse("query A { accounts { totalCount } } query B { __typename }")
    >>> [(cost.operation_name, cost.complexity) for cost in measure_document(doc)]
    [('A', 2), ('B', 1)]
    >>> [cost.operation_name for cost in measure_document(doc, "B")]
    ['B']

    ```
    """
    return [cost for _operation, cost in measure_operations(document, operation_name)]

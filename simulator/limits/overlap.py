"""A bound on the work of graphql-core's `OverlappingFieldsCanBeMergedRule`, checked first.

That rule (in `specified_rules`) compares every pair of fields that answer under the same
name in one selection set, fragments and inline fragments merged in, and then the pairs of
their sub-fields, and so on. Its work is quadratic in the number of fields sharing a name:
`{ accounts { edges { node { a: name a: IBAN a: name ... } } } }` with 900 such fields is a
7 KB document inside every operation limit (903 fields, depth 4), yet some 400,000
comparisons, each finding a conflict: one to six seconds of validation holding the GIL, so
every other client of the process waits meanwhile. graphql-core stops only at its error cap
(100 errors), after it has built the whole list of conflicts.

The bound is measured on the document alone, in linear time, before graphql's rules run:
the fields of each operation (and of each fragment definition, which the rule visits on its
own) are merged by their path of response names, fragments and inline fragments expanded
where they are spread, as the rule merges them; a path reached by `k` fields costs at most
`k * (k - 1) / 2` comparisons, and the document's figure is the largest sum of one
operation or fragment. Real documents give each field its own response name or repeat one
a few times (`id` in a fragment and beside it, `__typename` and `message` in each member's
inline fragment of a union): the 208 operations and fragments of the partner front-end
(`swan-io/swan-partner-frontend` at c8addd3, its `.gql` files) reach at most 157
(`GetPublicOnboarding`, inline fragments of a union), graphql-core's standard introspection
query 0.

```python
>>> from simulator.limits.parsing import parse_document
>>> overlap_pairs(parse_document("{ a: x a: y b: x }"))[0]
1

```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from graphql import (
    DocumentNode,
    ExecutableDefinitionNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionNode,
)

from .operation_limits import OperationLimitExceeded

__all__ = ["MAX_OVERLAP_PAIRS", "overlap_errors", "overlap_pairs"]

#: The most pairs of same-named fields one operation (or fragment) may make graphql compare.
#: 12 times what the front-end's heaviest document needs (157), about 10 ms of graphql's
#: validation on this shared machine (a pair costs 2-10 us); 900 same-named fields make
#: 404,550 (one to six seconds).
MAX_OVERLAP_PAIRS: Final = 2_000
#: Fields visited (fragments expanded) before the measure gives up and refuses: the
#: operation limits keep an accepted document far below (1,000 fields in Sandbox, 10,000 in
#: Live, 2,000 of introspection); only a document with the limits switched off reaches it.
MAX_VISITED_FIELDS: Final = 100_000


def _definitions(document: DocumentNode) -> Iterator[ExecutableDefinitionNode]:
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode | FragmentDefinitionNode):
            yield definition


def overlap_pairs(document: DocumentNode) -> tuple[int, ExecutableDefinitionNode | None]:
    """The largest number of same-named field pairs of one operation or fragment definition
    of `document`, and that definition (`None` when the document has none). Past
    `MAX_VISITED_FIELDS` it stops and answers more than `MAX_OVERLAP_PAIRS`.

    Fragment cycles must have been refused first (`has_fragment_cycle`): this walk expands
    spreads without looking for them."""
    fragments = {
        definition.name.value: definition
        for definition in document.definitions
        if isinstance(definition, FragmentDefinitionNode)
    }
    worst: tuple[int, ExecutableDefinitionNode | None] = (0, None)
    budget = MAX_VISITED_FIELDS
    for definition in _definitions(document):
        pairs, budget = _pairs(definition, fragments, budget)
        if pairs > worst[0]:
            worst = (pairs, definition)
        if budget < 0:
            break
    return worst


def _pairs(
    definition: ExecutableDefinitionNode,
    fragments: dict[str, FragmentDefinitionNode],
    budget: int,
) -> tuple[int, int]:
    """(pairs, budget left) of one definition: merged paths as numbered nodes, each with
    its children by response name and the number of fields that reached it."""
    children: list[dict[str, int]] = [{}]
    counts: list[int] = [0]
    pairs = 0
    stack: list[tuple[tuple[SelectionNode, ...], int]] = [(definition.selection_set.selections, 0)]
    while stack:
        selections, node = stack.pop()
        for selection in selections:
            if isinstance(selection, FieldNode):
                budget -= 1
                if budget < 0:
                    return MAX_OVERLAP_PAIRS + 1 + pairs, budget
                name = (selection.alias or selection.name).value
                child = children[node].get(name)
                if child is None:
                    child = children[node][name] = len(counts)
                    children.append({})
                    counts.append(0)
                pairs += counts[child]  # the new field is compared with each one before it
                counts[child] += 1
                if selection.selection_set is not None:
                    stack.append((selection.selection_set.selections, child))
            elif isinstance(selection, InlineFragmentNode):
                stack.append((selection.selection_set.selections, node))
            elif isinstance(selection, FragmentSpreadNode):
                fragment = fragments.get(selection.name.value)
                if fragment is not None:  # an unknown one is KnownFragmentNamesRule's
                    stack.append((fragment.selection_set.selections, node))
    return pairs, budget


def overlap_errors(document: DocumentNode) -> list[OperationLimitExceeded]:
    """One error when an operation or fragment of `document` would make graphql compare
    more than `MAX_OVERLAP_PAIRS` pairs of same-named fields, else none."""
    pairs, definition = overlap_pairs(document)
    if pairs <= MAX_OVERLAP_PAIRS:
        return []
    if isinstance(definition, FragmentDefinitionNode):
        subject = f"Fragment '{definition.name.value}'"
        name = None
    elif isinstance(definition, OperationDefinitionNode) and definition.name is not None:
        name = definition.name.value
        subject = f"Operation '{name}'"
    else:
        assert isinstance(definition, OperationDefinitionNode)
        subject, name = f"Anonymous {definition.operation.value}", None
    return [
        OperationLimitExceeded(
            "fieldOverlap",
            pairs,
            MAX_OVERLAP_PAIRS,
            operation_name=name,
            subject=subject,
            node=definition,
        )
    ]

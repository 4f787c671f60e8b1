"""The graph of fragment spreads, and a linear, non-recursive search for cycles in it.

graphql-core's `OverlappingFieldsCanBeMergedRule` recurses without end through a fragment
cycle, so `query_cost.safe_validate` looks for one first.
"""

from __future__ import annotations

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
)

__all__ = ["fragment_spreads", "has_fragment_cycle"]


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
                elif (
                    isinstance(selection, FieldNode | InlineFragmentNode)
                    and selection.selection_set is not None
                ):
                    stack.append(selection.selection_set.selections)
    return graph


def has_fragment_cycle(document: DocumentNode) -> bool:
    """True when a fragment spreads itself, directly or through others (linear, no recursion).

    ```python
    >>> from graphql import parse
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

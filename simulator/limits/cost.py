"""The figures of `extensions.cost`: what an operation measures against which limits.

Every response of the GraphQL endpoints to an operation carries them (with the rate-limit
budget left), so a partner learns the limits before hitting them. `operation_cost` computes
the same figures for a document without running it, as `python -m simulator cost FILE` does.

```python
>>> operation_cost("{ accounts(first: 2) { totalCount edges { node { id IBAN } } } }")
{'operationName': None, 'complexity': 6, 'depth': 4, 'topLevelFields': 1, \
'limits': {'complexity': 1000, 'depth': 15, 'topLevelFields': 5}, 'exceeded': []}

```
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from graphql import DocumentNode, Source

from .query_cost import (
    SANDBOX_LIMITS,
    OperationCost,
    OperationLimits,
    measure_document,
    parse_document,
)

__all__ = ["cost_figures", "document_costs", "operation_cost", "selected_cost"]


def selected_cost(
    costs: Sequence[OperationCost], operation_name: str | None
) -> OperationCost | None:
    """The cost of the operation GraphQL would run: the one named `operation_name`, else the
    document's only operation; `None` when there is no such operation or it is ambiguous."""
    if operation_name is not None:
        named = [cost for cost in costs if cost.operation_name == operation_name]
        return named[0] if len(named) == 1 else None
    return costs[0] if len(costs) == 1 else None


def cost_figures(
    cost: OperationCost | None, limits: OperationLimits, operation_name: str | None = None
) -> dict[str, Any]:
    """The measured complexity, depth and top-level fields, the limits, and the names of
    the limits exceeded. Without a cost (a syntax error, an ambiguous document), the
    measured figures are `None`."""
    return {
        "operationName": cost.operation_name if cost else operation_name,
        "complexity": cost.complexity if cost else None,
        "depth": cost.depth if cost else None,
        "topLevelFields": cost.top_level_fields if cost else None,
        "limits": {
            "complexity": limits.max_complexity,
            "depth": limits.max_depth,
            "topLevelFields": limits.max_top_level_fields,
        },
        "exceeded": [name for name, _, _ in cost.exceeded(limits)] if cost else [],
    }


def _document(query: str | Source | DocumentNode) -> DocumentNode:
    return query if isinstance(query, DocumentNode) else parse_document(query)


def operation_cost(
    query: str | Source | DocumentNode,
    *,
    limits: OperationLimits = SANDBOX_LIMITS,
    operation_name: str | None = None,
) -> dict[str, Any]:
    """The `extensions.cost` figures (without the rate limit) of the operation that would run.

    Syntax errors raise graphql's `GraphQLError`; documents nested deeper than 100 brackets
    raise `OperationLimitExceeded` (limit `nesting`), as the endpoints answer them.
    """
    costs = measure_document(_document(query))
    return cost_figures(selected_cost(costs, operation_name), limits, operation_name)


def document_costs(
    query: str | Source | DocumentNode, *, limits: OperationLimits = SANDBOX_LIMITS
) -> list[dict[str, Any]]:
    """The figures of every operation of a document, in document order.

    ```python
    >>> [c["depth"] for c in document_costs("query A { a { b } } query B { c }")]
    [2, 1]

    ```
    """
    return [cost_figures(cost, limits) for cost in measure_document(_document(query))]

"""Per-operation limits: complexity, depth and top-level fields (specification section 8.2).

See `simulator.limits.query_cost` for the counting rules and `docs/limits.md` for examples.

```python
>>> from simulator.limits import SANDBOX_LIMITS, measure_query
>>> cost, = measure_query("{ accounts { edges { node { id } } } }")
>>> cost.exceeded(SANDBOX_LIMITS)
[]

```
"""

from simulator.limits.query_cost import (
    DEFAULT_MAX_NESTING,
    INTROSPECTION_ROOT_FIELDS,
    LIMIT_CODE,
    LIVE_LIMITS,
    SANDBOX_LIMITS,
    OperationCost,
    OperationLimitExceeded,
    OperationLimits,
    OperationLimitsRule,
    bracket_nesting,
    limit_errors,
    measure_document,
    measure_query,
    operation_limit_rules,
    operation_limit_validator,
    parse_document,
)

__all__ = [
    "DEFAULT_MAX_NESTING",
    "INTROSPECTION_ROOT_FIELDS",
    "LIMIT_CODE",
    "LIVE_LIMITS",
    "SANDBOX_LIMITS",
    "OperationCost",
    "OperationLimitExceeded",
    "OperationLimits",
    "OperationLimitsRule",
    "bracket_nesting",
    "limit_errors",
    "measure_document",
    "measure_query",
    "operation_limit_rules",
    "operation_limit_validator",
    "parse_document",
]

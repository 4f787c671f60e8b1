"""The limits: per-operation complexity, depth and top-level fields (specification section
8.2), the request rate limit (section 8.1), and the settings holding both as data.

| Module | What |
|---|---|
| `query_cost` | the operation limits as graphql-core validation rules (and the names below) |
| `operation_limits` | `OperationLimits` per environment, `OperationCost`, the limit error |
| `measure` | the counting rules: complexity, depth, top-level fields of a parsed document |
| `parsing` | parsing with bounded nesting and tokens; `measure_query` |
| `fragments` | the fragment-spread graph and its cycle check |
| `cost` | the figures of `extensions.cost`, also without running a query |
| `settings` | `LimitSettings` (operation limits per environment, the rate limit), `limits.json` |
| `rate_limit` | the request counters in `limits.sqlite` |
| `runtime` | `Limits`: the settings and counters of one running simulator |

See `docs/limits.md` for the rules and examples.

```python
>>> from simulator.limits import SANDBOX_LIMITS, measure_query
>>> cost, = measure_query("{ accounts { edges { node { id } } } }")
>>> cost.exceeded(SANDBOX_LIMITS)
[]

```
"""

from simulator.limits.cost import cost_figures, document_costs, operation_cost, selected_cost
from simulator.limits.query_cost import (
    DEFAULT_MAX_NESTING,
    DEFAULT_MAX_TOKENS,
    INTROSPECTION_ROOT_FIELDS,
    LIMIT_CODE,
    LIVE_LIMITS,
    SANDBOX_LIMITS,
    OperationCost,
    OperationLimitExceeded,
    OperationLimits,
    OperationLimitsRule,
    bracket_nesting,
    check_document,
    limit_errors,
    measure_document,
    measure_query,
    operation_limit_rules,
    operation_limit_validator,
    parse_document,
    safe_validate,
)
from simulator.limits.rate_limit import RateDecision, RateLimiter
from simulator.limits.runtime import Limits
from simulator.limits.settings import (
    DEFAULT_RATE_LIMIT,
    LIMITS_OFF,
    LimitSettings,
    LimitSettingsFile,
    RateLimit,
)

__all__ = [
    "DEFAULT_MAX_NESTING",
    "DEFAULT_MAX_TOKENS",
    "DEFAULT_RATE_LIMIT",
    "INTROSPECTION_ROOT_FIELDS",
    "LIMITS_OFF",
    "LIMIT_CODE",
    "LIVE_LIMITS",
    "SANDBOX_LIMITS",
    "LimitSettings",
    "LimitSettingsFile",
    "Limits",
    "OperationCost",
    "OperationLimitExceeded",
    "OperationLimits",
    "OperationLimitsRule",
    "RateDecision",
    "RateLimit",
    "RateLimiter",
    "bracket_nesting",
    "check_document",
    "cost_figures",
    "document_costs",
    "limit_errors",
    "measure_document",
    "measure_query",
    "operation_cost",
    "operation_limit_rules",
    "operation_limit_validator",
    "parse_document",
    "safe_validate",
    "selected_cost",
]

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
| `row_budget` | the row budget: the rows an operation asks for, estimated before it runs |
| `deadline` | the execution deadline: an `ExecutionContext` that stops a late operation |
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
from simulator.limits.deadline import (
    DEADLINE_CODE,
    DEFAULT_EXECUTION_DEADLINE_SECONDS,
    DeadlineExceeded,
    deadline_execution_context,
)
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
from simulator.limits.row_budget import (
    DEFAULT_ROW_BUDGET,
    RowBudgetExceeded,
    RowEstimate,
    estimate_rows,
    row_budget_validator,
    selected_estimate,
)
from simulator.limits.runtime import Limits
from simulator.limits.settings import (
    DEFAULT_RATE_LIMIT,
    LIMITS_OFF,
    LimitSettings,
    LimitSettingsFile,
    RateLimit,
)

__all__ = [
    "DEADLINE_CODE",
    "DEFAULT_EXECUTION_DEADLINE_SECONDS",
    "DEFAULT_MAX_NESTING",
    "DEFAULT_MAX_TOKENS",
    "DEFAULT_RATE_LIMIT",
    "DEFAULT_ROW_BUDGET",
    "INTROSPECTION_ROOT_FIELDS",
    "LIMITS_OFF",
    "LIMIT_CODE",
    "LIVE_LIMITS",
    "SANDBOX_LIMITS",
    "DeadlineExceeded",
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
    "RowBudgetExceeded",
    "RowEstimate",
    "bracket_nesting",
    "check_document",
    "cost_figures",
    "deadline_execution_context",
    "document_costs",
    "estimate_rows",
    "limit_errors",
    "measure_document",
    "measure_query",
    "operation_cost",
    "operation_limit_rules",
    "operation_limit_validator",
    "parse_document",
    "row_budget_validator",
    "safe_validate",
    "selected_cost",
    "selected_estimate",
]

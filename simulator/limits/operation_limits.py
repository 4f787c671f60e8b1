"""The operation limits and what a document measures against them.

`OperationLimits` holds the maxima (the specification's complexity, depth and top-level
fields, plus the simulator's own protective caps), `SANDBOX_LIMITS` and `LIVE_LIMITS` are
the two environments' values, `OperationCost` is what one operation measures, and
`OperationLimitExceeded` is the `GraphQLError` reported for one exceeded limit. The counting
rules are in `simulator.limits.measure`.

```python
>>> cost = OperationCost("Q", complexity=12, depth=16, top_level_fields=1)
>>> [limit for limit, _measured, _maximum in cost.exceeded(SANDBOX_LIMITS)]
['depth']

```
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from graphql import ExecutableDefinitionNode, GraphQLError

from ..exceptions import SimulatorError

__all__ = [
    "LIMIT_CODE",
    "LIVE_LIMITS",
    "SANDBOX_LIMITS",
    "OperationCost",
    "OperationLimitExceeded",
    "OperationLimits",
]

#: `extensions.code` of every limit error this module raises or reports.
LIMIT_CODE: Final = "OPERATION_LIMIT_EXCEEDED"

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
        # `__post_init__` checks the values' types, so the mapping may hold anything.
        changes: dict[str, Any] = dict(data)
        return dataclasses.replace(base or SANDBOX_LIMITS, **changes)

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
    >>> from simulator.limits import measure_query
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
    "fieldOverlap": ("field overlap limit", "pairs of same-named fields to compare"),
    "nesting": ("nesting limit", "nested brackets"),
}


class OperationLimitExceeded(GraphQLError, SimulatorError):
    """A `GraphQLError` for one exceeded limit, with the figures also kept as attributes.

    `extensions` is `{"code": "OPERATION_LIMIT_EXCEEDED", "limit": ..., "measured": ...,
    "maximum": ...}` where `limit` is one of `complexity`, `depth`, `topLevelFields`,
    `introspectionComplexity`, `introspectionDepth`, `fragmentNesting`, `fieldOverlap`
    (`overlap.py`, checked before graphql's rules) or (raised by `parse_document`) `nesting`.

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
        node: ExecutableDefinitionNode | None = None,
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

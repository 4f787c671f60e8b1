"""The row budget: a simulator-only bound on how many rows one operation may ask for.

The specification's limits count *fields*, not the rows they fetch: `accountHolders(first:
100) > accounts(first: 100) > transactions(first: 100)` is a few dozen fields, well inside
every limit, yet asks for up to a million transactions. The row budget estimates those rows
before anything runs, and refuses the operation (HTTP 400, like the other operation limits)
when the estimate exceeds the ceiling.

# The estimate

- A **paginated field** (one with a `first` or `last` argument in the schema) weighs its
  page size: the `first` argument (else `last`), read from the literal, from the request's
  variables, from the variable's default, or else from the schema's default (50 for every
  connection of the partner API). A page size that is no integer counts as that default.
- Its rows are multiplied by the page sizes of the paginated fields it is nested in:
  `holders(first: 10) { edges { node { accounts(first: 20) { ... } } } }` asks for
  10 + 10 x 20 = 210 rows.
- The operation's estimate is the sum over all its paginated fields. Fragments are expanded
  (each spread counts, as for complexity), other fields (`edges`, `node`, objects, plain
  lists) weigh nothing of their own but pass the multiplier on.

It is an upper bound on what the page sizes allow, not a guess of the data: an account with
3 transactions still counts its `first: 100`. Every operation of the document is checked,
like the other limits.

```python
>>> from graphql import build_schema, parse
>>> schema = build_schema('''
...     type Query { holders(first: Int = 50): [Holder] }
...     type Holder { accounts(first: Int = 50): [Account] name: String }
...     type Account { id: ID }''')
>>> [e.rows for e in estimate_rows(schema, parse("{ holders(first: 10) { accounts { id } } }"))]
[510]
>>> [e.rows for e in estimate_rows(schema, parse(
...     "query Q($n: Int) { holders(first: $n) { name } }"), {"n": 7})]
[7]

```
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Final, NamedTuple

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLInterfaceType,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    TypeInfo,
    ValueNode,
    VariableNode,
    get_named_type,
)
from graphql.validation import ASTValidationRule

from ..exceptions import SimulatorError
from .document_memo import figures_of_documents
from .query_cost import LIMIT_CODE

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "DEFAULT_ROW_BUDGET",
    "RowBudgetExceeded",
    "RowEstimate",
    "estimate_rows",
    "row_budget_errors",
    "row_budget_validator",
    "selected_estimate",
]

#: The ceiling: comfortably above every query of the notebooks, datasets and tests (the
#: largest estimates 10,100 rows), and below what the simulator answers in about a second on a
#: 2-core machine. `accountHolders(first: 100) > accounts(first: 100) > three connections of
#: 100` estimates 3,010,100 rows; the schema's defaults (50) nested three deep, 127,550.
DEFAULT_ROW_BUDGET: Final = 25_000

#: Page size of a paginated field whose argument has no schema default.
DEFAULT_PAGE_SIZE: Final = 50

_PAGE_ARGUMENTS: Final = ("first", "last")

Validator = Callable[..., list[GraphQLError]]


class RowEstimate(NamedTuple):
    """The estimated rows of one operation."""

    operation_name: str | None
    rows: int


class RowBudgetExceeded(GraphQLError, SimulatorError):
    """An operation estimated to fetch more rows than the budget allows.

    `extensions` has the shape of the other operation limits: `{"code":
    "OPERATION_LIMIT_EXCEEDED", "limit": "rows", "measured": ..., "maximum": ...}`.

    ```python
    >>> RowBudgetExceeded(3010100, 25000, operation_name="Heavy").message
    "Operation 'Heavy' exceeds the row budget: an estimated 3010100 rows, at most 25000 allowed. \
Ask for smaller pages (first/last) or fewer nested connections, and page through the rest."

    ```
    """

    def __init__(
        self,
        rows: int,
        maximum: int,
        *,
        operation_name: str | None = None,
        node: OperationDefinitionNode | None = None,
    ) -> None:
        if operation_name:
            subject = f"Operation '{operation_name}'"
        else:
            kind = node.operation.value if node is not None else OperationType.QUERY.value
            subject = f"Anonymous {kind}"
        super().__init__(
            f"{subject} exceeds the row budget: an estimated {rows} rows, at most {maximum} "
            "allowed. Ask for smaller pages (first/last) or fewer nested connections, and page "
            "through the rest.",
            node,
            extensions={"code": LIMIT_CODE, "limit": "rows", "measured": rows, "maximum": maximum},
        )
        self.rows = rows
        self.maximum = maximum


class _Estimator:
    """Walks one document with the schema's types; fragments are estimated once each."""

    def __init__(
        self, schema: GraphQLSchema, document: DocumentNode, variables: Mapping[str, Any]
    ) -> None:
        self.schema = schema
        self.variables = variables
        self.fragments = {
            definition.name.value: definition
            for definition in document.definitions
            if isinstance(definition, FragmentDefinitionNode)
        }
        self.memo: dict[str, int] = {}
        self.visiting: set[str] = set()
        # Variable defaults of the operation being estimated.
        self.defaults: dict[str, ValueNode] = {}

    def operation(self, operation: OperationDefinitionNode) -> int:
        self.defaults = {
            definition.variable.name.value: definition.default_value
            for definition in operation.variable_definitions or ()
            if definition.default_value is not None
        }
        # Fragments may read variables, so their memo is per operation.
        self.memo.clear()
        root = self.schema.get_root_type(operation.operation)
        return self.selections(operation.selection_set, root)

    def selections(self, selection_set: SelectionSetNode, parent: GraphQLNamedType | None) -> int:
        # Rows are linear in the multiplier, so each selection set is estimated for one parent
        # row and the caller multiplies: a fragment's estimate is reusable at every spread.
        total = 0
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                total += self.field(selection, parent)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition
                target = self.schema.get_type(condition.name.value) if condition else parent
                total += self.selections(selection.selection_set, target)
            elif isinstance(selection, FragmentSpreadNode):
                total += self.fragment(selection.name.value)
        return total

    def field(self, node: FieldNode, parent: GraphQLNamedType | None) -> int:
        definition = None
        if isinstance(parent, GraphQLObjectType | GraphQLInterfaceType):
            definition = parent.fields.get(node.name.value)
        inner = 0
        if node.selection_set is not None and definition is not None:
            inner = self.selections(node.selection_set, get_named_type(definition.type))
        size = self.page_size(node, definition) if definition is not None else None
        return inner if size is None else size * (1 + inner)

    def fragment(self, name: str) -> int:
        if name in self.memo:
            return self.memo[name]
        definition = self.fragments.get(name)
        if definition is None or name in self.visiting:  # unknown, or a cycle: validation says
            return 0
        self.visiting.add(name)
        try:
            target = self.schema.get_type(definition.type_condition.name.value)
            rows = self.selections(definition.selection_set, target)
        finally:
            self.visiting.discard(name)
        self.memo[name] = rows
        return rows

    def page_size(self, node: FieldNode, definition: GraphQLField) -> int | None:
        """The page size of a paginated field; `None` for any other field."""
        names = [name for name in _PAGE_ARGUMENTS if name in definition.args]
        if not names:
            return None
        given = {argument.name.value: argument.value for argument in node.arguments or ()}
        for name in names:
            if name in given:
                size = self.value(given[name])
                if size is not None:
                    return size
        for name in names:  # not given: the schema's default
            default = definition.args[name].default_value
            if isinstance(default, int) and not isinstance(default, bool):
                return max(default, 0)
        return DEFAULT_PAGE_SIZE

    def value(self, node: ValueNode) -> int | None:
        if isinstance(node, VariableNode):
            name = node.name.value
            if name in self.variables:
                raw = self.variables[name]
                if isinstance(raw, int) and not isinstance(raw, bool):
                    return max(raw, 0)
                return None
            default = self.defaults.get(name)
            return self.value(default) if default is not None else None
        if isinstance(node, IntValueNode):
            return max(int(node.value), 0)
        return None  # null, or a literal of the wrong type (validation reports it)


def estimate_rows(
    schema: GraphQLSchema,
    document: DocumentNode,
    variables: Mapping[str, Any] | None = None,
) -> list[RowEstimate]:
    """The estimated rows of every operation of a validated document, in document order."""
    estimator = _Estimator(schema, document, variables or {})
    return [
        RowEstimate(definition.name.value if definition.name else None, rows)
        for definition in document.definitions
        if isinstance(definition, OperationDefinitionNode)
        for rows in [estimator.operation(definition)]
    ]


def row_budget_errors(
    schema: GraphQLSchema,
    document: DocumentNode,
    budget: int,
    variables: Mapping[str, Any] | None = None,
) -> tuple[list[RowEstimate], list[GraphQLError]]:
    """The estimate of each operation, and one `RowBudgetExceeded` per operation over budget."""
    if variables:
        estimates = estimate_rows(schema, document, variables)
    else:  # the tree alone decides: kept with it (limits.document_memo)
        estimates = list(
            figures_of_documents().get_or_compute(
                document, ("rows", id(schema)), lambda: tuple(estimate_rows(schema, document))
            )
        )
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    errors: list[GraphQLError] = [
        RowBudgetExceeded(estimate.rows, budget, operation_name=estimate.operation_name, node=node)
        for estimate, node in zip(estimates, operations, strict=True)
        if estimate.rows > budget
    ]
    return estimates, errors


def selected_estimate(
    estimates: Collection[RowEstimate], operation_name: str | None
) -> RowEstimate | None:
    """The estimate of the operation GraphQL would run (as `selected_cost` picks a cost)."""
    if operation_name is not None:
        named = [e for e in estimates if e.operation_name == operation_name]
        return named[0] if len(named) == 1 else None
    return next(iter(estimates)) if len(estimates) == 1 else None


def row_budget_validator(
    validator: Validator,
    budget: int,
    variables: Mapping[str, Any] | None,
    *,
    on_estimate: Callable[[list[RowEstimate]], None] | None = None,
) -> Validator:
    """An Ariadne `query_validator` running `validator` (the operation limits and graphql's
    rules), then, on a valid document, the row budget with the request's `variables`.

    `on_estimate` receives the estimates so the endpoint can report them in
    `extensions.cost` without estimating twice.
    """

    def validate(
        schema: GraphQLSchema,
        document_ast: DocumentNode,
        rules: Collection[type[ASTValidationRule]] | None = None,
        max_errors: int | None = None,
        type_info: TypeInfo | None = None,
    ) -> list[GraphQLError]:
        errors = validator(schema, document_ast, rules, max_errors, type_info)
        if errors:
            return errors
        try:
            estimates, errors = row_budget_errors(schema, document_ast, budget, variables)
        except RecursionError:  # only with the fragment-nesting cap switched off
            return [GraphQLError("The document is too deeply nested to estimate.")]
        if on_estimate is not None:
            on_estimate(estimates)
        return errors

    return validate

"""Build the executable schemas from their SDL files and run operations on them."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from ariadne import EnumType, graphql_sync, load_schema_from_path, make_executable_schema
from ariadne.enums_default_values import (
    repair_schema_default_enum_values,
    validate_schema_default_enum_values,
)
from ariadne.executable_schema import normalize_bindables
from ariadne.schema_names import convert_schema_names
from ariadne.types import QueryParser, QueryValidator, SchemaBindable
from graphql import (
    DocumentNode,
    GraphQLSchema,
    GraphQLSyntaxError,
    build_ast_schema,
)

from .._heap import long_lived
from ..clock import monotonic
from ..graphql_compat import ExecutionContext, accept_enum_parse_value_arguments
from ..limits.deadline import DEADLINE_CODE, deadline_execution_context
from ..storage.read_only import WriteDeferred, reads_only
from .context import RequestContext
from .errors import GraphQLErrorLog, format_error
from .inline_reads import note_inline
from .lazy_schema import make_schema
from .resolver_index import ResolverIndex, resolver_module_names
from .scalars import scalars
from .sdl_cache import cached_document, store_document
from .unions import bind_abstract_types

__all__ = [
    "DEADLINE_STATUS",
    "SCHEMA_DIR",
    "SchemaOnce",
    "build_schema",
    "execute",
    "execute_inline",
    "load_type_defs",
    "resolver_modules",
]

#: The status of an operation stopped at its execution deadline (docs/limits.md says why).
DEADLINE_STATUS = 503

SCHEMA_DIR = Path(__file__).parent / "schema"

#: Ariadne's log of the operation's errors: code and path only (see `GraphQLErrorLog`).
_ERROR_LOG = GraphQLErrorLog(logging.getLogger("simulator.api.graphql"))


def load_type_defs(*directories: Path) -> str:
    """The SDL of every `.graphql` file in the directories and their family folders, in a
    stable order: by file name, whatever the folder (the names are unique in a directory), so
    that moving a file between folders changes nothing of the schema (the order of the files is
    the order of a type's fields, when several files extend it).

    Read, not parsed: the text is the key of its parsed tree in the SDL cache (`sdl_cache`).
    """
    return "\n".join(
        path.read_text(encoding="utf-8")
        for directory in directories
        for path in sorted(directory.rglob("*.graphql"), key=lambda path: (path.name, path))
    )


def resolver_modules(package: str, path: Iterable[str]) -> tuple[ModuleType, ...]:
    """The resolver modules of a package (`__name__`, `__path__`): its own modules and those of
    its family folders, in name order, but the private ones (`_helpers`), imported.

    This is the one list of a schema's resolvers: the files themselves, so that a module is
    never imported in one place and listed in another. Importing one attaches nothing (its
    bindables are its own); a family folder needs an `__init__.py` to be walked
    (tests/test_architecture.py checks that every file is found).
    """
    return tuple(import_module(name) for name in resolver_module_names(package, path))


def build_schema(
    directories: Sequence[Path], bindables: Sequence[SchemaBindable] | ResolverIndex
) -> GraphQLSchema:
    """An executable schema: SDL files + resolvers + scalars + `__typename`-resolved abstracts.

    Field names are converted from camelCase to the snake_case keys of the domain's rows.
    SDL built before (on this machine, with this graphql-core) is read from the SDL cache
    and not checked again, and each type's fields are built at their first use
    (`lazy_schema`); new SDL is parsed and checked by Ariadne, then cached. Given a
    `ResolverIndex`, a lazy build imports each resolver module when it first needs what it
    binds (`resolver_index`); any other imports them all first.
    """
    type_defs = load_type_defs(*directories)
    with _collection_paused():
        cached = cached_document(type_defs)
        if cached is None:
            bindables = _every(bindables)
            schema = _built_and_checked(type_defs, directories, bindables)
            store_document(type_defs, list(schema.type_map))
            gc.collect()  # the parse's and the checks' cyclic garbage, before the freeze
        else:
            document, type_names = cached
            schema = _built_lazily(document, type_names, bindables) or _built_from_checked(
                document, _every(bindables)
            )
        # Every union and interface not bound above resolves by the `__typename` of its value.
        bind_abstract_types(schema)
        accept_enum_parse_value_arguments(schema)
    return schema


def _built_and_checked(
    type_defs: str, directories: Sequence[Path], bindables: Sequence[SchemaBindable]
) -> GraphQLSchema:
    try:
        return make_executable_schema(type_defs, *scalars, *bindables, convert_names_case=True)
    except GraphQLSyntaxError:
        for directory in directories:
            load_schema_from_path(str(directory))  # names the file with the syntax error
        raise


def _built_from_checked(
    document: DocumentNode, bindables: Sequence[SchemaBindable]
) -> GraphQLSchema:
    """Ariadne's `make_executable_schema(..., convert_names_case=True)`, step by step, but
    for the checks the tree passed when it was cached: the SDL's own rules (a third of the
    time) and the type system's (`assert_valid_schema`, 10%), which read nothing but the
    SDL (the resolvers, scalars and names bound here change none of it). The same schema
    (tests/test_first_answer.py compares the two); enum values bound by an `EnumType` are
    still checked against the SDL's defaults, as Ariadne does: they are code, not SDL."""
    schema = build_ast_schema(document, assume_valid=True, assume_valid_sdl=True)
    bound = normalize_bindables(*scalars, *bindables)
    for bindable in bound:
        bindable.bind_to_schema(schema)
    convert_schema_names(schema, None)
    # The defaults' enum values are the SDL's (checked when the tree was cached) unless an
    # `EnumType` binds values of its own: only then can they differ (none does today).
    if any(isinstance(bindable, EnumType) for bindable in bound):
        validate_schema_default_enum_values(schema)
    repair_schema_default_enum_values(schema)
    return schema


def _built_lazily(
    document: DocumentNode,
    type_names: Sequence[str],
    bindables: Sequence[SchemaBindable] | ResolverIndex,
) -> GraphQLSchema | None:
    """`_built_from_checked`, but each type's fields built at its first use (`lazy_schema`),
    and the deferred resolver modules imported at their first use; `None` where it cannot
    be."""
    if isinstance(bindables, ResolverIndex):
        eager = [bindable for module in bindables.eager_modules() for bindable in module.bindables]
        return make_schema(document, type_names, normalize_bindables(*scalars, *eager), bindables)
    return make_schema(document, type_names, normalize_bindables(*scalars, *bindables))


def _every(bindables: Sequence[SchemaBindable] | ResolverIndex) -> Sequence[SchemaBindable]:
    """The bindables, every resolver module of an index imported."""
    return bindables.all_bindables() if isinstance(bindables, ResolverIndex) else bindables


def _collection_paused() -> contextlib.AbstractContextManager[None]:
    """No cyclic garbage collection while a schema is built: its tens of thousands of new
    objects (hundreds of thousands while SDL is parsed), most of them alive for the whole
    process, would set off collection after collection, each walking every object so far:
    two thirds of the build's time. Once built, every object alive is frozen (`_heap`): left
    to the collector, each full collection would walk the schema, the modules and the
    simulator's parts (0.1 s), and the interpreter's exit walks them several times: 0.3-0.4 s
    of CPU after the README example's answer (docs/performance.md, "First answer"). A build
    from new SDL collects its own cyclic garbage first (`build_schema`)."""
    return long_lived()


class SchemaOnce:
    """A schema built on its first use, once per process, then shared (it is immutable):
    `functools.cache` with a lock, so that two threads asking at once build it once.

    `built` says whether it has been (tests/test_first_answer.py reads it).
    """

    def __init__(self, build: Callable[[], GraphQLSchema]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._schema: GraphQLSchema | None = None
        self.__doc__ = build.__doc__
        self.__name__ = build.__name__

    @property
    def built(self) -> bool:
        return self._schema is not None

    def __call__(self) -> GraphQLSchema:
        schema = self._schema
        if schema is None:
            with self._lock:
                if self._schema is None:
                    self._schema = self._build()
                schema = self._schema
        return schema


async def execute(
    schema: GraphQLSchema | Callable[[], GraphQLSchema],
    data: dict[str, Any],
    context: RequestContext,
    *,
    query_parser: QueryParser | None = None,
    query_validator: QueryValidator | None = None,
    workers: Executor | None = None,
    deadline_seconds: float | None = None,
) -> tuple[int, dict[str, Any]]:
    """Run one operation in a worker thread; returns the HTTP status and the response body.

    `schema` may be a function giving it (a `SchemaOnce`): then it is asked for in the
    worker, so a schema built at its first request is built off the event loop.

    400 when the operation never ran (syntax, validation, limits, variables), else 200
    (with `errors` beside `data` when a resolver failed), as in the GraphQL-over-HTTP
    convention for `application/json`; 503 when it was stopped at its deadline.
    `query_parser` and `query_validator` replace graphql-core's `parse` and `validate` (the
    endpoints use them for the operation limits and the row budget).

    Parsing, validation and execution run in `workers` (the simulator's pool; the event
    loop's default executor without one), so a long operation never holds up the event
    loop: resolvers are synchronous and read SQLite. With `deadline_seconds`, the execution
    stops once that much real time has passed since the worker took it up. A remembered,
    cheap query may run on the event loop instead: `execute_inline`.
    """
    run = _runner(schema, data, context, query_parser, query_validator, deadline_seconds)
    # In a copy of the request's context (`run_in_executor` copies none, unlike
    # `asyncio.to_thread`): the operation reads the instant the request came in
    # (`Clock.pinned`), and a record it logs names the request's id (docs/security.md).
    request_context = contextvars.copy_context()
    result = await asyncio.get_running_loop().run_in_executor(workers, request_context.run, run)
    return _status_of(result), result


def execute_inline(
    schema: GraphQLSchema,
    data: dict[str, Any],
    context: RequestContext,
    *,
    query_parser: QueryParser | None = None,
    query_validator: QueryValidator | None = None,
    workers: Executor | None = None,
    deadline_seconds: float | None = None,
) -> tuple[int, dict[str, Any]] | None:
    """`execute`, run here, on the caller's thread (the event loop), for a query
    `inline_reads.inline_schema` found remembered and cheap; `None` when it asked to write
    (refused before the write began: `storage.read_only`), and must run again in `workers`
    with a fresh context. Its time counts towards the caller's use of `workers`."""
    run = _runner(schema, data, context, query_parser, query_validator, deadline_seconds)
    started = monotonic()
    result: dict[str, Any] | None = None
    with reads_only() as scope, contextlib.suppress(WriteDeferred):
        # A copy of the request's context, as in a worker: what the run sets stays in it.
        result = contextvars.copy_context().run(run)
    note_inline(workers, monotonic() - started)
    if result is None or scope.deferred:
        return None
    return _status_of(result), result


def _runner(
    schema: GraphQLSchema | Callable[[], GraphQLSchema],
    data: dict[str, Any],
    context: RequestContext,
    query_parser: QueryParser | None,
    query_validator: QueryValidator | None,
    deadline_seconds: float | None,
) -> Callable[[], dict[str, Any]]:
    """The operation's run: parse, validate and execute (on whichever thread calls it)."""

    def run() -> dict[str, Any]:
        ready = schema() if callable(schema) else schema
        execution_context: type[ExecutionContext] | None = None
        if deadline_seconds is not None:
            execution_context = deadline_execution_context(deadline_seconds)
        _, result = graphql_sync(
            ready,
            data,
            context_value=context,
            query_parser=query_parser,
            query_validator=query_validator,
            error_formatter=format_error,
            debug=False,
            logger=_ERROR_LOG,
            execution_context_class=execution_context,
        )
        return result

    return run


def _status_of(result: dict[str, Any]) -> int:
    if is_deadline_exceeded(result):
        return DEADLINE_STATUS
    return 400 if is_request_error(result) else 200


def is_deadline_exceeded(result: dict[str, Any]) -> bool:
    return any(
        (error.get("extensions") or {}).get("code") == DEADLINE_CODE
        for error in result.get("errors") or ()
    )


def is_request_error(result: dict[str, Any]) -> bool:
    """True when the operation never ran: no `data`, or null `data` with only errors raised
    before execution (syntax, validation, variable coercion, unknown operationName), which
    carry no `path`."""
    if "data" not in result:
        return True
    errors = result.get("errors") or []
    return result["data"] is None and bool(errors) and all("path" not in e for e in errors)

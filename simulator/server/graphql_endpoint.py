"""The GraphQL endpoints: Sandbox, Sandbox Testing API and Live.

Each request goes through the same steps, each failing with a JSON 4xx:

1. method POST (405 otherwise, with `Allow: POST`);
2. `Authorization: Bearer` token valid in this environment (401, saying why not); the
   Testing API takes project tokens, and user tokens for the sandbox-user operations only
   (`USER_TOKEN_FIELDS`; 403 for anything else a user token sends); with a project token,
   an optional `X-User-Id` header acts for one user (400/403);
3. `Content-Type: application/json` (415);
4. body at most 1 MiB (413), valid UTF-8 JSON (400), an object (400: no batching);
5. `query` a non-empty string, `variables` an object, `operationName` a string (400);
6. the operation itself: 400 when it cannot run, 200 with `data` (and `errors`) when it ran.

Step 6 parses with `parse_document` (documents nested deeper than 100 brackets are refused
before graphql-core's recursive parser could overflow) and, with operation limits in force,
validates with `operation_limit_validator`: the environment's complexity, depth and
top-level field limits are checked first (a 400 naming the limit, the measured value and the
maximum), graphql's own rules only when they pass. Every response of step 6 carries
`extensions.cost`: the operation's figures, the limits and the rate-limit budget left.
The rate limit itself is the edge's (`server/edge.py`), the size bounds `server/bounds.py`'s.

Every answer, error or not, carries `extensions.requestId`, the `X-Request-Id` of the access
log (`server/access_log.py`), to which the endpoint names the authenticated project and the
operation. Absolute URLs in the data (`consentUrl`) start with the public base URL
(`simulator/public_url.py`), never with the request's `Host`.

The operation runs in the simulator's worker threads (`workers`), but for a query sent before
and cheap, which runs on the event loop (`api.inline_reads` says which, docs/limits.md why),
after the row budget (an estimate of the rows it asks for, with the request's variables) and
within the execution deadline: a 400 `OPERATION_LIMIT_EXCEEDED` (`limit: rows`) before it
runs, a 503 `DEADLINE_EXCEEDED` when stopped (docs/limits.md, "Bounded work").
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLSchema,
    InlineFragmentNode,
    OperationDefinitionNode,
)
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..api import RequestContext, execute, execute_inline, inline_schema, may_run_inline
from ..domain.kernel.context import Environment, Principal
from ..exceptions import InvalidToken, SimulatorError
from ..journal.middleware import note_bearer, note_cost, note_operation_data
from ..limits import (
    DEFAULT_EXECUTION_DEADLINE_SECONDS,
    OperationCost,
    RowEstimate,
    cost_figures,
    operation_limit_validator,
    parse_document,
    row_budget_validator,
    safe_validate,
    selected_cost,
    selected_estimate,
)
from ..limits.document_memo import parse_remembered
from ..limits.runtime import Limits
from ..oauth.acting import USER_ID_HEADER, ActingRefused, act_for_user
from ..oauth.tokens import authenticate_bearer
from ..public_url import public_url_of
from ..scheduler import Scheduler
from .access_log import note_operation, note_project, request_id_of
from .due_work import mark_wrote_nothing
from .edge import rate_decision
from .public_calls import public_project, reaches_private_data
from .responses import json_error

__all__ = ["NO_PROJECT", "USER_TOKEN_FIELDS", "graphql_endpoint", "parse_query", "root_fields"]

#: The project id of a call to the unauthenticated API: no project's (ids are never empty).
NO_PROJECT = ""

#: The Testing API's root fields a user access token may call, as on the real service,
#: whose web banking lets a signed-in Sandbox user pick whom to impersonate next: read the
#: project's Sandbox users and endorse one. Scoped to the user's project, like a project
#: token's calls.
USER_TOKEN_FIELDS = frozenset(
    {"sandboxUser", "sandboxUsers", "sandboxUserById", "endorseSandboxUser", "__typename"}
)

_USER_TOKEN_REFUSED = (
    "This endpoint takes a project access token (grant_type=client_credentials), not a user "
    "access token; a user token may only call "
    + ", ".join(sorted(USER_TOKEN_FIELDS - {"__typename"}))
    + "."
)


def root_fields(query: str, operation_name: str | None) -> set[str] | None:
    """The root fields the operation `operation_name` (or the document's only one) selects,
    fragments included; `None` when the text does not parse or names no single operation."""
    try:
        document = parse_remembered(query)
    except GraphQLError:  # a syntax error, or nested too deeply (OperationLimitExceeded)
        return None
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    chosen = [
        o
        for o in operations
        if operation_name is None or (o.name and o.name.value == operation_name)
    ]
    if len(chosen) != 1:
        return None
    names: set[str] = set()
    waiting = list(chosen[0].selection_set.selections)
    seen: set[str] = set()
    while waiting:
        node = waiting.pop()
        if isinstance(node, FieldNode):
            names.add(node.name.value)
        elif isinstance(node, InlineFragmentNode):
            waiting += node.selection_set.selections
        elif isinstance(node, FragmentSpreadNode) and node.name.value not in seen:
            seen.add(node.name.value)
            fragment = fragments.get(node.name.value)
            if fragment is None:
                return None
            waiting += fragment.selection_set.selections
    return names


class BadRequest(SimulatorError):
    def __init__(self, status_code: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.code = code
        self.message = message


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise InvalidToken(
            "Malformed Authorization header: use 'Authorization: Bearer <ACCESS_TOKEN>'.",
            reason="malformed",
        )
    return token.strip()


async def read_body(request: Request) -> bytes:
    # At most 1 MiB: `RequestBounds` (server/bounds.py) refused a larger body in front.
    return await request.body()


def _not_a_json_number(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _has_lone_surrogate(data: Any) -> bool:
    """True when a string (or key) holds an unpaired UTF-16 surrogate (`"\\ud800"`): valid JSON
    syntax, but no Unicode text. Such a string could not be written back as UTF-8 JSON (an
    error message quoting it, a stored value read later), so it is refused up front."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def parse_operation(body: bytes) -> dict[str, Any]:
    try:
        # Strict JSON: NaN and Infinity are not JSON numbers.
        # UTF-8 only (RFC 8259); `json.loads(bytes)` would also take UTF-16 and UTF-32.
        data = json.loads(body.decode("utf-8-sig"), parse_constant=_not_a_json_number)
    except json.JSONDecodeError as error:  # says where: "Expecting value: line 1 column 9"
        raise BadRequest(
            400,
            "BAD_REQUEST",
            f"The body is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}.",
        ) from None
    except UnicodeDecodeError:
        raise BadRequest(400, "BAD_REQUEST", "The body is not valid UTF-8.") from None
    except RecursionError:
        raise BadRequest(400, "BAD_REQUEST", "The body's JSON is nested too deeply.") from None
    except ValueError:  # NaN, Infinity, or an integer of more than 4,300 digits
        raise BadRequest(
            400, "BAD_REQUEST", "The body is not valid JSON: a number JSON cannot carry."
        ) from None
    if _has_lone_surrogate(data):
        raise BadRequest(
            400,
            "BAD_REQUEST",
            "The body is not valid UTF-8 JSON: a string holds an unpaired surrogate escape.",
        )
    if isinstance(data, list):
        raise BadRequest(
            400,
            "BATCHING_NOT_SUPPORTED",
            "Batched operations (a JSON array) are not supported: send one operation per request.",
        )
    if not isinstance(data, dict):
        raise BadRequest(400, "BAD_REQUEST", "The body must be a JSON object with a 'query'.")
    query = data.get("query")
    if not isinstance(query, str) or not query.strip():
        raise BadRequest(400, "BAD_REQUEST", "The body needs a 'query' string.")
    variables = data.get("variables")
    if variables is not None and not isinstance(variables, dict):
        raise BadRequest(400, "BAD_REQUEST", "'variables' must be a JSON object.")
    operation_name = data.get("operationName")
    if operation_name is not None and not isinstance(operation_name, str):
        raise BadRequest(400, "BAD_REQUEST", "'operationName' must be a string.")
    return {"query": query, "variables": variables, "operationName": operation_name}


def unauthorized(error: InvalidToken, request_id: str | None = None) -> JSONResponse:
    return json_error(
        401,
        "UNAUTHENTICATED",
        error.description,
        headers={
            "WWW-Authenticate": f'Bearer error="invalid_token", error_description="{error.reason}"'
        },
        request_id=request_id,
        reason=error.reason,
    )


def parse_query(context: Any, data: dict[str, Any]) -> DocumentNode:
    """Ariadne's `query_parser`: graphql's parser behind the bracket-nesting guard (a text
    parsed before is not parsed again: `limits.document_memo`)."""
    del context
    text = data["query"]
    return parse_remembered(text) if isinstance(text, str) else parse_document(text)


def logging_parser(request: Request) -> Callable[[Any, dict[str, Any]], DocumentNode]:
    """`parse_query` that also names the operation in the access log: `operationName`, or
    the name of the document's only operation."""

    def parse(context: Any, data: dict[str, Any]) -> DocumentNode:
        document = parse_query(context, data)
        if not data.get("operationName"):
            operations = [
                node for node in document.definitions if isinstance(node, OperationDefinitionNode)
            ]
            if len(operations) == 1 and operations[0].name is not None:
                note_operation(request.scope, operations[0].name.value)
        return document

    return parse


def add_row_figures(
    figures: dict[str, Any],
    estimate: RowEstimate | None,
    budget: int | None,
    result: dict[str, Any],
) -> None:
    """`rows` (the estimate; `None` when not estimated) and `limits.rows` (the budget) in the
    `extensions.cost` figures, and `rows` among `exceeded` when the budget refused it."""
    figures["rows"] = estimate.rows if estimate else None
    figures["limits"]["rows"] = budget
    for key in ("limits", "exceeded"):  # after the measured figures, as before
        figures[key] = figures.pop(key)
    refused = any(
        (error.get("extensions") or {}).get("limit") == "rows"
        for error in result.get("errors") or ()
    )
    if refused and "rows" not in figures["exceeded"]:
        figures["exceeded"].append("rows")


def graphql_endpoint(
    environment: Environment,
    schema: Callable[[], GraphQLSchema],
    scheduler: Scheduler,
    limits: Limits | None = None,
    project_tokens_only: bool = False,
    workers: Executor | None = None,
    unauthenticated: bool = False,
) -> Callable[[Request], Any]:
    """The endpoint of one schema in one environment; `limits` gives the operation limits,
    the row budget and the deadline (read at each request, so a changed `limits.json`
    applies at once) and the rate decision reported in `extensions.cost`. With
    `project_tokens_only` (the Testing API), a user access token is refused with a 403 unless
    its operation calls `USER_TOKEN_FIELDS` only. Operations run in `workers` (the
    simulator's pool). An `unauthenticated` endpoint reads no token: it calls as no project
    (its resolvers find each resource by its own id). `schema` gives the schema (built at the
    first request that asks, in a worker: `api.SchemaOnce`)."""
    endpoint = _Endpoint(
        environment, schema, scheduler, limits, project_tokens_only, workers, unauthenticated
    )
    # A bound method: Starlette's Route treats a callable object as a raw ASGI app.
    return endpoint.answer


@dataclass(frozen=True)
class _Endpoint:
    """One endpoint's steps (see the module docstring), each answering its own 4xx."""

    environment: Environment
    schema: Callable[[], GraphQLSchema]
    scheduler: Scheduler
    limits: Limits | None
    project_tokens_only: bool
    workers: Executor | None
    unauthenticated: bool = False

    async def answer(self, request: Request) -> Response:
        request_id = request_id_of(request.scope)
        if request.method != "POST":
            return json_error(
                405,
                "METHOD_NOT_ALLOWED",
                "Send GraphQL operations with POST.",
                headers={"Allow": "POST"},
                request_id=request_id,
            )
        principal = self._principal(request, request_id)
        if isinstance(principal, Response) and not self._may_be_public(request):
            return principal
        data = await _operation(request, request_id)
        if isinstance(data, Response):
            # Without a token, no readable operation is no public call: the 401 stands.
            return principal if isinstance(principal, Response) else data
        if isinstance(principal, Response):
            public = self._public_principal(request, data, request_id)
            if public is None:
                return principal  # the 401: not only public fields
            if isinstance(public, Response):
                return public
            principal = public
        if self.project_tokens_only and principal.user_id is not None:
            fields = root_fields(data["query"], data["operationName"])
            if fields is None or not fields <= USER_TOKEN_FIELDS:
                return json_error(403, "FORBIDDEN", _USER_TOKEN_REFUSED, request_id=request_id)
        note_operation(request.scope, data["operationName"])
        note_operation_data(request.scope, data)
        status, result = await self._run(request, principal, data)
        if request_id is not None:
            result.setdefault("extensions", {})["requestId"] = request_id
        return JSONResponse(result, status_code=status)

    def _may_be_public(self, request: Request) -> bool:
        """Whether a tokenless request may still be a public call (`public_calls.py`): on
        the partner API, without any `Authorization` header."""
        return (
            not self.unauthenticated
            and not self.project_tokens_only
            and "authorization" not in request.headers
        )

    def _public_principal(
        self, request: Request, data: dict[str, Any], request_id: str | None
    ) -> Principal | Response | None:
        """The project a tokenless operation of public fields runs as; a 403 when its
        selection leads to the project's private data; `None` when it is no public call."""
        project = public_project(
            self.environment, data["query"], data["operationName"], data["variables"]
        )
        if project is None:
            return None
        # The partner schema is built by then in all but a fresh process's first call, which
        # builds it here (`SchemaOnce`: once, whoever asks first).
        private = reaches_private_data(self.schema(), parse_remembered(data["query"]))
        if private is not None:
            return json_error(
                403,
                "FORBIDDEN",
                f"{private} is not served without a token: send a project or user access token.",
                request_id=request_id,
            )
        if project:
            note_project(request.scope, project)
        return Principal(self.environment.name, project)

    def _principal(self, request: Request, request_id: str | None) -> Principal | Response:
        """Who calls: the bearer token's project or user (or the user a project acts for);
        no project at all on the unauthenticated API, whatever the headers say."""
        if self.unauthenticated:
            return Principal(self.environment.name, NO_PROJECT)
        try:
            principal = authenticate_bearer(
                self.environment,
                bearer_token(request),
                functools.partial(note_bearer, request.scope),
            )
        except InvalidToken as error:
            return unauthorized(error, request_id)
        note_project(request.scope, principal.project_id)
        try:
            # A project token may act for one user (the simulator's stand-in header).
            return act_for_user(self.environment, principal, request.headers.get(USER_ID_HEADER))
        except ActingRefused as error:
            code = "FORBIDDEN" if error.status == 403 else "BAD_REQUEST"
            return json_error(error.status, code, error.description, request_id=request_id)

    async def _run(
        self, request: Request, principal: Principal, data: dict[str, Any]
    ) -> tuple[int, dict[str, Any]]:
        """Run the operation under the limits, the row budget and the deadline: a
        remembered, cheap query on the event loop (`api.inline_reads`), anything else in the
        workers (and a query that asked to write there, again); `extensions.cost` reports
        the figures."""
        inline = inline_schema(self.schema, data) if may_run_inline(self.workers) else None
        if inline is not None:
            answered = await self._attempt(request, principal, data, inline)
            if answered is not None:
                mark_wrote_nothing(request.scope)  # read-only: no due work made (`due_work`)
                return answered
        answered = await self._attempt(request, principal, data, None)
        assert answered is not None  # only a run on the event loop is deferred
        return answered

    async def _attempt(
        self,
        request: Request,
        principal: Principal,
        data: dict[str, Any],
        inline: GraphQLSchema | None,
    ) -> tuple[int, dict[str, Any]] | None:
        """One run of the operation, each with its own context and figures: on the event
        loop with `inline` (`None` when it asked to write), else in the workers."""
        limits = self.limits
        context = RequestContext(
            self.environment, principal, public_url_of(request), self.scheduler, limits=limits
        )
        settings = limits.settings if limits else None
        operation_limits = settings.operation_limits(self.environment.name) if settings else None
        costs: list[OperationCost] = []
        validator = (
            operation_limit_validator(operation_limits, on_measure=costs.extend)
            if operation_limits is not None
            else safe_validate
        )
        estimates: list[RowEstimate] = []
        row_budget = settings.row_budget if settings else None
        if row_budget is not None:
            validator = row_budget_validator(
                validator, row_budget, data["variables"], on_estimate=estimates.extend
            )
        deadline = (
            settings.execution_deadline_seconds if settings else DEFAULT_EXECUTION_DEADLINE_SECONDS
        )
        if inline is None:
            answered: tuple[int, dict[str, Any]] | None = await execute(
                self.schema,
                data,
                context,
                query_parser=logging_parser(request),
                query_validator=validator,
                workers=self.workers,
                deadline_seconds=deadline,
            )
        else:
            answered = execute_inline(
                inline,
                data,
                context,
                query_parser=logging_parser(request),
                query_validator=validator,
                workers=self.workers,
                deadline_seconds=deadline,
            )
        if answered is None:
            return None
        status, result = answered
        if operation_limits is not None:
            name = data["operationName"]
            figures = cost_figures(selected_cost(costs, name), operation_limits, name)
            add_row_figures(figures, selected_estimate(estimates, name), row_budget, result)
            decision = rate_decision(request.scope)
            figures["rateLimit"] = decision.as_extension() if decision else None
            result.setdefault("extensions", {})["cost"] = figures
            note_cost(request.scope, figures)
        return status, result


async def _operation(request: Request, request_id: str | None) -> dict[str, Any] | Response:
    """The JSON body's operation (`query`, `variables`, `operationName`), or its 4xx."""
    try:
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/json":
            raise BadRequest(
                415, "UNSUPPORTED_MEDIA_TYPE", "Send the operation as application/json."
            )
        return parse_operation(await read_body(request))
    except BadRequest as error:
        headers = {"Connection": "close"} if error.status_code == 413 else None
        return json_error(
            error.status_code, error.code, error.message, headers, request_id=request_id
        )

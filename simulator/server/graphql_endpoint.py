"""The GraphQL endpoints: Sandbox, Sandbox Testing API and Live.

Each request goes through the same steps, each failing with a JSON 4xx:

1. method POST (405 otherwise, with `Allow: POST`);
2. `Authorization: Bearer` token valid in this environment (401, saying why not);
   with a project token, an optional `X-User-Id` header acts for one user (400/403);
3. `Content-Type: application/json` (415);
4. body at most 1 MiB (413), valid UTF-8 JSON (400), an object (400: no batching);
5. `query` a non-empty string, `variables` an object, `operationName` a string (400);
6. the operation itself: 400 when it cannot run, 200 with `data` (and `errors`) when it ran.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from graphql import GraphQLSchema
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..api import RequestContext, execute
from ..domain.context import Environment
from ..exceptions import InvalidToken
from ..oauth.acting import USER_ID_HEADER, ActingRefused, act_for_user
from ..oauth.tokens import authenticate_bearer
from ..scheduler import Scheduler
from .responses import json_error

__all__ = ["MAX_BODY_BYTES", "graphql_endpoint"]

MAX_BODY_BYTES = 1024 * 1024


class BadRequest(Exception):
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
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise BadRequest(
            413, "PAYLOAD_TOO_LARGE", f"The body is larger than {MAX_BODY_BYTES} bytes."
        )
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY_BYTES:
            raise BadRequest(
                413, "PAYLOAD_TOO_LARGE", f"The body is larger than {MAX_BODY_BYTES} bytes."
            )
    return bytes(body)


def parse_operation(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise BadRequest(400, "BAD_REQUEST", "The body is not valid UTF-8 JSON.") from None
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


def unauthorized(error: InvalidToken) -> JSONResponse:
    return json_error(
        401,
        "UNAUTHENTICATED",
        error.description,
        headers={
            "WWW-Authenticate": f'Bearer error="invalid_token", error_description="{error.reason}"'
        },
        reason=error.reason,
    )


def graphql_endpoint(
    environment: Environment,
    schema: GraphQLSchema,
    scheduler: Scheduler,
    validation_rules: Callable[[Environment], Any] | None = None,
) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        if request.method != "POST":
            return json_error(
                405,
                "METHOD_NOT_ALLOWED",
                "Send GraphQL operations with POST.",
                headers={"Allow": "POST"},
            )
        try:
            principal = authenticate_bearer(environment, bearer_token(request))
        except InvalidToken as error:
            return unauthorized(error)
        try:
            # A project token may act for one user (the simulator's stand-in header).
            principal = act_for_user(environment, principal, request.headers.get(USER_ID_HEADER))
        except ActingRefused as error:
            code = "FORBIDDEN" if error.status == 403 else "BAD_REQUEST"
            return json_error(error.status, code, error.description)
        try:
            content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if content_type != "application/json":
                raise BadRequest(
                    415, "UNSUPPORTED_MEDIA_TYPE", "Send the operation as application/json."
                )
            data = parse_operation(await read_body(request))
        except BadRequest as error:
            return json_error(error.status_code, error.code, error.message)
        context = RequestContext(
            environment, principal, str(request.base_url).rstrip("/"), scheduler
        )
        rules = validation_rules(environment) if validation_rules else None
        status, result = await execute(schema, data, context, validation_rules=rules)
        return JSONResponse(result, status_code=status)

    return endpoint

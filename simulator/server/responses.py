"""JSON error bodies for every HTTP-level failure, so no client ever sees a bare text page."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

__all__ = ["REQUEST_ID_SCOPE_KEY", "http_error", "json_error", "unexpected_error"]

logger = logging.getLogger("simulator.server")

#: Where `AccessLog` keeps the request's id in the scope.
REQUEST_ID_SCOPE_KEY = "simulator.request_id"


def json_error(
    status_code: int,
    code: str,
    message: str,
    headers: Mapping[str, str] | None = None,
    *,
    request_id: str | None = None,
    **extra: Any,
) -> JSONResponse:
    """`{"errors": [{"message", "extensions": {"code"}}]}`: the GraphQL error shape, used for
    HTTP-level failures too, so a client parses one shape whatever went wrong. With
    `request_id`, the body also carries `extensions.requestId` (the `X-Request-Id`)."""
    body: dict[str, Any] = {"errors": [{"message": message, "extensions": {"code": code, **extra}}]}
    if request_id is not None:
        body["extensions"] = {"requestId": request_id}
    return JSONResponse(body, status_code=status_code, headers=headers)


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's 404 and 405 (and the edge's 413 raised while reading a body) as JSON."""
    assert isinstance(exc, HTTPException)
    codes = {
        400: "BAD_REQUEST",
        404: "NOT_FOUND",
        405: "METHOD_NOT_ALLOWED",
        413: "PAYLOAD_TOO_LARGE",
    }
    # The raw path of the scope, not `request.url.path`: Starlette 1.0 rebuilds the whole URL
    # for it, and a hostile path (`/x/}[`) made that raise instead of answering this 404.
    message = {
        404: f"Nothing at {request.scope['path']}.",
        405: f"{request.method} is not allowed on {request.scope['path']}.",
    }.get(exc.status_code, str(exc.detail))
    request_id: Any = request.scope.get(REQUEST_ID_SCOPE_KEY)
    return json_error(
        exc.status_code,
        codes.get(exc.status_code, "HTTP_ERROR"),
        message,
        headers=exc.headers,
        request_id=request_id if isinstance(request_id, str) else None,
    )


async def unexpected_error(request: Request, exc: Exception) -> Response:
    """A bug: logged with its trace for the maintainers, never echoed to the client.

    Only for an app without `AccessLog` (which catches, logs and answers bugs first)."""
    logger.error("Unexpected error on %s %s", request.method, request.scope["path"], exc_info=exc)
    return json_error(500, "INTERNAL_SERVER_ERROR", "Unexpected error.")

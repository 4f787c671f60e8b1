"""The HTTP edge: what every request meets before any endpoint, whatever its address.

`EdgeMiddleware` (pure ASGI) does, in this order:

1. **Counts the request** for its client IP and endpoint (`simulator.limits.rate_limit`):
   over the budget it answers **429** with `Retry-After`; every response carries
   `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`.
2. **Bounds the request**: a URL over 8 KiB answers **414**, headers over 16 KiB **431**,
   a body over 1 MiB **413** (declared by `Content-Length`: refused unread; or found while
   reading), with `Connection: close` so that the rest of the body is never read.
3. **Refuses browsers**: no response ever carries an `Access-Control-*` header, so a
   cross-origin `fetch()` from a web page fails with a CORS error, as the specification
   says (section 1). Preflight `OPTIONS` requests reach the routes, which answer them with
   a JSON 405 (the GraphQL endpoints with `Allow: POST`), without CORS headers.

The endpoint a request counts for is its route: each GraphQL address, `/oauth2/token`, `/`
... on its own, except that `/oauth2/auth` and every page below it count as one endpoint,
the specification's `{auth_url}/auth`. Requests to no route share one counter, `*`.

The client IP is the connection's peer address; with `trust_forwarded_for` it is the
right-most address of `X-Forwarded-For` (the one the trusted proxy appended).
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
from collections.abc import Mapping
from typing import Any, Final
from urllib.parse import parse_qs, unquote

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, Response
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..domain.context import Environment
from ..domain.rate_limits import rate_limit_for_client, rate_limit_for_token_hash
from ..environments import EnvironmentName
from ..exceptions import SimulatorError
from ..limits.rate_limit import RateDecision
from ..limits.runtime import Limits
from ..oauth.tokens import hash_token
from .access_log import request_id_of
from .responses import json_error

__all__ = [
    "GROUPED_ENDPOINTS",
    "MAX_BODY_BYTES",
    "MAX_HEADER_BYTES",
    "MAX_URL_BYTES",
    "RATE_LIMIT_SCOPE_KEY",
    "EdgeMiddleware",
    "client_address",
    "endpoint_of",
]

MAX_BODY_BYTES: Final = 1024 * 1024
MAX_URL_BYTES: Final = 8 * 1024
MAX_HEADER_BYTES: Final = 16 * 1024

#: Where the rate decision is left for the endpoints (the GraphQL ones report it).
RATE_LIMIT_SCOPE_KEY: Final = "simulator.rate_limit"

#: Paths counted as one endpoint with everything below them.
GROUPED_ENDPOINTS: Final = ("/oauth2/auth",)

_UNROUTED: Final = "*"
_FORM: Final = b"application/x-www-form-urlencoded"


def endpoint_of(scope: Scope) -> str:
    """The endpoint a request is counted for: its group, its route's path, or `*`."""
    path: str = scope["path"]
    for prefix in GROUPED_ENDPOINTS:
        if path == prefix or path.startswith(prefix + "/"):
            return prefix
    router = getattr(scope.get("app"), "router", None)
    for route in getattr(router, "routes", ()):
        match, _ = route.matches(scope)
        if match is not Match.NONE:
            return str(getattr(route, "path", path))
    return _UNROUTED


def client_address(scope: Scope, *, trust_forwarded_for: bool) -> str:
    """The client IP: the peer, or the right-most valid `X-Forwarded-For` address if trusted."""
    peer = scope.get("client")
    address = str(peer[0]) if peer else "unknown"
    if trust_forwarded_for:
        values = [value for name, value in scope["headers"] if name == b"x-forwarded-for"]
        if values:
            last = b",".join(values).decode("latin-1").rsplit(",", 1)[-1].strip()
            try:
                return str(ipaddress.ip_address(last))
            except ValueError:
                pass  # not an address: count the peer
    return address


def _basic_credentials(value: bytes) -> tuple[str, str] | None:
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    client_id, separator, secret = decoded.partition(":")
    if not separator:
        return None
    # RFC 6749 section 2.3.1: both parts are form-urlencoded before Basic encoding.
    return unquote(client_id.replace("+", " ")), unquote(secret.replace("+", " "))


def _form_value(body: bytes, name: str) -> str | None:
    """The first value of `name` in a form-encoded body, if any."""
    try:
        values = parse_qs(body.decode("latin-1"), max_num_fields=1000).get(name)
    except ValueError:  # more fields than that: no credentials worth looking up
        return None
    return values[0] if values else None


#: On a 413: the rest of the body is not worth reading, so the server closes the connection
#: after the answer (otherwise it would read and drop a chunked body that never ends).
_CLOSE: Final = {"Connection": "close"}


class _BodyTooLarge(HTTPException, SimulatorError):
    def __init__(self) -> None:
        super().__init__(413, f"The body is larger than {MAX_BODY_BYTES} bytes.", headers=_CLOSE)


class EdgeMiddleware:
    """Rate limit, size bounds and the no-CORS rule, for every HTTP request of the app."""

    def __init__(
        self,
        app: ASGIApp,
        limits: Limits,
        environments: Mapping[EnvironmentName, Environment],
    ) -> None:
        self.app = app
        self.limits = limits
        self.environments = environments

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])  # the last of repeated headers wins
        body: bytes | None = None
        too_large = _declared_too_large(headers)

        decision: RateDecision | None = None
        rate = self.limits.settings.rate_limit
        if rate is not None:
            endpoint = endpoint_of(scope)
            client = client_address(scope, trust_forwarded_for=self.limits.trust_forwarded_for)
            # A body declared too large is refused unread, even where a client_id could be in it.
            project, body, body_too_large = await self._project(
                scope, headers, receive, read_body=not too_large
            )
            too_large = too_large or body_too_large
            decision = self.limits.rate_limiter.hit(
                client,
                endpoint,
                rate,
                requests=project[1] if project else None,
                project=project[0] if project else None,
            )
            scope[RATE_LIMIT_SCOPE_KEY] = decision
        extra = [
            (k.lower().encode(), v.encode())
            for k, v in (decision.headers() if decision else {}).items()
        ]

        async def send_edge(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if not name.lower().startswith(b"access-control-")
                ]
                message = {**message, "headers": kept + extra}
            await send(message)

        refusal = self._refusal(scope, headers, decision, too_large)
        if refusal is not None:
            await refusal(scope, receive, send_edge)
            return
        try:
            await self.app(scope, _capped(receive, body), send_edge)
        except ClientDisconnect:
            # The client left before sending its whole body: nobody to answer, no bug to log.
            return

    async def _project(
        self, scope: Scope, headers: dict[bytes, bytes], receive: Receive, *, read_body: bool
    ) -> tuple[tuple[str, int] | None, bytes | None, bool]:
        """The project with its own rate limit that the request is *authenticated* as, if any
        (a live bearer token, or a client_id with its secret); and the body, when it had to
        be read for the form's credentials (with whether it was too large). A client_id
        without its secret selects nothing (see `domain.rate_limits`)."""
        authorization = headers.get(b"authorization", b"")
        scheme, _, value = authorization.partition(b" ")
        scheme = scheme.lower()
        credentials: tuple[str, str] | None = None
        body: bytes | None = None
        too_large = False
        if scheme == b"bearer" and value.strip():
            token = value.strip().decode("latin-1")
            environment = self._environment_of(token)
            if environment is None:
                return None, None, False
            found = rate_limit_for_token_hash(environment, hash_token(token))
            return _bucket(environment, found), None, False
        if scheme == b"basic":
            credentials = _basic_credentials(value)
        elif (
            read_body
            and scope["path"] == "/oauth2/token"
            and scope["method"] == "POST"
            and headers.get(b"content-type", b"").startswith(_FORM)
        ):
            body, too_large = await _read_body(receive)
            if not too_large:
                client_id = _form_value(body, "client_id")
                secret = _form_value(body, "client_secret")
                credentials = (client_id, secret) if client_id and secret else None
        if credentials is None:
            return None, body, too_large
        environment = self._environment_of(credentials[0])
        if environment is None:
            return None, body, too_large
        found = rate_limit_for_client(environment, *credentials)
        return _bucket(environment, found), body, too_large

    def _environment_of(self, credential: str) -> Environment | None:
        name = EnvironmentName.of_credential(credential)
        return self.environments.get(name) if name is not None else None

    def _refusal(
        self,
        scope: Scope,
        headers: dict[bytes, bytes],
        decision: RateDecision | None,
        too_large: bool,
    ) -> Response | None:
        request_id = request_id_of(scope)
        if decision is not None and not decision.allowed:
            return _rate_limited(scope, decision)
        url_bytes = len(scope.get("raw_path") or scope["path"].encode()) + len(
            scope.get("query_string", b"")
        )
        if url_bytes > MAX_URL_BYTES:
            return json_error(
                414,
                "URI_TOO_LONG",
                f"The URL is longer than {MAX_URL_BYTES} bytes.",
                request_id=request_id,
            )
        if sum(len(name) + len(value) for name, value in scope["headers"]) > MAX_HEADER_BYTES:
            return json_error(
                431,
                "HEADERS_TOO_LARGE",
                f"The request headers are larger than {MAX_HEADER_BYTES} bytes.",
                request_id=request_id,
            )
        if too_large:
            return json_error(
                413,
                "PAYLOAD_TOO_LARGE",
                f"The body is larger than {MAX_BODY_BYTES} bytes.",
                headers=_CLOSE,
                request_id=request_id,
            )
        return None


def _bucket(environment: Environment, found: tuple[str, int] | None) -> tuple[str, int] | None:
    return (f"{environment.name.value}:{found[0]}", found[1]) if found else None


def _declared_too_large(headers: dict[bytes, bytes]) -> bool:
    declared = headers.get(b"content-length", b"")
    return declared.isdigit() and int(declared) > MAX_BODY_BYTES


async def _read_body(receive: Receive) -> tuple[bytes, bool]:
    """The whole body, or what was read when it passed the cap (and `True`)."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return bytes(body), False
        body.extend(message.get("body", b""))
        if len(body) > MAX_BODY_BYTES:
            return bytes(body), True
        if not message.get("more_body", False):
            return bytes(body), False


def _capped(receive: Receive, body: bytes | None) -> Receive:
    """`receive` that replays an already read body, and stops a body passing the cap with a
    413 (raised into the endpoint, answered as JSON by the app's `HTTPException` handler)."""
    replay = body
    total = 0

    async def capped_receive() -> Message:
        nonlocal replay, total
        if replay is not None:
            message: Message = {"type": "http.request", "body": replay, "more_body": False}
            replay = None
            return message
        message = await receive()
        if message["type"] == "http.request":
            total += len(message.get("body", b""))
            if total > MAX_BODY_BYTES:
                raise _BodyTooLarge()
        return message

    return capped_receive


def _rate_limited(scope: Scope, decision: RateDecision) -> Response:
    message = (
        f"Too many requests: more than {decision.limit} requests to {decision.endpoint} "
        f"in {decision.window_seconds} seconds from this client. "
        f"Retry in {decision.reset_seconds} seconds."
    )
    headers = {"Cache-Control": "no-store"}
    if scope["path"].startswith("/oauth2/"):
        # The OAuth server's error shape (RFC 6749 section 5.2) on its own addresses.
        return JSONResponse(
            {
                "error": "rate_limit_exceeded",
                "error_description": message,
                "retry_after": decision.reset_seconds,
            },
            status_code=429,
            headers=headers,
        )
    return json_error(
        429,
        "RATE_LIMIT_EXCEEDED",
        message,
        headers=headers,
        request_id=request_id_of(scope),
        endpoint=decision.endpoint,
        limit=decision.limit,
        windowSeconds=decision.window_seconds,
        retryAfter=decision.reset_seconds,
    )


def rate_decision(scope: Scope) -> RateDecision | None:
    """The rate decision the edge left for this request (`None` without a rate limit)."""
    decision: Any = scope.get(RATE_LIMIT_SCOPE_KEY)
    return decision if isinstance(decision, RateDecision) else None

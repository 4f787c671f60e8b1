"""The HTTP edge: what every request meets before any endpoint, whatever its address.

`EdgeMiddleware` (pure ASGI) does, in this order:

1. **Counts the request** for its client IP and endpoint (`simulator.limits.rate_limit`):
   over the budget it answers **429** with `Retry-After`; every response carries
   `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`.
2. **Refuses browsers**: no API response ever carries an `Access-Control-*` header, so a
   cross-origin `fetch()` from a web page fails with a CORS error, as the specification
   says (section 1). Preflight `OPTIONS` requests reach the routes, which answer them with
   a JSON 405 (the GraphQL endpoints with `Allow: POST`), without CORS headers. The one
   exception is a supporting document's upload URL (`files.py`), which stands for the
   storage URL the onboarding app posts files to from the page.

The size bounds (414, 431, 413) are not here: `RequestBounds` (`bounds.py`) answers them in
front of this middleware, before any request is counted, so the body a route (or this
middleware, for a form's credentials) reads is never over 1 MiB.

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

from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, Response
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..domain.kernel.context import Environment
from ..domain.kernel.rate_limits import rate_limit_for_client, rate_limit_for_token_hash
from ..environments import EnvironmentName
from ..limits.rate_limit import RateDecision
from ..limits.runtime import Limits
from ..oauth.tokens import hash_token
from .access_log import request_id_of
from .responses import json_error

__all__ = [
    "GROUPED_ENDPOINTS",
    "RATE_LIMIT_SCOPE_KEY",
    "EdgeMiddleware",
    "client_address",
    "endpoint_of",
]

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


_SUPPORTING_UPLOAD = "/supporting-document-uploads/"


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

        decision: RateDecision | None = None
        rate = self.limits.settings.rate_limit
        if rate is not None:
            endpoint = endpoint_of(scope)
            client = client_address(scope, trust_forwarded_for=self.limits.trust_forwarded_for)
            project, body = await self._project(scope, headers, receive)
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

        # A supporting document's upload URL stands for a storage URL, not the API: the
        # browser posts files there (`files.py`), so its CORS headers stay.
        storage = _SUPPORTING_UPLOAD in str(scope.get("path", ""))

        async def send_edge(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if storage or not name.lower().startswith(b"access-control-")
                ]
                message = {**message, "headers": kept + extra}
            await send(message)

        if decision is not None and not decision.allowed:
            await _rate_limited(scope, decision)(scope, receive, send_edge)
            return
        try:
            await self.app(scope, _replayed(receive, body), send_edge)
        except ClientDisconnect:
            # The client left before sending its whole body: nobody to answer, no bug to log.
            return

    async def _project(
        self, scope: Scope, headers: dict[bytes, bytes], receive: Receive
    ) -> tuple[tuple[str, int] | None, bytes | None]:
        """The project with its own rate limit that the request is *authenticated* as, if any
        (a live bearer token, or a client_id with its secret); and the body, when it had to
        be read for the form's credentials (`RequestBounds` bounded it already). A client_id
        without its secret selects nothing (see `domain.rate_limits`)."""
        authorization = headers.get(b"authorization", b"")
        scheme, _, value = authorization.partition(b" ")
        scheme = scheme.lower()
        credentials: tuple[str, str] | None = None
        body: bytes | None = None
        if scheme == b"bearer" and value.strip():
            token = value.strip().decode("latin-1")
            environment = self._environment_of(token)
            if environment is None:
                return None, None
            found = rate_limit_for_token_hash(environment, hash_token(token))
            return _bucket(environment, found), None
        if scheme == b"basic":
            credentials = _basic_credentials(value)
        elif (
            scope["path"] == "/oauth2/token"
            and scope["method"] == "POST"
            and headers.get(b"content-type", b"").startswith(_FORM)
        ):
            body = await _read_body(receive)
            client_id = _form_value(body, "client_id")
            secret = _form_value(body, "client_secret")
            credentials = (client_id, secret) if client_id and secret else None
        if credentials is None:
            return None, body
        environment = self._environment_of(credentials[0])
        if environment is None:
            return None, body
        found = rate_limit_for_client(environment, *credentials)
        return _bucket(environment, found), body

    def _environment_of(self, credential: str) -> Environment | None:
        name = EnvironmentName.of_credential(credential)
        return self.environments.get(name) if name is not None else None


def _bucket(environment: Environment, found: tuple[str, int] | None) -> tuple[str, int] | None:
    return (f"{environment.name.value}:{found[0]}", found[1]) if found else None


async def _read_body(receive: Receive) -> bytes:
    """The whole body (bounded in front by `RequestBounds`)."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return bytes(body)
        body.extend(message.get("body", b""))
        if not message.get("more_body", False):
            return bytes(body)


def _replayed(receive: Receive, body: bytes | None) -> Receive:
    """`receive` that replays an already read body first."""
    replay = body

    async def replaying_receive() -> Message:
        nonlocal replay
        if replay is not None:
            message: Message = {"type": "http.request", "body": replay, "more_body": False}
            replay = None
            return message
        return await receive()

    return replaying_receive


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

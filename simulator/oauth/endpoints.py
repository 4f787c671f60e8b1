"""The OAuth 2.0 HTTP endpoints under `{auth_url}` = `/oauth2`.

`POST /oauth2/token` reads a form body (form-encoded or multipart), authenticates the client
(body or HTTP Basic), picks the environment from the client_id prefix and dispatches on
`grant_type`.
Errors follow RFC 6749 section 5.2: a JSON body with `error` and `error_description`.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any
from urllib.parse import unquote

from python_multipart.multipart import parse_options_header
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..domain.kernel.context import Environment
from ..domain.kernel.projects import authenticate_client
from ..environments import EnvironmentName
from ..exceptions import InvalidClient, SimulatorError
from ..public_url import public_url_of
from .tokens import issue_project_token

__all__ = ["Grant", "OAuthError", "TokenRequest", "description_text", "echo", "token_endpoint"]

_NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}
#: RFC 6749 sections 4.1.2.1 and 5.2: `error_description` is ASCII %x20-21 / %x23-5B / %x5D-7E.
_NOT_IN_DESCRIPTION = re.compile(r"[^\x20-\x21\x23-\x5b\x5d-\x7e]")
_MAX_ECHO = 40


def description_text(text: str) -> str:
    """`text` as an RFC 6749 `error_description` may carry it (other characters become `?`)."""
    return _NOT_IN_DESCRIPTION.sub("?", text)


def echo(value: str) -> str:
    """A value the client sent, quoted in an error description: short, and only characters
    an `error_description` may carry (the client's input is never reflected whole)."""
    shown = value if len(value) <= _MAX_ECHO else value[: _MAX_ECHO - 3] + "..."
    return f"'{description_text(shown)}'"


class OAuthError(SimulatorError):
    """An RFC 6749 section 5.2 error response."""

    def __init__(self, error: str, description: str, status_code: int = 400) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.status_code = status_code

    def response(self, headers: dict[str, str] | None = None) -> JSONResponse:
        return JSONResponse(
            {"error": self.error, "error_description": description_text(self.description)},
            status_code=self.status_code,
            headers={**_NO_STORE, **(headers or {})},
        )


class TokenRequest:
    """A token request after client identification: the form and the client's environment."""

    def __init__(
        self,
        form: FormData,
        environment: Environment,
        client_id: str,
        client_secret: str | None,
        issuer: str = "http://localhost:8000/oauth2",
    ) -> None:
        self.form = form
        self.environment = environment
        self.client_id = client_id
        self.client_secret = client_secret
        #: `{auth_url}` as the client reached it: the `iss` of id_tokens.
        self.issuer = issuer

    def param(self, name: str, *, required: bool = True) -> str | None:
        values = self.form.getlist(name)
        if len(values) > 1:
            raise OAuthError("invalid_request", f"Parameter {name!r} is repeated.")
        value = values[0] if values else None
        if value is not None and not isinstance(value, str):
            raise OAuthError("invalid_request", f"Parameter {name!r} must be a plain form value.")
        if required and not value:
            raise OAuthError("invalid_request", f"Missing parameter {name!r}.")
        return value

    def authenticated_project(self) -> dict[str, Any]:
        """The client's project, checked with its secret; 401 `invalid_client` otherwise."""
        if not self.client_secret:
            raise OAuthError("invalid_client", "Missing client_secret.", 401)
        try:
            return authenticate_client(self.environment, self.client_id, self.client_secret)
        except InvalidClient as error:
            raise OAuthError("invalid_client", error.description, 401) from None


Grant = Callable[[TokenRequest], dict[str, Any] | Awaitable[dict[str, Any]]]


def client_credentials_grant(request: TokenRequest) -> dict[str, Any]:
    # One transaction: the project cannot vanish (a reset from the CLI, say) between the
    # check of its secret and the token's insertion.
    with request.environment.store.atomic():
        project = request.authenticated_project()
        return issue_project_token(request.environment, project)


def _basic_credentials(request: Request) -> tuple[str, str] | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "basic" or not value:
        return None
    try:
        # A header is Latin-1 text: a non-ASCII character is no base64 (ValueError).
        decoded = base64.b64decode(value.strip().encode("ascii"), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeError, ValueError):
        raise OAuthError("invalid_client", "Malformed HTTP Basic credentials.", 401) from None
    client_id, separator, secret = decoded.partition(":")
    if not separator:
        raise OAuthError("invalid_client", "Malformed HTTP Basic credentials.", 401)
    # RFC 6749 section 2.3.1: both parts are form-urlencoded before Basic encoding.
    return unquote(client_id.replace("+", " ")), unquote(secret.replace("+", " "))


#: The body types `/oauth2/token` reads: RFC 6749's form encoding, and multipart as the real
#: service also accepts it (what `curl -F` and many HTTP clients send by default).
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


async def _read_form(request: Request) -> FormData:
    """The token request's parameters, from either body type; `invalid_request` otherwise."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type not in FORM_TYPES:
        raise OAuthError(
            "invalid_request",
            "The token endpoint takes a form body (Content-Type: "
            "application/x-www-form-urlencoded or multipart/form-data).",
        )
    if content_type == "multipart/form-data":
        await _check_multipart_is_whole(request)
    try:
        # No file parts: a token request is plain fields, and a file would be spooled first.
        return await request.form(max_files=0)
    except (HTTPException, ValueError) as error:  # Starlette's parsers: bad boundary, ...
        # Starlette 1.0 lets python-multipart's own parse error (a ValueError) through.
        detail = str(error.detail) if isinstance(error, HTTPException) else "unreadable multipart"
        if detail.startswith("Too many files"):
            detail = "a token request carries plain fields, not file parts."
        raise OAuthError("invalid_request", f"Malformed form body: {detail}") from None


async def _check_multipart_is_whole(request: Request) -> None:
    """Refuse a multipart body without its closing delimiter: the parser would drop the cut
    part silently, and the client would hear about a missing parameter it did send."""
    _, options = parse_options_header(request.headers["content-type"])
    boundary = options.get(b"boundary")
    if not boundary:
        return  # the parser names this one itself
    if b"--" + boundary + b"--" not in await request.body():
        raise OAuthError(
            "invalid_request", "Malformed form body: the multipart body has no closing boundary."
        )


def token_endpoint(
    environments: dict[EnvironmentName, Environment], grants: Mapping[str, Grant]
) -> Callable[..., Any]:
    """The `/oauth2/token` endpoint, answering the `grant_type`s of `grants` (the simulator
    passes `client_credentials` and the user flows of `grants.USER_GRANTS`)."""

    async def endpoint(request: Request) -> Response:
        used_basic = False
        try:
            form = await _read_form(request)
            basic = _basic_credentials(request)
            used_basic = basic is not None
            body_id = form.get("client_id")
            body_secret = form.get("client_secret")
            for name in ("client_id", "client_secret"):
                if len(form.getlist(name)) > 1:  # RFC 6749 section 3.2: never twice
                    raise OAuthError("invalid_request", f"Parameter {name!r} is repeated.")
            if basic and (body_secret or (body_id and body_id != basic[0])):
                raise OAuthError(
                    "invalid_request", "Send client credentials in one place: Basic or the body."
                )
            client_id, client_secret = basic or (body_id, body_secret)
            if not isinstance(client_id, str) or not client_id:
                raise OAuthError("invalid_client", "Missing client_id.", 401)
            environment = EnvironmentName.of_credential(client_id)
            if environment is None or environment not in environments:
                raise OAuthError("invalid_client", "Unknown client_id.", 401)
            token_request = TokenRequest(
                form,
                environments[environment],
                client_id,
                client_secret if isinstance(client_secret, str) else None,
                issuer=public_url_of(request) + "/oauth2",
            )
            grant_type = token_request.param("grant_type")
            grant = grants.get(grant_type or "")
            if grant is None:
                raise OAuthError(
                    "unsupported_grant_type",
                    f"Unsupported grant_type {echo(grant_type or '')}: "
                    f"use one of {', '.join(sorted(grants))}.",
                )
            result = grant(token_request)
            if not isinstance(result, dict):
                result = await result
            return JSONResponse(result, headers=_NO_STORE)
        except OAuthError as error:
            headers = {}
            if error.status_code == 401:
                headers["WWW-Authenticate"] = 'Basic realm="oauth2"' if used_basic else "Bearer"
            return error.response(headers)

    return endpoint

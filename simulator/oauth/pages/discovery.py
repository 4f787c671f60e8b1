"""OpenID Provider metadata and the JWKS, so standard OIDC clients verify id_tokens.

| Route | What |
|---|---|
| `GET /oauth2/.well-known/openid-configuration` | OpenID Connect Discovery 1.0 metadata |
| `GET /oauth2/.well-known/jwks.json` | the public signing keys of both environments |

The issuer is `{auth_url}` under the configured public base URL (`serve --public-url`,
`http://localhost:8000/oauth2` in-process), never the request's `Host`; shared by Sandbox
and Live; see `oauth/keys.py`.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ...domain.kernel.context import Environment
from ...environments import EnvironmentName
from ...public_url import public_url_of
from ..authorization import SCOPES
from ..keys import ALGORITHM, public_jwks

__all__ = ["discovery_routes", "issuer_of"]

_CACHE = {"Cache-Control": "public, max-age=300"}


def issuer_of(request: Request) -> str:
    return public_url_of(request) + "/oauth2"


def discovery_routes(environments: Mapping[EnvironmentName, Environment]) -> list[Route]:
    async def configuration(request: Request) -> Response:
        issuer = issuer_of(request)
        return JSONResponse(
            {
                "issuer": issuer,
                "authorization_endpoint": f"{issuer}/auth",
                "token_endpoint": f"{issuer}/token",
                "jwks_uri": f"{issuer}/.well-known/jwks.json",
                "response_types_supported": ["code"],
                "response_modes_supported": ["query"],
                "grant_types_supported": [
                    "authorization_code",
                    "refresh_token",
                    "client_credentials",
                ],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": [ALGORITHM],
                "scopes_supported": list(SCOPES),
                "token_endpoint_auth_methods_supported": [
                    "client_secret_basic",
                    "client_secret_post",
                    "none",
                ],
                "code_challenge_methods_supported": ["S256"],
                "claims_supported": [
                    "iss",
                    "sub",
                    "aud",
                    "iat",
                    "exp",
                    "auth_time",
                    "nonce",
                    "phone_number",
                    "phone_number_verified",
                ],
                "claims_parameter_supported": False,
                "request_parameter_supported": False,
            },
            headers=_CACHE,
        )

    async def jwks(request: Request) -> Response:
        del request
        return JSONResponse(public_jwks(environments.values()), headers=_CACHE)

    return [
        Route("/oauth2/.well-known/openid-configuration", configuration, methods=["GET"]),
        Route("/oauth2/.well-known/jwks.json", jwks, methods=["GET"]),
    ]

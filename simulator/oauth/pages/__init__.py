"""The browser side of the OAuth server: authorization, login and consent pages, discovery,
JWKS.

`oauth_routes(environments)` gives every route; `server/app.py` mounts them beside
`/oauth2/token`.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.routing import Route

from ...domain.kernel.context import Environment
from ...environments import EnvironmentName
from .authorize import authorization_routes
from .consents import consent_routes
from .discovery import discovery_routes
from .login import login_routes, start_login
from .render import STATIC_PATH, stylesheet

__all__ = ["oauth_routes", "start_login"]


def oauth_routes(environments: Mapping[EnvironmentName, Environment]) -> list[Route]:
    return [
        *authorization_routes(environments),
        *login_routes(environments),
        *consent_routes(environments),
        *discovery_routes(environments),
        Route(STATIC_PATH, stylesheet, methods=["GET"]),
    ]

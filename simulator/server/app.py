"""The Starlette application: the OAuth server and the three GraphQL endpoints on one server.

| Address | What |
|---|---|
| `/oauth2` | OAuth 2.0 server (`{auth_url}`): `/oauth2/token`, `/oauth2/auth` (docs/oauth.md) |
| `/sandbox/graphql` | Sandbox partner API (`{sandbox_url}`) |
| `/sandbox-testing/graphql` | Sandbox Testing API (`{sandbox_testing_url}`) |
| `/live/graphql` | Live partner API (`{live_url}`) |
| `/sandbox-unauthenticated/graphql` | Sandbox unauthenticated API (no token; docs/onboarding.md) |
| `/live-unauthenticated/graphql` | Live unauthenticated API |
| `/sandbox/capital-deposit-uploads/...` and the like | files it serves (`files.py`) |

Every absolute URL the app emits starts with `public_url` (`simulator/public_url.py`), never
with the request's `Host`; paths with a trailing slash are not redirected (Starlette would
build that redirect from `Host`), they answer 404.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Executor
from typing import Any

from graphql import GraphQLSchema
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import api
from ..api import partner, unauthenticated
from ..api.executable import SCHEMA_DIR, SchemaOnce
from ..api.grafted import grafted
from ..browser import browser_routes, with_explorer
from ..domain.kernel.context import Environment
from ..environments import EnvironmentName
from ..journal.middleware import JournalMiddleware
from ..lifecycle import Lifecycle
from ..limits.runtime import Limits
from ..oauth.endpoints import Grant, token_endpoint
from ..public_url import DEFAULT_PUBLIC_URL, public_url_of, public_url_setting
from ..scheduler import Scheduler, Ticker
from .access_log import AccessLog
from .bounds import RequestBounds
from .due_work import FireDueWork, PinnedTime
from .edge import EdgeMiddleware
from .graphql_endpoint import graphql_endpoint
from .guard import LifecycleGuard
from .lazy_routes import LazyRoutes
from .responses import http_error, unexpected_error

__all__ = ["ADDRESSES", "create_app", "partner_schema", "testing_schema", "unauthenticated_schema"]

#: Path of each address of the specification.
ADDRESSES = {
    "auth_url": "/oauth2",
    "sandbox_url": "/sandbox/graphql",
    "sandbox_testing_url": "/sandbox-testing/graphql",
    "live_url": "/live/graphql",
    "sandbox_unauthenticated_url": "/sandbox-unauthenticated/graphql",
    "live_unauthenticated_url": "/live-unauthenticated/graphql",
}


@SchemaOnce
def partner_schema() -> GraphQLSchema:
    """The partner API schema, shared by Sandbox and Live (built once per process, at its
    first use)."""
    return api.build_schema([SCHEMA_DIR / "common", SCHEMA_DIR / "partner"], partner.resolvers())


#: The unauthenticated API's schema, shared by Sandbox and Live (built once per process).
unauthenticated_schema = unauthenticated.unauthenticated_schema


@SchemaOnce
def testing_schema() -> GraphQLSchema:
    """The Testing API's schema, with the partner API's fields it serves as its own (the
    accounts, users, consents and mandates its types lead to: `api/grafted.py`).

    Its resolvers are imported here, with the schema: a process that never asks the Testing
    API spares their import (docs/performance.md, "First answer")."""
    from .. import testing_api  # start-up: 37 modules, 10 ms

    own = api.build_schema([SCHEMA_DIR / "common", testing_api.SCHEMA_DIR], testing_api.bindables)
    return grafted(own, partner_schema(), testing_api.graft())


def create_app(
    environments: dict[EnvironmentName, Environment],
    scheduler: Scheduler,
    limits: Limits | None = None,
    *,
    grants: Mapping[str, Grant],
    lifecycle: Lifecycle,
    ticker: Ticker,
    public_url: str = DEFAULT_PUBLIC_URL,
    workers: Executor | None = None,
) -> Starlette:
    """The app, assembled from a simulator's parts (`Simulator.app` passes them all).

    The size bounds (`bounds.py`) are always enforced. With `limits`, the edge (rate limit,
    no CORS) and the operation limits are enforced. `lifecycle` guards every request against
    `close()`; the `ticker` thread runs while the app's lifespan does (a served app, or a
    `with`-entered test client).
    `public_url` starts every absolute URL the app emits (kept in `app.state.public_url`).
    GraphQL operations run in `workers` (the simulator's pool), off the event loop, but for
    a remembered, cheap query (`api.inline_reads`).
    No schema is built here: each is built at the first request that needs it (in a worker),
    so a process that only asks for a token, or only the partner API, builds no other.
    """
    sandbox = environments[EnvironmentName.SANDBOX]
    live = environments[EnvironmentName.LIVE]

    async def index(request: Request) -> Response:
        base = public_url_of(request)
        return JSONResponse(
            {
                "service": "Partner banking API simulator",
                "addresses": {name: base + path for name, path in ADDRESSES.items()},
                "clock": sandbox.clock.describe(),
            }
        )

    api_routes: list[Any] = [
        Route("/", index),
        Route("/oauth2/token", token_endpoint(environments, grants), methods=["POST"]),
        *_graphql_routes(sandbox, live, scheduler, limits, workers),
    ]
    schemas = {
        "sandbox": partner_schema,
        "sandbox-testing": testing_schema,
        "sandbox-unauthenticated": unauthenticated_schema,
        "live-unauthenticated": unauthenticated_schema,
    }
    # The browser pages' routes are built, their modules imported, at the first request that
    # reaches them (lazy_routes.py): an API call never does (docs/performance.md).
    routes = [
        *with_explorer(api_routes),
        LazyRoutes(lambda: _oauth_routes(environments)),  # after the API's hot paths
        # Uploads and downloads the simulator serves itself, and the card designs' images.
        LazyRoutes(lambda: _file_routes(environments)),
        LazyRoutes(lambda: browser_routes(environments, schemas, scheduler)),
    ]
    middleware = _middleware(environments, lifecycle, limits, scheduler)
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: http_error, Exception: unexpected_error},
        lifespan=ticking(ticker),
    )
    app.router.redirect_slashes = False  # its redirect would be built from the Host header
    app.state.public_url = public_url_setting(public_url)
    return app


def _file_routes(environments: dict[EnvironmentName, Environment]) -> list[Route]:
    from .card_art import card_art_routes  # lazy: at their first request (start-up)
    from .files import file_routes

    return [*file_routes(environments), *card_art_routes()]


def _oauth_routes(environments: dict[EnvironmentName, Environment]) -> list[Route]:
    from ..oauth.pages import oauth_routes  # lazy: at their first request (start-up)

    return oauth_routes(environments)


def _graphql_routes(
    sandbox: Environment,
    live: Environment,
    scheduler: Scheduler,
    limits: Limits | None,
    workers: Executor | None,
) -> list[Route]:
    """The five GraphQL endpoints: the partner API (Sandbox, Live), the Testing API, the
    unauthenticated API (Sandbox, Live)."""
    # OPTIONS too, so a CORS preflight gets the endpoint's own 405 (Allow: POST).
    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    def route(
        address: str, environment: Environment, schema: Callable[[], GraphQLSchema], **kw: Any
    ) -> Route:
        endpoint = graphql_endpoint(
            environment, schema, scheduler, limits=limits, workers=workers, **kw
        )
        return Route(ADDRESSES[address], endpoint, methods=methods)

    return [
        route("sandbox_url", sandbox, partner_schema),
        route("sandbox_testing_url", sandbox, testing_schema, project_tokens_only=True),
        route("live_url", live, partner_schema),
        route("sandbox_unauthenticated_url", sandbox, unauthenticated_schema, unauthenticated=True),
        route("live_unauthenticated_url", live, unauthenticated_schema, unauthenticated=True),
    ]


def _middleware(
    environments: dict[EnvironmentName, Environment],
    lifecycle: Lifecycle,
    limits: Limits | None,
    scheduler: Scheduler,
) -> list[Middleware]:
    # The access log (outermost) sees every answer, refusals and bugs included; the journal
    # records the refusals too; the size bounds refuse before any route, credential check
    # or rate limit reads the request; the lifecycle guard holds close() back while a
    # request runs; due work fires before and after; the edge counts the request and may
    # refuse it. The clock is pinned outside the journal, so its entry has the instant.
    middleware = [
        Middleware(AccessLog),
        Middleware(PinnedTime, scheduler=scheduler),  # one instant per request
        Middleware(JournalMiddleware, environments),  # docs/bug-reports.md
        Middleware(RequestBounds),
        Middleware(LifecycleGuard, lifecycle),
        # Outside the edge: a request it refuses is journaled at its instant too, so what
        # was due by then fires before it, as a replay fires it.
        Middleware(FireDueWork, scheduler=scheduler),
    ]
    if limits:
        middleware.append(Middleware(EdgeMiddleware, limits, environments))
    return middleware


def ticking(ticker: Ticker) -> Any:
    """While the server runs, the simulator's ticker thread fires due work as the clock
    reaches it: in wall-clock mode as real time passes, in frozen mode when another process
    (the CLI) moves the clock. The thread stops, joined, when the server stops."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        del app
        ticker.start()
        try:
            yield
        finally:
            ticker.stop()

    return lifespan

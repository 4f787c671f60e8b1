"""The GraphQL explorer: GraphiQL (with its explorer plugin) for each GraphQL endpoint,
and each schema's SDL.

| Address (`{env}`: `sandbox`, `sandbox-testing`, `live`, `{sandbox,live}-unauthenticated`) | What |
|---|---|
| `GET /{env}/graphql` with `Accept: text/html` | GraphiQL on that endpoint |
| `GET /{env}/schema.graphql` | the schema's SDL, for client generators |
| `GET /browser/static/...` | the vendored assets (`static/vendor/README.md`), the script |

Every asset comes from the simulator: the page's Content-Security-Policy allows scripts,
styles and `fetch` from the simulator only (fonts are the stylesheet's `data:` URLs), so no
request leaves the machine. The page's script (`static/explorer.js`) gets a project token
with the client credentials typed in the page (a `POST /oauth2/token` of this server) or
takes a pasted token; the token stays in the page's memory (never in a URL or in storage).
Every other request to a GraphQL endpoint (any `POST`, a `GET` without `text/html`) gets
the endpoint's own answer (a JSON 405 for a `GET`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from graphql import GraphQLSchema, print_schema
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

__all__ = [
    "ENDPOINTS",
    "explorer_csp",
    "explorer_routes",
    "html_or",
    "schema_sdl",
    "with_explorer",
]

#: Each GraphQL endpoint's path prefix and the title the explorer shows.
ENDPOINTS = {
    "sandbox": "Sandbox partner API",
    "sandbox-testing": "Sandbox Testing API",
    "live": "Live partner API",
    "sandbox-unauthenticated": "Sandbox unauthenticated API",
    "live-unauthenticated": "Live unauthenticated API",
}

_UNAUTHENTICATED_QUERY = (
    "# No token needed. A project's branding, by its id (projectInfo { id } on the partner API):\n"
    'query {\n  projectInfoById(id: "PROJECT_ID") {\n    name\n    accentColor\n    logoUri\n'
    "  }\n}\n"
)
_EXAMPLE_QUERY = {
    "sandbox-unauthenticated": _UNAUTHENTICATED_QUERY,
    "live-unauthenticated": _UNAUTHENTICATED_QUERY,
    "sandbox-testing": (
        "# Project tokens only. Ask for the virtual clock:\n{\n  clock {\n    now\n  }\n}\n"
    ),
}
_DEFAULT_QUERY = (
    "# Get a token in the bar above, then run (Ctrl-Enter).\n"
    "{\n  accounts(first: 5) {\n    totalCount\n    edges {\n      node {\n        id\n"
    "        name\n      }\n    }\n  }\n}\n"
)


def explorer_csp() -> str:
    """The explorer's policy: the simulator's own scripts, styles and API only. Styles may
    be inline (GraphiQL's editor sets style attributes); fonts are `data:` URLs."""
    return (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src data:; connect-src 'self'; form-action 'none'; "
        "frame-ancestors 'none'; base-uri 'none'"
    )


def schema_sdl(schema: GraphQLSchema) -> str:
    return print_schema(schema) + "\n"


def accepts_html(request: Request) -> bool:
    """A browser's navigation (`Accept: text/html,...`), not an API client."""
    return "text/html" in request.headers.get("accept", "").lower()


def explorer_page(prefix: str, token: str = "", note: str = "") -> Response:
    """The explorer on `/{prefix}/graphql`; with `token`, already using it (the dashboard's
    explorer of a project: `note` says whose), the page then kept out of every cache."""
    from .pages import render_page  # the page's renderer, at the first page (start-up)

    headers = {"Content-Security-Policy": explorer_csp()}
    if token:
        headers["Cache-Control"] = "no-store"
    return render_page(
        "explorer.html",
        headers=headers,
        token=token,
        token_note=note,
        title=f"{ENDPOINTS[prefix]} explorer",
        environment_title=ENDPOINTS[prefix],
        endpoint=f"/{prefix}/graphql",
        schema_url=f"/{prefix}/schema.graphql",
        token_url="/oauth2/token",
        default_query=_EXAMPLE_QUERY.get(prefix, _DEFAULT_QUERY),
        testing=prefix == "sandbox-testing",
        unauthenticated=prefix.endswith("-unauthenticated"),
    )


def html_or(endpoint: Callable[[Request], Any], prefix: str) -> Callable[[Request], Any]:
    """`endpoint`, except that a browser's `GET` gets the explorer page."""

    async def answer(request: Request) -> Response:
        if request.method == "GET" and accepts_html(request):
            return explorer_page(prefix)
        response: Response = await endpoint(request)
        return response

    return answer


def with_explorer(routes: list[Any]) -> list[Any]:
    """`routes` with each GraphQL endpoint (`/{prefix}/graphql`) wrapped by `html_or`."""
    wrapped: list[Any] = []
    for route in routes:
        prefix = route.path.removeprefix("/").removesuffix("/graphql")
        if isinstance(route, Route) and route.path.endswith("/graphql") and prefix in ENDPOINTS:
            route = Route(route.path, html_or(route.endpoint, prefix), methods=route.methods)
        wrapped.append(route)
    return wrapped


def explorer_routes(schemas: Mapping[str, Callable[[], GraphQLSchema]]) -> list[Route]:
    """The SDL of each endpoint (`schemas`: path prefix -> the function giving its schema,
    built at the first request that needs it) and the static files."""
    from .pages import STATIC_PREFIX, static_file  # lazy: the pages' renderer (start-up)

    def sdl_route(prefix: str, schema: Callable[[], GraphQLSchema]) -> Route:
        # Printed once per schema object: printing the partner schema takes tens of
        # milliseconds of the event loop, and the text of one schema never changes.
        printed: list[tuple[GraphQLSchema, str]] = []

        async def sdl(request: Request) -> Response:
            del request
            current = schema()
            if not printed or printed[0][0] is not current:
                printed[:] = [(current, schema_sdl(current))]
            return Response(
                printed[0][1],
                media_type="text/plain; charset=utf-8",
                headers={"Content-Disposition": f'inline; filename="{prefix}.graphql"'},
            )

        return Route(f"/{prefix}/schema.graphql", sdl, methods=["GET"])

    return [
        *(sdl_route(prefix, schema) for prefix, schema in schemas.items()),
        Route(STATIC_PREFIX + "/{path:path}", static_file, methods=["GET"]),
    ]

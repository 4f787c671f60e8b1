"""`server/lazy_routes.LazyRoutes`: a group of routes built at the first request that reaches
it, matched as if its routes were listed in the app (docs/performance.md, "First answer")."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.testclient import TestClient

from simulator import Simulator
from simulator.server.lazy_routes import LazyRoutes


async def _named(request: Request) -> Response:
    return PlainTextResponse(request.url.path + " " + str(dict(request.path_params)))


def _app(built: list[int]) -> Starlette:
    def build() -> list[BaseRoute]:
        built.append(1)
        return [
            Route("/page/{name}", _named, methods=["GET"], name="page"),
            Route("/form", _named, methods=["POST"]),
        ]

    return Starlette(
        routes=[
            Route("/api", _named, methods=["POST"]),
            LazyRoutes(build),
            Route("/form", _named, methods=["GET"]),  # after the group, as a later route is
        ]
    )


def test_a_request_the_routes_before_it_answer_builds_nothing() -> None:
    built: list[int] = []
    client = TestClient(_app(built))
    assert client.post("/api").status_code == 200
    assert built == []


def test_the_group_is_matched_as_its_routes_listed_in_place_and_built_once() -> None:
    built: list[int] = []
    client = TestClient(_app(built))
    assert client.get("/page/a").text == "/page/a {'name': 'a'}"
    assert client.get("/page/b").status_code == 200
    # A partial match in the group (a wrong method) lets a later route's full match win...
    assert client.get("/form").status_code == 200
    assert client.post("/form").status_code == 200
    # ...and is the 405 when nothing else matches; a path nothing matches is a 404.
    assert client.delete("/form").status_code == 405
    assert client.post("/page/a").status_code == 405
    assert client.get("/api").status_code == 405
    assert client.get("/nothing").status_code == 404
    assert built == [1]


def test_urls_are_found_in_the_group() -> None:
    built: list[int] = []
    app = _app(built)
    assert app.url_path_for("page", name="x") == "/page/x"
    assert built == [1]


def test_the_simulators_pages_are_built_at_their_first_request() -> None:
    with Simulator() as sim:
        http = sim.client()
        assert http.get("/").status_code == 200
        groups = [route for route in sim.app.routes if isinstance(route, LazyRoutes)]
        # The OAuth pages, the files and card art, the browser pages.
        assert [repr(group) for group in groups] == ["LazyRoutes(0 routes, not built yet)"] * 3
        configuration = http.get("/oauth2/.well-known/openid-configuration")
        assert configuration.status_code == 200, configuration.text
        assert "built" in repr(groups[0]) and "not" not in repr(groups[0])
        assert http.get("/card-designs/default.png").status_code == 200
        assert "not" not in repr(groups[1])
        assert http.get("/sandbox/schema.graphql").status_code == 200
        assert http.get("/dashboard", follow_redirects=False).status_code < 500
        assert all("not" not in repr(group) for group in groups)

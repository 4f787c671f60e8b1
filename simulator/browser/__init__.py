"""The simulator's own browser pages: the GraphQL explorer (`explorer.py`), the partner
dashboard (`dashboard/`) and the callback page (`callback.py`).

`browser_routes(...)` gives their routes; `server/app.py` mounts them after the API's, and
wraps each GraphQL endpoint with `with_explorer(...)` so that a browser's `GET` gets the explorer
while every API call keeps its exact answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from graphql import GraphQLSchema
from starlette.routing import Route

from ..domain.kernel.context import Environment
from ..environments import EnvironmentName
from ..scheduler import Scheduler
from .explorer import explorer_routes, html_or, with_explorer

__all__ = ["browser_routes", "html_or", "with_explorer"]


def browser_routes(
    environments: Mapping[EnvironmentName, Environment],
    schemas: Mapping[str, Callable[[], GraphQLSchema]],
    scheduler: Scheduler,
) -> list[Route]:
    """Every browser route; `schemas`: each GraphQL endpoint's path prefix -> the function
    giving its schema, called at the first request for its SDL (Live serves Sandbox's
    partner schema).

    The pages' modules are imported here, not with the package: `server/app.py` builds these
    routes at the first request that reaches them (`server/lazy_routes.py`)."""
    from .callback import callback_routes  # lazy: the pages' modules (start-up)
    from .dashboard.routes import dashboard_routes

    schemas = {**schemas, "live": schemas["sandbox"]}
    return [
        *explorer_routes(schemas),
        *callback_routes(),
        *dashboard_routes(environments, scheduler),
    ]

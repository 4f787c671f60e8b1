"""A group of routes whose modules are imported at the first request that reaches them.

The browser pages (the OAuth pages, the dashboard, the explorer's SDL and files, the
callback page: 18 modules, 7-12 ms) are never needed by a process that only calls the API,
as the README's first example does. `create_app` lists them as `LazyRoutes`, in the place
their routes had: a request the routes before it answer never builds them, and one that
reaches the group is matched against its routes in their order, exactly as if they were
listed in the app (a partial match, a wrong method, stays partial, so a later route or the
405 decides as before).

```python
LazyRoutes(lambda: oauth_routes(environments))  # imported and built at its first match
group.routes                                    # the routes, built if they were not yet
```
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from starlette.routing import BaseRoute, Match, NoMatchFound
from starlette.types import Receive, Scope, Send

__all__ = ["LazyRoutes"]


class LazyRoutes(BaseRoute):
    """The routes `build()` gives, built once, at the first request (or URL) that needs
    them; until then nothing of theirs is imported."""

    def __init__(self, build: Callable[[], Sequence[BaseRoute]]) -> None:
        self._build: Callable[[], Sequence[BaseRoute]] | None = build
        self._routes: tuple[BaseRoute, ...] = ()
        # Requests run on one event loop, URLs may be asked for in worker threads: built once.
        self._lock = threading.Lock()

    @property
    def routes(self) -> list[BaseRoute]:
        """The group's routes, in order (built at the first call)."""
        if self._build is not None:
            with self._lock:
                if self._build is not None:
                    self._routes = tuple(self._build())
                    self._build = None
        return list(self._routes)

    def _matched(self, scope: Scope) -> tuple[Match, Scope, BaseRoute | None]:
        # The router's own rule: the first full match, else the first partial one.
        partial: tuple[Match, Scope, BaseRoute | None] = (Match.NONE, {}, None)
        for route in self.routes:
            match, child_scope = route.matches(scope)
            if match == Match.FULL:
                return match, child_scope, route
            if match == Match.PARTIAL and partial[2] is None:
                partial = (match, child_scope, route)
        return partial

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child_scope, _ = self._matched(scope)
        return match, child_scope

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        # Called with the scope its `matches` gave: the same route matches it again.
        _, _, route = self._matched(scope)
        assert route is not None
        await route.handle(scope, receive, send)

    def url_path_for(self, name: str, /, **path_params: Any) -> Any:
        for route in self.routes:
            try:
                return route.url_path_for(name, **path_params)
            except NoMatchFound:
                pass
        raise NoMatchFound(name, path_params)

    def __repr__(self) -> str:
        state = "built" if self._build is None else "not built yet"
        return f"LazyRoutes({len(self._routes)} routes, {state})"

"""The partner dashboard at `/dashboard` (specification 5.4): sign-in links and 72-hour
sessions (`sessions.py`), the request handling (`web.py`), the pages (`views.py`), their
routes (`routes.py`). Documented in docs/dashboard.md.

`new_sign_in_link(env, base_url)` is what `serve` prints and `dashboard link` makes:

```python
from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link

with Simulator() as sim:
    link = new_sign_in_link(sim.sandbox, "http://localhost:8000")
    assert link.startswith("http://localhost:8000/dashboard/sign-in?token=SANDBOX_DL_")
```

The package imports the pages (Starlette, Jinja) only when `dashboard_routes` is asked for:
making a link, as `serve` does before its first answer, needs only `sessions.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .sessions import new_sign_in_link

if TYPE_CHECKING:
    from .routes import dashboard_routes

__all__ = ["dashboard_routes", "new_sign_in_link"]


def __getattr__(name: str) -> Any:
    """PEP 562: `dashboard_routes` and the pages' modules at their first use (start-up)."""
    if name == "dashboard_routes":
        from .routes import dashboard_routes  # lazy: the pages' modules (start-up)

        return dashboard_routes
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

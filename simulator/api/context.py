"""What every resolver receives as `info.context`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..domain.kernel.context import Environment, Principal
from ..limits.runtime import Limits
from ..scheduler import Scheduler

__all__ = ["RequestContext"]


@dataclass(frozen=True)
class RequestContext:
    """The environment called, who is calling, and the public base URL (for absolute links)."""

    environment: Environment
    principal: Principal
    base_url: str = "http://localhost:8000"
    #: Moves the clock and fires due work (the Testing API's clock mutations use it).
    scheduler: Scheduler | None = None
    #: The simulator's limits (settings and rate counters), when the server enforces them.
    limits: Limits | None = None
    #: What resolvers read once for many objects of this request (a page's balances), by
    #: what they read: one query for a page instead of one an object (`api.partner`).
    batches: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

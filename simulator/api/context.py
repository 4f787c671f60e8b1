"""What every resolver receives as `info.context`."""

from __future__ import annotations

from dataclasses import dataclass

from ..domain.context import Environment, Principal

__all__ = ["RequestContext"]


@dataclass(frozen=True)
class RequestContext:
    """The environment called, who is calling, and the public base URL (for absolute links)."""

    environment: Environment
    principal: Principal
    base_url: str = "http://localhost:8000"

"""`Limits`: the limits of one simulator at run time, its settings and its rate counters.

```python
limits = Limits(data_dir, clock)                  # settings from limits.json (or defaults)
limits = Limits(data_dir, clock, settings=LimitSettings(rate_limit=RateLimit(requests=20)))
limits.operation_limits("sandbox")                # OperationLimits(max_complexity=1000, ...)
limits.rate_limiter.hit("203.0.113.7", "/sandbox/graphql", limits.settings.rate_limit)
```
"""

from __future__ import annotations

from pathlib import Path

from ..clock import Clock
from ..environments import EnvironmentName
from .query_cost import OperationLimits
from .rate_limit import RateLimiter
from .settings import LimitSettings, LimitSettingsFile

__all__ = ["Limits"]


class Limits:
    """The settings in force (fixed, or `limits.json` re-read when it changes), the rate
    counters in `limits.sqlite`, and whether `X-Forwarded-For` names the client.

    `trust_forwarded_for`: the server sits behind one reverse proxy that appends the client's
    address to `X-Forwarded-For`; the right-most address of that header is then the client
    counted by the rate limit. Off by default, since any client can send the header.
    """

    def __init__(
        self,
        data_dir: str | Path,
        clock: Clock,
        *,
        settings: LimitSettings | None = None,
        trust_forwarded_for: bool = False,
        durable: bool = True,
    ) -> None:
        self.file = LimitSettingsFile(data_dir)
        self.fixed = settings
        self.trust_forwarded_for = trust_forwarded_for
        self.rate_limiter = RateLimiter(data_dir, clock, durable=durable)

    @property
    def settings(self) -> LimitSettings:
        """The settings in force now."""
        return self.fixed if self.fixed is not None else self.file.read()

    def operation_limits(self, environment: str | EnvironmentName) -> OperationLimits | None:
        return self.settings.operation_limits(environment)

    def close(self) -> None:
        self.rate_limiter.close()

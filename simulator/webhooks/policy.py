"""Retry policies: how long an attempt may take and when each retry falls due. Data, not code.

Two published policies are built in:

| Name | Attempts | Delays before each retry | Timeout |
|---|---|---|---|
| `specification` (default) | 1 + 8 | 5 s, 17 s, 1 min, 3 min, 15 min, 40 min, 2 h, 7 h | 15 s |
| `every-30s` | 1 + 7 | 30 s each | 10 s |

**Timing rule.** Each delay counts from the end of the previous attempt: retry *n* is due
`delay[n]` after attempt *n* failed, where an attempt ends `duration` after it started
(`duration` is the simulated latency of an in-process receiver, at most the timeout, or the
measured time of an HTTP call). So with an instantly failing receiver the attempts fall at
+0 s, +5 s, +22 s, +1 min 22 s, ... and the ninth at about +9 h 59 min.

Why: the specification calls them the *delays* of each retry, and they grow about threefold
each time, the shape of an exponential backoff between attempts; and a retry must not be due
before the attempt it repeats has failed (a 5 s delay is shorter than the 15 s timeout).

```python
policy = get_policy("specification")
policy.max_attempts                          # 9
policy.delays[:3]                            # (5.0, 17.0, 60.0)
RetryPolicy("workshop", delays=(1, 2, 4), timeout=3)   # a custom one
```
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..exceptions import ConfigurationError

__all__ = [
    "DEFAULT_POLICY",
    "POLICIES",
    "RetryPolicy",
    "get_policy",
]

#: Bounds that keep a custom policy meaningful (and a workshop's typo harmless).
MAX_RETRIES = 20
MAX_TIMEOUT_SECONDS = 120.0
MAX_DELAY_SECONDS = 7 * 24 * 3600.0


@dataclass(frozen=True)
class RetryPolicy:
    """A named retry policy: the delays before each retry and the timeout of one attempt."""

    name: str
    delays: tuple[float, ...]
    timeout: float
    description: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "delays", tuple(float(delay) for delay in self.delays))
        object.__setattr__(self, "timeout", float(self.timeout))
        if not self.name.strip():
            raise ConfigurationError("A retry policy needs a name.")
        if len(self.delays) > MAX_RETRIES:
            raise ConfigurationError(f"A retry policy has at most {MAX_RETRIES} retries.")
        for delay in self.delays:
            if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY_SECONDS:
                raise ConfigurationError(
                    f"A retry delay is between 0 and {MAX_DELAY_SECONDS:.0f} seconds, got {delay}."
                )
        if not math.isfinite(self.timeout) or not 0 < self.timeout <= MAX_TIMEOUT_SECONDS:
            raise ConfigurationError(
                f"An attempt timeout is above 0 and at most {MAX_TIMEOUT_SECONDS:.0f} seconds, "
                f"got {self.timeout}."
            )

    @property
    def retries(self) -> int:
        return len(self.delays)

    @property
    def max_attempts(self) -> int:
        """The first attempt and every retry."""
        return 1 + len(self.delays)

    def delay_after(self, attempt_number: int) -> float | None:
        """Seconds between the end of failed attempt `attempt_number` (1-based) and the next
        attempt; None when that was the last one."""
        if attempt_number < len(self.delays) + 1:
            return self.delays[attempt_number - 1]
        return None

    def to_json(self) -> str:
        return json.dumps(
            {
                "name": self.name,
                "delays": list(self.delays),
                "timeout": self.timeout,
                "description": self.description,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> RetryPolicy:
        return _policy_from_json(text)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "delays_seconds": list(self.delays),
            "timeout_seconds": self.timeout,
            "max_attempts": self.max_attempts,
            "description": self.description,
        }


@lru_cache(maxsize=64)
def _policy_from_json(text: str) -> RetryPolicy:
    # Every delivery row carries its policy; a cache keeps a batch from parsing it per row.
    data = json.loads(text)
    return RetryPolicy(
        name=data["name"],
        delays=tuple(data["delays"]),
        timeout=data["timeout"],
        description=data.get("description", ""),
    )


SPECIFICATION = RetryPolicy(
    "specification",
    delays=(5, 17, 60, 180, 900, 2400, 7200, 25200),
    timeout=15,
    description=(
        "The specification's policy (section 8.4): up to 8 retries after about "
        "5 s, 17 s, 1 min, 3 min, 15 min, 40 min, 2 h and 7 h; 15 s timeout."
    ),
)
EVERY_30S = RetryPolicy(
    "every-30s",
    delays=(30,) * 7,
    timeout=10,
    description="The newer published policy: a retry every 30 s, up to 7 retries; 10 s timeout.",
)

#: The built-in named policies.
POLICIES: dict[str, RetryPolicy] = {policy.name: policy for policy in (SPECIFICATION, EVERY_30S)}
DEFAULT_POLICY = SPECIFICATION


def get_policy(name: str) -> RetryPolicy:
    """A built-in policy by name."""
    try:
        return POLICIES[name]
    except KeyError:
        raise ConfigurationError(
            f"Unknown retry policy {name!r}: use one of {', '.join(POLICIES)} "
            "or give delays and a timeout."
        ) from None

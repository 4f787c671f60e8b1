"""A local, deterministic simulator of a partner banking GraphQL API and its OAuth 2.0 server.

```python
from simulator import Simulator

with Simulator() as sim:
    creds = sim.create_project("sandbox", "Demo", ["http://localhost:3000/callback"])
    http = sim.client()
    ...
```
"""

import logging
import typing  # the module only: nothing but the public names at the top level

from . import _heap
from .clock import Clock, parse_duration
from .environments import EnvironmentName
from .exceptions import (
    AuthenticationError,
    ConfigurationError,
    InvalidClient,
    InvalidDuration,
    InvalidTimestamp,
    InvalidToken,
    NotFound,
    SimulatorClosed,
    SimulatorError,
)

if typing.TYPE_CHECKING:
    from ._simulator import DEFAULT_BASE_URL, Simulator
    from .domain import ProjectCredentials

__version__ = "0.1.0"

# A library logs but does not decide where logs go (the server and the CLI do).
logging.getLogger("simulator").addHandler(logging.NullHandler())

__all__ = [
    "DEFAULT_BASE_URL",
    "AuthenticationError",
    "Clock",
    "ConfigurationError",
    "EnvironmentName",
    "InvalidClient",
    "InvalidDuration",
    "InvalidTimestamp",
    "InvalidToken",
    "NotFound",
    "ProjectCredentials",
    "Simulator",
    "SimulatorClosed",
    "SimulatorError",
    "parse_duration",
]

#: The public names whose modules bring the server, GraphQL and SQLite with them (about a
#: second): imported when first asked for, so `import simulator` and the command line start
#: fast (docs/architecture.md, "Start-up").
_LAZY = {
    "DEFAULT_BASE_URL": "._simulator",
    "Simulator": "._simulator",
    "ProjectCredentials": ".domain",
}


def __getattr__(name: str) -> typing.Any:
    """PEP 562: `simulator.Simulator` (and `from simulator import Simulator`) on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # Its modules live as long as the process: imported with collection paused, then frozen.
    return getattr(_heap.imported(__name__ + module), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

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

from ._simulator import DEFAULT_BASE_URL, Simulator
from .clock import Clock, parse_duration
from .domain import ProjectCredentials
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

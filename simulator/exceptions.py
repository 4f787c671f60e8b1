"""Exceptions raised by the simulator's Python API.

The hierarchy:

```
SimulatorError
├── ConfigurationError          a data dir, option or environment name that cannot be used
├── InvalidDuration             "5 minutes" instead of "5m"
├── InvalidTimestamp            a date-time that is not ISO 8601, or a clock moved backwards
├── NotFound                    a project, user or resource that does not exist
├── SimulatorClosed             a simulator used after `close()`
└── AuthenticationError         a credential or token the simulator refuses
    ├── InvalidClient           unknown client_id or wrong client_secret (OAuth `invalid_client`)
    └── InvalidToken            a missing, unknown, expired or other-environment bearer token
```

HTTP handlers translate these into 4xx JSON bodies; they never reach a client as a 500.
"""

from __future__ import annotations

__all__ = [
    "AuthenticationError",
    "ConfigurationError",
    "InvalidClient",
    "InvalidDuration",
    "InvalidTimestamp",
    "InvalidToken",
    "NotFound",
    "SimulatorClosed",
    "SimulatorError",
]


class SimulatorError(Exception):
    """Base class of every error the simulator raises on purpose."""


class ConfigurationError(SimulatorError, ValueError):
    """A data dir, option or environment name that cannot be used."""


class InvalidDuration(SimulatorError, ValueError):
    """A duration the clock cannot parse (use `90s`, `5m`, `2h`, `3d`)."""


class InvalidTimestamp(SimulatorError, ValueError):
    """A date-time that is not ISO 8601, or a clock asked to move backwards."""


class NotFound(SimulatorError, LookupError):
    """A project, user or resource that does not exist in this environment."""


class SimulatorClosed(SimulatorError, RuntimeError):
    """A simulator (or one of its stores) used after `close()`."""


class AuthenticationError(SimulatorError):
    """A credential or token the simulator refuses."""

    #: The OAuth 2.0 / RFC 6750 error code sent to HTTP clients.
    error = "invalid_request"

    def __init__(self, description: str) -> None:
        super().__init__(description)
        self.description = description


class InvalidClient(AuthenticationError):
    """Unknown client_id, wrong client_secret, or credentials of the other environment."""

    error = "invalid_client"


class InvalidToken(AuthenticationError):
    """A missing, unknown, expired, revoked or other-environment bearer token."""

    error = "invalid_token"

    def __init__(self, description: str, reason: str) -> None:
        super().__init__(description)
        #: One of `missing`, `malformed`, `unknown`, `expired`, `revoked`, `wrong_environment`.
        self.reason = reason

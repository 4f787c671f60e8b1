"""Exceptions raised by the simulator's Python API.

The hierarchy:

```
SimulatorError
├── ConfigurationError          a data dir, option or environment name that cannot be used
│   ├── UnknownLearner          a learner a workshop's roster does not name (workshop)
│   └── SliceUnavailable        another slice of a workshop room that did not answer (workshop)
├── InvalidDuration             "5 minutes" instead of "5m"
├── InvalidTimestamp            a date-time that is not ISO 8601, or a clock moved backwards
├── NotFound                    a project, user or resource that does not exist
├── SimulatorClosed             a simulator used after `close()`
├── InvalidPageRequest          a bad cursor or page size (domain.pagination)
├── AmountError                 an amount a request cannot use (domain.money)
├── Rejected                    a business rule refused a mutation (domain.rejections)
├── OperationLimitExceeded      an operation over a limit; also a GraphQLError (limits)
├── RowBudgetExceeded           an operation over the row budget; a GraphQLError (limits)
├── DeadlineExceeded            an operation stopped at its deadline; a GraphQLError (limits)
├── BadRequest                  a GraphQL request refused before execution (server)
├── OAuthError                  an RFC 6749 token-endpoint error (oauth.endpoints)
├── AuthorizationRequestError   a refused authorization request (oauth.authorization)
├── LoginError                  input a login step refuses (oauth.login)
├── SessionProblem              a browser session that cannot go on (oauth.sessions)
├── OutboundRefused             an address the outbound policy refuses (webhooks.outbound)
├── RejectionOutsideUnion       a rejection a mutation's real union cannot carry (api.mutations)
├── DashboardSignInProblem      a dashboard sign-in link or session that cannot be used
├── FormProblem                 a dashboard form value that cannot be used (a 400 page)
├── SnapshotError               a snapshot that cannot be saved or restored (snapshots)
├── ReportFormatError           a bug report written by another format version (report)
├── ReplayError                 a report step whose replay differs from the recording (report)
├── StoreError                  a call the store's `Database` cannot run (storage._sql)
│   ├── NotFoundError           no row has the primary key asked for
│   ├── PrimaryKeyRequired      an upsert without a primary key value
│   ├── InvalidColumns          `pk=` names a column the table does not have
│   └── TransactionError        a connection or journal mode change the wrapper cannot drive
└── AuthenticationError         a credential or token the simulator refuses
    ├── InvalidClient           unknown client_id or wrong client_secret (OAuth `invalid_client`)
    ├── InvalidToken            a missing, unknown, expired or other-environment bearer token
    └── ActingRefused           an `X-User-Id` header the simulator refuses (oauth.acting)
```

The classes outside this module are defined next to the code that raises them (the module
in parentheses), and imported from there. `tests/test_exceptions.py` checks that every
exception class of the package is in this tree.

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

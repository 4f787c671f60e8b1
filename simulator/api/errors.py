"""Top-level GraphQL errors (section 7.2): a message and an `extensions.code`, never a trace.

| code | when |
|---|---|
| `GRAPHQL_PARSE_FAILED` | the query is not valid GraphQL syntax |
| `GRAPHQL_VALIDATION_FAILED` | unknown field, wrong argument, variables of the wrong type |
| `OPERATION_LIMIT_EXCEEDED` | complexity, depth or top-level field limit (see docs/limits.md) |
| `BAD_USER_INPUT` | an argument the resolver cannot use (a bad cursor, `first` > 100) |
| `NOT_FOUND` | a queried resource does not exist or is not visible to the caller |
| `INTERNAL_SERVER_ERROR` | anything unexpected; the message says only that |
"""

from __future__ import annotations

import logging
from typing import Any

from graphql import GraphQLError

from ..domain.kernel.pagination import InvalidPageRequest
from ..exceptions import ConfigurationError, NotFound, SimulatorError

__all__ = ["GraphQLErrorLog", "format_error"]

logger = logging.getLogger("simulator.api")

_CODES: list[tuple[type[Exception], str]] = [
    (NotFound, "NOT_FOUND"),
    (InvalidPageRequest, "BAD_USER_INPUT"),
    (ConfigurationError, "BAD_USER_INPUT"),
    (SimulatorError, "BAD_USER_INPUT"),
]


def _code_for(error: GraphQLError) -> str:
    if error.extensions and error.extensions.get("code"):
        return str(error.extensions["code"])
    original = error.original_error
    if error.path is None:
        # Raised before execution: parsing, validation or variable coercion.
        if error.message.startswith("Syntax Error"):
            return "GRAPHQL_PARSE_FAILED"
        if original is not None or error.message.startswith("Variable"):
            return "BAD_USER_INPUT"
        return "GRAPHQL_VALIDATION_FAILED"
    for kind, code in _CODES:
        if isinstance(original, kind):
            return code
    return "INTERNAL_SERVER_ERROR"


def format_error(error: GraphQLError, debug: bool = False) -> dict[str, Any]:
    """Ariadne's `error_formatter`: the standard shape plus `extensions.code`."""
    del debug  # traces are never sent; they go to the log
    formatted: dict[str, Any] = dict(error.formatted)
    code = _code_for(error)
    if code == "INTERNAL_SERVER_ERROR":
        logger.error("Unexpected error in a resolver", exc_info=error.original_error)
        formatted["message"] = "Unexpected error. The simulator's log has the details."
    extensions = dict(error.extensions or {})
    extensions["code"] = code
    formatted["extensions"] = extensions
    return formatted


class GraphQLErrorLog(logging.LoggerAdapter[logging.Logger]):
    """The logger Ariadne is given for the errors of an operation: one line an error with its
    code and path, never its message.

    Ariadne logs each error at ERROR as the error itself (`str(error)`: the message and the
    document's lines around it) with its traceback (the message again). Messages and
    documents quote the request (an invalid argument's value: a webhook `secret`, say), and
    docs/security.md promises logs never carry a secret. A client's mistake is its own
    business (the answer tells it); only a bug is the server's, and `format_error` logs that
    one with its traceback.
    """

    def log(self, level: int, msg: object, *args: object, **kwargs: Any) -> None:
        del level, args, kwargs  # the message and its trace are the request's text
        if not isinstance(msg, GraphQLError):
            return
        code = _code_for(msg)
        if code == "INTERNAL_SERVER_ERROR":
            return  # logged by format_error, with its traceback
        path = ".".join(str(part) for part in msg.path or ()) or "-"
        # Aliases are GraphQL names (a client cannot put a space or newline in one).
        self.logger.info("GraphQL error: code=%s path=%s", code, path)

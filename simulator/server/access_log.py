"""One access-log line per request, a request id on every response, and no bug unlogged.

`AccessLog` is the outermost middleware of the app. For each HTTP request it:

1. numbers the request: its **request id** is 16 hex digits counting the requests this app
   has answered (`0000000000000001`, ...), so a notebook prints the same ids on every run
   (the clock is virtual, the ids deterministic; a restarted server counts afresh, and the
   log's timestamps tell runs apart). In a workshop one `AccessLog` in front of the room
   numbers every request (each space's passes a numbered request through), so ids never
   repeat within one server's log. It keeps it in the scope (`request_id_of`) and sends
   it back in the `X-Request-Id` header of the response (GraphQL bodies also carry it as
   `extensions.requestId`, see `graphql_endpoint.py`);
2. when the app raises (a bug), logs the error **with its traceback and the request id** on
   the `simulator.server` logger and answers a JSON 500 that says only "Unexpected error."
   and the request id: the client never sees a trace;
3. logs one line on the `simulator.access` logger once the response is sent:

   ```
   request_id=5f0c2a9e81d4b7a3 client=127.0.0.1 method=POST path=/sandbox/graphql status=200
   duration_ms=4.1 operation=Accounts project=8a1c...
   ```

   The path is logged **without its query string** (the OAuth pages carry `state`, PKCE
   challenges and login hints there) and with the token of an upload or download address
   `[redacted]` (`redact`: the path is that credential), and nothing of the headers or
   body is logged except the GraphQL operation name and the authenticated project's id,
   which the endpoints leave
   in the scope (`note_operation`, `note_project`): never a token, a secret or a code.
   A request the client abandoned before any answer is logged with status 499.
"""

from __future__ import annotations

import itertools
import logging
import re
from contextvars import ContextVar
from typing import Any, Final
from urllib.parse import unquote

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..clock import monotonic
from .responses import REQUEST_ID_SCOPE_KEY, json_error
from .tokens_in_paths import credential_segments

__all__ = [
    "ACCESS_LOGGER",
    "ERROR_LOGGER",
    "REQUEST_ID_HEADER",
    "AccessLog",
    "DirectLines",
    "current_request_id",
    "note_operation",
    "note_project",
    "redact",
    "request_id_of",
]

ACCESS_LOGGER: Final = "simulator.access"
ERROR_LOGGER: Final = "simulator.server"
REQUEST_ID_HEADER: Final = "X-Request-Id"

_REQUEST_ID: Final = REQUEST_ID_SCOPE_KEY
#: What the endpoints note for the log line (operation, project): a dict the scope holds, so
#: a copy of the scope (a workshop space's) notes into the same one.
_NOTES: Final = "simulator.log_notes"

#: A GraphQL name; anything else a client sends as `operationName` is logged escaped.
_GRAPHQL_NAME: Final = re.compile(r"[_A-Za-z][_0-9A-Za-z]{0,99}")
_MAX_LOGGED: Final = 200

access_logger = logging.getLogger(ACCESS_LOGGER)
error_logger = logging.getLogger(ERROR_LOGGER)

#: The request being served in this context (a resolver's or a worker thread's log record
#: names it too: see `serving.LogFormatter`).
_current: ContextVar[str | None] = ContextVar("simulator_request_id", default=None)


class DirectLines:
    """A logging handler that also takes a line from `AccessLog` without a `LogRecord`
    (`server.serving`'s, which `configure_logging` installs): `write_line` writes exactly
    what formatting a record of `name` at INFO with that message would have written, and
    returns False when it cannot (the caller then logs it the ordinary way)."""

    def write_line(self, name: str, message: str) -> bool:
        raise NotImplementedError


def _direct_handler(logger: logging.Logger) -> DirectLines | None:
    """The one handler a record of `logger` at INFO would reach, when it is a `DirectLines`
    and nothing (a filter, a level, another handler such as pytest's `caplog`) could tell
    a direct line from a record: a line a request is then a string and one write, without
    the record, the caller lookup and the formatter's steps (issue 35)."""
    found: DirectLines | None = None
    current: logging.Logger | None = logger
    while current is not None:
        if current.filters:
            return None
        for handler in current.handlers:
            if isinstance(handler, logging.NullHandler):  # the package's own: writes nothing
                continue
            if found is not None or not isinstance(handler, DirectLines):
                return None
            if handler.filters or handler.level > logging.INFO:
                return None
            found = handler
        if not current.propagate:
            break
        current = current.parent
    return found


def log_access(line: str) -> None:
    """Log one access line on `simulator.access` at INFO (nothing built when that is off)."""
    handler = _direct_handler(access_logger)
    if handler is None or not handler.write_line(ACCESS_LOGGER, line):
        access_logger.info("%s", line)


def current_request_id() -> str | None:
    """The id of the request this code runs for, if any."""
    return _current.get()


def request_id_of(scope: Scope) -> str | None:
    """The id `AccessLog` gave this request (`None` outside it)."""
    value: Any = scope.get(_REQUEST_ID)
    return value if isinstance(value, str) else None


def _notes(scope: Scope) -> dict[str, str]:
    notes: Any = scope.get(_NOTES)
    if not isinstance(notes, dict):
        notes = scope[_NOTES] = {}
    kept: dict[str, str] = notes
    return kept


def note_operation(scope: Scope, name: str | None) -> None:
    """Name the GraphQL operation in this request's log line."""
    if name:
        _notes(scope)["operation"] = name


def note_project(scope: Scope, project_id: str | None) -> None:
    """Name the authenticated project in this request's log line."""
    if project_id:
        _notes(scope)["project"] = project_id


def printable(text: str) -> str:
    """`text` safe for one log line: no spaces, controls or quotes unescaped, bounded."""
    if _GRAPHQL_NAME.fullmatch(text):
        return text
    escaped = text.encode("unicode_escape").decode("ascii").replace(" ", "\\x20")
    escaped = escaped.replace('"', "\\x22").replace("=", "\\x3d")
    return escaped[:_MAX_LOGGED] + ("..." if len(escaped) > _MAX_LOGGED else "")


#: A path's separators, as the router reads them: `/`, and `%2F`, which Starlette decodes
#: before routing (`/sandbox%2Fexport-downloads%2FTOKEN` reaches the download route).
_SEPARATOR: Final = re.compile(r"(/|%2[fF])")
REDACTED: Final = "[redacted]"


def redact(path: str) -> str:
    """`path` cut after the first of `credential_segments()`, the rest `[redacted]`: an
    upload's or a download's token is the path itself (as a presigned URL's signature), and
    whoever reads the log must not be able to use it. A segment is compared
    percent-decoded (`export%2Ddownloads` routes as `export-downloads`)."""
    parts = _SEPARATOR.split(path)
    segments = credential_segments()
    # parts alternate: segment, separator, segment, ...
    for index in range(0, len(parts) - 1, 2):
        if unquote(parts[index]) in segments and "".join(parts[index + 2 :]):
            return "".join(parts[: index + 2]) + REDACTED
    return path


def log_line(scope: Scope, status: int, duration_ms: float) -> str:
    client = scope.get("client")
    raw_path = scope.get("raw_path")
    # The raw path (still percent-encoded, without the query string): one token, no newline.
    path = raw_path.decode("latin-1") if isinstance(raw_path, bytes) else str(scope["path"])
    fields = [
        f"request_id={request_id_of(scope)}",
        f"client={printable(str(client[0])) if client else '-'}",
        f"method={printable(str(scope['method']))}",
        f"path={printable(redact(path))}",
        f"status={status}",
        f"duration_ms={duration_ms:.1f}",
    ]
    notes = _notes(scope)
    if operation := notes.get("operation"):
        fields.append(f"operation={printable(operation)}")
    if project := notes.get("project"):
        fields.append(f"project={printable(project)}")
    return " ".join(fields)


class AccessLog:
    """Request id, access log and the last word on unexpected errors (pure ASGI)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        # One counter per app, so per simulator (`next` on a count is atomic in CPython).
        self._numbers = itertools.count(1)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or request_id_of(scope) is not None:
            # Numbered and logged already, by the workshop's access log in front of this
            # space's: one id sequence for the room, one line per request.
            await self.app(scope, receive, send)
            return
        request_id = f"{next(self._numbers):016x}"
        scope[_REQUEST_ID] = request_id
        scope[_NOTES] = {}
        context_token = _current.set(request_id)
        header = (REQUEST_ID_HEADER.lower().encode(), request_id.encode())
        status = 0
        # A duration for people reading the log, not a time the simulator acts on.
        started = monotonic()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception as error:  # a bug: logged here, once, with its trace
            error_logger.error(
                "Unexpected error: request_id=%s method=%s path=%s",
                request_id,
                printable(str(scope["method"])),
                printable(redact(str(scope["path"]))),
                exc_info=error,
            )
            if status == 0:  # nothing sent yet: the client gets a JSON 500, never the trace
                await json_error(
                    500, "INTERNAL_SERVER_ERROR", "Unexpected error.", request_id=request_id
                )(scope, receive, send_with_id)
        finally:
            if access_logger.isEnabledFor(logging.INFO):
                elapsed = (monotonic() - started) * 1000
                # No response at all: the client left first (nginx's 499, "client closed").
                log_access(log_line(scope, status or 499, elapsed))
            _current.reset(context_token)

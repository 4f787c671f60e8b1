"""How `serve` runs the app on uvicorn, and where its log goes; `ensure_port_free`, which both
`serve` commands (a simulator's and a workshop's) call before printing their addresses.

`uvicorn_config` is the one uvicorn configuration of the simulator (the tests' real servers
use it too):

- uvicorn's own access log is off: `AccessLog` writes a better one (request id, duration,
  GraphQL operation, project; no query string);
- `proxy_headers=False`: uvicorn would otherwise take `X-Forwarded-For` from loopback peers
  as the client address; the simulator decides that (`--trust-forwarded-for`);
- the HTTP protocol is `HeaderTimeoutProtocol` (request headers within 10 s);
- uvicorn leaves logging alone (`log_config=None`): `configure_logging` sends the
  `simulator` and `uvicorn` loggers to stderr or a file.

A log line looks like (one line, cut here):

```
2026-03-02 10:15:04,211 INFO simulator.access request_id=5f0c2a9e81d4b7a3 client=127.0.0.1
method=POST path=/sandbox/graphql status=200 duration_ms=4.1 operation=Accounts project=8a1c...
```

A record logged while a request is served (a resolver's bug, say) ends with that
request's `request_id=...` unless its message already names it, so its line and the
access line can be matched.

**One record, one line.** Control characters in a record's message (a newline, a carriage
return, an escape) are written escaped (`\\n`, `\\x1b`), and the lines of a traceback are
indented: every line at column 0 is the start of a record the simulator wrote, which no
client-chosen text can forge.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

from ..clock import wall_seconds
from ..exceptions import ConfigurationError
from .access_log import DirectLines, current_request_id
from .bounds import MAX_HEAD_BYTES
from .slow_clients import DEFAULT_HEADER_TIMEOUT, header_timeout_protocol

__all__ = [
    "LogFormatter",
    "ReadyServer",
    "configure_logging",
    "ensure_port_free",
    "listen_on",
    "uvicorn_config",
]

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"

#: C0 and C1 controls, DEL, and the Unicode line and paragraph separators: whatever could
#: end a line (or repaint a terminal) in a record's text; and lone surrogates (a JSON
#: `operationName` of `"\\ud800"`), which no UTF-8 log file can take: the handler's write
#: failed and logging printed its own traceback for a client's text.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def escape_controls(text: str) -> str:
    """`text` on one line: each control character as its escape (`\\n`, `\\x1b`)."""
    return _CONTROLS.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class LogFormatter(logging.Formatter):
    """The log format, with the current request's id on records that do not name it, each
    record's message on one line and its traceback indented."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return self._tagged(super().formatMessage(record))

    @staticmethod
    def _tagged(formatted: str) -> str:
        message = escape_controls(formatted)
        request_id = current_request_id()
        if request_id and f"request_id={request_id}" not in message:
            message += f" request_id={request_id}"
        return message

    def line(self, name: str, message: str) -> str | None:
        """What `format` gives a record of `name` at INFO with `message` and no exception,
        made without the record; None for another format than `LOG_FORMAT` or another
        time format than `logging`'s default."""
        msec_format = self.default_msec_format
        if self._fmt != LOG_FORMAT or self.datefmt is not None or msec_format is None:
            return None
        created = wall_seconds()  # as `logging.LogRecord` stamps a record
        stamp = time.strftime(self.default_time_format, self.converter(created))
        msecs = int((created - int(created)) * 1000)
        asctime = msec_format % (stamp, msecs)
        return self._tagged(f"{asctime} INFO {name} {message}")

    def formatException(self, ei: Any) -> str:
        # Indented, so that an exception message quoting a request cannot start a line that
        # looks like a record of its own.
        lines = super().formatException(ei).splitlines()
        return "\n".join("    " + escape_controls(line) for line in lines)

    def formatStack(self, stack_info: str) -> str:
        lines = super().formatStack(stack_info).splitlines()
        return "\n".join("    " + escape_controls(line) for line in lines)


class _Lines(DirectLines):
    """`write_line` for the stream handlers below (`StreamHandler.emit`'s steps, on a
    formatted line)."""

    def write_line(self, name: str, message: str) -> bool:
        handler: Any = self
        formatter = handler.formatter
        text = formatter.line(name, message) if isinstance(formatter, LogFormatter) else None
        if text is None:
            return False
        with handler.lock:
            if handler.stream is None:  # a FileHandler opened lazily
                return False
            try:
                handler.stream.write(text + handler.terminator)
                handler.stream.flush()
            except Exception:  # logged the ordinary way next (`handleError` reports it)
                return False
        return True


class _StreamLines(_Lines, logging.StreamHandler):  # type: ignore[type-arg]
    pass


class _FileLines(_Lines, logging.FileHandler):
    pass


def _private_file(path: Path) -> None:
    """Create `path` readable by its owner only (`0600`, as every file of the data dir), or
    make an existing one so: a log names projects, learners and client addresses."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.fchmod(descriptor, 0o600)
    finally:
        os.close(descriptor)


def configure_logging(log_file: Path | None = None) -> logging.Handler:
    """Send the simulator's log (access lines at INFO, errors with their traceback) and
    uvicorn's warnings to `log_file` (appended, `0600`), or to stderr without one."""
    handler: logging.Handler
    if log_file is None:
        handler = _StreamLines(sys.stderr)
    else:
        _private_file(log_file)
        # Escaped by the formatter already; `backslashreplace` is the last word on any
        # character the file cannot take, never an error of the write.
        handler = _FileLines(log_file, encoding="utf-8", errors="backslashreplace")
    handler.setFormatter(LogFormatter(LOG_FORMAT))
    for name, level in (("simulator", logging.INFO), ("uvicorn", logging.WARNING)):
        logger = logging.getLogger(name)
        logger.setLevel(level)
        logger.addHandler(handler)
        logger.propagate = False  # one line per record, whatever the root logger does
    return handler


# How long an idle kept-alive connection stays open. Longer than the idle time after which
# common HTTP clients drop a pooled connection themselves (Node's agent 5 s, undici 4 s,
# httpx 5 s): with uvicorn's 5 s, the partner front-end's server (a Node proxy) reused a
# connection in the very moment uvicorn closed it, and its request failed with a reset.
KEEP_ALIVE_TIMEOUT = 15


def uvicorn_config(
    app: Any,
    host: str,
    port: int,
    *,
    header_timeout: float = DEFAULT_HEADER_TIMEOUT,
    http: str = "httptools",
) -> uvicorn.Config:
    """The uvicorn configuration `serve` runs `app` with: httptools' parser (`http="h11"`
    for the pure-Python one) and uvloop's event loop where it is installed (uvicorn's
    `loop="auto"`), both behind the header deadline of `slow_clients`."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=header_timeout_protocol(header_timeout, http),
        access_log=False,
        log_config=None,
        log_level="warning",
        proxy_headers=False,
        timeout_keep_alive=KEEP_ALIVE_TIMEOUT,
        # h11 would answer a plain-text 400 past its own bound (16 KiB); the protocol's
        # 431 (slow_clients.py) comes first at the same size.
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
    )


def listen_on(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (port 0: a free one the system picks), for
    `ReadyServer.run(sockets=[...])`: the port is known, and held, before anything is printed.
    A port in use fails with the message `ensure_port_free` gives."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family)
    except OSError as error:
        reason = (error.strerror or str(error)).split(" (")[0]
        raise ConfigurationError(f"Cannot listen on {host}:{port}: {reason}.") from None


class ReadyServer(uvicorn.Server):
    """uvicorn's server, calling `on_ready` once it accepts connections (`serve
    --ready-file`): no polling, and never when the start failed."""

    def __init__(self, config: uvicorn.Config, on_ready: Callable[[], None]) -> None:
        super().__init__(config)
        self._on_ready = on_ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self._on_ready()


def ensure_port_free(host: str, port: int) -> None:
    """Fail before printing addresses that would not answer (uvicorn only logs the error)."""
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as error:
        reason = (error.strerror or str(error)).split(" (")[0]
        raise ConfigurationError(f"Cannot listen on {host}:{port}: {reason}.") from None

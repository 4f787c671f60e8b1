"""How `serve` runs the app on uvicorn, and where its log goes.

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
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

import uvicorn

from .access_log import current_request_id
from .slow_clients import DEFAULT_HEADER_TIMEOUT, header_timeout_protocol

__all__ = ["LogFormatter", "configure_logging", "uvicorn_config"]

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"


class LogFormatter(logging.Formatter):
    """The log format, with the current request's id on records that do not name it."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        message = super().formatMessage(record)
        request_id = current_request_id()
        if request_id and f"request_id={request_id}" not in message:
            message += f" request_id={request_id}"
        return message


def configure_logging(log_file: Path | None = None) -> logging.Handler:
    """Send the simulator's log (access lines at INFO, errors with their traceback) and
    uvicorn's warnings to `log_file` (appended), or to stderr without one."""
    handler: logging.Handler
    if log_file is None:
        handler = logging.StreamHandler(sys.stderr)
    else:
        handler = logging.FileHandler(log_file, encoding="utf-8")
    handler.setFormatter(LogFormatter(LOG_FORMAT))
    for name, level in (("simulator", logging.INFO), ("uvicorn", logging.WARNING)):
        logger = logging.getLogger(name)
        logger.setLevel(level)
        logger.addHandler(handler)
        logger.propagate = False  # one line per record, whatever the root logger does
    return handler


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
    )

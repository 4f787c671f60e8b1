"""The size bounds of a request: one body bound and one header bound, in front of every route.

`RequestBounds` (pure ASGI) sits right behind the access log (and a single sandbox's
journal, which records its refusals), in front of everything else: a single sandbox's app
(`create_app`) and, in a workshop, the whole room (every space, the instructor's view, the
404s). Before any route, authentication or rate limit runs, it answers:

- **414** (`URI_TOO_LONG`) for a path and query string over `MAX_URL_BYTES` (8 KiB);
- **431** (`HEADERS_TOO_LARGE`) for header names and values over `MAX_HEADER_BYTES` (16 KiB);
- **413** (`PAYLOAD_TOO_LARGE`) for a body over `MAX_BODY_BYTES` (1 MiB): declared by
  `Content-Length` (refused unread), or streamed (`Transfer-Encoding: chunked`), refused as
  soon as the bound is passed. Either way with `Connection: close`, so the rest is never read.

Every answer is JSON with the request id. The body is read here, up to the bound, before the
app runs, and replayed to it: a route never sees more than 1 MiB, and an unauthenticated
client cannot make any route (the instructor's form parser, say) read more.

The header bound is also enforced *while the headers arrive*, by the HTTP protocol
(`slow_clients.py`, with `MAX_HEAD_BYTES`): once a request is in the ASGI app, its headers
are already in memory, so this check alone could not stop a client streaming 100 MiB of
header. Here it is exact (the same measure as ever); there it is the early stop.
"""

from __future__ import annotations

from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .responses import REQUEST_ID_SCOPE_KEY, json_error

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_HEADER_BYTES",
    "MAX_HEAD_BYTES",
    "MAX_URL_BYTES",
    "RequestBounds",
    "header_bytes",
]

MAX_BODY_BYTES: Final = 1024 * 1024
MAX_URL_BYTES: Final = 8 * 1024
MAX_HEADER_BYTES: Final = 16 * 1024
#: The request line and headers as they arrive on the wire: the URL and header bounds, plus
#: room for the method, the version and each header's `: ` and line ends. Past it, the
#: protocol answers 431 before the headers are complete.
MAX_HEAD_BYTES: Final = MAX_URL_BYTES + MAX_HEADER_BYTES + 4 * 1024

#: Set once a request has been bounded: a space behind the workshop's bounds does not bound
#: (and read) it a second time.
_BOUNDED: Final = "simulator.bounded"
#: On every refusal (414, 431, 413), as the module says: the rest of the request is not worth
#: reading; closing the connection after the answer stops it (otherwise uvicorn would read and
#: drop a chunked body that never ends, or keep an oversized client until its keep-alive ends).
_CLOSE: Final = {"Connection": "close"}


def header_bytes(scope: Scope) -> int:
    """The measure the header bound applies to: every header's name and value."""
    return sum(len(name) + len(value) for name, value in scope["headers"])


class RequestBounds:
    """URL, header and body bounds for every HTTP request of the wrapped app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get(_BOUNDED):
            await self.app(scope, receive, send)
            return
        scope[_BOUNDED] = True
        request_id = scope.get(REQUEST_ID_SCOPE_KEY)
        request_id = request_id if isinstance(request_id, str) else None
        url_bytes = len(scope.get("raw_path") or scope["path"].encode()) + len(
            scope.get("query_string", b"")
        )
        if url_bytes > MAX_URL_BYTES:
            message = f"The URL is longer than {MAX_URL_BYTES} bytes."
            refusal = json_error(
                414, "URI_TOO_LONG", message, headers=_CLOSE, request_id=request_id
            )
        elif header_bytes(scope) > MAX_HEADER_BYTES:
            message = f"The request headers are larger than {MAX_HEADER_BYTES} bytes."
            refusal = json_error(
                431, "HEADERS_TOO_LARGE", message, headers=_CLOSE, request_id=request_id
            )
        else:
            body = None if _declared_too_large(scope) else await _read_body(receive)
            if body is not None:
                await self.app(scope, _replay(body, receive), send)
                return
            message = f"The body is larger than {MAX_BODY_BYTES} bytes."
            refusal = json_error(
                413, "PAYLOAD_TOO_LARGE", message, headers=_CLOSE, request_id=request_id
            )
        await refusal(scope, receive, send)


def _declared_too_large(scope: Scope) -> bool:
    declared = dict(scope["headers"]).get(b"content-length", b"")
    return declared.isdigit() and int(declared) > MAX_BODY_BYTES


async def _read_body(receive: Receive) -> list[Message] | None:
    """The body's messages up to the end (or a disconnect), or None once past the bound."""
    messages: list[Message] = []
    total = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages
        total += len(message.get("body", b""))
        if total > MAX_BODY_BYTES:
            return None
        if not message.get("more_body", False):
            return messages


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """`receive` giving the body already read as one message, then the connection's own."""
    chunks = [m.get("body", b"") for m in messages if m["type"] == "http.request"]
    # A client gone before the end: the app sees more body announced, then the disconnect.
    left = [m for m in messages if m["type"] != "http.request"]
    body: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": bool(left)}
    pending = [body, *left]

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed

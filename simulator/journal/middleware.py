"""The journal's ASGI middleware: every request to the GraphQL endpoints and the OAuth server.

It sits just inside the access log (so it sees the request id, the edge's refusals and the
endpoints' notes), keeps a copy of the request body, holds the answer until its last byte is
ready, commits the entry, and only then sends the answer: an acknowledged write always has
its entry, even if the process dies the next instant. The due work the request caused fires
after (webhook attempts, journaled after it), so the journal reads in causal order.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..domain.kernel.context import Environment
from ..environments import EnvironmentName
from ..exceptions import SimulatorClosed
from ..public_url import DEFAULT_PUBLIC_URL
from ..storage.loop_reads import reads_beside_bookkeeping
from .record import record, settings_of
from .redact import KnownBearer, Redactor

__all__ = [
    "JournalMiddleware",
    "note_bearer",
    "note_cost",
    "note_operation_data",
    "operation_type",
    "redaction",
]

logger = logging.getLogger("simulator.server")

#: Bodies kept: `RequestBounds` refuses larger ones anyway (1 MiB); answers are kept whole up to
#: this size, and marked truncated beyond it (such a step cannot be compared at replay).
_MAX_KEPT = 2 * 1024 * 1024
#: The request headers a replay needs (all others are left out of the journal).
_KEPT_HEADERS = ("authorization", "content-type", "x-user-id", "accept", "cookie")
_KEPT_NAMES = frozenset(name.encode() for name in _KEPT_HEADERS)
#: The answer's headers a replay needs.
_ANSWER_HEADERS = ("location", "set-cookie")
_ANSWER_NAMES = frozenset(name.encode() for name in _ANSWER_HEADERS)
_GRAPHQL_PATHS = {
    "/sandbox/graphql": EnvironmentName.SANDBOX,
    "/sandbox-testing/graphql": EnvironmentName.SANDBOX,
    "/live/graphql": EnvironmentName.LIVE,
    "/sandbox-unauthenticated/graphql": EnvironmentName.SANDBOX,
    "/live-unauthenticated/graphql": EnvironmentName.LIVE,
}
_OPERATION = re.compile(r"\b(query|mutation|subscription)\b\s*([_A-Za-z][_0-9A-Za-z]*)?")
#: How long an unread request body is waited for once the answer is ready (real seconds).
_UNREAD_BODY_SECONDS = 0.5
#: A JSON escape of a UTF-16 surrogate (paired or not: `_holds_lone_surrogate` tells).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
#: The JSON of a parsed body, as the journal writes it (`ensure_ascii=False`).
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
_CSRF_INPUT = re.compile(r'(name="csrf_token"\s+value=")([^"]*)(")')


#: Where the GraphQL endpoint leaves the answer's `extensions.cost` for the journal.
_COST: Final = "simulator.cost"
#: Where it leaves the operation it parsed out of the body (query, variables, operationName).
_OPERATION_DATA: Final = "simulator.operation"
#: Where the token check leaves the bearer token's row (`note_bearer`).
_BEARER: Final = "simulator.bearer"
#: Where the middleware leaves the kept request headers it decoded (`_request_headers`).
_HEADERS: Final = "simulator.journal_headers"


def note_cost(scope: Scope, figures: dict[str, Any]) -> None:
    """Give the journal the `extensions.cost` an answer carries, so that it need not read
    the figures back out of the answer's JSON."""
    scope[_COST] = figures


def note_operation_data(scope: Scope, data: dict[str, Any]) -> None:
    """Give the journal the operation the endpoint parsed, so that it need not parse the
    body's JSON again (a body the endpoint refused is parsed here, as sent)."""
    scope[_OPERATION_DATA] = data


def note_bearer(
    scope: Scope, token: str, project_id: str, user_id: str | None, reference: str | None
) -> None:
    """Give the journal what the token check found for the bearer token (the token, its
    project, user, and the journal's reference for it if any), so that the entry need not
    read it again, nor hash the token: a token's row and a known reference never change (a
    new one is made, in the entry's transaction, when `reference` is None). The scope holds
    the token already (its `Authorization` header)."""
    scope[_BEARER] = (token, project_id, user_id, reference)


def operation_type(document: str, name: str | None) -> str:
    """`query`, `mutation` or `subscription`: the named operation's, else the first one's
    (a document starting with `{` is a query). Cheap: no parse."""
    for match in _OPERATION.finditer(document):
        if name is None or match.group(2) == name:
            return match.group(1)
    return "query"


def _environment_of(
    path: str, query: str, body: str, authorization: str, cookie: str
) -> EnvironmentName:
    if path in _GRAPHQL_PATHS:
        return _GRAPHQL_PATHS[path]
    if path.startswith("/dashboard"):  # its sign-in link's token, or its session's cookie
        live = "LIVE_DL_" in query or "LIVE_DS_" in cookie
        return EnvironmentName.LIVE if live else EnvironmentName.SANDBOX
    for text in (authorization, query, body):
        if "LIVE_" in text:
            return EnvironmentName.LIVE
    return EnvironmentName.SANDBOX


def _journaled(scope: Scope) -> bool:
    """The APIs, the OAuth endpoints and pages, and what changes state on the dashboard:
    its sign-in and its forms (not its pages, which only read; nor its clock form, whose
    move is journaled as such: `journal/clock.py`)."""
    path = str(scope.get("path", ""))
    if path.startswith(("/sandbox", "/live", "/oauth2")):
        return True
    if path == "/dashboard/sign-in":
        return bool(scope.get("query_string"))
    return (
        scope.get("method") == "POST"
        and path.startswith("/dashboard/")
        and path != "/dashboard/clock"
    )


class JournalMiddleware:
    """Journal every request to `/sandbox...`, `/live...` and `/oauth2...` (pure ASGI)."""

    def __init__(self, app: ASGIApp, environments: Mapping[EnvironmentName, Environment]) -> None:
        self.app = app
        self.environments = environments

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or not _journaled(scope)
            or not settings_of(self.environments[EnvironmentName.SANDBOX]).enabled
        ):
            await self.app(scope, receive, send)
            return
        exchange = _Exchange(self, scope, receive, send)
        try:
            # Its reads on the connection the entry commits on: the commit then leaves their
            # page cache alone (`storage.loop_reads`).
            with reads_beside_bookkeeping():
                await self.app(scope, exchange.receive_kept, exchange.send_kept)
        finally:
            if not exchange.written:  # a bug (the access log answers 500) or a client that left
                exchange.written = True
                self.write(scope, bytes(exchange.request), {"status": 500}, b"", exchange.arrived)

    def write(
        self, scope: Scope, body: bytes, started: Mapping[str, Any], answer: bytes, arrived: str
    ) -> None:
        """Commit the entry of one request (in a transaction of its own, on the event loop:
        one short INSERT in WAL mode, no fsync, costs less than a thread hop)."""
        entry: dict[str, Any] = {"method": scope.get("method"), "endpoint": scope.get("path")}
        try:
            try:
                entry = self._recorded(scope, body, started, answer, arrived, own=False)
            except sqlite3.OperationalError:
                # A read left open on the bookkeeping connection (a cursor not read to its
                # end and still alive: `storage.loop_reads`) holds an old snapshot, which
                # cannot write once another connection has committed. The entry, built
                # again (its redaction changed the first one), goes in a transaction on
                # this thread's own connection.
                entry = self._recorded(scope, body, started, answer, arrived, own=True)
        except SimulatorClosed:  # a request answered 503 while the simulator closes
            pass
        except Exception:  # the journal never breaks a request; its failure is logged
            logger.exception(
                "The journal could not record %s %s", entry["method"], entry["endpoint"]
            )

    def _recorded(
        self,
        scope: Scope,
        body: bytes,
        started: Mapping[str, Any],
        answer: bytes,
        arrived: str,
        *,
        own: bool,
    ) -> dict[str, Any]:
        """Build and commit the entry: on the bookkeeping connection, or (`own`) in a
        transaction of this thread's own connection. The entry, for the log."""
        entry, environment = http_entry(scope, body, started, answer)
        entry["virtual_time"] = arrived
        env = self.environments[environment]
        if own:
            with env.store.atomic() as db:
                record(env, entry, redaction(scope), db=db)
        else:
            record(env, entry, redaction(scope))
        return entry


def redaction(scope: Scope) -> Callable[[Redactor, dict[str, Any]], None]:
    """`redact_http`, given what the token check found (`note_bearer`) if it ran."""
    bearer = scope.get(_BEARER)
    return redact_http if bearer is None else functools.partial(redact_http, bearer=bearer)


def _request_headers(raw: Iterable[tuple[bytes, bytes]]) -> tuple[dict[str, str], bool]:
    """The kept headers (`_headers`), and whether the request says a body follows
    (`Content-Length` above 0, or chunked): one walk of the headers, not two."""
    found: dict[str, str] = {}
    announced = False
    for name, value in raw:
        # ASGI names come lowercase: `lower()` only for one that does not.
        if not name.islower():
            name = name.lower()
        if name in _KEPT_NAMES:
            found[name.decode("latin-1")] = value.decode("latin-1")
        elif name == b"transfer-encoding" or (name == b"content-length" and value != b"0"):
            announced = True
    return found, announced


class _Exchange:
    """One request's copy of its body and answer, and the moment its entry is committed.

    The answer is held (its start and body messages) until its last byte is ready; the entry
    is committed, then the answer sent: an answer that left has its entry, so a process
    killed the next instant loses no acknowledged write's entry (docs/bug-reports.md). Due
    work fires once the app returns, so after the entry: the journal reads in causal order.
    """

    def __init__(
        self, middleware: JournalMiddleware, scope: Scope, receive: Receive, send: Send
    ) -> None:
        self.middleware = middleware
        self.scope = scope
        self.receive = receive
        self.send = send
        # The time the request came in: a replay sends it again at that time (an operation
        # that moves the clock ends later).
        self.arrived = middleware.environments[EnvironmentName.SANDBOX].now()
        self.request = bytearray()
        self.answer = bytearray()
        self.started: dict[str, Any] = {}
        self.held: list[Message] = []
        self.written = False
        headers, announced = _request_headers(scope.get("headers", ()))
        scope[_HEADERS] = headers
        self.body_read = not announced

    async def keep_request(self, message: Message) -> None:
        if message["type"] != "http.request":
            self.body_read = True
            return
        if len(self.request) <= _MAX_KEPT:
            self.request.extend(message.get("body", b""))
        self.body_read = not message.get("more_body", False)

    async def read_unread(self) -> None:
        # An answer given before the body was read (a 401, a 405): the journal still wants
        # the body, for a moment at most (a slow client is not waited for).
        with anyio.move_on_after(_UNREAD_BODY_SECONDS):
            while not self.body_read and len(self.request) <= _MAX_KEPT:
                await self.keep_request(await self.receive())

    async def receive_kept(self) -> Message:
        message = await self.receive()
        await self.keep_request(message)
        return message

    async def send_kept(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started.update(message)
            self.held.append(message)
            return
        if message["type"] != "http.response.body" or self.written:
            await self.send(message)
            return
        if len(self.answer) <= _MAX_KEPT:
            self.answer.extend(message.get("body", b""))
        self.held.append(message)
        if message.get("more_body", False):
            return
        self.written = True
        refused_unread = not self.body_read and int(self.started.get("status", 500)) >= 400
        if not refused_unread:
            # The common case, and every answer that may follow a write: the entry first.
            # Nothing awaits between the commit and the answer's last byte but the sending
            # itself, so the next request on this loop is journaled after this one.
            if not self.body_read:  # a cancel scope costs: only when a body is still to come
                await self.read_unread()
            self._write()
            await self._flush()
            return
        # A refusal answered before the body was read wrote nothing: it goes out first (a
        # slow client's body is not waited for), then the body is read and the entry written.
        await self._flush()
        await self.read_unread()
        self._write()

    def _write(self) -> None:
        self.middleware.write(
            self.scope, bytes(self.request), self.started, bytes(self.answer), self.arrived
        )

    async def _flush(self) -> None:
        held, self.held = self.held, []
        for message in held:
            await self.send(message)


def http_entry(
    scope: Scope, body: bytes, started: Mapping[str, Any], answer: bytes
) -> tuple[dict[str, Any], EnvironmentName]:
    """The entry of one HTTP request (secrets still in: `redact_http` takes them out)."""
    headers = scope.get(_HEADERS)
    if headers is None:  # not seen by `_Exchange`
        headers = _headers(scope["headers"], _KEPT_NAMES)
    path = str(scope["path"])
    query = scope.get("query_string", b"").decode("latin-1")
    text = body.decode("utf-8", "replace")
    kept = {name: headers[name] for name in _KEPT_HEADERS if name in headers}
    answer_headers = _headers(started.get("headers", ()), _ANSWER_NAMES)
    entry: dict[str, Any] = {
        "origin": "http",
        "kind": "graphql"
        if path in _GRAPHQL_PATHS
        else "oauth"
        if path == "/oauth2/token"
        else "page",
        "endpoint": path,
        "method": str(scope["method"]),
        "status": int(started.get("status", 500)),
        "response": answer.decode("utf-8", "replace"),
        "project_id": scope.get("simulator.project_id"),
        "request_id": scope.get("simulator.request_id"),
        "request": {
            "headers": kept,
            "query": query,
            "body": text,
            "response_headers": {
                k: answer_headers[k] for k in _ANSWER_HEADERS if k in answer_headers
            },
            "truncated": len(answer) > _MAX_KEPT,
        },
    }
    # The links the answer holds start with the public URL (a served port, a workshop
    # space's `/w/<learner>`): kept when not the default, so a replay gives the same links.
    public_url = _public_url(scope)
    if public_url != DEFAULT_PUBLIC_URL:
        entry["request"]["public_url"] = public_url
    if entry["kind"] == "graphql":
        _graphql_fields(entry, text, scope.get(_COST), scope.get(_OPERATION_DATA))
    environment = _environment_of(
        path, query, text, headers.get("authorization", ""), headers.get("cookie", "")
    )
    return entry, environment


def _public_url(scope: Scope) -> str:
    """`public_url_of` without a `Request`: the app's setting and the mount's `root_path`."""
    value = getattr(getattr(scope.get("app"), "state", None), "public_url", None)
    base = value if isinstance(value, str) else DEFAULT_PUBLIC_URL
    root_path = scope.get("root_path", "")
    return base + root_path if isinstance(root_path, str) else base


def _headers(raw: Iterable[tuple[bytes, bytes]], names: frozenset[bytes]) -> dict[str, str]:
    """The headers named in `names` (lowercase), decoded; the last one of a name wins. Only
    these are decoded: an entry keeps a handful of a request's dozen headers."""
    found: dict[str, str] = {}
    for name, value in raw:
        # ASGI names come lowercase: `lower()` only for one that is not kept as it comes.
        if name in names or (not name.islower() and (name := name.lower()) in names):
            found[name.decode("latin-1")] = value.decode("latin-1")
    return found


def _graphql_fields(
    entry: dict[str, Any], text: str, noted_cost: Any, noted: dict[str, Any] | None
) -> None:
    try:
        data = noted if noted is not None else json.loads(text)
    except (ValueError, RecursionError):  # the endpoint refused it: the body stays as sent
        return
    if not isinstance(data, dict) or not isinstance(data.get("query"), str):
        return
    if noted is None and _holds_lone_surrogate(text, data):
        return  # refused (a 400): kept as sent, its `\ud800` escapes are storable text
    name = data.get("operationName") if isinstance(data.get("operationName"), str) else None
    document = data["query"]
    entry["document"] = document
    entry["variables"] = data.get("variables") if isinstance(data.get("variables"), dict) else None
    if len(document) <= _REMEMBERED_DOCUMENT:
        entry["operation_name"], entry["operation_type"] = _document_facts(document, name)
    else:
        entry["operation_name"], entry["operation_type"] = _facts(document, name)
    entry["request"]["body"] = None  # kept as document and variables
    entry["request"]["operation_name"] = name  # as sent (None: the server picked it)
    if noted_cost is not None:
        entry["cost"] = noted_cost
    elif '"cost"' in entry["response"]:
        try:
            answer = json.loads(entry["response"])
            entry["cost"] = (answer.get("extensions") or {}).get("cost")
        except (ValueError, AttributeError, RecursionError):
            pass


def _holds_lone_surrogate(text: str, data: dict[str, Any]) -> bool:
    """Whether the JSON `text` parsed to `data` holds an unpaired surrogate escape
    (`"\\ud800"`): valid JSON, but no Unicode text, so it cannot be stored as parsed."""
    if not _SURROGATE_ESCAPE.search(text):  # cheap: most bodies escape no surrogate
        return False
    try:
        _ENCODE(data).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _facts(document: str, name: str | None) -> tuple[str | None, str]:
    """The operation's name (as sent, else the document's only one) and type."""
    return name or _only_name(document), operation_type(document, name)


#: A client sends the same few documents again and again: their facts (two scans of the
#: text, some 10 µs inside a request) are remembered by the text, up to this size (the
#: cache then holds at most 128 × 16 KiB). A pure function of the text: cached, not state.
_REMEMBERED_DOCUMENT = 16 * 1024
_document_facts = functools.lru_cache(maxsize=128)(_facts)


def _only_name(document: str) -> str | None:
    names = [m.group(2) for m in _OPERATION.finditer(document) if m.group(2)]
    return names[0] if len(names) == 1 else None


def redact_http(
    redactor: Redactor, entry: dict[str, Any], bearer: KnownBearer | None = None
) -> None:
    """Take the secrets out of an HTTP entry (see `redact.py`); name its subject. `bearer`:
    what the token check found (`note_bearer`)."""
    request = entry["request"]
    headers = request["headers"]
    if "authorization" in headers:
        headers["authorization"] = redactor.authorization(headers["authorization"], bearer)
    if "cookie" in headers:
        headers["cookie"] = "; ".join(
            f"{name}={redactor.reference('session cookie', value)}"
            for name, _, value in (part.partition("=") for part in headers["cookie"].split("; "))
        )
    request["query"] = redactor.form(request["query"])
    if request["body"]:
        if "form" in headers.get("content-type", ""):
            request["body"] = redactor.form(request["body"])
        else:
            request["body"] = redactor.body(request["body"])
    if entry.get("variables"):
        entry["variables"] = redactor.json_value(entry["variables"])
    if entry.get("document"):
        entry["document"] = redactor.text(entry["document"])
    entry["project_id"] = entry["project_id"] or redactor.project_id
    entry["subject"] = redactor.subject or (
        f"project {redactor.project_id}" if redactor.project_id else None
    )
    answer_headers = request["response_headers"]
    if "location" in answer_headers:
        target, _, query = answer_headers["location"].partition("?")
        answer_headers["location"] = target + ("?" + redactor.form(query) if query else "")
    if "set-cookie" in answer_headers:
        value, _, attributes = answer_headers["set-cookie"].partition(";")
        name, _, cookie = value.partition("=")
        answer_headers["set-cookie"] = f"{name}={redactor.reference('session cookie', cookie)};" + (
            attributes
        )
    response = redactor.body(entry["response"])
    if entry["kind"] == "page":
        response = _CSRF_INPUT.sub(
            # The token alone, as the form posts it back: the same reference in both.
            lambda m: m.group(1) + redactor.reference("form token", m.group(2)) + m.group(3),
            response,
        )
    entry["response"] = response

"""What a shared server's log may carry (docs/security.md, "Logs"): no credential from a path,
no traceback for a client's text, a request id on every record of a request, a private file.
"""

from __future__ import annotations

import io
import logging
import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.routing import BaseRoute, Mount, Route

from simulator import ProjectCredentials, Simulator
from simulator.server.lazy_routes import LazyRoutes
from simulator.server.serving import LOG_FORMAT, LogFormatter, configure_logging

from .conftest import LiveServer, project_token
from .test_workshop_http import WorkshopServer, graphql, pristine  # noqa: F401

SECRET_TOKEN = "tok3n-that-must-never-be-logged"


class Recorder(logging.Handler):
    """Every record of the `simulator` and `uvicorn` loggers, formatted as `serve` writes
    them into a UTF-8 file; `failures` are the writes that raised (logging's own traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.failures: list[BaseException] = []
        self.stream = io.StringIO()
        self.setFormatter(LogFormatter(LOG_FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        try:
            # As a FileHandler(encoding="utf-8") writes it: a lone surrogate cannot be.
            line = self.format(record)
            line.encode("utf-8")
            self.stream.write(line + "\n")
        except Exception as error:
            self.failures.append(error)

    @property
    def text(self) -> str:
        return self.stream.getvalue()


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    handler = Recorder()
    loggers = [logging.getLogger(name) for name in ("simulator", "uvicorn")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(level)


def _routes(routes: list[BaseRoute], prefix: str = "") -> Iterator[Route]:
    for route in routes:
        if isinstance(route, Mount):
            yield from _routes(list(route.routes), prefix + route.path)
        elif isinstance(route, Route):
            yield Route(prefix + route.path, route.endpoint, methods=route.methods)
        elif isinstance(route, LazyRoutes):  # the browser pages, built at their first request
            yield from _routes(route.routes, prefix)


def token_routes(app: object) -> list[Route]:
    """Every route of the app whose path has a `{token}` parameter (a credential)."""
    found = [r for r in _routes(list(app.router.routes)) if "{token" in r.path]  # type: ignore[attr-defined]
    assert found, "no route with a {token} parameter: the walk found nothing to check"
    return found


def _request(route: Route, token: str) -> tuple[str, str]:
    method = "GET" if "GET" in (route.methods or ()) else "PUT"
    path = route.path.replace("{token}", token)
    return method, path


# -- tokens in paths --------------------------------------------------------------


def test_no_token_of_an_upload_or_download_path_reaches_the_log(
    sim: Simulator, recorder: Recorder
) -> None:
    """Before: `path=/sandbox/export-downloads/<token>`, the credential itself, in every line."""
    with sim.client() as http:
        for route in token_routes(sim.app):
            method, path = _request(route, SECRET_TOKEN)
            for spelled in (
                path,
                path.replace("/", "%2F").replace("%2F", "/", 2),  # `/sandbox/x%2Fy%2FTOKEN`
                path + "/more",
                path.replace("-", "%2D", 1),
            ):
                answer = http.request(method, spelled, content=b"file")
                assert answer.status_code < 500
    assert SECRET_TOKEN not in recorder.text
    assert "[redacted]" in recorder.text


def test_a_bug_on_a_token_path_logs_no_token(sim: Simulator, recorder: Recorder) -> None:
    route = token_routes(sim.app)[0]
    _, path = _request(route, SECRET_TOKEN)

    def boom(request: object) -> None:
        raise RuntimeError("bug")

    sim.app.router.routes.insert(0, Route(path, boom))
    with sim.client() as http:
        assert http.get(path).status_code == 500
    assert "Unexpected error" in recorder.text and SECRET_TOKEN not in recorder.text


# -- the log file ---------------------------------------------------------------


@pytest.mark.parametrize("existing", [False, True])
def test_the_log_file_is_private(tmp_path: Path, existing: bool) -> None:
    """Before: created `0644` by `logging.FileHandler` (the process's umask)."""
    log_file = tmp_path / "serve.log"
    if existing:
        log_file.write_text("earlier\n")
        log_file.chmod(0o644)
    old_umask = os.umask(0o022)
    try:
        handler = configure_logging(log_file)
    finally:
        os.umask(old_umask)
    try:
        logging.getLogger("simulator.test").warning("written \ud800 here")
        handler.flush()
    finally:
        for name in ("simulator", "uvicorn"):
            logging.getLogger(name).removeHandler(handler)
            logging.getLogger(name).propagate = True
        handler.close()
    assert log_file.stat().st_mode & 0o777 == 0o600
    text = log_file.read_text(encoding="utf-8")
    assert "written \\ud800 here" in text
    assert text.startswith("earlier\n") is existing


# -- hostile text ---------------------------------------------------------------

#: Text a client chooses, as JSON strings (escapes are what reaches the server's str).
HOSTILE_JSON = [
    '"\\ud800"',
    '"\\udfff\\u0000x"',
    '"\\u0000"',
    '"%s"' % ("\\ud83d" * 3),
    '"' + "x" * 200_000 + '"',
]
#: The same, as bytes in a URL, a header or a form.
HOSTILE_BYTES = [
    b"%ED%A0%80",
    b"%ff%fe",
    b"%00",
    b"%C0%AF",
    b"\xed\xa0\x80",
    b"\xff\xfe",
    b"x" * 6000,
]


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
        connection.sendall(request)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _hostile_requests(token: str) -> Iterator[bytes]:
    """Raw HTTP/1.1 requests carrying hostile text in each place a client chooses."""
    auth = b"Authorization: Bearer " + token.encode() + b"\r\n"
    for piece in HOSTILE_BYTES:
        for path in (
            b"/sandbox/graphql/" + piece,
            b"/" + piece,
            b"/sandbox/export-downloads/" + piece,
        ):
            yield (
                b"GET "
                + path
                + b"?q="
                + piece
                + b"&"
                + piece
                + b"=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
        for header in (
            b"Authorization: Bearer ",
            b"X-User-Id: ",
            b"X-Forwarded-For: ",
            b"Origin: ",
            b"Cookie: oauth2_session=",
            b"Content-Type: application/json; charset=",
        ):
            body = b'{"query": "{ __typename }"}'
            yield (
                b"POST /sandbox-testing/graphql HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                + (auth if not header.startswith(b"Authorization") else b"")
                + header + piece + b"\r\nContent-Type: application/json\r\n"
                + b"Content-Length: %d\r\n\r\n" % len(body) + body
            )  # fmt: skip
        form = b"grant_type=client_credentials&client_id=" + piece + b"&client_secret=" + piece
        yield (
            b"POST /oauth2/token HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: %d\r\n\r\n" % len(form) + form
        )
    for text in HOSTILE_JSON:
        for path in (
            b"/sandbox/graphql",
            b"/sandbox-testing/graphql",
            b"/sandbox-unauthenticated/graphql",
        ):
            for body in (
                '{"query": "query A { __typename }", "operationName": %s}' % text,
                '{"query": "query A { __typename }", "operationName": "A", "variables": {"v": %s}}'
                % text,
                '{"query": %s}' % text,
                '{"query": "{ __typename }", "operationName": null, "extensions": {"x": %s}}'
                % text,
            ):
                data = body.encode()
                yield (
                    b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + auth
                    + b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(data)
                    + data
                )  # fmt: skip


def test_no_client_text_makes_a_record_carry_a_traceback(
    sim: Simulator, project: ProjectCredentials, recorder: Recorder
) -> None:
    """Before: an `operationName` of `"\\ud800"` reached the log as a lone surrogate, which a
    UTF-8 log file cannot take: logging printed its own traceback for a client's text."""
    with sim.client() as http:
        token = project_token(http, project)
    with LiveServer(sim) as server:
        statuses = [_raw(server.port, request)[:12] for request in _hostile_requests(token)]
    assert statuses and all(not status.startswith(b"HTTP/1.1 5") for status in statuses)
    with_trace = [r for r in recorder.records if (r.exc_info or r.stack_info)]
    assert not with_trace, [(r.name, r.getMessage()) for r in with_trace]
    assert not recorder.failures, recorder.failures
    assert len(recorder.text) < 2_000_000  # huge text is cut, not copied into the log


# -- request ids ----------------------------------------------------------------


def test_a_graphql_error_names_its_request(
    sim: Simulator, project: ProjectCredentials, recorder: Recorder
) -> None:
    """Before: the operation ran in a worker thread without the request's context, so the
    `GraphQL error` line (logged there) had no `request_id=` (in a room neither)."""
    with sim.client() as http:
        headers = {"Authorization": f"Bearer {project_token(http, project)}"}
        answer = http.post("/sandbox/graphql", json={"query": "{ nope }"}, headers=headers)
    assert answer.status_code == 400
    [line] = [x for x in recorder.text.splitlines() if "GraphQL error" in x]
    assert line.endswith(f"request_id={answer.headers['x-request-id']}")


def test_in_a_room_every_record_of_a_request_names_it(
    pristine: Path,  # noqa: F811
    tmp_path: Path,
    recorder: Recorder,
) -> None:
    """Before: in a workshop, `GraphQL error` lines carried no `request_id=`; a join, hostile
    text in a join code and a space's path log no traceback either."""
    shutil.copytree(pristine, tmp_path / "room")
    with WorkshopServer(tmp_path / "room") as served:
        token = served.token("ada").json()["access_token"]
        answer = graphql(served, "ada", token, "{ nope }")
        with served.client() as http:
            joined = http.post("/w/join", data={"code": served.room.codes.code("ada")})
            for piece in ("\ud800", "\x00", "x" * 100_000):
                http.post("/w/join", content=f"code={piece}".encode("utf-8", "surrogatepass"))
        for request in (b"GET /w/ada/%ED%A0%80 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",):
            _raw(served.port, request)
    assert answer.status_code == 400 and joined.status_code == 200
    [line] = [x for x in recorder.text.splitlines() if "GraphQL error" in x]
    assert line.endswith(f"request_id={answer.headers['x-request-id']}")
    [join] = [x for x in recorder.text.splitlines() if "Joined: learner=ada" in x]
    assert join.endswith(f"request_id={joined.headers['x-request-id']}")
    with_trace = [r for r in recorder.records if (r.exc_info or r.stack_info)]
    assert not with_trace and not recorder.failures


def test_an_access_line_without_a_record_is_the_line_a_record_gives(tmp_path: Path) -> None:
    """`serve`'s handler takes access lines directly (issue 35): the same text, escaped."""
    from simulator.server.access_log import _direct_handler, access_logger, log_access

    log_file = tmp_path / "serve.log"
    handler = configure_logging(log_file)
    line = "request_id=0000000000000007 client=127.0.0.1 method=POST path=/x\u2028 status=200"
    try:
        assert _direct_handler(access_logger) is handler
        log_access(line)
        access_logger.info("%s", line)
        access_logger.addFilter(lambda record: True)  # a filter: records again
        assert _direct_handler(access_logger) is None
    finally:
        access_logger.filters.clear()
        for name in ("simulator", "uvicorn"):
            logging.getLogger(name).removeHandler(handler)
            logging.getLogger(name).propagate = True
        handler.close()
    direct, recorded = log_file.read_text(encoding="utf-8").splitlines()
    assert direct[23:] == recorded[23:]  # after the time stamps (`2026-12-07 09:01:25,475`)
    assert direct[23:] == f" INFO simulator.access {line[:-12]}\\u2028 status=200"

"""The access log, request ids and logged bugs: in-process, over uvicorn and from `serve`."""

from __future__ import annotations

import io
import logging
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from simulator import ProjectCredentials, Simulator
from simulator.server.serving import LOG_FORMAT, LogFormatter

from .conftest import LiveServer, project_token
from .test_server import ServeProcess

ACCOUNTS = "query Accounts { accounts { totalCount } }"


def access_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "simulator.access"]


def field(line: str, name: str) -> str | None:
    match = re.search(rf"(?:^| ){name}=(\S+)", line)
    return match.group(1) if match else None


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger="simulator")
    return caplog


def boom(request: Request) -> Response:
    raise RuntimeError(f"bug while serving {request.url.path} (secret-detail)")


@pytest.fixture
def buggy(sim: Simulator) -> Simulator:
    """The app with one route whose handler raises, as a bug would."""
    sim.app.router.routes.insert(0, Route("/boom", boom, methods=["GET", "POST"]))
    return sim


def test_a_graphql_request_logs_one_line_with_its_request_id(
    logs: pytest.LogCaptureFixture, http: httpx.Client, project: ProjectCredentials, token: str
) -> None:
    logs.clear()
    response = http.post(
        "/sandbox/graphql?access_token=leaked",
        json={"query": ACCOUNTS},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200
    request_id = response.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{16}", request_id)
    assert response.json()["extensions"]["requestId"] == request_id

    [line] = access_lines(logs)
    assert field(line, "request_id") == request_id
    assert field(line, "method") == "POST"
    assert field(line, "path") == "/sandbox/graphql"  # without the query string
    assert field(line, "status") == "200"
    assert float(field(line, "duration_ms") or "nan") >= 0
    assert field(line, "operation") == "Accounts"  # the document's only operation
    assert field(line, "project") == project.project_id
    assert token not in logs.text and "leaked" not in logs.text


def test_errors_carry_the_request_id_too(
    logs: pytest.LogCaptureFixture, http: httpx.Client, token: str
) -> None:
    answers = [
        http.post("/sandbox/graphql", json={"query": ACCOUNTS}),  # 401
        http.post(
            "/sandbox/graphql",
            content=b"{",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        ),
        http.get("/sandbox/graphql"),  # 405
        http.get("/nowhere"),  # 404
        http.post(
            "/live/graphql",
            json={"query": "{ nope }", "operationName": "Has space\nand newline"},
            headers={"Authorization": "Bearer nope"},
        ),
    ]
    for response in answers:
        request_id = response.headers["x-request-id"]
        assert response.json()["extensions"]["requestId"] == request_id, response.text
    lines = access_lines(logs)
    assert [field(line, "status") for line in lines[-5:]] == ["401", "400", "405", "404", "401"]
    assert all("\n" not in line for line in lines)


def test_the_operation_name_given_is_logged_escaped(
    logs: pytest.LogCaptureFixture, http: httpx.Client, token: str
) -> None:
    logs.clear()
    http.post(
        "/sandbox/graphql",
        json={"query": ACCOUNTS, "operationName": 'Accounts x="1"\nforged=line'},
        headers={"Authorization": f"Bearer {token}"},
    )
    [line] = access_lines(logs)
    assert "\n" not in line and "forged=line" not in line.replace("\\nforged", "")
    assert field(line, "forged") is None


def test_no_secret_reaches_the_log(
    logs: pytest.LogCaptureFixture, http: httpx.Client, project: ProjectCredentials
) -> None:
    logs.clear()
    token = project_token(http, project)
    http.get(
        f"/oauth2/auth?client_id={project.client_id}&state=secret-state&response_type=code",
        follow_redirects=False,
    )
    http.post(
        "/sandbox/graphql",
        json={"query": ACCOUNTS},
        headers={"Authorization": f"Bearer {token}"},
    )
    for secret in (project.client_secret, token, "secret-state"):
        assert secret not in logs.text
    paths = [field(line, "path") for line in access_lines(logs)]
    assert paths == ["/oauth2/token", "/oauth2/auth", "/sandbox/graphql"]


def test_a_bug_is_logged_with_its_trace_and_never_shown(
    logs: pytest.LogCaptureFixture, buggy: Simulator
) -> None:
    with buggy.client() as http:
        response = http.get("/boom")
    assert response.status_code == 500
    body = response.json()
    assert body["errors"][0]["message"] == "Unexpected error."
    assert "Traceback" not in response.text and "secret-detail" not in response.text
    request_id = response.headers["x-request-id"]
    assert body["extensions"]["requestId"] == request_id

    [error] = [r for r in logs.records if r.name == "simulator.server"]
    assert error.levelno == logging.ERROR
    assert f"request_id={request_id}" in error.getMessage()
    assert error.exc_info is not None and "secret-detail" in str(error.exc_info[1])
    [line] = access_lines(logs)
    assert field(line, "status") == "500" and field(line, "request_id") == request_id


def test_over_uvicorn_the_log_and_headers_agree(
    logs: pytest.LogCaptureFixture, buggy: Simulator
) -> None:
    with LiveServer(buggy) as server:
        ok = httpx.get(server.base_url + "/")
        bug = httpx.post(server.base_url + "/boom")
    assert bug.status_code == 500 and "Traceback" not in bug.text
    assert bug.headers["content-type"] == "application/json"
    lines = access_lines(logs)
    ids = [field(line, "request_id") for line in lines]
    assert ids[-2:] == [ok.headers["x-request-id"], bug.headers["x-request-id"]]
    # uvicorn's own access log is off and it did not log the bug a second time.
    assert not [r for r in logs.records if r.name.startswith("uvicorn")]


def test_records_logged_during_a_request_name_it(buggy: Simulator) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(LogFormatter(LOG_FORMAT))

    def noisy(request: Request) -> Response:
        del request
        logging.getLogger("simulator.api").warning("Something odd")
        return Response("ok")

    buggy.app.router.routes.insert(0, Route("/noisy", noisy))
    logger = logging.getLogger("simulator")
    logger.addHandler(handler)
    try:
        with buggy.client() as http:
            request_id = http.get("/noisy").headers["x-request-id"]
    finally:
        logger.removeHandler(handler)
    [odd] = [line for line in stream.getvalue().splitlines() if "Something odd" in line]
    assert odd.endswith(f"request_id={request_id}")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_serve_writes_its_log_to_a_file(data_dir: Path, tmp_path: Path) -> None:
    log_file = tmp_path / "serve.log"
    server = ServeProcess(
        data_dir, "--log-file", str(log_file), "--public-url", "https://bank.example"
    )
    try:
        config = httpx.get(
            server.base_url + "/oauth2/.well-known/openid-configuration",
            headers={"Host": "evil.example"},
        )
        missing = httpx.get(server.base_url + "/missing?code=do-not-log")
    finally:
        code, out = server.stop()
    assert code == 0
    assert "auth_url            https://bank.example/oauth2" in out
    assert config.json()["issuer"] == "https://bank.example/oauth2"
    log = log_file.read_text(encoding="utf-8")
    assert f"request_id={config.headers['x-request-id']}" in log
    line = next(line for line in log.splitlines() if missing.headers["x-request-id"] in line)
    assert " INFO simulator.access " in line
    assert "path=/missing status=404" in line
    assert "do-not-log" not in log


def test_serve_logs_to_stderr_by_default(data_dir: Path) -> None:
    server = ServeProcess(data_dir, "--no-demo")
    try:
        response = httpx.get(server.base_url + "/")
    finally:
        server.process.send_signal(signal.SIGINT)
        _, stderr = server.process.communicate(timeout=30)
    assert f"request_id={response.headers['x-request-id']}" in stderr
    assert '"GET / HTTP/1.1" 200' not in stderr  # uvicorn's access log is replaced


#: A record's first line, as `LOG_FORMAT` writes it.
RECORD = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [A-Z]+ simulator[.\w]* ")
FORGED = "2026-01-01 00:00:00,000 INFO simulator.access request_id=forged status=200"


@pytest.fixture
def written() -> Iterator[io.StringIO]:
    """The `simulator` log as `serve` writes it (its formatter), at INFO."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(LogFormatter(LOG_FORMAT))
    logger = logging.getLogger("simulator")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def assert_one_line_a_record(log: str) -> None:
    """Every line at column 0 starts a record; a traceback's lines are indented."""
    assert log
    for line in log.splitlines():
        assert RECORD.match(line) or line.startswith("    "), line


def test_graphql_errors_are_logged_without_the_request(
    sim: Simulator, project: ProjectCredentials, written: io.StringIO
) -> None:
    """Before: each error at ERROR with the document's text (the secret, twice), and a block
    string's newline started a forged access line at column 0."""
    invalid_subscription = (
        'mutation { addWebhookSubscription(input: {label: "x", endpoint: "http://x.example",'
        ' secret: "top-secret-value", eventTypes: ["Account.Created"], status: Nope}) '
        "{ __typename } }"
    )
    forging = 'query Forge { accounts(after: """x\n%s\n""", nope: 1) { totalCount } }' % FORGED
    with sim.client() as http:
        headers = {"Authorization": f"Bearer {project_token(http, project)}"}
        for document in (invalid_subscription, forging):
            answer = http.post("/sandbox/graphql", json={"query": document}, headers=headers)
            assert answer.status_code == 400, answer.text
    log = written.getvalue()
    assert "top-secret-value" not in log
    assert "ERROR" not in log  # a client's mistake is not the server's error
    assert_one_line_a_record(log)
    assert "GraphQL error: code=GRAPHQL_VALIDATION_FAILED" in log


def test_control_characters_never_leave_a_record_line(
    buggy: Simulator, written: io.StringIO
) -> None:
    logging.getLogger("simulator.api").warning("odd\n%s\r\x1b[2J", FORGED)

    def forging(request: Request) -> Response:
        raise ValueError(f"bad value\n{FORGED}")

    buggy.app.router.routes.insert(0, Route("/forging", forging))
    with buggy.client() as http:
        assert http.get("/forging").status_code == 500
    log = written.getvalue()
    assert_one_line_a_record(log)
    assert "odd\\n" + FORGED + "\\r\\x1b[2J" in log
    assert "Traceback (most recent call last):" in log  # the server still has the trace

"""Hostile text never breaks the journal (issue 31): unpaired surrogates, NUL, invalid UTF-8
and 1 MiB strings in any field are journaled (escaped where SQLite cannot hold them), the
answer is the one given with the journal off, and no traceback is logged."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.journal.record import record_call

from .conftest import REDIRECT_URI, project_token

MIB = 1024 * 1024
#: GraphQL bodies, as sent (bytes): each is answered, and journaled.
GRAPHQL_BODIES = [
    b'{"query": "{ __typename }", "operationName": "\\ud800"}',
    b'{"query": "{ __typename }", "operationName": "\\udfff\\ud800x"}',
    b'{"query": "query($v: String) { __typename }", "variables": {"\\ud800": "\\udc00"}}',
    b'{"query": "{ __typename }", "variables": {"secret": "\\ud800", "a": ["\\ud800"]}}',
    b'{"query": "# \\ud800\\n{ __typename }"}',
    b'{"query": "{ __typename }", "operationName": "A\\u0000"}',
    b'{"query": "{ __typename \x00 }"}',
    b'{"query": "{ __typename }", "operationName": "\xff\xfe\xed\xa0\x80"}',
    b"\xff\xfe\x00garbage\xed\xa0\x80",
    b'{"query": "{ __typename }", "operationName": "' + b"a" * (MIB - 100) + b'"}',
    b'{"query": "{ __typename }", "variables": {"v": "' + b"\\ud800" * (MIB // 8) + b'"}}',
]
#: Form bodies for the token endpoint.
FORM_BODIES = [
    b"grant_type=client_credentials&client_id=%ED%A0%80&client_secret=%00%ff",
    b"grant_type=\xed\xa0\x80&client_secret=\x00" + b"b" * (MIB - 100),
]


class Tracebacks(logging.Handler):
    """The log records that carry a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.stack_info:
            self.records.append(record)


@pytest.fixture
def tracebacks() -> Iterator[Tracebacks]:
    handler = Tracebacks()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def _answers(sim: Simulator, project: ProjectCredentials) -> list[tuple[int, bytes]]:
    """Each hostile request's answer (status, body without the request id)."""
    answers: list[tuple[int, bytes]] = []
    with sim.client() as http:
        token = project_token(http, project)
        for body in GRAPHQL_BODIES:
            answer = http.post(
                "/sandbox/graphql",
                content=body,
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            )
            answers.append((answer.status_code, answer.content))
        for body in FORM_BODIES:
            answer = http.post(
                "/oauth2/token",
                content=body,
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            answers.append((answer.status_code, answer.content))
    return answers


def test_hostile_text_is_journaled_and_the_answer_unchanged(
    tmp_path: Path, tracebacks: Tracebacks
) -> None:
    # The two simulators count their requests alike: the request ids and the rate limit's
    # budget in the answers match too, so the answers are compared whole.
    answers = {}
    for label, retention in (("off", 0), ("on", 10_000)):
        with Simulator(tmp_path / label, journal_retention=retention) as sim:
            project = sim.create_project("sandbox", "Hostile", [REDIRECT_URI])
            answers[label] = _answers(sim, project)
            if retention:
                entries = sim.journal.filter("sandbox", kinds=("graphql", "oauth"))
    assert answers["on"] == answers["off"]
    assert all(status < 500 for status, _ in answers["on"])
    assert tracebacks.records == []
    # The token request, then one entry a hostile request, each as answered.
    assert len(entries) == 1 + len(GRAPHQL_BODIES) + len(FORM_BODIES)
    assert [e.status for e in entries[1:]] == [status for status, _ in answers["on"]]
    for entry in entries[1:]:
        for text in (entry.operation_name, entry.document, entry.response):
            assert text is None or text.encode("utf-8")  # storable text, read back
    # A refused body with an unpaired surrogate is kept as sent: its escape is plain text.
    assert entries[1].request is not None
    assert entries[1].request["body"] == GRAPHQL_BODIES[0].decode()
    assert entries[1].operation_name is None
    # NUL is text SQLite holds: kept as sent.
    assert entries[6].operation_name == "A\x00"
    assert entries[10].operation_name == "a" * (MIB - 100)


def test_a_call_with_an_unpaired_surrogate_is_stored_escaped(
    sim: Simulator, tracebacks: Tracebacks
) -> None:
    seq = record_call(sim.sandbox, "command", "hostile", {"name": "a\ud800b", "\udfff": 1})
    (entry,) = [e for e in sim.journal.filter("sandbox") if e.seq == seq]
    assert entry.request == {"arguments": {"name": "a\\ud800b", "\\udfff": 1}}
    assert tracebacks.records == []


def test_a_refused_surrogate_body_replays_as_sent(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    token = project_token(http, project)
    body = GRAPHQL_BODIES[2]
    answer = http.post(
        "/sandbox/graphql",
        content=body,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    assert answer.status_code == 400
    entry = sim.journal.last(1)[0]
    assert entry.request is not None and entry.request["body"].encode() == body
    assert entry.variables is None and entry.document is None

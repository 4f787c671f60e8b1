"""The request journal (issue 13): what is recorded, without secrets, read three ways."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator, clock
from simulator.cli import main
from simulator.domain.accounts import accounts
from simulator.journal.middleware import (
    _document_facts,
    _facts,
    _headers,
    _only_name,
    operation_type,
)
from simulator.journal.redact import JSON_SECRETS, TOKEN_PATTERN

from .conftest import REDIRECT_URI, project_token

ACCOUNTS = "query Accounts { accounts(first: 2) { edges { node { id } } } }"


def _graphql(
    http: httpx.Client, token: str, query: str, path: str = "/sandbox/graphql", **extra: Any
) -> httpx.Response:
    return http.post(
        path, json={"query": query, **extra}, headers={"Authorization": f"Bearer {token}"}
    )


def _everything(sim: Simulator) -> str:
    return json.dumps([entry.as_dict() for entry in sim.journal])


def test_every_call_is_journaled_in_order_without_secrets(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    token = project_token(http, project)
    _graphql(http, token, ACCOUNTS, variables={"unused": token})
    sim.advance("1h")
    _graphql(http, token, "{ __typename }")  # expired now: a 401
    entries = sim.journal.filter("sandbox")
    assert [(e.kind, e.endpoint, e.status) for e in entries] == [
        ("project", "python:create_project", 0),
        ("oauth", "/oauth2/token", 200),
        ("graphql", "/sandbox/graphql", 200),
        ("clock", "python:advance", 0),
        ("graphql", "/sandbox/graphql", 401),
    ]
    assert [e.seq for e in entries] == [1, 2, 3, 4, 5]
    query = entries[2]
    assert (query.operation_name, query.operation_type, query.document) == (
        "Accounts",
        "query",
        ACCOUNTS,
    )
    assert query.cost is not None and query.cost["complexity"] > 0
    assert query.project_id == project.project_id
    assert query.subject == f"project {project.project_id}"
    assert query.virtual_time == "2026-01-05T09:00:00.000Z"
    assert entries[4].virtual_time == "2026-01-05T10:00:00.000Z"
    assert entries[4].document == "{ __typename }"  # read although the endpoint never did
    reference = f"<project token #1 of project {project.project_id}>"
    assert query.request is not None
    assert query.request["headers"]["authorization"] == f"Bearer {reference}"
    assert query.variables == {"unused": reference}
    assert json.loads(entries[1].response or "")["access_token"] == reference
    text = _everything(sim)
    assert token not in text and project.client_secret not in text


def test_references_are_stable_and_numbered_per_owner(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    first, second = project_token(http, project), project_token(http, project)
    _graphql(http, second, "{ __typename }")
    _graphql(http, first, "{ __typename }")
    headers = [
        e.request["headers"]["authorization"]
        for e in sim.journal.filter("sandbox", kinds=("graphql",))
        if e.request
    ]
    owner = f"project {project.project_id}"
    assert headers == [
        f"Bearer <project token #2 of {owner}>",
        f"Bearer <project token #1 of {owner}>",
    ]


def test_the_journal_is_filtered_by_environment_project_and_count(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    live = sim.create_project("live", "Live", [REDIRECT_URI])
    _graphql(http, project_token(http, other), "{ __typename }")
    _graphql(http, project_token(http, live), "{ __typename }", path="/live/graphql")
    assert {e.project_id for e in sim.journal.filter("sandbox", project=other.project_id)} == {
        other.project_id
    }
    assert [e.endpoint for e in sim.journal.filter("live")][-1] == "/live/graphql"
    assert len(sim.journal.last(2)) == 2
    assert sim.journal.last(1)[0].seq == sim.journal.position("sandbox")
    assert len(list(sim.journal)) == len(sim.journal)


def test_documents_are_the_distinct_successful_ones_in_first_sent_order(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    token = project_token(http, project)
    for query in (ACCOUNTS, "{ __typename }", ACCOUNTS, "{ nope }", ACCOUNTS):
        _graphql(http, token, query)
    _graphql(http, project_token(http, other), "{ projectInfo { id } }")
    assert sim.journal.documents("sandbox", project=project.project_id) == [
        ACCOUNTS,
        "{ __typename }",
    ]  # `{ nope }` was refused with a 400
    assert len(sim.journal.documents("sandbox")) == 3


def test_retention_keeps_the_latest_entries(tmp_path: Any) -> None:
    with Simulator(tmp_path / "d", journal_retention=3) as sim:
        for _ in range(5):
            sim.advance("1m")
        assert [e.seq for e in sim.journal.filter("sandbox")] == [3, 4, 5]
    with Simulator(tmp_path / "off", journal_retention=0) as sim:
        sim.advance("1m")
        assert len(sim.journal) == 0


def test_webhook_attempts_are_journaled_after_their_cause(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    inbox = sim.webhooks.inbox("app")
    inbox.fail(times=1)
    sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="webhook-secret-1")
    accounts.create_account_holder(sim.sandbox, project.project_id, first_name="A", last_name="B")
    sim.advance("1h")
    kinds = [(e.kind, e.status) for e in sim.journal.filter("sandbox", kinds=("clock", "webhook"))]
    assert kinds == [("clock", 0), ("webhook", 500), ("webhook", 200)]
    attempt = sim.journal.filter("sandbox", kinds=("webhook",))[0]
    assert attempt.endpoint == "inbox://app" and attempt.operation_name == "Account.Created"
    assert attempt.project_id == project.project_id
    assert "webhook-secret-1" not in _everything(sim)


def test_the_testing_api_shows_the_callers_entries_only(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    _graphql(http, project_token(http, other), "{ __typename }")
    token = project_token(http, project)
    _graphql(http, token, ACCOUNTS)
    answer = _graphql(
        http,
        token,
        "{ simulatorJournal(last: 10) { seq kind endpoint operationName status subject } }",
        path="/sandbox-testing/graphql",
    ).json()
    entries = answer["data"]["simulatorJournal"]
    assert [e["endpoint"] for e in entries][-1] == "/sandbox/graphql"
    assert {e["subject"] for e in entries} <= {f"project {project.project_id}", "the operator"}
    refused = _graphql(
        http, token, "{ simulatorJournal(last: 0) { seq } }", path="/sandbox-testing/graphql"
    ).json()
    assert refused["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_the_command_line_reads_and_feeds_the_journal(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    assert main(["project", "create", "--name", "P", "--redirect-uri", REDIRECT_URI, "--data-dir", data]) == 0  # fmt: skip
    assert main(["clock", "advance", "5m", "--data-dir", data]) == 0
    capsys.readouterr()
    assert main(["journal", "--last", "1", "--json", "--data-dir", data]) == 0
    [entry] = json.loads(capsys.readouterr().out)
    assert entry["origin"] == "cli" and entry["request"]["arguments"]["argv"] == [
        "clock",
        "advance",
        "5m",
    ]
    assert main(["journal", "--data-dir", data]) == 0
    assert "cli:project create" in capsys.readouterr().out


def test_operation_types_are_read_without_parsing() -> None:
    assert operation_type("{ a }", None) == "query"
    assert operation_type("mutation M { a }", None) == "mutation"
    assert operation_type("query Q { a } mutation M { b }", "M") == "mutation"


def test_a_documents_facts_are_the_same_remembered_or_not() -> None:
    """`_document_facts` remembers a document's name and type by its text (documents up to
    16 KiB); a larger one is scanned each time, with the same answer."""
    small = "query Q { a } mutation M { b }"
    large = small + " " * (17 * 1024)
    for document in (small, large, "{ a }", "mutation M { a }"):
        for name in (None, "M", "Q"):
            expected = (name or _only_name(document), operation_type(document, name))
            assert _facts(document, name) == expected
            assert _document_facts(document, name) == expected


def test_an_entry_keeps_its_wall_time_and_headers_however_they_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cheap paths of an entry's row (`journal/record.py`, `journal/middleware.py`) give
    what the general ones gave: the wall time in the one text form, and a kept header found
    whatever the case of its name (ASGI sends them lowercase; another caller may not)."""
    moment = datetime(2026, 1, 5, 9, 0, 0, 123_999, tzinfo=UTC)
    nanoseconds = int(moment.timestamp()) * 1_000_000_000 + 123_999_000
    monkeypatch.setattr(clock, "_wall_ns", lambda: nanoseconds)
    assert clock.wall_timestamp() == clock.format_timestamp(moment) == "2026-01-05T09:00:00.123Z"
    # The second's text is remembered: another millisecond of it, then the next second.
    monkeypatch.setattr(clock, "_wall_ns", lambda: nanoseconds + 876_000_000)
    assert clock.wall_timestamp() == "2026-01-05T09:00:00.999Z"
    monkeypatch.setattr(clock, "_wall_ns", lambda: nanoseconds + 877_000_000)
    assert clock.wall_timestamp() == "2026-01-05T09:00:01.000Z"
    raw = [(b"Authorization", b"Bearer x"), (b"content-type", b"application/json"), (b"x-a", b"1")]
    assert _headers(raw, frozenset({b"authorization", b"content-type"})) == {
        "authorization": "Bearer x",
        "content-type": "application/json",
    }


def test_the_redactions_cheap_checks_cover_every_secret() -> None:
    """`Redactor.body` and `Redactor.text` rule secrets out with a few scans: each quoted
    key of `JSON_SECRETS` ends with `_token"` or `ecret"`, and each token holds `SANDBOX_`
    or `LIVE_` (a new key or token kind must keep to that, or the checks must change)."""
    assert all(f'"{key}"'.endswith(('_token"', 'ecret"')) for key in JSON_SECRETS)
    assert TOKEN_PATTERN.pattern.startswith(r"\b(?:SANDBOX|LIVE)_")

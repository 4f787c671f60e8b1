"""The event log, replay and probes on the partner API; the Testing API's deliveries, retry
policy, inboxes and timeline; the `webhooks` CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from simulator import ProjectCredentials, Simulator
from simulator.cli import main

from .conftest import GraphQL, project_token

CREATE_HOLDER = """mutation { createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"}) {
  ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }"""
ENTRY = (
    "id createdAt duration eventDate eventId eventType resourceId requestPayload "
    "responsePayload retryCount statusCode statusText webhookSubscription { id label } "
    "webhookSubscriptionEndpoint webhookSubscriptionLabel"
)
LOG = (
    """query($first: Int!, $after: String, $filters: WebhookEventLogFiltersInput) {
  webhookEventLogs(first: $first, after: $after, filters: $filters) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { %s } } } }"""
    % ENTRY
)
DELIVERIES = """query($filters: WebhookDeliveryFilters) {
  webhookDeliveries(filters: $filters) { totalCount edges { node {
    id eventId eventType resourceId eventDate subscriptionId
    trigger status attemptCount retryCount maxAttempts nextAttemptAt lastAttemptAt createdAt
    policy { name delaysSeconds timeoutSeconds maxAttempts }
    webhookEventLogIds } } } }"""
TIMELINE = (
    "... on ClockSuccessPayload { clock { now } timeline { at work summary "
    "webhookEventLogId } } "
    "... on ValidationRejection { message }"
)


@pytest.fixture
def subscription(sim: Simulator, project: ProjectCredentials) -> dict[str, Any]:
    sim.webhooks.inbox("app").fail(times=2)
    return sim.webhooks.subscribe(
        project, "inbox://app", ["Account.Created"], secret="s", label="App"
    )


def test_the_event_log_on_the_partner_api(
    sim: Simulator, subscription: dict[str, Any], testing: GraphQL, sandbox: GraphQL
) -> None:
    account_id = testing(CREATE_HOLDER)["createSandboxAccountHolder"]["accountId"]
    sim.advance("1m")
    page = sandbox(LOG, {"first": 2})["webhookEventLogs"]
    assert page["totalCount"] == 3 and page["pageInfo"]["hasNextPage"]
    first, second = (edge["node"] for edge in page["edges"])
    rest = sandbox(LOG, {"first": 2, "after": page["pageInfo"]["endCursor"]})
    (third,) = (edge["node"] for edge in rest["webhookEventLogs"]["edges"])
    assert [a["retryCount"] for a in (first, second, third)] == [0, 1, 2]
    assert [a["createdAt"][11:19] for a in (first, second, third)] == [
        "09:00:00",
        "09:00:05",
        "09:00:22",
    ]
    assert (first["statusCode"], first["statusText"]) == (500, "Failure")
    assert (third["statusCode"], third["statusText"]) == (200, "Success")
    assert first["resourceId"] == account_id and first["eventDate"][11:19] == "09:00:00"
    body = json.loads(first["requestPayload"])
    assert sorted(body) == ["eventDate", "eventId", "eventType", "projectId", "resourceId"]
    assert body["resourceId"] == account_id
    assert first["webhookSubscription"] == {"id": subscription["id"], "label": "App"}
    assert (first["webhookSubscriptionEndpoint"], first["webhookSubscriptionLabel"]) == (
        "inbox://app",
        "App",
    )
    one = sandbox(
        "query($id: ID!) { webhookEventLog(id: $id) { id statusCode } }", {"id": third["id"]}
    )
    assert one["webhookEventLog"] == {"id": third["id"], "statusCode": 200}
    assert sandbox('{ webhookEventLog(id: "nope") { id } }') == {"webhookEventLog": None}

    def count(filters: dict[str, Any]) -> int:
        return int(
            sandbox(LOG, {"first": 50, "filters": filters})["webhookEventLogs"]["totalCount"]
        )

    assert count({"eventId": first["eventId"]}) == 3
    assert count({"eventId": "nope"}) == 0
    assert count({"statusText": "Failure"}) == 2
    assert count({"statusCode": 200, "webhookSubscriptionId": subscription["id"]}) == 1
    assert count({"startDate": "2026-01-05T09:00:05Z"}) == 2
    assert count({"endDate": "2026-01-05T09:00:05Z", "eventType": "Account.Created"}) == 2
    bad = sandbox.post(LOG, {"first": 5, "filters": {"startDate": "soon"}}).json()
    assert bad["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    nested = sandbox(
        "query($id: ID!) { webhookSubscription(id: $id) { kpi { totalHits errorRate } "
        "webhookEventLogs(first: 5, filters: {statusText: Success}) { totalCount } } }",
        {"id": subscription["id"]},
    )["webhookSubscription"]
    assert nested["kpi"] == {"totalHits": 3, "errorRate": 2 / 3}
    assert nested["webhookEventLogs"] == {"totalCount": 1}

    # The Testing API's deliveries: the retry schedule behind those entries.
    (delivery,) = [e["node"] for e in testing(DELIVERIES)["webhookDeliveries"]["edges"]]
    assert delivery["status"] == "Succeeded" and delivery["trigger"] == "Event"
    assert (delivery["attemptCount"], delivery["retryCount"], delivery["maxAttempts"]) == (3, 2, 9)
    assert delivery["subscriptionId"] == subscription["id"]
    assert delivery["policy"] == {
        "name": "specification",
        "delaysSeconds": [5.0, 17.0, 60.0, 180.0, 900.0, 2400.0, 7200.0, 25200.0],
        "timeoutSeconds": 15.0,
        "maxAttempts": 9,
    }
    assert delivery["webhookEventLogIds"] == [first["id"], second["id"], third["id"]]
    failed = testing(DELIVERIES, {"filters": {"status": "Failed"}})
    assert failed["webhookDeliveries"]["totalCount"] == 0


REPLAY = """mutation($input: ReplayWebhookEventInput!) { replayWebhookEvent(input: $input) {
  __typename ... on ReplayWebhookEventSuccessPayload { webhookEventLogEntryId endpointStatus }
  ... on InvalidArgumentRejection { fields { name errors } }
  ... on Rejection { message } } }"""
PROBE = """mutation($input: ProbeWebhookEndpointInput!) { probeWebhookEndpoint(input: $input) {
  __typename ... on ProbeWebhookEndpointSuccessPayload { eventId responseStatus }
  ... on InvalidArgumentRejection { fields { name } } } }"""


def test_replay_and_probe_on_the_partner_api(
    sim: Simulator, subscription: dict[str, Any], testing: GraphQL, sandbox: GraphQL
) -> None:
    inbox = sim.webhooks.inbox("app").succeed()
    testing(CREATE_HOLDER)
    (delivery,) = sim.webhooks.deliveries()
    data = sandbox(REPLAY, {"input": {"webhookEventId": delivery["event_id"]}})
    replayed = data["replayWebhookEvent"]
    # Sent before the answer: the answer says what the endpoint said.
    assert replayed["endpointStatus"] == 200
    entry = sim.webhooks.log(event_id=delivery["event_id"])[-1]
    assert replayed["webhookEventLogEntryId"] == entry["id"] and entry["kind"] == "Replay"
    assert [d["trigger"] for d in sim.webhooks.deliveries()] == ["Event", "Replay"]
    assert len(inbox) == 2 and inbox.last is not None
    assert inbox.last.body["eventId"] == delivery["event_id"]  # the same event, again
    # A log entry's id names its event (and its subscription).
    again = sandbox(REPLAY, {"input": {"webhookEventId": entry["id"]}})["replayWebhookEvent"]
    assert again["endpointStatus"] == 200 and len(inbox) == 3
    missing = sandbox(REPLAY, {"input": {"webhookEventId": "nope"}})["replayWebhookEvent"]
    assert missing == {
        "__typename": "WebhookEventLogNotFoundRejection",
        "message": "No webhook event or event log entry nope was found.",
    }
    unknown = sandbox(
        REPLAY, {"input": {"webhookEventId": delivery["event_id"], "subscriptionId": "x"}}
    )
    assert unknown["replayWebhookEvent"]["__typename"] == "WebhookSubscriptionNotFoundRejection"
    sim.webhooks.update(subscription["project_id"], subscription["id"], status="Disabled")
    disabled = sandbox(
        REPLAY,
        {"input": {"webhookEventId": delivery["event_id"], "subscriptionId": subscription["id"]}},
    )["replayWebhookEvent"]
    assert disabled["__typename"] == "InvalidArgumentRejection"
    assert disabled["fields"][0]["name"] == "subscriptionId"
    sim.webhooks.update(subscription["project_id"], subscription["id"], status="Enabled")

    data = sandbox(PROBE, {"input": {"endpoint": "inbox://app", "secret": "probe-secret"}})
    probed = data["probeWebhookEndpoint"]
    assert probed["responseStatus"] == 200
    assert inbox.last is not None and inbox.last.body["eventId"] == probed["eventId"]
    assert inbox.last.headers["x-swan-secret"] == "probe-secret"
    assert inbox.last.body["resourceId"] == "00000000-0000-0000-0000-000000000000"
    assert sim.webhooks.log(event_id=probed["eventId"]) == []  # no subscription, no log entry
    sim.webhooks.inbox("app").fail(times=1)
    failing = sandbox(PROBE, {"input": {"endpoint": "inbox://app"}})["probeWebhookEndpoint"]
    assert failing["responseStatus"] == 500
    bad = sandbox(PROBE, {"input": {"endpoint": "ftp://x"}})["probeWebhookEndpoint"]
    assert bad == {"__typename": "InvalidArgumentRejection", "fields": [{"name": "endpoint"}]}


def test_advance_clock_returns_the_timeline(
    sim: Simulator,
    subscription: dict[str, Any],
    testing: GraphQL,
    http: Any,
    project: ProjectCredentials,
) -> None:
    del subscription
    sim.webhooks.inbox("app").fail()
    testing(CREATE_HOLDER)
    data = testing('mutation { advanceClock(input: {duration: "10h"}) { %s } }' % TIMELINE)
    timeline = data["advanceClock"]["timeline"]
    assert [entry["at"][11:19] for entry in timeline] == [
        "09:00:05",
        "09:00:22",
        "09:01:22",
        "09:04:22",
        "09:19:22",
        "09:59:22",
        "11:59:22",
        "18:59:22",
    ]
    assert {entry["work"] for entry in timeline} == {"webhooks"}
    entry = sim.webhooks.log()[1]
    assert timeline[0]["webhookEventLogId"] == entry["id"]
    assert (entry["attempt_number"], entry["response_status"]) == (2, 500)
    assert timeline[-1]["summary"] == (
        "Account.Created -> inbox://app: 500 (attempt 9 of 9), delivery failed"
    )
    testing.token = project_token(http, project)  # ten hours later, the token has expired
    data = testing('mutation { setClock(input: {to: "2026-01-05T19:30:00Z"}) { %s } }' % TIMELINE)
    assert data["setClock"]["timeline"] == []
    assert testing("mutation { freezeClock { %s } }" % TIMELINE)["freezeClock"]["timeline"] == []
    bad = testing('mutation { advanceClock(input: {duration: "soon"}) { %s } }' % TIMELINE)
    assert bad["advanceClock"]["message"].startswith("Not a duration")


def test_retry_policy_on_the_testing_api(
    sim: Simulator, testing: GraphQL, project: ProjectCredentials
) -> None:
    from simulator.webhooks import get_retry_policy

    def mine() -> str:
        return get_retry_policy(sim.sandbox, project_id=project.project_id).name

    fields = "name delaysSeconds timeoutSeconds maxAttempts description"
    assert testing("{ webhookRetryPolicy { name maxAttempts } }") == {
        "webhookRetryPolicy": {"name": "specification", "maxAttempts": 9}
    }
    names = [
        p["name"] for p in testing("{ webhookRetryPolicies { name } }")["webhookRetryPolicies"]
    ]
    assert names == ["specification", "every-30s"]
    set_policy = (
        "mutation($input: SetWebhookRetryPolicyInput!) { setWebhookRetryPolicy(input: $input) {"
        " __typename ... on SetWebhookRetryPolicySuccessPayload { policy { %s } }"
        " ... on ValidationRejection { message } } }" % fields
    )
    newer = testing(set_policy, {"input": {"name": "every-30s"}})["setWebhookRetryPolicy"]
    assert newer["policy"]["delaysSeconds"] == [30.0] * 7
    assert newer["policy"]["timeoutSeconds"] == 10.0
    assert mine() == "every-30s"
    # The project's own policy: the environment's default (other projects) is unchanged.
    assert sim.webhooks.get_policy("sandbox").name == "specification"
    assert sim.webhooks.get_policy("live").name == "specification"  # Sandbox only
    custom = testing(
        set_policy, {"input": {"name": "fast", "delaysSeconds": [1, 2], "timeoutSeconds": 3}}
    )["setWebhookRetryPolicy"]["policy"]
    assert (custom["name"], custom["maxAttempts"], custom["timeoutSeconds"]) == ("fast", 3, 3.0)
    for bad in [
        {"name": "nope"},
        {"name": "specification", "delaysSeconds": [1]},
        {"name": "x", "delaysSeconds": [-1]},
        {"name": "x", "delaysSeconds": [1], "timeoutSeconds": 0},
        {"name": "x", "delaysSeconds": [1] * 21},
    ]:
        rejected = testing(set_policy, {"input": bad})["setWebhookRetryPolicy"]
        assert rejected["__typename"] == "ValidationRejection", bad
    assert mine() == "fast"
    assert testing("{ webhookRetryPolicy { name } }")["webhookRetryPolicy"]["name"] == "fast"


def test_inboxes_on_the_testing_api(
    sim: Simulator, project: ProjectCredentials, testing: GraphQL
) -> None:
    configure = (
        "mutation($input: ConfigureWebhookInboxInput!) { configureWebhookInbox(input: $input) {"
        " __typename ... on ConfigureWebhookInboxSuccessPayload { inbox { name url } }"
        " ... on ValidationRejection { message } } }"
    )
    made = testing(configure, {"input": {"name": "hooks", "behaviour": "Fail", "times": 1}})
    assert made["configureWebhookInbox"]["inbox"] == {"name": "hooks", "url": "inbox://hooks"}
    testing(
        configure,
        {"input": {"name": "hooks", "behaviour": "Slow", "latencySeconds": 20, "times": 1}},
    )
    testing(configure, {"input": {"name": "hooks", "behaviour": "DropConnection", "times": 1}})
    sim.webhooks.subscribe(project, "inbox://hooks", ["Account.Created"], secret="s")
    testing(CREATE_HOLDER)
    sim.advance("2m")
    inbox = testing(
        '{ webhookInbox(name: "hooks") { receivedCount acceptedCount received {'
        " at eventType status timedOut accepted hadSecret } } }"
    )["webhookInbox"]
    assert (inbox["receivedCount"], inbox["acceptedCount"]) == (4, 1)
    assert [(r["at"][11:19], r["status"], r["timedOut"]) for r in inbox["received"]] == [
        ("09:00:00", 500, False),
        ("09:00:05", None, True),
        ("09:00:37", None, False),  # 15 s timeout + 17 s delay after the 09:00:05 attempt
        ("09:01:37", 200, False),
    ]
    assert all(r["hadSecret"] for r in inbox["received"])
    cleared = testing(
        configure, {"input": {"name": "hooks", "behaviour": "Succeed", "clear": True}}
    )
    assert cleared["configureWebhookInbox"]["__typename"].endswith("SuccessPayload")
    assert len(sim.webhooks.inbox("hooks")) == 0
    for bad in [
        {"name": "bad name", "behaviour": "Fail"},
        {"name": "ok", "behaviour": "Fail", "status": 200},
        {"name": "ok", "behaviour": "Succeed", "status": 500},
        {"name": "ok", "behaviour": "Slow"},
        {"name": "ok", "behaviour": "Fail", "times": -1},
        {"name": "ok", "behaviour": "Fail", "status": 99},
    ]:
        rejected = testing(configure, {"input": bad})["configureWebhookInbox"]
        assert rejected["__typename"] == "ValidationRejection", bad
    error = testing.post('{ webhookInbox(name: "no way") { name } }').json()["errors"][0]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"


def run(capsys: Any, *args: str) -> tuple[int, Any]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, (json.loads(out.out) if out.out.strip() else out.err)


def test_cli(sim: Simulator, project: ProjectCredentials, capsys: Any, tmp_path: Path) -> None:
    data_dir = str(sim.data_dir)
    pid = project.project_id
    code, created = run(
        capsys,
        "webhooks", "add", "--project", pid, "--url", "inbox://cli", "--secret", "cli-secret",
        "--event-type", "Account.Created", "--label", "CLI", "--data-dir", data_dir,
    )  # fmt: skip
    assert code == 0 and created["secret"] == "*** (10 characters)"
    code, listed = run(capsys, "webhooks", "list", "--data-dir", data_dir)
    assert [s["label"] for s in listed] == ["CLI"]
    code, error = run(
        capsys,
        "webhooks", "add", "--project", pid, "--url", "ftp://x", "--secret", "s",
        "--event-type", "Account.Exploded", "--data-dir", data_dir,
    )  # fmt: skip
    assert code == 2 and "rejected: InvalidArgumentRejection" in error and "eventTypes" in error

    sim.webhooks.inbox("cli").fail()
    from simulator.domain.accounts.accounts import create_account_holder

    create_account_holder(sim.sandbox, pid, first_name="C", last_name="L")
    code, timeline = run(capsys, "webhooks", "run-due", "--data-dir", data_dir)
    # The CLI's own process has its own inbox "cli" (answering 200): fine for a test.
    assert code == 0 and [entry["succeeded"] for entry in timeline] == [True]
    code, log = run(capsys, "webhooks", "log", "--project", pid, "--data-dir", data_dir)
    assert [a["response_status"] for a in log] == [200]
    code, deliveries = run(
        capsys, "webhooks", "deliveries", "--status", "Succeeded", "--data-dir", data_dir
    )
    assert len(deliveries) == 1
    event_id = deliveries[0]["event_id"]
    code, replayed = run(
        capsys, "webhooks", "replay", event_id, "--project", pid, "--data-dir", data_dir
    )
    assert [d["status"] for d in replayed] == ["Pending"]  # left for the server to send
    code, replayed = run(
        capsys,
        "webhooks", "replay", event_id, "--project", pid, "--deliver", "--data-dir", data_dir,
    )  # fmt: skip
    assert [d["status"] for d in replayed] == ["Succeeded"]
    code, last = run(capsys, "webhooks", "log", "--last", "1", "--data-dir", data_dir)
    assert len(last) == 1 and last[0]["kind"] == "Replay"
    code, probe = run(
        capsys,
        "webhooks", "probe", "inbox://cli", "--project", pid, "--data-dir", data_dir,
    )  # fmt: skip
    assert probe["response_status"] == 200 and probe["error"] is None

    code, policies = run(capsys, "webhooks", "policy", "list", "--data-dir", data_dir)
    assert [p["name"] for p in policies] == ["specification", "every-30s"]
    code, shown = run(capsys, "webhooks", "policy", "set", "every-30s", "--data-dir", data_dir)
    assert shown["sandbox"]["name"] == shown["live"]["name"] == "every-30s"
    code, shown = run(
        capsys,
        "webhooks", "policy", "set", "quick", "--delays", "1,2,3", "--timeout", "4",
        "--env", "live", "--data-dir", data_dir,
    )  # fmt: skip
    assert shown == {
        "live": {
            "name": "quick",
            "delays_seconds": [1.0, 2.0, 3.0],
            "timeout_seconds": 4.0,
            "max_attempts": 4,
            "description": "",
        }
    }
    assert sim.webhooks.get_policy("live").name == "quick"
    code, error = run(
        capsys, "webhooks", "policy", "set", "q", "--delays", "a,b", "--data-dir", data_dir
    )
    assert code == 2 and "comma-separated" in error
    code, shown = run(capsys, "webhooks", "policy", "--data-dir", data_dir)
    assert shown["sandbox"]["name"] == "every-30s"

    code, updated = run(
        capsys,
        "webhooks", "update", created["id"], "--project", pid, "--disable", "--data-dir", data_dir,
    )  # fmt: skip
    assert updated["status"] == "Disabled"
    code, removed = run(
        capsys, "webhooks", "remove", created["id"], "--project", pid, "--data-dir", data_dir
    )
    assert removed == {"removed": created["id"]}
    code, error = run(
        capsys, "webhooks", "remove", created["id"], "--project", pid, "--data-dir", data_dir
    )
    assert code == 2 and "WebhookSubscriptionNotFoundRejection" in error
    del tmp_path


def test_the_docs_list_every_webhooks_command() -> None:
    import re

    from simulator.cli import build_parser

    docs = (Path(__file__).resolve().parents[1] / "docs" / "webhooks.md").read_text()
    documented = set(re.findall(r"^\| `webhooks ([a-z][a-z-]*)", docs, flags=re.M))
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    actions = next(a for a in commands["webhooks"]._actions if a.dest == "action").choices
    assert documented == set(actions)

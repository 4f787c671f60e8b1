"""Webhook subscriptions on the partner API and from Python: add, update, remove, list, and
every rejection (malformed URL, unknown event type, empty secret, the per-type limit)."""

from __future__ import annotations

from typing import Any

import pytest

from simulator import ProjectCredentials, Simulator
from simulator.domain.rejections import Rejected, validation_error
from simulator.domain.users import create_user
from simulator.oauth.tokens import store_access_token
from simulator.webhooks import MAX_SUBSCRIPTIONS_PER_EVENT_TYPE

from .conftest import GraphQL

FIELDS = "id label endpointUrl secret eventTypes status createdAt updatedAt"
ADD = (
    """
mutation($input: AddWebhookSubscriptionInput!) {
  addWebhookSubscription(input: $input) {
    __typename
    ... on AddWebhookSubscriptionSuccessPayload { webhookSubscription { %s } }
    ... on ValidationRejection { message fields { code message path } }
    ... on WebhookSubscriptionLimitReachedRejection { message eventType limit }
    ... on Rejection { message }
  }
}"""
    % FIELDS
)
UPDATE = (
    """
mutation($input: UpdateWebhookSubscriptionInput!) {
  updateWebhookSubscription(input: $input) {
    __typename
    ... on UpdateWebhookSubscriptionSuccessPayload { webhookSubscription { %s } }
    ... on WebhookSubscriptionNotFoundRejection { subscriptionId }
    ... on ValidationRejection { fields { code path } }
    ... on WebhookSubscriptionLimitReachedRejection { eventType limit }
    ... on Rejection { message }
  }
}"""
    % FIELDS
)
REMOVE = """
mutation($id: ID!) {
  removeWebhookSubscription(input: {subscriptionId: $id}) {
    __typename
    ... on RemoveWebhookSubscriptionSuccessPayload { subscriptionId }
    ... on WebhookSubscriptionNotFoundRejection { subscriptionId message }
    ... on Rejection { message }
  }
}"""
LIST = "{ webhookSubscriptions { totalCount edges { node { id label status eventTypes } } } }"


def subscription_input(**overrides: Any) -> dict[str, Any]:
    return {
        "label": "Orders",
        "endpointUrl": "https://partner.example/webhooks",
        "secret": "s3cret-value",
        "eventTypes": ["Account.Created", "Consent.Created"],
        **overrides,
    }


def add(sandbox: GraphQL, **overrides: Any) -> dict[str, Any]:
    return sandbox(ADD, {"input": subscription_input(**overrides)})["addWebhookSubscription"]


def test_add_list_update_remove(sandbox: GraphQL) -> None:
    added = add(sandbox)
    assert added["__typename"] == "AddWebhookSubscriptionSuccessPayload"
    subscription = added["webhookSubscription"]
    assert subscription["label"] == "Orders"
    assert subscription["endpointUrl"] == "https://partner.example/webhooks"
    assert subscription["eventTypes"] == ["Account.Created", "Consent.Created"]
    assert subscription["status"] == "Enabled"
    assert subscription["createdAt"] == "2026-01-05T09:00:00.000Z"

    listing = sandbox(LIST)["webhookSubscriptions"]
    assert listing["totalCount"] == 1
    assert listing["edges"][0]["node"]["id"] == subscription["id"]
    one = sandbox(
        "query($id: ID!) { webhookSubscription(subscriptionId: $id) { label } }",
        {"id": subscription["id"]},
    )
    assert one == {"webhookSubscription": {"label": "Orders"}}

    updated = sandbox(
        UPDATE,
        {
            "input": {
                "subscriptionId": subscription["id"],
                "label": "Accounts",
                "eventTypes": ["Account.Closed", "Account.Closed"],
                "status": "Disabled",
            }
        },
    )["updateWebhookSubscription"]["webhookSubscription"]
    assert updated["label"] == "Accounts"
    assert updated["eventTypes"] == ["Account.Closed"]  # duplicates dropped
    assert updated["status"] == "Disabled"
    assert updated["endpointUrl"] == subscription["endpointUrl"]  # left out: unchanged

    removed = sandbox(REMOVE, {"id": subscription["id"]})["removeWebhookSubscription"]
    assert removed == {
        "__typename": "RemoveWebhookSubscriptionSuccessPayload",
        "subscriptionId": subscription["id"],
    }
    assert sandbox(LIST)["webhookSubscriptions"]["totalCount"] == 0
    again = sandbox(REMOVE, {"id": subscription["id"]})["removeWebhookSubscription"]
    assert again["__typename"] == "WebhookSubscriptionNotFoundRejection"
    assert again["message"] == f"Webhook subscription {subscription['id']} was not found."


@pytest.mark.parametrize(
    ("overrides", "code", "field"),
    [
        ({"endpointUrl": "not a url"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "http://"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "https://exa mple.com/hook"}, "InvalidFormat", "endpointUrl"),
        # urlsplit drops tabs and newlines silently: they were accepted and stored.
        ({"endpointUrl": "https://example.com\n/hook"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "https://example.com/\thook"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "https://example.com/hook\x00"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "https://host:99999/hook"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "https://user:pw@host/hook"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "https://host/hook#part"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "ftp://partner.example/hook"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "javascript:alert(1)"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "inbox://bad name"}, "InvalidFormat", "endpointUrl"),
        ({"endpointUrl": "https://h/" + "x" * 2048}, "TooLong", "endpointUrl"),
        ({"endpointUrl": ""}, "Missing", "endpointUrl"),
        ({"eventTypes": ["Account.Exploded"]}, "UnknownEventType", "eventTypes"),
        ({"eventTypes": []}, "Missing", "eventTypes"),
        ({"secret": ""}, "Missing", "secret"),
        ({"secret": "has spaces in it"}, "InvalidFormat", "secret"),
        ({"secret": "x" * 257}, "TooLong", "secret"),
        ({"label": "  "}, "Missing", "label"),
        ({"label": "x" * 101}, "TooLong", "label"),
    ],
)
def test_bad_input_is_a_validation_rejection_and_changes_nothing(
    sim: Simulator, sandbox: GraphQL, overrides: dict[str, Any], code: str, field: str
) -> None:
    rejected = add(sandbox, **overrides)
    assert rejected["__typename"] == "ValidationRejection"
    # `code` is the domain's reason; the API answers the real ValidationFieldErrorCode value.
    real_code = validation_error(code, "", [])["code"]
    assert [(error["code"], error["path"]) for error in rejected["fields"]] == [
        (real_code, ["input", field])
    ]
    assert rejected["message"] == rejected["fields"][0]["message"]
    assert sim.sandbox.store.db["webhook_subscriptions"].count == 0


def test_every_invalid_field_is_reported_at_once(sandbox: GraphQL) -> None:
    rejected = add(sandbox, endpointUrl="ftp://x", secret="", eventTypes=["Nope"])
    assert rejected["message"] == "3 invalid fields."
    assert [error["path"][1] for error in rejected["fields"]] == [
        "endpointUrl",
        "secret",
        "eventTypes",
    ]


def test_inbox_urls_and_plain_http_are_accepted(sandbox: GraphQL) -> None:
    for url in ["inbox://my-app", "inbox://a.b_c-9", "http://127.0.0.1:8080/hook?x=1"]:
        assert add(sandbox, endpointUrl=url)["__typename"] == "AddWebhookSubscriptionSuccessPayload"


def test_ten_subscriptions_per_event_type_then_a_rejection(
    sim: Simulator, sandbox: GraphQL
) -> None:
    assert MAX_SUBSCRIPTIONS_PER_EVENT_TYPE == 10
    ids = [
        add(sandbox, label=f"S{n}", eventTypes=["Account.Created"])["webhookSubscription"]["id"]
        for n in range(10)
    ]
    over = add(sandbox, eventTypes=["Consent.Created", "Account.Created"])
    assert over == {
        "__typename": "WebhookSubscriptionLimitReachedRejection",
        "message": "The project already has 10 webhook subscriptions for Account.Created, the "
        "most allowed per event type: remove one or add the event type to an existing "
        "subscription.",
        "eventType": "Account.Created",
        "limit": 10,
    }
    assert sim.sandbox.store.db["webhook_subscriptions"].count == 10  # nothing half-written
    # A disabled subscription still counts; another event type is free.
    sandbox(UPDATE, {"input": {"subscriptionId": ids[0], "status": "Disabled"}})
    assert add(sandbox, eventTypes=["Account.Created"])["__typename"].startswith("WebhookSub")
    assert add(sandbox, eventTypes=["Consent.Created"])["__typename"].startswith("AddWebhook")
    # Moving a subscription onto a full event type is rejected too...
    consent_only = add(sandbox, eventTypes=["Card.Created"])["webhookSubscription"]["id"]
    moved = sandbox(
        UPDATE, {"input": {"subscriptionId": consent_only, "eventTypes": ["Account.Created"]}}
    )["updateWebhookSubscription"]
    assert moved["__typename"] == "WebhookSubscriptionLimitReachedRejection"
    assert (moved["eventType"], moved["limit"]) == ("Account.Created", 10)
    # ...but updating one already on it is not, and removing one frees a slot.
    same = sandbox(
        UPDATE, {"input": {"subscriptionId": ids[1], "eventTypes": ["Account.Created"]}}
    )["updateWebhookSubscription"]
    assert same["__typename"] == "UpdateWebhookSubscriptionSuccessPayload"
    sandbox(REMOVE, {"id": ids[2]})
    assert add(sandbox, eventTypes=["Account.Created"])["__typename"].startswith("AddWebhook")


def test_limit_is_per_project(
    sim: Simulator, sandbox: GraphQL, project: ProjectCredentials
) -> None:
    for n in range(10):
        add(sandbox, label=f"S{n}", eventTypes=["Account.Created"])
    other = sim.create_project("sandbox", "Other", ["http://localhost:3000/callback"])
    sim.webhooks.subscribe(other, "inbox://other", ["Account.Created"], secret="x")
    assert len(sim.webhooks.subscriptions(other)) == 1
    assert len(sim.webhooks.subscriptions(project)) == 10


def test_update_rejections(sandbox: GraphQL) -> None:
    missing = sandbox(UPDATE, {"input": {"subscriptionId": "nope", "label": "x"}})
    assert missing["updateWebhookSubscription"] == {
        "__typename": "WebhookSubscriptionNotFoundRejection",
        "subscriptionId": "nope",
        "message": "Webhook subscription nope was not found.",
    }
    subscription_id = add(sandbox)["webhookSubscription"]["id"]
    bad = sandbox(
        UPDATE,
        {"input": {"subscriptionId": subscription_id, "endpointUrl": "gopher://x", "secret": ""}},
    )["updateWebhookSubscription"]
    assert bad["__typename"] == "ValidationRejection"
    assert [field["path"][1] for field in bad["fields"]] == ["endpointUrl", "secret"]


def test_another_projects_subscription_is_not_found(sim: Simulator, sandbox: GraphQL) -> None:
    other = sim.create_project("sandbox", "Other", ["http://localhost:3000/callback"])
    theirs = sim.webhooks.subscribe(other, "inbox://theirs", ["Account.Created"], secret="x")
    answer = sandbox.post(
        "query($id: ID!) { webhookSubscription(subscriptionId: $id) { id } }", {"id": theirs["id"]}
    ).json()
    assert answer["data"] == {"webhookSubscription": None}
    assert answer["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    removed = sandbox(REMOVE, {"id": theirs["id"]})["removeWebhookSubscription"]
    assert removed["__typename"] == "WebhookSubscriptionNotFoundRejection"
    assert sandbox(LIST)["webhookSubscriptions"]["totalCount"] == 0


def test_a_user_token_cannot_manage_webhooks(
    sim: Simulator, http: Any, project: ProjectCredentials
) -> None:
    user = create_user(sim.sandbox, "+33612345678", first_name="Ada", last_name="Lovelace")
    token, _ = store_access_token(
        sim.sandbox, project_id=project.project_id, user_id=user["id"], scope="openid"
    )
    as_user = GraphQL(http, "/sandbox/graphql", token)
    rejected = as_user(ADD, {"input": subscription_input()})["addWebhookSubscription"]
    assert rejected["__typename"] == "ForbiddenRejection"
    answer = as_user.post(LIST).json()
    assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    # Every other webhook mutation too, even on the project's own subscription and event.
    subscription = sim.webhooks.subscribe(project, "inbox://app", ["User.Joined"], secret="x")
    event_id = sim.sandbox.store.db.execute("SELECT id FROM events LIMIT 1").fetchone()
    inputs = {
        "updateWebhookSubscription": {"subscriptionId": subscription["id"], "label": "New"},
        "removeWebhookSubscription": {"subscriptionId": subscription["id"]},
        "replayWebhookEvent": {"eventId": event_id[0] if event_id else "e-1"},
        "testWebhookSubscription": {"subscriptionId": subscription["id"]},
    }
    for name, value in inputs.items():
        kind = f"{name[0].upper()}{name[1:]}Input!"
        query = f"mutation($input: {kind}) {{ {name}(input: $input) {{ __typename }} }}"
        assert as_user(query, {"input": value})[name] == {"__typename": "ForbiddenRejection"}
    assert sim.webhooks.subscriptions(project)[0]["label"] == subscription["label"]
    assert sim.webhooks.log(project) == []


def test_event_types_query(sandbox: GraphQL) -> None:
    kinds = sandbox("{ webhookEventTypes }")["webhookEventTypes"]
    assert "Account.Created" in kinds and "Transaction.Booked" in kinds and len(kinds) == 30


def test_python_api(sim: Simulator, project: ProjectCredentials) -> None:
    inbox = sim.webhooks.inbox("python")
    created = sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="abc")
    assert created["endpoint_url"] == "inbox://python"
    assert created["label"] == "inbox://python"
    everything = sim.webhooks.subscribe(project.project_id, "inbox://all", secret="abc")
    assert len(everything["event_types"]) == 30
    updated = sim.webhooks.update(project, created["id"], label="Renamed", status="Disabled")
    assert (updated["label"], updated["status"]) == ("Renamed", "Disabled")
    assert {s["id"] for s in sim.webhooks.subscriptions(project)} == {
        created["id"],
        everything["id"],
    }
    sim.webhooks.remove(project, created["id"])
    assert [s["id"] for s in sim.webhooks.subscriptions()] == [everything["id"]]
    with pytest.raises(Rejected) as caught:
        sim.webhooks.subscribe(project, "ftp://x", ["Account.Created"], secret="abc")
    assert caught.value.payload["__typename"] == "ValidationRejection"
    with pytest.raises(ValueError):
        sim.webhooks.inbox("not valid")


def test_environments_keep_their_own_subscriptions(
    sim: Simulator, project: ProjectCredentials, live_project: ProjectCredentials
) -> None:
    sim.webhooks.subscribe(project, "inbox://s", ["Account.Created"], secret="a")
    sim.webhooks.subscribe(
        live_project, "inbox://l", ["Account.Created"], secret="b", environment="live"
    )
    assert [s["endpoint_url"] for s in sim.webhooks.subscriptions()] == ["inbox://s"]
    assert [s["endpoint_url"] for s in sim.webhooks.subscriptions(environment="live")] == [
        "inbox://l"
    ]

"""Webhook subscriptions on the partner API and from Python: add, update, remove, list, and
every rejection (malformed URL, unknown event type, empty secret, the per-type limit)."""

from __future__ import annotations

from typing import Any

import pytest

from simulator import ProjectCredentials, Simulator
from simulator.domain.kernel.events import EVENT_TYPES
from simulator.domain.kernel.rejections import Rejected
from simulator.domain.users.users import create_user
from simulator.oauth.tokens import store_access_token
from simulator.webhooks import MAX_SUBSCRIPTIONS_PER_EVENT_TYPE

from .conftest import GraphQL

FIELDS = (
    "id label endpoint secret eventTypes statusInfo { status "
    "... on WebhookSubscriptionEnabledStatusInfo { enabledAt } "
    "... on WebhookSubscriptionDisabledStatusInfo { disabledAt } } createdAt updatedAt"
)
PAYLOAD = (
    """
    __typename
    ... on WebhookSubscriptionSuccessPayload { webhookSubscription { %s } }
    ... on InvalidArgumentRejection { message code fields { name errors } }
    ... on SubscriptionLimitsRejection { message subscriptionLimits { eventType subscriptionCount } }
    ... on Rejection { message }
"""
    % FIELDS
)
ADD = (
    """
mutation($input: AddWebhookSubscriptionInput!) {
  addWebhookSubscription(input: $input) { %s }
}"""
    % PAYLOAD
)
UPDATE = (
    """
mutation($input: UpdateWebhookSubscriptionInput!) {
  updateWebhookSubscription(input: $input) { %s }
}"""
    % PAYLOAD
)
REMOVE = """
mutation($id: ID!) {
  removeWebhookSubscription(input: {webhookSubscriptionId: $id}) {
    __typename
    ... on RemoveWebhookSubscriptionSuccessPayload { subscriptionRemovedSuccessfully }
    ... on Rejection { message }
  }
}"""
LIST = (
    "{ webhookSubscriptions { totalCount edges { node { id label statusInfo { status } "
    "eventTypes } } } }"
)


def subscription_input(**overrides: Any) -> dict[str, Any]:
    return {
        "label": "Orders",
        "endpoint": "https://partner.example/webhooks",
        "secret": "s3cret-value",
        "eventTypes": ["Account.Created", "Consent.Created"],
        "status": "Enabled",
        **overrides,
    }


def add(sandbox: GraphQL, **overrides: Any) -> dict[str, Any]:
    return sandbox(ADD, {"input": subscription_input(**overrides)})["addWebhookSubscription"]


def update(sandbox: GraphQL, subscription_id: str, **overrides: Any) -> dict[str, Any]:
    """An update gives every field (the real input requires them), the secret left out."""
    values = subscription_input(**overrides)
    values.pop("secret") if "secret" not in overrides else None
    answer = sandbox(UPDATE, {"input": {"id": subscription_id, **values}})
    return answer["updateWebhookSubscription"]  # type: ignore[no-any-return]


def test_add_list_update_remove(sandbox: GraphQL) -> None:
    added = add(sandbox)
    assert added["__typename"] == "WebhookSubscriptionSuccessPayload"
    subscription = added["webhookSubscription"]
    assert subscription["label"] == "Orders"
    assert subscription["endpoint"] == "https://partner.example/webhooks"
    assert subscription["eventTypes"] == ["Account.Created", "Consent.Created"]
    assert subscription["statusInfo"] == {
        "status": "Enabled",
        "enabledAt": "2026-01-05T09:00:00.000Z",
    }
    assert subscription["createdAt"] == "2026-01-05T09:00:00.000Z"

    listing = sandbox(LIST)["webhookSubscriptions"]
    assert listing["totalCount"] == 1
    assert listing["edges"][0]["node"]["id"] == subscription["id"]
    one = sandbox(
        "query($id: ID!) { webhookSubscription(id: $id) { label } }",
        {"id": subscription["id"]},
    )
    assert one == {"webhookSubscription": {"label": "Orders"}}

    updated = update(
        sandbox,
        subscription["id"],
        label="Accounts",
        eventTypes=["Account.Closed", "Account.Closed"],
        status="Disabled",
    )["webhookSubscription"]
    assert updated["label"] == "Accounts"
    assert updated["eventTypes"] == ["Account.Closed"]  # duplicates dropped
    assert updated["statusInfo"]["status"] == "Disabled"
    assert updated["secret"] == "s3cret-value"  # left out: unchanged

    removed = sandbox(REMOVE, {"id": subscription["id"]})["removeWebhookSubscription"]
    assert removed == {
        "__typename": "RemoveWebhookSubscriptionSuccessPayload",
        "subscriptionRemovedSuccessfully": True,
    }
    assert sandbox(LIST)["webhookSubscriptions"]["totalCount"] == 0
    again = sandbox(REMOVE, {"id": subscription["id"]})["removeWebhookSubscription"]
    assert again["__typename"] == "WebhookSubscriptionNotFoundRejection"
    assert again["message"] == f"Webhook subscription {subscription['id']} was not found."


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"endpoint": "not a url"}, "endpoint"),
        ({"endpoint": "http://"}, "endpoint"),
        ({"endpoint": "https://exa mple.com/hook"}, "endpoint"),
        # urlsplit drops tabs and newlines silently: they were accepted and stored.
        ({"endpoint": "https://example.com\n/hook"}, "endpoint"),
        ({"endpoint": "https://example.com/\thook"}, "endpoint"),
        ({"endpoint": "https://example.com/hook\x00"}, "endpoint"),
        ({"endpoint": "https://host:99999/hook"}, "endpoint"),
        ({"endpoint": "https://user:pw@host/hook"}, "endpoint"),
        ({"endpoint": "https://host/hook#part"}, "endpoint"),
        ({"endpoint": "ftp://partner.example/hook"}, "endpoint"),
        ({"endpoint": "javascript:alert(1)"}, "endpoint"),
        ({"endpoint": "inbox://bad name"}, "endpoint"),
        ({"endpoint": "https://h/" + "x" * 2048}, "endpoint"),
        ({"endpoint": ""}, "endpoint"),
        ({"eventTypes": ["Account.Exploded"]}, "eventTypes"),
        ({"eventTypes": []}, "eventTypes"),
        ({"secret": ""}, "secret"),
        ({"secret": "has spaces in it"}, "secret"),
        ({"secret": "x" * 257}, "secret"),
        ({"label": "  "}, "label"),
        ({"label": "x" * 101}, "label"),
    ],
)
def test_bad_input_is_an_invalid_argument_rejection_and_changes_nothing(
    sim: Simulator, sandbox: GraphQL, overrides: dict[str, Any], field: str
) -> None:
    rejected = add(sandbox, **overrides)
    assert rejected["__typename"] == "InvalidArgumentRejection"
    assert rejected["code"] == "INVALID_INPUT"
    assert [error["name"] for error in rejected["fields"]] == [field]
    assert rejected["message"] == rejected["fields"][0]["errors"][0]
    assert sim.sandbox.store.db["webhook_subscriptions"].count == 0


def test_every_invalid_field_is_reported_at_once(sandbox: GraphQL) -> None:
    rejected = add(sandbox, endpoint="ftp://x", secret="", eventTypes=["Nope"])
    assert rejected["message"].startswith("3 invalid arguments: ")
    assert [error["name"] for error in rejected["fields"]] == [
        "endpoint",
        "secret",
        "eventTypes",
    ]


def test_inbox_urls_and_plain_http_are_accepted(sandbox: GraphQL) -> None:
    for url in ["inbox://my-app", "inbox://a.b_c-9", "http://127.0.0.1:8080/hook?x=1"]:
        assert add(sandbox, endpoint=url)["__typename"] == "WebhookSubscriptionSuccessPayload"


def test_the_secret_is_optional(sim: Simulator, sandbox: GraphQL) -> None:
    inbox = sim.webhooks.inbox("no-secret")
    added = add(sandbox, endpoint=inbox.url, secret=None)["webhookSubscription"]
    assert added["secret"] is None
    answer = sandbox(
        'mutation { probeWebhookEndpoint(input: {endpoint: "inbox://no-secret"}) { __typename } }'
    )
    assert answer["probeWebhookEndpoint"]["__typename"] == "ProbeWebhookEndpointSuccessPayload"
    assert "x-swan-secret" not in inbox.last.headers


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
        "__typename": "SubscriptionLimitsRejection",
        "message": "The project already has 10 webhook subscriptions for Account.Created, the "
        "most allowed per event type: remove one or add the event type to an existing "
        "subscription.",
        "subscriptionLimits": [{"eventType": "Account.Created", "subscriptionCount": 10}],
    }
    assert sim.sandbox.store.db["webhook_subscriptions"].count == 10  # nothing half-written
    # A disabled subscription still counts; another event type is free.
    update(sandbox, ids[0], eventTypes=["Account.Created"], status="Disabled")
    assert (
        add(sandbox, eventTypes=["Account.Created"])["__typename"] == "SubscriptionLimitsRejection"
    )
    assert add(sandbox, eventTypes=["Consent.Created"])["__typename"].startswith("WebhookSub")
    # Moving a subscription onto a full event type is rejected too...
    consent_only = add(sandbox, eventTypes=["Card.Created"])["webhookSubscription"]["id"]
    moved = update(sandbox, consent_only, eventTypes=["Account.Created"])
    assert moved["__typename"] == "SubscriptionLimitsRejection"
    assert moved["subscriptionLimits"] == [
        {"eventType": "Account.Created", "subscriptionCount": 10}
    ]
    # ...but updating one already on it is not, and removing one frees a slot.
    same = update(sandbox, ids[1], eventTypes=["Account.Created"])
    assert same["__typename"] == "WebhookSubscriptionSuccessPayload"
    sandbox(REMOVE, {"id": ids[2]})
    assert add(sandbox, eventTypes=["Account.Created"])["__typename"].startswith("WebhookSub")


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
    missing = update(sandbox, "nope", label="x")
    assert missing == {
        "__typename": "WebhookSubscriptionNotFoundRejection",
        "message": "Webhook subscription nope was not found.",
    }
    subscription_id = add(sandbox)["webhookSubscription"]["id"]
    bad = update(sandbox, subscription_id, endpoint="gopher://x", secret="")
    assert bad["__typename"] == "InvalidArgumentRejection"
    assert [field["name"] for field in bad["fields"]] == ["endpoint", "secret"]


def test_another_projects_subscription_is_not_found(sim: Simulator, sandbox: GraphQL) -> None:
    other = sim.create_project("sandbox", "Other", ["http://localhost:3000/callback"])
    theirs = sim.webhooks.subscribe(other, "inbox://theirs", ["Account.Created"], secret="x")
    answer = sandbox.post(
        "query($id: ID!) { webhookSubscription(id: $id) { id } }", {"id": theirs["id"]}
    ).json()
    assert answer["data"] == {"webhookSubscription": None}
    assert "errors" not in answer
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
    rejected = as_user.post(ADD, {"input": subscription_input()}).json()
    assert rejected["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    answer = as_user.post(LIST).json()
    assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    # Every other webhook mutation too, even on the project's own subscription and event.
    subscription = sim.webhooks.subscribe(project, "inbox://app", ["User.Joined"], secret="x")
    event_id = sim.sandbox.store.db.execute("SELECT id FROM events LIMIT 1").fetchone()
    inputs = {
        "updateWebhookSubscription": (
            "UpdateWebhookSubscriptionInput",
            {"id": subscription["id"], **subscription_input(label="New")},
        ),
        "removeWebhookSubscription": (
            "WebhookSubscriptionIdInput",
            {"webhookSubscriptionId": subscription["id"]},
        ),
        "replayWebhookEvent": (
            "ReplayWebhookEventInput",
            {"webhookEventId": event_id[0] if event_id else "e-1"},
        ),
        "probeWebhookEndpoint": ("ProbeWebhookEndpointInput", {"endpoint": "inbox://app"}),
    }
    for name, (kind, value) in inputs.items():
        query = f"mutation($input: {kind}!) {{ {name}(input: $input) {{ __typename }} }}"
        answer = as_user.post(query, {"input": value}).json()
        assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN", name
    assert sim.webhooks.subscriptions(project)[0]["label"] == subscription["label"]
    assert sim.webhooks.log(project) == []


def test_event_types_query(sandbox: GraphQL) -> None:
    kinds = sandbox("{ webhookEventTypes }")["webhookEventTypes"]
    assert kinds == list(EVENT_TYPES)
    # The real service's names, as its docs list them.
    assert {
        "Account.Created",
        "Transaction.Booked",
        "Onboarding.Updated",
        "User.Deactivated",
    } <= set(kinds)


def test_python_api(sim: Simulator, project: ProjectCredentials) -> None:
    inbox = sim.webhooks.inbox("python")
    created = sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="abc")
    assert created["endpoint_url"] == "inbox://python"
    assert created["label"] == "inbox://python"
    everything = sim.webhooks.subscribe(project.project_id, "inbox://all", secret="abc")
    assert everything["event_types"] == list(EVENT_TYPES)
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
    assert caught.value.payload["__typename"] == "InvalidArgumentRejection"
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

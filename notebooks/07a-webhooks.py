# %% [markdown]
# # 7a. Webhooks: a notice, then a read
#
# One idea: **a webhook names what changed; your code reads it through the API**. When
# something happens at the bank (an account opens), the service POSTs a short notice to your
# endpoint. Your endpoint checks the secret, answers `2xx` quickly, then asks the API for the
# resource the notice names. Here the endpoint is an **in-process inbox** (`inbox://NAME`,
# simulator-only): no server, no tunnel. The kit's `WebhookTimeline` draws each delivery.
# When the endpoint fails: [7b](07b-webhook-retries.ipynb); replay and probe:
# [7c](07c-webhook-replay.ipynb).

# %%
import hmac
import json

from simulator import Simulator
from simulator.widgets import WebhookTimeline

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Webhooks demo", ["http://localhost:3000/callback"])
http = sim.client()
token = http.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": creds.client_id,
        "client_secret": creds.client_secret,
    },
).json()["access_token"]


def graphql(path, query, variables=None):
    answer = http.post(
        path,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
    )
    body = answer.json()
    assert "errors" not in body, body
    return body["data"]


API, TESTING = "/sandbox/graphql", "/sandbox-testing/graphql"
inbox = sim.webhooks.inbox("my-app")
print(inbox.url)

# %% [markdown]
# ## Subscribe
#
# `addWebhookSubscription` (the real service's name) takes a label, the `endpoint`, a
# **secret** (sent back in the `x-swan-secret` header of every delivery, so you know the call
# is genuine), the event types you want (`Resource.Verb`, listed by `webhookEventTypes`) and a
# status.

# %%
SECRET = "workshop-" + "secret"  # your own value; never print a real one
ADD = """mutation($input: AddWebhookSubscriptionInput!) {
  addWebhookSubscription(input: $input) {
    ... on WebhookSubscriptionSuccessPayload {
      webhookSubscription { id endpoint eventTypes statusInfo { status } } } } }"""
subscription = graphql(
    API,
    ADD,
    {
        "input": {
            "label": "My app",
            "endpoint": inbox.url,
            "secret": SECRET,
            "eventTypes": ["AccountHolder.Created", "Account.Created"],
            "status": "Enabled",
        }
    },
)["addWebhookSubscription"]["webhookSubscription"]
print(json.dumps(subscription, indent=2))

# %% [markdown]
# ## An event arrives at once
#
# Onboarding an account holder (with the Testing API) creates a holder and an account: two
# events, delivered when the request returns. **No need to move the clock.** A notice has
# exactly five fields.

# %%
CREATE_HOLDER = """mutation {
  createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"}) {
    ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }"""
account_id = graphql(TESTING, CREATE_HOLDER)["createSandboxAccountHolder"]["accountId"]
print("clock still at", sim.clock.timestamp(), "|", inbox)
received = inbox.received[-1]
print(json.dumps(received.body, indent=2))

# %% [markdown]
# ## Check the secret, then read what the notice names
#
# Compare the header in constant time before trusting anything. Then the call flow: the
# notice says *an account was created* and which one; its data comes from the API.

# %%
print("secret matches:", hmac.compare_digest(received.headers["x-swan-secret"], SECRET))
ACCOUNT = "query($id: ID!) { account(accountId: $id) { id name statusInfo { status } } }"
account = graphql(API, ACCOUNT, {"id": received.body["resourceId"]})["account"]
print(received.body["eventType"], "->", json.dumps(account))

# %% [markdown]
# ## On the kit's WebhookTimeline
#
# Every attempt of every event of the project, on the virtual time axis (green: answered, red:
# failed), one row per event. Its **Receiver** switch makes the inbox fail, time out or
# recover; **Replay** sends the chosen event again. Try them after Run All.

# %%
timeline = WebhookTimeline(sim, project=creds, inbox="my-app")
print([label for label, _ in timeline.event.options])
print(sum(a["succeeded"] for a in timeline.attempts), "answered attempts")
timeline

# %% [markdown]
# ## What we showed
#
# A subscription with a secret and event types; two notices delivered at once; the secret
# checked; the account read through the API. The simulator stays open: the timeline above
# still switches and replays after Run All.

# %%
assert subscription["statusInfo"]["status"] == "Enabled"
assert set(received.body) == {"eventType", "eventId", "eventDate", "projectId", "resourceId"}
assert len(inbox.received) == 2 and received.body["eventType"] == "Account.Created"
assert hmac.compare_digest(received.headers["x-swan-secret"], SECRET)
assert account["id"] == account_id and account["statusInfo"]["status"] == "Opened"
assert [a["succeeded"] for a in timeline.attempts] == [True, True]
print("All good.")

# %% [markdown]
# # 7. Webhooks: events, deliveries and the retry clock
#
# When something changes at the bank (an account opens, a consent is cancelled), the service POSTs a
# short notice to your endpoint. The notice only *names* what changed; your code answers `2xx`
# quickly and then **reads the resource through the API**. When your endpoint fails, the service
# retries 8 times over about 10 hours.
#
# You will:
# 1. subscribe an **in-process inbox** (no server, no tunnel),
# 2. cause events with the Testing API and watch them arrive at once,
# 3. read the resource an event names, as the call flow requires,
# 4. make the inbox fail and run the **whole 10-hour retry schedule in a blink**,
# 5. read the event log, replay an event, probe an endpoint, and switch retry policy.
#
# The names are the real service's (`addWebhookSubscription`, `webhookEventLogs`,
# `replayWebhookEvent`, `probeWebhookEndpoint`, the `x-swan-secret` header). The inbox, the
# delivery view and the retry policies are **simulator-only** teaching aids of the Testing API.

# %%
import json

from simulator import Simulator

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Webhooks demo", ["http://localhost:3000/callback"])
http = sim.client()


def new_token():
    return http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": creds.client_id,
            "client_secret": creds.client_secret,
        },
    ).json()["access_token"]


token = new_token()


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
print(sim.clock.timestamp())

# %% [markdown]
# ## An in-process inbox
#
# A real subscription needs a public URL. In the simulator, an endpoint `inbox://NAME` delivers
# to an **inbox** living in this Python process (simulator-only). It records what it receives and
# can be told to fail.

# %%
inbox = sim.webhooks.inbox("my-app")
print(inbox)
print(inbox.url)

# %% [markdown]
# ## Subscribe, through the partner API
#
# `addWebhookSubscription` takes a label, the `endpoint` URL, a **secret** (sent back in the
# `x-swan-secret` header of every delivery, so you know the call is genuine), the event types you
# want (`Resource.Verb`, listed by `webhookEventTypes`) and a status.

# %%
event_types = graphql(API, "{ webhookEventTypes }")["webhookEventTypes"]
print(len(event_types), "event types, e.g.", event_types[:4])

SECRET = "workshop-" + "secret"  # your own value; never print a real one
ADD = """mutation($input: AddWebhookSubscriptionInput!) {
  addWebhookSubscription(input: $input) {
    __typename
    ... on WebhookSubscriptionSuccessPayload {
      webhookSubscription { id label endpoint eventTypes statusInfo { status } } }
    ... on InvalidArgumentRejection { message fields { name errors } }
  }
}"""
added = graphql(
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
)
subscription = added["addWebhookSubscription"]["webhookSubscription"]
print(json.dumps(subscription, indent=2))

# %% [markdown]
# Bad input is a typed rejection, with every invalid field at once:

# %%
rejected = graphql(
    API,
    ADD,
    {
        "input": {
            "label": "Broken",
            "endpoint": "ftp://example.com",
            "secret": "",
            "eventTypes": ["Account.Exploded"],
            "status": "Enabled",
        }
    },
)["addWebhookSubscription"]
print(rejected["__typename"], "-", rejected["message"])
for field in rejected["fields"]:
    print(" ", field["name"], field["errors"])

# %% [markdown]
# ## Cause events with the Testing API
#
# Onboarding an account holder creates a holder and an account: two events. The delivery happens
# when the request returns; **no need to move the clock**.

# %%
CREATE_HOLDER = """mutation {
  createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"}) {
    ... on CreateSandboxAccountHolderSuccessPayload { accountId }
  }
}"""
account_id = graphql(TESTING, CREATE_HOLDER)["createSandboxAccountHolder"]["accountId"]
print("clock still at", sim.clock.timestamp())
print(inbox)
for received in inbox.received:
    print(json.dumps(received.body, indent=2))

# %% [markdown]
# The body has exactly five fields: `eventType`, `eventId`, `eventDate`, `projectId`, `resourceId`.
# Check the secret header before trusting it:

# %%
import hmac

received = inbox.received[-1]
print(received.headers["Content-Type"])
print("secret matches:", hmac.compare_digest(received.headers["x-swan-secret"], SECRET))

# %% [markdown]
# ## The call flow: read what the event names
#
# The notice says *an account was created* and which one. Its data comes from the API:

# %%
event = inbox.received[-1].body
ACCOUNT = "query($id: ID!) { account(accountId: $id) { id name statusInfo { status } IBAN } }"
account = graphql(API, ACCOUNT, {"id": event["resourceId"]})["account"]
print(event["eventType"], "->", json.dumps(account, indent=2))

# %% [markdown]
# ## When the endpoint fails
#
# Now the inbox answers `500` to everything. A new holder's two events fail their first attempt; the
# service will retry each up to **8 times**, after about 5 s, 17 s, 1 min, 3 min, 15 min, 40 min, 2
# h and 7 h, each delay counted from the end of the previous attempt.

# %%
inbox.fail()
inbox.clear()
graphql(TESTING, CREATE_HOLDER.replace("Ada", "Grace").replace("Lovelace", "Hopper"))
LOG = """query($filters: WebhookEventLogFiltersInput) {
  webhookEventLogs(first: 100, filters: $filters) { totalCount edges { node {
    eventType retryCount createdAt statusCode statusText } } } }"""
log = graphql(API, LOG, {"filters": {"statusText": "Failure"}})["webhookEventLogs"]
for edge in log["edges"]:
    print(edge["node"])

# %% [markdown]
# With a frozen clock nothing more happens until time moves. Advance **10 hours** with the Testing
# API: every retry fires on the way, in time order, each stamped with its own virtual time, and the
# payload returns the **timeline**. It takes a blink.

# %%
ADVANCE = """mutation($duration: String!) {
  advanceClock(input: {duration: $duration}) {
    ... on ClockSuccessPayload { clock { now } timeline { at work summary } }
  }
}"""
moved = graphql(TESTING, ADVANCE, {"duration": "10h"})["advanceClock"]
print("now", moved["clock"]["now"])
account_events = [e for e in moved["timeline"] if e["summary"].startswith("Account.")]
print(sim.webhooks.describe(account_events, start="2026-01-05T09:00:00Z"))

# %% [markdown]
# The first attempt happened when the request returned; the timeline shows the 8 retries, the last
# at 9 h 59 min 22 s after the event. The real service shows each attempt in `webhookEventLogs`;
# the Testing API's `webhookDeliveries` (simulator-only) groups them per event and says the
# deliveries are now `Failed`. (Ten hours passed for the token too: get a new one.)

# %%
token = new_token()
DELIVERIES = """{ webhookDeliveries(filters: {status: Failed}) { edges { node {
  id eventId eventType status attemptCount retryCount nextAttemptAt } } } }"""
failed = [e["node"] for e in graphql(TESTING, DELIVERIES)["webhookDeliveries"]["edges"]]
for delivery in failed:
    print(
        delivery["eventType"],
        delivery["status"],
        delivery["attemptCount"],
        "attempts,",
        delivery["retryCount"],
        "retries",
    )
print(inbox)

# %% [markdown]
# ## The whole story, on the kit's WebhookTimeline
#
# The `WebhookTimeline` widget plots every attempt of every event of our project on the virtual
# time axis (green: answered, red: failed), against the retry schedule (grey ticks), one row per
# event, named by its type. Its **Receiver** switch makes the inbox fail, time out or recover;
# **Replay** sends the chosen event again (a diamond on its row).

# %%
from simulator.widgets import WebhookTimeline

timeline = WebhookTimeline(sim, project=creds, inbox="my-app")
timeline.receiver.value = "fail"  # the switch shows the inbox as it is: failing
failures = [a for a in timeline.attempts if not a["succeeded"]]
print([label for label, _ in timeline.event.options], len(failures), "failed attempts")
timeline

# %% [markdown]
# ## Replay
#
# Your endpoint is fixed. `replayWebhookEvent` sends the event again now (same `eventId`:
# deliveries are *at least once*, so deduplicate on it) and says what the endpoint answered.

# %%
timeline.receiver.value = "succeed"  # the switch, as a learner would flip it
REPLAY = """mutation($id: ID!) { replayWebhookEvent(input: {webhookEventId: $id}) {
  __typename
  ... on ReplayWebhookEventSuccessPayload { webhookEventLogEntryId endpointStatus } } }"""
account_delivery = next(d for d in failed if d["eventType"] == "Account.Created")
replayed = graphql(API, REPLAY, {"id": account_delivery["eventId"]})["replayWebhookEvent"]
print(replayed)
print(inbox.last)
print("same event:", inbox.last.event_id == account_delivery["eventId"])
timeline.refresh_button.click()
print(sum(a["succeeded"] for a in timeline.attempts), "answered attempts on the timeline")

# %% [markdown]
# Replays do not wait for each other: two replays of one event at the same virtual instant are
# two deliveries, and your endpoint must accept the duplicate. On the timeline above they share
# an instant, so they are drawn stacked (two diamonds), not one over the other.

# %%
timeline.event.value = account_delivery["eventId"]
timeline.replay_button.click()
timeline.replay_button.click()
replays = [
    a
    for a in timeline.attempts
    if a["kind"] == "Replay" and a["event_id"] == account_delivery["eventId"]
]
labels = {event_id: label for label, event_id in timeline.event.options}
print(len(replays), "replays of", labels[account_delivery["eventId"]])
print(
    "the last two at the same instant:", replays[-1]["attempted_at"] == replays[-2]["attempted_at"]
)

# %% [markdown]
# ## Probe an endpoint
#
# Before subscribing a new endpoint, `probeWebhookEndpoint` POSTs it one sample event, now, and
# says what it answered. Nothing is subscribed and nothing is retried; the sample's `resourceId`
# names no resource.

# %%
PROBE = """mutation($endpoint: String!) {
  probeWebhookEndpoint(input: {endpoint: $endpoint, secret: "probe-secret"}) {
    __typename
    ... on ProbeWebhookEndpointSuccessPayload { eventId responseStatus } } }"""
probe_inbox = sim.webhooks.inbox("new-endpoint")
probed = graphql(API, PROBE, {"endpoint": probe_inbox.url})["probeWebhookEndpoint"]
print(probed)
print(json.dumps(probe_inbox.last.body, indent=2))

# %% [markdown]
# ## Another retry policy
#
# The retry policy is data. The real service has also published a newer one: a retry every 30 s, up
# to 7 times, with a 10 s timeout. A workshop can switch to it (the Testing API's simulator-only
# `setWebhookRetryPolicy`, Python `sim.webhooks.set_policy(...)` or the CLI).

# %%
SET_POLICY = """mutation { setWebhookRetryPolicy(input: {name: "every-30s"}) {
  ... on SetWebhookRetryPolicySuccessPayload {
    policy { name delaysSeconds timeoutSeconds maxAttempts } } } }"""
print(graphql(TESTING, SET_POLICY)["setWebhookRetryPolicy"]["policy"])
inbox.fail(times=3)  # three failures, then it recovers
inbox.clear()
sim.webhooks.update(creds, subscription["id"], event_types=["Account.Created"])
graphql(TESTING, CREATE_HOLDER.replace("Ada", "Alan").replace("Lovelace", "Turing"))
start = sim.clock.timestamp()
moved = graphql(TESTING, ADVANCE, {"duration": "5m"})["advanceClock"]
print(sim.webhooks.describe(moved["timeline"], start=start))
print([r.status for r in inbox.received])

# %% [markdown]
# ## What we showed
#
# The simulator stays open (no `sim.close()`): after Run All the timeline above still switches the
# receiver and replays. Its data dir is temporary and goes when the kernel stops.
#
# * a subscription per endpoint, with a secret and event types;
# * the notice names the resource; the partner reads it through the API;
# * failed deliveries retry on the virtual clock: 10 hours of schedule in a blink;
# * the event log, replay, probes, and policies as data.

# %%
attempts = sim.webhooks.log(creds)
first_failure = [a for a in attempts if a["event_type"] == "Account.Created"][1:10]
offsets = [a["attempted_at"][11:19] for a in first_failure]
assert offsets == [
    "09:00:00",
    "09:00:05",
    "09:00:22",
    "09:01:22",
    "09:04:22",
    "09:19:22",
    "09:59:22",
    "11:59:22",
    "18:59:22",
], offsets
assert all(a["response_status"] == 500 for a in first_failure)
assert account["id"] == account_id and account["statusInfo"]["status"] == "Opened"
assert set(event) == {"eventType", "eventId", "eventDate", "projectId", "resourceId"}
assert [d["status"] for d in failed] == ["Failed", "Failed"]
assert replayed["endpointStatus"] == 200
assert probed["responseStatus"] == 200
assert probe_inbox.last.event_id == probed["eventId"]
assert "Account.Created" in event_types
assert [r.status for r in inbox.received] == [500, 500, 500, 200]
assert sim.webhooks.get_policy(project=creds).name == "every-30s"
assert len(failures) == sum(d["attemptCount"] for d in failed) == 18
assert timeline.receiver.value == "succeed" and timeline.attempts[-1]["succeeded"]
assert len(replays) == 3 and replays[-1]["attempted_at"] == replays[-2]["attempted_at"]
print("All good.")

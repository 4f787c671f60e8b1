# %% [markdown]
# # 7b. Webhooks: when your endpoint fails, the retries on the virtual clock
#
# One idea: **a failed delivery is retried on a schedule**: 8 times over about 10 hours
# (after about 5 s, 17 s, 1 min, 3 min, 15 min, 40 min, 2 h and 7 h, each delay counted from
# the end of the previous attempt). On a virtual clock the whole schedule runs in a blink. We
# make the receiver fail with the kit's `WebhookTimeline` switch, advance 10 hours, read the
# log, then switch to another retry policy. (Receiving a notice: [7a](07a-webhooks.ipynb);
# replaying what failed: [7c](07c-webhook-replay.ipynb).)

# %%
from simulator import Simulator
from simulator.widgets import WebhookTimeline

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Webhooks demo", ["http://localhost:3000/callback"])
inbox = sim.webhooks.inbox("my-app")
subscription = sim.webhooks.subscribe(creds, inbox, ["Account.Created"], secret="my-secret")
http = sim.client()


def graphql(path, query, variables=None):
    """As the project; a fresh token each time (ten virtual hours pass below)."""
    token = http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": creds.client_id,
            "client_secret": creds.client_secret,
        },
    ).json()["access_token"]
    body = http.post(
        path,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    assert "errors" not in body, body
    return body["data"]


API, TESTING = "/sandbox/graphql", "/sandbox-testing/graphql"
CREATE_HOLDER = """mutation($first: String!, $last: String!) {
  createSandboxAccountHolder(input: {firstName: $first, lastName: $last}) { __typename } }"""
timeline = WebhookTimeline(sim, project=creds, inbox="my-app")
timeline.receiver.value = "fail"  # as a learner flips the switch: every delivery gets a 500
print("the receiver will now", timeline.receiver.value)

# %% [markdown]
# ## The first attempt fails
#
# A new account: its `Account.Created` event fails its first attempt, at once. The real
# service's `webhookEventLogs` shows each attempt.

# %%
graphql(TESTING, CREATE_HOLDER, {"first": "Grace", "last": "Hopper"})
LOG = """{ webhookEventLogs(first: 100, filters: {statusText: Failure}) { totalCount
  edges { node { eventType retryCount createdAt statusCode } } } }"""
log = graphql(API, LOG)["webhookEventLogs"]
print(log["edges"][0]["node"])

# %% [markdown]
# ## Ten hours in a blink
#
# With a frozen clock nothing more happens until time moves. Advancing **10 hours** (here
# with the Testing API's `advanceClock`) fires every retry on the way, in time order, each
# stamped with its own virtual time.

# %%
ADVANCE = """mutation { advanceClock(input: {duration: "10h"}) {
  ... on ClockSuccessPayload { clock { now } timeline { at work summary } } } }"""
moved = graphql(TESTING, ADVANCE)["advanceClock"]
print("now", moved["clock"]["now"])
print(sim.webhooks.describe(moved["timeline"], start="2026-01-05T09:00:00Z"))

# %% [markdown]
# The delivery is now `Failed` (the Testing API's `webhookDeliveries`, simulator-only, groups
# the attempts per event). On the timeline: the red attempts against the schedule's grey ticks.

# %%
DELIVERIES = """{ webhookDeliveries(filters: {status: Failed}) { edges { node {
  eventType status attemptCount retryCount } } } }"""
failed = [e["node"] for e in graphql(TESTING, DELIVERIES)["webhookDeliveries"]["edges"]]
print(failed)
timeline.refresh_button.click()
timeline

# %% [markdown]
# ## Another retry policy
#
# The policy is data. The real service has also published a newer one: a retry every 30 s, up
# to 7 times, with a 10 s timeout. A workshop can switch to it (`setWebhookRetryPolicy` on the
# Testing API, simulator-only). The receiver fails three times, then recovers.

# %%
POLICY = """mutation { setWebhookRetryPolicy(input: {name: "every-30s"}) {
  ... on SetWebhookRetryPolicySuccessPayload { policy { name delaysSeconds maxAttempts } } } }"""
print(graphql(TESTING, POLICY)["setWebhookRetryPolicy"]["policy"])
timeline.receiver.value = "succeed"
inbox.fail(times=3)
inbox.clear()
graphql(TESTING, CREATE_HOLDER, {"first": "Alan", "last": "Turing"})
start = sim.clock.timestamp()
print(sim.webhooks.describe(sim.advance("5m").timeline, start=start))
print([r.status for r in inbox.received])

# %% [markdown]
# ## What we showed
#
# One failing endpoint, nine attempts over ten virtual hours, the delivery `Failed`, and a
# policy switched. The simulator stays open: the timeline above still switches and replays.

# %%
attempts = [a for a in sim.webhooks.log(creds) if a["event_type"] == "Account.Created"]
offsets = [a["attempted_at"][11:19] for a in attempts[:9]]
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
assert all(a["response_status"] == 500 for a in attempts[:9])
assert failed == [
    {"eventType": "Account.Created", "status": "Failed", "attemptCount": 9, "retryCount": 8}
]
assert [r.status for r in inbox.received] == [500, 500, 500, 200]
assert sim.webhooks.get_policy(project=creds).name == "every-30s"
print("All good.")

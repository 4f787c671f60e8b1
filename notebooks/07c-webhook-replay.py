# %% [markdown]
# # 7c. Webhooks on demand: replay an event, probe an endpoint
#
# One idea: **send now, on request**. Your endpoint was down and an event's delivery
# `Failed` ([7b](07b-webhook-retries.ipynb)); once it is fixed, `replayWebhookEvent` sends that
# event again. Before subscribing a new endpoint, `probeWebhookEndpoint` sends it one sample.
# Both answer with what the endpoint said. The kit's `WebhookTimeline` replays too.

# %%
from simulator import Simulator
from simulator.widgets import WebhookTimeline

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Webhooks demo", ["http://localhost:3000/callback"])
inbox = sim.webhooks.inbox("my-app")
sim.webhooks.subscribe(creds, inbox, ["Account.Created"], secret="my-secret")
timeline = WebhookTimeline(sim, project=creds, inbox="my-app")
timeline.receiver.value = "fail"  # the endpoint is down: every delivery gets a 500
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
HOLDER = """mutation { createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"}) {
  __typename } }"""
graphql(TESTING, HOLDER)  # an account opens: its Account.Created event
sim.advance("10h")  # every retry fails: the delivery is over
DELIVERIES = "{ webhookDeliveries { edges { node { eventId eventType status attemptCount } } } }"
failed = graphql(TESTING, DELIVERIES)["webhookDeliveries"]["edges"][0]["node"]
print(failed["eventType"], failed["status"], "after", failed["attemptCount"], "attempts")

# %% [markdown]
# ## Replay, once the endpoint is fixed
#
# We flip the timeline's **Receiver** switch to `succeed` (the endpoint is fixed) and replay
# through the API. The replay carries the **same** `eventId`: deliveries are *at least once*,
# so your endpoint deduplicates on it.

# %%
timeline.receiver.value = "succeed"
REPLAY = """mutation($id: ID!) { replayWebhookEvent(input: {webhookEventId: $id}) {
  ... on ReplayWebhookEventSuccessPayload { endpointStatus } } }"""
replayed = graphql(API, REPLAY, {"id": failed["eventId"]})["replayWebhookEvent"]
print(replayed, "| same event:", inbox.last.event_id == failed["eventId"])
timeline.refresh_button.click()  # the timeline reads the log again: the replay is on it

# %% [markdown]
# Replays do not wait for each other: two at the same virtual instant are two deliveries, and
# your endpoint must accept the duplicate. The timeline's **Replay**, clicked twice, draws them
# stacked (two diamonds on the event's row), not one over the other.

# %%
timeline.replay_button.click()
timeline.replay_button.click()
replays = [a for a in timeline.attempts if a["kind"] == "Replay"]
print(
    len(replays),
    "replays; the last two at one instant:",
    len({a["attempted_at"] for a in replays[-2:]}) == 1,
)
timeline

# %% [markdown]
# ## Probe an endpoint before subscribing it
#
# `probeWebhookEndpoint` POSTs one sample event now and says what the endpoint answered.
# Nothing is subscribed and nothing is retried; the sample's `resourceId` names no resource.

# %%
PROBE = """mutation($endpoint: String!) {
  probeWebhookEndpoint(input: {endpoint: $endpoint, secret: "probe-secret"}) {
    ... on ProbeWebhookEndpointSuccessPayload { eventId responseStatus } } }"""
new_endpoint = sim.webhooks.inbox("new-endpoint")
probed = graphql(API, PROBE, {"endpoint": new_endpoint.url})["probeWebhookEndpoint"]
print(probed["responseStatus"], new_endpoint.last.body["eventType"])

# %% [markdown]
# ## What we showed
#
# A failed event replayed once the endpoint was fixed (same `eventId`), two replays at one
# instant, and a probe. The simulator stays open: **Replay** above still sends the event.

# %%
assert failed["status"] == "Failed" and failed["attemptCount"] == 9
assert replayed["endpointStatus"] == 200 and inbox.last.event_id == failed["eventId"]
assert len(replays) == 3 and replays[-1]["attempted_at"] == replays[-2]["attempted_at"]
assert timeline.attempts[-1]["succeeded"]
assert probed["responseStatus"] == 200 and new_endpoint.last.event_id == probed["eventId"]
print("All good.")

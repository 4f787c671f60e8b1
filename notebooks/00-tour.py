# %% [markdown]
# # 0. The simulator in five minutes, and where to go next
#
# One idea: **the partner banking API, whole, on your machine**. A `Simulator` is the bank:
# its GraphQL API, its OAuth pages, its Testing API (the outside world: other banks, card
# networks), webhooks, on a **virtual clock** that only moves when you move it. It runs in
# this process (no server, no network), with seeded data and stable ids, so every run of
# every notebook prints the same. The same calls work over HTTP against `python -m simulator
# serve`. The teaching kit (`simulator.widgets`, docs/widgets.md) drives it from a notebook:
# below, its `Console` and its `ClockPanel`; the table at the end says where to go next.

# %%
from simulator import Simulator
from simulator.widgets import ClockPanel, Console

sim = Simulator()  # a temporary data dir; the clock starts frozen
sim

# %% [markdown]
# ## Ask the bank something: the Console
#
# Pick an endpoint, an identity and an operation; the document and its variables are
# prefilled from the schema. The Testing API loads the `default` dataset (Ada, Alan and their
# company, two months of history); then the Sandbox answers `accounts`. After Run All, click
# **Run** yourself, or pick another operation.

# %%
console = Console(sim, endpoint="Testing API", operation="mutation loadSandboxDataset")
console.variables.value = '{"input": {"dataset": "default"}}'
console.run_button.click()
loaded = console.response["data"]["loadSandboxDataset"]
console.endpoint.value = "Sandbox"
console.operation.value = "query accounts"
console.run_button.click()
accounts = [edge["node"] for edge in console.response["data"]["accounts"]["edges"]]
print(loaded["created"], "records loaded;", [a["name"] for a in accounts])
console

# %% [markdown]
# ## Time is yours: the ClockPanel
#
# Transfers settle after a day, consents expire after 20 minutes, webhook retries span 10
# hours: nobody waits. The clock is frozen until you advance it (here, from its buttons, or
# `sim.advance("1d")`, the Testing API's `advanceClock`, `python -m simulator clock advance`),
# and the due work fires on the way, each at its own virtual instant. Nothing is scheduled
# here yet, so a day passes quietly; in [5b](05b-transfers.ipynb) a transfer settles on the way.

# %%
clock = ClockPanel(sim)
before = clock.time.value
clock.buttons["+1d"].click()
print(before, "->", clock.time.value, "|", clock.message.value)
clock

# %% [markdown]
# ## Where to go next
#
# Each notebook teaches one idea with the kit, runs in seconds and ends with assertions.
#
# | Notebook | The idea |
# |---|---|
# | [1. Getting started](01-getting-started.ipynb) | a project, its token, a first query |
# | [2. OAuth code flow](02-oauth-code-flow.ipynb) | a user's token, page by page |
# | [3. OAuth tokens](03-oauth-tokens.ipynb) | refresh rotation, PKCE, the id_token |
# | [4. Limits](04-limits.ipynb) | what a query costs, the limits, a 429 |
# | [5a. Accounts](05a-accounts.ipynb) | four balances, pages of transactions, the Ledger |
# | [5b. Transfers](05b-transfers.ipynb) | a transfer from consent to booked, idempotency |
# | [5c. Rejections](05c-rejections.ipynb) | a refused write is data, not an error |
# | [6. Testing API](06-testing-api.ipynb) | the outside world: incoming money, card spending |
# | [7a. Webhooks](07a-webhooks.ipynb) | a notice, then a read |
# | [7b. Webhook retries](07b-webhook-retries.ipynb) | a failing endpoint, 10 hours of retries |
# | [7c. Replay and probe](07c-webhook-replay.ipynb) | send an event again, probe an endpoint |
# | [8. Consents](08-consents.ipynb) | the consent pages: sign in, approve, refuse |
# | [9. Bug reports](09-bug-reports.ipynb) | the journal, snapshots, a replayable report |
# | [10. Workshop](10-workshop.ipynb) | a learner's own space in a workshop room |
#
# The simulator is not closed: the widgets above still work after Run All (its data dir is
# temporary and goes with the kernel).

# %%
assert loaded["__typename"] == "LoadSandboxDatasetSuccessPayload" and len(accounts) == 3
assert console.status == 200 and clock.time.value == "2026-01-06T09:00:00.000Z"
print("All good.")

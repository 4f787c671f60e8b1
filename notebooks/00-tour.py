# %% [markdown]
# # 0. A five-minute tour of the teaching kit
#
# Every widget of `simulator.widgets` is built from the simulator alone (`Widget(sim)`), and they
# all speak as one "Teaching kit" project. Each section below builds its own widget, so what you
# see under a heading after Run All is that section's widget, as it left it. Run all the cells,
# then click: every button works as prefilled (nothing closes the simulator at the end).
#
# | Widget | What for |
# |---|---|
# | `Console` | any query or mutation of the schema, as the project or a user; cost and history |
# | `LimitsGauge` | the rate budget used and a document's cost against the limits |
# | `Ledger` | accounts with their balances; transactions with filters and paging |
# | `ClockPanel` | the virtual time, live; advance it; the scheduled work waiting |
# | `OAuthWalkthrough` | the authorization-code flow, one button per step, through the real pages |
# | `Phone`, `ConsentInbox` | a user's text messages; consents approved or refused on their pages |
# | `WebhookTimeline` | every webhook attempt against the retry schedule; a failing receiver |

# %%
import json

from simulator import Simulator
from simulator.widgets import (
    ClockPanel,
    ConsentInbox,
    Console,
    Ledger,
    LimitsGauge,
    OAuthWalkthrough,
    Phone,
    WebhookTimeline,
    display,
)

sim = Simulator()  # a temporary data dir; the clock starts frozen
sim

# %% [markdown]
# ## The Console
#
# Pick an endpoint, an identity and an operation: the document and its variables are prefilled
# from the schema. Here the Testing API loads the `default` dataset (loading it again creates
# nothing). Click **Run** yourself afterwards.

# %%
console = Console(sim, endpoint="Testing API", operation="mutation loadSandboxDataset")
console.variables.value = '{"input": {"dataset": "default"}}'
console.run_button.click()
loaded = console.response["data"]["loadSandboxDataset"]
print(console.status, loaded["__typename"], loaded["created"], "records")
console

# %% [markdown]
# ## The LimitsGauge
#
# It follows a Console: each edit of its document is measured offline, and each answer's
# `extensions.cost` moves the bars. The rate-budget bar shows the budget **used** in the current
# window, growing toward red.

# %%
gauge = LimitsGauge(sim, console=console)
console.run_button.click()  # a second run: two requests of the budget used
print({name: gauge.labels[name].value for name in gauge.bars})
gauge

# %% [markdown]
# ## The Ledger
#
# The accounts the dataset opened, with their balances, and their transactions: filters, pages.

# %%
ledger = Ledger(sim)
print(len(ledger.accounts), "accounts,", ledger.total, "transactions")
display(ledger.accounts[0])

# %%
ledger

# %% [markdown]
# ## A payload or a rejection
#
# A mutation answers a payload or a typed rejection; `display` shows either as a card. This
# Console sends a rent transfer from the first account: it waits for its holder's consent.

# %%
transfer = Console(sim, operation="mutation initiateCreditTransfers")
rent = {
    "amount": {"value": "85.00", "currency": "EUR"},
    "sepaBeneficiary": {"name": "Landlord SCI", "iban": "FR7630006000011234567890189"},
    "reference": "RENT-JAN-2026",
}
transfer.variables.value = json.dumps(
    {
        "input": {
            "accountId": ledger.accounts[0]["id"],
            "consentRedirectUrl": "http://localhost:3000/callback",
            "creditTransfers": [rent],
        }
    }
)
transfer.run_button.click()
payload = transfer.response["data"]["initiateCreditTransfers"]
print(payload["__typename"], payload["payment"]["statusInfo"]["status"])
display(payload)

# %% [markdown]
# ## The ClockPanel
#
# It follows the clock wherever it moves (`python -m simulator clock advance 1h --data-dir ...`,
# the Testing API's `advanceClock`, `sim.advance`), and shows the work waiting on it.

# %%
clock = ClockPanel(sim)
print(clock.time.value, "|", len(clock.pending), "scheduled items")
clock

# %% [markdown]
# ## The OAuthWalkthrough
#
# One button per step: the URL, the pages (kept, and shown as a browser shows them), the text
# message, the state check, the exchange and the id_token, a refresh rotation, and a reuse that
# revokes the whole family. The user token it gets appears in the Consoles' identities.

# %%
walk = OAuthWalkthrough(sim)
walk.run_all_button.click()
print({step: result.get("status") for step, result in walk.results.items()})
walk

# %% [markdown]
# ## The Phone
#
# The text messages the simulator "sent" (nothing leaves the machine): here the walkthrough's code.

# %%
phone = Phone(sim, "+33612345678")
print(len(phone.messages), "text message(s)")
phone

# %% [markdown]
# ## The ConsentInbox
#
# The rent transfer above waits for its account holder's consent: the inbox approves or refuses
# it through the consent pages (sign-in with the code from the phone, the decision, the redirect).

# %%
inbox = ConsentInbox(sim)
print(len(inbox.consents.options), "consent(s) waiting")
inbox

# %% [markdown]
# ## The WebhookTimeline
#
# The kit's project is subscribed to an in-process inbox. We switch the receiver to **fail**, let
# another bank send money to the first account (a Console on the Testing API: run it again for
# another event), and advance the clock: the attempts follow the retry schedule (grey ticks).

# %%
timeline = WebhookTimeline(sim)
timeline.receiver.value = "fail"
incoming = Console(
    sim, endpoint="Testing API", operation="mutation simulateIncomingSepaCreditTransferReception"
)
sender = {"debtorIban": "DE89370400440532013000", "debtorName": "Grace Hopper"}
incoming.variables.value = json.dumps(
    {
        "input": {
            "creditorIban": ledger.accounts[0]["IBAN"],
            "creditorName": ledger.accounts[0]["name"],
            "amount": {"value": "120.00", "currency": "EUR"},
            **sender,
        }
    }
)
incoming.run_button.click()
sim.advance("10m")
timeline.receiver.value = "succeed"
timeline.refresh_button.click()
print([label for label, _ in timeline.event.options])
print(sum(not a["succeeded"] for a in timeline.attempts), "failed attempts so far")
timeline

# %% [markdown]
# Everything above still works: click away. The simulator is not closed: it goes with the kernel
# (its data dir is temporary), so no widget dies at the end of Run All.

# %%
assert loaded["__typename"] == "LoadSandboxDatasetSuccessPayload"
assert gauge.bars["rate budget"].value == 2 and gauge.bars["rate budget"].bar_style == "success"
assert (
    len(ledger.accounts) == 3 and payload["__typename"] == "InitiateCreditTransfersSuccessPayload"
)
assert walk.results["reuse"]["status"] == 401 and len(phone.messages) == 1
assert len(inbox.consents.options) == 1
assert timeline.attempts and not timeline.attempts[0]["succeeded"]
print("All good.")

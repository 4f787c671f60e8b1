# %% [markdown]
# # 0. A five-minute tour of the teaching kit
#
# Every widget of `simulator.widgets` is built from the simulator alone (`Widget(sim)`), and they
# all speak as one "Teaching kit" project. Run all the cells, then click: every button works
# after Run All (nothing closes the simulator at the end).
#
# | Widget | What for |
# |---|---|
# | `Console` | any query or mutation of the schema, as the project or a user; cost and history |
# | `ClockPanel` | the virtual time, live; advance it; the scheduled work waiting |
# | `OAuthWalkthrough` | the authorization-code flow, one button per step, through the real pages |
# | `Phone`, `ConsentInbox` | a user's text messages; consents approved or refused on their pages |
# | `WebhookTimeline` | every webhook attempt against the retry schedule; a failing receiver |
# | `LimitsGauge` | the rate budget and a document's cost against the limits |
# | `Ledger` | accounts with their balances; transactions with filters and paging |

# %%
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
# Pick an endpoint, an identity and an operation: the document is prefilled from the schema, with
# every rejection of a mutation spread. Here we load the `default` dataset through the Testing API,
# then list the accounts. Click **Run** yourself afterwards.

# %%
console = Console(sim, endpoint="Testing API", operation="mutation loadSandboxDataset")
console.variables.value = '{"input": {"dataset": "default"}}'
console.run_button.click()
print(console.status, console.response["data"]["loadSandboxDataset"]["__typename"])

console.endpoint.value = "Sandbox"
console.operation.value = "query accounts"
console.run_button.click()
print(console.status, console.response["data"]["accounts"]["totalCount"], "accounts")
console

# %% [markdown]
# A mutation's answer is a payload or a typed rejection; `display` shows either as a card.

# %%
console.operation.value = "mutation cancelConsent"
console.run_button.click()
display(console.response["data"]["cancelConsent"])

# %% [markdown]
# ## The LimitsGauge
#
# It follows the Console: each edit of the document is measured offline, and each answer's
# `extensions.cost` moves the bars, the rate budget included.

# %%
gauge = LimitsGauge(sim, console=console)
print({name: gauge.labels[name].value for name in gauge.bars})
gauge

# %% [markdown]
# ## The Ledger

# %%
ledger = Ledger(sim)
print(len(ledger.accounts), "accounts,", ledger.total, "transactions")
display(ledger.accounts[0])

# %%
ledger

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
# ## OAuth: the walkthrough and the phone
#
# One button per step: the URL, the pages (shown as a browser shows them), the text message, the
# state check, the exchange and the id_token, a refresh rotation, and a reuse that revokes the
# whole family. The user token it gets appears in the Console's identities.

# %%
walk = OAuthWalkthrough(sim)
walk.run_all_button.click()
print({step: result.get("status") for step, result in walk.results.items()})
walk

# %%
phone = Phone(sim, "+33612345678")
print(len(phone.messages), "text message(s)")
phone

# %% [markdown]
# ## The ConsentInbox
#
# A transfer needs its account holder's consent; the inbox approves or refuses it through the
# consent pages (sign-in with the code from the phone, the decision, the redirect).

# %%
import json

console.endpoint.value = "Sandbox"
console.operation.value = "mutation initiateCreditTransfers"
transfer = {
    "accountId": ledger.accounts[0]["id"],
    "consentRedirectUrl": "http://localhost:3000/callback",
    "creditTransfers": [
        {
            "amount": {"value": "85.00", "currency": "EUR"},
            "sepaBeneficiary": {"name": "Landlord SCI", "iban": "FR7630006000011234567890189"},
            "reference": "RENT-JAN-2026",
        }
    ],
}
console.variables.value = json.dumps({"input": transfer})
console.run_button.click()
print(console.response["data"]["initiateCreditTransfers"]["__typename"])

inbox = ConsentInbox(sim)
print(len(inbox.consents.options), "consent(s) waiting")
inbox

# %% [markdown]
# ## The WebhookTimeline
#
# The kit's project is subscribed to an in-process inbox. Switch the receiver to **fail**, make an
# event, and advance the clock: the attempts follow the retry schedule (grey ticks).

# %%
timeline = WebhookTimeline(sim)
timeline.receiver.value = "fail"
console.endpoint.value = "Testing API"
console.operation.value = "mutation createSandboxUser"
console.variables.value = json.dumps(
    {
        "input": {
            "firstName": "Grace",
            "lastName": "Hopper",
            "birthDate": "1990-12-09",
            "nationalityCCA3": "USA",
            "autoConsent": True,
            "mobilePhoneNumber": "+33700000009",
        }
    }
)
console.run_button.click()
sim.advance("10m")
timeline.receiver.value = "succeed"
timeline.refresh_button.click()
print(sum(not a["succeeded"] for a in timeline.attempts), "failed attempts so far")
timeline

# %% [markdown]
# Everything above still works: click away. The simulator is closed when the kernel stops (its
# data dir is temporary).

# %% [markdown]
# # 5b. A transfer, from consent to booked
#
# One idea: **a payment is a write that waits**. `initiateCreditTransfers` checks the request
# and answers the payment in `ConsentPending`; the account holder approves it; its
# transaction is `Pending` (the money already counts against *available*); the clock moves
# and it is `Booked`. We send it from the kit's `Console` with an **idempotency key**, so a
# retry cannot pay twice.
# Balances and pages: [5a](05a-accounts.ipynb); refused writes: [5c](05c-rejections.ipynb);
# the consent pages themselves: [8](08-consents.ipynb).

# %%
import json

from simulator import Simulator
from simulator.widgets import Console

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Rent app", ["http://localhost:3000/callback"])
http = sim.client()


def graphql(query, variables=None, path="/sandbox/graphql"):
    """As the project; a fresh token each time (a project token lives one virtual hour)."""
    token = http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": creds.client_id,
            "client_secret": creds.client_secret,
        },
    ).json()["access_token"]
    answer = http.post(
        path,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
    )
    return answer.json()["data"]


graphql(
    'mutation { loadSandboxDataset(input: {dataset: "default"}) { __typename } }',
    path="/sandbox-testing/graphql",
)
ACCOUNTS = "{ accounts { edges { node { id holder { info { name } } } } } }"
ada = next(
    e["node"]["id"]
    for e in graphql(ACCOUNTS)["accounts"]["edges"]
    if e["node"]["holder"]["info"]["name"] == "Ada Lovelace"
)
BALANCES = """query($id: ID!) { account(accountId: $id) { balances {
  booked { value } pending { value } available { value } } } }"""


def balances():
    return {k: v["value"] for k, v in graphql(BALANCES, {"id": ada})["account"]["balances"].items()}


before = balances()
print("Ada's account", before)

# %% [markdown]
# ## The transfer, in the Console
#
# The request is checked first: the IBAN (format and check digits), the amount (positive, at
# most two decimals). The balance is checked later, when the transfer executes, as in the real
# service. The `idempotencyKey` makes a retry safe: the same key with the same request returns
# the **same** payment (keys live 24 hours of virtual time). We click **Run** twice.

# %%
console = Console(sim, project=creds, operation="mutation initiateCreditTransfers")
console.document.value = """mutation($input: InitiateCreditTransfersInput!) {
  initiateCreditTransfers(input: $input) {
    __typename
    ... on InitiateCreditTransfersSuccessPayload { payment { id statusInfo { status
      ... on PaymentConsentPending { consent { id purpose } } } } }
    ... on Rejection { message } } }"""
rent = {
    "amount": {"value": "850.00", "currency": "EUR"},
    "sepaBeneficiary": {"name": "Landlord SCI", "iban": "FR7630006000011234567890189"},
    "reference": "RENT-JAN-2026",
}
console.variables.value = json.dumps(
    {
        "input": {
            "accountId": ada,
            "consentRedirectUrl": "http://localhost:3000/callback",
            "idempotencyKey": "rent-2026-01",
            "creditTransfers": [rent],
        }
    },
    indent=2,
)
console.run_button.click()
first = console.response["data"]["initiateCreditTransfers"]["payment"]
console.run_button.click()  # a retry: same key, same request
retry = console.response["data"]["initiateCreditTransfers"]["payment"]
print(first["id"], first["statusInfo"]["status"], first["statusInfo"]["consent"]["purpose"])
print("the retry is the same payment:", retry["id"] == first["id"])
console

# %% [markdown]
# ## The holder approves
#
# The consent's `consentUrl` is for Ada's browser (notebook 8 walks those pages). Here the
# Testing API's `approveSandboxConsent` (*simulator-only*) plays Ada approving. The payment is
# now `Initiated`, its transaction `Pending`: **available** went down, **booked** did not.

# %%
APPROVE = """mutation($id: ID!) { approveSandboxConsent(input: {consentId: $id}) {
  ... on ApproveSandboxConsentSuccessPayload { status resourceId } } }"""
approved = graphql(
    APPROVE, {"id": first["statusInfo"]["consent"]["id"]}, path="/sandbox-testing/graphql"
)["approveSandboxConsent"]
PAYMENT = """query($id: ID!) { payment(id: $id) { statusInfo { status }
  transactions { edges { node { statusInfo { status
    ... on BookedTransactionStatusInfo { bookingDate } } } } } } }"""
pending = graphql(PAYMENT, {"id": first["id"]})["payment"]
print(approved["status"], json.dumps(pending))
approved_balances = balances()
print(approved_balances)

# %% [markdown]
# ## Booked, on the virtual clock
#
# A regular SEPA transfer settles after one day (an instant one after ten seconds). Nobody
# waits a day: the clock is virtual, and the settlement fires on the way.

# %%
moved = sim.advance("1d")
for entry in moved.timeline:
    print(entry["at"], entry["event"])
booked = graphql(PAYMENT, {"id": first["id"]})["payment"]
print(json.dumps(booked))
after = balances()
print(after)

# %% [markdown]
# ## What we showed
#
# A transfer sent twice with one key, one payment; approved; pending, then booked a virtual day
# later. The simulator stays open: **Run** in the Console above sends the same request again
# and gets the same payment back.

# %%
assert first["statusInfo"]["status"] == "ConsentPending" and retry["id"] == first["id"]
assert approved == {"status": "Accepted", "resourceId": first["id"]}
assert pending["transactions"]["edges"][0]["node"]["statusInfo"]["status"] == "Pending"
assert float(approved_balances["available"]) == float(before["available"]) - 850
assert approved_balances["booked"] == before["booked"]
assert booked["transactions"]["edges"][0]["node"]["statusInfo"]["status"] == "Booked"
assert float(after["booked"]) == float(before["booked"]) - 850
print("All good.")

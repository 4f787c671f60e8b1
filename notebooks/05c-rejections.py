# %% [markdown]
# # 5c. Rejections: a refused write is data, not an error
#
# One idea: **a mutation that breaks a business rule answers a rejection**, a type
# implementing `Rejection { message }` with fields of its own. It comes back as data (HTTP
# 200), nothing is written, and your code branches on `__typename`. A *query* that cannot
# answer is different: an entry in the top-level `errors`. We send the wrong requests from the
# kit's `Console`, read each rejection, then fix the request. (`docs/mutations.md` lists every
# mutation's rejections; accounts and transfers themselves: [5a](05a-accounts.ipynb),
# [5b](05b-transfers.ipynb).)

# %%
import json

from simulator import Simulator
from simulator.widgets import Console, display

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Rent app", ["http://localhost:3000/callback"])
http = sim.client()


def graphql(query, variables=None, path="/sandbox/graphql"):
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
    return answer.json()


DATASET = 'mutation { loadSandboxDataset(input: {dataset: "default"}) { __typename } }'
graphql(DATASET, path="/sandbox-testing/graphql")
ada = graphql("{ accounts { edges { node { id name } } } }")["data"]["accounts"]["edges"][-1]
print(ada["node"])
ada = ada["node"]

# %% [markdown]
# ## Three wrong transfers, in the Console
#
# The Console's `initiateCreditTransfers` is prefilled with the rejections it can answer.
# First: a negative amount and an IBAN whose check digits are wrong. A `ValidationRejection`
# lists **every** bad field, each with the real service's `code` and a precise `message`.

# %%
console = Console(sim, project=creds, operation="mutation initiateCreditTransfers")
rent = {
    "amount": {"value": "-5", "currency": "EUR"},
    "sepaBeneficiary": {"name": "Landlord SCI", "iban": "FR7630006000011234567890188"},
    "reference": "RENT-JAN-2026",
}
request = {
    "accountId": ada["id"],
    "consentRedirectUrl": "http://localhost:3000/callback",
    "idempotencyKey": "rent-2026-01",
    "creditTransfers": [rent],
}


def send(**changes):
    """Run the Console's transfer with `changes` applied to the request; its payload."""
    console.variables.value = json.dumps({"input": {**request, **changes}}, indent=2)
    console.run_button.click()
    return console.response["data"]["initiateCreditTransfers"]


bad = send()
print(bad["__typename"], "-", bad["message"])
for field in bad["fields"]:
    print(f"  {field['code']} {'.'.join(field['path'])}: {field['message']}")

# %% [markdown]
# With both fields right, the next checks run: an account that does not exist, then an
# idempotency key reused for a *different* request (the key first sent with 850.00, then with
# 900.00). Each is its own type, with its own fields.

# %%
rent["amount"]["value"] = "850.00"
rent["sepaBeneficiary"]["iban"] = "FR7630006000011234567890189"
unknown = send(accountId="acc-404")
display(unknown)

# %%
first = send()
reused = send(creditTransfers=[{**rent, "amount": {"value": "900.00", "currency": "EUR"}}])
display(reused)

# %% [markdown]
# ## Fixed
#
# The right request, sent again with its key, returns the payment made the first time. The
# Console is left on this request: click **Run** after Run All, you get the same payment.

# %%
fixed = send()
print(fixed["__typename"], fixed["payment"]["id"] == first["payment"]["id"])
console

# %% [markdown]
# ## Other rules, other types
#
# A few more, sent as plain GraphQL: closing an account the bank has suspended (only the bank
# acts on it then), and cancelling a consent that is already decided (the transfer above,
# approved by the Testing API).

# %%
CLOSE = """mutation($id: ID!) { closeAccount(input: {accountId: $id,
  reason: {type: ClosingRequested}, consentRedirectUrl: "http://localhost:3000/callback"}) {
  ... on Rejection { __typename message } } }"""
CONSENT = """query($id: ID!) { payment(id: $id) { statusInfo {
  ... on PaymentConsentPending { consent { id } } } } }"""
consent = graphql(CONSENT, {"id": first["payment"]["id"]})["data"]["payment"]["statusInfo"]
APPROVE = "mutation($id: ID!) { approveSandboxConsent(input: {consentId: $id}) { __typename } }"
graphql(APPROVE, {"id": consent["consent"]["id"]}, "/sandbox-testing/graphql")
CANCEL = """mutation($id: String!) { cancelConsent(input: {consentId: $id}) {
  ... on Rejection { __typename message } } }"""
decided = graphql(CANCEL, {"id": consent["consent"]["id"]})["data"]["cancelConsent"]
SUSPEND = """mutation($id: ID!) { suspendSandboxAccount(input: {accountId: $id}) {
  __typename } }"""
graphql(SUSPEND, {"id": ada["id"]}, "/sandbox-testing/graphql")
suspended = graphql(CLOSE, {"id": ada["id"]})["data"]["closeAccount"]
for payload in (suspended, decided):
    print(f"{payload['__typename']:38} {payload['message']}")

# %% [markdown]
# ## A query has errors, not rejections
#
# A query that cannot answer puts an entry in the top-level `errors` list, with an
# `extensions.code`; `data` holds what could be answered.

# %%
missing = graphql('{ transaction(id: "tx-404") { id } }')
too_big = graphql("{ transactions(first: 500) { totalCount } }")
for answer in (missing, too_big):
    error = answer["errors"][0]
    print(error["extensions"]["code"], "-", error["message"])

# %% [markdown]
# ## What we showed
#
# Each refused write answers its own `...Rejection` type as data; queries answer `errors`.

# %%
assert bad["__typename"] == "ValidationRejection" and len(bad["fields"]) == 2
assert unknown["__typename"] == "AccountNotFoundRejection"
assert reused["__typename"] == "IdempotencyConflictRejection"
assert fixed["payment"]["id"] == first["payment"]["id"] and console.status == 200
assert suspended["__typename"] == "BadAccountStatusRejection"
assert decided["__typename"] == "NotReachableConsentStatusRejection"
assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"
print("All good.")

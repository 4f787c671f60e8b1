# %% [markdown]
# # 1. Getting started: a project, a token, your first query
#
# This notebook runs the whole banking service **in-process**: no server, no network. Everything you
# do here works the same against a running `python -m simulator serve`; only the base URL changes.
#
# You will:
# 1. start a simulator on a frozen virtual clock,
# 2. create a Sandbox project and get a **project access token**,
# 3. create accounts with the **Sandbox Testing API** and list them with `accounts`,
# 4. read the three ways a mutation's **rejection** comes back (`cancelConsent`).

# %%
from simulator import Simulator

sim = Simulator()  # a temporary data dir; the clock starts frozen
print(sim.clock.timestamp())

# %% [markdown]
# ## A project and its credentials
#
# A project has a `client_id` prefixed by its environment and a `client_secret` that is shown
# **once**. (We never print the secret: treat it like a password.)

# %%
creds = sim.create_project("sandbox", "My first app", ["http://localhost:3000/callback"])
print(creds.client_id)
print(creds.redirect_uris)
print(len(creds.client_secret), "characters of secret")

# %% [markdown]
# ## A project access token
#
# `POST /oauth2/token` with `grant_type=client_credentials`. `http` is an
# [httpx](https://www.python-httpx.org/) client bound to the simulator in-process.

# %%
http = sim.client()
response = http.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": creds.client_id,
        "client_secret": creds.client_secret,
    },
)
body = response.json()
token = body["access_token"]
print(response.status_code)
print({key: value for key, value in body.items() if key != "access_token"})
print(token[:11] + "...")

# %% [markdown]
# ## Some accounts, through the Sandbox Testing API
#
# The Testing API (`/sandbox-testing/graphql`) simulates the outside world. Here it onboards two
# account holders, each with an opened account.

# %%
import json


def graphql(path, query, variables=None):
    answer = http.post(
        path,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
    )
    body = answer.json()
    body.pop("extensions", None)  # what the operation cost: see notebook 4
    return answer.status_code, body


CREATE_HOLDER = """
mutation($input: CreateSandboxAccountHolderInput!) {
  createSandboxAccountHolder(input: $input) {
    ... on CreateSandboxAccountHolderSuccessPayload { accountId }
    ... on Rejection { message }
  }
}"""
for first, last in [("Ada", "Lovelace"), ("Alan", "Turing")]:
    print(
        graphql(
            "/sandbox-testing/graphql",
            CREATE_HOLDER,
            {"input": {"firstName": first, "lastName": last}},
        )
    )

# %% [markdown]
# ## The `accounts` query
#
# `accounts` is a Relay connection: `totalCount`, `pageInfo` and `edges { cursor node }`. IBANs
# carry real ISO 13616 check digits (of a fictional bank). Rather than the raw JSON, we print one
# line per node.

# %%
ACCOUNTS = """{
  accounts(first: 10) {
    totalCount
    pageInfo { hasNextPage }
    edges { node { id IBAN name balances { available { value currency } } } }
  }
}"""
status, answer = graphql("/sandbox/graphql", ACCOUNTS)
connection = answer["data"]["accounts"]
print(
    status,
    connection["totalCount"],
    "accounts; another page:",
    connection["pageInfo"]["hasNextPage"],
)
for edge in connection["edges"]:
    node = edge["node"]
    available = node["balances"]["available"]
    print(f"{node['name']:28} {node['IBAN']}  {available['value']:>8} {available['currency']}")

# %% [markdown]
# ## Rejections: three ways to select a mutation's result
#
# `cancelConsent` returns a union: the success payload, or a rejection implementing `Rejection`.
# What you get back depends on what you select (specification, section 4.3). We cancel a consent
# that does not exist:

# %%
CANCEL = 'mutation { cancelConsent(input: {consentId: "c-404"}) { %s } }'
selections = {
    "success fragment only": "... on CancelConsentSuccessPayload { consent { id } }",
    "the Rejection interface": "... on Rejection { message }",
    "the concrete rejection": (
        "... on ConsentNotFoundRejection { __typename consentId } ... on Rejection { message }"
    ),
}
results = {}
for label, selection in selections.items():
    status, answer = graphql("/sandbox/graphql", CANCEL % selection)
    results[label] = answer
    print(f"{label:24} HTTP {status} {json.dumps(answer)}")

# %% [markdown]
# A rejection is **data**, not an error: HTTP 200, no `errors` list. Select `... on Rejection {
# message }` in every mutation so rejections never go unnoticed.
#
# ## Try it yourself: the Console
#
# The kit's `Console` posts any operation of the schema as your project: pick the endpoint, the
# identity and an operation (its document is prefilled, rejection fragments included), edit it,
# Run. We drive it from code here (set the document, click **Run**); in Jupyter, click yourself.
# Its variables follow the document: this one declares none, so none are sent.

# %%
from simulator.widgets import Console

console = Console(sim, project=creds, operation="query accounts")
console.document.value = "{ accounts { totalCount edges { node { name } } } }"
console.run_button.click()
names = [edge["node"]["name"] for edge in console.response["data"]["accounts"]["edges"]]
print(console.status, names, "| variables:", console.variables.value)
console

# %% [markdown]
# Its history keeps every run (status, operation, what it cost):

# %%
print([(run["status"], run["identity"]) for run in console.history])

# %% [markdown]
# ## Tokens expire on the virtual clock
#
# A project token lives 3600 seconds. No need to wait an hour: advance the clock.

# %%
sim.advance("1h")
status, answer = graphql("/sandbox/graphql", "{ accounts { totalCount } }")
print(status, answer["errors"][0]["message"])

# %% [markdown]
# ## What we showed
#
# The simulator stays open (no `sim.close()`): after Run All the Console above still works. Its
# data dir is temporary and goes when the kernel stops.

# %%
assert creds.client_id.startswith("SANDBOX_")
assert body["expires_in"] == 3600 and body["token_type"] == "bearer"
assert results["success fragment only"]["data"] == {"cancelConsent": {}}
assert results["the Rejection interface"]["data"]["cancelConsent"] == {
    "message": "Consent c-404 was not found."
}
assert results["the concrete rejection"]["data"]["cancelConsent"]["consentId"] == "c-404"
assert status == 401
assert console.status == 200 and console.response["data"]["accounts"]["totalCount"] == 2
assert len(console.history) == 1 and console.variables.value == "{}"
assert connection["totalCount"] == 2 and not connection["pageInfo"]["hasNextPage"]
print("All good.")

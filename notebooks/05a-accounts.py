# %% [markdown]
# # 5a. Accounts: four balances and pages of transactions
#
# One idea: **reading money**. An account has four balances, and its history comes in pages
# you walk with cursors and narrow with filters. We read them on the `default` dataset (Ada,
# Alan and their company, with two months of history), first with plain GraphQL, then in the
# kit's `Ledger`, which pages with the same queries. Next: a transfer that moves these
# balances ([5b](05b-transfers.ipynb)), and what a refused write looks like
# ([5c](05c-rejections.ipynb)).

# %%
from simulator import Simulator
from simulator.widgets import Ledger

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Accounts tour", ["http://localhost:3000/callback"])
http = sim.client()
token = http.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": creds.client_id,
        "client_secret": creds.client_secret,
    },
).json()["access_token"]


def graphql(query, variables=None, path="/sandbox/graphql"):
    answer = http.post(
        path,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
    )
    return answer.json()


loaded = graphql(
    'mutation { loadSandboxDataset(input: {dataset: "default"}) {'
    " ... on LoadSandboxDatasetSuccessPayload { created } } }",
    path="/sandbox-testing/graphql",
)
print(loaded["data"])

# %% [markdown]
# ## Four balances
#
# Each is an `Amount { value currency }` whose value is a decimal **string** (`"12.50"`, never
# a float):
#
# - **booked**: booked credits minus booked debits;
# - **reserved**: card authorizations not yet debited;
# - **pending**: money on its way (pending credits minus pending debits);
# - **available** = booked - reserved - pending debits: what can be spent now.

# %%
ACCOUNTS = """{ accounts { totalCount edges { node {
  id name IBAN holder { info { name } }
  balances { booked { value } reserved { value } pending { value } available { value } }
} } } }"""
accounts = graphql(ACCOUNTS)["data"]["accounts"]
for edge in accounts["edges"]:
    node, b = edge["node"], edge["node"]["balances"]
    print(
        f"{node['name']:32} booked {b['booked']['value']:>9}  "
        f"reserved {b['reserved']['value']:>6}  available {b['available']['value']:>9}"
    )
ada = next(
    edge["node"]["id"]
    for edge in accounts["edges"]
    if edge["node"]["holder"]["info"]["name"] == "Ada Lovelace"
)

# %% [markdown]
# ## Pages, with cursors
#
# Lists are Relay connections: ask for `first: 5`, then pass the page's `endCursor` as `after`
# for the next one. Cursors are opaque; the simulator pages with **keysets** (execution date,
# id) on an index, so the last page costs what the first does.

# %%
PAGE = """query($account: ID!, $after: String) {
  account(accountId: $account) {
    transactions(first: 5, after: $after, orderBy: {field: executionDate, direction: Desc}) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { executionDate type statusInfo { status } amount { value } label } }
} } }"""
after, pages, seen = None, 0, 0
while True:
    page = graphql(PAGE, {"account": ada, "after": after})["data"]["account"]["transactions"]
    pages, seen = pages + 1, seen + len(page["edges"])
    for edge in page["edges"] if pages == 1 else []:  # the newest five
        n = edge["node"]
        print(
            f"{n['executionDate'][:10]} {n['type']:24} {n['statusInfo']['status']:8} "
            f"{n['amount']['value']:>8}  {n['label']}"
        )
    if not page["pageInfo"]["hasNextPage"]:
        break
    after = page["pageInfo"]["endCursor"]
print(f"{pages} pages of at most 5 for {page['totalCount']} transactions ({seen} seen)")

# %% [markdown]
# ## Filters
#
# A filter narrows a list: by status, type, payment product, and an execution-date range
# (`isAfterExecutionDate` inclusive, `isBeforeExecutionDate` exclusive).

# %%
FILTERED = """{
  pending: transactions(filters: {status: [Pending]}) { totalCount }
  cardsInNovember: transactions(filters: {type: [CardOutDebit],
    isAfterExecutionDate: "2025-11-01T00:00:00Z", isBeforeExecutionDate: "2025-12-01T00:00:00Z"}) {
    totalCount }
}"""
filtered = graphql(FILTERED)["data"]
print(filtered)

# %% [markdown]
# ## The same, in the kit's Ledger
#
# The `Ledger` shows the accounts with their available, booked and pending balances, and pages
# their transactions with the queries above. We choose Ada's account and click **Next**, then
# filter on `Pending` across every account, from code; after Run All, click yourself.

# %%
ledger = Ledger(sim, project=creds, page_size=5)
ledger.account.value = ada
ledger.apply_button.click()
ledger.next_button.click()
print(ledger.total, "transactions on Ada's account; page 2 holds", len(ledger.transactions))
ledger.account.value = None
ledger.status.value = "Pending"
ledger.apply_button.click()
print(ledger.total, "pending transactions in all", len(ledger.accounts), "accounts")
ledger

# %% [markdown]
# ## What we showed
#
# Four balances, pages walked with cursors, filters, and the Ledger reading the same. The
# simulator stays open (no `sim.close()`): the Ledger above still pages after Run All; its
# temporary data dir goes when the kernel stops.

# %%
assert loaded["data"]["loadSandboxDataset"]["created"] > 40
assert accounts["totalCount"] == 3 == len(ledger.accounts)
assert seen == page["totalCount"] and pages == -(-seen // 5)
assert ledger.total == filtered["pending"]["totalCount"]
assert {t["status"] for t in ledger.transactions} <= {"Pending"}
print("All good.")

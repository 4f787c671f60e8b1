# %% [markdown]
# # 5. Banking: balances, pages, consents, transfers and rejections
#
# This notebook tours the banking part of the partner API on the `default` dataset (Ada, Alan and
# their company, with two months of history). You will:
#
# 1. read accounts and their four **balances**,
# 2. page through transactions with **cursors** and **filters**,
# 3. add a **card**: a sensitive operation that waits for the user's **consent**,
# 4. send a **transfer** from consent to *booked*, on the virtual clock,
# 5. meet a **rejection** of each kind.
#
# Everything runs in-process on a frozen clock, so every id and date below is the same on every run.

# %%
import json

from simulator import Simulator

sim = Simulator()
creds = sim.create_project("sandbox", "Banking tour", ["http://localhost:3000/callback"])
http = sim.client()


def project_token():
    return http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": creds.client_id,
            "client_secret": creds.client_secret,
        },
    ).json()["access_token"]


token = project_token()


def graphql(query, variables=None, path="/sandbox/graphql"):
    """Post an operation; a project token lives one virtual hour, so renew it on 401."""
    global token
    for _ in range(2):
        answer = http.post(
            path,
            json={"query": query, "variables": variables or {}},
            headers={"Authorization": f"Bearer {token}"},
        )
        if answer.status_code != 401:
            return answer.json()
        token = project_token()


def testing(query, variables=None):
    return graphql(query, variables, "/sandbox-testing/graphql")


loaded = testing("""mutation { loadSandboxDataset(input: {dataset: "default"}) {
  ... on LoadSandboxDatasetSuccessPayload { dataset created skipped } } }""")
print(loaded["data"])
print(token[:11] + "...", len(token), "characters (never print a whole token)")

# %% [markdown]
# ## Accounts and their balances
#
# Each account has four balances, all `Amount { value currency }` with the value a decimal
# **string** (`"12.50"`, never a float):
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
        f"{node['name']:32} {node['IBAN']}  booked {b['booked']['value']:>9}  "
        f"reserved {b['reserved']['value']:>6}  available {b['available']['value']:>9}"
    )
ada = next(
    edge["node"]["id"]
    for edge in accounts["edges"]
    if edge["node"]["holder"]["info"]["name"] == "Ada Lovelace"
)

# %% [markdown]
# ## Pages of transactions
#
# Lists are Relay connections. Ask for `first: 5`, then pass the page's `endCursor` as `after` to
# get the next one. Cursors are opaque; the simulator pages with **keysets** (execution date, id) on
# an index, so the last page costs what the first does.
#
# `orderBy: {direction: Desc}` starts from the newest.

# %%
PAGE = """query($account: ID!, $after: String) {
  account(accountId: $account) {
    transactions(first: 5, after: $after, orderBy: {field: executionDate, direction: Desc}) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { executionDate type statusInfo { status } label side amount { value } } }
} } }"""
after, pages, seen = None, 0, 0
while True:
    page = graphql(PAGE, {"account": ada, "after": after})["data"]["account"]["transactions"]
    pages += 1
    seen += len(page["edges"])
    if pages == 1:
        for edge in page["edges"]:
            n = edge["node"]
            print(
                f"{n['executionDate'][:10]} {n['type']:22} {n['statusInfo']['status']:8} "
                f"{n['side']:6} {n['amount']['value']:>8}  {n['label']}"
            )
    if not page["pageInfo"]["hasNextPage"]:
        break
    after = page["pageInfo"]["endCursor"]
print(f"{pages} pages of at most 5 for {page['totalCount']} transactions ({seen} seen)")

# %% [markdown]
# Filters narrow a list: by status, type, payment product, and an execution-date range
# (`isAfterExecutionDate` inclusive, `isBeforeExecutionDate` exclusive).

# %%
FILTERED = """{
  pending: transactions(filters: {status: [Pending]},
    orderBy: {field: executionDate, direction: Asc}) {
    totalCount edges { node { label amount { value } ... on CardTransaction {
      merchant { ... on CardOutMerchant { merchantName merchantCity } } } } } }
  cardsInNovember: transactions(filters: {type: [CardOutDebit],
    isAfterExecutionDate: "2025-11-01T00:00:00Z", isBeforeExecutionDate: "2025-12-01T00:00:00Z"}) {
    totalCount }
}"""
filtered = graphql(FILTERED)["data"]
print(json.dumps(filtered, indent=2))

# %% [markdown]
# ## The same, in the kit's Ledger
#
# The `Ledger` widget reads the accounts (available, booked and pending balances) and pages their
# transactions with the same queries, as our project. We pick Ada's account and click **Next**,
# then filter on `Pending` across every account, from code; in Jupyter, click yourself.

# %%
from simulator.widgets import Ledger

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
# ## A card, through its consent
#
# Adding a card is **sensitive**: `addCard` returns the card in `ConsentPending`, its **consent** in
# `statusInfo`. The user opens `consentUrl`, authenticates and approves; the bank then issues the
# card, and sends the user back to your redirect URL with `consentId`, `status` and `resourceId`.
# With a project token the consent is the account's legal representative's. The four switches
# (withdrawals, payments abroad, other currencies, online payments) are required.

# %%
MEMBERSHIPS = """query($account: ID!) { accountMemberships(filters: {accountId: $account}) {
  edges { node { id legalRepresentative statusInfo { status } } } } }"""
memberships = graphql(MEMBERSHIPS, {"account": ada})["data"]["accountMemberships"]["edges"]
membership = next(e["node"]["id"] for e in memberships if e["node"]["legalRepresentative"])

ADD_CARD = """mutation($input: AddCardInput!) { addCard(input: $input) {
  ... on AddCardSuccessPayload { card { id statusInfo { status
    ... on CardConsentPendingStatusInfo { consent { id status purpose consentUrl } } } } }
  ... on Rejection { __typename message } } }"""
added = graphql(
    ADD_CARD,
    {
        "input": {
            "accountMembershipId": membership,
            "name": "Ada's travel card",
            "withdrawal": True,
            "international": True,
            "nonMainCurrencyTransactions": False,
            "eCommerce": True,
            "spendingLimit": {"amount": {"value": "800.00", "currency": "EUR"}, "period": "Weekly"},
            "consentRedirectUrl": "http://localhost:3000/callback",
        }
    },
)["data"]["addCard"]
print(json.dumps(added, indent=2))

# %% [markdown]
# No browser here: the Testing API's `approveSandboxConsent` (*simulator-only*) plays the user who
# opens the page and approves. It answers with the URL the page would redirect to.

# %%
APPROVE = """mutation($id: ID!) { approveSandboxConsent(input: {consentId: $id}) {
  ... on ApproveSandboxConsentSuccessPayload { status resourceId redirectUrl }
  ... on Rejection { __typename message } } }"""
card_consent = added["card"]["statusInfo"]["consent"]
approved = testing(APPROVE, {"id": card_consent["id"]})["data"]["approveSandboxConsent"]
print(json.dumps(approved, indent=2))

CARD = """query($id: ID!) { card(cardId: $id) { cardMaskedNumber expiryDate
  spendingLimits { amount { value } period } statusInfo { __typename status } } }"""
card = graphql(CARD, {"id": added["card"]["id"]})["data"]["card"]
print(json.dumps(card, indent=2))

# %% [markdown]
# ## A transfer, from consent to booked
#
# `initiateCreditTransfers` checks the IBAN (format and check digits) and the amount (positive,
# at most two decimals), then waits for consent; the balance is checked when the transfer
# executes, as in the real service (a transfer it does not cover is `Rejected`). An
# `idempotencyKey` makes a retry safe: the same key with the same request returns the **same**
# payment instead of paying twice (keys live 24 hours of virtual time).

# %%
TRANSFER = """mutation($input: InitiateCreditTransfersInput!) {
  initiateCreditTransfers(input: $input) {
    ... on InitiateCreditTransfersSuccessPayload { payment { id statusInfo { status
      ... on PaymentConsentPending { consent { id } } } } }
    ... on Rejection { __typename message } } }"""


def rent(amount="850.00", key="rent-2026-01", account=None):
    return {
        "input": {
            "accountId": account or ada,
            "consentRedirectUrl": "http://localhost:3000/callback",
            "idempotencyKey": key,
            "creditTransfers": [
                {
                    "amount": {"value": amount, "currency": "EUR"},
                    "sepaBeneficiary": {
                        "name": "Landlord SCI",
                        "iban": "FR76 3000 6000 0112 3456 7890 189",
                    },
                    "reference": "RENT-JAN-2026",
                }
            ],
        }
    }


first = graphql(TRANSFER, rent())["data"]["initiateCreditTransfers"]
retry = graphql(TRANSFER, rent())["data"]["initiateCreditTransfers"]
first_consent = first["payment"]["statusInfo"]["consent"]
print(
    first["payment"]["id"], first["payment"]["statusInfo"]["status"], "consent", first_consent["id"]
)
print("the retry returns the same payment:", retry["payment"]["id"] == first["payment"]["id"])

# %%
testing(APPROVE, {"id": first_consent["id"]})
PAYMENT = """query($id: ID!) { payment(id: $id) { statusInfo { status }
  transactions(orderBy: {field: executionDate, direction: Asc}) {
    edges { node { id amount { value } statusInfo { status
    ... on PendingTransactionStatusInfo { pendingEndDate }
    ... on BookedTransactionStatusInfo { bookingDate balanceAfter { amount { value } } }
  } } } } } }"""
payment = graphql(PAYMENT, {"id": first["payment"]["id"]})["data"]["payment"]
print(json.dumps(payment, indent=2))

BALANCES = """query($id: ID!) { account(accountId: $id) { balances {
  booked { value } pending { value } reserved { value } available { value } } } }"""


def balances():
    b = graphql(BALANCES, {"id": ada})["data"]["account"]["balances"]
    return {name: amount["value"] for name, amount in b.items()}


print(balances())

# %% [markdown]
# The transfer is `Pending`: its amount already counts against **available**, not yet against
# **booked**. A regular SEPA transfer settles after one day of virtual time (an instant one after
# ten seconds). Advance the clock: the settlement fires on the way.

# %%
advance = sim.advance("1d")
for entry in advance.timeline:
    print(entry["at"], entry["event"], entry["resource_id"])
payment = graphql(PAYMENT, {"id": first["payment"]["id"]})["data"]["payment"]
print(json.dumps(payment["transactions"]["edges"][0]["node"], indent=2))
print(balances())

# %% [markdown]
# ## A rejection of each kind
#
# A mutation that breaks a business rule returns a **rejection**: a type implementing `Rejection {
# message }`, with fields of its own. It is data (HTTP 200), not an error; nothing is written.
# `docs/mutations.md` lists every mutation's rejections. A `ValidationRejection` lists the bad
# fields, each with the real service's `code` (`InvalidString` for a value it refuses) and a
# `message` with the precise reason.

# %%
rejections = {}


def show(label, payload):
    rejections[label] = payload
    print(f"{label:24} {payload['__typename']}\n{'':24} {payload['message']}")


bad = rent(amount="-5", key=None)
bad["input"]["creditTransfers"][0]["sepaBeneficiary"]["iban"] = "FR7630006000011234567890188"
VALIDATION = TRANSFER.replace(
    "... on Rejection",
    "... on ValidationRejection { fields { code path message } } ... on Rejection",
)
validation = graphql(VALIDATION, bad)["data"]["initiateCreditTransfers"]
show("bad input", validation)
for field in validation["fields"]:
    print(f"{'':24}   {field['code']} {'.'.join(field['path'])}: {field['message']}")
show(
    "unknown account",
    graphql(TRANSFER, rent(key=None, account="acc-404"))["data"]["initiateCreditTransfers"],
)
graphql(TRANSFER, rent("100.00", key="gift-1"))  # a first request with this key...
show(
    "key reused", graphql(TRANSFER, rent("120.00", key="gift-1"))["data"]["initiateCreditTransfers"]
)
RESUME = """mutation($id: ID!) { resumePhysicalCard(input: {cardId: $id,
  consentRedirectUrl: "http://localhost:3000/callback"}) {
  ... on PhysicalCardNotFoundRejection { identifier }
  ... on Rejection { __typename message } } }"""
show("no physical card", graphql(RESUME, {"id": added["card"]["id"]})["data"]["resumePhysicalCard"])
BIND = """mutation($id: ID!) { bindAccountMembership(input: {accountMembershipId: $id}) {
  ... on Rejection { __typename message } } }"""
show("not the invited user", graphql(BIND, {"id": membership})["data"]["bindAccountMembership"])
CANCEL = """mutation($id: String!) { cancelConsent(input: {consentId: $id}) {
  ... on Rejection { __typename message } } }"""
show("consent already done", graphql(CANCEL, {"id": first_consent["id"]})["data"]["cancelConsent"])
CLOSE = """mutation($id: ID!) { closeAccount(input: {accountId: $id,
  reason: {type: ClosingRequested}, consentRedirectUrl: "http://localhost:3000/callback"}) {
  ... on Rejection { __typename message } } }"""
show("account not empty", graphql(CLOSE, {"id": ada})["data"]["closeAccount"])

# %% [markdown]
# Queries never return rejections: a query that cannot answer puts an entry in the top-level
# `errors` list, with an `extensions.code`.

# %%
missing = graphql('{ transaction(id: "tx-404") { id } }')
too_big = graphql("{ transactions(first: 500) { totalCount } }")
for answer in (missing, too_big):
    error = answer["errors"][0]
    print(error["extensions"]["code"], "-", error["message"])

# %% [markdown]
# ## What we showed
#
# The simulator stays open (no `sim.close()`): after Run All the Ledger above still pages and
# filters. Its data dir is temporary and goes when the kernel stops.

# %%
assert loaded["data"]["loadSandboxDataset"]["created"] > 40
assert accounts["totalCount"] == 3
assert seen == page["totalCount"]
assert added["card"]["statusInfo"]["status"] == "ConsentPending"
assert card["statusInfo"]["status"] == "Enabled"
assert approved["redirectUrl"].endswith(f"status=Accepted&resourceId={added['card']['id']}")
assert retry["payment"]["id"] == first["payment"]["id"]
assert payment["transactions"]["edges"][0]["node"]["statusInfo"]["status"] == "Booked"
b = balances()
assert b["available"] == b["booked"] or float(b["reserved"]) > 0
assert {r["__typename"] for r in rejections.values()} == {
    "ValidationRejection",
    "AccountNotFoundRejection",
    "IdempotencyConflictRejection",
    "PhysicalCardNotFoundRejection",
    "RestrictedToUserRejection",
    "NotReachableConsentStatusRejection",
    "BadAccountStatusRejection",
}
assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"
assert ledger.total == filtered["pending"]["totalCount"]
assert {t["status"] for t in ledger.transactions} <= {"Pending"}
assert len(ledger.accounts) == accounts["totalCount"]
print("All good.")

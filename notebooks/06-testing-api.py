# %% [markdown]
# # 6. The Testing API: simulating incoming money and card spending
#
# Your code calls the partner API; the **outside world** (other banks, card networks, the bank's own
# back office) acts on its own. In the Sandbox, the **Testing API** (`/sandbox-testing/graphql`,
# *simulator-only* mutations marked so in `docs/banking.md`) plays that world, so you can test what
# your code does when:
#
# 1. a SEPA transfer **arrives** (pending, then booked on the clock),
# 2. a card is **authorized**, then **debited** or **released**,
# 3. a card payment is **declined**, **refunded**, or a **fee** is charged,
#
# and check that the balances always add up. The Testing API exists in the Sandbox only.

# %%
from decimal import Decimal

from simulator import Simulator

sim = Simulator()
creds = sim.create_project("sandbox", "Testing API tour", ["http://localhost:3000/callback"])
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
            return answer.json()["data"]
        token = project_token()


def testing(query, variables=None):
    return graphql(query, variables, "/sandbox-testing/graphql")


def money(value):
    return {"value": value, "currency": "EUR"}


holder = testing("""mutation { createSandboxAccountHolder(input: {
  firstName: "Grace", lastName: "Hopper", legalRepresentativePhoneNumber: "+33612340001"}) {
  ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }""")
account = holder["createSandboxAccountHolder"]["accountId"]
IBAN = """query($id: ID!) { account(accountId: $id) { IBAN } }"""
iban = graphql(IBAN, {"id": account})["account"]["IBAN"]

BALANCES = """query($id: ID!) { account(accountId: $id) { balances {
  booked { value } pending { value } reserved { value } available { value } } } }"""


def balances():
    found = graphql(BALANCES, {"id": account})["account"]["balances"]
    return {name: amount["value"] for name, amount in found.items()}


print(account)
print(balances())

# %% [markdown]
# ## Money arrives
#
# `simulateIncomingSepaCreditTransferReception` is another bank sending money to an IBAN. The
# transfer is **Pending**: it shows in `pending`, not yet in `available`.

# %%
INCOMING = """mutation($input: IncomingSepaCreditTransferInput!) {
  simulateIncomingSepaCreditTransferReception(input: $input) {
    ... on SimulateIncomingSepaCreditTransferReceptionSuccessPayload { transactionId }
    ... on Rejection { __typename message } } }"""
salary = testing(
    INCOMING,
    {
        "input": {
            "creditorIban": iban,
            "creditorName": "Ada Lovelace",
            "amount": money("2500.00"),
            "debtorName": "Compiler Inc",
            "debtorIban": "DE89 3704 0044 0532 0130 00",
            "label": "Salary January",
        }
    },
)["simulateIncomingSepaCreditTransferReception"]
print(salary)
print(balances())

# %% [markdown]
# A regular transfer settles after **one day** of virtual time. The clock panel moves the clock as a
# learner would (we click its button from code; in Jupyter, click it yourself). Scheduled work (the
# settlement) fires on the way.

# %%
from simulator.widgets import ClockPanel

clock = ClockPanel(sim)
clock.buttons["+1d"].click()
print(clock.time.value, "|", clock.message.value)
print(balances())
clock

# %% [markdown]
# ## A card, and a merchant
#
# The partner API issues a card through a consent (as in notebooks 5b and 8); here the Testing
# API approves it. Then a merchant asks for an **authorization**: the amount is **reserved**.
# When it **debits** (maybe a smaller final amount, as a hotel or a fuel pump does), the
# reservation becomes a booked debit.

# %%
MEMBERSHIP = """query($id: ID!) { accountMemberships(filters: {accountId: $id}) {
  edges { node { id } } } }"""
membership = graphql(MEMBERSHIP, {"id": account})["accountMemberships"]["edges"][0]["node"]["id"]
ADD_CARD = """mutation($input: AddCardInput!) { addCard(input: $input) {
  ... on AddCardSuccessPayload { card { id statusInfo {
    ... on CardConsentPendingStatusInfo { consent { id } } } } } } }"""
SWITCHES = {
    "withdrawal": True,
    "international": True,
    "nonMainCurrencyTransactions": True,
    "eCommerce": True,
}
added = graphql(
    ADD_CARD,
    {
        "input": {
            "accountMembershipId": membership,
            "consentRedirectUrl": "http://localhost:3000/callback",
            "spendingLimit": {"amount": money("300.00"), "period": "Daily"},
            **SWITCHES,
        }
    },
)["addCard"]
APPROVE = """mutation($id: ID!) { approveSandboxConsent(input: {consentId: $id}) {
  __typename } }"""
testing(APPROVE, {"id": added["card"]["statusInfo"]["consent"]["id"]})
card = added["card"]["id"]

AUTHORIZE = """mutation($input: SimulateOutgoingCardAuthorizationInput!) {
  simulateOutgoingCardAuthorization(input: $input) { __typename
    ... on SimulateOutgoingCardAuthorizationSuccessPayload { transactionId }
    ... on SimulateOutgoingCardAuthorizationRejectPayload { transactionId rejectedReason }
    ... on Rejection { message } } }"""
STATUS = """query($id: ID!) { transaction(id: $id) { statusInfo { status } } }"""


def authorize(amount, merchant, city=None, card_id=None, **extra):
    return testing(
        AUTHORIZE,
        {
            "input": {
                "cardId": card_id or card,
                "amount": money(amount),
                "merchant": {"name": merchant, "city": city},
                **extra,
            }
        },
    )["simulateOutgoingCardAuthorization"]


def status_of(transaction_id):
    return graphql(STATUS, {"id": transaction_id})["transaction"]["statusInfo"]["status"]


sim.advance("2h")  # late morning, at the bakery
bakery = authorize("42.50", "Boulangerie Paul", city="Paris")
print(bakery)
print(balances())

# %%
DEBIT = """mutation($input: SimulateOutgoingCardDebitInput!) {
  simulateOutgoingCardDebit(input: $input) { __typename
    ... on SimulateOutgoingCardDebitSuccessPayload { transactionId }
    ... on Rejection { message } } }"""
sim.advance("1h")
debit = testing(
    DEBIT, {"input": {"transactionId": bakery["transactionId"], "amount": money("40.00")}}
)["simulateOutgoingCardDebit"]
debit_status = status_of(debit["transactionId"])
print(debit, debit_status)
print(balances())

# %% [markdown]
# An authorization the merchant never debits is **released**: the reservation goes away and nothing
# is booked.

# %%
sim.advance("3h")
hotel = authorize("120.00", "Hotel du Port", city="Nice")
print(balances())
sim.advance("1h")  # the stay was canceled: the hotel releases the authorization
RELEASE = """mutation($id: ID!) {
  simulateOutgoingCardAuthorizationRelease(input: {transactionId: $id}) { __typename
    ... on Rejection { message } } }"""
print(testing(RELEASE, {"id": hotel["transactionId"]}), status_of(hotel["transactionId"]))
print(balances())

# %% [markdown]
# ## Declines, refunds and fees
#
# An authorization can be declined by the card's own rules (spending limit, online payments switched
# off, not enough money, a suspended physical card...) or by the network (an `outcome` such as
# `DoNotHonor`). A decline is not an error: it is a **Rejected** card transaction, and the payload's
# `rejectedReason` says why. Switching online payments off is itself a change the user consents to.

# %%
UPDATE = """mutation($input: UpdateCardInput!) { updateCard(input: $input) {
  ... on UpdateCardSuccessPayload { consent { id } } } }"""
sim.advance("1h")
update = graphql(
    UPDATE,
    {
        "input": {
            "cardId": card,
            "consentRedirectUrl": "http://localhost:3000/callback",
            **SWITCHES,
            "eCommerce": False,
        }
    },
)["updateCard"]
testing(APPROVE, {"id": update["consent"]["id"]})
declines = {
    "over the daily limit": authorize("280.00", "Electro Store"),
    "online, e-commerce off": authorize(
        "9.99", "Streaming Co", cardTransactionCategory="eCommerce"
    ),
    "network declines": authorize("5.00", "Vending machine", outcome="DoNotHonor"),
}
for label, result in declines.items():
    print(f"{label:24} {status_of(result['transactionId']):8} {result['rejectedReason']}")
print(balances())

# %%
REFUND = """mutation($input: SimulateOutgoingCardCreditInput!) {
  simulateOutgoingCardCredit(input: $input) {
    ... on SimulateOutgoingCardCreditSuccessPayload { transactionId } } }"""
sim.advance("1h")
refund = testing(
    REFUND,
    {
        "input": {
            "cardId": card,
            "amount": money("15.00"),
            "merchantName": "Boulangerie Paul",
            "originTransactionId": bakery["transactionId"],
        }
    },
)
FEE = """mutation($input: SimulateManualBankingFeeInput!) {
  simulateManualBankingFee(input: $input) {
    ... on SimulateManualBankingFeeSuccessPayload { id debitedAmount { value } } } }"""
sim.advance("1h")
fee = testing(
    FEE,
    {
        "input": {
            "accountId": account,
            "type": "DocumentIssuance",
            "dueAmount": money("2.00"),
            "effectiveDate": sim.now().isoformat().replace("+00:00", "Z"),
        }
    },
)
print(refund["simulateOutgoingCardCredit"], fee["simulateManualBankingFee"])
print(balances())

# %% [markdown]
# ## The statement, and the money adding up
#
# Every booked transaction records the booked balance right after it (`balanceAfter`). From the
# statement alone we can recompute every balance.

# %%
STATEMENT = """query($id: ID!) { account(accountId: $id) {
  transactions(first: 50, orderBy: {field: executionDate, direction: Asc}) {
  edges { node { type side label amount { value }
    statusInfo { status ... on BookedTransactionStatusInfo { balanceAfter { amount { value } } }
                 ... on RejectedTransactionStatusInfo { reason } } } } } } }"""
rows = [e["node"] for e in graphql(STATEMENT, {"id": account})["account"]["transactions"]["edges"]]
for row in rows:  # the status is inside statusInfo, as in the real schema
    row["status"] = row["statusInfo"].pop("status")
for row in rows:
    after = (row["statusInfo"].get("balanceAfter") or {}).get("amount", {}).get("value", "")
    sign = "+" if row["side"] == "Credit" else "-"
    print(
        f"{row['type']:21} {row['status']:9} {sign}{row['amount']['value']:>8} "
        f"{after:>9}  {row['label']}"
    )


# %%
def amount_of(row):
    return Decimal(row["amount"]["value"])


def signed_amount(row):
    return amount_of(row) if row["side"] == "Credit" else -amount_of(row)


def total(kind):
    if kind == "booked":
        return sum((signed_amount(r) for r in rows if r["status"] == "Booked"), Decimal("0.00"))
    pending = [r for r in rows if r["status"] == "Pending"]
    if kind == "reserved":
        return sum((amount_of(r) for r in pending if r["type"] == "CardOutDebit"), Decimal("0.00"))
    return sum(
        (amount_of(r) for r in pending if r["side"] == "Debit" and r["type"] != "CardOutDebit"),
        Decimal("0.00"),
    )


now = balances()
recomputed = {
    "booked": total("booked"),
    "reserved": total("reserved"),
    "available": total("booked") - total("reserved") - total("pending debits"),
}
for name, value in recomputed.items():
    print(f"{name:10} API {now[name]:>9}   from the statement {value:>9}")

# %% [markdown]
# ## The Testing API rejects too
#
# Unknown ids and impossible moves come back as typed rejections, as on the partner API. The card
# network simulations answer with the real unions: an unknown card is `CardNotFoundRejection`, a
# move the transaction cannot make (debiting a released authorization) is `ForbiddenRejection`.

# %%
print(testing(DEBIT, {"input": {"transactionId": hotel["transactionId"]}}))
print(authorize("1.00", "Nowhere", card_id="card-404"))
reset = testing(
    "mutation { resetSandboxData { ... on ResetSandboxDataSuccessPayload { deleted } } }"
)
print(reset, graphql("{ accounts { totalCount } }"))

# %% [markdown]
# ## What we showed
#
# The simulator stays open (no `sim.close()`): after Run All the clock panel above still moves the
# clock. Its data dir is temporary and goes when the kernel stops.

# %%
assert salary["transactionId"]
assert debit_status == "Booked"
assert {r["rejectedReason"] for r in declines.values()} == {
    "SpendingLimitReached",
    "ECommerceDisabled",
    "DoNotHonor",
}
assert all(Decimal(now[name]) == value for name, value in recomputed.items())
assert now["available"] == "2473.00"  # 2500 - 40 + 15 - 2
booked_rows = [r for r in rows if r["status"] == "Booked"]
assert booked_rows[-1]["statusInfo"] == {"balanceAfter": {"amount": {"value": now["booked"]}}}
assert reset["resetSandboxData"]["deleted"] > 0
clock.refresh()  # the panel follows the clock by itself; here we read it at once
assert clock.time.value == sim.clock.timestamp()
print("All good.")

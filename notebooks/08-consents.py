# %% [markdown]
# # 8. Consent pages: the user approves a transfer
#
# A sensitive mutation (add a card, add a member, send transfers, close an account) does not take
# effect at once: it returns its resource in `ConsentPending` with a **consent**, and the user must
# open the consent's `consentUrl`, sign in and approve. Notebook 5b skipped the pages with the
# Testing API's `approveSandboxConsent`; here we walk them as a browser without JavaScript would,
# in-process:
#
# 1. a transfer waits for its consent,
# 2. the link's sign-in: phone number and a text-message code from the outbox,
# 3. the page describing the operation, **Approve**, and the redirect back to the partner with
#    `consentId`, `status` and `resourceId`,
# 4. a refusal, a link opened twice, and a link left open 20 virtual minutes.
#
# Codes and session tokens are random: we never print them.

# %%
import html
import re
from urllib.parse import parse_qs, urlsplit

from simulator import Simulator

sim = Simulator()  # a temporary data dir; the clock starts frozen
CALLBACK = "http://localhost:3000/consent-done"
creds = sim.create_project("sandbox", "Rent app", [CALLBACK])
# A client that follows no redirect, so we see every Location header.
http = sim.client(follow_redirects=False)


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
    answer = http.post(
        path,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
    )
    return answer.json()["data"]


def testing(query, variables=None):
    return graphql(query, variables, "/sandbox-testing/graphql")


PHONE = "+33612345678"
holder = testing("""mutation { createSandboxAccountHolder(input: {firstName: "Ada",
  lastName: "Lovelace", legalRepresentativePhoneNumber: "+33612345678"}) {
  ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }""")
account = holder["createSandboxAccountHolder"]["accountId"]
iban = graphql("""query($a: ID!) { account(accountId: $a) { IBAN } }""", {"a": account})
incoming = testing(
    """mutation($iban: IBAN!) { simulateIncomingSepaCreditTransferReception(input: {
  creditorIban: $iban, creditorName: "Ada Lovelace", amount: {value: "2000.00", currency: "EUR"},
  debtorName: "Employer SA", debtorIban: "DE89370400440532013000"}) {
  ... on SimulateIncomingSepaCreditTransferReceptionSuccessPayload { transactionId } } }""",
    {"iban": iban["account"]["IBAN"]},
)
sim.advance("1d")  # the incoming transfer settles: the money is available
token = project_token()  # a project token lives one hour of virtual time
print("account", account, "of Ada, legal representative", PHONE)

# %% [markdown]
# ## 1. A transfer waiting for its consent
#
# `initiateCreditTransfers` checks the request, then returns the payment in `ConsentPending` and a
# consent `Created` for Ada (the account's legal representative, since we call with a project
# token). `consentUrl` is what the partner opens for the user, full screen or in a popup: the pages
# refuse to be framed.

# %%
TRANSFER = """mutation($input: InitiateCreditTransfersInput!) {
  initiateCreditTransfers(input: $input) {
    ... on InitiateCreditTransfersSuccessPayload {
      payment { id statusInfo { status
        ... on PaymentConsentPending { consent { id status purpose consentUrl } } } } } } }"""


def pay(amount, reference):
    data = graphql(
        TRANSFER,
        {
            "input": {
                "accountId": account,
                "consentRedirectUrl": CALLBACK,
                "creditTransfers": [
                    {
                        "amount": {"value": amount, "currency": "EUR"},
                        "sepaBeneficiary": {
                            "name": "Landlord SCI",
                            "iban": "FR7630006000011234567890189",
                        },
                        "reference": reference,
                    }
                ],
            }
        },
    )
    payment = data["initiateCreditTransfers"]["payment"]
    # The payment's status and its consent are in `statusInfo`, as in the real schema.
    return {
        "payment": {"id": payment["id"], "status": payment["statusInfo"]["status"]},
        "consent": payment["statusInfo"]["consent"],
    }


rent = pay("850.00", "RENT-JAN-2026")
print(rent["payment"])
print({key: rent["consent"][key] for key in ("status", "purpose")})
print(rent["consent"]["consentUrl"])

# %% [markdown]
# ## 2. Opening the link: sign in
#
# The link opens the same sign-in pages as the OAuth flow (notebook 2). The phone number is
# pre-filled with the user the consent is for. Nothing is decided yet: the consent stays `Created`
# until the user has signed in and sees the operation.

# %%
path = urlsplit(rent["consent"]["consentUrl"]).path
page = http.get(path)


def title(html):
    return re.search(r"<h1>([^<]+)</h1>", html).group(1)


def csrf_token(html):  # each form carries the session's anti-forgery token
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


CONSENT = """query($id: ID!) { consent(id: $id) { status createdAt startedAt } }"""
print(page.status_code, title(page.text), "| X-Frame-Options:", page.headers["x-frame-options"])
print("phone pre-filled:", f'value="{PHONE}"' in page.text)
print(graphql(CONSENT, {"id": rent["consent"]["id"]})["consent"])

# %% [markdown]
# The user sends themselves a code and types it. The code arrives in the simulated **text-message
# outbox** (`sim.oauth.latest_code`, the CLI's `sms`, or the Testing API's `textMessages`). Once
# signed in, the login pages send the browser back (`303`) to the consent link.

# %%
csrf = csrf_token(page.text)
answer = http.post("/oauth2/login/phone", data={"csrf_token": csrf, "phone_number": PHONE})
print(answer.status_code, answer.headers["location"])
message = sim.oauth.text_messages(phone_number=PHONE)[-1]
print(re.sub(r"\d{6}", "••••••", message["text"]))
answer = http.post(
    "/oauth2/login/code", data={"csrf_token": csrf, "code": sim.oauth.latest_code(PHONE)}
)
print(answer.status_code, answer.headers["location"] == path)

# %% [markdown]
# ## 3. The operation, Approve, and the way back
#
# Signed in, the user sees what they are asked to approve: the project, the amount, the beneficiary,
# the account. Showing it **starts** the consent: it now expires 20 virtual minutes later.

# %%
page = http.get(path)
print(title(page.text))
print(re.search(r'<p class="lead">([^<]+)</p>', page.text).group(1))
for label, value in re.findall(r"<dt>([^<]+)</dt>\s*<dd>([^<]+)</dd>", page.text):
    print(f"  {label:17} {html.unescape(value)}")
print(re.findall(r'name="decision" value="\w+"[^>]*>(\w+)</button>', page.text))
print(graphql(CONSENT, {"id": rent["consent"]["id"]})["consent"])

# %% [markdown]
# **Approve** applies the operation (the transfer is created, `Pending` until it settles) and
# answers `302` to the partner's redirect URL with three parameters: `consentId`, `status` and
# `resourceId` (here the payment). The partner's page reads them, then checks the payment through
# the API.

# %%
answer = http.post(path, data={"csrf_token": csrf, "decision": "approve"})
location = answer.headers["location"]
print(answer.status_code, location)
back = {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}

PAYMENT = """query($id: ID!) { payment(id: $id) { statusInfo { status }
  transactions(orderBy: {field: executionDate, direction: Asc}) {
    edges { node { statusInfo { status } amount { value } } } } } }"""
print(graphql(PAYMENT, {"id": back["resourceId"]})["payment"])


# %% [markdown]
# ## 4. Refused, already done, expired
#
# **Refuse** rejects the operation and redirects the same way, with `status=CustomerRefused`. A link
# whose consent is over (approved, refused, expired, canceled) shows a page saying so, with a link
# back to the partner carrying the current status; it never asks to sign in again. A consent not
# decided within 20 virtual minutes of opening **expires** (the clock's due work does it).


# %%
def open_and_sign_in(url):
    """Open a consent link and sign in; returns (path, csrf) on the operation page."""
    link = urlsplit(url).path
    form = csrf_token(http.get(link).text)  # a new link: a new sign-in session
    http.post("/oauth2/login/phone", data={"csrf_token": form, "phone_number": PHONE})
    http.post("/oauth2/login/code", data={"csrf_token": form, "code": sim.oauth.latest_code(PHONE)})
    assert title(http.get(link).text) == "Approve a transfer"
    return link, form


deposit = pay("1000.00", "DEPOSIT")  # a deposit Ada did not expect: she refuses
link, form = open_and_sign_in(deposit["consent"]["consentUrl"])
refused = http.post(link, data={"csrf_token": form, "decision": "refuse"})
print(refused.status_code, refused.headers["location"])
print(graphql(PAYMENT, {"id": deposit["payment"]["id"]})["payment"])

again = http.get(path)  # the approved rent's link, opened a second time
print(again.status_code, title(again.text))
print(re.search(r'class="button" href="([^"]+)"', again.text).group(1).replace("&amp;", "&"))

late = pay("50.00", "KEYS")
link, form = open_and_sign_in(late["consent"]["consentUrl"])
timeline = sim.advance("20m").timeline
print([(entry["at"], entry["event"]) for entry in timeline])
expired = http.post(link, data={"csrf_token": form, "decision": "approve"})
print(expired.status_code, title(expired.text))
print(graphql(PAYMENT, {"id": late["payment"]["id"]})["payment"]["statusInfo"]["status"])

# %% [markdown]
# ## 5. The same from the kit: the ConsentInbox and the Phone
#
# The kit's `ConsentInbox` lists the consents waiting and approves or refuses one through the same
# pages (sign-in with the code from the phone, the decision, the redirect). The `Phone` shows every
# text message Ada received. We click **Approve** from code. Below the buttons, the inbox shows
# the page Ada decided on, as a picture (its buttons greyed: the decision is made). With no
# consent left waiting, Approve and Refuse are off until **Refresh** finds a new one.

# %%
from simulator.widgets import ConsentInbox, Phone

parking = pay("120.00", "PARKING-JAN-2026")
inbox = ConsentInbox(sim)
print(len(inbox.consents.options), "consent waiting")
inbox.consents.value = parking["consent"]["id"]
inbox.approve_button.click()
print(inbox.last_redirect["status"], inbox.last_redirect["resourceId"] == parking["payment"]["id"])
inbox

# %%
phone = Phone(sim, PHONE)
print(len(phone.messages), "text messages for Ada")
phone

# %% [markdown]
# ## What we showed
#
# The simulator stays open (no `sim.close()`): after Run All the inbox and the phone above still
# work. Its data dir is temporary and goes when the kernel stops.

# %%
assert rent["payment"]["status"] == "ConsentPending"
assert back == {
    "consentId": rent["consent"]["id"],
    "status": "Accepted",
    "resourceId": rent["payment"]["id"],
}
assert (
    graphql(PAYMENT, {"id": rent["payment"]["id"]})["payment"]["statusInfo"]["status"]
    == "Initiated"
)
assert "status=CustomerRefused" in refused.headers["location"]
assert (
    graphql(PAYMENT, {"id": deposit["payment"]["id"]})["payment"]["statusInfo"]["status"]
    == "Rejected"
)
assert (again.status_code, title(again.text)) == (409, "Already approved")
assert (expired.status_code, title(expired.text)) == (409, "This link has expired")
assert graphql(CONSENT, {"id": late["consent"]["id"]})["consent"]["status"] == "Expired"
assert inbox.last_redirect["consentId"] == parking["consent"]["id"]
assert inbox.last_redirect["status"] == "Accepted"
assert (
    graphql(PAYMENT, {"id": parking["payment"]["id"]})["payment"]["statusInfo"]["status"]
    == "Initiated"
)
assert len(phone.messages) >= 4  # a code for each sign-in
print("All good.")

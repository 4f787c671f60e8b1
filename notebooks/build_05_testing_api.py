"""Build notebooks/05-testing-api.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat as nbf

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md(
        "# 5. The Testing API: simulating incoming money and card spending\n\n"
        "Your code calls the partner API; the **outside world** (other banks, card networks, "
        "the bank's own back office) acts on its own. In the Sandbox, the **Testing API** "
        "(`/sandbox-testing/graphql`, *simulator-only* mutations marked so in `docs/banking.md`) "
        "plays that world, so you can test what your code does when:\n\n"
        "1. a SEPA transfer **arrives** (pending, then booked on the clock),\n"
        "2. a card is **authorized**, then **debited** or **released**,\n"
        "3. a card payment is **declined**, **refunded**, or a **fee** is charged,\n\n"
        "and check that the balances always add up. The Testing API exists in the Sandbox only."
    ),
    code(
        "import json\n"
        "from decimal import Decimal\n"
        "from simulator import Simulator\n\n"
        "sim = Simulator()\n"
        'creds = sim.create_project("sandbox", "Testing API tour", ["http://localhost:3000/callback"])\n'
        "http = sim.client()\n\n\n"
        "def project_token():\n"
        '    return http.post("/oauth2/token", data={\n'
        '        "grant_type": "client_credentials",\n'
        '        "client_id": creds.client_id,\n'
        '        "client_secret": creds.client_secret,\n'
        '    }).json()["access_token"]\n\n\n'
        "token = project_token()\n\n\n"
        'def graphql(query, variables=None, path="/sandbox/graphql"):\n'
        '    """Post an operation; a project token lives one virtual hour, so renew it on 401."""\n'
        "    global token\n"
        "    for _ in range(2):\n"
        '        answer = http.post(path, json={"query": query, "variables": variables or {}},\n'
        '                           headers={"Authorization": f"Bearer {token}"})\n'
        "        if answer.status_code != 401:\n"
        '            return answer.json()["data"]\n'
        "        token = project_token()\n\n\n"
        "def testing(query, variables=None):\n"
        '    return graphql(query, variables, "/sandbox-testing/graphql")\n\n\n'
        "def money(value):\n"
        '    return {"value": value, "currency": "EUR"}\n\n\n'
        "holder = testing('''mutation { createSandboxAccountHolder(input: {\n"
        '  firstName: "Grace", lastName: "Hopper", legalRepresentativePhoneNumber: "+33612340001"}) {\n'
        "  ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }''')\n"
        'account = holder["createSandboxAccountHolder"]["accountId"]\n\n'
        "BALANCES = '''query($id: ID!) { account(accountId: $id) { balances {\n"
        "  booked { value } pending { value } reserved { value } available { value } } } }'''\n\n\n"
        "def balances():\n"
        '    found = graphql(BALANCES, {"id": account})["account"]["balances"]\n'
        '    return {name: amount["value"] for name, amount in found.items()}\n\n\n'
        "print(account)\n"
        "print(balances())"
    ),
    md(
        "## Money arrives\n\n"
        "`simulateIncomingSepaCreditTransfer` is another bank sending money (by account id or "
        "by IBAN). The transfer is **Pending**: it shows in `pending`, not yet in `available`."
    ),
    code(
        "INCOMING = '''mutation($input: SimulateIncomingSepaCreditTransferInput!) {\n"
        "  simulateIncomingSepaCreditTransfer(input: $input) {\n"
        "    ... on SimulateIncomingSepaCreditTransferSuccessPayload { transactionId status }\n"
        "    ... on Rejection { __typename message } } }'''\n"
        'salary = testing(INCOMING, {"input": {\n'
        '    "accountId": account, "amount": money("2500.00"),\n'
        '    "debtorName": "Compiler Inc", "debtorIban": "DE89 3704 0044 0532 0130 00",\n'
        '    "label": "Salary January", "reference": "PAY-2026-01",\n'
        '}})["simulateIncomingSepaCreditTransfer"]\n'
        "print(salary)\n"
        "print(balances())"
    ),
    md(
        "A regular transfer settles after **one day** of virtual time. The clock panel moves "
        "the clock as a learner would (we click its button from code; in Jupyter, click it "
        "yourself). Scheduled work (the settlement) fires on the way."
    ),
    code(
        "from simulator.widgets import ClockPanel\n\n"
        "clock = ClockPanel(sim)\n"
        'clock.buttons["+1d"].click()\n'
        "print(clock.time.value, '|', clock.message.value)\n"
        "print(balances())\n"
        "clock"
    ),
    md(
        "## A card, and a merchant\n\n"
        "The partner API issues a card through a consent (notebook 4); here the Testing API "
        "approves it. Then a merchant asks for an **authorization**: the amount is "
        "**reserved**. When it **debits** (maybe a smaller final amount, as a hotel or a fuel "
        "pump does), the reservation becomes a booked debit."
    ),
    code(
        "MEMBERSHIP = '''query($id: ID!) { accountMemberships(filters: {accountId: $id}) {\n"
        "  edges { node { id } } } }'''\n"
        'membership = graphql(MEMBERSHIP, {"id": account})["accountMemberships"]["edges"][0]["node"]["id"]\n'
        "ADD_CARD = '''mutation($input: AddCardInput!) { addCard(input: $input) {\n"
        "  ... on AddCardSuccessPayload { card { id } consent { id } } } }'''\n"
        'added = graphql(ADD_CARD, {"input": {\n'
        '    "accountMembershipId": membership, "consentRedirectUrl": "http://localhost:3000/callback",\n'
        '    "spendingLimit": {"amount": money("300.00"), "period": "Daily"},\n'
        '}})["addCard"]\n'
        "testing('''mutation($id: ID!) { approveSandboxConsent(input: {consentId: $id}) {\n"
        '  __typename } }\'\'\', {"id": added["consent"]["id"]})\n'
        'card = added["card"]["id"]\n\n'
        "AUTHORIZE = '''mutation($input: SimulateCardAuthorizationInput!) {\n"
        "  simulateCardAuthorization(input: $input) {\n"
        "    ... on SimulateCardAuthorizationSuccessPayload { transactionId status statusReason }\n"
        "    ... on Rejection { __typename message } } }'''\n\n\n"
        "def authorize(amount, merchant, **extra):\n"
        '    return testing(AUTHORIZE, {"input": {\n'
        '        "cardId": card, "amount": money(amount), "merchantName": merchant, **extra,\n'
        '    }})["simulateCardAuthorization"]\n\n\n'
        'sim.advance("2h")  # late morning, at the bakery\n'
        'bakery = authorize("42.50", "Boulangerie Paul", merchantCity="Paris")\n'
        "print(bakery)\n"
        "print(balances())"
    ),
    code(
        "DEBIT = '''mutation($input: SimulateCardDebitInput!) { simulateCardDebit(input: $input) {\n"
        "  ... on SimulateCardDebitSuccessPayload { transactionId status }\n"
        "  ... on Rejection { __typename message } } }'''\n"
        'sim.advance("1h")\n'
        'debit = testing(DEBIT, {"input": {"transactionId": bakery["transactionId"],\n'
        '                                  "amount": money("40.00")}})["simulateCardDebit"]\n'
        "print(debit)\n"
        "print(balances())"
    ),
    md(
        "An authorization the merchant never debits is **released**: the reservation goes "
        "away and nothing is booked."
    ),
    code(
        'sim.advance("3h")\n'
        'hotel = authorize("120.00", "Hotel du Port", merchantCity="Nice")\n'
        "print(balances())\n"
        'sim.advance("1h")  # the stay was canceled: the hotel releases the authorization\n'
        "RELEASE = '''mutation($id: ID!) { simulateCardAuthorizationRelease(input: {transactionId: $id}) {\n"
        "  ... on SimulateCardAuthorizationReleaseSuccessPayload { status }\n"
        "  ... on Rejection { __typename message } } }'''\n"
        'print(testing(RELEASE, {"id": hotel["transactionId"]}))\n'
        "print(balances())"
    ),
    md(
        "## Declines, refunds and fees\n\n"
        "An authorization can be declined by the card's own rules (spending limit, online "
        "payments switched off, not enough money, a suspended card...) or by the merchant's "
        "side (`outcome: Declined`). A decline is not an error: it is a **Rejected** card "
        "transaction whose `statusReason` says why."
    ),
    code(
        "UPDATE = '''mutation { updateCard(input: {cardId: \"%s\", eCommerce: false}) {\n"
        "  ... on UpdateCardSuccessPayload { card { eCommerce } } } }'''\n"
        "sim.advance(\"1h\")\n"
        "graphql(UPDATE % card)\n"
        "declines = {\n"
        '    "over the daily limit": authorize("280.00", "Electro Store"),\n'
        '    "online, e-commerce off": authorize("9.99", "Streaming Co", isOnline=True),\n'
        '    "merchant declines": authorize("5.00", "Vending machine", outcome="Declined"),\n'
        "}\n"
        "for label, result in declines.items():\n"
        "    print(f\"{label:24} {result['status']:8} {result['statusReason']}\")\n"
        "print(balances())"
    ),
    code(
        "REFUND = '''mutation($input: SimulateCardCreditInput!) { simulateCardCredit(input: $input) {\n"
        "  ... on SimulateCardCreditSuccessPayload { transactionId status } } }'''\n"
        'sim.advance("1h")\n'
        'refund = testing(REFUND, {"input": {"cardId": card, "amount": money("15.00"),\n'
        '    "merchantName": "Boulangerie Paul", "originalTransactionId": bakery["transactionId"]}})\n'
        "FEE = '''mutation($input: SimulateFeeInput!) { simulateFee(input: $input) {\n"
        "  ... on SimulateFeeSuccessPayload { transactionId status } } }'''\n"
        'sim.advance("1h")\n'
        'fee = testing(FEE, {"input": {"accountId": account, "amount": money("2.00"),\n'
        '    "feesType": "BankingFee", "label": "Monthly fee"}})\n'
        'print(refund["simulateCardCredit"], fee["simulateFee"])\n'
        "print(balances())"
    ),
    md(
        "## The statement, and the money adding up\n\n"
        "Every booked transaction records the booked balance right after it (`balanceAfter`). "
        "From the statement alone we can recompute every balance."
    ),
    code(
        "STATEMENT = '''query($id: ID!) { account(accountId: $id) { transactions(first: 50) {\n"
        "  edges { node { type side status label amount { value }\n"
        "    statusInfo { ... on TransactionBookedStatus { balanceAfter { value } }\n"
        "                 ... on TransactionRejectedStatus { reason } } } } } } }'''\n"
        'rows = [e["node"] for e in graphql(STATEMENT, {"id": account})["account"]["transactions"]["edges"]]\n'
        "for row in rows:\n"
        "    after = row['statusInfo'].get('balanceAfter', {}).get('value', '')\n"
        "    sign = '+' if row['side'] == 'Credit' else '-'\n"
        "    print(f\"{row['type']:21} {row['status']:9} {sign}{row['amount']['value']:>8} \"\n"
        "          f\"{after:>9}  {row['label']}\")"
    ),
    code(
        "def total(kind):\n"
        "    amount = lambda r: Decimal(r['amount']['value'])\n"
        "    signed = lambda r: amount(r) if r['side'] == 'Credit' else -amount(r)\n"
        "    if kind == 'booked':\n"
        "        return sum((signed(r) for r in rows if r['status'] == 'Booked'), Decimal('0.00'))\n"
        "    pending = [r for r in rows if r['status'] == 'Pending']\n"
        "    if kind == 'reserved':\n"
        "        return sum((amount(r) for r in pending if r['type'] == 'CardOutDebit'), Decimal('0.00'))\n"
        "    return sum((amount(r) for r in pending if r['side'] == 'Debit' and r['type'] != 'CardOutDebit'),\n"
        "               Decimal('0.00'))\n\n\n"
        "now = balances()\n"
        "recomputed = {\n"
        "    'booked': total('booked'),\n"
        "    'reserved': total('reserved'),\n"
        "    'available': total('booked') - total('reserved') - total('pending debits'),\n"
        "}\n"
        "for name, value in recomputed.items():\n"
        "    print(f\"{name:10} API {now[name]:>9}   from the statement {value:>9}\")"
    ),
    md(
        "## The Testing API rejects too\n\n"
        "Unknown ids and impossible moves come back as typed rejections, exactly as on the "
        "partner API."
    ),
    code(
        "print(testing(DEBIT, {\"input\": {\"transactionId\": hotel[\"transactionId\"]}}))\n"
        'print(testing(AUTHORIZE, {"input": {\n'
        '    "cardId": "card-404", "amount": money("1.00"), "merchantName": "Nowhere"}}))\n'
        "reset = testing('mutation { resetSandboxData { ... on ResetSandboxDataSuccessPayload { deleted } } }')\n"
        "print(reset, graphql('{ accounts { totalCount } }'))"
    ),
    md("## What we showed"),
    code(
        'assert salary["status"] == "Pending"\n'
        'assert debit["status"] == "Booked"\n'
        "assert {r['statusReason'] for r in declines.values()} == {\n"
        '    "SpendingLimitReached", "ECommerceDisabled", "MerchantDeclined"}\n'
        "assert all(Decimal(now[name]) == value for name, value in recomputed.items())\n"
        'assert now["available"] == "2473.00"  # 2500 - 40 + 15 - 2\n'
        "booked_rows = [r for r in rows if r['status'] == 'Booked']\n"
        "assert booked_rows[-1]['statusInfo'] == {'balanceAfter': {'value': now['booked']}}\n"
        'assert reset["resetSandboxData"]["deleted"] > 0\n'
        "http.close()\n"
        "sim.close()\n"
        'print("All good.")'
    ),
]

notebook = nbf.v4.new_notebook(cells=cells)
notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
nbf.write(notebook, "notebooks/05-testing-api.ipynb")

"""Build notebooks/04-banking.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat as nbf

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md(
        "# 4. Banking: balances, pages, consents, transfers and rejections\n\n"
        "This notebook tours the banking part of the partner API on the `default` dataset "
        "(Ada, Alan and their company, with two months of history). You will:\n\n"
        "1. read accounts and their four **balances**,\n"
        "2. page through transactions with **cursors** and **filters**,\n"
        "3. add a **card**: a sensitive operation that waits for the user's **consent**,\n"
        "4. send a **transfer** from consent to *booked*, on the virtual clock,\n"
        "5. meet a **rejection** of each kind.\n\n"
        "Everything runs in-process on a frozen clock, so every id and date below is the same "
        "on every run."
    ),
    code(
        "import json\n"
        "from simulator import Simulator\n\n"
        "sim = Simulator()\n"
        'creds = sim.create_project("sandbox", "Banking tour", ["http://localhost:3000/callback"])\n'
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
        "            return answer.json()\n"
        "        token = project_token()\n\n\n"
        "def testing(query, variables=None):\n"
        '    return graphql(query, variables, "/sandbox-testing/graphql")\n\n\n'
        "loaded = testing('''mutation { loadSandboxDataset(input: {dataset: \"default\"}) {\n"
        "  ... on LoadSandboxDatasetSuccessPayload { dataset created skipped } } }''')\n"
        "print(loaded['data'])\n"
        "print(token[:11] + '...', len(token), 'characters (never print a whole token)')"
    ),
    md(
        "## Accounts and their balances\n\n"
        "Each account has four balances, all `Amount { value currency }` with the value a "
        'decimal **string** (`"12.50"`, never a float):\n\n'
        "- **booked**: booked credits minus booked debits;\n"
        "- **reserved**: card authorizations not yet debited;\n"
        "- **pending**: money on its way (pending credits minus pending debits);\n"
        "- **available** = booked - reserved - pending debits: what can be spent now."
    ),
    code(
        "ACCOUNTS = '''{ accounts { totalCount edges { node {\n"
        "  id name IBAN holder { name }\n"
        "  balances { booked { value } reserved { value } pending { value } available { value } }\n"
        "} } } }'''\n"
        'accounts = graphql(ACCOUNTS)["data"]["accounts"]\n'
        'for edge in accounts["edges"]:\n'
        '    node, b = edge["node"], edge["node"]["balances"]\n'
        "    print(f\"{node['name']:32} {node['IBAN']}  booked {b['booked']['value']:>9}  \"\n"
        "          f\"reserved {b['reserved']['value']:>6}  available {b['available']['value']:>9}\")\n"
        'ada = next(e["node"]["id"] for e in accounts["edges"] if e["node"]["holder"]["name"] == "Ada Lovelace")'
    ),
    md(
        "## Pages of transactions\n\n"
        "Lists are Relay connections. Ask for `first: 5`, then pass the page's `endCursor` as "
        "`after` to get the next one. Cursors are opaque; the simulator pages with **keysets** "
        "(execution date, id) on an index, so the last page costs what the first does.\n\n"
        "`orderBy: {direction: Desc}` starts from the newest."
    ),
    code(
        "PAGE = '''query($account: ID!, $after: String) {\n"
        "  account(accountId: $account) {\n"
        "    transactions(first: 5, after: $after, orderBy: {direction: Desc}) {\n"
        "      totalCount pageInfo { hasNextPage endCursor }\n"
        "      edges { node { executionDate type status label side amount { value } } }\n"
        "} } }'''\n"
        "after, pages, seen = None, 0, 0\n"
        "while True:\n"
        '    page = graphql(PAGE, {"account": ada, "after": after})["data"]["account"]["transactions"]\n'
        "    pages += 1\n"
        '    seen += len(page["edges"])\n'
        "    if pages == 1:\n"
        '        for edge in page["edges"]:\n'
        '            n = edge["node"]\n'
        "            print(f\"{n['executionDate'][:10]} {n['type']:22} {n['status']:8} \"\n"
        "                  f\"{n['side']:6} {n['amount']['value']:>8}  {n['label']}\")\n"
        '    if not page["pageInfo"]["hasNextPage"]:\n'
        "        break\n"
        '    after = page["pageInfo"]["endCursor"]\n'
        "print(f\"{pages} pages of at most 5 for {page['totalCount']} transactions ({seen} seen)\")"
    ),
    md(
        "Filters narrow a list: by status, type, side, card, payment, and an execution-date "
        "range (`executionDateFrom` inclusive, `executionDateTo` exclusive)."
    ),
    code(
        "FILTERED = '''{\n"
        "  pending: transactions(filters: {status: [Pending]}) {\n"
        "    totalCount edges { node { label amount { value } ... on CardTransaction {\n"
        "      merchant { name city } } } } }\n"
        "  cardsInNovember: transactions(filters: {type: [CardOutDebit],\n"
        '    executionDateFrom: "2025-11-01T00:00:00Z", executionDateTo: "2025-12-01T00:00:00Z"}) {\n'
        "    totalCount }\n"
        "}'''\n"
        "filtered = graphql(FILTERED)['data']\n"
        "print(json.dumps(filtered, indent=2))"
    ),
    md(
        "## A card, through its consent\n\n"
        "Adding a card is **sensitive**: `addCard` returns the card in `ConsentPending` with a "
        "**consent**. The user opens `consentUrl`, authenticates and approves; the bank then "
        "issues the card, and sends the user back to your redirect URL with `consentId`, "
        "`status` and `resourceId`. With a project token the consent is the account's legal "
        "representative's."
    ),
    code(
        "MEMBERSHIPS = '''query($account: ID!) { accountMemberships(filters: {accountId: $account}) {\n"
        "  edges { node { id legalRepresentative status } } } }'''\n"
        'memberships = graphql(MEMBERSHIPS, {"account": ada})["data"]["accountMemberships"]["edges"]\n'
        'membership = next(e["node"]["id"] for e in memberships if e["node"]["legalRepresentative"])\n\n'
        "ADD_CARD = '''mutation($input: AddCardInput!) { addCard(input: $input) {\n"
        "  ... on AddCardSuccessPayload { card { id status } consent { id status purpose consentUrl } }\n"
        "  ... on Rejection { __typename message } } }'''\n"
        'added = graphql(ADD_CARD, {"input": {\n'
        '    "accountMembershipId": membership,\n'
        '    "name": "Ada\'s travel card",\n'
        '    "spendingLimit": {"amount": {"value": "800.00", "currency": "EUR"}, "period": "Weekly"},\n'
        '    "consentRedirectUrl": "http://localhost:3000/callback",\n'
        '}})["data"]["addCard"]\n'
        "print(json.dumps(added, indent=2))"
    ),
    md(
        "No browser here: the Testing API's `approveSandboxConsent` (*simulator-only*) plays "
        "the user who opens the page and approves. It answers with the URL the page would "
        "redirect to."
    ),
    code(
        "APPROVE = '''mutation($id: ID!) { approveSandboxConsent(input: {consentId: $id}) {\n"
        "  ... on ApproveSandboxConsentSuccessPayload { status resourceId redirectUrl }\n"
        "  ... on Rejection { __typename message } } }'''\n"
        'approved = testing(APPROVE, {"id": added["consent"]["id"]})["data"]["approveSandboxConsent"]\n'
        "print(json.dumps(approved, indent=2))\n\n"
        "CARD = '''query($id: ID!) { card(cardId: $id) { status cardMaskedNumber expiryDate\n"
        "  spendingLimit { amount { value } period } statusInfo { __typename } } }'''\n"
        'card = graphql(CARD, {"id": added["card"]["id"]})["data"]["card"]\n'
        "print(json.dumps(card, indent=2))"
    ),
    md(
        "## A transfer, from consent to booked\n\n"
        "`initiateCreditTransfers` checks the IBAN (format and check digits), the amount "
        "(positive, at most two decimals) and the available balance, then waits for consent. "
        "An `idempotencyKey` makes a retry safe: the same key with the same request returns "
        "the **same** payment instead of paying twice (keys live 24 hours of virtual time)."
    ),
    code(
        "TRANSFER = '''mutation($input: InitiateCreditTransfersInput!) {\n"
        "  initiateCreditTransfers(input: $input) {\n"
        "    ... on InitiateCreditTransfersSuccessPayload { payment { id status } consent { id } }\n"
        "    ... on Rejection { __typename message } } }'''\n\n\n"
        'def rent(amount="850.00", key="rent-2026-01", account=None):\n'
        '    return {"input": {\n'
        '        "accountId": account or ada,\n'
        '        "consentRedirectUrl": "http://localhost:3000/callback",\n'
        '        "idempotencyKey": key,\n'
        '        "creditTransfers": [{\n'
        '            "amount": {"value": amount, "currency": "EUR"},\n'
        '            "sepaBeneficiary": {"name": "Landlord SCI", "iban": "FR76 3000 6000 0112 3456 7890 189"},\n'
        '            "reference": "RENT-JAN-2026",\n'
        "        }],\n"
        "    }}\n\n\n"
        'first = graphql(TRANSFER, rent())["data"]["initiateCreditTransfers"]\n'
        'retry = graphql(TRANSFER, rent())["data"]["initiateCreditTransfers"]\n'
        'print(first["payment"], "consent", first["consent"]["id"])\n'
        "print(\"the retry returns the same payment:\", retry['payment']['id'] == first['payment']['id'])"
    ),
    code(
        'testing(APPROVE, {"id": first["consent"]["id"]})\n'
        "PAYMENT = '''query($id: ID!) { payment(paymentId: $id) { status\n"
        "  transactions { id status amount { value } statusInfo {\n"
        "    ... on TransactionPendingStatus { pendingEndDate }\n"
        "    ... on TransactionBookedStatus { bookingDate balanceAfter { value } } } } } }'''\n"
        'payment = graphql(PAYMENT, {"id": first["payment"]["id"]})["data"]["payment"]\n'
        "print(json.dumps(payment, indent=2))\n\n"
        "BALANCES = '''query($id: ID!) { account(accountId: $id) { balances {\n"
        "  booked { value } pending { value } reserved { value } available { value } } } }'''\n\n\n"
        "def balances():\n"
        '    b = graphql(BALANCES, {"id": ada})["data"]["account"]["balances"]\n'
        '    return {name: amount["value"] for name, amount in b.items()}\n\n\n'
        "print(balances())"
    ),
    md(
        "The transfer is `Pending`: its amount already counts against **available**, not yet "
        "against **booked**. A regular SEPA transfer settles after one day of virtual time "
        "(an instant one after ten seconds). Advance the clock: the settlement fires on the way."
    ),
    code(
        'advance = sim.advance("1d")\n'
        "for entry in advance.timeline:\n"
        "    print(entry['at'], entry['event'], entry['resource_id'])\n"
        'payment = graphql(PAYMENT, {"id": first["payment"]["id"]})["data"]["payment"]\n'
        'print(json.dumps(payment["transactions"][0], indent=2))\n'
        "print(balances())"
    ),
    md(
        "## A rejection of each kind\n\n"
        "A mutation that breaks a business rule returns a **rejection**: a type implementing "
        "`Rejection { message }`, with fields of its own. It is data (HTTP 200), not an error; "
        "nothing is written. `docs/mutations.md` lists every mutation's rejections."
    ),
    code(
        "rejections = {}\n\n\n"
        "def show(label, payload):\n"
        "    rejections[label] = payload\n"
        "    print(f\"{label:24} {payload['__typename']}\\n{'':24} {payload['message']}\")\n\n\n"
        "bad = rent(amount=\"-5\", key=None)\n"
        'bad["input"]["creditTransfers"][0]["sepaBeneficiary"]["iban"] = "FR7630006000011234567890188"\n'
        "VALIDATION = TRANSFER.replace('... on Rejection', '... on ValidationRejection { fields { code path } } ... on Rejection')\n"
        'validation = graphql(VALIDATION, bad)["data"]["initiateCreditTransfers"]\n'
        'show("bad input", validation)\n'
        'for field in validation["fields"]:\n'
        "    print(f\"{'':24}   {field['code']:16} {'.'.join(field['path'])}\")\n"
        'show("unknown account", graphql(TRANSFER, rent(key=None, account="acc-404"))["data"]["initiateCreditTransfers"])\n'
        'show("not enough money", graphql(TRANSFER, rent("1000000.00", key=None))["data"]["initiateCreditTransfers"])\n'
        'graphql(TRANSFER, rent("100.00", key="gift-1"))  # a first request with this key...\n'
        'show("key reused", graphql(TRANSFER, rent("120.00", key="gift-1"))["data"]["initiateCreditTransfers"])\n'
        "RESUME = '''mutation($id: ID!) { resumeCard(input: {cardId: $id}) {\n"
        "  ... on CardWrongStatusRejection { currentStatus expectedStatus }\n"
        "  ... on Rejection { __typename message } } }'''\n"
        'show("wrong status", graphql(RESUME, {"id": added["card"]["id"]})["data"]["resumeCard"])\n'
        "BIND = '''mutation($id: ID!) { bindAccountMembership(input: {accountMembershipId: $id}) {\n"
        "  ... on Rejection { __typename message } } }'''\n"
        'show("forbidden", graphql(BIND, {"id": membership})["data"]["bindAccountMembership"])\n'
        "CANCEL = '''mutation($id: String!) { cancelConsent(input: {consentId: $id}) {\n"
        "  ... on Rejection { __typename message } } }'''\n"
        'show("consent already done", graphql(CANCEL, {"id": first["consent"]["id"]})["data"]["cancelConsent"])\n'
        "CLOSE = '''mutation($id: ID!) { closeAccount(input: {accountId: $id,\n"
        '  consentRedirectUrl: "http://localhost:3000/callback"}) {\n'
        "  ... on Rejection { __typename message } } }'''\n"
        'show("account not empty", graphql(CLOSE, {"id": ada})["data"]["closeAccount"])'
    ),
    md(
        "Queries never return rejections: a query that cannot answer puts an entry in the "
        "top-level `errors` list, with an `extensions.code`."
    ),
    code(
        'missing = graphql(\'{ transaction(transactionId: "tx-404") { id } }\')\n'
        'too_big = graphql("{ transactions(first: 500) { totalCount } }")\n'
        "for answer in (missing, too_big):\n"
        "    error = answer['errors'][0]\n"
        "    print(error['extensions']['code'], '-', error['message'])"
    ),
    md("## What we showed"),
    code(
        'assert loaded["data"]["loadSandboxDataset"]["created"] > 40\n'
        'assert accounts["totalCount"] == 3\n'
        'assert seen == page["totalCount"]\n'
        'assert added["card"]["status"] == "ConsentPending" and card["status"] == "Enabled"\n'
        'assert approved["redirectUrl"].endswith(f"status=Accepted&resourceId={added[\'card\'][\'id\']}")\n'
        'assert retry["payment"]["id"] == first["payment"]["id"]\n'
        'assert payment["transactions"][0]["status"] == "Booked"\n'
        "b = balances()\n"
        'assert b["available"] == b["booked"] or float(b["reserved"]) > 0\n'
        "assert {r['__typename'] for r in rejections.values()} == {\n"
        '    "ValidationRejection", "AccountNotFoundRejection", "InsufficientFundsRejection",\n'
        '    "IdempotencyConflictRejection", "CardWrongStatusRejection", "ForbiddenRejection",\n'
        '    "NotReachableConsentStatusRejection", "AccountNotEmptyRejection"}\n'
        'assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"\n'
        "http.close()\n"
        "sim.close()\n"
        'print("All good.")'
    ),
]

notebook = nbf.v4.new_notebook(cells=cells)
notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
nbf.write(notebook, "notebooks/04-banking.ipynb")

"""Build notebooks/07-consents.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat as nbf

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md(
        "# 7. Consent pages: the user approves a transfer\n\n"
        "A sensitive mutation (add a card, add a member, send transfers, close an account) does "
        "not take effect at once: it returns its resource in `ConsentPending` with a "
        "**consent**, and the user must open the consent's `consentUrl`, sign in and approve. "
        "Notebook 4 skipped the pages with the Testing API's `approveSandboxConsent`; here we "
        "walk them as a browser without JavaScript would, in-process:\n\n"
        "1. a transfer waits for its consent,\n"
        "2. the link's sign-in: phone number and a text-message code from the outbox,\n"
        "3. the page describing the operation, **Approve**, and the redirect back to the "
        "partner with `consentId`, `status` and `resourceId`,\n"
        "4. a refusal, a link opened twice, and a link left open 20 virtual minutes.\n\n"
        "Codes and session tokens are random: we never print them."
    ),
    code(
        "import html\n"
        "import re\n"
        "from urllib.parse import parse_qs, urlsplit\n"
        "from simulator import Simulator\n\n"
        "sim = Simulator()  # a temporary data dir; the clock starts frozen\n"
        'CALLBACK = "http://localhost:3000/consent-done"\n'
        'creds = sim.create_project("sandbox", "Rent app", [CALLBACK])\n'
        "# A client that follows no redirect, so we see every Location header.\n"
        "http = sim.client(follow_redirects=False)\n"
        'token = http.post("/oauth2/token", data={"grant_type": "client_credentials",\n'
        '    "client_id": creds.client_id, "client_secret": creds.client_secret}).json()["access_token"]\n\n\n'
        'def graphql(query, variables=None, path="/sandbox/graphql"):\n'
        "    answer = http.post(path, json={'query': query, 'variables': variables or {}},\n"
        "                       headers={'Authorization': f'Bearer {token}'})\n"
        "    return answer.json()['data']\n\n\n"
        "def testing(query, variables=None):\n"
        '    return graphql(query, variables, "/sandbox-testing/graphql")\n\n\n'
        "PHONE = '+33612345678'\n"
        "holder = testing('''mutation { createSandboxAccountHolder(input: {firstName: \"Ada\",\n"
        '  lastName: "Lovelace", legalRepresentativePhoneNumber: "+33612345678"}) {\n'
        "  ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }''')\n"
        "account = holder['createSandboxAccountHolder']['accountId']\n"
        "incoming = testing('''mutation($a: ID!) { simulateIncomingSepaCreditTransfer(input: {\n"
        '  accountId: $a, amount: {value: "2000.00", currency: "EUR"},\n'
        '  debtorName: "Employer SA", debtorIban: "DE89370400440532013000"}) {\n'
        "  ... on SimulateIncomingSepaCreditTransferSuccessPayload { transactionId } } }''',\n"
        "    {'a': account})\n"
        "testing('''mutation($t: ID!) { simulateSepaCreditTransferBooking(input: {transactionId: $t}) {\n"
        "  __typename } }''', {'t': incoming['simulateIncomingSepaCreditTransfer']['transactionId']})\n"
        "print('account', account, 'of Ada, legal representative', PHONE)"
    ),
    md(
        "## 1. A transfer waiting for its consent\n\n"
        "`initiateCreditTransfers` checks the request, then returns the payment in "
        "`ConsentPending` and a consent `Created` for Ada (the account's legal representative, "
        "since we call with a project token). `consentUrl` is what the partner opens for the "
        "user, full screen or in a popup: the pages refuse to be framed."
    ),
    code(
        "TRANSFER = '''mutation($input: InitiateCreditTransfersInput!) {\n"
        "  initiateCreditTransfers(input: $input) {\n"
        "    ... on InitiateCreditTransfersSuccessPayload {\n"
        "      payment { id status } consent { id status purpose consentUrl } } } }'''\n\n\n"
        "def pay(amount, reference):\n"
        "    data = graphql(TRANSFER, {'input': {\n"
        "        'accountId': account, 'consentRedirectUrl': CALLBACK,\n"
        "        'creditTransfers': [{'amount': {'value': amount, 'currency': 'EUR'},\n"
        "            'sepaBeneficiary': {'name': 'Landlord SCI',\n"
        "                                'iban': 'FR7630006000011234567890189'},\n"
        "            'reference': reference}]}})\n"
        "    return data['initiateCreditTransfers']\n\n\n"
        "rent = pay('850.00', 'RENT-JAN-2026')\n"
        "print(rent['payment'])\n"
        "print({key: rent['consent'][key] for key in ('status', 'purpose')})\n"
        "print(rent['consent']['consentUrl'])"
    ),
    md(
        "## 2. Opening the link: sign in\n\n"
        "The link opens the same sign-in pages as the OAuth flow (notebook 2). The phone "
        "number is pre-filled with the user the consent is for. Nothing is decided yet: the "
        "consent stays `Created` until the user has signed in and sees the operation."
    ),
    code(
        "path = urlsplit(rent['consent']['consentUrl']).path\n"
        "page = http.get(path)\n\n\n"
        "def title(html):\n"
        "    return re.search(r'<h1>([^<]+)</h1>', html).group(1)\n\n\n"
        "def csrf_token(html):  # each form carries the session's anti-forgery token\n"
        '    return re.search(r\'name="csrf_token" value="([^"]+)"\', html).group(1)\n\n\n'
        "CONSENT = '''query($id: ID!) { consent(consentId: $id) { status startedAt expiresAt } }'''\n"
        "print(page.status_code, title(page.text), '| X-Frame-Options:', page.headers['x-frame-options'])\n"
        "print('phone pre-filled:', f'value=\"{PHONE}\"' in page.text)\n"
        "print(graphql(CONSENT, {'id': rent['consent']['id']})['consent'])"
    ),
    md(
        "The user sends themselves a code and types it. The code arrives in the simulated "
        "**text-message outbox** (`sim.oauth.latest_code`, the CLI's `sms`, or the Testing "
        "API's `textMessages`). Once signed in, the login pages send the browser back (`303`) "
        "to the consent link."
    ),
    code(
        "csrf = csrf_token(page.text)\n"
        "answer = http.post('/oauth2/login/phone', data={'csrf_token': csrf, 'phone_number': PHONE})\n"
        "print(answer.status_code, answer.headers['location'])\n"
        "message = sim.oauth.text_messages(phone_number=PHONE)[-1]\n"
        "print(re.sub(r'\\d{6}', '••••••', message['text']))\n"
        "answer = http.post('/oauth2/login/code',\n"
        "                   data={'csrf_token': csrf, 'code': sim.oauth.latest_code(PHONE)})\n"
        "print(answer.status_code, answer.headers['location'] == path)"
    ),
    md(
        "## 3. The operation, Approve, and the way back\n\n"
        "Signed in, the user sees what they are asked to approve: the project, the amount, "
        "the beneficiary, the account. Showing it **starts** the consent: it now expires 20 "
        "virtual minutes later."
    ),
    code(
        "page = http.get(path)\n"
        "print(title(page.text))\n"
        "print(re.search(r'<p class=\"lead\">([^<]+)</p>', page.text).group(1))\n"
        "for label, value in re.findall(r'<dt>([^<]+)</dt>\\s*<dd>([^<]+)</dd>', page.text):\n"
        "    print(f'  {label:17} {html.unescape(value)}')\n"
        'print(re.findall(r\'name="decision" value="\\w+"[^>]*>(\\w+)</button>\', page.text))\n'
        "print(graphql(CONSENT, {'id': rent['consent']['id']})['consent'])"
    ),
    md(
        "**Approve** applies the operation (the transfer is created, `Pending` until it "
        "settles) and answers `302` to the partner's redirect URL with three parameters: "
        "`consentId`, `status` and `resourceId` (here the payment). The partner's page reads "
        "them, then checks the payment through the API."
    ),
    code(
        "answer = http.post(path, data={'csrf_token': csrf, 'decision': 'approve'})\n"
        "location = answer.headers['location']\n"
        "print(answer.status_code, location)\n"
        "back = {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}\n\n"
        "PAYMENT = '''query($id: ID!) { payment(paymentId: $id) { status\n"
        "  transactions { status amount { value } } } }'''\n"
        "print(graphql(PAYMENT, {'id': back['resourceId']})['payment'])"
    ),
    md(
        "## 4. Refused, already done, expired\n\n"
        "**Refuse** rejects the operation and redirects the same way, with "
        "`status=CustomerRefused`. A link whose consent is over (approved, refused, expired, "
        "canceled) shows a page saying so, with a link back to the partner carrying the "
        "current status; it never asks to sign in again. A consent not decided within 20 "
        "virtual minutes of opening **expires** (the clock's due work does it)."
    ),
    code(
        "def open_and_sign_in(url):\n"
        '    """Open a consent link and sign in; returns (path, csrf) on the operation page."""\n'
        "    link = urlsplit(url).path\n"
        "    form = csrf_token(http.get(link).text)  # a new link: a new sign-in session\n"
        "    http.post('/oauth2/login/phone', data={'csrf_token': form, 'phone_number': PHONE})\n"
        "    http.post('/oauth2/login/code',\n"
        "              data={'csrf_token': form, 'code': sim.oauth.latest_code(PHONE)})\n"
        "    assert title(http.get(link).text) == 'Approve a transfer'\n"
        "    return link, form\n\n\n"
        "deposit = pay('1000.00', 'DEPOSIT')  # a deposit Ada did not expect: she refuses\n"
        "link, form = open_and_sign_in(deposit['consent']['consentUrl'])\n"
        "refused = http.post(link, data={'csrf_token': form, 'decision': 'refuse'})\n"
        "print(refused.status_code, refused.headers['location'])\n"
        "print(graphql(PAYMENT, {'id': deposit['payment']['id']})['payment'])\n\n"
        "again = http.get(path)  # the approved rent's link, opened a second time\n"
        "print(again.status_code, title(again.text))\n"
        "print(re.search(r'class=\"button\" href=\"([^\"]+)\"', again.text).group(1).replace('&amp;', '&'))\n\n"
        "late = pay('50.00', 'KEYS')\n"
        "link, form = open_and_sign_in(late['consent']['consentUrl'])\n"
        "timeline = sim.advance('20m').timeline\n"
        "print([(entry['at'], entry['event']) for entry in timeline])\n"
        "expired = http.post(link, data={'csrf_token': form, 'decision': 'approve'})\n"
        "print(expired.status_code, title(expired.text))\n"
        "print(graphql(PAYMENT, {'id': late['payment']['id']})['payment']['status'])"
    ),
    md("## What we showed"),
    code(
        "assert rent['payment']['status'] == 'ConsentPending'\n"
        "assert back == {'consentId': rent['consent']['id'], 'status': 'Accepted',\n"
        "                'resourceId': rent['payment']['id']}\n"
        "assert graphql(PAYMENT, {'id': rent['payment']['id']})['payment']['status'] == 'Initiated'\n"
        "assert 'status=CustomerRefused' in refused.headers['location']\n"
        "assert graphql(PAYMENT, {'id': deposit['payment']['id']})['payment']['status'] == 'Rejected'\n"
        "assert (again.status_code, title(again.text)) == (409, 'Already approved')\n"
        "assert (expired.status_code, title(expired.text)) == (409, 'This link has expired')\n"
        "assert graphql(CONSENT, {'id': late['consent']['id']})['consent']['status'] == 'Expired'\n"
        "http.close()\n"
        "sim.close()\n"
        "print('All good.')"
    ),
]

notebook = nbf.v4.new_notebook(cells=cells)
notebook.metadata["kernelspec"] = {
    "display_name": "Python 3",
    "language": "python",
    "name": "python3",
}
nbf.write(notebook, "notebooks/07-consents.ipynb")

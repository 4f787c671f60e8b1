"""Build notebooks/06-webhooks.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat as nbf

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md(
        "# 6. Webhooks: events, deliveries and the retry clock\n\n"
        "When something changes at the bank (an account opens, a consent is cancelled), the "
        "service POSTs a short notice to your endpoint. The notice only *names* what changed; "
        "your code answers `2xx` quickly and then **reads the resource through the API**. "
        "When your endpoint fails, the service retries 8 times over about 10 hours.\n\n"
        "You will:\n"
        "1. subscribe an **in-process inbox** (no server, no tunnel),\n"
        "2. cause events with the Testing API and watch them arrive at once,\n"
        "3. read the resource an event names, as the call flow requires,\n"
        "4. make the inbox fail and run the **whole 10-hour retry schedule in a blink**,\n"
        "5. read the delivery log, replay an event, and switch retry policy."
    ),
    code(
        "import json\n"
        "from simulator import Simulator\n\n"
        "sim = Simulator()  # a temporary data dir; the clock starts frozen\n"
        'creds = sim.create_project("sandbox", "Webhooks demo", '
        '["http://localhost:3000/callback"])\n'
        "http = sim.client()\n\n"
        "def new_token():\n"
        '    return http.post("/oauth2/token", data={"grant_type": "client_credentials",\n'
        '        "client_id": creds.client_id, "client_secret": creds.client_secret,\n'
        '    }).json()["access_token"]\n\n'
        "token = new_token()\n\n"
        "def graphql(path, query, variables=None):\n"
        '    answer = http.post(path, json={"query": query, "variables": variables or {}},\n'
        '                       headers={"Authorization": f"Bearer {token}"})\n'
        "    body = answer.json()\n"
        '    assert "errors" not in body, body\n'
        '    return body["data"]\n\n'
        'API, TESTING = "/sandbox/graphql", "/sandbox-testing/graphql"\n'
        "print(sim.clock.timestamp())"
    ),
    md(
        "## An in-process inbox\n\n"
        "A real subscription needs a public URL. In the simulator, an endpoint URL "
        "`inbox://NAME` delivers to an **inbox** living in this Python process "
        "(a simulator-only extension). It records what it receives and can be told to fail."
    ),
    code('inbox = sim.webhooks.inbox("my-app")\nprint(inbox)\nprint(inbox.url)'),
    md(
        "## Subscribe, through the partner API\n\n"
        "`addWebhookSubscription` takes a label, the endpoint URL, a **secret** (sent back in "
        "the `X-Webhook-Secret` header of every delivery, so you know the call is genuine) and "
        "the event types you want (`Resource.Verb`)."
    ),
    code(
        "SECRET = 'workshop-' + 'secret'  # your own value; never print a real one\n"
        "ADD = '''mutation($input: AddWebhookSubscriptionInput!) {\n"
        "  addWebhookSubscription(input: $input) {\n"
        "    __typename\n"
        "    ... on AddWebhookSubscriptionSuccessPayload {\n"
        "      webhookSubscription { id label endpointUrl eventTypes status } }\n"
        "    ... on ValidationRejection { message fields { code path } }\n"
        "  }\n"
        "}'''\n"
        "added = graphql(API, ADD, {'input': {\n"
        "    'label': 'My app', 'endpointUrl': inbox.url, 'secret': SECRET,\n"
        "    'eventTypes': ['AccountHolder.Created', 'Account.Created']}})\n"
        "subscription = added['addWebhookSubscription']['webhookSubscription']\n"
        "print(json.dumps(subscription, indent=2))"
    ),
    md("Bad input is a typed rejection, with every invalid field at once:"),
    code(
        "rejected = graphql(API, ADD, {'input': {\n"
        "    'label': 'Broken', 'endpointUrl': 'ftp://example.com', 'secret': '',\n"
        "    'eventTypes': ['Account.Exploded']}})['addWebhookSubscription']\n"
        "print(rejected['__typename'], '-', rejected['message'])\n"
        "for field in rejected['fields']:\n"
        "    print(' ', field['code'], field['path'])"
    ),
    md(
        "## Cause events with the Testing API\n\n"
        "Onboarding an account holder creates a holder and an account: two events. "
        "The delivery happens when the request returns; **no need to move the clock**."
    ),
    code(
        "CREATE_HOLDER = '''mutation {\n"
        '  createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"}) {\n'
        "    ... on CreateSandboxAccountHolderSuccessPayload { accountId }\n"
        "  }\n"
        "}'''\n"
        "account_id = graphql(TESTING, CREATE_HOLDER)['createSandboxAccountHolder']['accountId']\n"
        "print('clock still at', sim.clock.timestamp())\n"
        "print(inbox)\n"
        "for received in inbox.received:\n"
        "    print(json.dumps(received.body, indent=2))"
    ),
    md(
        "The body has exactly five fields: `eventType`, `eventId`, `eventDate`, `projectId`, "
        "`resourceId`. Check the secret header before trusting it:"
    ),
    code(
        "import hmac\n\n"
        "received = inbox.received[-1]\n"
        "print(received.headers['Content-Type'])\n"
        "print('secret matches:', hmac.compare_digest(received.headers['X-Webhook-Secret'], "
        "SECRET))"
    ),
    md(
        "## The call flow: read what the event names\n\n"
        "The notice says *an account was created* and which one. Its data comes from the API:"
    ),
    code(
        "event = inbox.received[-1].body\n"
        "ACCOUNT = 'query($id: ID!) { account(accountId: $id) { id name status IBAN } }'\n"
        "account = graphql(API, ACCOUNT, {'id': event['resourceId']})['account']\n"
        "print(event['eventType'], '->', json.dumps(account, indent=2))"
    ),
    md(
        "## When the endpoint fails\n\n"
        "Now the inbox answers `500` to everything. A new holder's two events fail their "
        "first attempt; the service will retry each up to **8 times**, after about "
        "5 s, 17 s, 1 min, 3 min, 15 min, 40 min, 2 h and 7 h, each delay counted from the "
        "end of the previous attempt."
    ),
    code(
        "inbox.fail()\n"
        "inbox.clear()\n"
        "graphql(TESTING, CREATE_HOLDER.replace('Ada', 'Grace').replace('Lovelace', 'Hopper'))\n"
        "LOG = '''query($filters: WebhookDeliveryLogFilters) {\n"
        "  webhookDeliveryLog(first: 100, filters: $filters) { totalCount edges { node {\n"
        "    eventType attemptNumber attemptedAt responseStatus errorCode nextAttemptAt\n"
        "    deliveryStatus } } } }'''\n"
        "log = graphql(API, LOG)['webhookDeliveryLog']\n"
        "for edge in log['edges'][-2:]:\n"
        "    print(edge['node'])"
    ),
    md(
        "With a frozen clock nothing more happens until time moves. Advance **10 hours** "
        "with the Testing API: every retry fires on the way, in time order, each stamped with "
        "its own virtual time, and the payload returns the **timeline**. It takes a blink."
    ),
    code(
        "ADVANCE = '''mutation($duration: String!) {\n"
        "  advanceClock(input: {duration: $duration}) {\n"
        "    ... on ClockSuccessPayload { clock { now } timeline { at work summary } }\n"
        "  }\n"
        "}'''\n"
        "moved = graphql(TESTING, ADVANCE, {'duration': '10h'})['advanceClock']\n"
        "print('now', moved['clock']['now'])\n"
        "account_events = [e for e in moved['timeline'] if e['summary'].startswith('Account.')]\n"
        "print(sim.webhooks.describe(account_events, start='2026-01-05T09:00:00Z'))"
    ),
    md(
        "The first attempt happened when the request returned; the timeline shows the "
        "8 retries, the last at 9 h 59 min 22 s after the event. The deliveries are now "
        "`Failed`. (Ten hours passed for the token too: get a new one.)"
    ),
    code(
        "token = new_token()\n"
        "DELIVERIES = '''{ webhookDeliveries(filters: {status: Failed}) { edges { node {\n"
        "  id eventId eventType status attemptCount retryCount nextAttemptAt } } } }'''\n"
        "failed = [e['node'] for e in graphql(API, DELIVERIES)['webhookDeliveries']['edges']]\n"
        "for delivery in failed:\n"
        "    print(delivery['eventType'], delivery['status'], delivery['attemptCount'], "
        "'attempts,', delivery['retryCount'], 'retries')\n"
        "print(inbox)"
    ),
    md(
        "## Replay an event\n\n"
        "Your endpoint is fixed. `replayWebhookEvent` sends the event again (same `eventId`: "
        "deliveries are *at least once*, so deduplicate on it) with a fresh retry schedule."
    ),
    code(
        "inbox.succeed()\n"
        "REPLAY = '''mutation($id: ID!) { replayWebhookEvent(input: {eventId: $id}) {\n"
        "  ... on ReplayWebhookEventSuccessPayload { deliveries { eventType trigger } } } }'''\n"
        "account_delivery = next(d for d in failed if d['eventType'] == 'Account.Created')\n"
        "print(graphql(API, REPLAY, {'id': account_delivery['eventId']}))\n"
        "print(inbox.last)\n"
        "print('same event:', inbox.last.event_id == account_delivery['eventId'])"
    ),
    md(
        "## Another retry policy\n\n"
        "The retry policy is data. The real service has also published a newer one: a retry "
        "every 30 s, up to 7 times, with a 10 s timeout. A workshop can switch to it "
        "(Testing API, Python `sim.webhooks.set_policy(...)` or the CLI)."
    ),
    code(
        "SET_POLICY = '''mutation { setWebhookRetryPolicy(input: {name: \"every-30s\"}) {\n"
        "  ... on SetWebhookRetryPolicySuccessPayload { policy { name delaysSeconds "
        "timeoutSeconds maxAttempts } } } }'''\n"
        "print(graphql(TESTING, SET_POLICY)['setWebhookRetryPolicy']['policy'])\n"
        "inbox.fail(times=3)  # three failures, then it recovers\n"
        "inbox.clear()\n"
        "sim.webhooks.update(creds, subscription['id'], event_types=['Account.Created'])\n"
        "graphql(TESTING, CREATE_HOLDER.replace('Ada', 'Alan').replace('Lovelace', 'Turing'))\n"
        "start = sim.clock.timestamp()\n"
        "moved = graphql(TESTING, ADVANCE, {'duration': '5m'})['advanceClock']\n"
        "print(sim.webhooks.describe(moved['timeline'], start=start))\n"
        "print([r.status for r in inbox.received])"
    ),
    md(
        "## What we showed\n\n"
        "* a subscription per endpoint, with a secret and event types;\n"
        "* the notice names the resource; the partner reads it through the API;\n"
        "* failed deliveries retry on the virtual clock: 10 hours of schedule in a blink;\n"
        "* the delivery log, replay, and policies as data."
    ),
    code(
        "attempts = sim.webhooks.log(creds)\n"
        "first_failure = [a for a in attempts if a['event_type'] == 'Account.Created'][1:10]\n"
        "offsets = [a['attempted_at'][11:19] for a in first_failure]\n"
        "assert offsets == ['09:00:00', '09:00:05', '09:00:22', '09:01:22', '09:04:22',\n"
        "                   '09:19:22', '09:59:22', '11:59:22', '18:59:22'], offsets\n"
        "assert all(a['response_status'] == 500 for a in first_failure)\n"
        "assert account['id'] == account_id and account['status'] == 'Opened'\n"
        "assert set(event) == {'eventType', 'eventId', 'eventDate', 'projectId', 'resourceId'}\n"
        "assert [d['status'] for d in failed] == ['Failed', 'Failed']\n"
        "assert [r.status for r in inbox.received] == [500, 500, 500, 200]\n"
        "assert sim.webhooks.get_policy(project=creds).name == 'every-30s'\n"
        "sim.close()\n"
        'print("All good.")'
    ),
]

notebook = nbf.v4.new_notebook(cells=cells)
notebook.metadata["kernelspec"] = {
    "display_name": "Python 3",
    "language": "python",
    "name": "python3",
}
nbf.write(notebook, "notebooks/06-webhooks.ipynb")

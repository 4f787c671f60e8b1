"""Build notebooks/01-getting-started.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat as nbf

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md(
        "# 1. Getting started: a project, a token, your first query\n\n"
        "This notebook runs the whole banking service **in-process**: no server, no network. "
        "Everything you do here works the same against a running `python -m simulator serve`; "
        "only the base URL changes.\n\n"
        "You will:\n"
        "1. start a simulator on a frozen virtual clock,\n"
        "2. create a Sandbox project and get a **project access token**,\n"
        "3. create accounts with the **Sandbox Testing API** and list them with `accounts`,\n"
        "4. read the three ways a mutation's **rejection** comes back (`cancelConsent`)."
    ),
    code(
        "from simulator import Simulator\n\n"
        "sim = Simulator()  # a temporary data dir; the clock starts frozen\n"
        "print(sim.clock.timestamp())"
    ),
    md(
        "## A project and its credentials\n\n"
        "A project has a `client_id` prefixed by its environment and a `client_secret` that is "
        "shown **once**. (We never print the secret: treat it like a password.)"
    ),
    code(
        'creds = sim.create_project("sandbox", "My first app", ["http://localhost:3000/callback"])\n'
        "print(creds.client_id)\n"
        "print(creds.redirect_uris)\n"
        "print(len(creds.client_secret), 'characters of secret')"
    ),
    md(
        "## A project access token\n\n"
        "`POST /oauth2/token` with `grant_type=client_credentials`. `http` is an "
        "[httpx](https://www.python-httpx.org/) client bound to the simulator in-process."
    ),
    code(
        "http = sim.client()\n"
        "response = http.post(\n"
        '    "/oauth2/token",\n'
        "    data={\n"
        '        "grant_type": "client_credentials",\n'
        '        "client_id": creds.client_id,\n'
        '        "client_secret": creds.client_secret,\n'
        "    },\n"
        ")\n"
        "body = response.json()\n"
        "token = body['access_token']\n"
        "print(response.status_code)\n"
        "print({key: value for key, value in body.items() if key != 'access_token'})\n"
        "print(token[:11] + '...')"
    ),
    md(
        "## Some accounts, through the Sandbox Testing API\n\n"
        "The Testing API (`/sandbox-testing/graphql`) simulates the outside world. Here it "
        "onboards two account holders, each with an opened account."
    ),
    code(
        "import json\n\n"
        "def graphql(path, query, variables=None):\n"
        '    answer = http.post(path, json={"query": query, "variables": variables or {}},\n'
        '                       headers={"Authorization": f"Bearer {token}"})\n'
        "    body = answer.json()\n"
        "    body.pop('extensions', None)  # what the operation cost: see notebook 03\n"
        "    return answer.status_code, body\n\n"
        "CREATE_HOLDER = '''\n"
        "mutation($input: CreateSandboxAccountHolderInput!) {\n"
        "  createSandboxAccountHolder(input: $input) {\n"
        "    ... on CreateSandboxAccountHolderSuccessPayload { accountId }\n"
        "    ... on Rejection { message }\n"
        "  }\n"
        "}'''\n"
        'for first, last in [("Ada", "Lovelace"), ("Alan", "Turing")]:\n'
        '    print(graphql("/sandbox-testing/graphql", CREATE_HOLDER,\n'
        '                  {"input": {"firstName": first, "lastName": last}}))'
    ),
    md(
        "## The `accounts` query\n\n"
        "`accounts` is a Relay connection: `totalCount`, `pageInfo` and `edges { cursor node }`. "
        "IBANs carry real ISO 13616 check digits (of a fictional bank)."
    ),
    code(
        "ACCOUNTS = '''{\n"
        "  accounts(first: 10) {\n"
        "    totalCount\n"
        "    pageInfo { hasNextPage }\n"
        "    edges { node { id IBAN name balances { available { value currency } } } }\n"
        "  }\n"
        "}'''\n"
        'status, answer = graphql("/sandbox/graphql", ACCOUNTS)\n'
        "print(status)\n"
        "print(json.dumps(answer, indent=2))"
    ),
    md(
        "## Rejections: three ways to select a mutation's result\n\n"
        "`cancelConsent` returns a union: the success payload, or a rejection implementing "
        "`Rejection`. What you get back depends on what you select (specification, section 4.3). "
        "We cancel a consent that does not exist:"
    ),
    code(
        "CANCEL = 'mutation { cancelConsent(input: {consentId: \"c-404\"}) { %s } }'\n"
        "selections = {\n"
        '    "success fragment only": "... on CancelConsentSuccessPayload { consent { id } }",\n'
        '    "the Rejection interface": "... on Rejection { message }",\n'
        '    "the concrete rejection": "... on ConsentNotFoundRejection { __typename consentId } '
        '... on Rejection { message }",\n'
        "}\n"
        "results = {}\n"
        "for label, selection in selections.items():\n"
        '    status, answer = graphql("/sandbox/graphql", CANCEL % selection)\n'
        "    results[label] = answer\n"
        '    print(f"{label:24} HTTP {status} {json.dumps(answer)}")'
    ),
    md(
        "A rejection is **data**, not an error: HTTP 200, no `errors` list. Select "
        "`... on Rejection { message }` in every mutation so rejections never go unnoticed.\n\n"
        "## Try it yourself\n\n"
        "The panel below posts any operation with your token. We click **Run** from code here; "
        "in Jupyter, edit the operation and click it yourself."
    ),
    code(
        "from simulator.widgets import GraphQLPanel\n\n"
        'panel = GraphQLPanel(http, token, query="{ accounts { totalCount } }")\n'
        "panel.run_button.click()\n"
        "print(panel.status, panel.response['data'])\n"
        "panel"
    ),
    md(
        "## Tokens expire on the virtual clock\n\n"
        "A project token lives 3600 seconds. No need to wait an hour: advance the clock."
    ),
    code(
        'sim.advance("1h")\n'
        'status, answer = graphql("/sandbox/graphql", "{ accounts { totalCount } }")\n'
        "print(status, answer['errors'][0]['message'])"
    ),
    md("## What we showed"),
    code(
        "assert creds.client_id.startswith('SANDBOX_')\n"
        "assert body['expires_in'] == 3600 and body['token_type'] == 'bearer'\n"
        "assert results['success fragment only']['data'] == {'cancelConsent': {}}\n"
        "assert results['the Rejection interface']['data']['cancelConsent'] == "
        "{'message': 'Consent c-404 was not found.'}\n"
        "assert results['the concrete rejection']['data']['cancelConsent']['consentId'] == 'c-404'\n"
        "assert status == 401\n"
        "sim.close()\n"
        'print("All good.")'
    ),
]

notebook = nbf.v4.new_notebook(cells=cells)
notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
nbf.write(notebook, "notebooks/01-getting-started.ipynb")

"""Build notebooks/03-limits.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat as nbf

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md(
        "# 3. Limits: what an operation costs, and how many you may send\n\n"
        "The service limits every Sandbox operation (specification, section 8.2) and every "
        "client's request rate (section 8.1):\n\n"
        "| Limit | Maximum | Exceeded |\n"
        "|---|---|---|\n"
        "| complexity | 1,000 fields | HTTP 400 |\n"
        "| depth | 15 nested fields | HTTP 400 |\n"
        "| concurrency | 5 top-level fields | HTTP 400 |\n"
        "| rate | 2,000 requests per 5 minutes, per IP and endpoint | HTTP 429 |\n\n"
        "You will measure queries before sending them, hit each limit and read its error, "
        "read the rate-limit headers, then run out of requests and get them back by moving "
        "the virtual clock."
    ),
    code(
        "import json\n\n"
        "from simulator import Simulator\n"
        "from simulator.domain.datasets import load_dataset\n\n"
        "sim = Simulator()  # the specification's limits; the clock starts frozen\n"
        'creds = sim.create_project("sandbox", "Limits demo", ["http://localhost:3000/callback"])\n'
        'load_dataset(sim.sandbox, creds.project_id, "default")\n'
        "http = sim.client()\n"
        "token = http.post(\n"
        '    "/oauth2/token",\n'
        "    data={\n"
        '        "grant_type": "client_credentials",\n'
        '        "client_id": creds.client_id,\n'
        '        "client_secret": creds.client_secret,\n'
        "    },\n"
        ').json()["access_token"]\n\n'
        'def post(query, path="/sandbox/graphql", variables=None):\n'
        '    body = {"query": query, "variables": variables or {}}\n'
        '    return http.post(path, json=body, headers={"Authorization": f"Bearer {token}"})\n\n'
        "print(sim.clock.timestamp())"
    ),
    md(
        "## Measuring a query before sending it\n\n"
        "The limits count the **document**, not the data: every field selection counts 1 "
        "(leaves and objects alike), every alias counts again, a fragment counts each time it "
        "is spread, and depth is the longest chain of nested fields. `operation_cost` gives "
        "the figures without running anything."
    ),
    code(
        "from simulator.limits import operation_cost\n\n"
        "queries = {\n"
        '    "one page": "{ accounts(first: 2) { totalCount edges { node { id IBAN } } } }",\n'
        '    "two aliases": "{ a: accounts { totalCount } b: accounts { totalCount } }",\n'
        '    "a fragment spread twice": """\n'
        "        { first: accounts(first: 2) { edges { node { ...Fields } } }\n"
        '          next: accounts(first: 2, after: "Y3Vyc29yOjI=") '
        "{ edges { node { ...Fields } } } }\n"
        '        fragment Fields on Account { id IBAN __typename }""",\n'
        "}\n"
        "for label, query in queries.items():\n"
        "    cost = operation_cost(query)\n"
        "    print(f\"{label:24} complexity {cost['complexity']:3}  depth {cost['depth']}  \"\n"
        "          f\"top-level {cost['topLevelFields']}\")"
    ),
    md(
        "## Every response says what it cost\n\n"
        "Each GraphQL response carries `extensions.cost`: the measured figures, the limits of "
        "the environment, and the rate-limit budget left. A client can log it and learn how "
        "close it runs to the limits long before it hits one."
    ),
    code(
        'response = post(queries["one page"])\n'
        "print(response.status_code)\n"
        'print(json.dumps(response.json()["extensions"]["cost"], indent=2))'
    ),
    md(
        "The same figures come from the command line, for a `.graphql` file, without a server: "
        "`python -m simulator cost QUERY_FILE --env sandbox`."
    ),
    code(
        "from pathlib import Path\n\n"
        "from simulator.cli import main\n\n"
        'path = Path(sim.data_dir) / "fragments.graphql"\n'
        'path.write_text(queries["a fragment spread twice"])\n'
        'arguments = ["cost", str(path), "--env", "sandbox", "--data-dir", str(sim.data_dir)]\n'
        "exit_code = main(arguments)\n"
        'print("exit code", exit_code)'
    ),
    md(
        "## Hitting each limit\n\n"
        "One over each maximum. The document is refused **before** it runs: HTTP 400, no "
        "`data`, one error per exceeded limit, naming the limit, the measured value and the "
        "maximum in `extensions`."
    ),
    code(
        "def aliases(n):  # accounts + (n - 1) aliased totalCounts = n fields\n"
        '    return "{ accounts { %s } }" % " ".join(f"t{i}: totalCount" for i in range(n - 1))\n\n'
        'LOOP = ["accounts", "edges", "node", "holder"]  # a holder has accounts again\n'
        'LEAF = {"accounts": "totalCount", "edges": "cursor", "node": "id", "holder": "name"}\n\n'
        "def chain(n):  # n nested fields: round the loop, end on a scalar\n"
        "    names = (LOOP * n)[: n - 1]\n"
        '    text = "{ " + " { ".join([*names, LEAF[names[-1]]]) + " }" * n\n'
        "    # Small pages: nested connections multiply the rows asked for (the row budget)\n"
        '    return text.replace("accounts {", "accounts(first: 5) {")\n\n'
        "def wide(n):  # n top-level fields\n"
        '    return "{ %s }" % " ".join(f"a{i}: accounts {{ totalCount }}" for i in range(n))\n\n'
        "over = {\n"
        '    "complexity": aliases(1001),\n'
        '    "depth": chain(16),\n'
        '    "top-level fields": wide(6),\n'
        "}\n"
        "errors = {}\n"
        "for label, query in over.items():\n"
        "    response = post(query)\n"
        '    error = response.json()["errors"][0]\n'
        "    errors[label] = (response.status_code, error)\n"
        "    print(f\"HTTP {response.status_code}  {error['message']}\")\n"
        "    print(f\"          {error['extensions']}\")"
    ),
    md(
        "At the maximum itself, an operation passes: 1,000 fields, 15 nested fields and 5 "
        "top-level fields run."
    ),
    code(
        'at_limit = {"1,000 fields": post(aliases(1000)).status_code,\n'
        '            "15 nested": post(chain(15)).status_code,\n'
        '            "5 top-level": post(wide(5)).status_code}\n'
        "print(at_limit)"
    ),
    md(
        "The Live environment has limits too; the specification does not publish them, so "
        "the simulator's are deliberately looser than the Sandbox's (see docs/limits.md). "
        "**Design for the Sandbox limits.**\n\n"
        "## The rate limit, in the headers\n\n"
        "Every response carries the rate-limit headers (IETF draft names): the budget, what "
        "is left, and the seconds until the window resets. The window opens with the first "
        "request and lasts 5 minutes of *virtual* time, so it resets when the clock moves."
    ),
    code(
        'response = post("{ accounts { totalCount } }")\n'
        'for name in ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset",\n'
        '             "RateLimit-Policy"):\n'
        '    print(f"{name:20} {response.headers[name]}")'
    ),
    md(
        "Counting is per client IP **and per endpoint**: the token request above counted for "
        "`/oauth2/token`, the queries for `/sandbox/graphql`.\n\n"
        "## Running out, and getting the budget back\n\n"
        "2,000 requests take a few seconds even in-process, so for the demo we give our "
        "project a **lower** limit of its own with the Testing API. (The same mutation "
        "*raises* it, as the service's support does on request; the command "
        "`python -m simulator limits project --client-id ... --requests 10000` does it too.)"
    ),
    code(
        "SET_LIMIT = '''mutation($n: Int) {\n"
        "  setProjectRateLimit(input: {requests: $n}) {\n"
        "    ... on SetProjectRateLimitSuccessPayload {\n"
        "      rateLimit { requests windowSeconds projectSpecific }\n"
        "    }\n"
        "    ... on Rejection { message }\n"
        "  }\n"
        "}'''\n"
        'answer = post(SET_LIMIT, "/sandbox-testing/graphql", {"n": 10}).json()\n'
        'print(answer["data"])'
    ),
    md(
        "Requests carrying our token now count against that limit, in a counter of their own. "
        "The progress bar shows the budget as we spend it."
    ),
    code(
        "import ipywidgets as widgets\n\n"
        'budget = widgets.IntProgress(value=10, min=0, max=10, description="budget")\n'
        "statuses = []\n"
        "for _ in range(11):\n"
        '    response = post("{ accounts { totalCount } }")\n'
        "    statuses.append(response.status_code)\n"
        '    budget.value = int(response.headers["RateLimit-Remaining"])\n'
        "print(statuses)\n"
        "budget"
    ),
    md("The 11th request got **429 Too Many Requests**, with a JSON body and `Retry-After`:"),
    code(
        'print("Retry-After:", response.headers["Retry-After"])\n'
        "print(json.dumps(response.json(), indent=2))"
    ),
    md(
        "No need to wait five minutes: advance the virtual clock by the `Retry-After` seconds "
        "and the budget is whole again."
    ),
    code(
        "sim.advance(f\"{response.headers['Retry-After']}s\")\n"
        'response = post("{ accounts { totalCount } }")\n'
        'budget.value = int(response.headers["RateLimit-Remaining"])\n'
        'print(response.status_code, "remaining", response.headers["RateLimit-Remaining"])\n'
        "budget"
    ),
    md("Finally, `requests: null` gives the project the default limit back."),
    code(
        'restored = post(SET_LIMIT, "/sandbox-testing/graphql", {"n": None}).json()["data"]\n'
        "print(restored)\n"
        'print(post("{ accounts { totalCount } }").headers["RateLimit-Limit"])'
    ),
    md(
        "## What we showed\n\n"
        "- the cost of a document, measured without running it, equals `extensions.cost`;\n"
        "- one field, one level or one top-level field over a limit is a 400 naming the limit;\n"
        "- every response carries the rate-limit headers; the request after the budget is a "
        "429 with `Retry-After`, and the budget comes back when the virtual clock moves."
    ),
    code(
        'assert operation_cost(queries["a fragment spread twice"])["complexity"] == 12\n'
        "assert exit_code == 0\n"
        "assert {label: status for label, (status, _) in errors.items()} == {\n"
        '    "complexity": 400, "depth": 400, "top-level fields": 400}\n'
        'assert [e["extensions"]["limit"] for _, e in errors.values()] == [\n'
        '    "complexity", "depth", "topLevelFields"]\n'
        'assert at_limit == {"1,000 fields": 200, "15 nested": 200, "5 top-level": 200}\n'
        "assert statuses == [200] * 10 + [429]\n"
        "assert response.status_code == 200 and budget.value == 9\n"
        'assert restored["setProjectRateLimit"]["rateLimit"]["requests"] == 2000\n'
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
nbf.write(notebook, "notebooks/03-limits.ipynb")

# %% [markdown]
# # 4. Limits: what an operation costs, and how many you may send
#
# The service limits every Sandbox operation (specification, section 8.2) and every client's request
# rate (section 8.1):
#
# | Limit | Maximum | Exceeded |
# |---|---|---|
# | complexity | 1,000 fields | HTTP 400 |
# | depth | 15 nested fields | HTTP 400 |
# | concurrency | 5 top-level fields | HTTP 400 |
# | rate | 2,000 requests per 5 minutes, per IP and endpoint | HTTP 429 |
#
# You will measure queries before sending them, hit each limit and read its error, read the
# rate-limit headers, then run out of requests and get them back by moving the virtual clock.

# %%
import json

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset

sim = Simulator()  # the specification's limits; the clock starts frozen
creds = sim.create_project("sandbox", "Limits demo", ["http://localhost:3000/callback"])
load_dataset(sim.sandbox, creds.project_id, "default")
http = sim.client()
token = http.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": creds.client_id,
        "client_secret": creds.client_secret,
    },
).json()["access_token"]


def post(query, path="/sandbox/graphql", variables=None):
    body = {"query": query, "variables": variables or {}}
    return http.post(path, json=body, headers={"Authorization": f"Bearer {token}"})


print(sim.clock.timestamp())

# %% [markdown]
# ## Measuring a query before sending it
#
# The limits count the **document**, not the data: every field selection counts 1 (leaves and
# objects alike), every alias counts again, a fragment counts each time it is spread, and depth is
# the longest chain of nested fields. `operation_cost` gives the figures without running anything.

# %%
from simulator.limits import operation_cost

queries = {
    "one page": "{ accounts(first: 2) { totalCount edges { node { id IBAN } } } }",
    "two aliases": "{ a: accounts { totalCount } b: accounts { totalCount } }",
    "a fragment spread twice": """
        { first: accounts(first: 2) { edges { node { ...Fields } } }
          next: accounts(first: 2, after: "Y3Vyc29yOjI=") { edges { node { ...Fields } } } }
        fragment Fields on Account { id IBAN __typename }""",
}
for label, query in queries.items():
    cost = operation_cost(query)
    print(
        f"{label:24} complexity {cost['complexity']:3}  depth {cost['depth']}  "
        f"top-level {cost['topLevelFields']}"
    )

# %% [markdown]
# ## Every response says what it cost
#
# Each GraphQL response carries `extensions.cost`: the measured figures, the limits of the
# environment, and the rate-limit budget left. A client can log it and learn how close it runs to
# the limits long before it hits one.

# %%
response = post(queries["one page"])
print(response.status_code)
print(json.dumps(response.json()["extensions"]["cost"], indent=2))

# %% [markdown]
# The same figures come from the command line, for a `.graphql` file, without a server: `python -m
# simulator cost QUERY_FILE --env sandbox`.

# %%
from pathlib import Path

from simulator.cli import main

path = Path(sim.data_dir) / "fragments.graphql"
path.write_text(queries["a fragment spread twice"])
arguments = ["cost", str(path), "--env", "sandbox", "--data-dir", str(sim.data_dir)]
exit_code = main(arguments)
print("exit code", exit_code)


# %% [markdown]
# ## Hitting each limit
#
# One over each maximum. The document is refused **before** it runs: HTTP 400, no `data`, one error
# per exceeded limit, naming the limit, the measured value and the maximum in `extensions`.


# %%
def aliases(n):  # accounts + (n - 1) aliased totalCounts = n fields
    return "{ accounts { " + " ".join(f"t{i}: totalCount" for i in range(n - 1)) + " } }"


LOOP = ["accounts", "edges", "node", "holder"]  # a holder has accounts again
LEAF = {"accounts": "totalCount", "edges": "cursor", "node": "id", "holder": "name"}


def chain(n):  # n nested fields: round the loop, end on a scalar
    names = (LOOP * n)[: n - 1]
    text = "{ " + " { ".join([*names, LEAF[names[-1]]]) + " }" * n
    # Small pages: nested connections multiply the rows asked for (the row budget)
    return text.replace("accounts {", "accounts(first: 5) {")


def wide(n):  # n top-level fields
    return "{ " + " ".join(f"a{i}: accounts {{ totalCount }}" for i in range(n)) + " }"


over = {
    "complexity": aliases(1001),
    "depth": chain(16),
    "top-level fields": wide(6),
}
errors = {}
for label, query in over.items():
    response = post(query)
    error = response.json()["errors"][0]
    errors[label] = (response.status_code, error)
    print(f"HTTP {response.status_code}  {error['message']}")
    print(f"          {error['extensions']}")

# %% [markdown]
# At the maximum itself, an operation passes: 1,000 fields, 15 nested fields and 5 top-level fields
# run.

# %%
at_limit = {
    "1,000 fields": post(aliases(1000)).status_code,
    "15 nested": post(chain(15)).status_code,
    "5 top-level": post(wide(5)).status_code,
}
print(at_limit)

# %% [markdown]
# The Live environment has limits too; the specification does not publish them, so the simulator's
# are deliberately looser than the Sandbox's (see docs/limits.md). **Design for the Sandbox
# limits.**
#
# ## The rate limit, in the headers
#
# Every response carries the rate-limit headers (IETF draft names): the budget, what is left, and
# the seconds until the window resets. The window opens with the first request and lasts 5 minutes
# of *virtual* time, so it resets when the clock moves.

# %%
response = post("{ accounts { totalCount } }")
for name in ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy"):
    print(f"{name:20} {response.headers[name]}")

# %% [markdown]
# Counting is per client IP **and per endpoint**: the token request above counted for
# `/oauth2/token`, the queries for `/sandbox/graphql`.
#
# ## Running out, and getting the budget back
#
# 2,000 requests take a few seconds even in-process, so for the demo we give our project a **lower**
# limit of its own with the Testing API. (The same mutation *raises* it, as the service's support
# does on request; the command `python -m simulator limits project --client-id ... --requests 10000`
# does it too.)

# %%
SET_LIMIT = """mutation($n: Int) {
  setProjectRateLimit(input: {requests: $n}) {
    ... on SetProjectRateLimitSuccessPayload {
      rateLimit { requests windowSeconds projectSpecific }
    }
    ... on Rejection { message }
  }
}"""
answer = post(SET_LIMIT, "/sandbox-testing/graphql", {"n": 10}).json()
print(answer["data"])

# %% [markdown]
# Requests carrying our token now count against that limit, in a counter of their own. The kit's
# `LimitsGauge` shows it: **Measure offline** gives the document's figures without spending a
# request, and each answer's `extensions.cost` moves the bars, the rate budget included.

# %%
from simulator.widgets import LimitsGauge

gauge = LimitsGauge(sim)
gauge.document.value = "{ accounts { totalCount } }"
gauge.measure_button.click()
print({name: gauge.labels[name].value for name in gauge.bars})
statuses = []
for _ in range(11):
    response = post(gauge.document.value)
    statuses.append(response.status_code)
    gauge.read_answer(response.json())
print(statuses)
print({name: gauge.labels[name].value for name in gauge.bars})
gauge

# %% [markdown]
# The 11th request got **429 Too Many Requests**, with a JSON body and `Retry-After`:

# %%
print("Retry-After:", response.headers["Retry-After"])
print(json.dumps(response.json(), indent=2))

# %% [markdown]
# No need to wait five minutes: advance the virtual clock by the `Retry-After` seconds and the
# budget is whole again: a new gauge, reading the next answer, shows one request used.

# %%
sim.advance(f"{response.headers['Retry-After']}s")
response = post("{ accounts { totalCount } }")
refilled = LimitsGauge(sim)
refilled.document.value = "{ accounts { totalCount } }"
refilled.read_answer(response.json())
print(response.status_code, "remaining", response.headers["RateLimit-Remaining"])
print("rate budget", refilled.labels["rate budget"].value)
refilled

# %% [markdown]
# Finally, `requests: null` gives the project the default limit back.

# %%
restored = post(SET_LIMIT, "/sandbox-testing/graphql", {"n": None}).json()["data"]
print(restored)
print(post("{ accounts { totalCount } }").headers["RateLimit-Limit"])

# %% [markdown]
# ## What we showed
#
# - the cost of a document, measured without running it, equals `extensions.cost`;
# - one field, one level or one top-level field over a limit is a 400 naming the limit;
# - every response carries the rate-limit headers; the request after the budget is a 429 with
#   `Retry-After`, and the budget comes back when the virtual clock moves.
#
# The simulator stays open (no `sim.close()`): after Run All the gauges above still measure.

# %%
assert operation_cost(queries["a fragment spread twice"])["complexity"] == 12
assert exit_code == 0
assert {label: status for label, (status, _) in errors.items()} == {
    "complexity": 400,
    "depth": 400,
    "top-level fields": 400,
}
assert [e["extensions"]["limit"] for _, e in errors.values()] == [
    "complexity",
    "depth",
    "topLevelFields",
]
assert at_limit == {"1,000 fields": 200, "15 nested": 200, "5 top-level": 200}
assert statuses == [200] * 10 + [429]
assert response.status_code == 200 and refilled.figures["rateLimit"]["remaining"] == 9
assert refilled.labels["rate budget"].value == "1 used of 10 (9 left)"
assert gauge.bars["rate budget"].bar_style == "danger"  # the budget spent: a full red bar
assert restored["setProjectRateLimit"]["rateLimit"]["requests"] == 2000
print("All good.")

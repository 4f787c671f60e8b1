# %% [markdown]
# # 10. Workshop: your own space, and feedback on each exercise
#
# In a workshop every learner gets a **space** of their own on the trainer's server: an own
# Sandbox, an own virtual clock, an own project. Your handout gives you three things:
#
# - your space's address, `http://SERVER/w/<your name>` (every address of a single sandbox
#   works under it: `/oauth2/token`, `/sandbox/graphql`, `/sandbox-testing/graphql`, the pages);
# - your project's `client_id` and `client_secret`;
# - the phone number of your Sandbox user.
#
# `check()` asks your space how each exercise of the workshop stands. The kit works against your
# space over HTTP too: `RemoteSpace` stands for it, the `Console` and the `LimitsGauge` take it as
# they take a simulator, and `ExerciseChecks` shows where you stand.
#
# This notebook plays both roles so that it runs on its own: it creates a tiny workshop (two
# learners) and serves it on a loopback port in the background, for as long as the kernel runs.
# In the room, skip that cell and paste your handout instead.

# %%
import tempfile

import httpx

from simulator.workshop import Workshop
from simulator.workshop.background import BackgroundWorkshop
from simulator.workshop.feedback import check

# The trainer's side: `python -m simulator workshop create --names names.txt` then `serve`.
room_dir = tempfile.TemporaryDirectory(prefix="workshop-")  # removed when the kernel stops
with Workshop(room_dir.name) as room:
    room.create(["ada", "grace"], dataset="default")
served = BackgroundWorkshop(room_dir.name)
# Served for as long as the kernel runs: a daemon thread ends with it, so the widgets below keep
# answering after Run All and nothing has to be closed by hand.
served.thread.daemon = True
served.__enter__()

# Your handout (here read from the roster; in the room, paste the values).
me = served.room.record("ada")
BASE_URL = f"{served.base_url}/w/ada"
CLIENT_ID, CLIENT_SECRET = me.client_id, me.client_secret
http = httpx.Client(base_url=BASE_URL, timeout=30)
print("my space answers:", http.get("/").status_code)

# %% [markdown]
# ## Where do I stand?
#
# `✔` done, `·` not yet (with a hint), `?` a check that needs the request journal (an
# exercise judged on the requests you sent rather than on your space's state). `check()` prints
# it; the kit's `ExerciseChecks` shows it, with a **Check again** button. Each hint carries your
# own addresses; in a browser, your dashboard's **Exercises** tab lists the same exercises with
# every step to follow (the commands and documents to copy, with your values in them).

# %%
from simulator.widgets import ExerciseChecks, RemoteSpace

space = RemoteSpace(BASE_URL, CLIENT_ID, CLIENT_SECRET)
results = check(BASE_URL, CLIENT_ID, CLIENT_SECRET)
checks = ExerciseChecks(space)
checks

# %% [markdown]
# ## Exercise 1: a project token
#
# The client-credentials grant, on **your** space's token endpoint.

# %%
answer = http.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET,
    },
)
print(answer.status_code, sorted(answer.json()))
token = answer.json()["access_token"]
auth = {"Authorization": f"Bearer {token}"}

page = http.post(
    "/sandbox/graphql",
    json={"query": "{ accounts(first: 2) { edges { node { id } } } }"},
    headers=auth,
).json()
print("accounts on the first page:", len(page["data"]["accounts"]["edges"]))

# %%
results = check(BASE_URL, CLIENT_ID, CLIENT_SECRET)
assert {r["id"]: r["status"] for r in results}["project-token"] == "done"

# %% [markdown]
# ## The Console, on your space
#
# The same Console as in notebook 0, speaking to your space over HTTP as your project, with the
# LimitsGauge following it: the `accounts` query of exercise 2, prefilled.

# %%
from simulator.widgets import Console, LimitsGauge

console = Console(space, project=space.project, operation="query accounts")
console.variables.value = '{"first": 2}'
gauge = LimitsGauge(space, console=console)
console.run_button.click()
connection = console.response["data"]["accounts"]
print(
    console.status, connection["totalCount"], "accounts;", len(connection["edges"]), "on this page"
)
print(gauge.labels["rate budget"].value)
console

# %% [markdown]
# ## Your clock is yours
#
# Moving time with the Testing API moves your space's clock only: your neighbour's tokens do
# not expire because you jumped a day ahead.

# %%
moved = http.post(
    "/sandbox-testing/graphql",
    json={"query": 'mutation { advanceClock(input: { duration: "1d" }) { __typename } }'},
    headers=auth,
)
print("advanceClock:", moved.status_code)
print("my clock:     ", http.get("/").json()["clock"]["now"])
print("grace's clock:", httpx.get(f"{served.base_url}/w/grace/").json()["clock"]["now"])

# %% [markdown]
# ## Your credentials open your space only
#
# Your token (expired now, a day later) and your client secret mean nothing in another space:
# a 401, the same answer as for a wrong secret.

# %%
grace = httpx.Client(base_url=f"{served.base_url}/w/grace", timeout=30)
elsewhere = grace.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET,
    },
)
print("my credentials in grace's space:", elsewhere.status_code, elsewhere.json()["error"])
assert elsewhere.status_code == 401

# %% [markdown]
# The trainer sees the whole room at `/workshop` (the sign-in link `serve` prints) or with
# `python -m simulator workshop progress`, and can reset your space or move your clock.
#
# ## What we showed
#
# Your own space over HTTP, checks on each exercise, the kit's Console on it, your own clock and
# credentials that open one space only. Nothing is closed: the room is served until the kernel
# stops, so **Run** and **Check again** above still answer after Run All.

# %%
checks.check_button.click()
assert console.status == 200 and connection["totalCount"] == 4
assert {r["id"]: r["status"] for r in checks.results}["project-token"] == "done"
assert elsewhere.status_code == 401
print("All good.")

# %% [markdown]
# # 9. Workshop: your own space, and feedback on each exercise
#
# In a workshop every learner gets a **space** of their own on the trainer's server: an own
# Sandbox, an own virtual clock, an own project. Your handout gives you three things:
#
# - your space's address, `http://SERVER/w/<your name>` (every address of a single sandbox
#   works under it: `/oauth2/token`, `/sandbox/graphql`, `/sandbox-testing/graphql`, the pages);
# - your project's `client_id` and `client_secret`;
# - the phone number of your Sandbox user.
#
# `check()` asks your space how each exercise of the workshop stands. This notebook plays both
# roles so that it runs on its own: it creates a tiny workshop (two learners) and serves it on a
# loopback port in the background. In the room, skip that cell and paste your handout instead.

# %%
import tempfile

import httpx

from simulator.workshop import Workshop
from simulator.workshop.background import BackgroundWorkshop
from simulator.workshop.feedback import check

# The trainer's side: `python -m simulator workshop create --names names.txt` then `serve`.
room_dir = tempfile.mkdtemp(prefix="workshop-")
with Workshop(room_dir) as room:
    room.create(["ada", "grace"], dataset="default")
served = BackgroundWorkshop(room_dir).__enter__()

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
# exercise judged on the requests you sent rather than on your space's state).

# %%
results = check(BASE_URL, CLIENT_ID, CLIENT_SECRET)

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

# %%
http.close()
grace.close()
served.__exit__()

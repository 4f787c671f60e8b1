# %% [markdown]
# # 9. Bug reports: the journal, snapshots and a notebook that replays
#
# Something went wrong: a webhook receiver kept failing, a token expired too early. To let a
# colleague *see* it, you need what was called, in which state, and a way to run it again.
# The simulator keeps a **journal** of every call (without secrets), saves **snapshots** of
# its state, and writes a **report**: a notebook that replays each step and checks that the
# answers are the recorded ones, ids and times included.
#
# You will:
# 1. save a snapshot, then record a short scenario (a query, a failing webhook receiver and its
#    retries, the clock moving, a token expiring),
# 2. read the journal and see how secrets become stable references,
# 3. write a report and replay it,
# 4. tamper with it and read how the replay says where it diverged,
# 5. compare two snapshots.

# %%
import json
import tempfile
from pathlib import Path

from simulator import Simulator
from simulator.domain.accounts import accounts

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Bug report demo", ["http://localhost:3000/callback"])
http = sim.client()

inbox = sim.webhooks.inbox("my-app")
inbox.fail(times=2)  # the receiver answers 500 twice, then 200
sim.webhooks.subscribe(creds, inbox, ["Account.Created"], secret="my-webhook-secret")
# An account opened from Python: its Account.Created delivery is now due.
accounts.create_account_holder(sim.sandbox, creds.project_id, first_name="Ada", last_name="Byron")

sim.snapshot("before")  # the report's starting state
print([info.name for info in sim.snapshots()])

# %% [markdown]
# ## 1. Record a scenario
#
# Every request to the API and the OAuth server is journaled, and so is each webhook attempt,
# each `sim.advance(...)` and each command-line action that changes state.

# %%
token = http.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": creds.client_id,
        "client_secret": creds.client_secret,
    },
).json()["access_token"]


def graphql(path, query):
    answer = http.post(path, json={"query": query}, headers={"Authorization": f"Bearer {token}"})
    return answer.status_code, answer.json()


status, answer = graphql("/sandbox/graphql", "{ accounts(first: 5) { edges { node { id } } } }")
print(status, answer["data"])
sim.advance("1m")  # the retries fall due on the way: 500, then 200
status, answer = graphql(
    "/sandbox-testing/graphql", 'mutation { advanceClock(input: {duration: "1h"}) { __typename } }'
)
print(status, answer["data"])
status, answer = graphql("/sandbox/graphql", "{ __typename }")  # the token has expired
print(status, answer["errors"][0]["message"])

# %% [markdown]
# ## 2. Read the journal
#
# `sim.journal` is iterable and filterable (`python -m simulator journal --last 10` prints the
# same from the command line; the Testing API's `simulatorJournal` shows a project its own
# entries). The kit's `JournalView` shows its last entries, filtered by kind. The virtual time
# of each entry is the simulator's clock; the wall time is kept apart and never compared.

# %%
from simulator.widgets import JournalView

journal = JournalView(sim)
print(len(journal.entries), "entries:", sorted({entry.kind for entry in journal.entries}))
journal

# %% [markdown]
# No token or secret is stored: each becomes a reference naming its kind, its number and its
# owner. The same token always gets the same reference.

# %%
query = sim.journal.filter("sandbox", kinds=("graphql",))[0]
print(query.request["headers"]["authorization"])
print(json.loads(sim.journal.filter("sandbox", kinds=("oauth",))[0].response)["access_token"])
everything = json.dumps([entry.as_dict() for entry in sim.journal])
print(token in everything, creds.client_secret in everything, "my-webhook-secret" in everything)
assert not any(secret in everything for secret in (token, creds.client_secret, "my-webhook-secret"))

# %% [markdown]
# ## 3. Write a report and replay it
#
# `sim.report(...)` (or `python -m simulator report --out bug.ipynb --since before`) writes one
# notebook: a header, the snapshot's state (compressed, without secrets), one cell per step and
# a last cell for what you expected. `pytest --nbval bug.ipynb` runs it anywhere the simulator
# is installed; `format="pytest"` writes the same replay as a test file.

# %%
folder = Path(tempfile.mkdtemp())
path = sim.report(
    folder / "bug.ipynb",
    since="before",
    expected="My receiver should have got the event on the first attempt.",
)
report = json.loads(path.read_text())
print(len(report["cells"]), "cells;", sum(c["cell_type"] == "code" for c in report["cells"]),
      "of code")  # fmt: skip

# %% [markdown]
# Replaying it is running its cells: each step runs again, in a new simulator, at its recorded
# virtual time, and must answer exactly as recorded. Webhook receivers are not called again:
# their recorded answers are played back. The kit's `ReportReplay` runs them and marks each
# step; click **Replay** to run it again.

# %%
from simulator.widgets import ReportReplay

replayed = ReportReplay(path)
replayed.replay_button.click()
print(replayed.message.value)
replayed

# %% [markdown]
# The same, cell by cell, as `pytest --nbval bug.ipynb` runs them (here the set-up and the
# first two steps):

# %%
namespace = {}
for cell in report["cells"][1:4]:  # the setup and the first two steps
    exec(cell["source"], namespace)

# %% [markdown]
# ## 4. When a replay diverges
#
# Change one recorded status, as a newer simulator answering differently would: the step fails
# and names itself, with a diff of what was recorded and what the replay got.

# %%
step = namespace["replay"]
steps = [cell["source"] for cell in report["cells"] if cell["source"].startswith("replay.check(")]
last = eval(steps[-1].removeprefix("replay.check(").removesuffix(")"))
for earlier in steps[2:-1]:
    exec(earlier, namespace)
last["entry"]["status"] = 200  # the recording said 401
try:
    step.check(last)
except AssertionError as error:
    print("\n".join(str(error).splitlines()[:8]))
step.close()

# %% [markdown]
# ## 5. Snapshots
#
# `sim.snapshot(name)`, `sim.restore(name)`, `sim.snapshots()` and `sim.diff(a, b)` (or
# `python -m simulator snapshot save|restore|list|diff`) save and compare the whole state:
# every environment's file, the clock, the id counters.

# %%
sim.snapshot("after")
changes = sim.diff("before", "after")["sandbox"]
for table, rows in changes.items():
    print(f"{table:<20} added {len(rows['added'])}, removed {len(rows['removed'])}, "
          f"changed {len(rows['changed'])}")  # fmt: skip
sim.restore("before")
print(sim.clock.timestamp())

# %% [markdown]
# ## What we showed
#
# The journal, a report and its replay, a divergence, two snapshots compared. The simulator
# stays open (no `sim.close()`): after Run All the journal view and the replay above still
# work; the temporary data dir goes when the kernel stops.

# %%
assert changes["webhook_attempts"]["added"] and sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"
assert {"graphql", "oauth", "webhook"} <= {entry.kind for entry in journal.entries}
assert replayed.outcomes and all(outcome["same"] for outcome in replayed.outcomes)
print("All good.")

"""Ids no one computes (issue 32, point 1): each environment file derives its ids from a
secret of its own, so an id that is a credential (an onboarding's, a payment link's) cannot
be computed from the source or from another data dir or workshop space; a report carries
the secret and replays with the same ids; a reproducible simulator keeps the published ids
its notebooks show (docs/security.md, "Ids")."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.api.unauthenticated.resolvers import SHARED_ROOTS
from simulator.cli import main
from simulator.environments import EnvironmentName
from simulator.report import REPORT_FORMAT, Replay
from simulator.storage import IdSecret, Store, read_id_secret
from simulator.storage._store import _migrated_image
from simulator.workshop import Workshop
from simulator.workshop.identity import CREDENTIAL_IDS

from .banking_support import Bank
from .conftest import REDIRECT_URI, GraphQL
from .merchant_support import enabled_profile, sepa_core_method
from .test_unauthenticated_api import INDIVIDUAL, START, UPDATE

PUBLIC = "/sandbox-unauthenticated/graphql"
#: The namespace ids were computed from before: published in the source.
PUBLISHED = uuid.UUID("6f1c2a52-5b1e-4d0f-9c43-6a8f0d2e7b11")


def _published(kind: str, number: int) -> str:
    return str(uuid.uuid5(PUBLISHED, f"sandbox/{kind}/{number}"))


@contextmanager
def _served(data_dir: Path) -> Iterator[tuple[Simulator, httpx.Client, ProjectCredentials]]:
    """A data dir as `serve` opens it (a random id secret), with a project."""
    with Simulator(data_dir) as sim, sim.client() as http:
        yield sim, http, sim.create_project("sandbox", "Shop", [REDIRECT_URI])


def _onboard(http: httpx.Client, project_id: str) -> str:
    variables = {"input": {"projectId": project_id, "accountCountry": "FRA"}}
    started = GraphQL(http, PUBLIC, None)(START, variables)
    return str(started["unauthenticatedOnboardPublicIndividualAccountHolder"]["onboarding"]["id"])


def test_another_project_s_onboarding_id_cannot_be_computed(tmp_path: Path) -> None:
    with _served(tmp_path / "data") as (sim, http, mine):
        other = sim.create_project("sandbox", "Victim", [REDIRECT_URI])
        first = _onboard(http, mine.project_id)
        theirs = _onboard(http, other.project_id)
        # Neither the source's formula nor my own id leads to theirs.
        assert theirs not in {_published("onboarding", n) for n in range(1, 10)}
        assert uuid.UUID(first).version == uuid.UUID(theirs).version == 4
        guessed = _published("onboarding", 2)
        public = GraphQL(http, PUBLIC, None)
        answer = public.post(
            UPDATE, {"input": {"onboardingId": guessed, **INDIVIDUAL, "email": "evil@x.test"}}
        ).json()
        assert "Success" not in json.dumps(answer)
        email = sim.sandbox.store.db.execute("SELECT email FROM onboardings WHERE id = ?", [theirs])
        assert email.fetchone()[0] != "evil@x.test"


def _payment_link(sim: Simulator, http: httpx.Client, project: ProjectCredentials) -> str:
    bank = Bank(sim, http, project)
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    made = bank.api.mutate(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile_id,
            "amount": {"value": "1.00", "currency": "EUR"},
            "paymentMethodIds": [method_id],
        },
        "merchantPaymentLink { id }",
    )
    return str(made["merchantPaymentLink"]["id"])


def test_two_data_dirs_give_different_ids_and_one_keeps_its_own(tmp_path: Path) -> None:
    made: list[tuple[str, str, str]] = []
    for name in ("a", "b"):
        with _served(tmp_path / name) as (sim, http, project):
            made.append((project.project_id, _onboard(http, project.project_id),
                         _payment_link(sim, http, project)))  # fmt: skip
    (project_a, onboarding_a, link_a), (project_b, onboarding_b, link_b) = made
    assert project_a != project_b and onboarding_a != onboarding_b and link_a != link_b
    assert link_a != _published("merchant-payment-link", 1)
    # The secret lives in the file: reopened, the data dir goes on with its own ids, and a
    # reset starts them over (a notebook re-run on a reset data dir shows the same ids).
    with Simulator(tmp_path / "a") as sim:
        secret = read_id_secret(sim.sandbox.store.db)
        sim.reset("sandbox")
        again = sim.create_project("sandbox", "Shop", [REDIRECT_URI])
        assert again.project_id == project_a
        assert read_id_secret(sim.sandbox.store.db) == secret


def test_each_file_gets_its_own_secret_never_the_image_s(tmp_path: Path) -> None:
    image = sqlite3.connect(":memory:")
    image.deserialize(_migrated_image())
    assert image.execute("SELECT count(*) FROM id_secret").fetchone()[0] == 0
    secrets = set()
    for name in ("a", "b"):
        for environment in EnvironmentName:
            store = Store.open(tmp_path / name, environment)
            found = read_id_secret(store.db)
            store.close()
            assert not found.is_reproducible and len(found.secret) == 32
            secrets.add(found.secret)
    assert len(secrets) == 4
    assert found.secret.hex() not in repr(found) + str(found)  # never shown in a traceback


def test_a_reproducible_simulator_gives_the_published_ids(tmp_path: Path) -> None:
    with Simulator() as temporary, Simulator(tmp_path, reproducible_ids=True) as chosen:
        for sim in (temporary, chosen):
            project = sim.create_project("sandbox", "Demo", [REDIRECT_URI])
            assert project.project_id == _published("project", 1)


def test_spaces_of_a_room_never_share_a_credential_id(room: Workshop) -> None:
    template = room.data_dir / ".template" / "sandbox.sqlite"
    with sqlite3.connect(template) as db:
        copied = {table: {r[0] for r in db.execute(f"SELECT id FROM [{table}]")}
                  for table in CREDENTIAL_IDS}  # fmt: skip
    assert copied["onboardings"], "the default dataset has onboardings"
    secrets, onboardings, started = set(), [], []
    for name in ("ada", "grace"):
        sim = room.learner(name)
        db = sim.sandbox.store.db
        secrets.add(read_id_secret(db))
        for table, ids in copied.items():
            own = {r[0] for r in db.execute(f"SELECT id FROM [{table}]")}
            assert len(own) == len(ids) and not own & ids, table
        onboardings.append({r[0] for r in db.execute("SELECT id FROM onboardings")})
        with sim.client() as http:
            started.append(_onboard(http, room.record(name).project_id))
    assert len(secrets) == 2 and not any(s.is_reproducible for s in secrets)
    assert not onboardings[0] & onboardings[1]
    assert started[0] != started[1]  # the n-th onboarding of each space
    # A reset gives the space a new secret, and new ids to the template's rows again.
    room.reset("ada")
    again = {
        r[0] for r in room.learner("ada").sandbox.store.db.execute("SELECT id FROM onboardings")
    }
    assert not again & copied["onboardings"]


def test_every_table_the_unauthenticated_api_reads_by_id_gets_its_own_ids() -> None:
    named = {table for roots in SHARED_ROOTS.values() for table, _ in roots.values()}
    assert named <= set(CREDENTIAL_IDS)
    assert {"onboardings", "consents"} <= set(CREDENTIAL_IDS)


def _replay(notebook: dict[str, Any]) -> None:
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec(cell["source"], namespace)  # as a kernel runs them: raises on a divergence


def _as_saved_before_secrets(snapshot: Path) -> None:
    """A snapshot's file as an earlier version saved it: no id secret, nor its migration."""
    with contextlib.closing(sqlite3.connect(snapshot / "sandbox.sqlite")) as db:
        db.execute("DROP TABLE id_secret")
        db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm003_id_secret'")
        db.commit()


@pytest.mark.parametrize("start", ["empty", "snapshot", "older snapshot"])
def test_a_report_of_a_data_dir_replays_with_its_ids(tmp_path: Path, start: str) -> None:
    with _served(tmp_path / "data") as (sim, http, project):
        if start != "empty":
            sim.snapshot("before")
        if start == "older snapshot":
            _as_saved_before_secrets(sim.data_dir / "snapshots" / "before")
        onboarding = _onboard(http, project.project_id)
        notebook = sim.report(None, since=None if start == "empty" else "before")
    assert isinstance(notebook, dict)
    setup = notebook["cells"][1]["source"]
    assert onboarding in json.dumps(notebook)
    # The header carries the secret unless the starting state's file does.
    assert ("'id_secret': 'hmac-sha256:" in setup) is (start != "snapshot")
    _replay(notebook)


def test_a_report_without_a_secret_replays_with_the_published_ids() -> None:
    """A report of an earlier version: no secret anywhere, the ids it shows were published."""
    with Simulator() as sim, sim.client() as http:
        project = sim.create_project("sandbox", "Shop", [REDIRECT_URI])
        _onboard(http, project.project_id)
        notebook = sim.report(None)
    assert isinstance(notebook, dict)
    setup = notebook["cells"][1]["source"]
    assert "'id_secret': 'uuid5-published'" in setup
    notebook["cells"][1]["source"] = re.sub(r",\s*'id_secret': '[^']*'", "", setup)
    assert "id_secret" not in notebook["cells"][1]["source"]
    _replay(notebook)


def test_an_id_secret_reads_back_from_its_text() -> None:
    chosen = IdSecret.random()
    assert IdSecret.from_text(chosen.as_text()) == chosen
    assert IdSecret.from_text("uuid5-published") == IdSecret.reproducible()
    for bad in ("hmac-sha256:00", "md5:" + "0" * 64, "hmac-sha256:zz"):
        with pytest.raises(ValueError):
            IdSecret.from_text(bad)
    with pytest.raises(ValueError):
        Replay({"report_format": REPORT_FORMAT, "start": "2026-01-05T09:00:00Z", "environment": "sandbox",
                "id_secret": "nonsense"}).close()  # fmt: skip


def test_seed_on_a_new_data_dir_gives_unguessable_ids(tmp_path: Path) -> None:
    """The command line (as `serve` and `seed`) opens a data dir with a random secret: two
    data dirs seeded alike hold the dataset's onboardings under different ids."""
    found = []
    for name in ("a", "b"):
        data = str(tmp_path / name)
        made = ["project", "create", "--name", "Demo project", "--redirect-uri", REDIRECT_URI]
        assert main([*made, "--data-dir", data]) == 0
        assert main(["seed", "--data-dir", data]) == 0
        with sqlite3.connect(Path(data) / "sandbox.sqlite") as db:
            found.append({r[0] for r in db.execute("SELECT id FROM onboardings")})
            assert db.execute("SELECT scheme FROM id_secret").fetchone()[0] == "hmac-sha256"
    assert found[0] and not found[0] & found[1]
    assert not found[0] & {_published("onboarding", n) for n in range(1, 10)}

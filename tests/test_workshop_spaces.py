"""Workshop learner spaces: creation, the roster, names, a second create, reset, close."""

from __future__ import annotations

import csv
import json
import shutil
import stat
import threading
from pathlib import Path

import pytest

from simulator.exceptions import ConfigurationError
from simulator.workshop import UnknownLearner, Workshop, parse_names, parse_slice
from simulator.workshop.identity import learner_ids

from .test_server import run_cli

ACCOUNTS = "{ accounts(first: 3) { edges { node { id } } } }"


def token(room: Workshop, space: str, learner: str) -> int:
    """The status of a client-credentials request with `learner`'s credentials in `space`."""
    record = room.record(learner)
    with room.learner(space).client() as http:
        answer = http.post(
            "/oauth2/token",
            data={
                "grant_type": "client_credentials",
                "client_id": record.client_id,
                "client_secret": record.client_secret,
            },
        )
    return answer.status_code


def test_create_writes_spaces_and_a_private_roster(room: Workshop) -> None:
    assert room.names == ["ada", "grace", "linus"]
    for name in room.names:
        assert (room.data_dir / "learners" / name / "sandbox.sqlite").is_file()
        assert stat.S_IMODE((room.data_dir / "learners" / name).stat().st_mode) == 0o700
    for file in ("roster.csv", "roster.html", "learner.json"):
        path = room.data_dir / file if file != "learner.json" else room.space_dir("ada") / file
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    rows = list(csv.DictReader((room.data_dir / "roster.csv").open()))
    assert [row["name"] for row in rows] == ["ada", "grace", "linus"]
    assert rows[0]["sandbox_url"] == "http://localhost:8000/w/ada/sandbox/graphql"
    assert rows[0]["client_secret"] == room.record("ada").client_secret
    handout = (room.data_dir / "roster.html").read_text()
    assert room.record("grace").client_secret in handout and "/w/grace/oauth2" in handout
    # Each space has its own secret: the copies share no credentials.
    secrets = {room.record(name).client_secret for name in room.names}
    assert len(secrets) == 3


def test_a_learners_credentials_work_only_in_their_space(room: Workshop) -> None:
    assert token(room, "ada", "ada") == 200
    assert token(room, "grace", "ada") == 401
    assert token(room, "ada", "grace") == 401


def test_each_learner_has_ids_of_their_own(room: Workshop) -> None:
    """Spaces are copies of one template, but the roster is not one shared project: each
    learner has their own project id, client_id, user id and phone, in their record, on the
    handout and in their space's rows; and the template's ids are left nowhere."""
    records = room.records()
    for field in ("project_id", "client_id", "user_id", "phone_number", "client_secret"):
        assert len({getattr(record, field) for record in records}) == 3, field
    rows = list(csv.DictReader((room.data_dir / "roster.csv").open()))
    assert [row["client_id"] for row in rows] == [record.client_id for record in records]
    assert len({row["phone_number"] for row in rows}) == 3
    template = json.loads((room.data_dir / ".template" / "learner.json").read_text())
    for record in records:
        assert record.client_id == f"SANDBOX_{record.project_id}"
        db = room.learner(record.name).sandbox.store.db
        project = db.execute("SELECT id, client_id FROM projects").fetchall()
        assert project == [(record.project_id, record.client_id)]
        user = db.execute("SELECT phone_number, first_name FROM users WHERE id = ?",
                          [record.user_id]).fetchall()  # fmt: skip
        assert user == [(record.phone_number, record.name)]
        owned = db.execute("SELECT count(*) FROM accounts WHERE project_id = ?",
                           [record.project_id]).fetchone()  # fmt: skip
        assert owned[0] > 0
        for table in db.table_names():
            dump = "\n".join(map(str, db.execute(f"SELECT * FROM [{table}]").fetchall()))
            assert template["project_id"] not in dump and template["user_id"] not in dump, table
        # Nothing else of the template could be shared: it holds no token, consent, webhook
        # subscription, signing or hashing key.
        for table in (
            *("tokens", "token_families", "consents", "webhook_subscriptions", "signing_keys"),
            *("hash_keys", "journal_secrets", "server_consent_keys", "idempotency_keys"),
        ):
            assert db.execute(f"SELECT count(*) FROM [{table}]").fetchone()[0] == 0, table
    # Deterministic: the same room and names give the same ids.
    assert records[0].project_id == learner_ids(room.room, "ada", 1).project_id
    assert records[0].phone_number == "+33699000001"


def test_a_reset_keeps_the_learners_own_ids(room: Workshop) -> None:
    before = room.record("grace")
    room.reset("grace")
    db = room.learner("grace").sandbox.store.db
    assert db.execute("SELECT id, client_id FROM projects").fetchall() == [
        (before.project_id, before.client_id)
    ]
    assert token(room, "grace", "grace") == 200


def test_each_space_has_its_own_clock(room: Workshop) -> None:
    room.learner("ada").advance("2h")
    assert room.learner("ada").clock.timestamp() == "2026-01-05T11:00:00.000Z"
    assert room.learner("grace").clock.timestamp() == "2026-01-05T09:00:00.000Z"


def test_a_second_create_keeps_every_learner(room: Workshop) -> None:
    before = room.record("ada")
    (room.space_dir("ada") / "marker").write_text("kept")
    added = room.create(["ada", "grace", "mary"], dataset="default")
    assert added == ["mary"]
    assert room.record("ada") == before
    assert (room.space_dir("ada") / "marker").read_text() == "kept"
    assert room.names == ["ada", "grace", "linus", "mary"]
    reopened = Workshop(room.data_dir)
    assert reopened.names == room.names
    reopened.close()


def test_a_stray_directory_is_never_overwritten(room: Workshop) -> None:
    stray = room.data_dir / "learners" / "mary"
    stray.mkdir()
    with pytest.raises(ConfigurationError, match="not in the roster"):
        room.create(["mary"], dataset="default")
    assert list(stray.iterdir()) == []


def test_reset_restores_the_data_and_keeps_the_credentials(room: Workshop) -> None:
    sim = room.learner("ada")
    project_id = room.record("ada").project_id
    with sim.sandbox.store.atomic() as db:
        db.execute("UPDATE accounts SET name = 'changed' WHERE project_id = ?", [project_id])
    sim.advance("1h")
    room.reset("ada")
    names = {row[0] for row in sim.sandbox.store.db.execute("SELECT name FROM accounts")}
    assert "changed" not in names
    assert sim.clock.timestamp() == "2026-01-05T10:00:00.000Z"
    with sim.client() as http:
        answer = http.post(
            "/oauth2/token",
            data={
                "grant_type": "client_credentials",
                "client_id": room.record("ada").client_id,
                "client_secret": room.record("ada").client_secret,
            },
        )
        headers = {"Authorization": f"Bearer {answer.json()['access_token']}"}
        data = http.post("/sandbox/graphql", json={"query": ACCOUNTS}, headers=headers).json()
    assert len(data["data"]["accounts"]["edges"]) == 3


def test_unknown_learners_and_slices(room: Workshop) -> None:
    with pytest.raises(UnknownLearner):
        room.learner("nobody")
    assert parse_slice("2-3", room.names) == ["grace", "linus"]
    assert parse_slice("1,3", room.names) == ["ada", "linus"]
    for bad in ("0-2", "2-9", "x", "3-1"):
        with pytest.raises(ConfigurationError):
            parse_slice(bad, room.names)
    part = Workshop(room.data_dir, learners=["grace"])
    with pytest.raises(UnknownLearner, match="not served here"):
        part.learner("ada")
    part.close()


def test_names_are_checked_line_by_line() -> None:
    assert parse_names(["ada", "", "# a comment", "grace  # the admiral"]) == ["ada", "grace"]
    with pytest.raises(ConfigurationError, match="line 2: 'Bob' is not a learner name"):
        parse_names(["ada", "Bob"])
    with pytest.raises(ConfigurationError, match="line 3: 'ada' repeats line 1"):
        parse_names(["ada", "grace", "ada"])
    with pytest.raises(ConfigurationError, match="no learner names"):
        parse_names(["# nobody"])


def test_close_joins_every_space(pristine: Path, tmp_path: Path) -> None:
    shutil.copytree(pristine, tmp_path / "room")
    before = threading.active_count()
    room = Workshop(tmp_path / "room")
    for name in room.names:
        with room.learner(name).client() as http:
            assert http.get("/").status_code == 200
    spaces = [sim for _, sim in room.opened()]
    room.close()
    room.close()
    assert len(spaces) == 3 and all(sim.closed for sim in spaces)
    assert threading.active_count() <= before


def test_the_command_line_refuses_bad_rosters(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("ada\ngrace\nada\n")
    result = run_cli("workshop", "create", "--names", str(names), "--data-dir", str(tmp_path / "d"))
    assert result.returncode == 2
    assert f"{names} line 3: 'ada' repeats line 1" in result.stderr
    assert not (tmp_path / "d" / "learners").exists()

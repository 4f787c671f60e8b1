"""Workshop spaces copied from the template's bytes (issue 35, point 3): the copy plan, its
trial, the template kept between rooms, and room-wide actions on several learners at once."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import stat
import threading
from pathlib import Path

import pytest

from simulator import user_cache
from simulator.domain.sandbox import datasets
from simulator.workshop import Workshop, copies
from simulator.workshop.copies import PLAN_FILE, make_plan, read_plan
from simulator.workshop.identity import CREDENTIAL_IDS
from simulator.workshop.parallel import for_each
from simulator.workshop.room_actions import room_action

NAMES = ["ada", "grace", "linus"]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of the test's own: the first room builds the template, later ones reuse it."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(folder))
    return folder


def _rows(path: Path) -> dict[str, list[str]]:
    """Every table's rows as text, each credential row's id (its value depends on the file's
    secret) named by its table and place instead, wherever it is."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        names = {
            old: f"<{table} {place}>"
            for table in CREDENTIAL_IDS
            for place, (old,) in enumerate(db.execute(f"SELECT id FROM [{table}] ORDER BY rowid"))
        }
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        found = {}
        for table in tables:
            rows = []
            for row in db.execute(f"SELECT * FROM [{table}] ORDER BY rowid"):
                text = repr(row)
                for old, name in names.items():
                    text = text.replace(old, name)
                rows.append(text)
            found[table] = rows
        return found


def _integrity(path: Path) -> list[tuple[str]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute("PRAGMA integrity_check").fetchall()


def test_a_copied_space_is_the_sql_renamed_one(tmp_path: Path, cache: Path) -> None:
    """The byte patch gives the rows SQL renames gave (same learner, same room name), every
    index in order; only the secrets, and the ids derived from them, differ."""
    made: dict[str, Path] = {}
    for way in ("plan", "sql"):
        room = Workshop(tmp_path / way / "room")
        room._template("default")
        if way == "sql":
            room._images["default"] = None
        room.create(NAMES, dataset="default")
        made[way] = room.space_dir("grace")
        room.close()
    assert (made["plan"].parent.parent / ".template" / PLAN_FILE).is_file()
    for file_name in ("sandbox.sqlite", "live.sqlite"):
        assert _integrity(made["plan"] / file_name) == [("ok",)]
        plan, sql = _rows(made["plan"] / file_name), _rows(made["sql"] / file_name)
        assert plan.keys() == sql.keys()
        for table in plan.keys() - {"id_secret", "projects"}:  # a secret, a hashed secret
            assert plan[table] == sql[table], (file_name, table)


def test_a_plan_missing_an_index_is_refused_by_its_trial(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without rebuilding the users' primary key, a learner's user id sorting elsewhere than
    the template's leaves that index out of order: the trial sees it, and the room copies
    with SQL instead, still right."""
    monkeypatch.setattr(copies, "_reindex", lambda db, holding: [])
    room = Workshop(tmp_path / "room")
    base = room._template("default")
    assert make_plan(room.data_dir / ".template", base.project_id, base.user_id) is None
    room.create(["ada"], dataset="default")
    assert room._images["default"] is None
    assert _integrity(room.space_dir("ada") / "sandbox.sqlite") == [("ok",)]
    room.close()


def test_the_template_comes_from_the_cache_the_second_time(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Workshop(tmp_path / "first" / "room") as first:
        first.create(NAMES, dataset="default")
        records = first.records()
    kept = list(cache.glob("room-template-*"))
    assert len(kept) == 1 and stat.S_IMODE(kept[0].stat().st_mode) == 0o600

    def no_dataset(*args: object) -> None:
        raise AssertionError("the dataset was loaded again")

    # Where `Workshop` finds it when it builds a template (imported then: start-up).
    monkeypatch.setattr(datasets, "load_dataset", no_dataset)
    with Workshop(tmp_path / "second" / "room") as second:
        second.create(NAMES, dataset="default")
        assert [r.project_id for r in second.records()] == [r.project_id for r in records]
        assert read_plan(second.data_dir / ".template") is not None
        with second.learner("linus").client() as http:
            record = second.record("linus")
            answer = http.post(
                "/oauth2/token",
                data={
                    "grant_type": "client_credentials",
                    "client_id": record.client_id,
                    "client_secret": record.client_secret,
                },
            )
        assert answer.status_code == 200
        for file in second.data_dir.rglob("*"):
            mode = stat.S_IMODE(file.stat().st_mode)
            assert mode == (0o700 if file.is_dir() else 0o600), file


def test_without_a_cache_rooms_build_their_template(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, "")
    with Workshop(tmp_path / "room") as room:
        room.create(["ada"], dataset="default")
        assert json.loads((room.data_dir / ".template" / "learner.json").read_text())


def test_a_room_wide_reset_works_on_several_learners_at_once(tmp_path: Path, cache: Path) -> None:
    with Workshop(tmp_path / "room") as room:
        room.create(NAMES, dataset="default")
        secrets = {}
        for name in NAMES:
            with room.learner(name).sandbox.store.atomic() as db:
                db.execute("UPDATE accounts SET name = 'changed'")
                secrets[name] = db.execute("SELECT secret FROM id_secret").fetchone()[0]
        done: list[str] = []
        lock = threading.Lock()

        def progress(name: str) -> None:
            with lock:
                done.append(name)

        room_action(room, "reset", {}, step=progress)
        assert sorted(done) == NAMES
        for name in NAMES:
            db = room.learner(name).sandbox.store.db
            assert "changed" not in {r[0] for r in db.execute("SELECT name FROM accounts")}
            secret = db.execute("SELECT secret FROM id_secret").fetchone()[0]
            assert secret != secrets[name] and len(bytes.fromhex(secret)) == 32
            project = db.execute("SELECT id FROM projects").fetchall()
            assert project == [(room.record(name).project_id,)]
        assert not list(room.space_dir("ada").glob(".fresh-*"))


def test_for_each_tries_every_learner_then_raises_the_first_failure() -> None:
    tried: list[str] = []

    def work(name: str) -> None:
        tried.append(name)
        if name in {"b", "d"}:
            raise ValueError(name)

    with pytest.raises(ValueError, match=r"^b$"):
        for_each(["a", "b", "c", "d", "e"], work)
    assert sorted(tried) == ["a", "b", "c", "d", "e"]


def test_a_rename_must_keep_the_ids_length(tmp_path: Path, cache: Path) -> None:
    with Workshop(tmp_path / "room") as room:
        base = room._template("default")
        image = room._image(base)
        assert image is not None
        personal = room._personal(room._template("default"))
        shorter = copies.Personal(**{**personal.__dict__, "project_id": "short"})
        (tmp_path / "target").mkdir()
        with pytest.raises(ValueError, match="keep the id's length"):
            image.write(tmp_path / "target", shorter)


def test_a_room_made_before_the_plan_gets_one_at_its_first_reset(
    tmp_path: Path, cache: Path
) -> None:
    with Workshop(tmp_path / "room") as room:
        room.create(["ada"], dataset="default")
    plan = tmp_path / "room" / ".template" / PLAN_FILE
    plan.unlink()
    with Workshop(tmp_path / "room") as room:
        room.reset("ada")
        assert room._images["default"] is not None
        assert stat.S_IMODE(plan.stat().st_mode) == 0o600
        assert _integrity(room.space_dir("ada") / "sandbox.sqlite") == [("ok",)]


def test_a_failed_copy_leaves_the_roster_without_a_gap(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spaces are made a few at a time: when one fails, those before it join the roster and
    those after it are removed, so the next create gives every learner the next place (and
    phone number)."""
    names = ["a1", "a2", "a3", "a4", "a5", "a6"]
    real = Workshop._add_space

    def failing(self: Workshop, base: object, name: str, position: int) -> None:
        if name == "a3":
            raise OSError("disk full")
        real(self, base, name, position)  # type: ignore[arg-type]

    with Workshop(tmp_path / "room") as room:
        monkeypatch.setattr(Workshop, "_add_space", failing)
        with pytest.raises(OSError, match="disk full"):
            room.create(names, dataset="default")
        assert room.names == ["a1", "a2"]
        assert sorted(p.name for p in (room.data_dir / "learners").iterdir()) == ["a1", "a2"]
        monkeypatch.setattr(Workshop, "_add_space", real)
        assert room.create(names, dataset="default") == ["a3", "a4", "a5", "a6"]
        phones = [record.phone_number for record in room.records()]
        assert phones == [f"+33699{n:06d}" for n in range(1, 7)]

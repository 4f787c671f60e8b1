"""A learner's space as a copy of the room's template files, made personal in milliseconds.

A space must differ from the template in its project id (so `client_id`) and Sandbox user id,
which the dataset's rows repeat thousands of times (every transaction, event and record holds
the project id), in the ids of the rows whose id is a credential (`identity.CREDENTIAL_IDS`),
in its id secret, its client secret and its user's name and phone. Renaming the ids with SQL
rewrote every one of those rows and their indexes: about 0.2 s a space, most of a 300-learner
room's minute. Yet every id is a 36-character UUID replaced by another of the same length,
and SQLite stores text as it is, so the copy is made from the template's bytes with each
id's bytes overwritten where the template holds them (offsets found once, the **copy
plan**), and only what has no fixed length goes through SQL, in a small transaction.

What could make a byte patch differ from the SQL rename is checked when the plan is made,
not assumed:

- an index whose order the new id could change (a column holding the id in some rows and
  other values in others, as the users' primary key) is rebuilt (`REINDEX`) in each copy; an
  index on a column holding one value in every row (the project id of every transaction)
  keeps its order whatever the new id is;
- a trial copy is made twice, with ids sorting before and after every other value, and must
  pass `PRAGMA integrity_check` (every index matching its table, in order) with each id
  found exactly where the template had it, in every column, and nowhere left over.

A template the trial refuses gets no plan (`make_plan` answers None) and the workshop renames
with SQL, as before (`spaces.py`). The plan is kept beside the template (`copy-plan.json`).

```python
plan = make_plan(template_dir, project_id, user_id)   # None: copy with SQL instead
image = SpaceImage(template_dir, plan)
image.write(target_dir, personal)       # a new space's files (0600)
image.replace(space_dir, personal)      # a reset: each file's pages replaced in one write
```
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..environments import EnvironmentName
from ..storage import IdSecret
from ..storage.private import private_file, write_private_text
from .identity import CREDENTIAL_IDS

__all__ = ["PLAN_FILE", "FilePlan", "Personal", "SpaceImage", "make_plan", "read_plan"]

PLAN_FILE = "copy-plan.json"
#: Bumped when the plan's meaning changes: an older plan file is then made again.
_PLAN_FORMAT = 1
_ID_LENGTH = 36
#: Ids the trial copies use: sorting before, then after, every id and text in the file.
_TRIAL_PREFIXES = ("00000000-0000-0000-0000-", "ffffffff-ffff-ffff-ffff-")


@dataclass(frozen=True)
class FilePlan:
    """How one environment file of the template becomes a space's.

    `offsets`: each template id (the project's, the user's, each credential's) and where its
    bytes are in the file; `credentials`: the credential rows' ids with the kind and number
    their new id is derived from (the numbers `own_ids` takes, in its order); `sequences`:
    the id counters after them; `reindex`: the indexes a new id could put out of order."""

    environment: str
    offsets: dict[str, list[int]]
    credentials: list[tuple[str, str, int]]
    sequences: dict[str, int]
    reindex: list[str]

    def as_dict(self) -> dict[str, Any]:
        return {
            "environment": self.environment,
            "offsets": self.offsets,
            "credentials": [list(item) for item in self.credentials],
            "sequences": self.sequences,
            "reindex": self.reindex,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FilePlan:
        return cls(
            environment=str(data["environment"]),
            offsets={str(k): [int(o) for o in v] for k, v in data["offsets"].items()},
            credentials=[(str(a), str(b), int(c)) for a, b, c in data["credentials"]],
            sequences={str(k): int(v) for k, v in data["sequences"].items()},
            reindex=[str(name) for name in data["reindex"]],
        )


@dataclass(frozen=True)
class Personal:
    """What one space has of its own: the ids replacing the template's project and user ids,
    and the rows only SQL can write (their lengths vary)."""

    project_id: str
    user_id: str
    project_name: str
    client_secret_hash: str
    redirect_uris: list[str]
    first_name: str
    phone_number: str
    #: Each environment file's id secret (a new random one each, unless given).
    secrets: dict[str, IdSecret] = field(default_factory=dict)


def _environment_files() -> dict[str, str]:
    return {name.file_name: name.value for name in EnvironmentName}


def _user_tables(db: sqlite3.Connection) -> list[str]:
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    return [r[0] for r in rows if not r[0].startswith(("sqlite_", "_sqlite"))]


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in db.execute(f"PRAGMA table_info([{table}])")]


def _holding(db: sqlite3.Connection, tokens: list[str]) -> dict[tuple[str, str], dict[str, int]]:
    """Each (table, column) holding any of `tokens`: how many of its rows hold each."""
    found: dict[tuple[str, str], dict[str, int]] = {}
    for table in _user_tables(db):
        for column in _columns(db, table):
            for token in tokens:
                (count,) = db.execute(
                    f"SELECT count(*) FROM [{table}] WHERE instr(CAST([{column}] AS TEXT), ?) > 0",
                    [token],
                ).fetchone()
                if count:
                    found.setdefault((table, column), {})[token] = int(count)
    return found


def _reindex(db: sqlite3.Connection, holding: Mapping[tuple[str, str], object]) -> list[str]:
    """The indexes whose order or content a new id could change: those on a column that
    holds an id and other values too (a column holding one value in every row keeps its
    order whatever it becomes), on an expression, or partial with a renamed column in its
    condition, of a table holding an id."""
    chosen: list[str] = []
    for table in sorted({table for table, _ in holding}):
        renamed = {column for t, column in holding if t == table}
        mixed = {
            column
            for column in renamed
            if db.execute(f"SELECT count(DISTINCT [{column}]) FROM [{table}]").fetchone()[0] > 1
        }
        for _, index, _, _, partial in db.execute(f"PRAGMA index_list([{table}])").fetchall():
            keys = db.execute(f"PRAGMA index_xinfo([{index}])").fetchall()
            names = {row[2] for row in keys if row[5]}
            expression = any(row[1] == -2 for row in keys)
            found = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", [index]).fetchone()
            sql = str(found[0] or "") if found else ""
            if names & mixed or expression or (partial and any(c in sql for c in renamed)):
                chosen.append(str(index))
    return chosen


def _credentials(db: sqlite3.Connection) -> tuple[list[tuple[str, str, int]], dict[str, int]]:
    """The credential rows' ids with the kind and number of the id each is given, in the
    order `identity.own_ids` takes them, and the id counters after."""
    counters = dict(db.execute("SELECT kind, value FROM id_sequences").fetchall())
    credentials: list[tuple[str, str, int]] = []
    sequences: dict[str, int] = {}
    for table, kind in CREDENTIAL_IDS.items():
        rows = db.execute(f"SELECT id FROM [{table}] ORDER BY rowid").fetchall()
        number = int(counters.get(kind, 0))
        for (old,) in rows:
            number += 1
            credentials.append((str(old), kind, number))
        if rows:
            sequences[kind] = number
    return credentials, sequences


def _offsets(data: bytes, token: str) -> list[int]:
    needle, found = token.encode("utf-8"), []
    start = data.find(needle)
    while start >= 0:
        found.append(start)
        start = data.find(needle, start + 1)
    return found


def _file_plan(path: Path, environment: str, ids: list[str]) -> FilePlan:
    with contextlib.closing(sqlite3.connect(path)) as db:
        credentials, sequences = _credentials(db)
        tokens = [*ids, *(old for old, _, _ in credentials)]
        holding = _holding(db, tokens)
        reindex = _reindex(db, holding)
    data = path.read_bytes()
    offsets = {token: _offsets(data, token) for token in tokens}
    return FilePlan(environment, {t: o for t, o in offsets.items() if o}, credentials,
                    sequences, reindex)  # fmt: skip


def _checkpointed(path: Path) -> None:
    """Fold a `-wal` file left beside `path` into it: the plan reads the file's bytes."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def make_plan(template: Path, project_id: str, user_id: str) -> dict[str, FilePlan] | None:
    """The copy plan of the template directory (each environment file's), tried on two
    copies (see the module docstring); None when a trial fails: copy with SQL then."""
    plans: dict[str, FilePlan] = {}
    for file_name, environment in _environment_files().items():
        path = template / file_name
        if path.exists():
            _checkpointed(path)
            plans[file_name] = _file_plan(path, environment, [project_id, user_id])
    with tempfile.TemporaryDirectory(dir=template.parent, prefix=".trial-") as scratch:
        for prefix in _TRIAL_PREFIXES:
            for file_name, plan in plans.items():
                if not _trial(template / file_name, Path(scratch) / file_name, plan, prefix):
                    return None
    return plans


def _trial(source: Path, target: Path, plan: FilePlan, prefix: str) -> bool:
    """A copy with every id replaced by `prefix` and a number: in order, and each id where
    the template held it (as many rows, every column), none of the old ones left."""
    renames = {old: f"{prefix}{n:012d}" for n, old in enumerate(plan.offsets)}
    try:
        target.write_bytes(patched(source.read_bytes(), plan, renames))
    except ValueError:  # an id of another length than a UUID's: no byte patch for it
        return False
    with contextlib.closing(sqlite3.connect(target)) as copy:
        for index in plan.reindex:
            copy.execute(f"REINDEX [{index}]")
        copy.commit()
        if copy.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
            return False
        with contextlib.closing(sqlite3.connect(source)) as template:
            expected = _holding(template, list(renames))
        found = _holding(copy, [*renames, *renames.values()])
    wanted = {key: {renames[t]: n for t, n in counts.items()} for key, counts in expected.items()}
    return found == wanted


def patched(data: bytes, plan: FilePlan, renames: Mapping[str, str]) -> bytearray:
    """A copy of the template file's bytes with each id of `plan.offsets` replaced by its
    rename, where the plan found it (every place it is in the file: `SpaceImage` checks it)."""
    image = bytearray(data)
    patch(image, plan, renames)
    return image


def patch(image: bytearray, plan: FilePlan, renames: Mapping[str, str]) -> None:
    """Write each id's rename at its offsets in `image`, in place: every offset of the plan
    is written, so an image patched for one space is then patched for another."""
    view = memoryview(image)  # its slices are assigned in place, twice as fast as the array's
    try:
        for old, offsets in plan.offsets.items():
            new = renames[old].encode("utf-8")
            length = len(new)
            if length != len(old.encode("utf-8")):
                raise ValueError(f"A rename must keep the id's length: {old!r} -> {new!r}")
            for offset in offsets:
                view[offset : offset + length] = new
    finally:
        view.release()


def read_plan(template: Path) -> dict[str, FilePlan] | None:
    """The plan kept beside the template, or None (none yet, another format, unreadable)."""
    try:
        stored = json.loads((template / PLAN_FILE).read_text(encoding="utf-8"))
        if stored.get("format") != _PLAN_FORMAT:
            return None
        return {name: FilePlan.from_dict(plan) for name, plan in stored["files"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write_plan(template: Path, plans: dict[str, FilePlan]) -> None:
    stored = {"format": _PLAN_FORMAT, "files": {n: p.as_dict() for n, p in plans.items()}}
    write_private_text(template / PLAN_FILE, json.dumps(stored))


class SpaceImage:
    """The template's files in memory with their plans: each space's files made from them."""

    def __init__(self, template: Path, plans: dict[str, FilePlan], base_ids: tuple[str, str]):
        self.template = template
        self.plans = plans
        self.base_project_id, self.base_user_id = base_ids
        self._bytes = {name: (template / name).read_bytes() for name in plans}
        self._local = threading.local()  # room-wide resets write spaces from several threads
        for name, plan in plans.items():
            for token, offsets in plan.offsets.items():
                if self._bytes[name].count(token.encode("utf-8")) != len(offsets):
                    raise ValueError(f"{template / name} is not the file its plan was made from.")

    def _image(self, file_name: str) -> bytearray:
        """This thread's copy of the file's bytes, patched for one space after another: a
        new 6 MB array a space cost twice the CPU of writing it (its pages first touched)."""
        images: dict[str, bytearray] = self._local.__dict__.setdefault("images", {})
        if file_name not in images:
            images[file_name] = bytearray(self._bytes[file_name])
        return images[file_name]

    def _renames(self, plan: FilePlan, personal: Personal, secret: IdSecret) -> dict[str, str]:
        renames = {self.base_project_id: personal.project_id, self.base_user_id: personal.user_id}
        for old, kind, number in plan.credentials:
            renames[old] = secret.derive_id(f"{plan.environment}/{kind}/{number}")
        return renames

    def write(self, target: Path, personal: Personal) -> None:
        """A new space's files in `target` (an empty private directory): the template's
        environment files made personal, its other files copied as they are; each `0600`."""
        for source in sorted(self.template.iterdir()):
            if source.name in self.plans:
                self._write_file(target / source.name, source.name, personal)
            elif source.suffix == ".sqlite" or source.name == "clock.json":
                shutil.copyfile(source, private_file(target / source.name))

    def _write_file(self, path: Path, file_name: str, personal: Personal) -> None:
        plan = self.plans[file_name]
        secret = personal.secrets.get(plan.environment) or IdSecret.random()
        if plan.offsets:
            image = self._image(file_name)
            patch(image, plan, self._renames(plan, personal, secret))
            with private_file(path).open("wb") as file:
                file.write(image)
        else:  # no id of the template's in it (the Live file): the kernel copies it
            shutil.copyfile(self.template / file_name, private_file(path))
        with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
            # A new file, not yet anyone's: no wait for the disk (`Store(durable=False)`).
            db.execute("PRAGMA synchronous = OFF")
            db.execute("BEGIN IMMEDIATE")
            _personalize(db, plan, secret, personal)
            db.execute("COMMIT")

    def replace(self, space: Path, personal: Personal) -> None:
        """Each environment file of the open space `space` replaced by a fresh personal copy:
        made aside, then copied over with SQLite's backup, one write transaction a file, so
        a request reading it sees the old space or the new one (as a snapshot's restore)."""
        for file_name in self.plans:
            with _aside(space, file_name) as fresh:
                self._write_file(fresh, file_name, personal)
                with (
                    contextlib.closing(sqlite3.connect(fresh)) as source,
                    contextlib.closing(sqlite3.connect(space / file_name, timeout=10.0)) as dest,
                ):
                    # The store's own setting (`storage/current.py`): a commit survives the
                    # process, and waits for the disk only when the file is checkpointed.
                    dest.execute("PRAGMA synchronous = NORMAL")
                    source.backup(dest)


@contextlib.contextmanager
def _aside(space: Path, file_name: str) -> Iterator[Path]:
    path = space / f".fresh-{file_name}"
    try:
        yield path
    finally:
        for leftover in (path, *(path.with_name(path.name + s) for s in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)


def _personalize(
    db: sqlite3.Connection, plan: FilePlan, secret: IdSecret, personal: Personal
) -> None:
    """What a byte patch cannot do, in the copy's one transaction: the indexes a new id may
    have put out of order, the id secret and counters, no key of the template's, and the
    learner's project and user rows."""
    for index in plan.reindex:
        db.execute(f"REINDEX [{index}]")
    db.execute(
        "INSERT OR REPLACE INTO id_secret (slot, scheme, secret) VALUES ('current', ?, ?)",
        [secret.scheme, None if secret.is_reproducible else secret.secret.hex()],
    )
    for kind, value in plan.sequences.items():
        db.execute(
            "INSERT INTO id_sequences (kind, value) VALUES (?, ?) "
            "ON CONFLICT (kind) DO UPDATE SET value = excluded.value",
            [kind, value],
        )
    db.execute("DELETE FROM signing_keys")
    db.execute("DELETE FROM hash_keys")
    db.execute(
        "UPDATE projects SET name = ?, client_secret_hash = ?, redirect_uris = ? WHERE id = ?",
        [personal.project_name, personal.client_secret_hash,
         json.dumps(personal.redirect_uris), personal.project_id],
    )  # fmt: skip
    db.execute(
        "UPDATE users SET first_name = ?, phone_number = ? WHERE id = ?",
        [personal.first_name, personal.phone_number, personal.user_id],
    )

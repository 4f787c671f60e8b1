"""Snapshots: a consistent copy of a data dir's state, saved, listed, compared and restored.

A snapshot is a directory `snapshots/NAME/` in the data dir (format documented in
docs/bug-reports.md, "Snapshots"):

- `manifest.json`: `format` (`FORMAT_VERSION`), name, the clock's state, the simulator's
  version, each file's applied migrations and journal position;
- `sandbox.sqlite`, `live.sqlite`: each environment's file, copied with SQLite's online
  backup (id counters, journal and all);
- `limits.sqlite`, `limits.json`: the rate counters and the limits' settings, if any.

Saving copies each file with the online backup API while the clock is held (no move can
slip between two files), into a temporary directory renamed into place: a snapshot is
whole or absent. Restoring checks the format and the migrations first (a snapshot from
another format, or made by a newer simulator, is refused before anything changes), then
copies each file back with the online backup API: one write transaction per file, so a
server reading it sees the old state or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..clock import Clock, ClockState
from ..environments import EnvironmentName
from ..exceptions import SimulatorError
from ..storage.private import private_dir

__all__ = [
    "FORMAT_VERSION",
    "SnapshotError",
    "SnapshotInfo",
    "diff_snapshots",
    "list_snapshots",
    "restore_snapshot",
    "save_snapshot",
    "snapshot_dir",
]

#: The snapshot format this simulator writes and reads.
FORMAT_VERSION = 1
SNAPSHOTS_DIR = "snapshots"
MANIFEST = "manifest.json"
_ENV_FILES = tuple(name.file_name for name in EnvironmentName)
_OTHER_DATABASES = ("limits.sqlite",)
_OTHER_FILES = ("limits.json",)
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
#: Tables `diff` leaves out: the journal's own bookkeeping and the migrations'.
_NOT_DIFFED = {
    *("journal_entries", "journal_secrets", "_sqlite_migrations", "sqlite_sequence"),
    "id_secret",  # unchanged in a data dir; and a diff is no place for a secret
}


class SnapshotError(SimulatorError):
    """A snapshot that does not exist, has a bad name, or cannot be restored here."""


@dataclass(frozen=True)
class SnapshotInfo:
    """What `list_snapshots` shows of one snapshot."""

    name: str
    format: int
    clock: str
    simulator_version: str
    journal_positions: dict[str, int]

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "format": self.format,
            "clock": self.clock,
            "simulator_version": self.simulator_version,
            "journal_positions": self.journal_positions,
        }


def snapshot_dir(data_dir: Path | str, name: str) -> Path:
    if not _NAME.fullmatch(name):
        raise SnapshotError(
            f"Not a snapshot name: {name!r} (letters, digits, '.', '_' and '-', at most 100)."
        )
    return Path(data_dir) / SNAPSHOTS_DIR / name


def simulator_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # start-up: 50 ms, rarely

    try:
        return version("banking-sandbox-simulator")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "0+unknown"


def _backup(source: Path, target: Path) -> None:
    """Copy one SQLite file with the online backup API (a consistent copy, even while
    another process writes to it)."""
    with (
        contextlib.closing(sqlite3.connect(source, timeout=10.0)) as src,
        contextlib.closing(sqlite3.connect(target, timeout=10.0)) as dst,
    ):
        # As the store writes (`storage/current.py`): a restored data dir's file in WAL mode
        # then waits for the disk at its next checkpoint, not at this commit.
        dst.execute("PRAGMA synchronous = NORMAL")
        src.backup(dst)


def _migrations(path: Path) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        rows = db.execute(
            "SELECT migration_set, name FROM _sqlite_migrations ORDER BY rowid"
        ).fetchall()
    return [f"{row[0]}:{row[1]}" for row in rows]


def _journal_position(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as db:
        try:
            row = db.execute("SELECT max(seq) FROM journal_entries").fetchone()
        except sqlite3.OperationalError:  # a file from before the journal
            return 0
    return int(row[0] or 0)


def save_snapshot(data_dir: Path | str, clock: Clock, name: str, *, replace: bool = True) -> Path:
    """Save the data dir's state as snapshot `name` (replacing one of that name)."""
    target = snapshot_dir(data_dir, name)
    if target.exists() and not replace:
        raise SnapshotError(f"A snapshot named {name!r} exists already.")
    parent = private_dir(target.parent)
    work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=parent))
    try:
        with clock.held():  # no clock move between the files
            state = clock.state
            taken_at = clock.timestamp()  # a running clock's state alone does not say when
            for file_name in (*_ENV_FILES, *_OTHER_DATABASES):
                if (Path(data_dir) / file_name).exists():
                    _backup(Path(data_dir) / file_name, work / file_name)
            for file_name in _OTHER_FILES:
                if (Path(data_dir) / file_name).exists():
                    shutil.copyfile(Path(data_dir) / file_name, work / file_name)
        manifest = {
            "format": FORMAT_VERSION,
            "name": name,
            "clock": state.to_json(),
            "taken_at": taken_at,
            "simulator_version": simulator_version(),
            "migrations": {f: _migrations(work / f) for f in _ENV_FILES if (work / f).exists()},
            "journal_positions": {
                f.removesuffix(".sqlite"): _journal_position(work / f)
                for f in _ENV_FILES
                if (work / f).exists()
            },
        }
        (work / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
        if target.exists():
            old = target.with_name(f".{name}-old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(target, old)
            os.replace(work, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return target


def read_manifest(directory: Path) -> dict[str, Any]:
    """A snapshot's manifest, checked: the format must be this simulator's, and every
    migration it was made with must be one this simulator knows."""
    try:
        manifest: dict[str, Any] = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SnapshotError(f"No snapshot at {directory}.") from None
    except ValueError:
        raise SnapshotError(f"The snapshot at {directory} has an unreadable manifest.") from None
    found = manifest.get("format")
    if found != FORMAT_VERSION:
        raise SnapshotError(
            f"The snapshot {manifest.get('name')!r} is in format {found}; this simulator "
            f"reads format {FORMAT_VERSION} only. Nothing was restored."
        )
    known = set(_known_migrations())
    for file_name, applied in manifest.get("migrations", {}).items():
        unknown = [name for name in applied if name not in known]
        if unknown:
            raise SnapshotError(
                f"The snapshot {manifest.get('name')!r} was made by a newer simulator "
                f"({manifest.get('simulator_version')}): {file_name} has migrations this one "
                f"does not know ({', '.join(unknown[:3])}). Nothing was restored."
            )
    return manifest


def _known_migrations() -> Iterator[str]:
    from ..storage.tables import MIGRATION_SETS  # start-up: 36 modules, needed only here

    for migrations in MIGRATION_SETS:
        for migration in migrations._migrations:
            yield f"{migrations.name}:{migration.name}"


def restore_snapshot(data_dir: Path | str, clock: Clock, name: str) -> dict[str, Any]:
    """Put the data dir back in the state of snapshot `name`; returns its manifest.

    The files are checked first; each is then copied back in one write transaction (readers
    see the old state or the new one). A snapshot made before some migrations gets them
    when the simulator next opens the file (migrations only add)."""
    source = snapshot_dir(data_dir, name)
    manifest = read_manifest(source)
    for file_name in (*_ENV_FILES, *_OTHER_DATABASES):
        path = source / file_name
        if path.exists():
            with contextlib.closing(sqlite3.connect(path)) as db:
                if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    raise SnapshotError(f"{path} is damaged. Nothing was restored.")
    with clock.held():
        for file_name in (*_ENV_FILES, *_OTHER_DATABASES):
            if (source / file_name).exists():
                _backup(source / file_name, Path(data_dir) / file_name)
        for file_name in _OTHER_FILES:
            if (source / file_name).exists():
                temporary = Path(data_dir) / f".{file_name}.restoring"
                shutil.copyfile(source / file_name, temporary)
                os.replace(temporary, Path(data_dir) / file_name)
        clock.restore(ClockState.from_json(manifest["clock"]))
    return manifest


def list_snapshots(data_dir: Path | str) -> list[SnapshotInfo]:
    """The snapshots of a data dir, by name (those of another format are listed too)."""
    root = Path(data_dir) / SNAPSHOTS_DIR
    found = []
    for directory in sorted(root.iterdir()) if root.exists() else []:
        if directory.name.startswith(".") or not (directory / MANIFEST).exists():
            continue
        manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
        clock = manifest.get("clock", {})
        found.append(
            SnapshotInfo(
                name=directory.name,
                format=int(manifest.get("format", 0)),
                clock=str(clock.get("frozen_at", "")),
                simulator_version=str(manifest.get("simulator_version", "")),
                journal_positions=dict(manifest.get("journal_positions", {})),
            )
        )
    return found


def _rows(path: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Every table's rows of one file, keyed by their primary key (or rowid)."""
    tables: dict[str, dict[str, dict[str, Any]]] = {}
    if not path.exists():
        return tables
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.row_factory = sqlite3.Row
        names = [
            row[0]
            for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if row[0] not in _NOT_DIFFED and not row[0].startswith("sqlite_")
        ]
        for table in names:
            keys = [r[1] for r in db.execute(f"PRAGMA table_info([{table}])") if r[5]]
            key = " || '/' || ".join(f"[{k}]" for k in keys) if keys else "rowid"
            rows = db.execute(f"SELECT {key} AS _key_, * FROM [{table}]").fetchall()
            tables[table] = {
                str(row["_key_"]): {k: row[k] for k in row.keys() if k != "_key_"}  # noqa: SIM118
                for row in rows
            }
    return tables


def diff_snapshots(data_dir: Path | str, a: str, b: str) -> dict[str, Any]:
    """Rows added, removed and changed per environment and table from snapshot `a` to `b`:
    `{"sandbox": {"accounts": {"added": [...], "removed": [...], "changed": [...]}}}`,
    a changed row as `{"key": ..., "changes": {column: [before, after]}}`."""
    first, second = snapshot_dir(data_dir, a), snapshot_dir(data_dir, b)
    read_manifest(first)
    read_manifest(second)
    result: dict[str, Any] = {}
    for file_name in _ENV_FILES:
        before, after = _rows(first / file_name), _rows(second / file_name)
        tables: dict[str, Any] = {}
        for table in sorted(set(before) | set(after)):
            old, new = before.get(table, {}), after.get(table, {})
            changed = [
                {
                    "key": key,
                    "changes": {
                        column: [old[key].get(column), value]
                        for column, value in new[key].items()
                        if old[key].get(column) != value
                    },
                }
                for key in sorted(set(old) & set(new))
                if old[key] != new[key]
            ]
            added = [new[key] for key in sorted(set(new) - set(old))]
            removed = [old[key] for key in sorted(set(old) - set(new))]
            if added or removed or changed:
                tables[table] = {"added": added, "removed": removed, "changed": changed}
        result[file_name.removesuffix(".sqlite")] = tables
    return result

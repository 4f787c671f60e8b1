"""Cold start (issue 22): `import simulator` and the light commands leave the heavy parts
unimported, and a command journaled on a current file writes what the store would.

Timings are measured by benchmarks/bench_startup.py, never asserted here.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from simulator.cli import main
from simulator.environments import EnvironmentName
from simulator.storage import Store
from simulator.storage.current import SCHEMA_MIGRATIONS, open_current

ROOT = Path(__file__).resolve().parents[1]

#: Never imported by `import simulator`, `--help` or `clock`: the server, the widgets, and
#: what they bring. sqlite_utils (and numpy through it) come with the migrations only.
HEAVY = [
    "starlette",
    "uvicorn",
    "ipywidgets",
    "matplotlib",
    "jinja2",
    "joserfc",
    "ariadne",
    "graphql",
    "httpx",
    "sqlite_utils",
    "numpy",
]

_IMPORTED = """
import runpy, sys
sys.argv = ["simulator", *sys.argv[1:]]
try:
    runpy.run_module("simulator", run_name="__main__", alter_sys=True)
except SystemExit as stop:
    code = stop.code
else:
    code = 0
print("\\n" + " ".join(sorted({name.split(".")[0] for name in sys.modules})))
sys.exit(code)
"""


def _top_level_modules(*argv: str) -> set[str]:
    """The top-level modules a `python -m simulator ARGV` process imported."""
    done = subprocess.run(
        [sys.executable, "-c", _IMPORTED, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.splitlines()[-1].split())


def test_import_simulator_imports_none_of_the_heavy_parts() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import simulator, sys; print(' '.join(sorted(sys.modules)))"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    imported = {name.split(".")[0] for name in done.stdout.split()}
    assert sorted(imported & set(HEAVY)) == []


def test_the_public_names_are_still_there() -> None:
    import simulator

    for name in simulator.__all__:
        assert getattr(simulator, name) is not None
    assert simulator.Simulator.__name__ == "Simulator"
    assert set(simulator.__all__) <= set(dir(simulator))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        simulator.nope  # noqa: B018


def test_help_imports_none_of_the_heavy_parts() -> None:
    assert sorted(_top_level_modules("--help") & set(HEAVY)) == []


def test_clock_commands_import_none_of_the_heavy_parts(tmp_path: Path) -> None:
    data_dir = str(tmp_path / "data")
    # The first command on a new data dir creates its database: through the store.
    assert main(["clock", "advance", "1s", "--data-dir", data_dir]) == 0
    for argv in (["clock", "advance", "1s"], ["clock", "now"], ["clock", "freeze"]):
        assert sorted(_top_level_modules(*argv, "--data-dir", data_dir) & set(HEAVY)) == []


def test_the_schema_count_is_the_migrations_count(tmp_path: Path) -> None:
    """`SCHEMA_MIGRATIONS` says when a file is current without importing the migrations:
    a new migration changes the count, here."""
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    try:
        assert store.schema_version == SCHEMA_MIGRATIONS
        assert len(store.applied_migrations()) == SCHEMA_MIGRATIONS
    finally:
        store.close()


def _journal(data_dir: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert main(["journal", "--json", "--data-dir", data_dir]) == 0
    entries: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return entries


def test_a_command_journaled_on_a_current_file_is_the_stores_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = str(tmp_path / "data")
    assert open_current(data_dir, EnvironmentName.SANDBOX) is None  # no file yet
    assert main(["clock", "advance", "1s", "--data-dir", data_dir]) == 0  # the store's way
    connection = open_current(data_dir, EnvironmentName.SANDBOX)
    assert connection is not None
    connection.close()
    assert main(["clock", "advance", "1s", "--data-dir", data_dir]) == 0  # sqlite3's way
    first, second = _journal(data_dir, capsys)
    moving = {"seq", "virtual_time", "wall_time"}
    assert {k: v for k, v in first.items() if k not in moving} == {
        k: v for k, v in second.items() if k not in moving
    }
    assert (first["seq"], second["seq"]) == (1, 2)
    assert second["virtual_time"] > first["virtual_time"]
    assert second["request"] == {"arguments": {"argv": ["clock", "advance", "1s"]}}


def test_a_file_the_store_has_work_in_goes_through_the_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = str(tmp_path / "data")
    Store.open(data_dir, EnvironmentName.SANDBOX).close()
    path = tmp_path / "data" / "sandbox.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode = DELETE")  # as a file copied elsewhere may be
    connection.close()
    path.chmod(0o644)
    assert open_current(data_dir, EnvironmentName.SANDBOX) is None
    assert main(["clock", "advance", "1s", "--data-dir", data_dir]) == 0
    assert path.stat().st_mode & 0o777 == 0o600
    connection = open_current(data_dir, EnvironmentName.SANDBOX)  # WAL again: current
    assert connection is not None
    connection.close()
    [entry] = _journal(data_dir, capsys)
    assert entry["operation_name"] == "clock advance"

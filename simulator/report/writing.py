"""Writing a bug report: the journal's steps and a starting state, as a notebook or a test.

```python
sim.snapshot("before")            # the starting state
...                               # reproduce the bug
sim.report("bug.ipynb", since="before", expected="The transfer should be booked.")
```
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import platform
import sqlite3
from pathlib import Path
from typing import Any, Protocol

from ..clock import Clock, format_timestamp, parse_timestamp
from ..domain.kernel.context import Environment
from ..domain.sandbox.datasets import dataset_path
from ..environments import EnvironmentName
from ..exceptions import ConfigurationError
from ..journal.reading import JournalEntry, read_entries
from ..snapshots import (
    SnapshotError,
    list_snapshots,
    read_manifest,
    simulator_version,
    snapshot_dir,
)
from ..storage import read_id_secret
from .format import REPORT_FORMAT, render_step
from .state import pack_state

__all__ = ["build_steps", "write_report"]


class Reported(Protocol):
    """What a report is written from: a `Simulator` (`sim.report(...)`). The writer stands
    below the simulator, which uses it; the replayer (`replay.py`), which builds one, above."""

    @property
    def data_dir(self) -> Path: ...
    @property
    def clock(self) -> Clock: ...
    def environment(self, name: str | EnvironmentName) -> Environment: ...


#: The install line a report's reader needs (the `report` extra: pytest, nbval, ipykernel).
INSTALL_LINE = 'pip install "banking-sandbox-simulator[report]"'

#: Entries that drive a step; the others (webhook attempts) are what a step caused.
_DRIVING = ("http", "python", "cli", "dashboard")


def build_steps(entries: list[JournalEntry]) -> list[dict[str, Any]]:
    """Group entries into steps: each driving entry with the entries journaled after it
    (and, as `before`, the probes it made, journaled before it). Entries journaled before
    the first driving one (work the starting state had due, fired as time went on or
    before the first request) are the first step's `before`: a replay fires them too."""
    steps: list[dict[str, Any]] = []
    probes: list[dict[str, Any]] = []
    for entry in entries:
        data = entry.as_dict()
        del data["wall_time"]  # never compared, and not the reader's business
        if entry.origin in _DRIVING:
            step = {"number": len(steps) + 1, "entry": data, "consequences": []}
            if probes:  # journaled while the request that made them ran: before its entry
                step["before"], probes = probes, []
            steps.append(step)
        elif entry.operation_type == "Probe" or not steps:
            probes.append(data)
        elif steps:
            steps[-1]["consequences"].append(data)
    return steps


def _start(
    sim: Reported, env: EnvironmentName, since: str | None
) -> tuple[str | None, dict[str, Any] | None, int]:
    """The starting snapshot (name, manifest) and the journal position it stands at.

    `since`: a snapshot name, or an instant (the latest snapshot at or before it). Without
    it, the latest snapshot; without any snapshot, the empty start (every step replayed
    from a new simulator: right when everything was done through journaled calls).
    """
    snapshots = list_snapshots(sim.data_dir)
    chosen = None
    if since is not None and since[:1].isdigit():
        moment = parse_timestamp(since)
        earlier = [s for s in snapshots if parse_timestamp(s.clock) <= moment]
        chosen = earlier[-1].name if earlier else None
    elif since is not None:
        chosen = since
    elif snapshots:
        chosen = max(snapshots, key=lambda s: s.journal_positions.get(env.value, 0)).name
    if chosen is None:
        return None, None, 0
    manifest = read_manifest(snapshot_dir(sim.data_dir, chosen))
    return chosen, manifest, int(manifest["journal_positions"].get(env.value, 0))


def write_report(
    sim: Reported,
    out: str | Path | None = None,
    *,
    since: str | None = None,
    last: int | None = None,
    env: str = "sandbox",
    format: str = "notebook",
    expected: str = "",
    title: str = "Bug report",
) -> Path | dict[str, Any]:
    """Write a report replaying the journal of `env` since a snapshot (see `_start`),
    as a notebook (`format="notebook"`) or a pytest file (`"pytest"`); returns the path
    (or the notebook, as a dict, when `out` is None)."""
    name = EnvironmentName.parse(env)
    snapshot, manifest, position = _start(sim, name, since)
    entries = read_entries(sim.environment(name), after=position)
    if snapshot is None and entries and entries[0].seq != 1:
        raise SnapshotError(
            "The journal no longer starts at its first entry and no snapshot was saved: "
            "take one (sim.snapshot(NAME)) before reproducing the bug."
        )
    steps = build_steps(entries)
    # Every step since the snapshot is replayed; those before `since` (an instant) or before
    # the `last` N are replayed quietly in one cell.
    first = 0
    if since is not None and since[:1].isdigit():
        moment = format_timestamp(parse_timestamp(since))
        first = next(
            (i for i, s in enumerate(steps) if s["entry"]["virtual_time"] >= moment), len(steps)
        )
    if last:
        first = max(first, len(steps) - last)
    state = (
        pack_state(snapshot_dir(sim.data_dir, snapshot), manifest)
        if snapshot is not None and manifest is not None
        else None
    )
    start = (
        str(manifest.get("taken_at") or manifest["clock"]["frozen_at"])
        if manifest
        else (entries[0].virtual_time if entries else sim.clock.timestamp())
    )
    header = {
        "report_format": REPORT_FORMAT,
        "title": title,
        "simulator_version": simulator_version(),
        "environment": name.value,
        "snapshot": snapshot,
        "start": start,
        "datasets": _datasets(sim, name),
        # The dataset files are generated with a fixed seed (scripts/generate_datasets.py);
        # their digests tell whether another installation's files are the same ones.
        "dataset_sha256": _dataset_digests(_datasets(sim, name)),
        "platform": f"Python {platform.python_version()} on {platform.platform()}",
        "steps": len(steps),
        # Webhook attempts due but not yet answered as the report is written: the replay
        # makes them too, with no recorded answer to compare (docs/bug-reports.md).
        "under_way": _under_way(sim.environment(name)),
    }
    if snapshot is None or not _carries_id_secret(snapshot_dir(sim.data_dir, snapshot), name):
        # The replay starts from a new file (or one saved before files had a secret): it
        # needs this one's id secret to give the same ids. See docs/bug-reports.md.
        header["id_secret"] = read_id_secret(sim.environment(name).store.db).as_text()
    earlier, shown = steps[:first], steps[first:]
    if format == "pytest":
        text = pytest_file(header, state, earlier, shown, expected)
        if out is None:
            return {"text": text}
        Path(out).write_text(text, encoding="utf-8")
        return Path(out)
    notebook = build_notebook(header, state, earlier, shown, expected)
    if out is None:
        return notebook
    Path(out).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return Path(out)


def _carries_id_secret(snapshot: Path, name: EnvironmentName) -> bool:
    """Whether the snapshot's file of `name` holds an id secret (a packed state keeps it)."""
    path = (snapshot / name.file_name).resolve().as_uri() + "?mode=ro"  # a relative --data-dir too
    try:
        with contextlib.closing(sqlite3.connect(path, uri=True)) as db:
            return int(db.execute("SELECT count(*) FROM id_secret").fetchone()[0]) > 0
    except sqlite3.OperationalError:  # no such file, or saved before files had a secret
        return False


def _under_way(env: Any) -> int:
    try:
        row = env.store.db.execute(
            "SELECT count(*) FROM webhook_deliveries WHERE status = 'Pending' "
            "AND next_attempt_at <= ?",
            [env.now()],
        ).fetchone()
    except sqlite3.OperationalError:  # a file without webhooks: nothing under way
        return 0
    return int(row[0])


def _datasets(sim: Reported, name: EnvironmentName) -> list[str]:
    try:
        rows = sim.environment(name).store.db.execute(
            "SELECT DISTINCT dataset FROM dataset_records ORDER BY dataset"
        )
        return [str(row[0]) for row in rows]
    except Exception:  # a file without that table, or another column name: not essential
        return []


def _dataset_digests(names: list[str]) -> dict[str, str]:
    digests = {}
    for dataset in names:
        try:
            digests[dataset] = hashlib.sha256(dataset_path(dataset).read_bytes()).hexdigest()
        except (OSError, ConfigurationError):  # a dataset file since removed: not essential
            continue
    return digests


def _literal(value: Any, depth: int = 0) -> str:
    """A Python literal of `value`, one key per line down to three levels (`repr` below):
    readable in a cell, and far quicker than `pprint` on a thousand steps."""
    pad = " " * (depth + 1)
    if depth < 3 and isinstance(value, dict) and value:
        items = (f"{pad}{key!r}: {_literal(item, depth + 1)}" for key, item in value.items())
        return "{\n" + ",\n".join(items) + "}"
    if depth < 3 and isinstance(value, list) and value:
        return "[\n" + ",\n".join(pad + _literal(item, depth + 1) for item in value) + "]"
    return repr(value)


def _stream(text: str) -> dict[str, Any]:
    return {"name": "stdout", "output_type": "stream", "text": text}


def _markdown(source: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def _code(source: str, outputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "metadata": {}, "source": source, "outputs": outputs or []}


def build_notebook(
    header: dict[str, Any],
    state: str | None,
    earlier: list[dict[str, Any]],
    shown: list[dict[str, Any]],
    expected: str,
) -> dict[str, Any]:
    """The report as a notebook whose stored outputs are those a faithful replay prints."""
    env = header["environment"]
    rows = "\n".join(f"| {key} | `{value}` |" for key, value in header.items())
    under_way = (
        f"\n\n**Not compared:** {header['under_way']} webhook delivery(ies) had an attempt "
        "under way when this report was written; the replay makes it, with no recorded "
        "answer to compare."
        if header.get("under_way")
        else ""
    )
    intro = (
        f"# {header['title']}\n\nA bug report of the partner banking API simulator: each "
        "cell below replays one journaled step in-process, at its recorded virtual time, and "
        "checks that the answer is the recorded one (ids and times included). Run it with "
        f"`pytest --nbval` or from top to bottom; what it needs: `{INSTALL_LINE}`."
        + under_way
        + "\n\n| | |\n|---|---|\n"
        + rows
    )
    setup = (
        "from simulator.report import Replay\n\n"
        f"HEADER = {_literal(header)}\n"
        f"STATE = {state!r}\n\n"
        "replay = Replay(HEADER, STATE)\n"
        "print(f\"Replaying {HEADER['steps']} steps of {HEADER['environment']}\")"
    )
    cells = [
        _markdown(intro),
        _code(
            setup,
            outputs=[_stream(f"Replaying {header['steps']} steps of {env}\n")],
        ),
    ]
    if earlier:
        cells.append(
            _code(
                f"replay.check_all({_literal(earlier)})",
                outputs=[_stream(f"{len(earlier)} earlier steps replayed as recorded\n")],
            )
        )
    for step in shown:
        cells.append(_code(f"replay.check({_literal(step)})", outputs=[_stream(render_step(step))]))
    cells.append(_markdown("## What I expected\n\n" + (expected or "_Say what you expected._")))
    cells.append(_code("replay.close()"))
    executed = 0
    for number, cell in enumerate(cells):
        cell["id"] = f"cell-{number}"
        if cell["cell_type"] == "code":
            executed += 1
            cell["execution_count"] = executed  # stored outputs count as a run (nbval)
    # nbformat 4.5, written as JSON here: the project does not depend on nbformat.
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def pytest_file(
    header: dict[str, Any],
    state: str | None,
    earlier: list[dict[str, Any]],
    shown: list[dict[str, Any]],
    expected: str,
) -> str:
    """The same replay as a pytest module: one test per step, in order."""
    lines = [
        f'"""{header["title"]}: a replay of a simulator journal (docs/bug-reports.md).',
        "",
        "What the reporter expected: " + (expected or "(not said)").replace('"""', "'''"),
        "",
        f"Run it with `pytest`; what it needs: `{INSTALL_LINE}`.",
        '"""',
        "",
        "from collections.abc import Iterator",
        "",
        "import pytest",
        "",
        "from simulator.report import Replay",
        "",
        f"HEADER = {_literal(header)}",
        f"STATE = {state!r}",
        f"EARLIER = {_literal(earlier)}",
        f"STEPS = {_literal(shown)}",
        "",
        "",
        '@pytest.fixture(scope="module")',
        "def replay() -> Iterator[Replay]:",
        "    with Replay(HEADER, STATE) as replaying:",
        "        replaying.check_all(EARLIER)",
        "        yield replaying",
        "",
    ]
    for index, step in enumerate(shown):
        lines += [
            "",
            f"def test_step_{step['number']:04d}(replay: Replay) -> None:",
            f"    replay.check(STEPS[{index}])",
            "",
        ]
    return "\n".join(lines)

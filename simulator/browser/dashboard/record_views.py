"""The dashboard's journal and snapshots (docs/bug-reports.md).

| Route | What |
|---|---|
| `GET /dashboard/journal` | the environment's journal, newest first, 50 a page (1) |
| `GET /dashboard/snapshots` | the snapshots of the data dir (Sandbox dashboard only) |
| `POST /dashboard/snapshots` | save one, or restore one once confirmed (2) |

(1) `?project=` and `?kind=` filter, `?before=SEQ` pages. (2) `action=save` and `name`, or
`action=restore`, `name` and `confirm=yes`.

The journal holds references, never secrets, so the page shows entries as stored. A
snapshot holds every environment's file, so saving and restoring are offered in the
Sandbox's dashboard only: the Live dashboard never changes anything of the Sandbox.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from ...domain.kernel.projects import list_projects
from ...environments import EnvironmentName
from ...journal.reading import JournalEntry, read_page
from ...snapshots import SnapshotError, list_snapshots, restore_snapshot, save_snapshot
from .web import Call, FormProblem, done, field, render_dashboard

__all__ = ["journal_page", "snapshots_action", "snapshots_error", "snapshots_page"]

#: The kinds an entry can have, for the filter.
JOURNAL_KINDS = ("graphql", "oauth", "page", "webhook", "clock", "project", "command")
#: How much of a body the journal page shows (the rest is in `python -m simulator journal`).
BODY_PREVIEW = 2000


def _preview(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= BODY_PREVIEW else text[:BODY_PREVIEW] + " ..."


def _row(entry: JournalEntry) -> dict[str, Any]:
    return {
        "seq": entry.seq,
        "virtual_time": entry.virtual_time,
        "kind": entry.kind,
        "method": entry.method or "",
        "endpoint": entry.endpoint,
        "operation": entry.operation_name or "",
        "status": "" if entry.status is None else entry.status,
        "project_id": entry.project_id or "",
        "subject": entry.subject or "",
        "document": _preview(entry.document) if entry.document else "",
        "variables": _preview(entry.variables) if entry.variables else "",
        "response": _preview(entry.response) if entry.response else "",
    }


async def journal_page(call: Call) -> Response:
    query = call.request.query_params
    project = query.get("project", "")
    kind = query.get("kind", "")
    before_text = query.get("before", "")
    problems = []
    if kind and kind not in JOURNAL_KINDS:
        problems.append(f"No entry kind {kind[:40]!r}: one of {', '.join(JOURNAL_KINDS)}.")
        kind = ""
    before = int(before_text) if before_text.isdigit() and len(before_text) < 19 else None
    if before_text and before is None:
        problems.append("The page asked for is not a journal position.")
    error = " ".join(problems) or None
    entries, next_before = read_page(
        call.env, project=project or None, kinds=(kind,) if kind else (), before=before
    )
    return render_dashboard(
        call,
        "dashboard_journal.html",
        status=400 if error else 200,
        title="Request journal",
        error=error,
        entries=[_row(entry) for entry in entries],
        projects=list_projects(call.env),
        project=project,
        kind=kind,
        kinds=JOURNAL_KINDS,
        next_before=next_before,
        first_page=before is None,
    )


def _data_dir(call: Call) -> Path:
    return call.env.store.path.parent


async def snapshots_page(
    call: Call, *, error: str | None = None, status: int = 200, **form: Any
) -> Response:
    sandbox = call.env.name == EnvironmentName.SANDBOX
    snapshots = [s.as_dict() for s in list_snapshots(_data_dir(call))] if sandbox else []
    return render_dashboard(
        call,
        "dashboard_snapshots.html",
        status=status,
        title="Snapshots",
        error=error,
        sandbox=sandbox,
        snapshots=list(reversed(snapshots)),
        **form,
    )


async def snapshots_action(call: Call) -> Response:
    try:
        return await _snapshot_action(call)
    except SnapshotError as problem:  # a bad name, a missing or foreign snapshot: the form's
        raise FormProblem(str(problem)) from problem


async def _snapshot_action(call: Call) -> Response:
    if call.env.name != EnvironmentName.SANDBOX:
        raise FormProblem("Snapshots are saved and restored from the Sandbox dashboard.")
    action, name = field(call, "action"), field(call, "name")
    if action == "save":
        await run_in_threadpool(save_snapshot, _data_dir(call), call.env.clock, name)
        return done(call, "/dashboard/snapshots", f"Snapshot {name} saved.")
    if action == "restore":
        if field(call, "confirm", required=False) != "yes":
            raise FormProblem(
                f"Tick the box to confirm: restoring {name} replaces the state of Sandbox "
                "and Live with the snapshot's."
            )
        await run_in_threadpool(restore_snapshot, _data_dir(call), call.env.clock, name)
        return done(call, "/dashboard/snapshots", f"Snapshot {name} restored.")
    raise FormProblem("Unknown snapshot action.")


async def snapshots_error(call: Call, message: str) -> Response:
    return await snapshots_page(
        call, error=message, status=400, name=field(call, "name", required=False)
    )

"""The instructor view's pages (instructor.py serves them): the room, a learner, a confirmation.

Plain HTML built here, every value escaped; the view's one script (`static/instructor.js`)
refreshes the table's body from `/workshop/rows` every few seconds, and sorts, filters and
counts the rows (per-exercise totals) on their `data-` attributes; the header is sticky and
a row one line, so a laptop's window shows most of a room of 30. The table holds no form,
so a refresh never takes a value the trainer is typing: the actions on one learner are on
their own page, those on the whole room above the table.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..journal.reading import JournalEntry
from .activity import error_message

if TYPE_CHECKING:
    from .progress import Exercise

__all__ = [
    "answer_of",
    "confirm_page",
    "error_page",
    "idle",
    "learner_page",
    "operation_of",
    "outcome",
    "public_message",
    "room_page",
    "rows_html",
]

_STYLE = """
body { font: 13px system-ui, sans-serif; margin: 0.6em 1em; }
h1 { font-size: 1.3em; margin: 0.2em 0 0.3em; } h2 { font-size: 1.1em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 1px 5px; }
td.done { background: #d8f5d8; } td.todo { color: #999; } td.unknown { color: #b80; }
#room td, #room th { white-space: nowrap; line-height: 1.35; }
#room thead { position: sticky; top: 0; z-index: 1; background: #f6f6f6; }
#room thead th { background: #f6f6f6; } #room td.mark, #room td.done, #room td.todo,
#room td.unknown { text-align: center; }
#room th.ex { white-space: normal; min-width: 6.5em; max-width: 7.5em; font-size: 11px;
  font-weight: normal; line-height: 1.15; vertical-align: bottom; }
#room tr.totals th, #room tr.totals td { font-weight: normal; background: #eef3fb; }
#room td.error { max-width: 15em; overflow: hidden; text-overflow: ellipsis; }
#room tr.stuck th { background: #fff2cc; } th button { font: inherit; font-weight: bold;
  border: 0; background: none; padding: 0; cursor: pointer; }
th[aria-sort=ascending]::after { content: " ▲"; }
th[aria-sort=descending]::after { content: " ▼"; }
form { display: inline-block; margin: 0 0.6em 0.3em 0; } input[name=duration] { width: 4em; }
input[name=checkpoint] { width: 8em; } small { color: #666; }
fieldset { margin: 0 0 0.4em; padding: 0.2em 0.6em; } .danger { color: #a00; }
.controls { margin: 0.3em 0; } .controls > * { margin-right: 0.8em; }
p.notice, p.job { background: #e6f4e6; padding: 0.3em 0.8em; margin: 0.3em 0; }
p.problem { background: #fbe3e3; padding: 0.3em 0.8em; margin: 0.3em 0; }
td.rejected { color: #a00; } td.ok { color: #070; } ul.missing { margin: 0.2em 0; }
"""
_A_FILE = "(a file of the room)"
#: An absolute file path in a message (`/home/trainer/room/learners/ada/snapshots/x`).
_FILE_PATH = re.compile(r"(?<![\w/])/(?!w/|workshop\b)(?:[\w.~-]+/)+[\w.~-]*")
#: A document's first named operation, and an anonymous one's first field (a label only).
_NAMED = re.compile(r"\b(?:query|mutation|subscription)\s+([_A-Za-z]\w*)")
_FIRST_FIELD = re.compile(r"\{\s*([_A-Za-z]\w*)")
_REJECTION = re.compile(
    r'"__typename"\s*:\s*"(\w*Rejection)"(?:[^{}]*?"message"\s*:\s*"((?:[^"\\]|\\.){0,300})")?'
)


def public_message(text: str, data_dir: str) -> str:
    """`text` without a file path of the server (a trainer's screen may be projected)."""
    inside = re.compile(re.escape(data_dir) + r"""[^\s'"]*""")
    return _FILE_PATH.sub(_A_FILE, inside.sub(_A_FILE, text))


def idle(seconds: int | None) -> str:
    """`3 min ago`: real time since the learner's last request ("" when none yet)."""
    if seconds is None:
        return ""
    if seconds < 60:
        ago = f"{seconds} s"
    elif seconds < 3600:
        ago = f"{seconds // 60} min"
    else:
        ago = f"{seconds // 3600} h {seconds % 3600 // 60} min"
    return f"{ago} ago"


def _layout(title: str, body: str, flash: tuple[str, str] | None = None) -> str:
    shown = ""
    if flash is not None:
        kind, message = flash
        role = "status" if kind == "notice" else "alert"
        shown = f"<p class='{kind}' role='{role}'>{html.escape(message)}</p>"
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style>"
        "<script src='/workshop/view.js' defer></script></head>"
        f"<body>{shown}{body}</body></html>"
    )


def _form(action: str, csrf: str, fields: str, button: str, *, danger: bool = False) -> str:
    style = " class='danger'" if danger else ""
    return (
        f"<form method='post' action='{html.escape(action)}'>"
        f"<input type='hidden' name='csrf' value='{html.escape(csrf)}'>{fields}"
        f"<button{style}>{html.escape(button)}</button></form>"
    )


_DURATION = "<input name='duration' value='1h' aria-label='duration'> "


def _checkpoint(label: str) -> str:
    return f"<input name='checkpoint' value='checkpoint' aria-label='{label}'> "


def _error_text(error: Mapping[str, Any] | None) -> str:
    if not error:
        return ""
    return html.escape(f"{error['status']} {error['path']}: {error['message']}")


_MARKS = {"done": "✔", "todo": "·", "unknown": "?"}


def _row(row: Mapping[str, Any], checkpoints: Sequence[str]) -> str:
    """One learner's row; its `data-` attributes are what the page's script sorts and
    filters by (instructor.js)."""
    name = html.escape(row["learner"])
    cells = "".join(
        f"<td class='{status}'>{_MARKS.get(status, status)}</td>"
        for status in row["exercises"].values()
    )
    saved = ", ".join(html.escape(label) for label in checkpoints)
    idle_seconds = row["idle_seconds"]
    ago = idle(idle_seconds) or html.escape(row["last_activity"] or "-")
    error = _error_text(row["last_error"])
    stuck = " class='stuck'" if row.get("stuck") else ""
    data = (
        f"data-learner='{name}' data-done='{row['done']}' data-requests='{row['requests']}' "
        f"data-errors='{row.get('errors', 0)}' data-stuck='{int(bool(row.get('stuck')))}' "
        f"data-idle='{'' if idle_seconds is None else idle_seconds}'"
    )
    return (
        f"<tr {data}{stuck}><th><a href='/workshop/learners/{name}'>{name}</a></th>"
        f"{cells}<td>{row['done']}/{len(row['exercises'])}</td>"
        f"<td>{row['requests']}</td><td>{row.get('errors', 0)}</td>"
        f"<td title='{html.escape(row['last_activity'] or '')}'>{ago}</td>"
        f"<td class='error' title='{error}'>{error}</td><td>{saved or '-'}</td>"
        f"<td title='{html.escape(row['clock'])}'><small>{_short(row['clock'])}</small></td></tr>"
    )


def _short(timestamp: str) -> str:
    """`01-05 09:00` of `2026-01-05T09:00:00.000Z` (the whole is the cell's title)."""
    return html.escape(timestamp[5:16].replace("T", " ") if len(timestamp) >= 16 else timestamp)


def rows_html(rows: Sequence[Mapping[str, Any]], checkpoints: Mapping[str, Sequence[str]]) -> str:
    """The table's body: a row a learner (no form: see the module docstring)."""
    return "".join(_row(row, checkpoints.get(row["learner"], ())) for row in rows)


def _totals(rows: Sequence[Mapping[str, Any]], exercises: Sequence[Exercise]) -> str:
    """The row under the header: how many learners finished each exercise (the page's
    script counts again after each refresh)."""
    cells = "".join(
        f"<td class='mark' data-total='{html.escape(e.id)}'>"
        f"{sum(row['exercises'].get(e.id) == 'done' for row in rows)}/{len(rows)}</td>"
        for e in exercises
    )
    stuck = sum(bool(row.get("stuck")) for row in rows)
    idle = sum(row["requests"] == 0 for row in rows)
    return (
        f"<tr class='totals'><th scope='row'>Finished</th>{cells}"
        f"<td colspan='7' id='counts'>{stuck} stuck, {idle} not started</td></tr>"
    )


def _sortable(label: str, key: str) -> str:
    return f"<th scope='col'><button type='button' data-sort='{key}'>{label}</button></th>"


_CONTROLS = (
    "<div class='controls'>"
    "<input id='filter' type='search' placeholder='Filter by name' "
    "aria-label='Filter learners by name'>"
    "<select id='show' aria-label='Show'><option value='all'>Every learner</option>"
    "<option value='stuck'>Stuck</option><option value='not-started'>Not started</option>"
    "<option value='unfinished'>Not finished</option></select>"
    "<span id='shown' aria-live='polite'></span>"
    "<small id='refreshed' aria-live='off'>Refreshes itself every few seconds.</small></div>"
)


def _job_line(job: Mapping[str, Any] | None) -> str:
    """A running room-wide action's progress line (the script follows it to its end)."""
    if job is None:
        return ""
    return (
        f"<p id='job' class='job' role='status' data-running='1'>"
        f"<progress max='{job['total']}' value='{job['done']}'></progress> "
        f"<span>{html.escape(job['text'])}</span></p>"
    )


def room_page(
    rows: Sequence[Mapping[str, Any]],
    exercises: Sequence[Exercise],
    checkpoints: Mapping[str, Sequence[str]],
    csrf: str,
    flash: tuple[str, str] | None,
    job: Mapping[str, Any] | None = None,
) -> str:
    # Numbered, the title in small wrapped type: seven columns fit beside the figures.
    head = "".join(
        f"<th scope='col' class='ex' title='{html.escape(e.hint)}'>{number}. "
        f"{html.escape(e.title)}</th>"
        for number, e in enumerate(exercises, start=1)
    )
    actions = (
        "<fieldset><legend>Every learner</legend>"
        + _form("/workshop/room/clock", csrf, _DURATION, "Advance every clock")
        + _form(
            "/workshop/room/checkpoint", csrf, _checkpoint("room checkpoint"), "Checkpoint the room"
        )
        + _form("/workshop/room/restore", csrf, _checkpoint("room restore"), "Restore the room…")
        + _form("/workshop/room/reset", csrf, "", "Reset every learner…", danger=True)
        + "</fieldset>"
    )
    columns = (
        _sortable("Learner", "name")
        + head
        + _sortable("Done", "done")
        + _sortable("Requests", "requests")
        + _sortable("Errors", "errors")
        + _sortable("Last activity", "idle")
        + "<th scope='col'>Last error</th><th scope='col'>Checkpoints</th>"
        + "<th scope='col'>Clock</th>"
    )
    body = (
        f"<h1>Workshop: {len(rows)} learners</h1>{_job_line(job)}{actions}{_CONTROLS}"
        f"<table id='room'><thead><tr>{columns}</tr>{_totals(rows, exercises)}</thead>"
        f"<tbody id='learners'>{rows_html(rows, checkpoints)}</tbody></table>"
    )
    return _layout("Workshop", body, flash)


def outcome(entry: JournalEntry) -> str:
    """What a journaled request got, when it was refused: the error's or the rejection's
    message (a GraphQL rejection is a typed answer with a 200), else ""."""
    kind, said = answer_of(entry)
    return "" if kind == "ok" else said.removeprefix("error: ")


def answer_of(entry: JournalEntry) -> tuple[str, str]:
    """`("ok", "ok")`, `("rejected", "AccountNotFoundRejection: ...")` or
    `("error", "error: ...")`: what the request got, in a word and a line."""
    text = entry.response or ""
    message = error_message(entry.status or 0, text[:4096].encode("utf-8", "replace"))
    if message is not None:
        return "error", f"error: {message}"
    found = _REJECTION.search(text)
    if found is None:
        return "ok", "ok"
    detail = found.group(2)
    if detail is None:
        return "rejected", found.group(1)
    with contextlib.suppress(ValueError):
        detail = json.loads(f'"{detail}"')
    return "rejected", f"{found.group(1)}: {detail}"


def operation_of(entry: JournalEntry) -> str:
    """The GraphQL operation's name: the one sent (`operationName`) or the journal's, else the
    document's first named operation, else `query { firstField }` for an anonymous one;
    "" for a request that is not GraphQL."""
    if entry.operation_name:
        return entry.operation_name
    document = (entry.document or "")[:4000]
    if not document:
        return ""
    named = _NAMED.search(document)
    if named is not None:
        return named.group(1)
    field = _FIRST_FIELD.search(document)
    kind = entry.operation_type or "query"
    return f"{kind} {{ {field.group(1)} }}" if field else kind


def _journal_table(entries: Sequence[JournalEntry]) -> str:
    if not entries:
        return "<p>No request yet.</p>"
    lines = []
    for entry in reversed(entries):  # newest first
        kind, said = answer_of(entry)
        lines.append(
            f"<tr><td>{entry.seq}</td><td><small>{html.escape(entry.virtual_time)}</small></td>"
            f"<td>{html.escape(entry.method or '')} {html.escape(entry.endpoint)}</td>"
            f"<td>{html.escape(operation_of(entry))}</td>"
            f"<td>{entry.status if entry.status is not None else ''}</td>"
            f"<td class='{kind}'>{html.escape(said)}</td></tr>"
        )
    return (
        "<table><thead><tr><th>#</th><th>Virtual time</th><th>Request</th><th>Operation</th>"
        f"<th>Status</th><th>Outcome</th></tr></thead><tbody>{''.join(lines)}</tbody></table>"
    )


def _exercises_list(row: Mapping[str, Any], exercises: Sequence[Exercise]) -> str:
    """Done N of M, then the exercises still missing, by number and title."""
    statuses = row["exercises"]
    done = sum(status == "done" for status in statuses.values())
    missing = [
        f"<li>{number}. {html.escape(e.title)}"
        + (" <small>(cannot tell yet)</small>" if statuses.get(e.id) == "unknown" else "")
        + "</li>"
        for number, e in enumerate(exercises, start=1)
        if statuses.get(e.id) != "done"
    ]
    listed = f"<ul class='missing' id='missing'>{''.join(missing)}</ul>" if missing else ""
    what = " Missing:" if missing else " Every exercise done."
    return f"<dt>Exercises done</dt><dd>{done} of {len(statuses)}.{what}{listed}</dd>"


def learner_page(
    row: Mapping[str, Any],
    exercises: Sequence[Exercise],
    entries: Sequence[JournalEntry],
    checkpoints: Sequence[str],
    code: str | None,
    csrf: str,
    flash: tuple[str, str] | None,
) -> str:
    """One learner: their figures, the exercises they miss, checkpoints, join code, actions
    and last requests (each with its operation and outcome)."""
    name = html.escape(row["learner"])
    base = f"/workshop/learners/{name}"
    facts = (
        f"<dl>{_exercises_list(row, exercises)}"
        f"<dt>Clock</dt><dd>{html.escape(row['clock'])}</dd>"
        f"<dt>Requests</dt><dd>{row['requests']} ({row.get('errors', 0)} with an error)</dd>"
        f"<dt>Last error</dt><dd>{_error_text(row['last_error']) or '-'}</dd>"
        f"<dt>Checkpoints</dt><dd>{', '.join(map(html.escape, checkpoints)) or '-'}</dd>"
        f"<dt>Join code</dt><dd id='join-code'>{html.escape(code or 'revoked')}</dd></dl>"
    )
    rotate = (
        "<label><input type='checkbox' name='rotate_secret' value='yes'> "
        "and replace the client secret</label> "
    )
    actions = (
        "<fieldset><legend>This learner</legend>"
        + _form(f"{base}/clock", csrf, _DURATION, "Advance")
        + _form(f"{base}/checkpoint", csrf, _checkpoint("checkpoint"), "Save checkpoint")
        + _form(f"{base}/restore", csrf, _checkpoint("restore"), "Restore…")
        + _form(f"{base}/reset", csrf, "", "Reset…", danger=True)
        + _form(f"{base}/reissue", csrf, "", "Reissue join code")
        + _form(f"{base}/revoke", csrf, rotate, "Revoke join code")
        + "</fieldset>"
    )
    body = (
        f"<p><a href='/workshop'>← The room</a></p><h1>Learner {name}</h1>{facts}{actions}"
        f"<h2>Last requests</h2>{_journal_table(entries)}"
    )
    return _layout(f"Workshop: {row['learner']}", body, flash)


def confirm_page(action: str, question: str, detail: str, csrf: str, fields: dict[str, str]) -> str:
    """A destructive action's second step: the same form again, with `confirm=yes`."""
    hidden = "".join(
        f"<input type='hidden' name='{html.escape(key)}' value='{html.escape(value)}'>"
        for key, value in fields.items()
    )
    hidden += "<input type='hidden' name='confirm' value='yes'>"
    back = "/workshop" if action.startswith("/workshop/room/") else action.rsplit("/", 1)[0]
    body = (
        f"<h1>{html.escape(question)}</h1><p>{html.escape(detail)}</p>"
        + _form(action, csrf, hidden, "Yes, " + question[0].lower() + question[1:-1], danger=True)
        + f"<a href='{html.escape(back)}'>Cancel</a>"
    )
    return _layout("Confirm", body)


def error_page(message: str, back: str) -> str:
    body = (
        f"<h1>Not done</h1><p class='problem' role='alert'>{html.escape(message)}</p>"
        f"<p><a href='{html.escape(back)}'>Back</a></p>"
    )
    return _layout("Not done", body)

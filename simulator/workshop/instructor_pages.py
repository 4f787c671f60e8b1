"""The instructor view's pages (instructor.py serves them): the room, a learner, a confirmation.

Plain HTML built here, every value escaped; the view's one script (`static/instructor.js`)
refreshes the table's body from `/workshop/rows` every few seconds. The table holds no form,
so a refresh never takes a value the trainer is typing: the actions on one learner are on
their own page, those on the whole room above the table.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..journal.reading import JournalEntry
from .activity import error_message
from .progress import Exercise

__all__ = [
    "confirm_page",
    "error_page",
    "idle",
    "learner_page",
    "outcome",
    "public_message",
    "room_page",
    "rows_html",
]

_STYLE = """
body { font: 14px system-ui, sans-serif; margin: 1.5em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.25em 0.5em; }
td.done { background: #d8f5d8; } td.todo { color: #999; } td.unknown { color: #b80; }
form { display: inline-block; margin: 0 1em 0.5em 0; } input[name=duration] { width: 4em; }
input[name=checkpoint] { width: 8em; } small { color: #666; }
fieldset { margin: 0 0 1em; } .danger { color: #a00; }
p.notice { background: #e6f4e6; padding: 0.4em 0.8em; } p.problem { background: #fbe3e3;
  padding: 0.4em 0.8em; } td.rejected { color: #a00; }
"""
_A_FILE = "(a file of the room)"
#: An absolute file path in a message (`/home/trainer/room/learners/ada/snapshots/x`).
_FILE_PATH = re.compile(r"(?<![\w/])/(?!w/|workshop\b)(?:[\w.~-]+/)+[\w.~-]*")
_REJECTION = re.compile(
    r'"__typename"\s*:\s*"(\w*Rejection)"(?:[^{}]*?"message"\s*:\s*"((?:[^"\\]|\\.){0,300})")?'
)


def public_message(text: str, data_dir: str) -> str:
    """`text` without a file path of the server (a trainer's screen may be projected)."""
    inside = re.compile(re.escape(data_dir) + r"""[^\s'"]*""")
    return _FILE_PATH.sub(_A_FILE, inside.sub(_A_FILE, text))


def idle(seconds: int | None) -> str:
    """`<br><small>3 min ago</small>`: real time since the learner's last request."""
    if seconds is None:
        return ""
    if seconds < 60:
        ago = f"{seconds} s"
    elif seconds < 3600:
        ago = f"{seconds // 60} min"
    else:
        ago = f"{seconds // 3600} h {seconds % 3600 // 60} min"
    return f"<br><small>{ago} ago</small>"


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


def rows_html(rows: Sequence[Mapping[str, Any]], checkpoints: Mapping[str, Sequence[str]]) -> str:
    """The table's body: a row a learner (no form: see the module docstring)."""
    body = []
    for row in rows:
        name = html.escape(row["learner"])
        cells = "".join(
            f"<td class='{status}'>{status}</td>" for status in row["exercises"].values()
        )
        saved = ", ".join(html.escape(label) for label in checkpoints.get(row["learner"], ()))
        body.append(
            f"<tr data-learner='{name}'><th><a href='/workshop/learners/{name}'>{name}</a></th>"
            f"{cells}<td>{row['requests']}</td>"
            f"<td>{html.escape(row['last_activity'] or '-')}{idle(row['idle_seconds'])}</td>"
            f"<td>{_error_text(row['last_error'])}</td><td>{saved or '-'}</td>"
            f"<td><small>{html.escape(row['clock'])}</small></td></tr>"
        )
    return "".join(body)


def room_page(
    rows: Sequence[Mapping[str, Any]],
    exercises: Sequence[Exercise],
    checkpoints: Mapping[str, Sequence[str]],
    csrf: str,
    flash: tuple[str, str] | None,
) -> str:
    head = "".join(
        f"<th title='{html.escape(e.hint)}'>{html.escape(e.title)}</th>" for e in exercises
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
    body = (
        f"<h1>Workshop: {len(rows)} learners</h1>{actions}"
        "<p><small id='refreshed' aria-live='off'>Refreshes itself every few seconds."
        "</small></p>"
        f"<table><thead><tr><th>Learner</th>{head}<th>Requests</th><th>Last activity</th>"
        "<th>Last error</th><th>Checkpoints</th><th>Clock</th></tr></thead>"
        f"<tbody id='learners'>{rows_html(rows, checkpoints)}</tbody></table>"
    )
    return _layout("Workshop", body, flash)


def outcome(entry: JournalEntry) -> str:
    """What a journaled request got, when it was refused: the error's or the rejection's
    message (a GraphQL rejection is a typed answer with a 200), else ""."""
    text = entry.response or ""
    message = error_message(entry.status or 0, text[:4096].encode("utf-8", "replace"))
    if message is not None:
        return message
    found = _REJECTION.search(text)
    if found is None:
        return ""
    detail = found.group(2)
    if detail is None:
        return found.group(1)
    with contextlib.suppress(ValueError):
        detail = json.loads(f'"{detail}"')
    return f"{found.group(1)}: {detail}"


def _journal_table(entries: Sequence[JournalEntry]) -> str:
    if not entries:
        return "<p>No request yet.</p>"
    lines = []
    for entry in reversed(entries):  # newest first
        refused = outcome(entry)
        kind = " class='rejected'" if refused else ""
        lines.append(
            f"<tr><td>{entry.seq}</td><td><small>{html.escape(entry.virtual_time)}</small></td>"
            f"<td>{html.escape(entry.method or '')} {html.escape(entry.endpoint)}</td>"
            f"<td>{html.escape(entry.operation_name or '')}</td>"
            f"<td>{entry.status if entry.status is not None else ''}</td>"
            f"<td{kind}>{html.escape(refused)}</td></tr>"
        )
    return (
        "<table><thead><tr><th>#</th><th>Virtual time</th><th>Request</th><th>Operation</th>"
        f"<th>Status</th><th>Refused with</th></tr></thead><tbody>{''.join(lines)}</tbody></table>"
    )


def learner_page(
    row: Mapping[str, Any],
    entries: Sequence[JournalEntry],
    checkpoints: Sequence[str],
    code: str | None,
    csrf: str,
    flash: tuple[str, str] | None,
) -> str:
    """One learner: their figures, checkpoints, join code, actions and last requests."""
    name = html.escape(row["learner"])
    base = f"/workshop/learners/{name}"
    done = sum(status == "done" for status in row["exercises"].values())
    facts = (
        f"<dl><dt>Exercises done</dt><dd>{done} of {len(row['exercises'])}</dd>"
        f"<dt>Clock</dt><dd>{html.escape(row['clock'])}</dd>"
        f"<dt>Requests</dt><dd>{row['requests']}</dd>"
        f"<dt>Last error</dt><dd>{_error_text(row['last_error']) or '-'}</dd>"
        f"<dt>Checkpoints</dt><dd>{', '.join(map(html.escape, checkpoints)) or '-'}</dd>"
        f"<dt>Join code</dt><dd id='join-code'>{html.escape(code or 'revoked')}</dd></dl>"
    )
    actions = (
        "<fieldset><legend>This learner</legend>"
        + _form(f"{base}/clock", csrf, _DURATION, "Advance")
        + _form(f"{base}/checkpoint", csrf, _checkpoint("checkpoint"), "Save checkpoint")
        + _form(f"{base}/restore", csrf, _checkpoint("restore"), "Restore…")
        + _form(f"{base}/reset", csrf, "", "Reset…", danger=True)
        + _form(f"{base}/reissue", csrf, "", "Reissue join code")
        + _form(f"{base}/revoke", csrf, "", "Revoke join code")
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

"""Every notebook, run as Run All does, then every button of every kit widget it left on the
page clicked once, as a learner arriving after Run All would: no error output, no widget in an
error state. What a notebook prefills (a Console's document and variables, a walkthrough's
phone) must therefore work as prefilled.

The clicks run in the notebook's own kernel (a cell appended in memory, never saved): the
widgets are the objects that kernel holds, clicked through `Button.click()`, which calls the
same handlers a click in the browser does. A handler's exception is shown by ipywidgets as an
error output of that cell, which is what the test looks for.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: The cell appended after the notebook's own: click everything, report each widget's state.
CLICK_EVERYTHING = '''
import json as _json
import ipywidgets as _widgets
import simulator.widgets as _kit

_KINDS = tuple(getattr(_kit, name) for name in _kit.__all__ if isinstance(getattr(_kit, name), type)
               and issubclass(getattr(_kit, name), _widgets.Widget))


def _descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _descendants(child)


def _problems(widget):
    """What a learner would read as an error on the widget, after the clicks."""
    found = []
    if isinstance(widget, _kit.Console):
        response = widget.response or {}
        if widget.status != 200 or "errors" in response:
            found.append(f"Console {widget.operation.value}: HTTP {widget.status} {response}")
        for name, value in (response.get("data") or {}).items():
            typename = str((value or {}).get("__typename", "")) if isinstance(value, dict) else ""
            if typename.endswith("Rejection"):
                found.append(f"Console {widget.operation.value}: {typename} {value}")
    if isinstance(widget, _kit.OAuthWalkthrough):
        found += [f"walkthrough {step}: {r}" for step, r in widget.results.items() if "error" in r]
    for attribute in ("message", "status_label"):
        text = str(getattr(getattr(widget, attribute, None), "value", ""))
        if "Cannot" in text or "HTTP 4" in text or "HTTP 5" in text or "rror" in text:
            found.append(f"{type(widget).__name__} {attribute}: {text}")
    return found


_seen, _clicked, _report = set(), 0, []
for _name, _value in list(globals().items()):
    if not isinstance(_value, _KINDS) or id(_value) in _seen:
        continue
    _seen.add(id(_value))
    for _button in [w for w in _descendants(_value) if isinstance(w, _widgets.Button)]:
        if not _button.disabled:
            _button.click()
            _clicked += 1
    _report.append({"name": _name, "kind": type(_value).__name__})
_errors = [p for _id in _seen for _w in [next(v for v in list(globals().values()) if id(v) == _id)]
           for p in _problems(_w)]
print(_json.dumps({"widgets": _report, "clicked": _clicked, "problems": _errors}))
'''


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_every_button_of_every_widget_works_after_run_all(path: Path, tmp_path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(CLICK_EVERYTHING))
    NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    errors = [
        (cell.source.splitlines()[:1], output.get("ename") or output.get("text", "")[:300])
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error" or output.get("name") == "stderr"
    ]
    assert errors == []
    # The kernel may send one print as several stream messages (the text, then its newline,
    # with a widget's message between them), so the report is read from the whole stdout.
    stdout = "".join(
        output.get("text", "")
        for output in notebook.cells[-1].outputs
        if output.get("name") == "stdout"
    )
    report_line = next(line for line in stdout.splitlines() if line.startswith('{"widgets"'))
    report = json.loads(report_line)
    assert report["widgets"], f"{path.stem} shows no widget of the kit"
    assert report["clicked"] >= 1
    assert report["problems"] == []

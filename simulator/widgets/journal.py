"""The JournalView (the request journal as a table, filtered by kind) and the ReportReplay (a
bug report's steps replayed, each marked as it answered).

The ReportReplay runs the report's own cells, as `pytest --nbval` would: the report imports
its replayer (`simulator.report`), so this module needs no import of it (the replayer sits
above the widgets: it builds a Simulator).
"""

from __future__ import annotations

import ast
import contextlib
import html
import io
import json
from pathlib import Path
from typing import Any

import ipywidgets as widgets

__all__ = ["JournalView", "ReportReplay"]

#: The kinds the filter offers ("every" reads them all).
KINDS = ("every", "graphql", "oauth", "webhook", "clock")
_CELL = "padding:1px 8px;text-align:left"


def _table(header: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    head = "".join(f"<th style='{_CELL}'>{html.escape(name)}</th>" for name in header)
    body = "".join(
        "<tr>" + "".join(f"<td style='{_CELL}'>{cell}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    return f"<table style='font-size:12px'><tr>{head}</tr>{body}</table>"


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class JournalView(widgets.VBox):  # type: ignore[misc]
    """The last entries of an environment's journal: what was called, when (virtual time),
    by whom, and what it answered; secrets already replaced by references.

    ```python
    view = JournalView(sim)
    view.kind.value = "graphql"       # only GraphQL calls
    view.entries                      # the JournalEntry objects shown
    ```
    """

    def __init__(self, simulator: Any, *, environment: str = "sandbox", last: int = 20) -> None:
        self.simulator = simulator
        self.environment = environment
        self.last = last
        self.entries: list[Any] = []
        self.kind = widgets.ToggleButtons(options=KINDS, value="every", description="Kind")
        self.refresh_button = widgets.Button(description="Refresh", icon="refresh")
        self.table = widgets.HTML()
        self.message = widgets.HTML()
        self.kind.observe(lambda _: self.refresh(), names="value")
        self.refresh_button.on_click(lambda _: self.refresh())
        super().__init__([widgets.HBox([self.kind, self.refresh_button]), self.message, self.table])
        self.refresh()

    def refresh(self) -> None:
        kinds = () if self.kind.value == "every" else (self.kind.value,)
        self.entries = self.simulator.journal.filter(self.environment, last=self.last, kinds=kinds)
        rows = [
            (
                entry.seq,
                f"<code>{html.escape(entry.virtual_time)}</code>",
                html.escape(entry.origin),
                html.escape(entry.kind),
                html.escape(entry.operation_name or entry.endpoint),
                entry.status if entry.status is not None else "–",
            )
            for entry in self.entries
        ]
        self.message.value = f"The last {len(rows)} entries of the {self.environment} journal"
        header = ("#", "virtual time", "origin", "kind", "call", "status")
        self.table.value = _table(header, rows)


def _step(source: str) -> dict[str, Any] | None:
    """A `replay.check({...})` cell's recorded step (a literal), or None for another cell."""
    if not source.startswith("replay.check("):
        return None
    step: dict[str, Any] = ast.literal_eval(source.removeprefix("replay.check(").rstrip()[:-1])
    return step


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class ReportReplay(widgets.VBox):  # type: ignore[misc]
    """A bug report (`sim.report(...)`), replayed step by step in a new simulator: each step
    marked ✔ when it answered as recorded, ✘ with the start of the difference otherwise.

    ```python
    replay = ReportReplay(path)
    replay.replay_button.click()
    replay.outcomes          # [{'step': 1, 'call': '/oauth2/token', 'same': True, ...}, ...]
    ```
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.outcomes: list[dict[str, Any]] = []
        #: What the replayer printed (each step's request and answer), kept off the page.
        self.printed = ""
        self.replay_button = widgets.Button(
            description="Replay", button_style="primary", icon="play"
        )
        self.table = widgets.HTML()
        self.message = widgets.HTML(f"Report <code>{html.escape(self.path.name)}</code>")
        self.replay_button.on_click(lambda _: self.replay())
        super().__init__([widgets.HBox([self.replay_button, self.message]), self.table])

    def replay(self) -> list[dict[str, Any]]:
        """Run the report's cells in a namespace of their own; the last one closes its
        simulator whatever happened."""
        cells = [
            "".join(cell["source"])
            for cell in json.loads(self.path.read_text(encoding="utf-8"))["cells"]
            if cell["cell_type"] == "code"
        ]
        namespace: dict[str, Any] = {}
        self.outcomes = []
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(cells[0], namespace)  # the set-up: the snapshot's state in a new simulator
            try:
                for source in cells[1:]:
                    step = _step(source)
                    if step is not None:
                        self.outcomes.append(self._check(namespace["replay"], step))
            finally:
                namespace["replay"].close()
        self.printed = printed.getvalue()
        same = sum(outcome["same"] for outcome in self.outcomes)
        self.message.value = f"{same} of {len(self.outcomes)} steps answered as recorded"
        rows = [
            (o["step"], f"<code>{html.escape(o['at'])}</code>", html.escape(o["call"]),
             o["status"], "✔" if o["same"] else f"✘ <small>{html.escape(o['difference'])}</small>")
            for o in self.outcomes
        ]  # fmt: skip
        self.table.value = _table(("step", "virtual time", "call", "recorded", ""), rows)
        return self.outcomes

    @staticmethod
    def _check(replay: Any, step: dict[str, Any]) -> dict[str, Any]:
        entry = step.get("entry") or {}
        outcome = {
            "step": step.get("number"),
            "at": str(entry.get("virtual_time", "")),
            "call": str(entry.get("operation_name") or entry.get("endpoint") or entry.get("kind")),
            "status": entry.get("status"),
            "same": True,
            "difference": "",
        }
        try:
            replay.check(step)
        except AssertionError as difference:
            outcome["same"] = False
            outcome["difference"] = " ".join(str(difference).split())[:160]
        return outcome

"""The WebhookTimeline: every event's attempts on the virtual time axis, coloured by outcome,
against the retry schedule; a switch for the in-process receiver; replay of an event.

Drawn as SVG text shown by an `Image` widget (`svg+xml`): no plotting library and no
browser-side code (bqplot and plotly need their front-end extensions and JavaScript), the
same in JupyterLab, Notebook 7, VS Code, Voilà and a headless test, and the same bytes for
the same log (docs/widgets.md, "WebhookTimeline").
"""

from __future__ import annotations

import html
import math
from datetime import datetime
from typing import Any

import ipywidgets as widgets

from ..clock import parse_timestamp
from ..domain.kernel.projects import ProjectCredentials
from ._kit import Kit

__all__ = ["WebhookTimeline"]

#: Receiver mode -> what the in-process inbox does from then on.
MODES = ("succeed", "fail", "time out")


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class WebhookTimeline(widgets.VBox):  # type: ignore[misc]
    """The kit project's webhook attempts, to the in-process inbox `inbox`.

    ```python
    timeline = WebhookTimeline(sim)          # subscribes the kit's project to inbox://kit
    timeline.receiver.value = "fail"          # every delivery now gets a 500
    ...                                       # make events; advance the clock
    timeline.refresh_button.click()
    timeline.attempts                         # the log entries plotted
    timeline.replay_button.click()            # the chosen event, sent again
    ```
    """

    def __init__(
        self, simulator: Any, *, project: ProjectCredentials | None = None, inbox: str = "kit"
    ) -> None:
        self.simulator = simulator
        self.kit = Kit.of(simulator, project)
        self.inbox = simulator.webhooks.inbox(inbox)
        self.project = self.kit.project("sandbox")
        urls = [s["endpoint_url"] for s in simulator.webhooks.subscriptions(self.project)]
        if self.inbox.url not in urls:
            simulator.webhooks.subscribe(self.project, self.inbox, label="Teaching kit inbox")
        # The switch shows the inbox as it is (it may have been told to fail by code), and
        # follows it at each refresh; only a flip of the switch itself changes the inbox.
        self.receiver = widgets.ToggleButtons(
            options=MODES, value=self._inbox_mode(), description="Receiver"
        )
        self._following_inbox = False
        self.event = widgets.Dropdown(description="Event", layout=widgets.Layout(width="520px"))
        self.replay_button = widgets.Button(description="Replay", icon="repeat")
        self.refresh_button = widgets.Button(description="Refresh", icon="refresh")
        self.plot = widgets.Image(format="svg+xml", layout=widgets.Layout(max_width="760px"))
        self.message = widgets.HTML()
        self.attempts: list[dict[str, Any]] = []
        self.receiver.observe(self._switched, names="value")
        self.replay_button.on_click(lambda _: self.replay())
        self.refresh_button.on_click(lambda _: self.refresh())
        super().__init__(
            [
                self.receiver,
                widgets.HBox([self.event, self.replay_button, self.refresh_button]),
                self.message,
                self.plot,
            ]
        )
        self.refresh()

    def _inbox_mode(self) -> str:
        """The switch position that says how the inbox answers from now on (past one-offs)."""
        standing = self.inbox.standing
        if standing.latency >= self.simulator.webhooks.policy.timeout:
            return "time out"
        if standing.error or not 200 <= standing.status < 300:
            return "fail"
        return "succeed"

    def _switched(self, change: dict[str, Any]) -> None:
        if not self._following_inbox:
            self.set_receiver(change["new"])

    def set_receiver(self, mode: str) -> None:
        """`succeed` (200 at once), `fail` (500), or `time out` (longer than the policy)."""
        if mode == "fail":
            self.inbox.succeed().fail()
        elif mode == "time out":
            self.inbox.succeed().slow(self.simulator.webhooks.policy.timeout + 1)
        else:
            self.inbox.succeed()
        self.message.value = f"The receiver will now <b>{mode}</b>."

    def replay(self) -> list[dict[str, Any]]:
        if not self.event.value:
            self.message.value = "<i>No event to replay yet.</i>"
            return []
        sent: list[dict[str, Any]] = self.simulator.webhooks.replay(self.project, self.event.value)
        outcome = ", ".join("ok" if a["succeeded"] else f"failed ({a['error_code']})" for a in sent)
        self.message.value = f"Replayed: {outcome}"
        self.refresh()
        return sent

    def refresh(self) -> None:
        """Read the log again and redraw."""
        hooks = self.simulator.webhooks
        if self.receiver.value != self._inbox_mode():  # the inbox was told otherwise by code
            self._following_inbox = True
            self.receiver.value = self._inbox_mode()
            self._following_inbox = False
        self.attempts = [a for a in hooks.log(self.project) if a["kind"] != "Probe"]
        labels = event_labels(self.attempts)
        self.event.options = [(label, eid) for eid, label in labels.items()]
        self.event.value = next(reversed(labels), None) if labels else None
        pending = hooks.deliveries(self.project, status="Pending")
        self.plot.value = _draw(self.attempts, pending, labels, hooks.policy.delays)


def event_labels(attempts: list[dict[str, Any]]) -> dict[str, str]:
    """Each event (by id, in order of first attempt) named by its type, numbered when a type
    comes more than once ("Account.Created #2"): a learner reads types, not ids."""
    kinds: dict[str, str] = {}
    for attempt in attempts:
        kinds.setdefault(attempt["event_id"], attempt["event_type"])
    counts = {kind: list(kinds.values()).count(kind) for kind in set(kinds.values())}
    seen: dict[str, int] = {}
    labels = {}
    for event_id, kind in kinds.items():
        seen[kind] = seen.get(kind, 0) + 1
        labels[event_id] = f"{kind} #{seen[kind]}" if counts[kind] > 1 else kind
    return labels


#: The plot's geometry in pixels: its width, a row's height, the margins above the rows (the
#: title) and below them (the axis and its legend), and the space left of the axis for labels.
_WIDTH, _ROW, _TOP, _BOTTOM = 680, 26, 30, 46
#: ok, failed, timed out, the next retry's ring, the retry schedule's marks.
_COLOURS = {"ok": "#2a2", "failed": "#c33", "Timeout": "#e80", "next": "#36c", "grid": "#bbb"}
_TITLE = "Webhook attempts: green ok, red failed, orange timed out; diamonds are replays"
_LEGEND = (
    "virtual minutes since the event's first attempt (grey: retry schedule; blue ring: next retry)"
)


def _draw(
    attempts: list[dict[str, Any]],
    pending: list[dict[str, Any]],
    labels: dict[str, str],
    delays: tuple[float, ...],
) -> bytes:
    """The SVG: one row per event, minutes since its first attempt on x (linear to a minute,
    logarithmic beyond: a retry schedule spans seconds to days). Attempts at the same instant
    of one event (a replay sent twice at once) are stacked, not drawn over each other;
    replays are diamonds. Written as text, not plotted: the same bytes for the same log, and
    no plotting library (nor numpy) among the package's dependencies (docs/widgets.md)."""
    starts: dict[str, datetime] = {}
    for attempt in attempts:
        starts.setdefault(attempt["event_id"], parse_timestamp(attempt["attempted_at"]))
    minutes = [_since(starts[a["event_id"]], a["attempted_at"]) for a in attempts]
    schedule = [sum(delays[:n]) / 60 for n in range(len(delays) + 1)]
    dues = [
        (d["event_id"], _since(starts[d["event_id"]], d["next_attempt_at"]))
        for d in pending
        if d["event_id"] in starts and d["next_attempt_at"]
    ]
    rows = {event: n for n, event in enumerate(labels)}
    axis = _Axis([*schedule, *minutes, *(due for _, due in dues)], list(labels.values()))
    shapes = axis.frame()
    for row in rows.values():
        shapes += [axis.mark(at, row) for at in schedule]
    for event, due in dues:
        shapes.append(_circle(axis.x(due), axis.y(rows[event]), 5, "none", _COLOURS["next"]))
    stacked: dict[tuple[str, float], int] = {}
    for attempt, at in zip(attempts, minutes, strict=True):
        already = stacked.get((attempt["event_id"], at), 0)
        stacked[(attempt["event_id"], at)] = already + 1
        x, y = axis.x(at), axis.y(rows[attempt["event_id"]] + 0.18 * already)
        colour = _COLOURS["ok"] if attempt["succeeded"] else _COLOURS["failed"]
        if attempt["error_code"] == "Timeout":
            colour = _COLOURS["Timeout"]
        if attempt["kind"] == "Replay":
            shapes.append(_diamond(x, y, colour))
        else:
            shapes.append(_circle(x, y, 4, colour, colour))
    return axis.svg(shapes)


def _since(start: datetime, timestamp: str) -> float:
    return (parse_timestamp(timestamp) - start).total_seconds() / 60


def _symlog(minutes: float) -> float:
    """Linear up to one minute, one unit per decade beyond (matplotlib's `symlog`, 1)."""
    return minutes if minutes <= 1 else 1 + math.log10(minutes)


class _Axis:
    """Where a time (minutes) and a row fall in the picture, and the picture's frame."""

    def __init__(self, minutes: list[float], labels: list[str]) -> None:
        self.labels = labels
        self.left = 20 + 6.2 * max((len(label) for label in labels), default=0)
        self.right = _WIDTH - 12
        self.end = _symlog(max([*minutes, 1.0])) * 1.04  # a margin past the last mark
        self.height = _TOP + _ROW * max(len(labels), 1) + _BOTTOM

    def x(self, minutes: float) -> float:
        return self.left + (self.right - self.left) * _symlog(max(minutes, 0)) / self.end

    def y(self, row: float) -> float:
        return _TOP + _ROW * (row + 0.5)

    def mark(self, minutes: float, row: int) -> str:
        """A retry's place in the schedule: a short grey bar across the row."""
        x, y = self.x(minutes), self.y(row)
        return _line(x, y - 7, x, y + 7, _COLOURS["grid"])

    def frame(self) -> list[str]:
        """The box, the title, the events' names, the ticks (0, 1, 10, 100... minutes)."""
        bottom = self.height - _BOTTOM
        shapes = [
            f'<rect x="{self.left}" y="{_TOP}" width="{self.right - self.left}" '
            f'height="{bottom - _TOP}" fill="white" stroke="black" stroke-width="0.8"/>',
            _text(_WIDTH / 2, 18, _TITLE, "middle", 12),
            _text((self.left + self.right) / 2, self.height - 8, _LEGEND, "middle", 11),
        ]
        shapes += [
            _text(self.left - 6, self.y(row) + 4, label, "end", 11)
            for row, label in enumerate(self.labels)
        ]
        for at in (0, *(10**decade for decade in range(9))):
            if _symlog(at) > self.end:
                break
            shapes.append(_line(self.x(at), bottom, self.x(at), bottom + 4, "black"))
            shapes.append(_text(self.x(at), bottom + 16, f"{at:g}", "middle", 11))
        return shapes

    def svg(self, shapes: list[str]) -> bytes:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{self.height}" '
            f'viewBox="0 0 {_WIDTH} {self.height}" font-family="DejaVu Sans, sans-serif">'
            f'<rect width="{_WIDTH}" height="{self.height}" fill="white"/>'
            + "".join(shapes)
            + "</svg>"
        ).encode()


def _text(x: float, y: float, text: str, anchor: str, size: int) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}">'
        f"{html.escape(text)}</text>"
    )


def _line(x1: float, y1: float, x2: float, y2: float, colour: str) -> str:
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}"/>'


def _circle(x: float, y: float, radius: float, fill: str, stroke: str) -> str:
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{fill}" stroke="{stroke}"/>'


def _diamond(x: float, y: float, colour: str) -> str:
    points = f"{x:.1f},{y - 5:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 5:.1f} {x - 5:.1f},{y:.1f}"
    return f'<polygon points="{points}" fill="{colour}"/>'

"""The WebhookTimeline: every event's attempts on the virtual time axis, coloured by outcome,
against the retry schedule; a switch for the in-process receiver; replay of an event.

Plotted with matplotlib into a PNG shown by an `Image` widget: matplotlib is maintained,
installs from wheels, draws without a browser or a CDN (bqplot and plotly need their
front-end extensions and JavaScript), and a PNG is the same in JupyterLab, Notebook 7, VS
Code, Voilà and a headless test.
"""

from __future__ import annotations

import io
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
        self.plot = widgets.Image(format="png", layout=widgets.Layout(max_width="760px"))
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


def _draw(
    attempts: list[dict[str, Any]],
    pending: list[dict[str, Any]],
    labels: dict[str, str],
    delays: tuple[float, ...],
) -> bytes:
    """The PNG: one row per event, minutes since its first attempt on x. Attempts at the same
    instant of one event (a replay sent twice at once) are stacked, not drawn over each
    other; replays are diamonds."""
    from matplotlib.figure import Figure  # start-up: matplotlib (0.3 s), when a plot is drawn

    events = list(labels)
    figure = Figure(figsize=(7.5, 1.6 + 0.45 * max(len(events), 1)), dpi=90)
    axes = figure.subplots()
    starts: dict[str, Any] = {}
    for attempt in attempts:
        starts.setdefault(attempt["event_id"], parse_timestamp(attempt["attempted_at"]))
    rows = {event: n for n, event in enumerate(events)}
    colours = {"Timeout": "#e80"}
    stacked: dict[tuple[str, float], int] = {}
    for attempt in attempts:
        x = (parse_timestamp(attempt["attempted_at"]) - starts[attempt["event_id"]]).total_seconds()
        colour = "#2a2" if attempt["succeeded"] else colours.get(attempt["error_code"], "#c33")
        already = stacked.get((attempt["event_id"], x), 0)
        stacked[(attempt["event_id"], x)] = already + 1
        y = rows[attempt["event_id"]] + 0.18 * already
        marker = "D" if attempt["kind"] == "Replay" else "o"
        axes.scatter([x / 60], [y], color=colour, marker=marker, s=36, zorder=3)
    schedule = [sum(delays[:n]) / 60 for n in range(len(delays) + 1)]
    for row in rows.values():
        axes.scatter(schedule, [row] * len(schedule), marker="|", color="#bbb", s=120, zorder=1)
    for delivery in pending:
        if delivery["event_id"] in starts and delivery["next_attempt_at"]:
            due = parse_timestamp(delivery["next_attempt_at"]) - starts[delivery["event_id"]]
            axes.scatter(
                [due.total_seconds() / 60],
                [rows[delivery["event_id"]]],
                facecolors="none",
                edgecolors="#36c",
                s=50,
                zorder=2,
            )
    axes.set_yticks(range(len(events)), [labels[e] for e in events] or [], fontsize=8)
    axes.set_xscale("symlog", linthresh=1)
    axes.set_xlim(left=0)
    axes.set_xlabel(
        "virtual minutes since the event's first attempt (grey: retry schedule; "
        "blue ring: next retry)",
        fontsize=8,
    )
    axes.set_title(
        "Webhook attempts: green ok, red failed, orange timed out; diamonds are replays",
        fontsize=9,
    )
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()

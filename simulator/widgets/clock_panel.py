"""The ClockPanel: the virtual time, live, the buttons that move it, and the work waiting."""

from __future__ import annotations

import asyncio
import html
from datetime import timedelta
from typing import Any, ClassVar

import ipywidgets as widgets

from ..clock import parse_timestamp
from ..exceptions import SimulatorError
from .pending import PendingWork, pending_work

__all__ = ["ClockPanel"]

#: Seconds between two looks at the clock while the panel follows it.
FOLLOW_INTERVAL = 0.5


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class ClockPanel(widgets.VBox):  # type: ignore[misc]
    """The simulator's clock, following changes made anywhere (code, the CLI, the Testing
    API); buttons to advance 5 s, 1 min, 1 h, 1 day or to the next scheduled work; the
    pending work (settlements, consent expiries, webhook retries) on a timeline.

    ```python
    panel = ClockPanel(sim)
    panel.buttons["+1h"].click()   # as a learner would
    panel.time.value               # '2026-01-05T10:00:00.000Z'
    panel.buttons["next"].click()  # to the next scheduled work, which fires
    panel.poll()                   # what a running notebook does every half second
    ```

    In a running kernel the panel follows the clock by itself (an asyncio task on the
    kernel's loop, `follow()`); `stop()` or `close()` ends that.
    """

    STEPS: ClassVar[dict[str, str]] = {"+5s": "5s", "+1m": "1m", "+1h": "1h", "+1d": "1d"}

    def __init__(self, simulator: Any, *, follow: bool = True) -> None:
        self.simulator = simulator
        self.time = widgets.Text(description="Virtual time", disabled=True)
        self.mode = widgets.HTML()
        self.duration = widgets.Text(value="15m", description="Duration")
        self.advance_button = widgets.Button(description="Advance", button_style="primary")
        self.message = widgets.Label()
        self.buttons = {label: widgets.Button(description=label) for label in self.STEPS}
        self.buttons["next"] = widgets.Button(description="Next due work", icon="forward")
        for label, duration in self.STEPS.items():
            self.buttons[label].on_click(lambda _, duration=duration: self.advance(duration))
        self.buttons["next"].on_click(lambda _: self.advance_to_next())
        self.advance_button.on_click(lambda _: self.advance(self.duration.value))
        self.timeline = widgets.HTML()
        self.pending: list[PendingWork] = []
        self._shown: str | None = None
        self._task: asyncio.Task[None] | None = None
        super().__init__(
            [
                widgets.HBox([self.time, self.mode]),
                widgets.HBox(list(self.buttons.values())),
                widgets.HBox([self.duration, self.advance_button]),
                self.message,
                self.timeline,
            ]
        )
        self.refresh()
        if follow:
            self.follow()

    # -- moving the clock ---------------------------------------------------------------

    def advance(self, duration: str | timedelta) -> None:
        try:
            result = self.simulator.advance(duration)
        except SimulatorError as error:
            self.message.value = str(error)
        else:
            fired = len(result.timeline)
            self.message.value = f"Advanced {duration}; {fired} scheduled event(s) fired."
        self.refresh()

    def advance_to_next(self) -> None:
        """Move to the soonest pending work (which fires), or say there is none."""
        self.refresh()
        if not self.pending:
            self.message.value = "No scheduled work is pending."
            return
        gap = parse_timestamp(self.pending[0].due) - self.simulator.now()
        result = self.simulator.advance(max(gap, timedelta(0)))
        self.message.value = (
            f"Moved to {self.pending[0].due} ({self.pending[0].kind}); "
            f"{len(result.timeline)} scheduled event(s) fired."
        )
        self.refresh()

    # -- following ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the clock and the pending work as they are now."""
        if self.simulator.closed:
            self.message.value = "The simulator is closed."
            return
        clock = self.simulator.clock
        self._shown = self.time.value = clock.timestamp()
        self.mode.value = "❄ frozen" if clock.frozen else "▶ running"
        self.pending = pending_work(self.simulator)
        self.timeline.value = _timeline_html(self._shown, self.pending)

    def poll(self) -> bool:
        """Refresh when the clock moved since it was shown (from anywhere); True if it did."""
        if self.simulator.closed or self.simulator.clock.timestamp() == self._shown:
            return False
        self.refresh()
        return True

    def follow(self, interval: float = FOLLOW_INTERVAL) -> bool:
        """Poll every `interval` seconds on the running event loop (a kernel's); False when
        there is no running loop (a script, a test), where `poll()` is called by hand."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._follow(interval))
        return True

    async def _follow(self, interval: float) -> None:
        while not self.simulator.closed:
            self.poll()
            await asyncio.sleep(interval)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def close(self) -> None:
        self.stop()
        super().close()


def _timeline_html(now: str, items: list[PendingWork]) -> str:
    """The pending work as dots on a line from now to the last item, and as a list."""
    if not items:
        return "<i>No scheduled work is pending.</i>"
    start = parse_timestamp(now)
    span = max((parse_timestamp(items[-1].due) - start).total_seconds(), 1.0)
    colours = {"settlement": "#2a7", "consent expiry": "#c80", "webhook retry": "#36c"}
    dots = []
    for item in items:
        x = 10 + 580 * max((parse_timestamp(item.due) - start).total_seconds(), 0) / span
        colour = colours.get(item.kind, "#888")
        title = html.escape(f"{item.due} {item.kind}: {item.what}")
        dots.append(
            f"<circle cx='{x:.1f}' cy='20' r='6' fill='{colour}'><title>{title}</title></circle>"
        )
    svg = (
        "<svg width='600' height='40'><line x1='10' y1='20' x2='590' y2='20' stroke='#999'/>"
        + "".join(dots)
        + f"<text x='10' y='38' font-size='10'>now</text><text x='520' y='38' font-size='10'>"
        f"{html.escape(items[-1].due[:16])}</text></svg>"
    )
    rows = "".join(
        f"<tr><td><code>{html.escape(item.due)}</code></td><td>{html.escape(item.kind)}</td>"
        f"<td>{html.escape(item.what)}</td><td>{html.escape(item.environment)}</td></tr>"
        for item in items[:10]
    )
    more = f"<p>… and {len(items) - 10} more</p>" if len(items) > 10 else ""
    return f"<b>Scheduled work</b><br>{svg}<table>{rows}</table>{more}"

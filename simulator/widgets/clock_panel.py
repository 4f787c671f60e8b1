"""A panel showing the virtual time, with buttons that move it."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..exceptions import SimulatorError

__all__ = ["ClockPanel"]


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class ClockPanel(widgets.VBox):  # type: ignore[misc]
    """The simulator's clock: the time, quick buttons (+1m, +1h, +1d) and a duration field.

    ```python
    panel = ClockPanel(sim)
    panel.buttons["+1h"].click()   # as a learner would
    panel.time.value               # '2026-01-05T10:00:00.000Z'
    ```
    """

    STEPS = ("+1m", "+5m", "+1h", "+1d")

    def __init__(self, simulator: Any) -> None:
        self.simulator = simulator
        self.time = widgets.Text(description="Virtual time", disabled=True)
        self.duration = widgets.Text(value="15m", description="Duration")
        self.advance_button = widgets.Button(description="Advance", button_style="primary")
        self.message = widgets.Label()
        self.buttons = {step: widgets.Button(description=step) for step in self.STEPS}
        for step, button in self.buttons.items():
            button.on_click(lambda _, step=step: self.advance(step[1:]))
        self.advance_button.on_click(lambda _: self.advance(self.duration.value))
        super().__init__(
            [
                self.time,
                widgets.HBox(list(self.buttons.values())),
                widgets.HBox([self.duration, self.advance_button]),
                self.message,
            ]
        )
        self.refresh()

    def advance(self, duration: str) -> None:
        try:
            result = self.simulator.advance(duration)
        except SimulatorError as error:
            self.message.value = str(error)
        else:
            fired = len(result.timeline)
            self.message.value = f"Advanced {duration}; {fired} scheduled event(s) fired."
        self.refresh()

    def refresh(self) -> None:
        self.time.value = self.simulator.clock.timestamp()

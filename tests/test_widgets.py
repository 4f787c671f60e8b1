"""The notebook widgets, clicked headlessly as a learner would."""

from simulator import Simulator
from simulator.widgets import ClockPanel


def test_clock_panel_buttons_move_the_virtual_clock(sim: Simulator) -> None:
    panel = ClockPanel(sim)
    assert panel.time.value == "2026-01-05T09:00:00.000Z"
    panel.buttons["+1h"].click()
    assert panel.time.value == "2026-01-05T10:00:00.000Z"
    panel.duration.value = "1d"
    panel.advance_button.click()
    assert sim.clock.timestamp() == "2026-01-06T10:00:00.000Z"
    assert panel.message.value.startswith("Advanced 1d")


def test_clock_panel_says_what_is_wrong_with_a_duration(sim: Simulator) -> None:
    panel = ClockPanel(sim)
    panel.duration.value = "soon"
    panel.advance_button.click()
    assert panel.message.value.startswith("Not a duration")
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"

"""The notebook widgets, clicked headlessly as a learner would."""

import httpx

from simulator import Simulator
from simulator.widgets import ClockPanel, GraphQLPanel


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


def test_graphql_panel_runs_an_operation(http: httpx.Client, token: str) -> None:
    panel = GraphQLPanel(http, token, query="{ accounts { totalCount } }")
    panel.run_button.click()
    assert panel.status == 200
    assert panel.response["data"] == {"accounts": {"totalCount": 0}}
    assert "HTTP 200" in panel.result.value


def test_graphql_panel_reports_variables_that_are_not_json(http: httpx.Client, token: str) -> None:
    panel = GraphQLPanel(http, token, query="{ accounts { totalCount } }")
    panel.variables.value = "{not json"
    panel.run_button.click()
    assert panel.status is None
    assert panel.response["error"].startswith("Variables are not JSON")

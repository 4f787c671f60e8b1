"""The clock's bounds: a huge duration, or an instant near the end of Python's calendar, is a
clear refusal (a ValidationRejection from the Testing API), never an internal error, and
it leaves the clock where it was."""

from __future__ import annotations

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.clock import LATEST, format_timestamp, parse_duration
from simulator.exceptions import InvalidDuration, InvalidTimestamp

from .conftest import GraphQL, project_token

ADVANCE = """mutation($d: String!) { advanceClock(input: {duration: $d}) { __typename
  ... on ValidationRejection { message } ... on ClockSuccessPayload { clock { now } } } }"""
SET = """mutation($t: DateTime!) { setClock(input: {to: $t}) { __typename
  ... on ValidationRejection { message } ... on ClockSuccessPayload { clock { now } } } }"""


@pytest.mark.parametrize("duration", ["9999999999d", "9" * 30 + "s", "1" * 400 + "s"])
def test_a_huge_duration_is_refused(duration: str) -> None:
    with pytest.raises(InvalidDuration, match="Too long a duration"):
        parse_duration(duration)


@pytest.mark.parametrize("duration", ["9999999999d", "99999999999999999999s", "10000000d"])
def test_advancing_by_a_huge_duration_is_a_validation_rejection(
    sim: Simulator, testing: GraphQL, duration: str
) -> None:
    answer = testing(ADVANCE, {"d": duration})["advanceClock"]
    assert answer["__typename"] == "ValidationRejection"
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"


def test_the_clock_stops_before_the_end_of_the_calendar(
    sim: Simulator, testing: GraphQL, http: httpx.Client, project: ProjectCredentials
) -> None:
    refused = testing(SET, {"t": "9999-12-31T23:59:59Z"})["setClock"]
    assert refused["__typename"] == "ValidationRejection"
    assert "outside the clock's range" in refused["message"]
    with pytest.raises(InvalidTimestamp):
        sim.clock.set("9000-01-02T00:00:00Z")
    reached = testing(SET, {"t": format_timestamp(LATEST)})["setClock"]
    assert reached["clock"]["now"] == "9000-01-01T00:00:00.000Z"
    with pytest.raises(InvalidDuration, match="past 9000"):
        sim.advance("1d")
    # Everything still works there: a token (its expiry adds an hour), the Testing API.
    again = GraphQL(http, "/sandbox-testing/graphql", project_token(http, project))
    assert again(ADVANCE, {"d": "1s"})["advanceClock"]["__typename"] == "ValidationRejection"
    assert again(ADVANCE, {"d": "0s"})["advanceClock"]["__typename"] == "ClockSuccessPayload"

from simulator import Simulator

from .conftest import GraphQL, project_token

CLOCK = "__typename ... on ClockSuccessPayload { clock { now mode } } ... on ValidationRejection { message fields { code path } }"


def test_clock_controls(sim: Simulator, testing: GraphQL) -> None:
    assert testing("{ clock { now mode } }") == {
        "clock": {"now": "2026-01-05T09:00:00.000Z", "mode": "Frozen"}
    }
    data = testing('mutation { advanceClock(input: {duration: "30m"}) { %s } }' % CLOCK)
    assert data["advanceClock"]["clock"]["now"] == "2026-01-05T09:30:00.000Z"
    assert sim.clock.timestamp() == "2026-01-05T09:30:00.000Z"
    data = testing('mutation { setClock(input: {to: "2026-01-05T09:45:00Z"}) { %s } }' % CLOCK)
    assert data["setClock"]["clock"]["now"] == "2026-01-05T09:45:00.000Z"
    assert (
        testing("mutation { resumeClock { %s } }" % CLOCK)["resumeClock"]["clock"]["mode"]
        == "Running"
    )
    assert (
        testing("mutation { freezeClock { %s } }" % CLOCK)["freezeClock"]["clock"]["mode"]
        == "Frozen"
    )


def test_bad_clock_input_is_a_validation_rejection(sim: Simulator, testing: GraphQL) -> None:
    data = testing('mutation { advanceClock(input: {duration: "two hours"}) { %s } }' % CLOCK)
    assert data["advanceClock"]["__typename"] == "ValidationRejection"
    assert data["advanceClock"]["fields"] == [
        {"code": "InvalidString", "path": ["input", "duration"]}
    ]
    data = testing('mutation { setClock(input: {to: "2020-01-01T00:00:00Z"}) { %s } }' % CLOCK)
    assert data["setClock"]["__typename"] == "ValidationRejection"
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"


def test_the_clock_cannot_be_moved_past_its_range(
    sim: Simulator, testing: GraphQL, http, project
) -> None:
    """Moved to year 9999, the clock would make every token's expiry overflow (a 500)."""
    for duration in ["100000000d", "99999999999w", "9" * 400]:
        data = testing(
            "mutation($d: String!) { advanceClock(input: {duration: $d}) { %s } }" % CLOCK,
            {"d": duration},
        )
        assert data["advanceClock"]["__typename"] == "ValidationRejection", duration
    data = testing('mutation { setClock(input: {to: "9999-12-31T23:00:00Z"}) { %s } }' % CLOCK)
    assert data["setClock"]["__typename"] == "ValidationRejection"
    assert "outside the clock's range" in data["setClock"]["message"]
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"
    data = testing('mutation { setClock(input: {to: "8999-12-31T00:00:00Z"}) { %s } }' % CLOCK)
    assert data["setClock"]["clock"]["now"] == "8999-12-31T00:00:00.000Z"
    # Every lifetime still fits: a token is issued and works.
    token = project_token(http, project)
    assert GraphQL(http, "/sandbox/graphql", token)("{ accounts { totalCount } }")


def test_create_holder_with_a_legal_representative(sim: Simulator, testing: GraphQL) -> None:
    data = testing(
        """mutation { createSandboxAccountHolder(input: {type: Company, companyName: "ACME",
        firstName: "Wile", lastName: "Coyote", legalRepresentativePhoneNumber: "+33611111111"}) {
        ... on CreateSandboxAccountHolderSuccessPayload { accountHolderId accountId userId } } }"""
    )["createSandboxAccountHolder"]
    db = sim.sandbox.store.db
    assert db["accounts"].get(data["accountId"])["holder_id"] == data["accountHolderId"]
    membership = next(db["account_memberships"].rows_where("account_id = ?", [data["accountId"]]))
    assert membership["user_id"] == data["userId"]
    assert membership["legal_representative"] == 1


def test_invalid_holders_are_rejected_and_change_nothing(sim: Simulator, testing: GraphQL) -> None:
    for args in [
        "type: Company",
        'firstName: "A"',
        'firstName: "A", lastName: "B", legalRepresentativePhoneNumber: "0612"',
    ]:
        data = testing(
            "mutation { createSandboxAccountHolder(input: {%s}) { __typename ... on Rejection { message } } }"
            % args
        )
        assert data["createSandboxAccountHolder"]["__typename"] == "ValidationRejection"
    assert sim.sandbox.store.db["account_holders"].count == 0
    assert sim.sandbox.store.db["accounts"].count == 0


def test_create_consent_validates_its_input(testing: GraphQL) -> None:
    for args in [
        'redirectUrl: "not a url"',
        'redirectUrl: "http://x/cb", purpose: "Nope"',
        'redirectUrl: "http://x/cb", userId: "u-404"',
    ]:
        data = testing("mutation { createSandboxConsent(input: {%s}) { __typename } }" % args)
        assert data["createSandboxConsent"]["__typename"] == "ValidationRejection"

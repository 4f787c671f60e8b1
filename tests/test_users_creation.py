"""`startUserCreation` / `completeUserCreation`: a user created with the code a text message
carries (docs/oauth.md, "Creating users")."""

from __future__ import annotations

from typing import Any

import httpx

from simulator import ProjectCredentials, Simulator
from simulator.domain.kernel.events import list_events
from simulator.oauth.sms import latest_code

from .conftest import GraphQL, project_token
from .oauth_pages import REDIRECT_URI

START = """mutation Start($input: StartUserCreationInput!) {
  startUserCreation(input: $input) {
    __typename ... on StartUserCreationSuccess { requestId } ... on Rejection { message } } }"""
COMPLETE = """mutation Complete($input: CompleteUserCreationInput!) {
  completeUserCreation(input: $input) {
    __typename
    ... on CompleteUserCreationSuccessPayload {
      userAlreadyExisted user { id firstName lastName birthDate mobilePhoneNumber } }
    ... on ValidationRejection { fields { path } }
    ... on Rejection { message } } }"""
PHONE = "+33611223344"
ADA = {"firstName": "Ada", "lastName": "Lovelace", "birthDate": "1990-12-10"}


def _start(api: GraphQL, phone: str = PHONE) -> str:
    answer = api(START, {"input": {"mobilePhoneNumber": phone, "locale": "fr"}})
    return str(answer["startUserCreation"]["requestId"])


def _complete(api: GraphQL, request_id: str, code: str, **info: Any) -> dict[str, Any]:
    variables = {
        "input": {"requestId": request_id, "code": code, "userInformation": {**ADA, **info}}
    }
    result: dict[str, Any] = api(COMPLETE, variables)["completeUserCreation"]
    return result


def test_a_user_is_created_with_the_texted_code(
    sim: Simulator, sandbox: GraphQL, project: ProjectCredentials
) -> None:
    request_id = _start(sandbox)
    code = latest_code(sim.sandbox, PHONE)
    assert code is not None
    done = _complete(sandbox, request_id, code)
    assert done["__typename"] == "CompleteUserCreationSuccessPayload"
    assert done["userAlreadyExisted"] is False
    user = done["user"]
    assert (user["firstName"], user["birthDate"], user["mobilePhoneNumber"]) == (
        "Ada", "1990-12-10", PHONE
    )  # fmt: skip
    joined = [e for e in list_events(sim.sandbox) if e["event_type"] == "User.Joined"]
    assert [(e["project_id"], e["resource_id"]) for e in joined] == [
        (project.project_id, user["id"])
    ]
    seen = sandbox("query($id: String!) { user(id: $id) { id } }", {"id": user["id"]})
    assert seen["user"]["id"] == user["id"]
    # The request is used up; a second one for the same phone answers the same user.
    assert _complete(sandbox, request_id, code)["__typename"] == "OperationNotAllowedRejection"
    again = _start(sandbox)
    twice = _complete(sandbox, again, latest_code(sim.sandbox, PHONE) or "")
    assert twice["userAlreadyExisted"] is True and twice["user"]["id"] == user["id"]


def test_wrong_codes_are_counted_and_block_the_request(sim: Simulator, sandbox: GraphQL) -> None:
    request_id = _start(sandbox)
    code = latest_code(sim.sandbox, PHONE)
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        assert _complete(sandbox, request_id, wrong)["__typename"] == "WrongCodeRejection"
    assert _complete(sandbox, request_id, code or "")["__typename"] == "UserBlockedRejection"
    assert sim.sandbox.store.db["users"].count_where("phone_number = ?", [PHONE]) == 0


def test_bad_information_and_expired_codes_change_nothing(sim: Simulator, sandbox: GraphQL) -> None:
    request_id = _start(sandbox)
    code = latest_code(sim.sandbox, PHONE) or ""
    bad = _complete(sandbox, request_id, code, firstName=" ", birthDate="1990-02-30")
    assert bad["__typename"] == "ValidationRejection"
    assert {tuple(f["path"]) for f in bad["fields"]} == {
        ("input", "userInformation", "firstName"),
        ("input", "userInformation", "birthDate"),
    }
    sim.advance("16m")
    expired = _complete(sandbox, request_id, code)
    assert expired == {
        "__typename": "WrongCodeRejection",
        "message": "The code expired: start again.",
    }
    assert sim.sandbox.store.db["users"].count_where("phone_number = ?", [PHONE]) == 0


def test_requests_and_users_are_scoped_to_the_project(
    sim: Simulator, http: httpx.Client, sandbox: GraphQL
) -> None:
    other = GraphQL(
        http,
        "/sandbox/graphql",
        project_token(http, sim.create_project("sandbox", "O", [REDIRECT_URI])),
    )
    request_id = _start(sandbox)
    code = latest_code(sim.sandbox, PHONE) or ""
    # Another project cannot complete this project's request.
    assert _complete(other, request_id, code)["__typename"] == "OperationNotAllowedRejection"
    created = _complete(sandbox, request_id, code)["user"]
    # Nor learn this project's user by texting its phone.
    theirs = _start(other)
    refused = _complete(other, theirs, latest_code(sim.sandbox, PHONE) or "")
    assert refused["__typename"] == "OperationNotAllowedRejection"
    assert other("query($id: String!) { user(id: $id) { id } }", {"id": created["id"]}) == {
        "user": None
    }

"""The Testing API's sandbox identifications: a Valid level verifies the user at it."""

from __future__ import annotations

from typing import Any

import pytest

from simulator import ProjectCredentials, Simulator
from simulator.domain.users import get_user
from simulator.oauth.users import create_sandbox_user

from .conftest import GraphQL

CREATE = """mutation($input: CreateSandboxIdentificationInput!) {
  createSandboxIdentification(input: $input) {
    __typename
    ... on CreateSandboxIdentificationSuccessPayload { sandboxIdentification { id } }
    ... on Rejection { message }
  } }"""
UPDATE = """mutation($input: UpdateSandboxIdentificationInput!) {
  updateSandboxIdentification(input: $input) {
    __typename
    ... on UpdateSandboxIdentificationSuccessPayload { sandboxIdentification { id } }
    ... on Rejection { message }
  } }"""


@pytest.fixture
def user_id(sim: Simulator, project: ProjectCredentials) -> str:
    user = create_sandbox_user(sim.sandbox, "+33611112222", project_id=project.project_id)
    return str(user["id"])


def _levels(sim: Simulator, user_id: str) -> Any:
    return get_user(sim.sandbox, user_id)["identification_levels"]


def test_a_pending_identification_becomes_valid_and_verifies_the_user(
    sim: Simulator, testing: GraphQL, user_id: str
) -> None:
    given = {"userId": user_id, "process": "Expert", "levels": {"expert": "Pending"}}
    created = testing(CREATE, {"input": given})["createSandboxIdentification"]
    identification_id = created["sandboxIdentification"]["id"]
    assert _levels(sim, user_id) == []
    update = {"identificationId": identification_id, "process": "QES"}
    valid = {**update, "levels": {"expert": "Valid", "qes": "Valid"}}
    updated = testing(UPDATE, {"input": valid})["updateSandboxIdentification"]
    assert updated["sandboxIdentification"]["id"] == identification_id
    assert _levels(sim, user_id) == ["Expert", "QES"]
    # A later failure does not take the verification back.
    failed = {**update, "levels": {"qes": "Invalid"}, "errorReasons": ["ExpiredDocument"]}
    assert testing(UPDATE, {"input": failed})["updateSandboxIdentification"]["__typename"] == (
        "UpdateSandboxIdentificationSuccessPayload"
    )
    assert _levels(sim, user_id) == ["Expert", "QES"]


@pytest.mark.parametrize(
    ("given", "kind"),
    [
        ({"process": "QES", "levels": {"expert": "Valid"}}, "InvalidIdentificationLevelsRejection"),
        (
            {"process": "Expert", "levels": {"expert": "Invalid"}},
            "InvalidIdentificationErrorReasonsRejection",
        ),
        (
            {"process": "Expert", "levels": {"expert": "Valid"}, "errorReasons": ["FraudDetected"]},
            "InvalidIdentificationErrorReasonsRejection",
        ),
    ],
)
def test_inconsistent_inputs_are_rejected(
    sim: Simulator, testing: GraphQL, user_id: str, given: dict[str, Any], kind: str
) -> None:
    answer = testing(CREATE, {"input": {"userId": user_id, **given}})
    assert answer["createSandboxIdentification"]["__typename"] == kind
    assert sim.sandbox.store.db["sandbox_identifications"].count == 0


def test_other_projects_users_and_identifications_are_not_found(
    sim: Simulator, testing: GraphQL, user_id: str
) -> None:
    other = sim.create_project("sandbox", "Other", ["http://localhost/cb"])
    stranger = create_sandbox_user(sim.sandbox, "+33633334444", project_id=other.project_id)
    given = {"userId": stranger["id"], "process": "Expert", "levels": {"expert": "Valid"}}
    answer = testing(CREATE, {"input": given})["createSandboxIdentification"]
    assert answer["__typename"] == "UserNotFoundRejection"
    assert _levels(sim, str(stranger["id"])) == []
    update = {"identificationId": "nope", "process": "Expert", "levels": {"expert": "Valid"}}
    answer = testing(UPDATE, {"input": update})["updateSandboxIdentification"]
    assert answer["__typename"] == "SandboxIdentificationNotFoundRejection"

"""The Testing API's Sandbox users as the real service names them: sandboxUser,
sandboxUserById, sandboxUsers, deleteSandboxUser, endorseSandboxUser."""

from __future__ import annotations

from typing import Any

import httpx

from simulator import ProjectCredentials, Simulator

from .conftest import GraphQL
from .oauth_pages import Pages

IDENTITY = {
    "firstName": "Ada",
    "lastName": "Lovelace",
    "birthDate": "1990-04-21",
    "nationalityCCA3": "GBR",
    "autoConsent": False,
}
USER = "id mobilePhoneNumber firstName isActive"
CREATE = (
    "mutation($input: CreateSandboxUserInput!) { createSandboxUser(input: $input) {"
    " ... on CreateSandboxUserSuccessPayload { sandboxUser { %s } } } }" % USER
)
DELETE = """mutation($id: String!) { deleteSandboxUser(input: {id: $id}) {
  __typename
  ... on DeleteSandboxUserSuccessPayload { success }
  ... on LastSandboxUserCannotBeDeletedRejection { message userId }
  ... on SandboxUserNotFoundRejection { message userId }
} }"""
ENDORSE = """mutation($id: String!) { endorseSandboxUser(input: {id: $id}) {
  __typename
  ... on EndorseSandboxUserSuccessPayload { sandboxUser { id } }
  ... on SandboxUserNotFoundRejection { userId }
} }"""


def _create(testing: GraphQL, **given: Any) -> dict[str, Any]:
    # A second apart: the frozen clock would give every user the same creation instant.
    testing('mutation { advanceClock(input: {duration: "1s"}) { __typename } }')
    data = testing(CREATE, {"input": {**IDENTITY, **given}})
    user: dict[str, Any] = data["createSandboxUser"]["sandboxUser"]
    return user


def test_sandbox_users_lists_the_projects_users_and_pages(testing: GraphQL) -> None:
    users = [_create(testing, firstName=name) for name in ("Ada", "Grace", "Hedy")]
    query = """query($after: String, $direction: OrderByDirection) {
      sandboxUsers(first: 2, after: $after, orderBy: {field: createdAt, direction: $direction}) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { firstName } }
      }
    }"""
    first = testing(query)["sandboxUsers"]
    assert first["totalCount"] == 3
    assert [e["node"]["firstName"] for e in first["edges"]] == ["Ada", "Grace"]
    after = {"after": first["pageInfo"]["endCursor"]}
    rest = testing(query, after)["sandboxUsers"]
    assert [e["node"]["firstName"] for e in rest["edges"]] == ["Hedy"]
    assert rest["pageInfo"]["hasNextPage"] is False
    newest = testing(query, {"direction": "Desc"})["sandboxUsers"]["edges"]
    assert newest[0]["node"]["firstName"] == "Hedy"
    by_id = testing('{ sandboxUserById(id: "%s") { %s } }' % (users[1]["id"], USER))
    assert by_id["sandboxUserById"] == users[1]
    assert testing('{ sandboxUserById(id: "nope") { id } }') == {"sandboxUserById": None}


def test_the_current_sandbox_user_is_the_endorsed_one(testing: GraphQL) -> None:
    response = testing.post("{ sandboxUser { id } }")
    assert response.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    ada, grace = _create(testing), _create(testing, firstName="Grace")
    assert testing("{ sandboxUser { id } }")["sandboxUser"]["id"] == ada["id"]  # the oldest
    endorsed = testing(ENDORSE, {"id": grace["id"]})["endorseSandboxUser"]
    assert endorsed == {
        "__typename": "EndorseSandboxUserSuccessPayload",
        "sandboxUser": {"id": grace["id"]},
    }
    assert testing("{ sandboxUser { id } }")["sandboxUser"]["id"] == grace["id"]
    assert testing(ENDORSE, {"id": "nope"})["endorseSandboxUser"] == {
        "__typename": "SandboxUserNotFoundRejection",
        "userId": "nope",
    }


def test_delete_keeps_the_last_user_and_frees_the_number(
    testing: GraphQL, sim: Simulator, project: ProjectCredentials, http: httpx.Client
) -> None:
    ada = _create(testing, mobilePhoneNumber="+33612345678", autoConsent=True)
    last = testing(DELETE, {"id": ada["id"]})["deleteSandboxUser"]
    assert last == {
        "__typename": "LastSandboxUserCannotBeDeletedRejection",
        "message": "The project's last Sandbox user cannot be deleted.",
        "userId": ada["id"],
    }
    grace = _create(testing, firstName="Grace")
    testing(ENDORSE, {"id": ada["id"]})
    deleted = testing(DELETE, {"id": ada["id"]})["deleteSandboxUser"]
    assert deleted == {"__typename": "DeleteSandboxUserSuccessPayload", "success": True}
    assert testing(DELETE, {"id": ada["id"]})["deleteSandboxUser"]["__typename"] == (
        "SandboxUserNotFoundRejection"
    )
    assert testing("{ sandboxUsers { totalCount } }")["sandboxUsers"]["totalCount"] == 1
    assert testing("{ sandboxUser { id } }")["sandboxUser"]["id"] == grace["id"]
    users = sim.sandbox.store.db["users"]
    assert users.get(ada["id"])["deleted_at"] is not None  # kept for what names it
    # Nobody signs in as the deleted user: the number is a stranger's again (registration).
    pages = Pages(http, sim.sandbox)
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number="+33612345678")
    pages.post("/oauth2/login/code", code=sim.oauth.latest_code("+33612345678"))
    pages.post("/oauth2/login/register", first_name="Eve", last_name="New", birth_date="1991-01-01")
    registered = list(users.rows_where("phone_number = ?", ["+33612345678"]))
    assert [user["first_name"] for user in registered] == ["Eve"]
    testing(DELETE, {"id": registered[0]["id"]})
    again = _create(testing, mobilePhoneNumber="+33612345678")
    assert again["mobilePhoneNumber"] == "+33612345678"


def test_another_projects_users_are_not_found(
    testing: GraphQL, sim: Simulator, http: httpx.Client
) -> None:
    ada = _create(testing)
    _create(testing, firstName="Grace")
    other = sim.create_project("sandbox", "Other", ["http://localhost:3000/cb"])
    token = http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": other.client_id,
            "client_secret": other.client_secret,
        },
    ).json()["access_token"]
    theirs = GraphQL(http, testing.path, token)
    assert theirs("{ sandboxUsers { totalCount } }")["sandboxUsers"]["totalCount"] == 0
    assert theirs('{ sandboxUserById(id: "%s") { id } }' % ada["id"])["sandboxUserById"] is None
    for operation in (DELETE, ENDORSE):
        payload = next(iter(theirs(operation, {"id": ada["id"]}).values()))
        assert payload["__typename"] == "SandboxUserNotFoundRejection"
    assert testing("{ sandboxUsers { totalCount } }")["sandboxUsers"]["totalCount"] == 2


IDENTIFY = """mutation($input: CreateSandboxIdentificationInput!) {
  createSandboxIdentification(input: $input) {
    __typename
    ... on CreateSandboxIdentificationSuccessPayload { sandboxIdentification { id } }
    ... on UserNotFoundRejection { id }
    ... on Rejection { message }
  }
}"""
REIDENTIFY = """mutation($input: UpdateSandboxIdentificationInput!) {
  updateSandboxIdentification(input: $input) {
    __typename
    ... on Rejection { message }
  }
}"""
LEVELS = '{ sandboxUserById(id: "%s") { identificationLevels { expert PVID QES } } }'


def test_identifications_set_the_users_levels(testing: GraphQL) -> None:
    ada = _create(testing)

    def levels() -> dict[str, bool]:
        found = testing(LEVELS % ada["id"])["sandboxUserById"]["identificationLevels"]
        return dict(found)

    created = testing(
        IDENTIFY,
        {"input": {"userId": ada["id"], "process": "PVID", "levels": {"pvid": "Valid"}}},
    )["createSandboxIdentification"]
    assert created["__typename"] == "CreateSandboxIdentificationSuccessPayload"
    assert levels() == {"expert": False, "PVID": True, "QES": False}
    identification_id = created["sandboxIdentification"]["id"]
    update = {
        "identificationId": identification_id,
        "process": "PVID",
        "levels": {"pvid": "Invalid"},
        "errorReasons": ["ExpiredDocument"],
    }
    answer = testing(REIDENTIFY, {"input": update})["updateSandboxIdentification"]
    assert answer == {"__typename": "UpdateSandboxIdentificationSuccessPayload"}
    assert levels() == {"expert": False, "PVID": False, "QES": False}


def test_identification_rejections(testing: GraphQL) -> None:
    ada = _create(testing)
    unknown = testing(
        IDENTIFY, {"input": {"userId": "nope", "process": "QES", "levels": {"qes": "Valid"}}}
    )["createSandboxIdentification"]
    assert (unknown["__typename"], unknown["id"]) == ("UserNotFoundRejection", "nope")
    mismatch = testing(
        IDENTIFY, {"input": {"userId": ada["id"], "process": "QES", "levels": {"expert": "Valid"}}}
    )["createSandboxIdentification"]
    assert mismatch["__typename"] == "InvalidIdentificationLevelsRejection"
    reasons = {
        "userId": ada["id"],
        "process": "Expert",
        "levels": {"expert": "Valid"},
        "errorReasons": ["FraudDetected"],
    }
    wrong = testing(IDENTIFY, {"input": reasons})["createSandboxIdentification"]
    assert wrong["__typename"] == "InvalidIdentificationErrorReasonsRejection"
    missing = testing(
        REIDENTIFY,
        {"input": {"identificationId": "nope", "process": "QES", "levels": {"qes": "Valid"}}},
    )["updateSandboxIdentification"]
    assert missing["__typename"] == "SandboxIdentificationNotFoundRejection"
    assert testing(LEVELS % ada["id"])["sandboxUserById"]["identificationLevels"] == {
        "expert": False,
        "PVID": False,
        "QES": False,
    }


def test_the_partner_api_shows_the_identity(testing: GraphQL, sandbox: GraphQL) -> None:
    ada = _create(testing, allFirstNames=["Augusta", "Ada"], birthCountryCCA3="GBR")
    shown = testing('{ sandboxUserById(id: "%s") { allFirstNames birthCountryCCA3 } }' % ada["id"])
    assert shown["sandboxUserById"] == {
        "allFirstNames": ["Augusta", "Ada"],
        "birthCountryCCA3": "GBR",
    }
    user = sandbox(
        '{ user(id: "%s") { allFirstNames birthCountry nationalityCCA3 fullName } }' % ada["id"]
    )["user"]
    assert user == {
        "allFirstNames": ["Augusta", "Ada"],
        "birthCountry": "GBR",
        "nationalityCCA3": "GBR",
        "fullName": "Ada Lovelace",
    }

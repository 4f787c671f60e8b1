"""User access tokens in GraphQL, the `user` query, `X-User-Id`, the Testing API's users and
outbox, and the OAuth commands of the CLI."""

from __future__ import annotations

import json

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.cli import main
from simulator.domain.accounts.accounts import create_account_holder
from simulator.oauth import sms

from .conftest import GraphQL, project_token
from .oauth_pages import PHONE, REDIRECT_URI, Pages, exchange

USER_QUERY = (
    "{ user { id mobilePhoneNumber firstName lastName birthDate "
    "identificationLevels { expert PVID QES } } }"
)
ACCOUNTS = "{ accounts { totalCount edges { node { id } } } }"


def acting(api: GraphQL, query: str, user_id: str) -> httpx.Response:
    """Post an operation with the API's token and `X-User-Id: user_id`."""
    return api.http.post(
        api.path,
        json={"query": query},
        headers={"Authorization": f"Bearer {api.token}", "X-User-Id": user_id},
    )


@pytest.fixture
def holders(sim: Simulator, project: ProjectCredentials) -> dict[str, str]:
    """Two holders: one whose legal representative is PHONE, one of someone else."""
    mine = create_account_holder(
        sim.sandbox,
        project.project_id,
        first_name="Ada",
        last_name="Lovelace",
        legal_representative_phone=PHONE,
    )
    other = create_account_holder(
        sim.sandbox,
        project.project_id,
        first_name="Alan",
        last_name="Turing",
        legal_representative_phone="+33699999999",
    )
    return {"mine": mine["account_id"], "other": other["account_id"], "user": mine["user_id"]}


def user_token(http: httpx.Client, sim: Simulator, project: ProjectCredentials) -> str:
    pages = Pages(http, sim.sandbox)
    query = pages.authorize(project.client_id, phoneNumber=PHONE)
    response = exchange(http, query["code"], project.client_id, project.client_secret)
    return response.json()["access_token"]


def test_user_token_sees_its_user_and_its_accounts_only(
    http: httpx.Client,
    sim: Simulator,
    project: ProjectCredentials,
    holders: dict[str, str],
    sandbox: GraphQL,
) -> None:
    as_user = GraphQL(http, "/sandbox/graphql", user_token(http, sim, project))
    user = as_user(USER_QUERY)["user"]
    assert user == {
        "id": holders["user"],
        "mobilePhoneNumber": PHONE,
        "firstName": "Ada",
        "lastName": "Lovelace",
        "birthDate": None,
        "identificationLevels": {"expert": False, "PVID": False, "QES": False},
    }
    accounts = as_user(ACCOUNTS)["accounts"]
    assert accounts["totalCount"] == 1
    assert accounts["edges"][0]["node"]["id"] == holders["mine"]
    assert sandbox(ACCOUNTS)["accounts"]["totalCount"] == 2  # the project token sees all


def test_project_token_alone_has_no_user(sandbox: GraphQL) -> None:
    assert sandbox(USER_QUERY) == {"user": None}


def test_project_token_acts_for_a_user_with_x_user_id(
    http: httpx.Client, sandbox: GraphQL, holders: dict[str, str]
) -> None:
    response = acting(sandbox, ACCOUNTS, holders["user"])
    assert response.status_code == 200
    body = response.json()["data"]
    assert [edge["node"]["id"] for edge in body["accounts"]["edges"]] == [holders["mine"]]
    response = acting(sandbox, USER_QUERY, holders["user"])
    assert response.json()["data"]["user"]["mobilePhoneNumber"] == PHONE


def test_x_user_id_needs_a_user_known_to_the_project(
    http: httpx.Client, sim: Simulator, sandbox: GraphQL, holders: dict[str, str]
) -> None:
    stranger = sim.oauth.create_sandbox_user("+33600000042")
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])

    other_api = GraphQL(http, "/sandbox/graphql", project_token(http, other))
    for api, user_id in [
        (sandbox, stranger["id"]),
        (sandbox, "00000000-0000-0000-0000-000000000000"),
        (other_api, holders["user"]),
    ]:
        response = acting(api, USER_QUERY, user_id)
        assert response.status_code == 403
        error = response.json()["errors"][0]
        assert error["extensions"]["code"] == "FORBIDDEN"
        assert "cannot act for user" in error["message"]
    response = acting(sandbox, USER_QUERY, " ")
    assert response.status_code == 400


def test_x_user_id_after_the_user_authorized_the_project(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials, sandbox: GraphQL
) -> None:
    user = sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    assert acting(sandbox, USER_QUERY, user["id"]).status_code == 403
    user_token(http, sim, project)
    response = acting(sandbox, USER_QUERY, user["id"])
    assert response.json()["data"]["user"]["id"] == user["id"]


def test_x_user_id_is_refused_with_a_user_token(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials, holders: dict[str, str]
) -> None:
    as_user = GraphQL(http, "/sandbox/graphql", user_token(http, sim, project))
    response = acting(as_user, USER_QUERY, holders["user"])
    assert response.status_code == 400
    assert "for project access tokens" in response.json()["errors"][0]["message"]


# -- Testing API --------------------------------------------------------------------------

CREATE_USER = """
mutation Create($input: CreateSandboxUserInput!) {
  createSandboxUser(input: $input) {
    __typename
    ... on CreateSandboxUserSuccessPayload {
      sandboxUser {
        id mobilePhoneNumber firstName lastName birthDate nationalityCCA3 autoConsent
        identificationLevels { expert PVID QES }
      }
    }
    ... on ValidationRejection { message fields { path } }
    ... on NationalityNotFoundRejection { message identifier }
  }
}
"""
ADA = {
    "firstName": "Ada",
    "lastName": "Lovelace",
    "birthDate": "1990-04-21",
    "nationalityCCA3": "GBR",
    "autoConsent": False,
}


def test_create_sandbox_user_with_auto_consent(
    testing: GraphQL, sim: Simulator, project: ProjectCredentials, http: httpx.Client
) -> None:
    given = {
        **ADA,
        "mobilePhoneNumber": "+33 6 12 34 56 78",
        "identificationLevels": ["Expert"],
        "autoConsent": True,
    }
    data = testing(CREATE_USER, {"input": given})["createSandboxUser"]
    assert data["__typename"] == "CreateSandboxUserSuccessPayload"
    user = data["sandboxUser"]
    assert user["mobilePhoneNumber"] == PHONE
    assert (user["autoConsent"], user["nationalityCCA3"]) == (True, "GBR")
    assert user["identificationLevels"] == {"expert": True, "PVID": False, "QES": False}
    # The switch works in the authorization flow.
    response = Pages(http, sim.sandbox).start(project.client_id, phoneNumber=PHONE)
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("given", "typename", "message"),
    [
        ({"mobilePhoneNumber": "0612"}, "ValidationRejection", "Invalid phone number"),
        ({"birthDate": "1990-13-01"}, "ValidationRejection", "Invalid birth date"),
        ({"firstName": " "}, "ValidationRejection", "First name is empty"),
        ({"nationalityCCA3": "XYZ"}, "NationalityNotFoundRejection", "No country 'XYZ'"),
    ],
)
def test_create_sandbox_user_rejects_bad_input(
    testing: GraphQL, sim: Simulator, given: dict, typename: str, message: str
) -> None:
    data = testing(CREATE_USER, {"input": {**ADA, **given}})["createSandboxUser"]
    assert data["__typename"] == typename
    assert message in data["message"]
    assert sim.sandbox.store.db["users"].count == 0


def test_create_sandbox_user_twice_is_rejected_and_changes_nothing(
    testing: GraphQL, sim: Simulator
) -> None:
    testing(CREATE_USER, {"input": {**ADA, "mobilePhoneNumber": PHONE}})
    data = testing(CREATE_USER, {"input": {**ADA, "mobilePhoneNumber": PHONE}})
    assert data["createSandboxUser"]["__typename"] == "ValidationRejection"
    assert "already exists" in data["createSandboxUser"]["message"]
    assert sim.sandbox.store.db["users"].count == 1


def test_a_sandbox_user_without_a_number_gets_a_free_one(testing: GraphQL) -> None:
    first = testing(CREATE_USER, {"input": ADA})["createSandboxUser"]["sandboxUser"]
    second = testing(CREATE_USER, {"input": ADA})["createSandboxUser"]["sandboxUser"]
    assert first["mobilePhoneNumber"] == "+33750000001"
    assert second["mobilePhoneNumber"] == "+33750000002"


def test_text_messages_query(
    testing: GraphQL, http: httpx.Client, sim: Simulator, project: ProjectCredentials
) -> None:
    pages = Pages(http, sim.sandbox)
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    pages.post("/oauth2/login/resend")
    query = """query($p: String, $n: Int) {
      textMessages(phoneNumber: $p, last: $n) { id phoneNumber text sentAt }
    }"""
    messages = testing(query, {"p": "+33 6 12 34 56 78"})["textMessages"]
    assert len(messages) == 2
    assert messages[-1]["sentAt"] == "2026-01-05T09:00:00.000Z"
    assert sms.latest_code(sim.sandbox, PHONE) in messages[-1]["text"]
    assert len(testing(query, {"n": 1})["textMessages"]) == 1
    assert testing(query, {"p": "+33700000000"})["textMessages"] == []
    response = testing.post(query, {"p": "12"})
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


# -- CLI ----------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, object]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, (json.loads(out.out) if out.out.strip() else out.err)


def test_cli_sms_user_and_pkce(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    data_dir = str(tmp_path / "cli")
    code, creds = run(
        capsys,
        "project", "create", "--name", "CLI", "--redirect-uri", REDIRECT_URI,
        "--data-dir", data_dir,
    )  # fmt: skip
    assert code == 0
    client_id = creds["client_id"]
    assert (
        run(capsys, "project", "pkce", "--client-id", client_id, "--data-dir", data_dir)[1]["flow"]
        == "client_secret"
    )
    code, settings = run(
        capsys, "project", "pkce", "--client-id", client_id, "--enable", "--data-dir", data_dir
    )
    assert (code, settings["pkce"], settings["flow"]) == (0, True, "pkce")
    with Simulator(data_dir) as sim:
        assert sim.oauth.settings(client_id)["pkce"] is True
    code, settings = run(
        capsys, "project", "pkce", "--client-id", client_id, "--disable", "--data-dir", data_dir
    )
    assert settings["flow"] == "client_secret"

    code, user = run(
        capsys,
        "user", "create", "--phone", PHONE, "--first-name", "Ada", "--level", "QES",
        "--auto-consent", "--data-dir", data_dir,
    )  # fmt: skip
    assert (code, user["identification_levels"], user["auto_consent"]) == (0, ["QES"], True)

    with Simulator(data_dir) as sim, sim.client() as http:
        pages = Pages(http, sim.sandbox)
        pages.start(client_id)
        pages.post("/oauth2/login/phone", phone_number="+33600000001")
        pages.start(client_id)
        pages.post("/oauth2/login/phone", phone_number="+33600000002")
    code, messages = run(capsys, "sms", "--data-dir", data_dir)
    assert [m["phone_number"] for m in messages] == ["+33600000001", "+33600000002"]
    code, messages = run(capsys, "sms", "--phone", "+33600000002", "--data-dir", data_dir)
    assert len(messages) == 1 and "Your verification code is" in messages[0]["text"]
    code, messages = run(capsys, "sms", "--env", "live", "--data-dir", data_dir)
    assert messages == []
    assert run(capsys, "sms", "--last", "1", "--data-dir", data_dir)[1] == messages_last(data_dir)

    code, err = run(capsys, "project", "pkce", "--client-id", "SANDBOX_x", "--data-dir", data_dir)
    assert code == 2 and "No project with client_id SANDBOX_x" in err
    code, err = run(capsys, "sms", "--phone", "12", "--data-dir", data_dir)
    assert code == 2 and "Invalid phone number" in err
    with pytest.raises(SystemExit):
        main(["sms", "--last", "0", "--data-dir", data_dir])


def messages_last(data_dir: str) -> list[dict]:
    with Simulator(data_dir) as sim:
        return sim.oauth.text_messages()[-1:]


def test_every_command_in_the_oauth_docs_exists() -> None:
    import contextlib
    import io
    import re
    from pathlib import Path

    from simulator.cli import build_parser

    text = (Path(__file__).resolve().parents[1] / "docs" / "oauth.md").read_text()
    commands = {
        tuple(w for w in line.split() if re.fullmatch(r"[a-z][a-z-]*", w))[:2]
        for line in re.findall(r"`python -m simulator ([a-z][^`]*)`", text)
    }
    assert {("sms",), ("user", "create"), ("project", "pkce")} <= commands
    for command in commands:
        with pytest.raises(SystemExit) as exit_info, contextlib.redirect_stdout(io.StringIO()):
            build_parser().parse_args([*command, "--help"])
        assert exit_info.value.code == 0


def test_the_testing_api_refuses_user_tokens(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials, holders: dict[str, str]
) -> None:
    """The Testing API acts for the project (it moves the clock, simulates the outside
    world): a user access token is refused, and nothing moves."""
    as_user = GraphQL(http, "/sandbox-testing/graphql", user_token(http, sim, project))
    response = as_user.post('mutation { advanceClock(input: {duration: "1h"}) { __typename } }')
    assert response.status_code == 403
    assert response.json()["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"


SANDBOX_USERS = """query Picker($first: Int!) {
  sandboxUser { id firstName }
  sandboxUsers(first: $first) { totalCount edges { node { id firstName lastName } } }
}"""


def test_a_user_token_may_pick_the_sandbox_user_to_impersonate(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials, holders: dict[str, str]
) -> None:
    """The real web banking's Sandbox user picker calls the Testing API with the signed-in
    user's token: reading the project's Sandbox users and endorsing one. Nothing else."""
    as_user = GraphQL(http, "/sandbox-testing/graphql", user_token(http, sim, project))
    as_project = GraphQL(http, "/sandbox-testing/graphql", project_token(http, project))
    create = """mutation { createSandboxUser(input: {firstName: "Grace", lastName: "Hopper",
      birthDate: "1906-12-09", nationalityCCA3: "USA", autoConsent: true}) {
      ... on CreateSandboxUserSuccessPayload { sandboxUser { id } } } }"""
    grace = as_project(create)["createSandboxUser"]["sandboxUser"]["id"]
    seen = as_user(SANDBOX_USERS, {"first": 10})
    assert grace in {edge["node"]["id"] for edge in seen["sandboxUsers"]["edges"]}
    endorse = """mutation($id: String!) { endorseSandboxUser(input: {id: $id}) {
      __typename ... on EndorseSandboxUserSuccessPayload { sandboxUser { id } } } }"""
    endorsed = as_user(endorse, {"id": grace})["endorseSandboxUser"]
    assert endorsed["sandboxUser"]["id"] == grace
    assert as_project("{ sandboxUser { id } }")["sandboxUser"]["id"] == grace
    # With the user's token, sandboxUser is the signed-in user, whoever is endorsed.
    assert as_user("{ sandboxUser { id } }")["sandboxUser"]["id"] == holders["user"]
    # Scoped to the user's project: another project's users are not found.
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    foreign = GraphQL(http, "/sandbox-testing/graphql", project_token(http, other))
    foreign(create)
    theirs = foreign("{ sandboxUser { id } }")["sandboxUser"]["id"]
    refused = as_user(endorse, {"id": theirs})["endorseSandboxUser"]
    assert refused["__typename"] == "SandboxUserNotFoundRejection"
    # Anything else, alone or beside an allowed field, is the same typed 403 as before.
    for query in (
        "{ sandboxUser { id } clock { now } }",
        "{ ...F } fragment F on Query { sandboxUser { id } clock { now } }",
        "{ sandboxUser { id ",
    ):
        response = as_user.post(query)
        assert response.status_code == 403, query
        assert response.json()["errors"][0]["extensions"]["code"] == "FORBIDDEN"

"""The partner schema of the core: accounts (a Relay connection) and cancelConsent."""

import httpx
import pytest
from schwifty import IBAN

from simulator import ProjectCredentials, Simulator
from simulator.domain.accounts.ledger import Balances

from .conftest import REDIRECT_URI, GraphQL, project_token

CREATE_HOLDER = """
mutation($input: CreateSandboxAccountHolderInput!) {
  createSandboxAccountHolder(input: $input) {
    ... on CreateSandboxAccountHolderSuccessPayload { accountId userId }
  }
}"""
CREATE_CONSENT = """
mutation { createSandboxConsent(input: {redirectUrl: "http://localhost:3000/callback"}) {
  ... on CreateSandboxConsentSuccessPayload { consentId } } }"""
ACCOUNTS = """
query($first: Int, $after: String) {
  accounts(first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { id IBAN BIC number name currency country
      balances { available { value currency } booked { value } pending { value } reserved { value } }
      statusInfo { __typename status }
      holder { id info { name type } verificationStatus statusInfo { status } } createdAt } }
  }
}"""


def create_accounts(testing: GraphQL, count: int) -> list[str]:
    return [
        testing(CREATE_HOLDER, {"input": {"firstName": f"User{n}", "lastName": "Test"}})[
            "createSandboxAccountHolder"
        ]["accountId"]
        for n in range(count)
    ]


def test_accounts_is_a_relay_connection(testing: GraphQL, sandbox: GraphQL) -> None:
    (account_id,) = create_accounts(testing, 1)
    data = sandbox(ACCOUNTS)["accounts"]
    assert data["totalCount"] == 1
    node = data["edges"][0]["node"]
    assert node["id"] == account_id
    assert IBAN(node["IBAN"]).country_code == "FR"  # valid ISO 13616 check digits
    assert node["BIC"] == "SIMUFRP1XXX"
    assert node["currency"] == "EUR"
    assert node["balances"]["available"] == {"value": "0.00", "currency": "EUR"}
    assert node["statusInfo"] == {"__typename": "AccountOpenedStatus", "status": "Opened"}
    assert node["country"] == "FRA"
    assert node["holder"]["info"]["name"] == "User0 Test"
    assert data["pageInfo"]["hasNextPage"] is False


def test_keyset_pagination_walks_every_account_once(testing: GraphQL, sandbox: GraphQL) -> None:
    created = create_accounts(testing, 7)
    seen, after, pages = [], None, 0
    while True:
        page = sandbox(ACCOUNTS, {"first": 3, "after": after})["accounts"]
        assert page["totalCount"] == 7
        seen += [edge["node"]["id"] for edge in page["edges"]]
        assert page["pageInfo"]["hasPreviousPage"] is (after is not None)
        pages += 1
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
        assert page["edges"][-1]["cursor"] == after
    assert pages == 3
    assert sorted(seen) == sorted(created) and len(seen) == 7


def test_first_defaults_to_50_and_is_capped_at_100(testing: GraphQL, sandbox: GraphQL) -> None:
    create_accounts(testing, 1)
    assert len(sandbox("{ accounts { edges { node { id } } } }")["accounts"]["edges"]) == 1
    for first in (101, -1):
        response = sandbox.post(
            "query($n: Int) { accounts(first: $n) { totalCount } }", {"n": first}
        )
        assert response.json()["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_a_project_token_sees_its_own_project_only(
    sim: Simulator, http: httpx.Client, testing: GraphQL, sandbox: GraphQL
) -> None:
    create_accounts(testing, 2)
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    other_token = project_token(http, other)
    other_sandbox = GraphQL(http, "/sandbox/graphql", other_token)
    assert other_sandbox("{ accounts { totalCount } }") == {"accounts": {"totalCount": 0}}
    account_id = sandbox(ACCOUNTS)["accounts"]["edges"][0]["node"]["id"]
    response = other_sandbox.post(
        "query($id: ID!) { account(accountId: $id) { id } }", {"id": account_id}
    )
    assert response.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"


CANCEL = "mutation($id: String!) { cancelConsent(input: {consentId: $id}) { %s } }"


def test_cancel_consent_success(testing: GraphQL, sandbox: GraphQL) -> None:
    consent_id = testing(CREATE_CONSENT)["createSandboxConsent"]["consentId"]
    data = sandbox(
        CANCEL % "... on CancelConsentSuccessPayload { consent { id status consentUrl } }",
        {"id": consent_id},
    )
    consent = data["cancelConsent"]["consent"]
    assert consent["id"] == consent_id
    assert consent["status"] == "Canceled"
    assert consent["consentUrl"] == f"http://localhost:8000/oauth2/consents/{consent_id}"


@pytest.mark.parametrize(
    ("selection", "expected"),
    [
        # Section 4.3.2: only the success fragment selected -> an empty object.
        ("... on CancelConsentSuccessPayload { consent { id } }", {}),
        # Section 4.3.3: the Rejection interface -> its message.
        ("... on Rejection { message }", {"message": "Consent c-404 was not found."}),
        # Section 4.3.4: the concrete rejection -> __typename, consentId and message.
        (
            "... on ConsentNotFoundRejection { __typename consentId } ... on Rejection { message }",
            {
                "__typename": "ConsentNotFoundRejection",
                "consentId": "c-404",
                "message": "Consent c-404 was not found.",
            },
        ),
    ],
)
def test_cancel_consent_rejection_selections(
    sandbox: GraphQL, selection: str, expected: dict
) -> None:
    response = sandbox.post(CANCEL % selection, {"id": "c-404"})
    assert response.status_code == 200
    body = response.json()
    assert body["data"] == {"cancelConsent": expected} and "errors" not in body


def test_another_projects_consent_is_not_found(
    sim: Simulator, http: httpx.Client, testing: GraphQL
) -> None:
    consent_id = testing(CREATE_CONSENT)["createSandboxConsent"]["consentId"]
    other = GraphQL(
        http,
        "/sandbox/graphql",
        project_token(http, sim.create_project("sandbox", "O", [REDIRECT_URI])),
    )
    data = other(CANCEL % "... on ConsentNotFoundRejection { consentId }", {"id": consent_id})
    assert data == {"cancelConsent": {"consentId": consent_id}}
    assert sim.sandbox.store.db["consents"].get(consent_id)["status"] == "Created"


def test_cancelling_twice_is_a_not_reachable_status(testing: GraphQL, sandbox: GraphQL) -> None:
    consent_id = testing(CREATE_CONSENT)["createSandboxConsent"]["consentId"]
    sandbox(CANCEL % "__typename", {"id": consent_id})
    data = sandbox(
        CANCEL
        % "__typename ... on NotReachableConsentStatusRejection { currentStatus unreachableStatus message }",
        {"id": consent_id},
    )
    assert data["cancelConsent"] == {
        "__typename": "NotReachableConsentStatusRejection",
        "currentStatus": "Canceled",
        "unreachableStatus": "Canceled",
        "message": f"Consent {consent_id} is Canceled: it cannot become Canceled.",
    }


def test_the_same_schema_serves_live(http: httpx.Client, live_project: ProjectCredentials) -> None:
    live = GraphQL(http, "/live/graphql", project_token(http, live_project))
    data = live(CANCEL % "... on ConsentNotFoundRejection { consentId }", {"id": "x"})
    assert data == {"cancelConsent": {"consentId": "x"}}


def test_a_syntax_error_in_an_sdl_file_names_the_file(tmp_path) -> None:
    from ariadne.exceptions import GraphQLFileSyntaxError

    from simulator.api import build_schema

    (tmp_path / "a.graphql").write_text("type Query { a: Int }\n")
    (tmp_path / "b.graphql").write_text("type Broken {\n")
    with pytest.raises(GraphQLFileSyntaxError, match=r"b\.graphql"):
        build_schema([tmp_path], [])


def test_a_page_of_accounts_reads_its_balances_in_one_query(
    sim: Simulator, testing: GraphQL, sandbox: GraphQL, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: `accounts { balances }` read each account's balances in a query of its own."""
    from simulator.domain.accounts import accounts

    created = create_accounts(testing, 3)
    with sim.sandbox.store.atomic() as db:
        db.execute(
            "INSERT OR REPLACE INTO account_balances (account_id, booked, pending_credits, "
            "pending_debits, reserved, updated_at) VALUES (?, '12.34', '0', '1.00', '2.00', ?)",
            [created[1], "2026-01-05T09:00:00.000Z"],
        )
    singles, batches = [], []
    monkeypatch.setattr(accounts, "read_balances", lambda *a: singles.append(a) or Balances())
    real = accounts.read_balances_of
    monkeypatch.setattr(accounts, "read_balances_of", lambda *a: batches.append(a) or real(*a))
    page = sandbox(ACCOUNTS)["accounts"]["edges"]
    assert (len(singles), len(batches)) == (0, 1)
    monkeypatch.undo()
    balances = {edge["node"]["id"]: edge["node"]["balances"] for edge in page}
    assert balances[created[1]]["available"] == {"value": "9.34", "currency": "EUR"}
    assert balances[created[0]]["booked"] == {"value": "0.00"}
    one = (
        "query($id: ID!) { account(accountId: $id) { balances { available { value currency } } } }"
    )
    for account_id in created:  # as one account's own query reads them
        alone = sandbox(one, {"id": account_id})["account"]["balances"]["available"]
        assert alone == balances[account_id]["available"]

"""`onboardingId` on `/oauth2/auth`, through the real pages: the user who authorizes becomes
the legal representative of the account the onboarding opens."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator

from .conftest import GraphQL, project_token
from .oauth_pages import REDIRECT_URI, Pages, query_of
from .test_onboarding import FINALIZE, _create

ADMIN = {"email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace"}


@pytest.fixture
def pages(http: httpx.Client, sim: Simulator) -> Pages:
    return Pages(http, sim.sandbox)


def _legal_representatives(sim: Simulator, account_id: str) -> list[str]:
    rows = sim.sandbox.store.db["account_memberships"].rows_where(
        "account_id = ? AND legal_representative = 1", [account_id]
    )
    return [row["user_id"] for row in rows]


def _user_of(sim: Simulator, onboarding_id: str) -> Any:
    return sim.sandbox.store.db["onboardings"].get(onboarding_id)["user_id"]


@pytest.mark.parametrize("parameter", ["onboardingId", "onboardingid"])
def test_the_user_who_authorizes_is_the_legal_representative_at_finalization(
    sim: Simulator, sandbox: GraphQL, pages: Pages, project: ProjectCredentials, parameter: str
) -> None:
    onboarding = _create(sandbox, ADMIN)
    query = pages.authorize(project.client_id, **{parameter: onboarding["id"]})
    assert query["code"] and query["state"] == "state-123"
    user_id = _user_of(sim, onboarding["id"])
    assert user_id is not None

    done = sandbox(FINALIZE, {"id": onboarding["id"]})["finalizeAccountHolderOnboarding"]
    account_id = done["onboarding"]["account"]["id"]
    assert _legal_representatives(sim, account_id) == [user_id]


def test_the_onboarding_url_is_a_working_authorization_request(
    sim: Simulator, sandbox: GraphQL, pages: Pages
) -> None:
    query = """query($id: ID!) { accountHolderOnboarding(id: $id) {
      ... on IndividualAccountHolderOnboarding { onboardingUrl } } }"""
    onboarding = _create(sandbox, ADMIN)
    url = sandbox(query, {"id": onboarding["id"]})["accountHolderOnboarding"]["onboardingUrl"]
    page = pages.get(url[url.index("/oauth2/auth") :])
    assert page.status_code == 200 and 'for="phone_number"' in page.text
    pages.log_in()
    location = pages.consent().headers["location"]
    assert location.startswith(REDIRECT_URI) and query_of(location)["state"] == onboarding["id"]
    assert _user_of(sim, onboarding["id"]) is not None


def test_authorizing_after_the_finalization_adds_the_legal_representative(
    sim: Simulator, sandbox: GraphQL, pages: Pages, project: ProjectCredentials
) -> None:
    onboarding = _create(sandbox, ADMIN)
    done = sandbox(FINALIZE, {"id": onboarding["id"]})["finalizeAccountHolderOnboarding"]
    account_id = done["onboarding"]["account"]["id"]
    # A project token: nobody yet; the account's legal representative is an invitation
    # (its `legalRepresentativeMembership` is non-null in the real schema).
    assert _legal_representatives(sim, account_id) == [None]
    [invitation] = sim.sandbox.store.db["account_memberships"].rows_where(
        "account_id = ?", [account_id]
    )
    assert (invitation["status"], invitation["email"]) == ("InvitationSent", ADMIN["email"])

    pages.authorize(project.client_id, onboardingId=onboarding["id"])
    user_id = _user_of(sim, onboarding["id"])
    assert _legal_representatives(sim, account_id) == [user_id]
    # The invitation itself is bound: one membership, now Enabled.
    bound = sim.sandbox.store.db["account_memberships"].get(invitation["id"])
    assert (bound["user_id"], bound["status"]) == (user_id, "Enabled")
    # Someone else signing in with the same link later changes nothing.
    with sim.client() as other_browser:
        Pages(other_browser, sim.sandbox).authorize(
            project.client_id, phone="+33698765432", onboardingId=onboarding["id"]
        )
    assert _legal_representatives(sim, account_id) == [user_id]


def test_denying_links_nobody(
    sim: Simulator, sandbox: GraphQL, pages: Pages, project: ProjectCredentials
) -> None:
    onboarding = _create(sandbox, ADMIN)
    assert pages.start(project.client_id, onboardingId=onboarding["id"]).status_code == 200
    pages.log_in()
    response = pages.consent("deny")
    assert query_of(response.headers["location"])["error"] == "access_denied"
    assert _user_of(sim, onboarding["id"]) is None


def test_unknown_or_other_projects_onboarding_goes_back_with_a_clear_error(
    http: httpx.Client, sim: Simulator, pages: Pages, project: ProjectCredentials
) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    other_graphql = GraphQL(http, "/sandbox/graphql", project_token(http, other))
    foreign = _create(other_graphql, ADMIN)
    for value in ("nope", foreign["id"]):
        response = pages.start(project.client_id, onboardingId=value)
        assert response.status_code == 302
        query = query_of(response.headers["location"])
        assert query["error"] == "invalid_request"
        assert "names no account holder onboarding of this project" in query["error_description"]
        assert query["state"] == "state-123"
    assert _user_of(sim, foreign["id"]) is None


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"onboardingId": ""}, "onboardingId must be"),
        ({"onboardingId": "x" * 513}, "onboardingId must be"),
        ({"onboardingid": "é"}, "onboardingid must be"),
        ({"onboardingid": "a", "onboardingId": "a"}, "onboardingId is repeated"),
    ],
)
def test_malformed_onboarding_ids_are_refused(
    pages: Pages, project: ProjectCredentials, params: dict[str, str], fragment: str
) -> None:
    response = pages.start(project.client_id, **params)
    assert response.status_code == 302
    assert fragment in query_of(response.headers["location"])["error_description"]


def test_an_auto_consent_user_is_linked_at_once(
    sim: Simulator, sandbox: GraphQL, pages: Pages, project: ProjectCredentials
) -> None:
    onboarding = _create(sandbox, ADMIN)
    phone = "+33600000042"
    sim.oauth.create_sandbox_user(phone, first_name="Auto", last_name="Consent", auto_consent=True)
    response = pages.start(project.client_id, phoneNumber=phone, onboardingId=onboarding["id"])
    assert response.status_code == 302 and "code=" in response.headers["location"]
    assert _user_of(sim, onboarding["id"]) is not None

"""The exercises a learner can follow as written (issue 33), without a browser (fast): every
hint and step rendered with the learner's own values and no placeholder left, under an https
public URL too; the handout's user holding an account of their own in every dataset a room
can use, so a transfer made with the project token asks the learner's own consent; the
callback page at the served address registered; the consent's way back to the callback page
a 200 in plain words; the dashboard's explorer of a project holding its token, and its
Exercises tab a workshop's only. tests/test_browser_workshop_hints.py does every exercise in
Chromium from the learner's page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest

from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link
from simulator.domain.kernel.projects import ProjectCredentials
from simulator.workshop import Workshop
from simulator.workshop.feedback import learner_results
from simulator.workshop.hints import learner_values
from simulator.workshop.progress import load_exercises

from .workshop_support import TRANSFER

_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def test_every_hint_carries_the_learners_own_values(pristine: Path, tmp_path: Path) -> None:
    with Workshop(pristine, public_url="https://bank.example") as room:
        values = learner_values(room, "grace")
        results = learner_results(room, "grace")
    assert [result["id"] for result in results] == [e.id for e in load_exercises()]
    assert len(results) == 7 and results[-1]["id"] == "limits"
    for result in results:
        for text in (result["hint"], *result["steps"], *result["curls"]):
            assert not _PLACEHOLDER.search(text), text
            for address in re.findall(r"https?://[^\s`'\",)]+", text):
                assert address.startswith("https://bank.example/w/grace/"), address
        assert result["steps"], result["id"]
    assert values["account_id"] and values["phone"] == "+33699000002"
    transfer = next(r for r in results if r["id"] == "transfer-consent")
    assert values["account_id"] in transfer["steps"][0] and values["phone"] in transfer["hint"]
    webhook = next(r for r in results if r["id"] == "webhook-retries")
    assert "inbox://grace" in webhook["hint"] and "configureWebhookInbox" in webhook["steps"][1]
    # Each document of a step as a curl command too, to the address the step names.
    assert webhook["curls"][0] == "" and all(webhook["curls"][1:])
    assert webhook["curls"][1].startswith("curl -s https://bank.example/w/grace/sandbox-testing/")


@pytest.mark.parametrize("dataset", ["default", "workshop"])
def test_the_handouts_user_consents_to_their_own_transfer(tmp_path: Path, dataset: str) -> None:
    with Workshop(tmp_path / "room") as room:
        room.create(["ada"], dataset=dataset)
        record = room.record("ada")
        sim = room.learner("ada")
        account_id = learner_values(room, "ada")["account_id"]
        rights = sim.sandbox.store.db.execute(
            "SELECT legal_representative, can_initiate_payments FROM account_memberships "
            "WHERE user_id = ? AND account_id = ?",
            [record.user_id, account_id],
        ).fetchone()
        assert rights == (1, 1)
        with sim.client() as http:
            token = http.post("/oauth2/token", data={"grant_type": "client_credentials"},
                              auth=(record.client_id, record.client_secret)).json()  # fmt: skip
            answer = http.post(
                "/sandbox/graphql",
                json={"query": TRANSFER, "variables": {"account": account_id}},
                headers={"Authorization": f"Bearer {token['access_token']}"},
            ).json()
        payment = answer["data"]["initiateCreditTransfers"]["payment"]
        consent_id = payment["statusInfo"]["consent"]["id"]
        (user_id,) = sim.sandbox.store.db.execute(
            "SELECT user_id FROM consents WHERE id = ?", [consent_id]
        ).fetchone()
        assert user_id == record.user_id  # approved with the handout's phone


def test_the_served_address_callback_is_registered(pristine: Path) -> None:
    with Workshop(pristine, public_url="http://10.0.0.5:9000") as room:
        sim = room.learner("ada")
        (uris,) = sim.sandbox.store.db.execute(
            "SELECT redirect_uris FROM projects WHERE id = ?", [room.record("ada").project_id]
        ).fetchone()
    assert "http://10.0.0.5:9000/w/ada/callback" in json.loads(uris)
    assert len(json.loads(uris)) == 3  # the ones registered before are kept


def test_a_consents_way_back_is_an_answer_in_plain_words(http: httpx.Client) -> None:
    accepted = http.get("/callback", params={"consentId": "c1", "status": "Accepted",
                                             "resourceId": "p1"})  # fmt: skip
    assert accepted.status_code == 200
    assert "The consent was approved: the operation goes ahead." in accepted.text
    refused = http.get("/callback", params={"consentId": "c1", "status": "CredentialRefused"})
    assert refused.status_code == 200 and "not the one asked to consent" in refused.text
    assert http.get("/callback").status_code == 400


def test_the_dashboards_explorer_holds_a_token_of_the_project(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    assert http.get(new_sign_in_link(sim.sandbox, str(http.base_url).rstrip("/"))).is_success
    project_page = http.get(f"/dashboard/projects/{project.project_id}").text
    assert (
        f'href="/dashboard/projects/{project.project_id}/explorer/sandbox-testing"' in project_page
    )
    page = http.get(f"/dashboard/projects/{project.project_id}/explorer/sandbox")
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    token = re.search(r'data-token="([^"]+)"', page.text)
    assert token and "Project token for" in page.text
    answer = http.post("/sandbox/graphql", json={"query": "{ accounts { totalCount } }"},
                       headers={"Authorization": f"Bearer {token.group(1)}"})  # fmt: skip
    assert "errors" not in answer.json()
    refused = http.get(f"/dashboard/projects/{project.project_id}/explorer/live")
    assert refused.status_code in (400, 404) and "data-token" not in refused.text
    # Outside a workshop there are no exercises, and no tab for them.
    assert http.get("/dashboard/exercises").status_code == 404
    assert "/dashboard/exercises" not in http.get("/dashboard").text

import base64
import threading

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.environments import EnvironmentName
from simulator.storage import Store


def form(creds: ProjectCredentials, **extra: str) -> dict[str, str]:
    return {
        "grant_type": "client_credentials",
        "client_id": creds.client_id,
        "client_secret": creds.client_secret,
        **extra,
    }


def test_client_credentials_in_the_body(http: httpx.Client, project: ProjectCredentials) -> None:
    response = http.post("/oauth2/token", data=form(project))
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"access_token", "expires_in", "scope", "token_type"}
    assert body["expires_in"] == 3600
    assert body["token_type"] == "bearer"
    assert body["scope"] == ""
    assert body["access_token"].startswith("SANDBOX_AT_")
    assert response.headers["cache-control"] == "no-store"


def test_client_credentials_with_http_basic(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    basic = base64.b64encode(f"{project.client_id}:{project.client_secret}".encode()).decode()
    response = http.post(
        "/oauth2/token",
        data={"grant_type": "client_credentials"},
        headers={"Authorization": f"Basic {basic}"},
    )
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    "change",
    [
        {"client_secret": "wrong"},
        {"client_id": "SANDBOX_unknown"},
        {"client_id": "nothing-like-a-client-id"},
        {"client_secret": ""},
    ],
)
def test_bad_clients_get_401_with_an_rfc6749_body(
    http: httpx.Client, project: ProjectCredentials, change: dict[str, str]
) -> None:
    response = http.post("/oauth2/token", data=form(project, **change))
    assert response.status_code == 401
    body = response.json()
    assert body["error"] == "invalid_client"
    assert body["error_description"]
    assert project.client_secret not in response.text


def test_a_secret_from_the_other_environment_is_refused(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    live = sim.create_project("live", "Live twin", ["http://localhost:3000/callback"])
    response = http.post("/oauth2/token", data=form(project, client_secret=live.client_secret))
    assert response.status_code == 401
    assert response.json()["error"] == "invalid_client"
    live_ok = http.post("/oauth2/token", data=form(live))
    assert live_ok.status_code == 200
    assert live_ok.json()["access_token"].startswith("LIVE_AT_")


def test_unsupported_grant_type(http: httpx.Client, project: ProjectCredentials) -> None:
    response = http.post("/oauth2/token", data=form(project, grant_type="password"))
    assert response.status_code == 400
    assert response.json()["error"] == "unsupported_grant_type"


def test_json_body_is_refused_with_a_json_error(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    response = http.post("/oauth2/token", json=form(project))
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_request"


def test_get_is_not_allowed(http: httpx.Client) -> None:
    response = http.get("/oauth2/token")
    assert response.status_code == 405
    assert response.json()["errors"][0]["extensions"]["code"] == "METHOD_NOT_ALLOWED"


def test_a_reset_racing_a_token_request_is_no_500(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials, monkeypatch
) -> None:
    """`reset` from the CLI (another process, another connection) while a token is issued:
    the reset waits for the token's transaction, instead of deleting the project between
    the secret's check and the token's insertion (a foreign-key failure, so a 500)."""
    from simulator.oauth import endpoints

    issue = endpoints.issue_project_token
    other = Store.open(sim.data_dir, EnvironmentName.SANDBOX)  # as the CLI would
    worker = threading.Thread(target=other.reset)

    def racing(env, row):  # type: ignore[no-untyped-def]
        worker.start()
        worker.join(timeout=0.5)  # done by now, unless it waits for this transaction
        return issue(env, row)

    monkeypatch.setattr(endpoints, "issue_project_token", racing)
    response = http.post("/oauth2/token", data=form(project))
    worker.join()
    other.close()
    assert response.status_code == 200, response.text
    assert sim.sandbox.store.db["projects"].count == 0  # the reset came after

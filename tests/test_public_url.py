"""Every absolute URL the server emits comes from its public base URL, never from `Host`."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.exceptions import ConfigurationError
from simulator.public_url import default_public_url, public_url_setting

from .banking_support import REDIRECT, Bank
from .conftest import LiveServer
from .oauth_pages import PHONE, Pages, exchange

EVIL = "evil.example"


def no_evil(response: httpx.Response) -> httpx.Response:
    """The response, after checking that neither its headers nor its body name `EVIL`."""
    assert EVIL not in response.text, response.text
    for name, value in response.headers.items():
        assert EVIL not in value, (name, value)
    return response


def claims(id_token: str) -> dict[str, Any]:
    payload = id_token.split(".")[1]
    return dict(json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))))


@pytest.fixture
def evil(sim: Simulator, live_server: LiveServer) -> Iterator[httpx.Client]:
    """A client of the real server whose every request says `Host: evil.example`."""
    with httpx.Client(base_url=live_server.base_url, headers={"Host": EVIL}) as client:
        yield client


def test_discovery_index_and_redirects_ignore_the_host_header(
    evil: httpx.Client, live_server: LiveServer
) -> None:
    index = no_evil(evil.get("/")).json()
    assert index["addresses"]["auth_url"] == f"{live_server.base_url}/oauth2"
    assert index["addresses"]["live_url"] == f"{live_server.base_url}/live/graphql"

    config = no_evil(evil.get("/oauth2/.well-known/openid-configuration")).json()
    assert config["issuer"] == f"{live_server.base_url}/oauth2"
    assert config["token_endpoint"] == f"{live_server.base_url}/oauth2/token"
    no_evil(evil.get("/oauth2/.well-known/jwks.json"))

    # Starlette would redirect a trailing slash to a URL built from Host: a 404 instead.
    for path in ("/oauth2/token/", "/sandbox/graphql/", "/oauth2/auth/"):
        response = no_evil(evil.get(path, follow_redirects=False))
        assert response.status_code == 404, (path, response.status_code)


def test_the_browser_flow_and_the_id_token_ignore_the_host_header(
    sim: Simulator, evil: httpx.Client, live_server: LiveServer, project: ProjectCredentials
) -> None:
    pages = Pages(evil, sim.sandbox)
    start = no_evil(pages.start(project.client_id))
    assert start.status_code == 200, start.text
    no_evil(pages.log_in(PHONE))
    approved = no_evil(pages.consent())
    assert approved.status_code == 302
    assert approved.headers["location"].startswith(REDIRECT)
    code = httpx.URL(approved.headers["location"]).params["code"]

    tokens = no_evil(exchange(evil, code, project.client_id, project.client_secret)).json()
    assert claims(tokens["id_token"])["iss"] == f"{live_server.base_url}/oauth2"


def test_consent_urls_ignore_the_host_header(
    sim: Simulator, evil: httpx.Client, live_server: LiveServer, project: ProjectCredentials
) -> None:
    bank = Bank(sim, evil, project)
    account_id = bank.holder()["account_id"]
    added = bank.add_card(account_id, consent="id consentUrl")
    consent = added["card"]["statusInfo"]["consent"]
    assert consent["consentUrl"] == f"{live_server.base_url}/oauth2/consents/{consent['id']}"


def test_an_in_process_simulator_takes_its_public_url(tmp_path: Any) -> None:
    with (
        Simulator(tmp_path / "data", public_url="https://bank.example/") as sim,
        sim.client(headers={"Host": EVIL}) as http,
    ):
        assert sim.public_url == "https://bank.example"
        config = no_evil(http.get("/oauth2/.well-known/openid-configuration")).json()
        assert config["issuer"] == "https://bank.example/oauth2"
        assert no_evil(http.get("/")).json()["addresses"]["sandbox_url"] == (
            "https://bank.example/sandbox/graphql"
        )


def test_the_default_public_url_is_the_in_process_one(http: httpx.Client) -> None:
    config = http.get("/oauth2/.well-known/openid-configuration").json()
    assert config["issuer"] == "http://localhost:8000/oauth2"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://bank.example", "https://bank.example"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000"),
        (" https://[::1]:8443 ", "https://[::1]:8443"),
    ],
)
def test_public_url_settings(text: str, expected: str) -> None:
    assert public_url_setting(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "bank.example",
        "ftp://bank.example",
        "https://",
        "https://bank.example/prefix",
        "https://bank.example?x=1",
        "https://bank.example#top",
        "https://user:pw@bank.example",
        "https://bank.example:99999",
        "https://bank.example:0",
    ],
)
def test_bad_public_urls_are_refused_saying_why(text: str) -> None:
    with pytest.raises(ConfigurationError, match=r"public URL|Not a URL"):
        public_url_setting(text)


def test_default_public_urls() -> None:
    assert default_public_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert default_public_url("::1", 9000) == "http://[::1]:9000"
    assert default_public_url("localhost", 80) == "http://localhost:80"

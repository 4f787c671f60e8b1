"""What the fixtures set up: a simulator with a project and a dataset, and a user's token.

The user flows are driven through the real pages with form posts (a browser without
JavaScript), in-process: the phone step, the text-message code read from the outbox, the
registration a new phone number needs, the OAuth consent; and a payment consent's link
(`UserToken.approve`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

from .._simulator import Simulator
from ..domain.kernel.projects import ProjectCredentials
from ..domain.sandbox.datasets import load_dataset

__all__ = [
    "PARTNER_REDIRECT_URI",
    "SETUP_SNAPSHOT",
    "USER_PHONE",
    "Sandbox",
    "UserToken",
    "open_sandbox",
    "user_token",
]

#: The redirect URI of the fixtures' project (and of the examples' partner apps).
PARTNER_REDIRECT_URI = "http://localhost:3000/callback"
#: The snapshot taken once the project and its dataset are in: a failing test's report
#: replays from it.
SETUP_SNAPSHOT = "pytest-setup"
#: Ada Lovelace of the default dataset: she holds an account, a card and a membership.
USER_PHONE = "+33612345001"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
#: A new phone number registers with these (the datasets' users are already registered).
_REGISTRATION = {"first_name": "Test", "last_name": "User", "birth_date": "1990-01-01"}


@dataclass(frozen=True)
class Sandbox:
    """A simulator and the project the fixtures made in its Sandbox."""

    sim: Simulator
    project: ProjectCredentials


def open_sandbox(data_dir: Path, dataset: str | None, public_url: str | None) -> Sandbox:
    """A frozen simulator on `data_dir` with a project (and `dataset`'s data for it), then a
    snapshot of that state (`SETUP_SNAPSHOT`)."""
    options: dict[str, Any] = {"public_url": public_url} if public_url else {}
    sim = Simulator(data_dir, frozen=True, **options)
    try:
        redirect_uris = [PARTNER_REDIRECT_URI, f"{sim.public_url}/callback"]
        project = sim.create_project("sandbox", "Integration tests", redirect_uris)
        if dataset:
            load_dataset(sim.sandbox, project.project_id, dataset)
        sim.snapshot(SETUP_SNAPSHOT)
    except BaseException:
        sim.close()
        raise
    return Sandbox(sim, project)


class UserToken(str):
    """A user access token (the string itself), with what came with it and a helper to
    approve the consents this user is asked for."""

    refresh_token: str
    phone: str
    _sim: Simulator

    def __new__(cls, sim: Simulator, answer: dict[str, Any], phone: str) -> UserToken:
        token = super().__new__(cls, answer["access_token"])
        token.refresh_token = str(answer.get("refresh_token", ""))
        token.phone = phone
        token._sim = sim
        return token

    def approve(self, consent_url: str, decision: str = "approve") -> dict[str, str]:
        """Open a consent's link as this user, sign in (phone, code), decide; returns the
        query of the redirect to the partner (`consentId`, `status`, `resourceId`)."""
        path = urlsplit(consent_url).path
        with _Browser(self._sim) as browser:
            page = browser.get(path)
            if page.status_code == 200 and 'for="phone_number"' in page.text:
                browser.sign_in(self.phone)
                page = browser.get(path)
            if page.status_code == 302:  # an auto-consent user: approved at once
                return _query_of(page.headers["location"])
            _expect(page, 200, "the consent's review page")
            answer = browser.post(path, decision=decision)
            _expect(answer, 302, "the consent's decision")
            return _query_of(answer.headers["location"])


def user_token(
    sandbox: Sandbox, phone: str = USER_PHONE, scope: str = "openid offline"
) -> UserToken:
    """A user access token through the authorization-code flow: the pages walked as `phone`
    (registered on the way if new), the OAuth consent authorized, the code exchanged."""
    sim, project = sandbox.sim, sandbox.project
    query = urlencode(
        {
            "response_type": "code",
            "client_id": project.client_id,
            "redirect_uri": PARTNER_REDIRECT_URI,
            "scope": scope,
            "state": "pytest",
        }
    )
    with _Browser(sim) as browser:
        page = browser.get(f"/oauth2/auth?{query}")
        if page.status_code != 302:  # 302: an auto-consent user, straight back with a code
            _expect(page, 200, "the authorization page")
            browser.sign_in(phone)
            _expect(browser.get("/oauth2/auth/consent"), 200, "the OAuth consent page")
            page = browser.post("/oauth2/auth/consent", decision="authorize")
            _expect(page, 302, "the OAuth consent")
        code = _query_of(page.headers["location"])["code"]
        answer = browser.http.post(
            "/oauth2/token",
            data={
                "grant_type": "authorization_code",
                "code": code,
                "client_id": project.client_id,
                "client_secret": project.client_secret,
                "redirect_uri": PARTNER_REDIRECT_URI,
            },
        )
    _expect(answer, 200, "the code's exchange")
    return UserToken(sim, answer.json(), phone)


class _Browser:
    """One browser (an in-process client and its cookies) on the pages."""

    def __init__(self, sim: Simulator) -> None:
        self.sim = sim
        self.http: httpx.Client = sim.client(base_url=sim.public_url)
        self.csrf = ""

    def __enter__(self) -> _Browser:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.http.close()

    def get(self, path: str) -> httpx.Response:
        return self._remember(self.http.get(path, follow_redirects=False))

    def post(self, path: str, **data: str) -> httpx.Response:
        body = {"csrf_token": self.csrf, **data}
        return self._remember(self.http.post(path, data=body, follow_redirects=False))

    def _remember(self, response: httpx.Response) -> httpx.Response:
        match = _CSRF.search(response.text)
        if match:
            self.csrf = match.group(1)
        return response

    def sign_in(self, phone: str) -> None:
        """The phone step, the code from the outbox, the registration of a new number."""
        answer = self.post("/oauth2/login/phone", phone_number=phone)
        _expect(answer, 303, "the phone step")
        if answer.headers["location"] != "/oauth2/login":
            return  # an auto-consent user: no code
        code = self.sim.oauth.latest_code(phone)
        if code is None:
            raise AssertionError(f"No text-message code was sent to {phone}.")
        answer = self.post("/oauth2/login/code", code=code)
        _expect(answer, 303, "the code step")
        if answer.headers["location"] == "/oauth2/login":  # a new number registers
            self.get("/oauth2/login")
            _expect(self.post("/oauth2/login/register", **_REGISTRATION), 303, "registration")


def _expect(response: httpx.Response, status: int, step: str) -> None:
    if response.status_code != status:
        raise AssertionError(
            f"The user flow stopped at {step}: {response.status_code}, not {status}.\n"
            f"{response.text[:500]}"
        )


def _query_of(location: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}

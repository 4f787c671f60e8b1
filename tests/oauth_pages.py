"""Drive the authorization pages with plain form posts, as a browser without JavaScript would."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

from simulator.domain.kernel.context import Environment
from simulator.oauth import sms

REDIRECT_URI = "http://localhost:3000/callback"
PHONE = "+33612345678"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def authorize_params(client_id: str, **overrides: Any) -> dict[str, Any]:
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": REDIRECT_URI,
        "scope": "openid offline",
        "state": "state-123",
    }
    params.update(overrides)
    return {key: value for key, value in params.items() if value is not None}


def query_of(location: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}


def alert(response: httpx.Response) -> str | None:
    """The text of the page's alert (an error message), if any."""
    match = re.search(r'role="alert">([^<]+)<', response.text)
    return match.group(1).strip() if match else None


class Pages:
    """One browser (an httpx client with its cookie jar) going through the pages."""

    def __init__(self, http: httpx.Client, env: Environment) -> None:
        self.http = http
        self.env = env
        self.csrf: str | None = None

    def start(self, client_id: str, **overrides: Any) -> httpx.Response:
        query = urlencode(authorize_params(client_id, **overrides))
        response = self.http.get(f"/oauth2/auth?{query}", follow_redirects=False)
        self._remember(response)
        return response

    def _remember(self, response: httpx.Response) -> None:
        match = _CSRF.search(response.text)
        if match:
            self.csrf = match.group(1)

    def get(self, path: str) -> httpx.Response:
        response = self.http.get(path, follow_redirects=False)
        self._remember(response)
        return response

    def post(self, path: str, **data: str) -> httpx.Response:
        body = {"csrf_token": self.csrf or "", **data}
        response = self.http.post(path, data=body, follow_redirects=False)
        self._remember(response)
        return response

    def latest_code(self, phone: str = PHONE) -> str:
        code = sms.latest_code(self.env, phone)
        assert code is not None
        return code

    def log_in(
        self,
        phone: str = PHONE,
        *,
        register: dict[str, str] | None = None,
    ) -> httpx.Response:
        """Phone, code (from the outbox), registration when asked; returns the last response."""
        response = self.post("/oauth2/login/phone", phone_number=phone)
        assert response.status_code == 303, response.text
        response = self.post("/oauth2/login/code", code=self.latest_code(phone))
        assert response.status_code == 303, response.text
        if response.headers["location"] == "/oauth2/login":
            page = self.get("/oauth2/login")
            assert "First name" in page.text
            fields = register or {
                "first_name": "Ada",
                "last_name": "Lovelace",
                "birth_date": "1990-04-21",
            }
            response = self.post("/oauth2/login/register", **fields)
            assert response.status_code == 303, response.text
        assert response.headers["location"] == "/oauth2/auth/consent"
        return response

    def authorize_rest(self, phone: str = PHONE) -> str:
        """From whatever login step the session is on: finish it, authorize; returns the
        redirect location."""
        for _ in range(5):
            page = self.get("/oauth2/login")
            if page.status_code == 303:
                break
            if 'for="phone_number"' in page.text:
                self.post("/oauth2/login/phone", phone_number=phone)
            elif 'for="code"' in page.text:
                self.post("/oauth2/login/code", code=self.latest_code(phone))
            elif 'for="first_name"' in page.text:
                self.post(
                    "/oauth2/login/register",
                    first_name="Ada",
                    last_name="Lovelace",
                    birth_date="1990-04-21",
                )
            else:
                raise AssertionError(page.text)
        response = self.consent()
        assert response.status_code == 302, response.text
        return response.headers["location"]

    def consent(self, decision: str = "authorize") -> httpx.Response:
        page = self.get("/oauth2/auth/consent")
        assert page.status_code == 200, page.text
        return self.post("/oauth2/auth/consent", decision=decision)

    def authorize(self, client_id: str, phone: str = PHONE, **overrides: Any) -> dict[str, str]:
        """The whole flow; returns the query of the redirect (code and state)."""
        response = self.start(client_id, **overrides)
        if response.status_code == 302:  # an auto-consent Sandbox user
            return query_of(response.headers["location"])
        assert response.status_code == 200, response.text
        self.log_in(phone)
        response = self.consent()
        assert response.status_code == 302, response.text
        return query_of(response.headers["location"])


def exchange(
    http: httpx.Client, code: str, client_id: str, client_secret: str | None = None, **extra: str
) -> httpx.Response:
    data = {"grant_type": "authorization_code", "code": code, "client_id": client_id}
    data["redirect_uri"] = REDIRECT_URI
    if client_secret is not None:
        data["client_secret"] = client_secret
    data.update(extra)
    return http.post("/oauth2/token", data={k: v for k, v in data.items() if v is not None})


def refresh(
    http: httpx.Client, refresh_token: str, client_id: str, client_secret: str, **extra: str
) -> httpx.Response:
    data = {
        "grant_type": "refresh_token",
        "refresh_token": refresh_token,
        "client_id": client_id,
        "client_secret": client_secret,
        **extra,
    }
    return http.post("/oauth2/token", data=data)

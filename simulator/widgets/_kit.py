"""What every widget of one simulator shares: an in-process client, a teaching project per
environment, its tokens, and the user tokens obtained so far.

A widget built as `Widget(sim)` finds (or makes) the simulator's kit here, so the Console, the
Ledger and the OAuth walkthrough of one notebook speak as the same project, and a user token
the walkthrough obtains appears in the Console's identities.
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from ..clock import format_timestamp, later, parse_timestamp
from ..domain.kernel.projects import ProjectCredentials
from ..exceptions import SimulatorError

__all__ = ["REDIRECT_URI", "Kit", "UserToken"]

#: The teaching project's redirect URI (never called: the kit reads the redirect's query).
REDIRECT_URI = "http://localhost:3000/callback"
#: Where a simulator keeps its kit (an attribute set on first use, one kit per simulator).
_ATTRIBUTE = "_teaching_kit"


@dataclass
class UserToken:
    """A user access token the kit obtained, named for the identity menus."""

    label: str
    access_token: str
    refresh_token: str | None
    expires_at: str


@dataclass
class _ProjectToken:
    access_token: str
    expires_at: str


@dataclass
class Kit:
    """The shared state of the widgets of one simulator (see the module docstring)."""

    simulator: Any
    projects: dict[str, ProjectCredentials] = field(default_factory=dict)
    users: dict[str, UserToken] = field(default_factory=dict)
    _tokens: dict[str, _ProjectToken] = field(default_factory=dict)
    _http: Any = None

    @classmethod
    def of(cls, simulator: Any, project: ProjectCredentials | None = None) -> Kit:
        """The simulator's kit, made on first use; `project` (when given) becomes the kit's
        project in its environment."""
        kit: Kit | None = simulator.__dict__.get(_ATTRIBUTE)
        if kit is None:
            kit = cls(simulator)
            simulator.__dict__[_ATTRIBUTE] = kit
        if project is not None and kit.projects.get(project.environment) != project:
            kit.projects[project.environment] = project
            kit._tokens.pop(project.environment, None)
        return kit

    @property
    def http(self) -> Any:
        """An in-process client that does not follow redirects (the widgets read them)."""
        if self._http is None:
            self._http = self.simulator.client(follow_redirects=False)
        return self._http

    def project(self, environment: str = "sandbox") -> ProjectCredentials:
        """The kit's project in `environment`, created ("Teaching kit") when there is none."""
        if environment not in self.projects:
            self.projects[environment] = self.simulator.create_project(
                environment, "Teaching kit", [REDIRECT_URI]
            )
        return self.projects[environment]

    def project_token(self, environment: str = "sandbox") -> str:
        """A project access token, a new one once the last has expired on the virtual clock."""
        known = self._tokens.get(environment)
        if known is None or parse_timestamp(known.expires_at) <= self.simulator.now():
            credentials = self.project(environment)
            answer = self.http.post(
                "/oauth2/token",
                data={
                    "grant_type": "client_credentials",
                    "client_id": credentials.client_id,
                    "client_secret": credentials.client_secret,
                },
            ).json()
            known = _ProjectToken(answer["access_token"], self._expiry(answer["expires_in"]))
            self._tokens[environment] = known
        return known.access_token

    def _expiry(self, seconds: int) -> str:
        return format_timestamp(later(self.simulator.now(), seconds))

    def remember_user(self, label: str, tokens: dict[str, Any]) -> UserToken:
        """Keep a user's tokens (from the token endpoint's answer) under `label`."""
        user = UserToken(
            label,
            tokens["access_token"],
            tokens.get("refresh_token"),
            self._expiry(int(tokens.get("expires_in", 3600))),
        )
        self.users[label] = user
        return user

    def user_token(self, phone_number: str, first_name: str = "Ada") -> UserToken:
        """A user token for a Sandbox user (created with auto consent when new), through the
        authorization-code flow; the quick way, without pages (see `OAuthWalkthrough`)."""
        # A user that exists already is kept as it is.
        with contextlib.suppress(SimulatorError):
            self.simulator.oauth.create_sandbox_user(
                phone_number, first_name=first_name, auto_consent=True
            )
        credentials = self.project("sandbox")
        state = secrets.token_urlsafe(12)
        query = {
            "response_type": "code",
            "client_id": credentials.client_id,
            "redirect_uri": REDIRECT_URI,
            "scope": "openid offline",
            "state": state,
            "phoneNumber": phone_number,
        }
        answer = self.http.get("/oauth2/auth?" + urlencode(query))
        back = parse_qs(urlsplit(answer.headers.get("location", "")).query)
        if back.get("state") != [state] or "code" not in back:
            raise RuntimeError(f"No code came back for {phone_number}: {answer.status_code}")
        tokens = self.exchange(back["code"][0])
        return self.remember_user(f"user {phone_number}", tokens)

    def exchange(self, code: str, verifier: str | None = None) -> dict[str, Any]:
        """The authorization-code exchange, with the client secret or a PKCE verifier."""
        credentials = self.project("sandbox")
        data = {
            "grant_type": "authorization_code",
            "code": code,
            "client_id": credentials.client_id,
            "redirect_uri": REDIRECT_URI,
        }
        if verifier is None:
            data["client_secret"] = credentials.client_secret
        else:
            data["code_verifier"] = verifier
        answer: dict[str, Any] = self.http.post("/oauth2/token", data=data).json()
        return answer

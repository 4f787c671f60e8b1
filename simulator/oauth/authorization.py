"""The authorization request (section 4.4) and what follows the login: identity
verification, consent, and the authorization code. No HTTP here: `pages/authorize.py`
calls these functions.

Validation follows RFC 6749 section 4.1.2.1: while the client and its redirect URI are not
established (unknown `client_id`, unregistered `redirect_uri`), the error is shown to the
user and never redirected; afterwards errors go back to the redirect URI with `error`,
`error_description` and `state`.

```python
env, request = parse_authorization_request(environments, request.query_params.multi_items())
code = issue_code(env, request, user_id=user["id"], auth_time=env.now())
redirect_with(request.redirect_uri, code=code, state=request.state)
```
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import timedelta
from typing import Any, NoReturn
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ..clock import format_timestamp
from ..domain.kernel.context import Environment
from ..domain.kernel.events import emit
from ..domain.kernel.projects import find_project_by_client_id, redirect_uri_problem
from ..domain.onboarding.onboarding import find_onboarding
from ..domain.users.users import IDENTIFICATION_LEVELS, get_user, validate_phone_number
from ..environments import EnvironmentName
from ..exceptions import ConfigurationError, SimulatorError
from ..storage.rows import ProjectRow
from . import pkce
from .endpoints import description_text, echo
from .login import check_birth_date, check_name
from .tokens import hash_token, new_token

__all__ = [
    "CODE_LIFETIME",
    "SCOPES",
    "AuthorizationRequest",
    "AuthorizationRequestError",
    "issue_code",
    "needs_identity_verification",
    "parse_authorization_request",
    "record_identity_verification",
    "redirect_with",
]

#: Scopes of section 4.4; `openid` is required (every token response carries an id_token).
SCOPES = ("openid", "offline", "idverified")
SCOPE_DESCRIPTIONS = {
    "openid": "Confirm who you are: your user id and your phone number",
    "offline": "Keep access when you are not using the app (continued access)",
    "idverified": "Use your verified identity",
}
#: Section 8.3 says "short-lived"; the real service's codes live 10 minutes.
CODE_LIFETIME = timedelta(minutes=10)
MAX_STATE_LENGTH = 2048
MAX_TEXT_PARAMETER_LENGTH = 512
_VSCHAR = re.compile(r"[\x20-\x7e]+")  # RFC 6749 appendix A


class AuthorizationRequestError(SimulatorError):
    """A refused authorization request.

    With `redirect_uri` None the client or its redirect URI could not be trusted: the
    user sees an error page. Otherwise the error goes back to `redirect_uri`.
    """

    def __init__(
        self,
        error: str,
        description: str,
        *,
        redirect_uri: str | None = None,
        state: str | None = None,
    ) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.redirect_uri = redirect_uri
        self.state = state

    @property
    def redirect_url(self) -> str | None:
        if self.redirect_uri is None:
            return None
        return redirect_with(
            self.redirect_uri,
            error=self.error,
            error_description=description_text(self.description),
            state=self.state,
        )


@dataclass
class AuthorizationRequest:
    """A validated authorization request, as stored in the web session."""

    client_id: str
    project_id: str
    project_name: str
    redirect_uri: str
    redirect_uri_sent: bool
    scope: list[str]
    state: str
    nonce: str | None = None
    phone_number: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    birth_date: str | None = None
    identification_level: str = "Expert"
    onboarding_id: str | None = None
    code_challenge: str | None = None
    code_challenge_method: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AuthorizationRequest:
        return cls(**data)

    @property
    def scope_text(self) -> str:
        return " ".join(self.scope)


def redirect_with(uri: str, **params: str | None) -> str:
    """`uri` with parameters added to its query (keeping those it already has)."""
    parts = urlsplit(uri)
    query = parse_qsl(parts.query, keep_blank_values=True)
    query += [(key, value) for key, value in params.items() if value is not None]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), ""))


class _Params:
    """Query parameters, refusing repeated ones (RFC 6749 section 3.1)."""

    def __init__(self, items: Sequence[tuple[str, str]]) -> None:
        self.values: dict[str, list[str]] = {}
        for key, value in items:
            self.values.setdefault(key, []).append(value)

    def repeated(self, name: str) -> bool:
        return len(self.values.get(name, [])) > 1

    def get(self, name: str) -> str | None:
        values = self.values.get(name)
        return values[0] if values else None


#: Raises the error of a refused request (bound to its redirect URI and state).
Refuse = Callable[[str, str], NoReturn]


def parse_authorization_request(
    environments: Mapping[EnvironmentName, Environment], items: Sequence[tuple[str, str]]
) -> tuple[Environment, AuthorizationRequest]:
    """Validate every parameter of section 4.4; `AuthorizationRequestError` when refused."""
    params = _Params(items)

    # 1. The client and its redirect URI: until both are known, errors are never redirected.
    env, project = _client(environments, params)
    redirect_uri = _redirect_uri(params, project)

    # 2. From here on, errors go back to the redirect URI (with the state when it is usable).
    state = _state(params, _refuser(redirect_uri, None))
    refuse = _refuser(redirect_uri, state)
    for repeated in sorted(key for key in params.values if params.repeated(key)):
        refuse("invalid_request", f"{repeated} is repeated.")
    scope = _scope(params, refuse)
    hints = _hints(env, params, refuse)
    level, texts = _level_and_texts(params, refuse)
    onboarding_id = _onboarding(env, project, params, refuse)
    challenge, method = _challenge(env, project, params, refuse)

    return env, AuthorizationRequest(
        client_id=project["client_id"],
        project_id=project["id"],
        project_name=project["name"],
        redirect_uri=redirect_uri,
        redirect_uri_sent=params.get("redirect_uri") is not None,
        scope=scope,
        state=state,
        nonce=texts["nonce"],
        identification_level=level,
        onboarding_id=onboarding_id,
        code_challenge=challenge,
        code_challenge_method=method,
        **hints,
    )


def _refuser(redirect_uri: str, state: str | None) -> Refuse:
    def refuse(error: str, description: str) -> NoReturn:
        raise AuthorizationRequestError(error, description, redirect_uri=redirect_uri, state=state)

    return refuse


def _client(
    environments: Mapping[EnvironmentName, Environment], params: _Params
) -> tuple[Environment, ProjectRow]:
    """The environment (from the client_id prefix) and the client's project."""
    if params.repeated("client_id"):
        raise AuthorizationRequestError("invalid_request", "client_id is repeated.")
    client_id = params.get("client_id")
    if not client_id:
        raise AuthorizationRequestError("invalid_request", "client_id is missing.")
    name = EnvironmentName.of_credential(client_id)
    env = environments.get(name) if name else None
    project = find_project_by_client_id(env, client_id) if env else None
    if env is None or project is None:
        raise AuthorizationRequestError(
            "invalid_client",
            "Unknown client_id: no project has these API credentials in this environment.",
        )
    return env, project


def _redirect_uri(params: _Params, project: Mapping[str, Any]) -> str:
    """The request's redirect URI: one of the project's, character for character."""
    registered = _registered_uris(project)
    if params.repeated("redirect_uri"):
        raise AuthorizationRequestError("invalid_request", "redirect_uri is repeated.")
    redirect_uri = params.get("redirect_uri")
    if redirect_uri is None:
        if len(registered) != 1:
            raise AuthorizationRequestError(
                "invalid_request",
                "redirect_uri is missing: it is required when the project registers "
                "more than one redirect URL.",
            )
        redirect_uri = registered[0]
    elif redirect_uri not in registered:
        raise AuthorizationRequestError(
            "invalid_request",
            "redirect_uri does not match any redirect URL registered for this project "
            "(the comparison is exact: scheme, host, port, path and query).",
        )
    # A data dir made before registration parsed URLs strictly may hold one that cannot be
    # redirected to (a port over 65535, say): an error page, never a redirect there.
    problem = redirect_uri_problem(redirect_uri)
    if problem is not None:
        raise AuthorizationRequestError(
            "invalid_request",
            f"The redirect URL registered for this project is malformed: {problem} "
            "Register a valid one (in a new project).",
        )
    return redirect_uri


def _state(params: _Params, refuse: Refuse) -> str:
    if params.repeated("state"):
        refuse("invalid_request", "state is repeated.")
    state = params.get("state")
    if not state:
        refuse("invalid_request", "state is missing: send an opaque value and check it on return.")
    if len(state) > MAX_STATE_LENGTH or not _VSCHAR.fullmatch(state):
        refuse(
            "invalid_request",
            f"state must be 1 to {MAX_STATE_LENGTH} printable ASCII characters.",
        )
    return state


def _scope(params: _Params, refuse: Refuse) -> list[str]:
    """`response_type` (always `code`) and the scope, in canonical order."""
    response_type = params.get("response_type")
    if not response_type:
        refuse("invalid_request", "response_type is missing: use response_type=code.")
    if response_type != "code":
        refuse(
            "unsupported_response_type",
            f"response_type {echo(response_type)} is not supported: use response_type=code.",
        )
    scope = (params.get("scope") or "").split()
    if not scope:
        refuse("invalid_request", "scope is missing: use for example 'openid offline'.")
    unknown = [value for value in scope if value not in SCOPES]
    if unknown:
        refuse(
            "invalid_scope",
            f"Unknown scope {echo(' '.join(unknown))}: use {', '.join(SCOPES)}.",
        )
    if "openid" not in scope:
        refuse("invalid_scope", "scope must include openid.")
    return [value for value in SCOPES if value in scope]  # canonical order, no duplicates


def _hints(env: Environment, params: _Params, refuse: Refuse) -> dict[str, str | None]:
    """The pre-filled phone number and registration fields."""
    hints: dict[str, str | None] = {}
    checks: list[tuple[str, str, Callable[[str], str]]] = [
        ("phoneNumber", "phone_number", _check_phone_number),
        ("firstName", "first_name", lambda v: check_name(v, "firstName")),
        ("lastName", "last_name", lambda v: check_name(v, "lastName")),
        ("birthDate", "birth_date", lambda v: check_birth_date(v, env.clock.now().date())),
    ]
    for parameter, key, check in checks:
        value = params.get(parameter)
        if value is None:
            continue
        try:
            hints[key] = check(value)
        except ConfigurationError as error:
            refuse("invalid_request", f"Invalid {parameter}: {error}")
    return hints


def _level_and_texts(params: _Params, refuse: Refuse) -> tuple[str, dict[str, str | None]]:
    """`identificationlevel`, and the free text `nonce`."""
    level = params.get("identificationlevel") or "Expert"
    if level not in IDENTIFICATION_LEVELS:
        refuse(
            "invalid_request",
            f"identificationlevel must be one of {', '.join(IDENTIFICATION_LEVELS)}.",
        )
    texts: dict[str, str | None] = {}
    for parameter in ("nonce",):
        value = params.get(parameter)
        if value is not None and not _printable(value):
            refuse(
                "invalid_request",
                f"{parameter} must be 1 to {MAX_TEXT_PARAMETER_LENGTH} printable ASCII characters.",
            )
        texts[parameter] = value
    return level, texts


def _printable(value: str) -> bool:
    return len(value) <= MAX_TEXT_PARAMETER_LENGTH and _VSCHAR.fullmatch(value) is not None


#: The onboarding parameter's spellings: the specification's, then the real service's.
ONBOARDING_PARAMETERS = ("onboardingid", "onboardingId")


def _onboarding(
    env: Environment, project: Mapping[str, Any], params: _Params, refuse: Refuse
) -> str | None:
    """The id of one of the project's account holder onboardings, if one is named: the user
    who authorizes becomes the legal representative of the account it opens."""
    sent = [name for name in ONBOARDING_PARAMETERS if params.get(name) is not None]
    if not sent:
        return None
    if len(sent) > 1:
        refuse("invalid_request", "onboardingId is repeated (as onboardingid and onboardingId).")
    name = sent[0]
    value = params.get(name) or ""
    if not _printable(value):
        refuse(
            "invalid_request",
            f"{name} must be 1 to {MAX_TEXT_PARAMETER_LENGTH} printable ASCII characters.",
        )
    # Another project's onboarding reads as unknown: projects never cross.
    if find_onboarding(env.store.db, project["id"], value) is None:
        refuse(
            "invalid_request",
            f"{name} names no account holder onboarding of this project "
            "(create one with createIndividualAccountHolderOnboarding or "
            "createCompanyAccountHolderOnboarding, and send its id).",
        )
    return value


def _challenge(
    env: Environment, project: Mapping[str, Any], params: _Params, refuse: Refuse
) -> tuple[str | None, str | None]:
    """The PKCE challenge and its method: required with PKCE on, refused with it off."""
    challenge = params.get("code_challenge")
    method = params.get("code_challenge_method")
    uses_pkce = pkce.pkce_enabled(env, project["id"])
    if challenge is None:
        if method is not None:
            refuse("invalid_request", "code_challenge_method was sent without code_challenge.")
        if uses_pkce:
            refuse(
                "invalid_request",
                "This project uses PKCE: send code_challenge and code_challenge_method=S256.",
            )
        return None, None
    if not uses_pkce:
        refuse(
            "invalid_request",
            "PKCE is not enabled for this project: it uses the client-secret flow "
            "(PKCE is available on request; the simulator switches it on with "
            "'python -m simulator project pkce --enable').",
        )
    if method != pkce.CHALLENGE_METHOD:
        refuse("invalid_request", "code_challenge_method must be S256 (plain is not supported).")
    if not pkce.valid_challenge(challenge):
        refuse(
            "invalid_request",
            "code_challenge must be the unpadded base64url SHA-256 of the code_verifier "
            "(43 characters).",
        )
    return challenge, method


def _check_phone_number(value: str) -> str:
    try:
        return validate_phone_number(value)
    except ConfigurationError:  # its message quotes the value: not in a redirect
        raise ConfigurationError("use the international format, such as +33612345678.") from None


def _registered_uris(project: Mapping[str, Any]) -> list[str]:
    uris = project["redirect_uris"]
    return json.loads(uris) if isinstance(uris, str) else list(uris)


def verified_at(user: Mapping[str, Any], level: str) -> bool:
    """Whether a user's identity is verified at `level` (QES covers Expert)."""
    levels = user["identification_levels"]
    return level in levels or (level == "Expert" and "QES" in levels)


def needs_identity_verification(user: Mapping[str, Any], request: AuthorizationRequest) -> bool:
    return "idverified" in request.scope and not verified_at(user, request.identification_level)


def record_identity_verification(
    env: Environment, user_id: str, level: str, project_id: str
) -> dict[str, Any]:
    """The simulated identity verification: the user is now verified at `level`."""
    if level not in IDENTIFICATION_LEVELS:
        raise ConfigurationError(f"Unknown identification level {level!r}.")
    with env.store.atomic() as db:
        user = get_user(env, user_id)
        if level not in user["identification_levels"]:
            levels = [*user["identification_levels"], level]
            db.table("users").update(
                user_id, {"identification_levels": json.dumps(levels), "updated_at": env.now()}
            )
            emit(env, db, "User.Updated", project_id=project_id, resource_id=user_id)
    return get_user(env, user_id)


def issue_code(
    env: Environment, request: AuthorizationRequest, *, user_id: str, auth_time: str
) -> str:
    """A single-use authorization code for a consented request; returns the code."""
    code = new_token(env.name, "code")
    now = env.clock.now()
    with env.store.atomic() as db:
        db.table("authorization_codes").insert(
            {
                "code_hash": hash_token(code),
                "project_id": request.project_id,
                "client_id": request.client_id,
                "user_id": user_id,
                "redirect_uri": request.redirect_uri,
                "redirect_uri_sent": int(request.redirect_uri_sent),
                "scope": request.scope_text,
                "nonce": request.nonce,
                "code_challenge": request.code_challenge,
                "code_challenge_method": request.code_challenge_method,
                "auth_time": auth_time,
                "issued_at": format_timestamp(now),
                "expires_at": format_timestamp(now + CODE_LIFETIME),
            }
        )
    return code

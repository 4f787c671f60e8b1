"""The authorization pages: `GET /oauth2/auth` (section 4.4), then, once the user is
logged in, identity verification when asked and the consent page.

| Route | What |
|---|---|
| `GET /oauth2/auth` | validate; the phone step, an error page, or an error redirect |
| `GET /oauth2/auth/consent` | once logged in: identity verification if needed, else consent |
| `POST /oauth2/auth/verify` | the simulated identity verification (records the level) |
| `POST /oauth2/auth/consent` | `authorize`: 302 `?code&state`; `deny`: `?error=access_denied` |

A Sandbox user with auto consent skips the code and consent steps: with `phoneNumber`
naming them, `GET /oauth2/auth` answers the 302 with the code at once.

With `onboardingId` (or the specification's `onboardingid`), approving also links the user to
that account holder onboarding (`domain.onboarding.link_user`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...domain.kernel.context import Environment
from ...domain.onboarding.onboarding import link_user
from ...domain.users.users import get_user
from ...environments import EnvironmentName
from ..authorization import (
    SCOPE_DESCRIPTIONS,
    AuthorizationRequest,
    AuthorizationRequestError,
    issue_code,
    needs_identity_verification,
    parse_authorization_request,
    record_identity_verification,
    redirect_with,
)
from ..login import auto_consent_user
from ..sessions import SessionProblem, finish_session, session_data, touch_session
from .login import (
    LOGIN_PATH,
    current_session,
    form_value,
    problem_page,
    read_form,
    refuse_forgery,
    start_login,
)
from .render import message_page, origin_of, redirect, render

__all__ = ["AUTH_PATH", "CONSENT_PATH", "VERIFY_PATH", "approve", "authorization_routes"]

AUTH_PATH = "/oauth2/auth"
CONSENT_PATH = "/oauth2/auth/consent"
VERIFY_PATH = "/oauth2/auth/verify"
PURPOSE = "authorization"


def approve(
    env: Environment,
    request: AuthorizationRequest,
    user: Mapping[str, Any],
    *,
    auth_time: str,
    session: dict[str, Any] | None = None,
) -> str:
    """Issue the code of an approved request; returns `redirect_uri?code=...&state=...`."""
    with env.store.atomic() as db:
        if needs_identity_verification(user, request):  # auto consent: verified on the way
            record_identity_verification(
                env, user["id"], request.identification_level, request.project_id
            )
        code = issue_code(env, request, user_id=user["id"], auth_time=auth_time)
        if request.onboarding_id is not None:
            # `onboardingId`: the user who authorizes is the onboarding's legal representative.
            link_user(env, request.project_id, request.onboarding_id, user["id"])
        if session is not None:
            finish_session(env, db, session)
    return redirect_with(request.redirect_uri, code=code, state=request.state)


class _AuthorizationPages:
    """The authorization routes' handlers, over the environments."""

    def __init__(self, environments: Mapping[EnvironmentName, Environment]) -> None:
        self.environments = environments

    async def authorize(self, request: Request) -> Response:
        try:
            env, auth = parse_authorization_request(
                self.environments, request.query_params.multi_items()
            )
        except AuthorizationRequestError as error:
            if error.redirect_url is not None:
                return redirect(error.redirect_url, 302)
            return message_page(
                "This authorization request cannot be processed",
                error.description,
                error_code=error.error,
                detail="You were not sent back to the application, because its client_id "
                "or its redirect URL could not be verified.",
            )
        if auth.phone_number:
            user = auto_consent_user(env, auth.phone_number)
            if user is not None:
                return redirect(approve(env, auth, user, auth_time=env.now()), 302)
        return start_login(
            env,
            request,
            purpose=PURPOSE,
            project_id=auth.project_id,
            continue_to=CONSENT_PATH,
            restart_url=f"{AUTH_PATH}?{request.url.query}",
            heading=f"Sign in to continue to {auth.project_name}",
            phone_hint=auth.phone_number,
            hints={
                "first_name": auth.first_name,
                "last_name": auth.last_name,
                "birth_date": auth.birth_date,
            },
            form_targets=[origin_of(auth.redirect_uri)],
            data={PURPOSE: auth.as_dict()},
        )

    def logged_in(
        self,
        request: Request,
    ) -> Response | tuple[Environment, dict[str, Any], AuthorizationRequest]:
        try:
            env, session = current_session(self.environments, request)
        except SessionProblem as problem:
            return problem_page(problem)
        if session["purpose"] != PURPOSE:
            return message_page(
                "No authorization in progress",
                "This browser's sign-in is not an authorization request.",
                restart_url=session["restart_url"],
            )
        if session["step"] != "done":
            return redirect(LOGIN_PATH)
        return env, session, AuthorizationRequest.from_dict(session_data(session)[PURPOSE])

    def targets(self, auth: AuthorizationRequest) -> list[str]:
        return [origin_of(auth.redirect_uri)]

    async def consent_page(self, request: Request) -> Response:
        found = self.logged_in(request)
        if isinstance(found, Response):
            return found
        env, session, auth = found
        user = get_user(env, session["user_id"])
        if user["auto_consent"] and auto_consent_user(env, user["phone_number"]):
            url = approve(env, auth, user, auth_time=session["logged_in_at"], session=session)
            return redirect(url, 302)
        with env.store.atomic() as db:
            touch_session(env, db, session)
        common = {
            "environment_title": env.name.title,
            "project_name": auth.project_name,
            "csrf_token": session["csrf_token"],
            "consent_url": CONSENT_PATH,
            "verify_url": VERIFY_PATH,
        }
        if needs_identity_verification(user, auth):
            return render(
                "verify.html",
                form_targets=self.targets(auth),
                title="Verify your identity",
                level=auth.identification_level,
                **common,
            )
        return render(
            "consent.html",
            form_targets=self.targets(auth),
            title=f"Authorize {auth.project_name}",
            phone_number=user["phone_number"],
            scopes=[(scope, SCOPE_DESCRIPTIONS[scope]) for scope in auth.scope],
            redirect_host=origin_of(auth.redirect_uri),
            **common,
        )

    async def verify(self, request: Request) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        found = self.logged_in(request)
        if isinstance(found, Response):
            return found
        env, session, auth = found
        refused = refuse_forgery(request, form, session)
        if refused is not None:
            return refused
        user = get_user(env, session["user_id"])
        with env.store.atomic() as db:
            # Only when this request asks for it (idverified) and the level is missing.
            if needs_identity_verification(user, auth):
                record_identity_verification(
                    env, user["id"], auth.identification_level, auth.project_id
                )
            touch_session(env, db, session)
        return redirect(CONSENT_PATH, form_targets=self.targets(auth))

    async def decide(self, request: Request) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        found = self.logged_in(request)
        if isinstance(found, Response):
            return found
        env, session, auth = found
        refused = refuse_forgery(request, form, session)
        if refused is not None:
            return refused
        decision = form_value(form, "decision")
        if decision == "deny":
            with env.store.atomic() as db:
                finish_session(env, db, session)
            url = redirect_with(
                auth.redirect_uri,
                error="access_denied",
                error_description="The user denied the authorization request.",
                state=auth.state,
            )
            return redirect(url, 302)
        user = get_user(env, session["user_id"])
        if decision != "authorize" or needs_identity_verification(user, auth):
            return redirect(CONSENT_PATH, form_targets=self.targets(auth))
        url = approve(env, auth, user, auth_time=session["logged_in_at"], session=session)
        return redirect(url, 302)


def authorization_routes(environments: Mapping[EnvironmentName, Environment]) -> list[Route]:
    pages = _AuthorizationPages(environments)
    return [
        Route(AUTH_PATH, pages.authorize, methods=["GET"]),
        Route(CONSENT_PATH, pages.consent_page, methods=["GET"]),
        Route(CONSENT_PATH, pages.decide, methods=["POST"]),
        Route(VERIFY_PATH, pages.verify, methods=["POST"]),
    ]

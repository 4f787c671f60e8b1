"""The consent pages: what a consent's `consentUrl` opens (docs/banking.md, "Consent pages").

| Route | What |
|---|---|
| `GET /oauth2/consents/{consentId}` | sign-in (phone, code, registration), then the operation |
| `POST /oauth2/consents/{consentId}` | `decision=approve` or `refuse`: 302 to the partner |

The redirect carries `consentId`, `status` and `resourceId`
(`domain.consents.consent_redirect_url`). The sign-in is the OAuth pages' own
(`pages/login.py`), in a web session of purpose `consent` bound to this consent and its
environment; the consent is **started** (its 20 minutes begin) once the user has signed in
and sees the operation.

| Situation | Answer |
|---|---|
| unknown id (or not an id) | 404 page, never a redirect |
| no longer open (Accepted, refused, Expired, Canceled, Failed) | 409 page, link back |
| signed in as another user than the consent's | `CredentialRefused`; 403 page, link back |
| 5 wrong codes (the sign-in locked) | `CredentialRefused`; 403 page, link back |
| a Sandbox user with auto consent (the consent's, or who signs in) | approved: 302 |

"Link back": the partner's redirect URL with the consent's current status.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.convertors import PathConvertor, register_url_convertor
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...clock import parse_timestamp
from ...domain.consents.consent_descriptions import describe_consent
from ...domain.consents.consents import (
    approve_consent,
    consent_redirect_url,
    refuse_consent,
    refuse_credentials,
    start_consent,
)
from ...domain.kernel.context import Environment
from ...domain.kernel.projects import get_project
from ...domain.kernel.rejections import Rejected
from ...domain.users.users import get_user
from ...environments import EnvironmentName
from ...exceptions import NotFound
from ...storage.rows import ConsentRow
from ..consents import (
    PURPOSE,
    auto_approver,
    consent_path,
    consent_user,
    find_consent,
    is_open,
    session_is_for,
)
from ..sessions import SessionProblem, finish_session, touch_session
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

__all__ = ["CONSENTS_PATH", "consent_routes"]

CONSENTS_PATH = "/oauth2/consents"


class _AnyTail(PathConvertor):
    """Everything after `/oauth2/consents/`, newlines included (Starlette's `path` stops at
    one), so any malformed link gets the HTML 404 page rather than the generic JSON one."""

    regex = "(?s:.*)"


register_url_convertor("consent_tail", _AnyTail())

#: What the page says about a consent that can no longer be decided: (title, message).
_CLOSED = {
    "Accepted": ("Already approved", "This operation was already approved."),
    "CustomerRefused": ("Already refused", "This operation was refused: it will not happen."),
    "CredentialRefused": (
        "Refused: sign-in failed",
        "This operation was refused because the sign-in failed or was made by someone other "
        "than the user it was requested for. It will not happen.",
    ),
    "Expired": (
        "This link has expired",
        "An operation must be approved within 20 minutes of opening its link (7 days when "
        "the link is never opened). This one was not: it will not happen.",
    ),
    "Canceled": ("Request canceled", "The application canceled this request."),
    "Failed": (
        "The operation failed",
        "This operation was approved but could no longer be carried out.",
    ),
}


def _project_name(env: Environment, consent: ConsentRow) -> str:
    try:
        return str(get_project(env, consent["project_id"])["name"])
    except NotFound:
        return "the application"


def _targets(consent: ConsentRow) -> list[str]:
    return [origin_of(consent["redirect_url"])]


def _status_page(
    env: Environment,
    consent: ConsentRow,
    *,
    status: int = 409,
    title: str | None = None,
    message: str | None = None,
) -> Response:
    """A consent that can no longer be decided: what became of it, and the way back."""
    default_title, default_message = _CLOSED.get(
        consent["status"], ("Already decided", "This operation can no longer be decided.")
    )
    detail = None
    if consent["status"] == "Failed" and consent.get("status_reason"):
        detail = f"Reason: {consent['status_reason']}"
    project = _project_name(env, consent)
    return render(
        "consent_status.html",
        status=status,
        title=title or default_title,
        message=message or default_message,
        detail=detail,
        consent_status=consent["status"],
        environment_title=env.name.title,
        project_name=project,
        return_url=consent_redirect_url(consent),
    )


def _not_found() -> Response:
    return message_page(
        "Consent not found",
        "This link does not name any consent: check that it was copied whole, or ask the "
        "application for a new one.",
        status=404,
        error_code="consent_not_found",
    )


def _expires_text(expires_at: str | None) -> str | None:
    if not expires_at:
        return None
    moment = parse_timestamp(expires_at)
    return f"{moment:%H:%M} UTC on {moment.day} {moment:%B %Y}"


class _ConsentPages:
    """The two routes' handlers and the steps they share, over the environments."""

    def __init__(self, environments: Mapping[EnvironmentName, Environment]) -> None:
        self.environments = environments

    def browser_session(
        self, request: Request, env: Environment, consent: ConsentRow
    ) -> tuple[dict[str, Any] | None, SessionProblem | None]:
        """This browser's web session for this very consent, or why it cannot go on
        (a problem is reported only for a session of this consent)."""
        try:
            session_env, session = current_session(self.environments, request)
        except SessionProblem as problem:
            if (
                problem.env is not None
                and problem.session is not None
                and session_is_for(env, problem.env, problem.session, consent)
            ):
                return None, problem
            return None, None
        if session_is_for(env, session_env, session, consent):
            return session, None
        return None, None

    def ended(self, env: Environment, consent_id: str, status: int = 409, **texts: str) -> Response:
        """The page of a consent that just ended or was found ended (reloaded)."""
        found = find_consent(self.environments, consent_id)
        if found is None:
            return _not_found()
        return _status_page(env, found[1], status=status, **texts)

    def credentials_refused(
        self,
        env: Environment,
        consent: ConsentRow,
        session: dict[str, Any] | None,
        *,
        title: str,
        message: str,
    ) -> Response:
        try:
            refuse_credentials(env, consent["id"])
        except Rejected:
            return self.ended(env, consent["id"])  # decided meanwhile (another tab, the partner)
        if session is not None:
            with env.store.atomic() as db:
                finish_session(env, db, session)
        return self.ended(env, consent["id"], status=403, title=title, message=message)

    def wrong_user(
        self, env: Environment, consent: ConsentRow, session: dict[str, Any]
    ) -> Response:
        signed_in = get_user(env, session["user_id"])
        return self.credentials_refused(
            env,
            consent,
            session,
            title="This operation is for someone else",
            message=f"You signed in as {signed_in['phone_number']}, but this operation must be "
            "approved by the user it was requested for. It was refused and will not happen.",
        )

    def approve_now(
        self,
        env: Environment,
        consent: ConsentRow,
        user_id: str,
        session: dict[str, Any] | None,
    ) -> Response:
        """Approve at once (a Sandbox user with auto consent) and send the browser back."""
        try:
            if consent["status"] == "Created":
                start_consent(env, consent["id"], user_id)
            decided = approve_consent(env, consent["id"], user_id)
        except Rejected:
            return self.ended(env, consent["id"])
        if session is not None:
            with env.store.atomic() as db:
                finish_session(env, db, session)
        return redirect(consent_redirect_url(decided), 302, form_targets=_targets(consent))

    def sign_in(self, request: Request, env: Environment, consent: ConsentRow) -> Response:
        user = consent_user(env, consent)
        if auto_approver(env, user):
            assert user is not None
            return self.approve_now(env, consent, user["id"], None)
        path = consent_path(consent["id"])
        return start_login(
            env,
            request,
            purpose=PURPOSE,
            project_id=consent["project_id"],
            continue_to=path,
            restart_url=path,
            heading=f"{_project_name(env, consent)} asks for your approval of an operation. "
            "Sign in to review it.",
            phone_hint=user["phone_number"] if user else None,
            form_targets=_targets(consent),
            data={PURPOSE: {"consent_id": consent["id"]}},
        )

    def review(self, env: Environment, consent: ConsentRow, session: dict[str, Any]) -> Response:
        """Signed in: check who, open the consent, and show the operation."""
        user_id = session["user_id"]
        if consent["user_id"] not in (None, user_id):
            return self.wrong_user(env, consent, session)
        signed_in = get_user(env, user_id)
        if auto_approver(env, signed_in):
            return self.approve_now(env, consent, user_id, session)
        if consent["status"] == "Created":
            try:
                consent = start_consent(env, consent["id"], user_id)
            except Rejected:
                return self.ended(env, consent["id"])
        with env.store.atomic() as db:
            touch_session(env, db, session)
        description = describe_consent(env, consent)
        return render(
            "consent_review.html",
            form_targets=_targets(consent),
            title=description.title,
            environment_title=env.name.title,
            phone_number=signed_in["phone_number"],
            summary=description.summary,
            sections=description.sections,
            project_name=description.project_name,
            csrf_token=session["csrf_token"],
            action=consent_path(consent["id"]),
            expires_at=_expires_text(consent["expires_at"]),
            redirect_host=origin_of(consent["redirect_url"]),
        )

    def locked(self, env: Environment, consent: ConsentRow, problem: SessionProblem) -> Response:
        return self.credentials_refused(
            env,
            consent,
            problem.session,
            title="Sign-in failed",
            message="Too many wrong codes were typed: the operation was refused and will not "
            "happen.",
        )

    async def consent_page(self, request: Request) -> Response:
        found = find_consent(self.environments, request.path_params["consent_id"])
        if found is None:
            return _not_found()
        env, consent = found
        if not is_open(consent):
            return _status_page(env, consent)
        session, problem = self.browser_session(request, env, consent)
        if problem is not None and problem.kind == "locked":
            return self.locked(env, consent, problem)
        if session is None:  # none yet, another flow's, or over (expired): sign in again
            return self.sign_in(request, env, consent)
        if session["step"] != "done":  # back on the link mid-sign-in: resume it
            return redirect(LOGIN_PATH, form_targets=_targets(consent))
        return self.review(env, consent, session)

    async def decide(self, request: Request) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        found = find_consent(self.environments, request.path_params["consent_id"])
        if found is None:
            return _not_found()
        env, consent = found
        if not is_open(consent):
            return _status_page(env, consent)
        path = consent_path(consent["id"])
        session, problem = self.browser_session(request, env, consent)
        if problem is not None and problem.kind == "locked":
            return self.locked(env, consent, problem)
        if problem is not None:
            return problem_page(problem)  # expired: "Start again" opens the link again
        if session is None:
            return message_page(
                "No approval in progress",
                "This browser has not signed in to approve this operation (this page needs "
                "cookies).",
                restart_url=path,
            )
        refused = refuse_forgery(request, form, session)
        if refused is not None:
            return refused
        if session["step"] != "done":
            return redirect(LOGIN_PATH, form_targets=_targets(consent))
        user_id = session["user_id"]
        if consent["user_id"] not in (None, user_id):
            return self.wrong_user(env, consent, session)
        decision = form_value(form, "decision")
        if consent["status"] != "Started" or decision not in ("approve", "refuse"):
            return redirect(path, form_targets=_targets(consent))  # show the operation first
        try:
            if decision == "approve":
                decided = approve_consent(env, consent["id"], user_id)
            else:
                decided = refuse_consent(env, consent["id"], user_id, status="CustomerRefused")
        except Rejected:
            return self.ended(env, consent["id"])
        with env.store.atomic() as db:
            finish_session(env, db, session)
        return redirect(consent_redirect_url(decided), 302, form_targets=_targets(consent))


def consent_routes(environments: Mapping[EnvironmentName, Environment]) -> list[Route]:
    pages = _ConsentPages(environments)
    return [
        Route(f"{CONSENTS_PATH}/{{consent_id:consent_tail}}", pages.consent_page, methods=["GET"]),
        Route(f"{CONSENTS_PATH}/{{consent_id:consent_tail}}", pages.decide, methods=["POST"]),
    ]

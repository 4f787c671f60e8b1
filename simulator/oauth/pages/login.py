"""The login pages (phone number, text-message code, registration), reusable by any flow.

A flow that needs a logged-in user calls `start_login(...)` from its own page: it opens a
web session, sets the session cookie and shows the phone step. The forms post to
`/oauth2/login/...`; once the user is logged in, the browser is sent (303) to the flow's
`continue_to` page, which reads the logged-in session with `current_session(...)`:

```python
async def consent_page(request):                       # e.g. /oauth2/consents/{consentId}
    try:
        env, session = current_session(environments, request)
    except SessionProblem:
        session = None
    if session is None or session["purpose"] != "consent" or session["step"] != "done":
        return start_login(env, request, purpose="consent", project_id=project_id,
                           continue_to=request.url.path, restart_url=request.url.path,
                           heading="Sign in to approve the operation",
                           phone_hint=user_phone, form_targets=[origin_of(redirect_url)])
    user_id = session["user_id"]                        # logged in: show the approval
```

| Route | What |
|---|---|
| `GET /oauth2/login` | the current step's page (or 303 to `continue_to` once logged in) |
| `POST /oauth2/login/phone` | `phone_number`: send a code |
| `POST /oauth2/login/code` | `code`: check it |
| `POST /oauth2/login/resend` | send a new code |
| `POST /oauth2/login/change-phone` | back to the phone step |
| `POST /oauth2/login/register` | `first_name`, `last_name`, `birth_date` |

Every form carries the session's CSRF token in a hidden field, and a post whose `Origin`
is not the public URL's origin is refused (`forged`, shared with the dashboard).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...domain.kernel.context import Environment
from ...environments import EnvironmentName
from ...public_url import same_origin
from ...public_url import set_session_cookie as set_cookie
from .. import sms
from ..login import (
    LoginError,
    change_phone,
    resend_code,
    submit_code,
    submit_phone,
    submit_registration,
)
from ..sessions import (
    COOKIE_NAME,
    SessionProblem,
    load_session,
    session_data,
    start_session,
    touch_session,
)
from .render import message_page, origin_of, redirect, render

__all__ = [
    "LOGIN_PATH",
    "current_session",
    "forged",
    "form_value",
    "login_routes",
    "origin_of",
    "problem_page",
    "read_form",
    "refuse_forgery",
    "render_step",
    "session_form_targets",
    "set_session_cookie",
    "start_login",
]

LOGIN_PATH = "/oauth2/login"
_TEMPLATES = {
    "phone": "login_phone.html",
    "code": "login_code.html",
    "register": "login_register.html",
}
_TITLES = {"phone": "Sign in", "code": "Enter your code", "register": "Create your account"}


def form_value(form: FormData, name: str) -> str | None:
    """A plain text field of a posted form (files and repeats count as missing)."""
    values = form.getlist(name)
    return values[0] if len(values) == 1 and isinstance(values[0], str) else None


async def read_form(request: Request) -> FormData | Response:
    """The posted form, or a 400 page when its body cannot be parsed (a broken multipart
    body, too many fields): a browser page answers with a page, never JSON."""
    try:
        return await request.form()
    except (HTTPException, ValueError) as error:
        # Starlette turns a parse error into a 400 HTTPException; some of its releases let
        # python-multipart's own error (a ValueError) through.
        detail = error.detail if isinstance(error, HTTPException) else "unreadable multipart"
        return message_page(
            "This form could not be read",
            f"The form's body is malformed ({detail}). Go back to the page and try again.",
            error_code="malformed_form",
        )


def session_form_targets(session: Mapping[str, Any]) -> list[str]:
    """The origins a session's forms may lead to (besides the simulator itself)."""
    return list(session_data(session).get("login", {}).get("form_targets", []))


def start_login(
    env: Environment,
    request: Request,
    *,
    purpose: str,
    project_id: str,
    continue_to: str,
    restart_url: str,
    heading: str,
    phone_hint: str | None = None,
    hints: Mapping[str, str | None] | None = None,
    form_targets: Iterable[str] = (),
    data: Mapping[str, Any] | None = None,
) -> Response:
    """Open a web session for `purpose` and show its phone step.

    `continue_to`: the page the browser goes to once logged in. `restart_url`: where
    "Start again" leads when the session expires. `heading`: the line under the title
    ("Sign in to continue to Demo project"). `hints`: `first_name`, `last_name`,
    `birth_date` to pre-fill registration. `form_targets`: origins the flow finally
    redirects to (allowed in the CSP's form-action). `data`: the flow's own state.
    """
    login = {"heading": heading, "hints": dict(hints or {}), "form_targets": list(form_targets)}
    cookie, session = start_session(
        env,
        purpose=purpose,
        project_id=project_id,
        continue_to=continue_to,
        restart_url=restart_url,
        data={**(data or {}), "login": login},
        phone_hint=phone_hint,
    )
    response = render_step(env, session)
    set_session_cookie(response, request, cookie)
    return response


def set_session_cookie(response: Response, request: Request, cookie: str) -> None:
    # Lax: the authorization page is reached by a link from the partner's site.
    set_cookie(response, request, COOKIE_NAME, cookie, path="/oauth2", samesite="lax")


def current_session(
    environments: Mapping[EnvironmentName, Environment],
    request: Request,
    *,
    allow_finished: bool = False,
) -> tuple[Environment, dict[str, Any]]:
    """The browser's live web session (`SessionProblem` when there is none)."""
    return load_session(
        environments, request.cookies.get(COOKIE_NAME), allow_finished=allow_finished
    )


def problem_page(problem: SessionProblem) -> Response:
    """The page for a session that cannot go on, with "Start again" where that helps."""
    restart = problem.session["restart_url"] if problem.session else None
    titles = {
        "missing": "No sign-in in progress",
        "expired": "Session expired",
        "locked": "Too many wrong codes",
        "finished": "Already done",
    }
    detail = {
        "missing": "Start again from the application that sent you here (this page needs cookies).",
        "finished": "You can close this page.",
    }.get(problem.kind)
    return message_page(
        titles.get(problem.kind, "Sign-in stopped"),
        problem.message,
        detail=detail,
        restart_url=None if problem.kind == "finished" else restart,
    )


def forged(request: Request, form: FormData, session: Mapping[str, Any]) -> bool:
    """Whether a posted form lacks the session's CSRF token or comes from another origin
    than the public URL's (`same_origin`): the check of the OAuth pages and the dashboard."""
    # Compared as bytes: `compare_digest` refuses a str holding non-ASCII characters.
    token = (form_value(form, "csrf_token") or "").encode("utf-8", "surrogatepass")
    expected = str(session["csrf_token"]).encode("utf-8")
    return not same_origin(request) or not hmac.compare_digest(token, expected)


def refuse_forgery(request: Request, form: FormData, session: Mapping[str, Any]) -> Response | None:
    """A 403 page for a post without the session's CSRF token or from another site."""
    if forged(request, form, session):
        return message_page(
            "Request refused",
            "This form was not sent by this sign-in page (its security token is missing or "
            "wrong). Go back to the page and try again.",
            status=403,
            error_code="csrf_token_mismatch",
        )
    return None


def render_step(
    env: Environment,
    session: dict[str, Any],
    *,
    error: LoginError | None = None,
    values: Mapping[str, str | None] | None = None,
    status: int = 200,
) -> Response:
    """The page of the session's current login step (a redirect once logged in)."""
    step = session["step"]
    targets = session_form_targets(session)
    if step == "done":
        return redirect(session["continue_to"], form_targets=targets)
    login = session_data(session).get("login", {})
    hints = login.get("hints", {})
    context: dict[str, Any] = {
        "title": _TITLES[step],
        "heading": login.get("heading"),
        "environment": env.name.value,
        "environment_title": env.name.title,
        "csrf_token": session["csrf_token"],
        "url": lambda action: f"{LOGIN_PATH}/{action}",
        "code_length": sms.CODE_LENGTH,
        "code_minutes": int(sms.CODE_LIFETIME.total_seconds() // 60),
        "phone_number": session["phone_number"] or session["phone_hint"],
        "first_name": hints.get("first_name"),
        "last_name": hints.get("last_name"),
        "birth_date": hints.get("birth_date"),
        "today": env.clock.now().date().isoformat(),
        "error": error.message if error else None,
        "error_field": error.field if error else None,
    }
    for key, value in (values or {}).items():
        if key in ("phone_number", "first_name", "last_name", "birth_date") and value:
            context[key] = value  # show back what was typed (never a code)
    return render(_TEMPLATES[step], status=status, form_targets=targets, **context)


#: A login step's work on a posted form: returns the session as it now is.
_Action = Callable[[Environment, dict[str, Any], FormData], dict[str, Any]]


def _post(
    environments: Mapping[EnvironmentName, Environment], step: str | None, action: _Action
) -> Callable[[Request], Any]:
    """The handler of a login form posted at `step` (any step when None)."""

    async def handler(request: Request) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        try:
            env, session = current_session(environments, request)
        except SessionProblem as problem:
            return problem_page(problem)
        refused = refuse_forgery(request, form, session)
        if refused is not None:
            return refused
        if step is not None and session["step"] != step:
            return (
                render_step(env, session)
                if session["step"] == "done"
                else redirect(LOGIN_PATH, form_targets=session_form_targets(session))
            )
        try:
            session = action(env, session, form)
        except LoginError as error:
            values = {key: form_value(form, key) for key in form}
            return render_step(env, session, error=error, values=values, status=400)
        except SessionProblem as problem:
            return problem_page(problem)
        if session["step"] == "done":
            return render_step(env, session)
        return redirect(LOGIN_PATH, form_targets=session_form_targets(session))

    return handler


def login_routes(environments: Mapping[EnvironmentName, Environment]) -> list[Route]:
    async def login_page(request: Request) -> Response:
        try:
            env, session = current_session(environments, request)
        except SessionProblem as problem:
            return problem_page(problem)
        if session["step"] != "done":
            with env.store.atomic() as db:
                touch_session(env, db, session)
        return render_step(env, session)

    return [
        Route(LOGIN_PATH, login_page, methods=["GET"]),
        Route(
            f"{LOGIN_PATH}/phone",
            _post(
                environments,
                "phone",
                lambda e, s, f: submit_phone(e, s, form_value(f, "phone_number") or ""),
            ),
            methods=["POST"],
        ),
        Route(
            f"{LOGIN_PATH}/code",
            _post(
                environments, "code", lambda e, s, f: submit_code(e, s, form_value(f, "code") or "")
            ),
            methods=["POST"],
        ),
        Route(
            f"{LOGIN_PATH}/resend",
            _post(environments, "code", lambda e, s, f: resend_code(e, s)),
            methods=["POST"],
        ),
        Route(
            f"{LOGIN_PATH}/change-phone",
            _post(environments, "code", lambda e, s, f: change_phone(e, s)),
            methods=["POST"],
        ),
        Route(
            f"{LOGIN_PATH}/register",
            _post(
                environments,
                "register",
                lambda e, s, f: submit_registration(
                    e,
                    s,
                    first_name=form_value(f, "first_name"),
                    last_name=form_value(f, "last_name"),
                    birth_date=form_value(f, "birth_date"),
                ),
            ),
            methods=["POST"],
        ),
    ]

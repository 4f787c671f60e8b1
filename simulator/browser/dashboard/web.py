"""The dashboard's request handling: the session check, CSRF, forms and error pages.

Every dashboard handler is wrapped by `dashboard_handler`: it finds the session from the
cookie (or sends the browser to the sign-in page), renews it (72 virtual hours), and for a
`POST` reads the form and refuses it without the session's CSRF token or from another
origin. A domain refusal (`ConfigurationError`, `NotFound`, `Rejected`) raised by a form's
action comes back as the page with the message and a 400, never a 500.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from ...domain.kernel.context import Environment
from ...domain.kernel.rejections import Rejected
from ...environments import EnvironmentName
from ...exceptions import ConfigurationError, NotFound, SimulatorError
from ...oauth.pages.login import forged, form_value, read_form
from ...oauth.pages.render import page_headers, redirect
from ...public_url import set_session_cookie
from ...scheduler import Scheduler
from ..pages import render_page
from .flash import Flashes
from .sessions import SIGN_IN_PATH, DashboardSignInProblem, load_dashboard_session

__all__ = [
    "COOKIE_NAME",
    "Call",
    "FormProblem",
    "dashboard_handler",
    "done",
    "field",
    "render_dashboard",
]

COOKIE_NAME = "dashboard_session"
COOKIE_PATH = "/dashboard"


class FormProblem(SimulatorError):
    """A form value that cannot be used: shown on the page, with a 400."""


@dataclass
class Call:
    """One dashboard call: who (the session), where (its environment), what was posted."""

    request: Request
    env: Environment
    session: dict[str, Any]
    form: FormData | None
    scheduler: Scheduler
    flashes: Flashes

    def path_param(self, name: str) -> str:
        return str(self.request.path_params.get(name, ""))

    @property
    def session_key(self) -> str:
        # Ids are per environment: the Sandbox's and Live's first sessions share one.
        return f"{self.env.name.value}/{self.session['id']}"


def field(call: Call, name: str, *, required: bool = True) -> str:
    value = form_value(call.form, name) if call.form is not None else None
    if required and not (value or "").strip():
        raise FormProblem(f"Fill in {name.replace('_', ' ')}.")
    return (value or "").strip()


def field_list(call: Call, name: str) -> list[str]:
    """Every value of a repeated field (checkboxes), blanks dropped."""
    values = call.form.getlist(name) if call.form is not None else []
    return [value.strip() for value in values if isinstance(value, str) and value.strip()]


def done(call: Call, path: str, notice: str, **message: Any) -> Response:
    """A form that worked: `303` to `path`, whose next load shows `notice` (and `message`:
    a new secret, a probe's answer) once. Nothing of it goes in the URL."""
    call.flashes.put(call.session_key, path, {"notice": notice, **message})
    return redirect(path)


def render_dashboard(call: Call, template: str, *, status: int = 200, **context: Any) -> Response:
    if call.request.method == "GET":
        # Values given by the handler win; a refused post re-renders without taking the flash.
        flash = call.flashes.take(call.session_key, call.request.url.path)
        context = {**flash, **{key: value for key, value in context.items() if value is not None}}
    return render_page(
        template,
        status=status,
        environment=call.env.name.value,
        environment_title=f"{call.env.name.title} dashboard",
        csrf_token=call.session["csrf_token"],
        clock=call.env.clock.timestamp(),
        current=call.request.url.path,
        # A workshop's space lists its exercises (exercise_views.py): a tab of its own.
        workshop_tab=getattr(call.request.app.state, "workshop_exercises", None) is not None,
        **context,
    )


def sign_in_page(help_: Mapping[str, str], *, status: int = 200) -> Response:
    """The sign-in page: `help_["text"]`, then a `command` to run or a `link` (with its
    `label`) to follow."""
    return render_page(
        "dashboard_sign_in.html",
        status=status,
        title="Sign in to the dashboard",
        environment_title="Dashboard",
        message=help_["text"],
        command=help_.get("command", ""),
        link=help_.get("link", ""),
        label=help_.get("label", ""),
    )


def _session_of(
    environments: Mapping[EnvironmentName, Environment], request: Request
) -> tuple[Environment, dict[str, Any]] | Response:
    cookie = request.cookies.get(COOKIE_NAME) or ""
    name = EnvironmentName.of_credential(cookie)
    if name is None or name not in environments:
        return redirect(SIGN_IN_PATH)
    env = environments[name]
    try:
        # A refused post must change nothing: the session is renewed once the form passed.
        session = load_dashboard_session(env, cookie, refresh=request.method == "GET")
    except DashboardSignInProblem:
        return redirect(SIGN_IN_PATH)
    return env, session


Handler = Callable[[Call], Awaitable[Response]]
ErrorHandler = Callable[[Call, str], Awaitable[Response]]


def refusal_message(error: Exception) -> str:
    """What to show for a refused form: every field's problem, not "2 invalid fields."."""
    if isinstance(error, Rejected):
        fields = error.payload.get("fields") or []
        # A ValidationRejection's fields have a `message`; an InvalidArgumentRejection's
        # (the webhook API's) have `errors`.
        problems = [
            text
            for problem in fields
            for text in ([problem["message"]] if "message" in problem else problem["errors"])
        ]
        if len(problems) > 1:
            return " ".join(str(text) for text in problems)
    return str(error)


def dashboard_handler(
    environments: Mapping[EnvironmentName, Environment],
    scheduler: Scheduler,
    flashes: Flashes,
    handler: Handler,
    on_error: ErrorHandler | None = None,
) -> Callable[[Request], Awaitable[Response]]:
    """A route's endpoint: the session, CSRF and errors around `handler`. `on_error` shows
    a refused form's page with the message (by default the projects page)."""

    async def endpoint(request: Request) -> Response:
        found = _session_of(environments, request)
        if isinstance(found, Response):
            return found
        env, session = found
        form = None
        if request.method == "POST":
            read = await read_form(request)
            if isinstance(read, Response):
                return read
            if forged(request, read, session):
                return render_page(
                    "message.html",
                    status=403,
                    title="Request refused",
                    message="This form was not sent by the dashboard (its security token is "
                    "missing or wrong). Go back, reload the page and try again.",
                    error_code="csrf_token_mismatch",
                )
            form = read
            session = load_dashboard_session(env, request.cookies[COOKIE_NAME], refresh=True)
        call = Call(request, env, session, form, scheduler, flashes)
        try:
            return await handler(call)
        except (FormProblem, ConfigurationError, NotFound, Rejected, ValueError) as error:
            if on_error is None:
                raise
            return await on_error(call, refusal_message(error))

    return endpoint


def set_cookie(response: Response, request: Request, cookie: str) -> None:
    set_session_cookie(response, request, COOKIE_NAME, cookie, path=COOKIE_PATH, samesite="strict")


def headers() -> dict[str, str]:
    return page_headers()

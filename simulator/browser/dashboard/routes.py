"""The dashboard's routes: its sign-in page and every page and form, each behind
`web.dashboard_handler` (the session, the environment, the flashed messages)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...domain.kernel.context import Environment
from ...environments import EnvironmentName
from ...oauth.pages.render import redirect
from ...scheduler import Scheduler
from . import exercise_views, record_views, views, webhook_views
from .flash import Flashes
from .sessions import SIGN_IN_PATH, DashboardSignInProblem, sign_in
from .web import ErrorHandler, Handler, dashboard_handler, set_cookie, sign_in_page

__all__ = ["dashboard_routes"]

_HOW = "Open the sign-in link the server printed, or make a new one with this command:"
_COMMAND = "python -m simulator dashboard link --env sandbox"


def _help(request: Request, problem: str = "") -> dict[str, str]:
    """What the sign-in page says to do: the app's own help when it has one (a workshop's
    space points to the room's join page: `state.sign_in_help`, with `text`, `link` and
    `label`), else the command that makes a link."""
    custom = getattr(request.app.state, "sign_in_help", None)
    if isinstance(custom, dict):
        return {**custom, "text": f"{problem} {custom['text']}".strip()}
    return {"text": f"{problem} {_HOW}".strip(), "command": _COMMAND}


def _sign_in(environments: Mapping[EnvironmentName, Environment]) -> Route:
    async def endpoint(request: Request) -> Response:
        token = request.query_params.get("token", "")
        name = EnvironmentName.of_credential(token)
        if not token:
            return sign_in_page(_help(request))
        if name is None or name not in environments:
            return sign_in_page(_help(request, "This sign-in link is not valid."), status=400)
        try:
            cookie = sign_in(environments[name], token)
        except DashboardSignInProblem as problem:
            return sign_in_page(_help(request, problem.message), status=400)
        # 303 to the dashboard: the token leaves the address bar (and the history entry).
        # A workshop's learner starts at their exercises (exercise_views.py).
        workshop = getattr(request.app.state, "workshop_exercises", None) is not None
        response = redirect("/dashboard/exercises" if workshop else "/dashboard")
        set_cookie(response, request, cookie)
        return response

    return Route(SIGN_IN_PATH, endpoint, methods=["GET"])


def dashboard_routes(
    environments: Mapping[EnvironmentName, Environment], scheduler: Scheduler
) -> list[Route]:
    """Every route of the dashboard, for `browser_routes`."""
    # Per app, never per module: two simulators in one process keep their messages apart.
    flashes = Flashes()

    def handler(
        action: Handler, on_error: ErrorHandler | None = None
    ) -> Callable[[Request], Awaitable[Response]]:
        return dashboard_handler(environments, scheduler, flashes, action, on_error)

    return [
        _sign_in(environments),
        Route("/dashboard", handler(views.projects_page), methods=["GET"]),
        Route(
            "/dashboard/projects",
            handler(views.create_project_action, views.projects_error),
            methods=["POST"],
        ),
        Route(
            "/dashboard/projects/{project_id}",
            handler(views.project_page, views.project_error),
            methods=["GET"],
        ),
        Route(
            "/dashboard/projects/{project_id}/explorer/{endpoint}",
            handler(exercise_views.project_explorer, views.project_error),
            methods=["GET"],
        ),
        Route(
            "/dashboard/projects/{project_id}/{action}",
            handler(views.project_action, views.project_error),
            methods=["POST"],
        ),
        Route(
            "/dashboard/projects/{project_id}/webhooks/{subscription_id}",
            handler(webhook_views.webhook_page, views.webhook_error),
            methods=["GET"],
        ),
        Route(
            "/dashboard/projects/{project_id}/webhooks/{subscription_id}/{action}",
            handler(webhook_views.webhook_action, views.webhook_error),
            methods=["POST"],
        ),
        Route("/dashboard/users", handler(views.users_page), methods=["GET"]),
        Route(
            "/dashboard/users",
            handler(views.create_user_action, views.users_error),
            methods=["POST"],
        ),
        Route("/dashboard/sms", handler(views.sms_page), methods=["GET"]),
        Route("/dashboard/exercises", handler(exercise_views.exercises_page), methods=["GET"]),
        Route("/dashboard/clock", handler(views.clock_page), methods=["GET"]),
        Route("/dashboard/clock", handler(views.clock_action, views.clock_error), methods=["POST"]),
        Route("/dashboard/journal", handler(record_views.journal_page), methods=["GET"]),
        Route("/dashboard/snapshots", handler(record_views.snapshots_page), methods=["GET"]),
        Route(
            "/dashboard/snapshots",
            handler(record_views.snapshots_action, record_views.snapshots_error),
            methods=["POST"],
        ),
    ]

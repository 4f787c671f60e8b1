"""The dashboard's pages and forms (each through `web.dashboard_handler`).

| Route | What |
|---|---|
| `GET /dashboard` | projects; `POST /dashboard/projects`: create one (its secret shown once) |
| `GET /dashboard/projects/{id}` | credentials, redirect URLs, PKCE, webhooks, deliveries |
| `.../webhooks/{sub}` | one webhook subscription (`webhook_views.py`) |
| `POST /dashboard/projects/{id}/{action}` | the project's forms (`PROJECT_ACTIONS`) |
| `GET/POST /dashboard/users` | Sandbox users (create, auto-consent) |
| `GET /dashboard/sms` | the text-message outbox |
| `GET/POST /dashboard/clock` | the virtual clock: now, advance, set, freeze, resume |

Everything is read and written through the domain's Python functions, in the session's
environment only. A form that worked answers with `web.done`: a 303 to its page, which shows
the outcome once (`flash.py`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from ...clock import check_instant, format_timestamp, parse_timestamp
from ...domain.kernel.events import EVENT_TYPES
from ...domain.kernel.project_settings import (
    add_redirect_uri,
    remove_redirect_uri,
    rename_project,
    rotate_client_secret,
)
from ...domain.kernel.projects import create_project, get_project, list_projects
from ...domain.kernel.rejections import Rejected
from ...environments import EnvironmentName
from ...exceptions import ConfigurationError, NotFound
from ...journal.clock import dashboard_move
from ...oauth import sms
from ...oauth.pkce import pkce_enabled, set_pkce
from ...oauth.users import create_sandbox_user
from ...webhooks import (
    get_subscription,
    list_attempts,
    list_deliveries,
    list_subscriptions,
    replay_event,
)
from . import webhook_views
from .web import Call, FormProblem, done, field, render_dashboard
from .webhook_views import project_path

__all__ = ["PROJECT_ACTIONS", "clock_page", "project_page", "projects_page"]


async def projects_page(call: Call, *, error: str | None = None, status: int = 200) -> Response:
    return render_dashboard(
        call,
        "dashboard_projects.html",
        status=status,
        title="Projects",
        projects=list_projects(call.env),
        error=error,
    )


async def create_project_action(call: Call) -> Response:
    credentials = create_project(call.env, field(call, "name"), [field(call, "redirect_uri")])
    # The secret is shown on the next page only (kept in memory until then: never in a URL,
    # never stored in clear).
    return done(
        call,
        project_path(credentials.project_id),
        "Project created. Copy its client secret now: it is shown once.",
        new_secret=credentials.client_secret,
    )


def _project_context(call: Call, project_id: str) -> dict[str, Any]:
    project = get_project(call.env, project_id)
    deliveries = list_deliveries(call.env, project_id)[-20:]
    for delivery in deliveries:
        delivery["attempts"] = list_attempts(call.env, project_id, delivery_id=delivery["id"])
    consents = list(
        call.env.store.db["consents"].rows_where(
            "project_id = ?", [project_id], order_by="created_at desc", limit=20
        )
    )
    return {
        "project": project,
        "pkce": pkce_enabled(call.env, project_id),
        "subscriptions": list_subscriptions(call.env, project_id),
        "deliveries": list(reversed(deliveries)),
        "consents": consents,
    }


async def project_page(call: Call, *, error: str | None = None, status: int = 200) -> Response:
    context = _project_context(call, call.path_param("project_id"))
    return render_dashboard(
        call,
        "dashboard_project.html",
        status=status,
        title=context["project"]["name"],
        error=error,
        event_types=list(EVENT_TYPES),
        **context,
    )


async def project_error(call: Call, message: str) -> Response:
    try:
        get_project(call.env, call.path_param("project_id"))
    except LookupError:
        return await projects_page(call, error=message, status=404)
    return await project_page(call, error=message, status=400)


async def _rename(call: Call, project_id: str) -> Response:
    rename_project(call.env, project_id, field(call, "name"))
    return done(call, project_path(project_id), "Project renamed.")


async def _rotate(call: Call, project_id: str) -> Response:
    secret = rotate_client_secret(call.env, project_id)
    return done(
        call,
        project_path(project_id),
        "New client secret: copy it now, it is shown once. The old one no longer works.",
        new_secret=secret,
    )


async def _add_redirect(call: Call, project_id: str) -> Response:
    add_redirect_uri(call.env, project_id, field(call, "redirect_uri"))
    return done(call, project_path(project_id), "Redirect URL added.")


async def _remove_redirect(call: Call, project_id: str) -> Response:
    remove_redirect_uri(call.env, project_id, field(call, "redirect_uri"))
    return done(call, project_path(project_id), "Redirect URL removed.")


async def _pkce(call: Call, project_id: str) -> Response:
    enabled = field(call, "enabled") == "on"
    set_pkce(call.env, get_project(call.env, project_id)["client_id"], enabled)
    return done(call, project_path(project_id), f"PKCE {'on' if enabled else 'off'}.")


async def _replay(call: Call, project_id: str) -> Response:
    subscription_id = field(call, "subscription_id", required=False) or None
    replay_event(call.env, project_id, field(call, "event_id"), subscription_id)
    # Sent after this answer, as after any request (server/due_work.py): reload to see it.
    return done(call, project_path(project_id), "Event replayed: a new delivery is on its way.")


PROJECT_ACTIONS: dict[str, Callable[[Call, str], Awaitable[Response]]] = {
    "rename": _rename,
    "rotate-secret": _rotate,
    "add-redirect": _add_redirect,
    "remove-redirect": _remove_redirect,
    "pkce": _pkce,
    "add-webhook": webhook_views.add_webhook,
    "webhook-status": webhook_views.webhook_status,
    "replay": _replay,
}


async def project_action(call: Call) -> Response:
    project_id = call.path_param("project_id")
    get_project(call.env, project_id)  # NotFound: another environment's or no project
    action = PROJECT_ACTIONS.get(call.path_param("action"))
    if action is None:
        raise FormProblem("Unknown action.")
    return await action(call, project_id)


async def users_page(call: Call, *, error: str | None = None, status: int = 200) -> Response:
    users = list(call.env.store.db["users"].rows_where(order_by="created_at, id", limit=200))
    return render_dashboard(
        call,
        "dashboard_users.html",
        status=status,
        title="Sandbox users",
        users=users,
        error=error,
        sandbox=call.env.name is EnvironmentName.SANDBOX,
    )


async def create_user_action(call: Call) -> Response:
    if call.env.name is not EnvironmentName.SANDBOX:
        raise ConfigurationError("Sandbox users exist in the Sandbox only.")
    project_id = field(call, "project_id", required=False) or None
    if project_id is not None:
        get_project(call.env, project_id)
    create_sandbox_user(
        call.env,
        field(call, "phone_number"),
        first_name=field(call, "first_name", required=False) or None,
        last_name=field(call, "last_name", required=False) or None,
        auto_consent=field(call, "auto_consent", required=False) == "on",
        project_id=project_id,
    )
    return done(call, "/dashboard/users", "User created.")


async def users_error(call: Call, message: str) -> Response:
    return await users_page(call, error=message, status=400)


async def sms_page(call: Call) -> Response:
    return render_dashboard(
        call,
        "dashboard_sms.html",
        title="Text messages",
        messages=list(reversed(sms.outbox(call.env, limit=100))),
    )


async def clock_page(
    call: Call, *, error: str | None = None, status: int = 200, instant: str = ""
) -> Response:
    return render_dashboard(
        call,
        "dashboard_clock.html",
        status=status,
        title="Virtual clock",
        state=call.env.clock.describe(),
        error=error,
        instant=instant,
    )


def _instant(call: Call) -> datetime:
    """The instant typed on the clock page: ISO 8601, in range, not in the past."""
    text = field(call, "instant")
    target = check_instant(parse_timestamp(text))
    now = call.env.clock.now()
    if target < now:
        raise FormProblem(
            f"The clock only moves forward: {format_timestamp(target)} is before now "
            f"({format_timestamp(now)})."
        )
    return target


async def clock_action(call: Call) -> Response:
    action = field(call, "action")
    if action == "advance":
        value = field(call, "duration")
    elif action == "set":
        value = format_timestamp(_instant(call))
    elif action in ("freeze", "resume"):
        value = ""
    else:
        raise FormProblem("Unknown clock action.")
    # Off the event loop: due work fired on the way may call a webhook on this server.
    # Journaled (docs/bug-reports.md), so a report replays it.
    await run_in_threadpool(dashboard_move, call.env, call.scheduler, action, value)
    return done(call, "/dashboard/clock", f"The clock reads {call.env.clock.timestamp()}.")


async def clock_error(call: Call, message: str) -> Response:
    instant = field(call, "instant", required=False)
    return await clock_page(call, error=message, status=400, instant=instant)


async def webhook_error(call: Call, message: str) -> Response:
    """A webhook page or form refused: the subscription's page, or the project's when the
    subscription is gone, or the projects when the project is not this environment's."""
    project_id = call.path_param("project_id")
    try:
        get_project(call.env, project_id)
    except NotFound:
        return await projects_page(call, error=message, status=404)
    try:
        get_subscription(call.env, project_id, call.path_param("subscription_id"))
    except Rejected:
        return await project_page(call, error=message, status=404)
    return await webhook_views.webhook_error(call, message)


async def projects_error(call: Call, message: str) -> Response:
    return await projects_page(call, error=message, status=400)

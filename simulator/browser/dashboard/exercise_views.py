"""The workshop's exercises in a learner's dashboard (`GET /dashboard/exercises`).

The dashboard knows nothing of workshops: a room's space hands it a function that gives the
learner's exercises (`app.state.workshop_exercises`, set by simulator/workshop/serving.py),
each a mapping with `title`, `status` (`done`, `todo`, `unknown`), `detail`, `hint`, `steps`
(the learner's own URLs already in) and `curls` (each step's document as a `curl` command).
Without one, the page says there is no workshop here. The page reloads itself every few
seconds, so an exercise turns "done" as soon as its check passes, without the learner asking.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from ...domain.kernel.projects import get_project
from ...exceptions import NotFound
from ...oauth.tokens import issue_project_token
from ..explorer import explorer_page
from .web import Call, render_dashboard

__all__ = ["REFRESH_SECONDS", "exercises_page", "project_explorer", "step_html"]

#: How often the page reloads itself (real seconds).
REFRESH_SECONDS = 10
_CODE = re.compile(r"`([^`]*)`")
_URL = re.compile(r"(https?://[^\s,;)]*[^\s,;).:])")
_Exercises = Callable[[], Sequence[Mapping[str, Any]]]


def _links(text: str) -> str:
    """`text` escaped, each address in it a link (matched before escaping: an escaped `&`
    is `&amp;`, whose `;` would end the address)."""
    parts = _URL.split(text)
    return "".join(
        f'<a href="{escape(part)}">{escape(part)}</a>' if index % 2 else str(escape(part))
        for index, part in enumerate(parts)
    )


def step_html(text: str) -> Markup:
    """A step's text as HTML: each `` `code` `` span in a `<code>` (copyable as is), each
    address outside one a link; everything escaped."""
    parts = _CODE.split(text)
    html = "".join(
        f"<code>{escape(part)}</code>" if index % 2 else _links(part)
        for index, part in enumerate(parts)
    )
    return Markup(html)


async def exercises_page(call: Call) -> Response:
    found: _Exercises | None = getattr(call.request.app.state, "workshop_exercises", None)
    exercises = await run_in_threadpool(found) if found is not None else None
    shown = [
        {**exercise, "hint_html": step_html(str(exercise.get("hint", ""))),
         "steps_html": [step_html(str(step)) for step in exercise.get("steps", ())],
         "curls": list(exercise.get("curls", ()))}
        for exercise in exercises or ()
    ]  # fmt: skip
    return render_dashboard(
        call,
        "dashboard_exercises.html",
        status=200 if found is not None else 404,
        title="Exercises",
        exercises=shown,
        workshop=found is not None,
        done=sum(exercise["status"] == "done" for exercise in shown),
        refresh=REFRESH_SECONDS,
        project_id=getattr(call.request.app.state, "workshop_project", None),
    )


async def project_explorer(call: Call) -> Response:
    """`GET /dashboard/projects/{id}/explorer/{endpoint}`: the explorer of the session's
    environment (`sandbox`, or `sandbox-testing` in the Sandbox) already holding a new
    token of the project: a signed-in learner types no client_id or secret. The token is in
    the page only (no URL, no storage); the page is not cached."""
    endpoint = call.path_param("endpoint")
    environment = call.env.name.value
    allowed = {environment, f"{environment}-testing"} if environment == "sandbox" else {environment}
    if endpoint not in allowed:
        raise NotFound(f"No explorer {endpoint!r} here: use one of {', '.join(sorted(allowed))}.")
    project = get_project(call.env, call.path_param("project_id"))
    token = await run_in_threadpool(issue_project_token, call.env, project)
    note = f"Project token for {project['name']} (from your dashboard session)."
    return explorer_page(endpoint, token["access_token"], note)

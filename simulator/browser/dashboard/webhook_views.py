"""The dashboard's webhook subscriptions: add, enable or disable, edit, test.

| Route | What |
|---|---|
| `POST /dashboard/projects/{id}/add-webhook` | a new subscription (from the project page) |
| `POST /dashboard/projects/{id}/webhook-status` | enable or disable one |
| `GET .../webhooks/{sub}` | one subscription: its settings, its last attempts |
| `POST .../webhooks/{sub}/edit` | change label, endpoint URL, event types, secret |
| `POST .../webhooks/{sub}/test` | send a sample event now and show the answer |

(`...` is `/dashboard/projects/{id}`.)

Everything goes through the Python functions of `simulator.webhooks` (the layer the partner
API's resolvers call too), so the dashboard validates exactly as the API does. The secret is
write-only here: no page ever shows it; leaving the field empty keeps it.
"""

from __future__ import annotations

import secrets
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from ...domain.kernel.events import EVENT_TYPES
from ...domain.kernel.projects import get_project
from ...webhooks import (
    add_subscription,
    get_subscription,
    list_attempts,
    probe_endpoint,
    update_subscription,
)
from ...webhooks.delivery import PROBE_EVENT_TYPE
from .web import Call, FormProblem, done, field, field_list, render_dashboard

__all__ = [
    "add_webhook",
    "webhook_action",
    "webhook_error",
    "webhook_page",
    "webhook_status",
]

#: How much of the endpoint's answer the page shows after a test.
ANSWER_PREVIEW = 500


def project_path(project_id: str) -> str:
    return f"/dashboard/projects/{project_id}"


def webhook_path(project_id: str, subscription_id: str) -> str:
    return f"{project_path(project_id)}/webhooks/{subscription_id}"


async def add_webhook(call: Call, project_id: str) -> Response:
    created = add_subscription(
        call.env,
        project_id,
        # Not required here: the domain checks every field at once, as the API does.
        label=field(call, "label", required=False),
        endpoint_url=field(call, "endpoint_url", required=False),
        # Empty: a random secret. The receiver's author sets their own with "Edit".
        secret=field(call, "secret", required=False) or secrets.token_urlsafe(24),
        event_types=field_list(call, "event_types"),
    )
    return done(call, webhook_path(project_id, created["id"]), "Webhook subscription added.")


async def webhook_status(call: Call, project_id: str) -> Response:
    status = "Disabled" if field(call, "status") == "Disabled" else "Enabled"
    update_subscription(call.env, project_id, field(call, "subscription_id"), status=status)
    return done(call, project_path(project_id), f"Subscription {status.lower()}.")


async def webhook_page(
    call: Call, *, error: str | None = None, status: int = 200, **form: Any
) -> Response:
    project_id, subscription_id = call.path_param("project_id"), call.path_param("subscription_id")
    project = get_project(call.env, project_id)  # NotFound: not this environment's
    subscription = get_subscription(call.env, project_id, subscription_id)
    attempts = list_attempts(call.env, project_id, subscription_id=subscription_id)[-10:]
    return render_dashboard(
        call,
        "dashboard_webhook.html",
        status=status,
        title=f"Webhook: {subscription['label']}",
        project=project,
        subscription={**subscription, **form},
        attempts=list(reversed(attempts)),
        event_types=list(EVENT_TYPES),
        error=error,
    )


async def _edit(call: Call, project_id: str, subscription_id: str) -> Response:
    update_subscription(
        call.env,
        project_id,
        subscription_id,
        label=field(call, "label", required=False),
        endpoint_url=field(call, "endpoint_url", required=False),
        event_types=field_list(call, "event_types"),
        secret=field(call, "secret", required=False) or None,  # empty: unchanged
    )
    return done(call, webhook_path(project_id, subscription_id), "Subscription saved.")


def _answer(result: Any) -> dict[str, Any]:
    body = result.body or ""
    return {
        "succeeded": result.succeeded,
        "event_type": PROBE_EVENT_TYPE,
        "status": result.status,
        "error_code": result.error_code,
        "error": result.error,
        "duration_ms": round(result.duration * 1000, 1),
        "body": body[:ANSWER_PREVIEW] + ("…" if len(body) > ANSWER_PREVIEW else ""),
    }


async def _test(call: Call, project_id: str, subscription_id: str) -> Response:
    """Send the subscription's endpoint a sample event, as `probeWebhookEndpoint` does."""
    subscription = get_subscription(call.env, project_id, subscription_id)
    secret = subscription["secret"] or None
    # Off the event loop: the endpoint may be served by this very server.
    probed = await run_in_threadpool(
        probe_endpoint, call.env, project_id, subscription["endpoint_url"], secret
    )
    answer = _answer(probed["result"])
    verdict = "answered" if answer["status"] is not None else "failed"
    notice = f"Test event {answer['event_type']} sent: the endpoint {verdict}."
    return done(call, webhook_path(project_id, subscription_id), notice, probe=answer)


_ACTIONS = {"edit": _edit, "test": _test}


async def webhook_action(call: Call) -> Response:
    project_id, subscription_id = call.path_param("project_id"), call.path_param("subscription_id")
    get_project(call.env, project_id)
    get_subscription(call.env, project_id, subscription_id)
    action = _ACTIONS.get(call.path_param("action"))
    if action is None:
        raise FormProblem("Unknown action.")
    return await action(call, project_id, subscription_id)


async def webhook_error(call: Call, message: str) -> Response:
    """A refused edit or test: the page again, with what was typed (never the secret).
    (`views.webhook_error` first sends a missing project or subscription elsewhere.)"""
    typed: dict[str, Any] = {}
    if call.path_param("action") == "edit" and call.form is not None:
        typed = {
            "label": field(call, "label", required=False),
            "endpoint_url": field(call, "endpoint_url", required=False),
            "event_types": field_list(call, "event_types"),
        }
    return await webhook_page(call, error=message, status=400, **typed)

"""The typed rejections of the webhook mutations (each implements `Rejection`), shaped as the
real service's: `InvalidArgumentRejection` for bad input, `SubscriptionLimitsRejection`,
and not-found rejections that carry only their message."""

from __future__ import annotations

from typing import Any

from ..domain.kernel.rejections import rejection

__all__ = [
    "FieldError",
    "event_not_found",
    "field_error",
    "invalid_argument",
    "limit_reached",
    "subscription_not_found",
]

#: One invalid input field: `{"name", "errors"}` (`InvalidArgumentRejectionField` in the SDL).
FieldError = dict[str, Any]


def field_error(message: str, name: str) -> FieldError:
    """One problem with the input field `name` (`endpoint`, `eventTypes`, `secret`, ...)."""
    return {"name": name, "errors": [message]}


def invalid_argument(errors: list[FieldError]) -> dict[str, Any]:
    """An `InvalidArgumentRejection`: one entry per field, its problems in order."""
    merged: dict[str, list[str]] = {}
    for error in errors:
        merged.setdefault(error["name"], []).extend(error["errors"])
    fields = [{"name": name, "errors": problems} for name, problems in merged.items()]
    first = fields[0]["errors"][0]
    message = first if len(errors) == 1 else f"{len(errors)} invalid arguments: {first}"
    return rejection("InvalidArgumentRejection", message, code="INVALID_INPUT", fields=fields)


def subscription_not_found(subscription_id: str) -> dict[str, Any]:
    return rejection(
        "WebhookSubscriptionNotFoundRejection",
        f"Webhook subscription {subscription_id} was not found.",
    )


def limit_reached(counts: dict[str, int], limit: int) -> dict[str, Any]:
    """`counts`: each event type over the limit, with its subscriptions so far."""
    names = ", ".join(counts)
    return rejection(
        "SubscriptionLimitsRejection",
        f"The project already has {limit} webhook subscriptions for {names}, the most allowed "
        "per event type: remove one or add the event type to an existing subscription.",
        subscription_limits=[
            {"event_type": kind, "subscription_count": count} for kind, count in counts.items()
        ],
    )


def event_not_found(event_id: str) -> dict[str, Any]:
    return rejection(
        "WebhookEventLogNotFoundRejection",
        f"No webhook event or event log entry {event_id} was found.",
    )

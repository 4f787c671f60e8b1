"""The typed rejections of the webhook mutations (each implements `Rejection`)."""

from __future__ import annotations

from typing import Any

from ..domain.rejections import rejection, validation_error

__all__ = [
    "FieldError",
    "event_not_found",
    "limit_reached",
    "subscription_not_found",
    "validation",
]

#: One invalid input field: `{"code", "message", "path"}` (`ValidationFieldError` in the SDL).
FieldError = dict[str, Any]


def field_error(code: str, message: str, *path: str) -> FieldError:
    return validation_error(code, message, ["input", *path])


def validation(errors: list[FieldError]) -> dict[str, Any]:
    message = errors[0]["message"] if len(errors) == 1 else f"{len(errors)} invalid fields."
    return rejection("ValidationRejection", message, fields=errors)


def subscription_not_found(subscription_id: str) -> dict[str, Any]:
    return rejection(
        "WebhookSubscriptionNotFoundRejection",
        f"Webhook subscription {subscription_id} was not found.",
        subscription_id=subscription_id,
    )


def limit_reached(event_type: str, limit: int) -> dict[str, Any]:
    return rejection(
        "WebhookSubscriptionLimitReachedRejection",
        f"The project already has {limit} webhook subscriptions for {event_type}, the most "
        "allowed per event type: remove one or add the event type to an existing subscription.",
        event_type=event_type,
        limit=limit,
    )


def event_not_found(event_id: str) -> dict[str, Any]:
    return rejection(
        "WebhookEventNotFoundRejection",
        f"Event {event_id} was not found.",
        event_id=event_id,
    )

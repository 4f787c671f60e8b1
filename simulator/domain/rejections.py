"""Rejections: the typed business-rule failures a mutation returns instead of its payload.

A domain function raises `Rejected(rejection)`; the transaction it ran in rolls back, and
the GraphQL layer returns the rejection as one member of the mutation's union payload.

```python
raise Rejected(consent_not_found("c-1"))
# -> {"__typename": "ConsentNotFoundRejection", "message": "...", "consent_id": "c-1"}
# Keys are snake_case: the GraphQL layer maps `consentId` to `consent_id`.
```
"""

from __future__ import annotations

from typing import Any

__all__ = ["Rejected", "consent_not_found", "not_reachable_consent_status", "rejection"]


def rejection(type_name: str, message: str, **fields: Any) -> dict[str, Any]:
    """A rejection as the GraphQL layer returns it (`__typename` picks the union member)."""
    return {"__typename": type_name, "message": message, **fields}


class Rejected(Exception):
    """Raised by domain functions; carries the rejection to return."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__(payload["message"])
        self.payload = payload


def consent_not_found(consent_id: str) -> dict[str, Any]:
    return rejection(
        "ConsentNotFoundRejection",
        f"Consent {consent_id} was not found.",
        consent_id=consent_id,
    )


def not_reachable_consent_status(
    consent_id: str, current_status: str, unreachable_status: str
) -> dict[str, Any]:
    return rejection(
        "NotReachableConsentStatusRejection",
        f"Consent {consent_id} is {current_status}: it cannot become {unreachable_status}.",
        consent_id=consent_id,
        current_status=current_status,
        unreachable_status=unreachable_status,
    )

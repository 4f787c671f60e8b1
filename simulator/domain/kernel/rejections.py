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

from ...exceptions import SimulatorError

__all__ = [
    "Rejected",
    "consent_not_found",
    "forbidden",
    "holder_not_verified",
    "idempotency_conflict",
    "insufficient_funds",
    "not_found",
    "not_reachable_consent_status",
    "rejection",
    "validation",
    "validation_error",
    "wrong_status",
]


def rejection(type_name: str, message: str, **fields: Any) -> dict[str, Any]:
    """A rejection as the GraphQL layer returns it (`__typename` picks the union member)."""
    return {"__typename": type_name, "message": message, **fields}


class Rejected(SimulatorError):
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
        current_status=current_status,
        unreachable_status=unreachable_status,
    )


# -- banking rejections ---------------------------------------------------------------------

#: The id field each not-found rejection carries, by resource type name.
_NOT_FOUND_FIELDS = {
    "Account": "account_id",
    "AccountHolder": "account_holder_id",
    "AccountMembership": "id",
    "Card": "card_id",
    "Transaction": "transaction_id",
    "Consent": "consent_id",
}
#: The id field of each `<Resource>WrongStatusRejection` (a membership's not-found rejection
#: carries `id`, as the real one does; its wrong-status one keeps `accountMembershipId`).
_WRONG_STATUS_FIELDS = {**_NOT_FOUND_FIELDS, "AccountMembership": "account_membership_id"}
_LABELS = {
    "Account": "Account",
    "AccountHolder": "Account holder",
    "AccountMembership": "Account membership",
    "Card": "Card",
    "Transaction": "Transaction",
    "Consent": "Consent",
}


def forbidden(message: str) -> dict[str, Any]:
    """The caller may not do this (a missing permission, a user token required, ...)."""
    return rejection("ForbiddenRejection", message)


#: The real service's `ValidationFieldErrorCode` for each of the domain's finer reasons; the
#: message keeps the finer reason (`Missing` becomes `InvalidType`, as a left-out value is
#: one of the wrong type there).
_FIELD_ERROR_CODES = {
    "Missing": "InvalidType",
    "InvalidType": "InvalidType",
    "TooLong": "TooLong",
    "TooShort": "TooShort",
    "UnrecognizedKeys": "UnrecognizedKeys",
}


def validation_error(code: str, message: str, path: list[str | int]) -> dict[str, Any]:
    """One invalid field; `code` is a domain reason, answered as the real enum value."""
    return {
        "code": _FIELD_ERROR_CODES.get(code, "InvalidString"),
        "message": message,
        "path": [str(part) for part in path],
    }


def validation(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """One or more invalid input fields (each `{code, message, path}`)."""
    summary = errors[0]["message"] if len(errors) == 1 else f"{len(errors)} invalid fields."
    return rejection("ValidationRejection", summary, fields=errors)


#: Not-found rejections whose id field is named `id`, as the real service names it.
_NOT_FOUND_ID_FIELD = frozenset({"Account"})


def not_found(resource: str, resource_id: str) -> dict[str, Any]:
    """`<Resource>NotFoundRejection` carrying the requested id (unknown, or not visible)."""
    message = f"{_LABELS[resource]} {resource_id} was not found."
    if resource == "AccountHolder":
        # The real service's AccountHolderNotFoundRejection carries the message only.
        return rejection("AccountHolderNotFoundRejection", message)
    field = "id" if resource in _NOT_FOUND_ID_FIELD else _NOT_FOUND_FIELDS[resource]
    return rejection(f"{resource}NotFoundRejection", message, **{field: resource_id})


def wrong_status(
    resource: str, resource_id: str, current_status: str, expected_status: str
) -> dict[str, Any]:
    """`<Resource>WrongStatusRejection`: the operation needs another status. An account's is
    the real service's `BadAccountStatusRejection`, which carries the id only."""
    if resource == "Account":
        return rejection(
            "BadAccountStatusRejection",
            f"Account {resource_id} is {current_status}; "
            f"this operation needs it {expected_status}.",
            id=resource_id,
        )
    return rejection(
        f"{resource}WrongStatusRejection",
        f"{_LABELS[resource]} {resource_id} is {current_status}; "
        f"this operation needs it {expected_status}.",
        **{_WRONG_STATUS_FIELDS[resource]: resource_id},
        current_status=current_status,
        expected_status=expected_status,
    )


def insufficient_funds(account_id: str, available: Any, requested: Any) -> dict[str, Any]:
    return rejection(
        "InsufficientFundsRejection",
        f"Account {account_id} has {available:.2f} EUR available; {requested:.2f} EUR requested.",
    )


def idempotency_conflict(key: str) -> dict[str, Any]:
    return rejection(
        "IdempotencyConflictRejection",
        f"The idempotency key {key!r} was already used for a different request.",
        idempotency_key=key,
    )


def holder_not_verified(holder_id: str, verification_status: str) -> dict[str, Any]:
    return rejection(
        "AccountHolderNotVerifiedRejection",
        f"Account holder {holder_id} is {verification_status}; it must be Verified.",
        account_holder_id=holder_id,
        verification_status=verification_status,
    )

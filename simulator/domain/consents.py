"""Consents: what a user approves before a sensitive operation takes effect.

Statuses follow the real service: `Created` (waiting for the user), `Started` (the user
opened the consent page), then `Accepted`, `CustomerRefused`, `CredentialRefused`,
`OperationCommitting`, `Expired`, `Failed` or `Canceled`. A partner may cancel a consent
that is still `Created` or `Started`; any other status is a
`NotReachableConsentStatusRejection`.
"""

from __future__ import annotations

from typing import Any

from ..exceptions import ConfigurationError, NotFound
from .context import Environment, Principal
from .events import emit
from .pagination import Connection, paginate
from .projects import validate_redirect_uri
from .rejections import Rejected, consent_not_found, not_reachable_consent_status

__all__ = [
    "CONSENT_PURPOSES",
    "CONSENT_STATUSES",
    "cancel_consent",
    "create_consent",
    "get_consent",
    "list_consents",
]

CONSENT_STATUSES = (
    "Created",
    "Started",
    "Accepted",
    "CustomerRefused",
    "CredentialRefused",
    "OperationCommitting",
    "Expired",
    "Failed",
    "Canceled",
)
CONSENT_PURPOSES = (
    "AddCard",
    "AddAccountMembership",
    "InitiatePayment",
    "CloseAccount",
    "ViewCardNumbers",
    "Generic",
)
#: Which status each status may move to.
TRANSITIONS: dict[str, tuple[str, ...]] = {
    "Created": ("Started", "Canceled", "Expired"),
    "Started": ("Accepted", "CustomerRefused", "CredentialRefused", "Canceled", "Expired"),
    "Accepted": ("OperationCommitting",),
    "OperationCommitting": ("Failed",),
}


_EVENT_OF_STATUS = {
    "Started": "Consent.Started",
    "Accepted": "Consent.Granted",
    "CustomerRefused": "Consent.Refused",
    "CredentialRefused": "Consent.Refused",
    "Canceled": "Consent.Canceled",
    "Expired": "Consent.Expired",
}


def create_consent(
    env: Environment,
    project_id: str,
    *,
    purpose: str = "Generic",
    redirect_url: str,
    user_id: str | None = None,
    resource_id: str | None = None,
) -> dict[str, Any]:
    if purpose not in CONSENT_PURPOSES:
        raise ConfigurationError(
            f"Unknown consent purpose {purpose!r}: use one of {', '.join(CONSENT_PURPOSES)}."
        )
    validate_redirect_uri(redirect_url)
    if user_id is not None and not env.store.db["users"].count_where("id = ?", [user_id]):
        raise NotFound(f"No user {user_id} in {env.name.title}.")
    with env.store.atomic() as db:
        now = env.now()
        consent = {
            "id": env.new_id(db, "consent"),
            "project_id": project_id,
            "user_id": user_id,
            "purpose": purpose,
            "status": "Created",
            "redirect_url": redirect_url,
            "resource_id": resource_id,
            "require_sca": 1,
            "created_at": now,
            "updated_at": now,
        }
        db["consents"].insert(consent)
        emit(env, db, "Consent.Created", project_id=project_id, resource_id=consent["id"])
    return consent


def _find(env: Environment, principal: Principal, consent_id: str) -> dict[str, Any] | None:
    where = "id = ? AND project_id = ?"
    params: list[Any] = [consent_id, principal.project_id]
    if principal.user_id is not None:
        where += " AND user_id = ?"
        params.append(principal.user_id)
    rows = list(env.store.db["consents"].rows_where(where, params))
    return rows[0] if rows else None


def get_consent(env: Environment, principal: Principal, consent_id: str) -> dict[str, Any]:
    consent = _find(env, principal, consent_id)
    if consent is None:
        raise NotFound(f"Consent {consent_id} was not found.")
    return consent


def list_consents(
    env: Environment, principal: Principal, *, first: int | None = None, after: str | None = None
) -> Connection:
    where, params = "project_id = ?", [principal.project_id]
    if principal.user_id is not None:
        where, params = "project_id = ? AND user_id = ?", [principal.project_id, principal.user_id]
    return paginate(env.store.db, "consents", where, params, first=first, after=after)


def transition(env: Environment, consent: dict[str, Any], status: str) -> dict[str, Any]:
    """Move a consent to `status`, or raise `Rejected` when that move does not exist."""
    if status not in TRANSITIONS.get(consent["status"], ()):
        raise Rejected(not_reachable_consent_status(consent["id"], consent["status"], status))
    with env.store.atomic() as db:
        changes = {"status": status, "updated_at": env.now()}
        db["consents"].update(consent["id"], changes)
        event_type = _EVENT_OF_STATUS.get(status)
        if event_type:
            emit(env, db, event_type, project_id=consent["project_id"], resource_id=consent["id"])
    return {**consent, **changes}


def cancel_consent(env: Environment, principal: Principal, consent_id: str) -> dict[str, Any]:
    """Cancel a consent the caller can see. Unknown (or another project's): not found."""
    consent = _find(env, principal, consent_id)
    if consent is None:
        raise Rejected(consent_not_found(consent_id))
    return transition(env, consent, "Canceled")

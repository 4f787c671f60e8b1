"""Consents: what a user approves before a sensitive operation takes effect.

A sensitive mutation (add a card, add a membership, initiate transfers, close an account)
creates its resource in a `ConsentPending` state and opens a consent for one user. The
consent then moves through these statuses:

| from | to | how | event |
|---|---|---|---|
| (new) | Created | `open_consent` | Consent.Created |
| Created | Started | signed in on the consent page: `start_consent` | Consent.Started |
| Started | OperationCommitting | the user approves: `approve_consent` | Consent.Granted |
| OperationCommitting | Accepted | the operation was applied | (the resource's) |
| OperationCommitting | Failed | the operation could no longer be applied | (the resource's) |
| Started | CustomerRefused | the user refuses: `refuse_consent` | Consent.Refused |
| Started | CredentialRefused | the user failed to authenticate | Consent.Refused |
| Created, Started | Canceled | the partner cancels: `cancel_consent` | Consent.Canceled |
| Created, Started | Expired | 20 min after being opened; 7 days if never opened | Consent.Expired |

Any other move is a `NotReachableConsentStatusRejection`. A Sandbox user with
`auto_consent` approves at once: the mutation returns its resource already applied.

Each purpose that changes a resource has a `ConsentHandler` in the simulator's
`wiring.consent_handlers` (see `domain.banking.install_banking`): what to do when the
consent is accepted (apply the operation, or raise `Rejected` to fail it) and when it ends
otherwise (refused, expired, canceled, failed: the resource is rejected or canceled).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ...clock import format_timestamp, parse_timestamp
from ...environments import EnvironmentName
from ...exceptions import ConfigurationError, NotFound
from ...storage import (
    Database,
    get_row,
    insert_row,
    rows_where,
    text,
    update_columns,
    with_changes,
)
from ...storage.rows import ConsentNew, ConsentRow
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, paginate
from ..kernel.projects import validate_redirect_uri
from ..kernel.rejections import (
    Rejected,
    consent_not_found,
    forbidden,
    not_reachable_consent_status,
)
from ..kernel.wiring import ConsentHandler
from ..users.users import project_knows_user

__all__ = [
    "CONSENT_PURPOSES",
    "CONSENT_STATUSES",
    "OPENED_LIFETIME",
    "OPEN_STATUSES",
    "UNOPENED_LIFETIME",
    "ConsentHandler",
    "approve_consent",
    "cancel_consent",
    "consent_redirect_url",
    "create_consent",
    "decide_consent",
    "expire_due_consents",
    "get_consent",
    "list_consents",
    "load_consent",
    "next_expiry",
    "open_consent",
    "refuse_consent",
    "refuse_credentials",
    "start_consent",
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
    "AcceptPartnershipConditions",
    "ActivateDigitalCard",
    "ActivatePhysicalCard",
    "AddAccountMembership",
    "AddAccountMemberships",
    "AddBeneficiary",
    "AddCard",
    "AddCards",
    "AddDigitalCard",
    "AddDigitalCards",
    "AddDirectDebitPaymentMandate",
    "CloseAccount",
    "ConsentToMultipleConsents",
    "EnableMandate",
    "InitPayment",
    "InitiateFundingRequest",
    "InitiateInstantFundingRequest",
    "InitiateInternationalCreditTransfer",
    "OptOutBulkVerificationOfPayee",
    "PrintPhysicalCard",
    "RequestCreditLimit",
    "ResumeAccountMembership",
    "ResumePhysicalCard",
    "ReturnTransactionForDirectDebit",
    "ReturnTransactionForInternationalCreditTransfer",
    "ScheduleStandingOrder",
    "ThreeDsPayment",
    "UpdateAccountMembership",
    "UpdateAccountSettings",
    "UpdateCard",
    "UpdateServerConsentProjectSettings",
    "ViewCardNumbers",
    "ViewPhysicalCardPin",
    # Simulator-only: a consent with no operation (the Testing API's createSandboxConsent).
    "Generic",
)
#: The statuses in which the user can still decide.
OPEN_STATUSES = ("Created", "Started")
#: Which status each status may move to.
TRANSITIONS: dict[str, tuple[str, ...]] = {
    "Created": ("Started", "Canceled", "Expired"),
    "Started": (
        "OperationCommitting",
        "CustomerRefused",
        "CredentialRefused",
        "Canceled",
        "Expired",
    ),
    "OperationCommitting": ("Accepted", "Failed"),
}
#: A consent link expires this long after it is opened (domain notes).
OPENED_LIFETIME = timedelta(minutes=20)
#: A consent never opened expires after this (a simulator choice; documented).
UNOPENED_LIFETIME = timedelta(days=7)

_EVENT_OF_STATUS = {
    "Started": "Consent.Started",
    "OperationCommitting": "Consent.Granted",
    "CustomerRefused": "Consent.Refused",
    "CredentialRefused": "Consent.Refused",
    "Canceled": "Consent.Canceled",
    "Expired": "Consent.Expired",
}
_FINAL_STATUSES = ("Accepted", "CustomerRefused", "CredentialRefused", "Expired", "Failed")


def _later(env: Environment, delta: timedelta) -> str:
    return format_timestamp(parse_timestamp(env.now()) + delta)


def _load(db: Database, consent_id: str) -> ConsentRow | None:
    rows = list(rows_where(db, "consents", "id = ?", [consent_id]))
    return rows[0] if rows else None


def _move(
    env: Environment,
    db: Database,
    consent: ConsentRow,
    status: str,
    **extra: Any,
) -> ConsentRow:
    """One transition, in the caller's transaction; `Rejected` when it does not exist."""
    if status not in TRANSITIONS.get(consent["status"], ()):
        raise Rejected(not_reachable_consent_status(consent["id"], consent["status"], status))
    now = env.now()
    changes: dict[str, Any] = {"status": status, "updated_at": now, **extra}
    if status in _FINAL_STATUSES or status == "Canceled":
        changes["finished_at"] = now
    update_columns(db, "consents", consent["id"], changes)
    event_type = _EVENT_OF_STATUS.get(status)
    if event_type:
        emit(env, db, event_type, project_id=consent["project_id"], resource_id=consent["id"])
    return with_changes(consent, changes)


def _has_operation(consent: ConsentRow) -> bool:
    """Does approving the consent apply something: a resource's pending operation, or the
    children of a multi-consent (which names no resource)?"""
    return bool(consent["resource_id"]) or consent["purpose"] == "ConsentToMultipleConsents"


def _end(
    env: Environment, db: Database, consent: ConsentRow, status: str, **extra: Any
) -> ConsentRow:
    """Move to a status where the operation does not happen, and tell its handler."""
    consent = _move(env, db, consent, status, **extra)
    handler = env.wiring.consent_handlers.get(consent["purpose"])
    if handler is not None and _has_operation(consent):
        handler.on_ended(env, db, consent, status)
    return consent


def _start(env: Environment, db: Database, consent: ConsentRow, user_id: str | None) -> ConsentRow:
    extra: dict[str, Any] = {
        "started_at": env.now(),
        "expires_at": _later(env, OPENED_LIFETIME),
    }
    if consent["user_id"] is None and user_id is not None:
        extra["user_id"] = user_id
    return _move(env, db, consent, "Started", **extra)


def _approve(env: Environment, db: Database, consent: ConsentRow) -> ConsentRow:
    consent = _move(env, db, consent, "OperationCommitting")
    handler = env.wiring.consent_handlers.get(consent["purpose"])
    if handler is None or not _has_operation(consent):
        return _move(env, db, consent, "Accepted")
    try:
        with db.atomic():  # a savepoint: a failed operation leaves no trace but its failure
            handler.on_accepted(env, db, consent)
    except Rejected as rejected:
        return _end(env, db, consent, "Failed", status_reason=rejected.payload["message"])
    current = _load(db, consent["id"]) or consent
    if current["status"] != "OperationCommitting":
        return current  # the handler ended it (a multi-consent whose child failed)
    return _move(env, db, current, "Accepted")


def open_consent(
    env: Environment,
    db: Database,
    *,
    project_id: str,
    purpose: str,
    redirect_url: str,
    user_id: str | None,
    resource_id: str | None,
    link: Callable[[str], None] | None = None,
) -> ConsentRow:
    """Open a consent in the caller's transaction. A Sandbox user with auto consent
    approves it at once (so the operation is applied before this returns); `link(consent_id)`
    runs before that, for resources that find their operation by its consent id."""
    now = env.now()
    new: ConsentNew = {
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
        "expires_at": _later(env, UNOPENED_LIFETIME),
    }
    insert_row(db, "consents", new)
    emit(env, db, "Consent.Created", project_id=project_id, resource_id=new["id"])
    if link is not None:
        link(new["id"])
    if user_id is not None and env.name == EnvironmentName.SANDBOX:
        row = db.execute("SELECT auto_consent FROM users WHERE id = ?", [user_id]).fetchone()
        if row is not None and row[0]:
            _approve(env, db, _start(env, db, get_row(db, "consents", new["id"]), user_id))
    return get_row(db, "consents", new["id"])


#: The mutation that opens the consent of each purpose applied on approval.
_OPENED_BY = {
    "AddCard": "addCard",
    "AddAccountMembership": "addAccountMembership",
    "InitPayment": "initiateCreditTransfers",
    "CloseAccount": "closeAccount",
}


def _check_resource(env: Environment, project_id: str, purpose: str, resource_id: str) -> None:
    """The resource a consent opened on its own may name: never one an approval would change
    (that consent comes from its mutation, bound to its own pending resource), and for
    `ViewCardNumbers` a card of the project."""
    if purpose in env.wiring.consent_handlers:
        raise ConfigurationError(
            f"A consent of purpose {purpose} for a resource is opened by the "
            f"{_OPENED_BY.get(purpose, 'operation')} mutation; open this one without "
            "resourceId, or with purpose Generic."
        )
    if purpose == "ViewCardNumbers" and not env.store.db["cards"].count_where(
        "id = ? AND project_id = ?", [resource_id, project_id]
    ):
        raise NotFound(f"No card {resource_id} in this project.")


def create_consent(
    env: Environment,
    project_id: str,
    *,
    purpose: str = "Generic",
    redirect_url: str,
    user_id: str | None = None,
    resource_id: str | None = None,
) -> ConsentRow:
    """Open a consent on its own (the Testing API's `createSandboxConsent`)."""
    if purpose not in CONSENT_PURPOSES:
        raise ConfigurationError(
            f"Unknown consent purpose {purpose!r}: use one of {', '.join(CONSENT_PURPOSES)}."
        )
    validate_redirect_uri(redirect_url)
    if user_id is not None and not project_knows_user(env, project_id, user_id):
        # Another project's user is not-found, exactly like an id that does not exist.
        raise NotFound(f"No user {user_id} in {env.name.title}.")
    if resource_id is not None:
        _check_resource(env, project_id, purpose, resource_id)
    with env.store.atomic() as db:
        return open_consent(
            env,
            db,
            project_id=project_id,
            purpose=purpose,
            redirect_url=redirect_url,
            user_id=user_id,
            resource_id=resource_id,
        )


# -- the user's decisions (the consent pages, the Testing API) ------------------------------


def _for_user(db: Database, consent_id: str, user_id: str | None) -> ConsentRow:
    consent = _load(db, consent_id)
    if consent is None:
        raise Rejected(consent_not_found(consent_id))
    if user_id is not None and consent["user_id"] not in (None, user_id):
        raise Rejected(forbidden(f"Consent {consent_id} is for another user."))
    return consent


def _expire_if_overdue(env: Environment, consent_id: str) -> None:
    """Expire the consent now if its time has passed but the scheduler has not run yet
    (the clock was moved by another process), so a late decision meets `Expired`."""
    with env.store.atomic() as db:
        consent = _load(db, consent_id)
        if (
            consent is not None
            and consent["status"] in ("Created", "Started")
            and consent["expires_at"]
            and consent["expires_at"] <= env.now()
        ):
            _end(env, db, consent, "Expired")


def start_consent(env: Environment, consent_id: str, user_id: str | None) -> ConsentRow:
    """The user opened the consent page: Created -> Started; it now expires in 20 minutes.

    A consent opened for no particular user becomes the opening user's.
    """
    _expire_if_overdue(env, consent_id)
    with env.store.atomic() as db:
        return _start(env, db, _for_user(db, consent_id, user_id), user_id)


def approve_consent(env: Environment, consent_id: str, user_id: str | None) -> ConsentRow:
    """The user approved: Started -> Accepted with the operation applied (or Failed when it
    could no longer be applied; the consent's `status_reason` says why)."""
    _expire_if_overdue(env, consent_id)
    with env.store.atomic() as db:
        return _approve(env, db, _for_user(db, consent_id, user_id))


def refuse_consent(
    env: Environment, consent_id: str, user_id: str | None, *, status: str = "CustomerRefused"
) -> ConsentRow:
    """The user refused (`CustomerRefused`) or failed to authenticate (`CredentialRefused`):
    the operation is rejected."""
    if status not in ("CustomerRefused", "CredentialRefused"):
        raise ValueError(f"A refusal is CustomerRefused or CredentialRefused, not {status!r}")
    _expire_if_overdue(env, consent_id)
    with env.store.atomic() as db:
        return _end(env, db, _for_user(db, consent_id, user_id), status)


def refuse_credentials(env: Environment, consent_id: str) -> ConsentRow:
    """The person who signed in is not the consent's user (or could not authenticate):
    the consent ends `CredentialRefused` (opened first if needed, in one transaction) and
    its operation is rejected."""
    _expire_if_overdue(env, consent_id)
    with env.store.atomic() as db:
        consent = _for_user(db, consent_id, None)
        if consent["status"] == "Created":
            consent = _start(env, db, consent, None)
        return _end(env, db, consent, "CredentialRefused")


def load_consent(env: Environment, consent_id: str) -> ConsentRow | None:
    """A consent by id, whatever its project (the consent pages); expired first when its
    time has passed. None when unknown."""
    consent = _load(env.store.db, consent_id)
    if consent is None or consent["status"] not in OPEN_STATUSES:
        return consent
    if consent["expires_at"] and consent["expires_at"] <= env.now():
        _expire_if_overdue(env, consent_id)
        return _load(env.store.db, consent_id)
    return consent


def decide_consent(env: Environment, project_id: str, consent_id: str, accept: bool) -> ConsentRow:
    """Approve or refuse as the consent's own user, opening it first when needed
    (the Testing API's simulator-only shortcut for a browser session)."""
    _expire_if_overdue(env, consent_id)
    with env.store.atomic() as db:
        consent = _load(db, consent_id)
        if consent is None or consent["project_id"] != project_id:
            raise Rejected(consent_not_found(consent_id))
        if consent["status"] == "Created":
            consent = _start(env, db, consent, consent["user_id"])
        if accept:
            return _approve(env, db, consent)
        return _end(env, db, consent, "CustomerRefused")


def grant_consent(env: Environment, consent_id: str) -> ConsentRow:
    """Approve without the consent pages, opening it first when needed (a server signature:
    the caller has checked the consent is its own)."""
    _expire_if_overdue(env, consent_id)
    with env.store.atomic() as db:
        consent = _load(db, consent_id)
        if consent is None:
            raise Rejected(consent_not_found(consent_id))
        if consent["status"] == "Created":
            consent = _start(env, db, consent, consent["user_id"])
        return _approve(env, db, consent)


def consent_redirect_url(consent: ConsentRow) -> str:
    """The partner's redirect URL with `consentId`, `status` and `resourceId` added."""
    parts = urlsplit(text(consent, "redirect_url"))
    query = parse_qsl(parts.query, keep_blank_values=True)
    query += [("consentId", consent["id"]), ("status", consent["status"])]
    resource_id = consent.get("resource_id")
    if resource_id:
        query.append(("resourceId", resource_id))
    return urlunsplit(parts._replace(query=urlencode(query)))


# -- the partner's view -----------------------------------------------------------------------


def _find(env: Environment, principal: Principal, consent_id: str) -> ConsentRow | None:
    where = "id = ? AND project_id = ?"
    params: list[Any] = [consent_id, principal.project_id]
    if principal.user_id is not None:
        where += " AND user_id = ?"
        params.append(principal.user_id)
    rows = list(rows_where(env.store.db, "consents", where, params))
    return rows[0] if rows else None


def get_consent_or_none(
    env: Environment, principal: Principal, consent_id: str
) -> ConsentRow | None:
    """A consent the caller can see, or None."""
    return _find(env, principal, consent_id)


def get_consent(env: Environment, principal: Principal, consent_id: str) -> ConsentRow:
    consent = _find(env, principal, consent_id)
    if consent is None:
        raise NotFound(f"Consent {consent_id} was not found.")
    return consent


def list_consents(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """The project's consents (a user's own, with a user token), oldest first; filters
    `user_id` (a value), `status` and `purpose` (lists of values)."""
    where, params = "project_id = ?", [principal.project_id]
    if principal.user_id is not None:
        where, params = "project_id = ? AND user_id = ?", [principal.project_id, principal.user_id]
    filters = filters or {}
    if filters.get("user_id"):
        where += " AND user_id = ?"
        params.append(filters["user_id"])
    for column in ("status", "purpose"):
        values = filters.get(column)
        if values:
            where += f" AND {column} IN ({', '.join('?' for _ in values)})"
            params.extend(values)
    return paginate(env.store.db, "consents", where, params, first=first, after=after)


def cancel_consent(env: Environment, principal: Principal, consent_id: str) -> ConsentRow:
    """Cancel a consent the caller can see (Created or Started); its operation is dropped.
    Unknown (or another project's): not found."""
    consent = _find(env, principal, consent_id)
    if consent is None:
        raise Rejected(consent_not_found(consent_id))
    _expire_if_overdue(env, consent_id)
    with env.store.atomic() as db:
        return _end(env, db, _load(db, consent_id) or consent, "Canceled")


def cancel_consent_in(env: Environment, db: Database, consent_id: str | None) -> None:
    """Cancel a still-open consent inside the caller's transaction (its resource went away)."""
    if consent_id is None:
        return
    consent = _load(db, consent_id)
    if consent is not None and consent["status"] in ("Created", "Started"):
        _move(env, db, consent, "Canceled")


# -- expiry (scheduled work) -------------------------------------------------------------------


def next_expiry(env: Environment) -> str | None:
    row = env.store.db.execute(
        "SELECT MIN(expires_at) FROM consents WHERE status IN ('Created', 'Started') "
        "AND expires_at IS NOT NULL"
    ).fetchone()
    return row[0] if row else None


def expire_due_consents(env: Environment) -> list[dict[str, Any]]:
    """Expire every open consent whose time has come; one transaction per consent."""
    now = env.now()
    due = [
        row[0]
        for row in env.store.db.execute(
            "SELECT id FROM consents WHERE status IN ('Created', 'Started') "
            "AND expires_at IS NOT NULL AND expires_at <= ? ORDER BY expires_at, id",
            [now],
        ).fetchall()
    ]
    timeline = []
    for consent_id in due:
        with env.store.atomic() as db:
            consent = _load(db, consent_id)
            if consent is None or consent["status"] not in ("Created", "Started"):
                continue
            _end(env, db, consent, "Expired")
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "consent-expiry",
                "event": "Consent.Expired",
                "resource_id": consent_id,
                "summary": f"Consent {consent_id} expired before it was answered",
            }
        )
    return timeline

"""Account admin changes: a company holder replaces its account admin (its legal
representative). The person asking (the requester) fills in who the new admin is and why,
sends the documents the bank asks for, and finalizes; the bank reviews the documents.

| change from | may become |
|---|---|
| Ongoing | Pending (`finalize`), Expired (not finalized within `EXPIRES_IN`) |
| Pending | Verified, Refused, WaitingForInformation (the review of its document collection) |
| WaitingForInformation | Pending (the collection sent for review again) |

`open_change` is the bank's side (the real service opens one from its dashboard; the Sandbox
Testing API's simulator-only `createSandboxAccountAdminChange` calls it). Only an `Ongoing`
change is updated or finalized (`AccountAdminChangeStatusNotEligibleRejection` otherwise, an
expired one included). Finalizing needs the reason, who the new admin is and the requester's
details when the requester is not the new admin
(`AccountAdminChangeMissingInformationRejection`), and an uploaded document for each required
purpose of its collection (`AccountAdminChangeMissingDocumentsRejection`). The collection's
review decides (`supporting_documents`: Approved -> Verified, Rejected -> Refused, back to
WaitingForDocument -> WaitingForInformation). The simulator records the decision: it swaps no
membership (`InvitationSent`, the bank inviting the new admin, is never reached).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import ConfigurationError
from ...storage import Database, get_row, insert_row, rows_where, update_row, with_changes
from ...storage.rows import (
    AccountAdminChangeChanges,
    AccountAdminChangeNew,
    AccountAdminChangeRow,
)
from ..kernel.context import Environment, Principal
from ..kernel.countries import is_country
from ..kernel.events import emit
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks
from ..users.users import validate_phone_number
from .document_collections import open_collection

__all__ = [
    "EXPIRES_IN",
    "REASONS",
    "REQUIRED_PURPOSES",
    "admin_of",
    "effective_status",
    "finalize_change",
    "find_change",
    "open_change",
    "requester_of",
    "update_change",
]

#: How long the requester has to finalize (virtual time; a simulator choice).
EXPIRES_IN = timedelta(days=30)
REASONS = (
    "CurrentAdministratorLeft",
    "InternalReorganization",
    "AppointedByGeneralAssembly",
    "AppointedByBoardDecision",
    "Other",
)
#: What the bank asks for: who the new admin is, and the decision that appointed them.
REQUIRED_PURPOSES = ("LegalRepresentativeProofOfIdentity", "AdministratorDecisionOfAppointment")
_DECIDED = {"Approved": "Verified", "Rejected": "Refused"}
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_ADMIN_FIELDS = ("first_name", "last_name", "email", "phone_number", "birth_country", "birth_date")
_REQUESTER_FIELDS = ("first_name", "last_name", "email", "phone_number")


def _json(row: Mapping[str, Any], column: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(row.get(column) or "{}")
    return value


def admin_of(row: Mapping[str, Any]) -> dict[str, Any] | None:
    """Who the new admin is (snake_case keys), null before anything was said."""
    return _json(row, "admin") or None


def requester_of(row: Mapping[str, Any]) -> dict[str, Any] | None:
    return _json(row, "requester") or None


def effective_status(env: Environment, row: Mapping[str, Any]) -> str:
    """The stored status, but an Ongoing change past its expiry is Expired (read, not written:
    nothing needs to run when the virtual clock passes the instant)."""
    if row["status"] == "Ongoing" and row["expires_at"] and env.now() >= row["expires_at"]:
        return "Expired"
    return str(row["status"])


def open_change(env: Environment, project_id: str, holder_id: str) -> AccountAdminChangeNew:
    """The bank opens an admin change for one of the project's company holders."""
    with env.store.atomic() as db:
        holders = list(
            rows_where(db, "account_holders", "id = ? AND project_id = ?", [holder_id, project_id])
        )
        if not holders:
            message = f"Account holder {holder_id} was not found."
            raise Rejected(rejection("AccountHolderNotFoundRejection", message, id=holder_id))
        if holders[0]["type"] != "Company":
            message = "Only a company holder changes its account admin."
            path = ["input", "accountHolderId"]
            raise Rejected(
                rejection(
                    "ValidationRejection",
                    message,
                    fields=[{"code": "InvalidValue", "message": message, "path": path}],
                )
            )
        now = env.now()
        row: AccountAdminChangeNew = {
            "id": env.new_id(db, "account_admin_change"),
            "project_id": project_id,
            "account_holder_id": holder_id,
            "status": "Ongoing",
            "collection_id": open_collection(env, db, project_id, "AccountAdminChange")["id"],
            "expires_at": format_timestamp(parse_timestamp(now) + EXPIRES_IN),
            "status_at": now,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "account_admin_changes", row)
        emit(env, db, "AccountHolder.Updated", project_id=project_id, resource_id=holder_id)
        return row


def find_change(db: Database, project_id: str, change_id: str) -> AccountAdminChangeRow | None:
    rows = list(
        rows_where(
            db, "account_admin_changes", "id = ? AND project_id = ?", [change_id, project_id]
        )
    )
    return rows[0] if rows else None


def _ongoing(
    env: Environment, db: Database, principal: Principal, change_id: str
) -> AccountAdminChangeRow:
    row = find_change(db, principal.project_id, change_id)
    if row is None:
        message = f"Account admin change {change_id} was not found."
        raise Rejected(rejection("AccountAdminChangeNotFoundRejection", message))
    status = effective_status(env, row)
    if status != "Ongoing":
        message = f"Account admin change {change_id} is {status}: only an ongoing one changes."
        raise Rejected(rejection("AccountAdminChangeStatusNotEligibleRejection", message))
    return row


def _check_person(
    check: Checks, env: Environment, given: Mapping[str, Any], path: list[str | int]
) -> None:
    """Email, phone number, birth date and birth country, when given, are well formed."""
    email = given.get("email")
    if email is not None and not _EMAIL.match(str(email)):
        check.fail("InvalidEmail", f"Not an email address: {email!r}.", [*path, "email"])
    phone = given.get("phone_number")
    if phone is not None:
        try:
            validate_phone_number(str(phone))
        except ConfigurationError as error:
            check.fail("InvalidPhoneNumber", str(error), [*path, "phoneNumber"])
    birth = given.get("birth_date")
    if birth is not None:
        try:
            born = date.fromisoformat(str(birth))
            if born.isoformat() != birth or born > parse_timestamp(env.now()).date():
                raise ValueError
        except ValueError:
            message = f"Not a past date written YYYY-MM-DD: {birth!r}."
            check.fail("InvalidDate", message, [*path, "birthDate"])
    country = given.get("birth_country")
    if country is not None and not is_country(str(country)):
        message = f"Not a country code (ISO 3166-1 alpha-3): {country!r}."
        check.fail("InvalidCountry", message, [*path, "birthCountry"])


def _merged(row: Mapping[str, Any], column: str, given: Mapping[str, Any] | None) -> str | None:
    current = _json(row, column)
    current.update({key: value for key, value in (given or {}).items() if value is not None})
    return json.dumps(current, sort_keys=True) if current else None


def update_change(
    env: Environment, principal: Principal, change_id: str, given: Mapping[str, Any]
) -> AccountAdminChangeRow:
    """The requester's answers (snake_case keys of the public input); fields left out stay."""
    with env.store.atomic() as db:
        row = _ongoing(env, db, principal, change_id)
        check = Checks()
        for name in ("admin", "requester"):
            if given.get(name):
                _check_person(check, env, given[name], ["input", name])
        check.raise_if_any()
        changes: AccountAdminChangeChanges = {
            "admin": _merged(row, "admin", given.get("admin")),
            "requester": _merged(row, "requester", given.get("requester")),
            "updated_at": env.now(),
        }
        if given.get("reason") is not None:
            changes["reason"] = given["reason"]
        if given.get("is_new_admin_legal_representative") is not None:
            changes["is_new_admin_legal_representative"] = int(
                bool(given["is_new_admin_legal_representative"])
            )
        if given.get("is_requester_new_admin") is not None:
            changes["is_requester_new_admin"] = int(bool(given["is_requester_new_admin"]))
        update_row(db, "account_admin_changes", change_id, changes)
        return with_changes(row, changes)


def _missing_information(row: Mapping[str, Any]) -> list[str]:
    missing = [
        name
        for name in ("reason", "is_new_admin_legal_representative", "is_requester_new_admin")
        if row[name] is None
    ]
    admin = _json(row, "admin")
    missing += [f"admin.{name}" for name in _ADMIN_FIELDS if not admin.get(name)]
    if not row["is_requester_new_admin"]:
        requester = _json(row, "requester")
        missing += [f"requester.{name}" for name in _REQUESTER_FIELDS if not requester.get(name)]
    return missing


def _missing_documents(db: Database, row: Mapping[str, Any]) -> list[str]:
    uploaded = {
        document["purpose"]
        for document in rows_where(
            db,
            "supporting_documents",
            "collection_id = ? AND status IN ('Uploaded', 'Validated')",
            [row["collection_id"]],
        )
    }
    return [purpose for purpose in REQUIRED_PURPOSES if purpose not in uploaded]


def finalize_change(
    env: Environment, principal: Principal, change_id: str
) -> AccountAdminChangeRow:
    """The requester is done: the change and its collection go to the bank's review."""
    with env.store.atomic() as db:
        row = _ongoing(env, db, principal, change_id)
        missing = _missing_information(row)
        if missing:
            message = f"The change lacks: {', '.join(missing)}."
            raise Rejected(rejection("AccountAdminChangeMissingInformationRejection", message))
        documents = _missing_documents(db, row)
        if documents:
            message = f"No uploaded document yet for {', '.join(documents)}."
            raise Rejected(rejection("AccountAdminChangeMissingDocumentsRejection", message))
        now = env.now()
        collection = get_row(db, "supporting_document_collections", row["collection_id"])
        # A collection the bank already decided on (sent for review before) decides at once.
        status = _DECIDED.get(collection["status"], "Pending")
        changes: AccountAdminChangeChanges = {"status": status, "status_at": now, "updated_at": now}
        update_row(db, "account_admin_changes", change_id, changes)
        if collection["status"] == "WaitingForDocument":
            update_row(
                db,
                "supporting_document_collections",
                collection["id"],
                {"status": "PendingReview", "status_at": now, "updated_at": now},
            )
            emit(
                env,
                db,
                "SupportingDocumentCollection.Updated",
                project_id=row["project_id"],
                resource_id=collection["id"],
            )
        emit(
            env,
            db,
            "AccountHolder.Updated",
            project_id=row["project_id"],
            resource_id=row["account_holder_id"],
        )
        return with_changes(row, changes)

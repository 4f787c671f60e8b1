"""Verification renewals: the bank asks an account holder to confirm or update what it knows
of them (its KYC renewed), the partner answers through the API, the bank decides.

| renewal from | may become |
|---|---|
| WaitingForInformation | Pending (`finalizeVerificationRenewal`) |
| Pending | Completed, Refused, Suspended, WaitingForInformation (the bank: `decide`) |

`start` opens one (the bank's side; the Sandbox has no Testing API mutation for it yet:
Python starts it). Its `info` begins with what the bank knows: the holder's
names, and what the holder's onboarding said when it came from one; a field the bank never
learnt takes a Sandbox stand-in (`_STAND_INS`), which the partner is expected to correct. With
`SupportingDocumentsRequired` among its requirements it gets a supporting document collection
(type `AccountHolderVerificationRenewal`).

Only a renewal `WaitingForInformation` is updated or finalized
(`VerificationRenewalUpdateNotAllowedRejection` otherwise, and for an individual's update of a
company's renewal or the other way round). Finalizing needs the required fields filled
(`ValidationRejection` naming each one missing). A renewal of a holder the caller does not see
is `VerificationRenewalNotFoundRejection`. Each change emits `AccountHolder.Updated`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, insert_row, rows_where, update_row, with_changes
from ...storage.rows import (
    AccountHolderRow,
    VerificationRenewalChanges,
    VerificationRenewalNew,
    VerificationRenewalRow,
)
from ..accounts.holders import holder_scope
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.rejections import Rejected, rejection
from .document_collections import open_collection
from .onboarding import stored_json

__all__ = [
    "DUE_IN",
    "TRANSITIONS",
    "decide",
    "finalize",
    "get_renewal",
    "info_of",
    "start",
    "update",
]

#: How long the holder has to answer (virtual time; a simulator choice).
DUE_IN = timedelta(days=30)
TRANSITIONS: dict[str, tuple[str, ...]] = {
    "WaitingForInformation": ("Pending",),
    "Pending": ("Completed", "Refused", "Suspended", "WaitingForInformation"),
}
#: What the Sandbox assumes of a field the bank never learnt (a holder made without an
#: onboarding): the non-null fields of VerificationRenewalInfo need a value.
_STAND_INS = {
    "employment_status": "Employee",
    "monthly_income": "Between1500And3000",
    "monthly_payment_volume": "LessThan10000",
}
#: The fields finalizing needs filled, by holder type (paths under the input).
_REQUIRED = {
    "Individual": (
        ("accountAdmin", "firstName"),
        ("accountAdmin", "lastName"),
        ("accountAdmin", "residencyAddress", "addressLine1"),
        ("accountAdmin", "residencyAddress", "city"),
        ("accountAdmin", "residencyAddress", "postalCode"),
        ("accountAdmin", "residencyAddress", "country"),
    ),
    "Company": (
        ("accountAdmin", "firstName"),
        ("accountAdmin", "lastName"),
        ("accountAdmin", "email"),
        ("company", "name"),
        ("company", "businessActivityDescription"),
        ("company", "residencyAddress", "addressLine1"),
        ("company", "residencyAddress", "city"),
        ("company", "residencyAddress", "postalCode"),
        ("company", "residencyAddress", "country"),
    ),
}


def _snake(name: str) -> str:
    """A GraphQL field name as the API layer hands it over (`addressLine1` -> `address_line_1`)."""
    return re.sub(r"(?<=[a-z])(\d)", r"_\1", re.sub(r"(?<=[a-z])([A-Z])", r"_\1", name)).lower()


def _address(value: Any) -> dict[str, Any]:
    given = value if isinstance(value, Mapping) else {}
    return {_snake(key): item for key, item in given.items()}


def _initial_info(db: Database, holder: AccountHolderRow) -> dict[str, Any]:
    """What the bank knows: the holder's names, and its onboarding's answers if any."""
    onboardings = list(
        rows_where(db, "onboardings", "holder_id = ?", [holder["id"]], order_by="created_at")
    )
    admin = stored_json(onboardings[0], "account_admin") if onboardings else {}
    company = stored_json(onboardings[0], "company") if onboardings else {}
    account_admin = {
        "first_name": admin.get("firstName") or holder["first_name"] or "",
        "last_name": admin.get("lastName") or holder["last_name"] or "",
    }
    if holder["type"] == "Individual":
        account_admin |= {
            "employment_status": admin.get("employmentStatus") or _STAND_INS["employment_status"],
            "monthly_income": admin.get("monthlyIncome") or _STAND_INS["monthly_income"],
            "residency_address": _address(admin.get("residencyAddress")),
        }
        return {"type": "Individual", "account_admin": account_admin, "additional_details": None}
    account_admin |= {
        "email": admin.get("email") or "",
        "birth_info": {"birth_date": admin.get("birthDate")},
        "type_of_representation": admin.get("typeOfRepresentation"),
    }
    volume = company.get("monthlyPaymentVolume") or _STAND_INS["monthly_payment_volume"]
    return {
        "type": "Company",
        "account_admin": account_admin,
        "company": {
            "name": company.get("name") or holder["company_name"] or "",
            "business_activity_description": company.get("businessActivityDescription") or "",
            "monthly_payment_volume": volume,
            "residency_address": _address(company.get("residencyAddress")),
            "ultimate_beneficial_owners": [],
        },
        "additional_details": None,
    }


def info_of(row: VerificationRenewalRow) -> dict[str, Any]:
    info: dict[str, Any] = json.loads(row["info"])
    return info


def _changed(
    env: Environment,
    db: Database,
    row: VerificationRenewalRow,
    changes: VerificationRenewalChanges,
) -> VerificationRenewalRow:
    changes = {**changes, "updated_at": env.now()}
    update_row(db, "verification_renewals", row["id"], changes)
    emit(
        env,
        db,
        "AccountHolder.Updated",
        project_id=row["project_id"],
        resource_id=row["account_holder_id"],
    )
    return with_changes(row, changes)


def start(
    env: Environment,
    project_id: str,
    holder_id: str,
    requirements: tuple[str, ...] = ("AccountHolderDetailsRequired",),
) -> VerificationRenewalNew:
    """The bank opens a renewal for one of the project's holders (one transaction)."""
    with env.store.atomic() as db:
        holders = list(
            rows_where(db, "account_holders", "id = ? AND project_id = ?", [holder_id, project_id])
        )
        if not holders:
            raise Rejected(rejection("AccountHolderNotFoundRejection", f"No holder {holder_id}."))
        holder = holders[0]
        now = env.now()
        collection = (
            open_collection(env, db, project_id, "AccountHolderVerificationRenewal")
            if "SupportingDocumentsRequired" in requirements
            else None
        )
        row: VerificationRenewalNew = {
            "id": env.new_id(db, "verification_renewal"),
            "project_id": project_id,
            "account_holder_id": holder_id,
            "type": holder["type"],
            "status": "WaitingForInformation",
            "info": json.dumps(_initial_info(db, holder), sort_keys=True),
            "requirements": json.dumps(list(requirements)),
            "due_date": format_timestamp(parse_timestamp(now) + DUE_IN),
            "collection_id": collection["id"] if collection else None,
            "status_at": now,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "verification_renewals", row)
        emit(env, db, "AccountHolder.Updated", project_id=project_id, resource_id=holder_id)
        return row


def _find(db: Database, principal: Principal, renewal_id: str) -> VerificationRenewalRow | None:
    where, params = holder_scope(principal)
    rows = list(
        rows_where(
            db,
            "verification_renewals",
            f"id = ? AND account_holder_id IN (SELECT id FROM account_holders WHERE {where})",
            [renewal_id, *params],
        )
    )
    return rows[0] if rows else None


def get_renewal(
    env: Environment, principal: Principal, renewal_id: str
) -> VerificationRenewalRow | None:
    """The renewal, if the caller sees its holder (else None: a query answers null)."""
    return _find(env.store.db, principal, renewal_id)


def _changeable(
    db: Database, principal: Principal, renewal_id: str, holder_type: str | None
) -> VerificationRenewalRow:
    row = _find(db, principal, renewal_id)
    if row is None:
        message = f"Verification renewal {renewal_id} was not found."
        raise Rejected(rejection("VerificationRenewalNotFoundRejection", message, id=renewal_id))
    why = None
    if row["status"] != "WaitingForInformation":
        why = f"it is {row['status']}"
    elif holder_type is not None and row["type"] != holder_type:
        why = f"it is a renewal of a {row['type'].lower()} holder"
    if why:
        message = f"Verification renewal {renewal_id} cannot be changed: {why}."
        raise Rejected(
            rejection("VerificationRenewalUpdateNotAllowedRejection", message, id=renewal_id)
        )
    return row


def _merge(current: dict[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """`given`'s fields over `current`'s (nested objects field by field; a list replaces)."""
    merged = dict(current)
    for key, value in given.items():
        if value is None:
            continue
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def update(
    env: Environment,
    principal: Principal,
    renewal_id: str,
    holder_type: str,
    given: Mapping[str, Any],
) -> VerificationRenewalRow:
    """The partner's answers (`accountAdmin`, `company`, `additionalDetails`, snake_case
    keys) over what the renewal holds; fields left out stay."""
    with env.store.atomic() as db:
        row = _changeable(db, principal, renewal_id, holder_type)
        info = _merge(info_of(row), given)
        return _changed(env, db, row, {"info": json.dumps(info, sort_keys=True)})


def _missing(row: VerificationRenewalRow) -> list[dict[str, Any]]:
    info = info_of(row)
    errors = []
    for path in _REQUIRED[row["type"]]:
        value: Any = info
        for name in path:
            value = value.get(_snake(name)) if isinstance(value, Mapping) else None
        if not str(value or "").strip():
            message = f"Give {'.'.join(path)}."
            errors.append({"code": "InvalidType", "message": message, "path": ["input", *path]})
    return errors


def finalize(env: Environment, principal: Principal, renewal_id: str) -> VerificationRenewalRow:
    """The partner has answered: the renewal goes to the bank's review (Pending)."""
    with env.store.atomic() as db:
        row = _changeable(db, principal, renewal_id, None)
        errors = _missing(row)
        if errors:
            message = "The renewal lacks required information."
            raise Rejected(rejection("ValidationRejection", message, fields=errors))
        return _changed(env, db, row, {"status": "Pending", "status_at": env.now()})


def decide(
    env: Environment, project_id: str, renewal_id: str, status: str
) -> VerificationRenewalRow:
    """The bank's decision on a renewal under review (Completed, Refused, Suspended), or its
    request for more information (WaitingForInformation)."""
    with env.store.atomic() as db:
        row = get_row(db, "verification_renewals", renewal_id)
        if row["project_id"] != project_id or status not in TRANSITIONS.get(row["status"], ()):
            message = f"Verification renewal {renewal_id} cannot become {status}."
            raise Rejected(
                rejection("VerificationRenewalUpdateNotAllowedRejection", message, id=renewal_id)
            )
        return _changed(env, db, row, {"status": status, "status_at": env.now()})

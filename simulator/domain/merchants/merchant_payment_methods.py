"""Merchant payment methods: how a merchant profile takes payments.

`requestMerchantPaymentMethods` asks for each method given (`PendingReview`,
`MerchantPaymentMethod.Created`) or, with `activate: false`, switches an existing one off;
nothing changes when any method given cannot be taken (`InvalidPaymentMethodRequestRejection`
lists each). The bank's review (the Testing API's `simulateMerchantPaymentMethodRequestOutcome`)
moves a method to `Enabled`, `Rejected`, `WaitingForInformation` (with what it needs),
`Suspended` or `Disabled`. An `Enabled` SEPA direct debit method changes its creditor
identifier through a change request the bank approves (the method's `version` goes up; the
simulator keeps one row per method, so `id` and `methodId` stay the same). Each change emits
`MerchantPaymentMethod.Updated` or `MerchantPaymentMethodUpdateRequest.Created`/`.Updated`.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from ...storage import (
    Database,
    get_row,
    insert_row,
    integer,
    rows_where,
    update_columns,
    update_row,
)
from ...storage.rows import (
    MerchantPaymentMethodNew,
    MerchantPaymentMethodRow,
    MerchantPaymentMethodUpdateRequestNew,
    MerchantPaymentMethodUpdateRequestRow,
    MerchantProfileRow,
)
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.rejections import Rejected, forbidden, rejection
from .merchant_profiles import ACTIVE_METHOD_STATUSES, not_found, project_profile, visible_profile

__all__ = [
    "INPUT_TYPES",
    "OBJECT_TYPES",
    "cancel_update_request",
    "disable_method",
    "get_method",
    "get_update_request",
    "methods_of_profile",
    "pending_update_request",
    "request_method_update",
    "request_methods",
    "simulate_method_outcome",
    "simulate_update_outcome",
]

_METHODS: Final = "merchant_payment_methods"
_UPDATES: Final = "merchant_payment_method_update_requests"
_PERMISSION = "can_manage_account_membership"

#: The method type each key of `RequestMerchantPaymentMethodsInput` asks for (snake_case,
#: as the GraphQL layer hands the input over).
INPUT_TYPES = {
    "card": "Card",
    "check": "Check",
    "in_person_card": "InPersonCard",
    "internal_direct_debit_b_2_b": "InternalDirectDebitB2b",
    "internal_direct_debit_standard": "InternalDirectDebitStandard",
    "online_card": "OnlineCard",
    "sepa_direct_debit_b_2_b": "SepaDirectDebitB2b",
    "sepa_direct_debit_core": "SepaDirectDebitCore",
}
#: The GraphQL object type of each method type.
OBJECT_TYPES = {
    "Card": "CardMerchantPaymentMethod",
    "Check": "CheckMerchantPaymentMethod",
    "InPersonCard": "InPersonCardMerchantPaymentMethod",
    "InternalDirectDebitB2b": "InternalDirectDebitB2BMerchantPaymentMethod",
    "InternalDirectDebitStandard": "InternalDirectDebitStandardMerchantPaymentMethod",
    "OnlineCard": "OnlineCardMerchantPaymentMethod",
    "SepaDirectDebitB2b": "SepaDirectDebitB2BMerchantPaymentMethod",
    "SepaDirectDebitCore": "SepaDirectDebitCoreMerchantPaymentMethod",
}
_SEPA_TYPES = ("SepaDirectDebitB2b", "SepaDirectDebitCore")
#: A SEPA creditor identifier: country, check digits, business code, national identifier.
_CREDITOR_IDENTIFIER = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}")
_ACTIVE = ", ".join(f"'{status}'" for status in ACTIVE_METHOD_STATUSES)


def _visible(db: Database, principal: Principal, method_id: str) -> MerchantPaymentMethodRow:
    """The method if the caller sees its profile's account, else `NotFoundRejection`."""
    where, params = account_scope(principal)
    rows = list(
        rows_where(
            db,
            _METHODS,
            f"id = ? AND merchant_profile_id IN (SELECT id FROM merchant_profiles WHERE {where})",
            [method_id, *params],
        )
    )
    if not rows:
        raise Rejected(not_found("Merchant payment method", method_id))
    return rows[0]


def _project_method(db: Database, project_id: str, method_id: str) -> MerchantPaymentMethodRow:
    rows = list(rows_where(db, _METHODS, "id = ? AND project_id = ?", [method_id, project_id]))
    if not rows:
        raise Rejected(not_found("Merchant payment method", method_id))
    return rows[0]


def get_method(
    env: Environment, principal: Principal, method_id: str
) -> MerchantPaymentMethodRow | None:
    try:
        return _visible(env.store.db, principal, method_id)
    except Rejected:
        return None


def methods_of_profile(db: Database, profile_id: str) -> list[MerchantPaymentMethodRow]:
    """Every payment method of the profile, oldest first."""
    return list(
        rows_where(
            db, _METHODS, "merchant_profile_id = ?", [profile_id], order_by="created_at, rowid"
        )
    )


def _sepa_settings_error(settings: dict[str, Any]) -> str | None:
    """Why a SEPA method's creditor identifier settings are inconsistent, if they are."""
    identifier = settings.get("sepa_creditor_identifier")
    if settings.get("use_swan_sepa_creditor_identifier"):
        if identifier:
            return "Give no sepaCreditorIdentifier when useSwanSepaCreditorIdentifier is true."
        return None
    if not identifier:
        return "Give the merchant's sepaCreditorIdentifier, or useSwanSepaCreditorIdentifier."
    if not _CREDITOR_IDENTIFIER.fullmatch(str(identifier)):
        return f"{identifier!r} is no SEPA creditor identifier (such as FR12ZZZ123456)."
    return None


def _invalid(
    code: str, method_type: str, message: str, method_id: str | None = None
) -> dict[str, Any]:
    return {"code": code, "type": method_type, "message": message, "id": method_id}


def _plan(
    db: Database, profile_id: str, data: dict[str, Any]
) -> tuple[list[tuple[str, dict[str, Any]]], list[MerchantPaymentMethodRow], list[dict[str, Any]]]:
    """What a request asks: the methods to add (type, settings), the active ones to switch
    off, and the errors that refuse the whole request."""
    to_add: list[tuple[str, dict[str, Any]]] = []
    to_disable: list[MerchantPaymentMethodRow] = []
    errors: list[dict[str, Any]] = []
    for key, method_type in INPUT_TYPES.items():
        settings = data.get(key)
        if settings is None:
            continue
        rows = list(
            rows_where(
                db,
                _METHODS,
                f"merchant_profile_id = ? AND type = ? AND status IN ({_ACTIVE})",
                [profile_id, method_type],
            )
        )
        current = rows[0] if rows else None
        if settings.get("activate") is False:
            if current is None:
                errors.append(_invalid("AlreadyInactive", method_type, "Not active."))
            else:
                to_disable.append(current)
        elif current is not None and current["status"] == "Suspended":
            errors.append(_invalid("Suspended", method_type, "Suspended.", current["id"]))
        elif current is not None:
            errors.append(_invalid("AlreadyActive", method_type, "Already there.", current["id"]))
        elif method_type in _SEPA_TYPES and (problem := _sepa_settings_error(settings)):
            errors.append(_invalid("InvalidSepaDirectDebitConfiguration", method_type, problem))
        else:
            to_add.append((method_type, settings))
    if not to_add and not to_disable and not errors:
        errors.append(
            _invalid("MissingPaymentMethod", "MerchantPaymentMethod", "Give a payment method.")
        )
    return to_add, to_disable, errors


def _set_status(
    env: Environment,
    db: Database,
    method: MerchantPaymentMethodRow,
    status: str,
    **extra: Any,
) -> MerchantPaymentMethodRow:
    now = env.now()
    changes: dict[str, Any] = {
        "status": status,
        "status_changed_at": now,
        "updated_at": now,
        **extra,
    }
    update_columns(db, _METHODS, method["id"], changes)
    if status == "Disabled":
        pending = pending_update_request(db, method["id"])
        if pending is not None:
            _set_request_status(env, db, pending, "Canceled")
    emit(
        env,
        db,
        "MerchantPaymentMethod.Updated",
        project_id=method["project_id"],
        resource_id=method["id"],
    )
    return get_row(db, _METHODS, method["id"])


def _add(
    env: Environment,
    db: Database,
    profile: MerchantProfileRow,
    method_type: str,
    settings: dict[str, Any],
) -> None:
    now = env.now()
    method_id = env.new_id(db, "merchant_payment_method")
    sepa = method_type in _SEPA_TYPES
    row: MerchantPaymentMethodNew = {
        "id": method_id,
        "project_id": profile["project_id"],
        "merchant_profile_id": profile["id"],
        "method_id": method_id,
        "type": method_type,
        "version": 1,
        "status": "PendingReview",
        "sepa_creditor_identifier": settings.get("sepa_creditor_identifier") if sepa else None,
        "use_swan_sepa_creditor_identifier": (
            int(bool(settings.get("use_swan_sepa_creditor_identifier"))) if sepa else None
        ),
        "status_changed_at": now,
        "created_at": now,
        "updated_at": now,
    }
    insert_row(db, _METHODS, row)
    emit(
        env,
        db,
        "MerchantPaymentMethod.Created",
        project_id=row["project_id"],
        resource_id=method_id,
    )


def request_methods(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> MerchantProfileRow:
    """Ask for (or switch off) the methods given, all or none, whatever the profile's status
    (but Disabled); returns the profile."""
    with env.store.atomic() as db:
        profile = visible_profile(db, principal, data["merchant_profile_id"])
        require_permission(db, principal, profile["account_id"], _PERMISSION)
        # The real service takes requests whatever the profile's status; a Disabled
        # profile is off for good (its methods were disabled with it).
        if profile["status"] == "Disabled":
            raise Rejected(
                forbidden(f"Merchant profile {profile['id']} is Disabled: it takes no methods.")
            )
        to_add, to_disable, errors = _plan(db, profile["id"], data)
        if errors:
            raise Rejected(
                rejection(
                    "InvalidPaymentMethodRequestRejection",
                    f"{len(errors)} payment method(s) cannot be requested; nothing changed.",
                    payment_methods=errors,
                )
            )
        for method_type, settings in to_add:
            _add(env, db, profile, method_type, settings)
        for method in to_disable:
            _set_status(env, db, method, "Disabled")
        return get_row(db, "merchant_profiles", profile["id"])


def disable_method(env: Environment, principal: Principal, method_id: str) -> str:
    """Switch a method off for good (not one already Disabled or Rejected)."""
    with env.store.atomic() as db:
        method = _visible(db, principal, method_id)
        profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
        require_permission(db, principal, profile["account_id"], _PERMISSION)
        if method["status"] not in ACTIVE_METHOD_STATUSES:
            raise Rejected(_wrong_status(method, "cannot be disabled"))
        _set_status(env, db, method, "Disabled")
        return method_id


def _wrong_status(method: MerchantPaymentMethodRow, what: str) -> dict[str, Any]:
    return rejection(
        "MerchantPaymentMethodWrongStatusRejection",
        f"Merchant payment method {method['id']} is {method['status']}: it {what}.",
    )


# -- change requests of a SEPA direct debit method --------------------------------------------


def pending_update_request(
    db: Database, method_id: str
) -> MerchantPaymentMethodUpdateRequestRow | None:
    rows = list(
        rows_where(
            db,
            _UPDATES,
            "merchant_payment_method_id = ? AND status = 'PendingReview'",
            [method_id],
            limit=1,
        )
    )
    return rows[0] if rows else None


def _set_request_status(
    env: Environment,
    db: Database,
    request: MerchantPaymentMethodUpdateRequestRow,
    status: str,
) -> None:
    update_row(db, _UPDATES, request["id"], {"status": status, "updated_at": env.now()})
    emit(
        env,
        db,
        "MerchantPaymentMethodUpdateRequest.Updated",
        project_id=request["project_id"],
        resource_id=request["id"],
    )


def request_method_update(
    env: Environment, principal: Principal, method_id: str, settings: dict[str, Any]
) -> str:
    """A change request (`PendingReview`) of an `Enabled` SEPA direct debit method's
    creditor identifier; returns its id."""
    with env.store.atomic() as db:
        method = _visible(db, principal, method_id)
        profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
        require_permission(db, principal, profile["account_id"], _PERMISSION)
        problem = (
            f"Merchant payment method {method_id} is {method['type']}, no SEPA direct debit one."
            if method["type"] not in _SEPA_TYPES
            else _sepa_settings_error(settings)
        )
        if problem:
            raise Rejected(
                rejection("MerchantPaymentMethodSepaDirectDebitInvalidRejection", problem)
            )
        if method["status"] != "Enabled":
            raise Rejected(_wrong_status(method, "must be Enabled to change"))
        if pending_update_request(db, method_id) is not None:
            raise Rejected(_wrong_status(method, "already has a change request pending"))
        now = env.now()
        request: MerchantPaymentMethodUpdateRequestNew = {
            "id": env.new_id(db, "merchant_payment_method_update_request"),
            "project_id": method["project_id"],
            "merchant_payment_method_id": method_id,
            "sepa_creditor_identifier": settings.get("sepa_creditor_identifier"),
            "use_swan_sepa_creditor_identifier": int(
                bool(settings["use_swan_sepa_creditor_identifier"])
            ),
            "status": "PendingReview",
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, _UPDATES, request)
        emit(
            env,
            db,
            "MerchantPaymentMethodUpdateRequest.Created",
            project_id=request["project_id"],
            resource_id=request["id"],
        )
        return str(request["id"])


def _visible_request(
    db: Database, principal: Principal, request_id: str
) -> MerchantPaymentMethodUpdateRequestRow:
    rows = list(rows_where(db, _UPDATES, "id = ?", [request_id]))
    try:
        if not rows:
            raise Rejected(not_found("Update request", request_id))
        _visible(db, principal, rows[0]["merchant_payment_method_id"])
    except Rejected:
        raise Rejected(not_found("Update request", request_id)) from None
    return rows[0]


def get_update_request(
    env: Environment, principal: Principal, request_id: str
) -> MerchantPaymentMethodUpdateRequestRow | None:
    try:
        return _visible_request(env.store.db, principal, request_id)
    except Rejected:
        return None


def cancel_update_request(env: Environment, principal: Principal, request_id: str) -> str:
    """Withdraw a pending change request (`Canceled`)."""
    with env.store.atomic() as db:
        request = _visible_request(db, principal, request_id)
        method = get_row(db, _METHODS, request["merchant_payment_method_id"])
        profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
        require_permission(db, principal, profile["account_id"], _PERMISSION)
        if request["status"] != "PendingReview":
            raise Rejected(
                rejection(
                    "UpdateRequestNotPendingReviewRejection",
                    f"Update request {request_id} is {request['status']}, not PendingReview.",
                    request_update_id=request_id,
                )
            )
        _set_request_status(env, db, request, "Canceled")
        return request_id


# -- the bank's review (Testing API) --------------------------------------------------------

#: The statuses the bank's review may move a method to, from each allowed status.
_OUTCOME_FROM = {
    "Enabled": ("PendingReview", "WaitingForInformation", "Suspended"),
    "Rejected": ("PendingReview", "WaitingForInformation"),
    "WaitingForInformation": ("PendingReview",),
    "PendingReview": ("WaitingForInformation",),
    "Suspended": ("Enabled",),
    "Disabled": ACTIVE_METHOD_STATUSES,
}


def _requirements(given: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The `MerchantVerificationRequirements` items of a WaitingForInformation outcome."""
    given = given or {}
    kinds = (
        ("additional_information", "AdditionalInformationRequirements"),
        ("fields", "MerchantRequirements"),
        ("other_additional_information", "OtherAdditionalInformationRequirements"),
        ("supporting_document_purposes", "SupportingDocumentRequirements"),
    )
    return [{"kind": kind, "values": given[key]} for key, kind in kinds if given.get(key)]


def simulate_method_outcome(
    env: Environment, project_id: str, data: dict[str, Any]
) -> MerchantPaymentMethodRow:
    """The bank's decision on a payment method; returns the method."""
    target = data["merchant_payment_method_status"]
    with env.store.atomic() as db:
        method = _project_method(db, project_id, data["merchant_payment_method_id"])
        if method["status"] not in _OUTCOME_FROM[target]:
            raise Rejected(_wrong_status(method, f"cannot become {target}"))
        reason = data.get("merchant_payment_method_rejection_reason")
        if target == "Rejected" and not reason:
            raise Rejected(
                rejection(
                    "RejectionReasonMandatoryRejection",
                    "Rejected needs merchantPaymentMethodRejectionReason.",
                )
            )
        requirements = _requirements(data.get("merchant_verification_requirements"))
        if target == "WaitingForInformation" and not requirements:
            raise Rejected(
                rejection(
                    "VerificationRequirementsMandatoryRejection",
                    "WaitingForInformation needs merchantVerificationRequirements.",
                )
            )
        profile = project_profile(db, project_id, method["merchant_profile_id"])
        if target == "Enabled" and db["merchant_profile_update_requests"].count_where(
            "merchant_profile_id = ? AND status = 'PendingReview'", [profile["id"]]
        ):
            raise Rejected(
                rejection(
                    "MerchantProfileUpdateRequestPendingRejection",
                    f"Merchant profile {profile['id']} has a change request awaiting review.",
                )
            )
        return _set_status(
            env,
            db,
            method,
            target,
            rejection_reason=reason if target == "Rejected" else None,
            verification_requirements=json.dumps(requirements) if requirements else None,
        )


def simulate_update_outcome(
    env: Environment, project_id: str, request_id: str, approved: bool
) -> str:
    """The bank approves (the method takes the new settings, its version goes up) or
    refuses a pending change request; returns the request's id."""
    with env.store.atomic() as db:
        rows = list(rows_where(db, _UPDATES, "id = ? AND project_id = ?", [request_id, project_id]))
        if not rows:
            raise Rejected(not_found("Update request", request_id))
        request = rows[0]
        if request["status"] != "PendingReview":
            raise Rejected(
                forbidden(f"Update request {request_id} is {request['status']}, not PendingReview.")
            )
        _set_request_status(env, db, request, "Enabled" if approved else "Rejected")
        if approved:
            method = get_row(db, _METHODS, request["merchant_payment_method_id"])
            update_row(
                db,
                _METHODS,
                method["id"],
                {
                    "sepa_creditor_identifier": request["sepa_creditor_identifier"],
                    "use_swan_sepa_creditor_identifier": request[
                        "use_swan_sepa_creditor_identifier"
                    ],
                    "version": integer(method, "version") + 1,
                    "updated_at": env.now(),
                },
            )
            emit(
                env,
                db,
                "MerchantPaymentMethod.Updated",
                project_id=method["project_id"],
                resource_id=method["id"],
            )
        return request_id

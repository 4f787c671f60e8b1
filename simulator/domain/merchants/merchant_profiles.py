"""Merchant profiles: what a company's account sells and how, reviewed by the bank.

`requestMerchantProfile` creates a profile `PendingReview` on the account of a company
holder (`MerchantProfile.Created`); the bank's review (the Testing API's
`simulateMerchantProfileRequestOutcome`) makes it `Enabled` or `Rejected`, and may later
suspend or disable it. An `Enabled` profile's details change through a change request
(`requestMerchantProfileUpdate`, `PendingReview` until the bank approves it; the profile
keeps its values meanwhile), which the partner may cancel while it is pending. Disabling a
profile disables its payment methods. Every change emits `MerchantProfile.Updated` or
`MerchantProfileUpdateRequest.Created`/`.Updated`.

A profile is seen by a project token of its project and by a user token with
`canViewAccount` on its account; acting on it needs `canManageAccountMembership`.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any, Final
from urllib.parse import urlsplit

from ...storage import (
    Database,
    get_row,
    insert_columns,
    insert_row,
    rows_where,
    update_columns,
    update_row,
)
from ...storage.rows import (
    MerchantProfileRow,
    MerchantProfileUpdateRequestNew,
    MerchantProfileUpdateRequestRow,
)
from ..accounts.account_lifecycle import find_account
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, ordering, paginate
from ..kernel.queries import with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks, Path

__all__ = [
    "ACTIVE_METHOD_STATUSES",
    "cancel_update_request",
    "disable_profile",
    "get_profile",
    "get_update_request",
    "latest_update_request",
    "list_profiles",
    "not_found",
    "project_profile",
    "request_profile",
    "request_profile_update",
    "simulate_profile_outcome",
    "simulate_update_outcome",
    "update_requests_of",
    "visible_profile",
]

_PROFILES: Final = "merchant_profiles"
_UPDATES: Final = "merchant_profile_update_requests"
_METHODS: Final = "merchant_payment_methods"
_METHOD_UPDATES: Final = "merchant_payment_method_update_requests"

#: Payment method statuses that still count as the method being there (not Disabled or
#: Rejected).
ACTIVE_METHOD_STATUSES = ("PendingReview", "Enabled", "WaitingForInformation", "Suspended")

#: The buckets of `ExpectedMonthlyMerchantProcessingVolume`, by upper bound (EUR).
_VOLUME_BUCKETS = (
    (Decimal(5000), "LessThan5000"),
    (Decimal(10000), "Between5000And10000"),
    (Decimal(100000), "Between10000And100000"),
)
_ACCENT_COLOR = re.compile(r"#?[0-9A-Fa-f]{6}")
_URL_FIELDS = (
    ("merchant_website_url", "merchantWebsiteUrl"),
    ("support_website_url", "supportWebsiteUrl"),
    ("social_network_url", "socialNetworkUrl"),
    ("terms_and_conditions_url", "termsAndConditionsUrl"),
)
_CHOICE_FIELDS = (
    "product_type",
    "expected_monthly_merchant_processing_volume",
    "customer_region",
    "payment_frequency",
)


def not_found(label: str, resource_id: str) -> dict[str, Any]:
    """The real service's generic `NotFoundRejection`, carrying the requested id."""
    return rejection("NotFoundRejection", f"{label} {resource_id} was not found.", id=resource_id)


def visible_profile(db: Database, principal: Principal, profile_id: str) -> MerchantProfileRow:
    """The profile if the caller sees its account, else `NotFoundRejection`."""
    where, params = account_scope(principal)
    rows = list(rows_where(db, _PROFILES, f"id = ? AND {where}", [profile_id, *params]))
    if not rows:
        raise Rejected(not_found("Merchant profile", profile_id))
    return rows[0]


def project_profile(db: Database, project_id: str, profile_id: str) -> MerchantProfileRow:
    """The project's profile (the Testing API's view), else `NotFoundRejection`."""
    rows = list(rows_where(db, _PROFILES, "id = ? AND project_id = ?", [profile_id, project_id]))
    if not rows:
        raise Rejected(not_found("Merchant profile", profile_id))
    return rows[0]


def get_profile(
    env: Environment, principal: Principal, profile_id: str
) -> MerchantProfileRow | None:
    """The profile, or None when the caller does not see it (the real query is nullable)."""
    try:
        return visible_profile(env.store.db, principal, profile_id)
    except Rejected:
        return None


def list_profiles(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """Profiles the caller sees, oldest first; filters `id` and `status` (lists) and
    `account_id` (set by `Account.merchantProfiles`)."""
    where, params = with_filters(
        account_scope(principal), filters, equal=("account_id",), any_of=("id", "status")
    )
    order, descending = ordering(order_by)
    return paginate(
        env.store.db,
        _PROFILES,
        where,
        params,
        first=first,
        after=after,
        order=order,
        descending=descending,
    )


# -- input checks ---------------------------------------------------------------------------


def _volume_bucket(volume: Decimal) -> str:
    for bound, name in _VOLUME_BUCKETS:
        if volume < bound:
            return name
    return "MoreThan100000"


def _url(checks: Checks, value: object, path: Path) -> str | None:
    text = checks.text(value, path, required=False, max_length=2048)
    if text is None:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        checks.fail("InvalidUrl", "An absolute http(s) URL is required.", path)
        return None
    return text


def _amount(checks: Checks, value: dict[str, Any] | None, path: Path) -> str | None:
    if value is None:
        return None
    amount = checks.amount(value.get("value"), [*path, "value"], currency=value.get("currency"))
    return None if amount is None else f"{amount:.2f}"


def _additional_information(checks: Checks, items: list[dict[str, Any]]) -> str:
    kept: list[dict[str, str]] = []
    for index, item in enumerate(items):
        path: Path = ["input", "additionalInformation", index]
        given = [item[key] for key in ("default_information", "other_information") if item.get(key)]
        if len(given) != 1:
            checks.fail(
                "Missing", "Give exactly one of defaultInformation and otherInformation.", path
            )
            continue
        entry = given[0]
        value = checks.text(entry.get("value"), [*path, "value"], max_length=255)
        if "type" in entry and value is not None:
            kept.append({"type": entry["type"], "value": value})
        elif value is not None:
            description = checks.text(entry.get("description"), [*path, "description"])
            if description is not None:
                kept.append({"description": description, "value": value})
    return json.dumps(kept)


def _details(checks: Checks, data: dict[str, Any], *, creating: bool) -> dict[str, Any]:
    """The profile columns `data` gives, checked (only those given, for a change request)."""
    details: dict[str, Any] = {key: data[key] for key in _CHOICE_FIELDS if data.get(key)}
    if creating or data.get("merchant_name") is not None:
        details["merchant_name"] = checks.text(
            data.get("merchant_name"), ["input", "merchantName"], max_length=100
        )
    for column, name in (
        ("expected_average_basket", "expectedAverageBasket"),
        ("expected_monthly_payment_volume", "expectedMonthlyPaymentVolume"),
    ):
        if data.get(column) is not None:
            details[column] = _amount(checks, data[column], ["input", name])
    volume = details.get("expected_monthly_payment_volume")
    if volume and "expected_monthly_merchant_processing_volume" not in details:
        details["expected_monthly_merchant_processing_volume"] = _volume_bucket(Decimal(volume))
    if creating and "expected_monthly_merchant_processing_volume" not in details:
        checks.fail(
            "Missing",
            "Give expectedMonthlyMerchantProcessingVolume (or expectedMonthlyPaymentVolume).",
            ["input", "expectedMonthlyMerchantProcessingVolume"],
        )
    for column, name in _URL_FIELDS:
        if data.get(column) is not None:
            details[column] = _url(checks, data[column], ["input", name])
    if data.get("accent_color") is not None:
        color = str(data["accent_color"])
        if _ACCENT_COLOR.fullmatch(color):
            details["accent_color"] = color if color.startswith("#") else f"#{color}"
        else:
            checks.fail("InvalidFormat", "A hex color such as #1A2B3C.", ["input", "accentColor"])
    if data.get("additional_information") is not None:
        details["additional_information"] = _additional_information(
            checks, data["additional_information"]
        )
    return details


# -- the partner's requests -----------------------------------------------------------------


def request_profile(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> MerchantProfileRow:
    """A new profile, `PendingReview`, on the account of a company holder."""
    checks = Checks()
    details = _details(checks, data, creating=True)
    checks.raise_if_any()
    with env.store.atomic() as db:
        account = find_account(db, principal, data["account_id"])
        require_permission(db, principal, account["id"], "can_manage_account_membership")
        holder = get_row(db, "account_holders", account["holder_id"])
        if holder["type"] != "Company":
            raise Rejected(
                forbidden(
                    f"Account {account['id']} belongs to an individual: merchants are companies."
                )
            )
        if account["status"] != "Opened":
            raise Rejected(
                forbidden(f"Account {account['id']} is {account['status']}, not Opened.")
            )
        now = env.now()
        row: dict[str, Any] = {
            "id": env.new_id(db, "merchant_profile"),
            "project_id": account["project_id"],
            "account_id": account["id"],
            "additional_information": "[]",
            **details,
            "status": "PendingReview",
            "status_changed_at": now,
            "created_at": now,
            "updated_at": now,
        }
        insert_columns(db, _PROFILES, row)
        emit(
            env, db, "MerchantProfile.Created", project_id=row["project_id"], resource_id=row["id"]
        )
        return get_row(db, _PROFILES, row["id"])


def _pending_request(db: Database, profile_id: str) -> MerchantProfileUpdateRequestRow | None:
    rows = list(
        rows_where(
            db,
            _UPDATES,
            "merchant_profile_id = ? AND status = 'PendingReview'",
            [profile_id],
            limit=1,
        )
    )
    return rows[0] if rows else None


def request_profile_update(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> tuple[MerchantProfileRow, MerchantProfileUpdateRequestRow]:
    """A change request (`PendingReview`) of an `Enabled` profile; returns the profile
    (unchanged) and the request."""
    checks = Checks()
    changes = _details(checks, data, creating=False)
    if not changes:
        checks.fail("Missing", "Give at least one field to change.", ["input"])
    checks.raise_if_any()
    with env.store.atomic() as db:
        profile = visible_profile(db, principal, data["merchant_profile_id"])
        require_permission(db, principal, profile["account_id"], "can_manage_account_membership")
        _require_status(profile, "Enabled")
        if _pending_request(db, profile["id"]) is not None:
            raise Rejected(
                forbidden(f"Merchant profile {profile['id']} already has a change request pending.")
            )
        now = env.now()
        request: MerchantProfileUpdateRequestNew = {
            "id": env.new_id(db, "merchant_profile_update_request"),
            "project_id": profile["project_id"],
            "merchant_profile_id": profile["id"],
            "changes": json.dumps(changes, sort_keys=True),
            "status": "PendingReview",
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, _UPDATES, request)
        emit(
            env,
            db,
            "MerchantProfileUpdateRequest.Created",
            project_id=profile["project_id"],
            resource_id=request["id"],
        )
        return profile, get_row(db, _UPDATES, request["id"])


def _require_status(profile: MerchantProfileRow, expected: str) -> None:
    if profile["status"] != expected:
        raise Rejected(
            rejection(
                "MerchantProfileWrongStatusRejection",
                f"Merchant profile {profile['id']} is {profile['status']}; "
                f"this needs it {expected}.",
                current_status=profile["status"],
                expected_status=expected,
            )
        )


def _visible_request(
    db: Database, principal: Principal, request_id: str
) -> MerchantProfileUpdateRequestRow:
    rows = list(rows_where(db, _UPDATES, "id = ?", [request_id]))
    try:
        if not rows:
            raise Rejected(not_found("Merchant profile update request", request_id))
        visible_profile(db, principal, rows[0]["merchant_profile_id"])
    except Rejected:
        raise Rejected(not_found("Merchant profile update request", request_id)) from None
    return rows[0]


def get_update_request(
    env: Environment, principal: Principal, request_id: str
) -> MerchantProfileUpdateRequestRow | None:
    try:
        return _visible_request(env.store.db, principal, request_id)
    except Rejected:
        return None


def update_requests_of(db: Database, profile_id: str) -> list[MerchantProfileUpdateRequestRow]:
    """Every change request of the profile, oldest first."""
    return list(
        rows_where(
            db, _UPDATES, "merchant_profile_id = ?", [profile_id], order_by="created_at, rowid"
        )
    )


def latest_update_request(db: Database, profile_id: str) -> MerchantProfileUpdateRequestRow | None:
    """The profile's most recent change request, whatever its status."""
    rows = list(
        rows_where(
            db,
            _UPDATES,
            "merchant_profile_id = ?",
            [profile_id],
            order_by="created_at DESC, rowid DESC",
            limit=1,
        )
    )
    return rows[0] if rows else None


def _set_request_status(
    env: Environment,
    db: Database,
    request: MerchantProfileUpdateRequestRow,
    status: str,
) -> None:
    update_row(db, _UPDATES, request["id"], {"status": status, "updated_at": env.now()})
    emit(
        env,
        db,
        "MerchantProfileUpdateRequest.Updated",
        project_id=request["project_id"],
        resource_id=request["id"],
    )


def cancel_update_request(env: Environment, principal: Principal, request_id: str) -> str:
    """Withdraw a pending change request (`Canceled`)."""
    with env.store.atomic() as db:
        request = _visible_request(db, principal, request_id)
        profile = get_row(db, _PROFILES, request["merchant_profile_id"])
        require_permission(db, principal, profile["account_id"], "can_manage_account_membership")
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


def _set_status(
    env: Environment,
    db: Database,
    profile: MerchantProfileRow,
    status: str,
    reason: str | None = None,
) -> MerchantProfileRow:
    now = env.now()
    changes = {"status": status, "status_changed_at": now, "updated_at": now}
    update_columns(db, _PROFILES, profile["id"], {**changes, "rejection_reason": reason})
    if status == "Disabled":
        _disable_everything_of(env, db, profile["id"])
    emit(
        env,
        db,
        "MerchantProfile.Updated",
        project_id=profile["project_id"],
        resource_id=profile["id"],
    )
    return get_row(db, _PROFILES, profile["id"])


def _disable_everything_of(env: Environment, db: Database, profile_id: str) -> None:
    """A disabled profile's pending change request is canceled and its methods disabled."""
    pending = _pending_request(db, profile_id)
    if pending is not None:
        _set_request_status(env, db, pending, "Canceled")
    now = env.now()
    statuses = ", ".join(f"'{status}'" for status in ACTIVE_METHOD_STATUSES)
    for method in list(
        rows_where(
            db, _METHODS, f"merchant_profile_id = ? AND status IN ({statuses})", [profile_id]
        )
    ):
        db.execute(
            f"UPDATE [{_METHOD_UPDATES}] SET status = 'Canceled', updated_at = ? "
            "WHERE merchant_payment_method_id = ? AND status = 'PendingReview'",
            [now, method["id"]],
        )
        update_row(
            db,
            _METHODS,
            method["id"],
            {"status": "Disabled", "status_changed_at": now, "updated_at": now},
        )
        emit(
            env,
            db,
            "MerchantPaymentMethod.Updated",
            project_id=method["project_id"],
            resource_id=method["id"],
        )


def disable_profile(env: Environment, principal: Principal, profile_id: str) -> MerchantProfileRow:
    """Switch the profile off for good, with its payment methods (again: unchanged)."""
    with env.store.atomic() as db:
        profile = visible_profile(db, principal, profile_id)
        require_permission(db, principal, profile["account_id"], "can_manage_account_membership")
        if profile["status"] == "Disabled":
            return profile
        return _set_status(env, db, profile, "Disabled")


# -- the bank's review (Testing API) --------------------------------------------------------

#: The statuses the bank's review may move a profile to, from each allowed status.
_OUTCOME_FROM = {
    "Enabled": ("PendingReview", "Suspended"),
    "Rejected": ("PendingReview",),
    "Suspended": ("Enabled",),
    "Disabled": ("PendingReview", "Enabled", "Suspended", "Rejected"),
}


def simulate_profile_outcome(
    env: Environment,
    project_id: str,
    profile_id: str,
    status: str | None,
    reason: str | None,
) -> MerchantProfileRow:
    """The bank's decision on a profile: `Enabled` (the default), `Rejected` with a reason,
    later `Suspended` or `Disabled`."""
    target = status or "Enabled"
    with env.store.atomic() as db:
        profile = project_profile(db, project_id, profile_id)
        if target == "PendingReview":
            raise Rejected(
                forbidden("The bank's review cannot send a profile back to PendingReview.")
            )
        allowed = _OUTCOME_FROM[target]
        if profile["status"] not in allowed:
            _require_status(profile, allowed[0])
        if target == "Rejected" and not reason:
            raise Rejected(
                rejection(
                    "RejectionReasonMandatoryRejection",
                    "Rejected needs merchantProfileRejectionReason.",
                )
            )
        return _set_status(env, db, profile, target, reason if target == "Rejected" else None)


def simulate_update_outcome(
    env: Environment, project_id: str, profile_id: str, approved: bool
) -> str:
    """The bank approves (the changes reach the profile) or refuses the profile's pending
    change request; returns the request's id."""
    with env.store.atomic() as db:
        profile = project_profile(db, project_id, profile_id)
        request = _pending_request(db, profile["id"])
        if request is None:
            raise Rejected(
                rejection(
                    "NotFoundRejection",
                    f"Merchant profile {profile_id} has no change request pending.",
                    id=profile_id,
                )
            )
        _set_request_status(env, db, request, "Enabled" if approved else "Rejected")
        if approved:
            changes = json.loads(request["changes"])
            update_columns(db, _PROFILES, profile["id"], {**changes, "updated_at": env.now()})
            emit(
                env,
                db,
                "MerchantProfile.Updated",
                project_id=profile["project_id"],
                resource_id=profile["id"],
            )
        return str(request["id"])

"""Merchant payment links (`createMerchantPaymentLink`, `merchantPaymentLink`): the address of a
payment page a merchant sends its customer, for one amount, by the payment methods it names.

A link is made for an Enabled merchant profile and Enabled payment methods of it, of a kind a
payment page can take (card, SEPA direct debit Core or B2B). Its status follows the clock:
`Active` until `expiresAt` (30 days after it was made unless given), then `Expired`;
`Completed` once a payment was made with it. It emits `MerchantPaymentLink.Created`.

The page itself is the partner's (the real service hosts one): it reads the link by its id
alone on the unauthenticated API (`find_link`), which is why a link shows only its merchant's
public face.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import InvalidTimestamp
from ...storage import Database, get_row, insert_columns
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import amount_text, parse_amount
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import CREATED_RANGE, canonical_timestamp, with_comparisons, with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks

__all__ = [
    "DEFAULT_LIFETIME",
    "create_link",
    "find_link",
    "get_link",
    "link_status",
    "list_links",
]

_LINKS = "merchant_payment_links"
#: How long a link stays Active when `expiresAt` is left out (the simulator's choice).
DEFAULT_LIFETIME = timedelta(days=30)
#: The payment method kinds a payment page takes.
_LINKABLE = ("Card", "SepaDirectDebitCore", "SepaDirectDebitB2b")
#: What a user needs on the merchant's account, as for merchant payments.
_PERMISSION = "can_manage_account_membership"
_SCHEDULE_LIMIT = timedelta(days=366)


def link_status(env: Environment, row: dict[str, Any]) -> str:
    """`Completed` once paid, `Expired` from `expires_at` on, else `Active`."""
    if row["completed_at"]:
        return "Completed"
    return "Expired" if env.now() >= row["expires_at"] else "Active"


def find_link(db: Database, link_id: str) -> dict[str, Any] | None:
    """The link with this id, whoever made it (the unauthenticated API's view)."""
    rows = list(db[_LINKS].rows_where("id = ?", [link_id]))
    return rows[0] if rows else None


def get_link(env: Environment, principal: Principal, link_id: str) -> dict[str, Any] | None:
    """The link if the caller sees its merchant profile's account, else None."""
    where, params = account_scope(principal)
    rows = list(
        env.store.db[_LINKS].rows_where(
            f"id = ? AND merchant_profile_id IN (SELECT id FROM merchant_profiles WHERE {where})",
            [link_id, *params],
        )
    )
    return rows[0] if rows else None


#: A link status, as a condition on its row (`?` is the clock's now).
_STATUS_CLAUSES = {
    "Completed": "completed_at IS NOT NULL",
    "Expired": "(completed_at IS NULL AND expires_at <= ?)",
    "Active": "(completed_at IS NULL AND expires_at > ?)",
}
#: `MerchantPaymentLinkOrderByFieldInput` -> column (a link's url is its id's).
_ORDER_COLUMNS = {"createdAt": "created_at", "label": "label", "url": "id"}


def list_links(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """The links of the profiles the caller sees (`merchant_profile_id` set by a profile's own
    list), oldest first unless `orderBy` says otherwise; `filters` as the real
    `MerchantPaymentLinkFiltersInput`."""
    filters = dict(filters or {})
    profiles, params = account_scope(principal)
    where, params = with_filters(
        (f"merchant_profile_id IN (SELECT id FROM merchant_profiles WHERE {profiles})", params),
        filters,
        equal=("merchant_profile_id",),
    )
    where, params = with_comparisons((where, params), filters, CREATED_RANGE, canonical_timestamp)
    # A malformed amount is an AmountError: the caller's error (BAD_USER_INPUT).
    where, params = with_comparisons(
        (where, params),
        filters,
        {
            "amount_greater_than": "CAST(amount AS REAL) > ?",
            "amount_smaller_than": "CAST(amount AS REAL) < ?",
        },
        lambda given: float(parse_amount(str(given), allow_zero=True)),
    )
    statuses = [status for status in filters.get("status") or [] if status in _STATUS_CLAUSES]
    if filters.get("status") is not None:
        clauses = [_STATUS_CLAUSES[status] for status in statuses] or ["0"]
        where += f" AND ({' OR '.join(clauses)})"
        params.extend(env.now() for status in statuses if status != "Completed")
    if filters.get("search"):
        where += " AND (label LIKE ? OR reference LIKE ? OR external_reference LIKE ? OR id = ?)"
        pattern = f"%{filters['search']}%"
        params.extend([pattern, pattern, pattern, filters["search"]])
    order_by = order_by or {}
    return paginate(
        env.store.db,
        _LINKS,
        where,
        params,
        first=first,
        after=after,
        order=(_ORDER_COLUMNS.get(order_by.get("field") or "createdAt", "created_at"), "id"),
        descending=order_by.get("direction") == "Desc",
    )


def _moment(checks: Checks, value: object, path: list[str | int]) -> str | None:
    if value is None:
        return None
    try:
        return format_timestamp(parse_timestamp(str(value)))
    except InvalidTimestamp as error:
        checks.fail("InvalidFormat", str(error), path)
        return None


def _checked(env: Environment, data: dict[str, Any]) -> dict[str, Any]:
    """The input's stored values; a `ValidationRejection` naming every bad field."""
    checks = Checks()
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    now = parse_timestamp(env.now())
    expires = _moment(checks, data.get("expires_at"), ["input", "expiresAt"])
    if expires is not None and parse_timestamp(expires) <= now:
        checks.fail("OutOfRange", "expiresAt must be in the future.", ["input", "expiresAt"])
    requested = _moment(
        checks, data.get("requested_execution_at"), ["input", "requestedExecutionAt"]
    )
    if requested is not None and not now <= parse_timestamp(requested) <= now + _SCHEDULE_LIMIT:
        path: list[str | int] = ["input", "requestedExecutionAt"]
        checks.fail("OutOfRange", "requestedExecutionAt must be from now to a year ahead.", path)
    urls = {
        key: checks.url(data[key], ["input", name]) if data.get(key) is not None else None
        for key, name in (
            ("redirect_url", "redirectUrl"),
            ("cancel_redirect_url", "cancelRedirectUrl"),
        )
    }
    customer = data.get("customer")
    if customer and customer.get("iban") is not None:
        checks.iban(customer["iban"], ["input", "customer", "iban"])
    methods = list(data.get("payment_method_ids") or [])
    if not methods:
        checks.fail("Missing", "Name at least one payment method.", ["input", "paymentMethodIds"])
    texts = {
        key: checks.text(data.get(key), ["input", name], required=False, max_length=limit)
        for key, name, limit in (
            ("label", "label", 140),
            ("reference", "reference", 35),
            ("external_reference", "externalReference", 140),
        )
    }
    checks.raise_if_any()
    assert value is not None
    return {
        "amount": amount_text(value),
        "payment_method_ids": json.dumps(list(dict.fromkeys(methods))),
        **texts,
        **urls,
        "language": data.get("language"),
        "sequence": data.get("sequence") or "OneOff",
        "requested_execution_at": requested,
        "expires_at": expires or format_timestamp(now + DEFAULT_LIFETIME),
        "billing_address": json.dumps(data["billing_address"])
        if data.get("billing_address")
        else None,
        "customer": json.dumps(customer) if customer else None,
    }


def _check_methods(db: Database, profile: dict[str, Any], method_ids: list[str]) -> None:
    """Every method is the profile's, Enabled, and of a kind a payment page takes."""
    rows = {
        row["id"]: row
        for row in db["merchant_payment_methods"].rows_where(
            "merchant_profile_id = ?", [profile["id"]]
        )
    }
    unknown = [method_id for method_id in method_ids if method_id not in rows]
    if unknown:
        raise Rejected(forbidden(f"Payment methods {', '.join(unknown)} are not this profile's."))
    inactive = [method_id for method_id in method_ids if rows[method_id]["status"] != "Enabled"]
    if inactive:
        raise Rejected(
            rejection(
                "MerchantPaymentMethodNotActiveRejection",
                f"Payment methods {', '.join(inactive)} are not Enabled.",
                payment_method_ids=inactive,
            )
        )
    for method_id in method_ids:
        if rows[method_id]["type"] not in _LINKABLE:
            raise Rejected(
                rejection(
                    "PaymentMethodNotCompatibleRejection",
                    f"A payment link takes {', '.join(_LINKABLE)} methods; "
                    f"{method_id} is {rows[method_id]['type']}.",
                )
            )


def create_link(env: Environment, principal: Principal, data: dict[str, Any]) -> dict[str, Any]:
    """A new Active link for an Enabled profile of the caller's and its Enabled methods."""
    values = _checked(env, data)
    profile_id = str(data.get("merchant_profile_id") or "")
    with env.store.atomic() as db:
        where, params = account_scope(principal)
        rows = list(
            db["merchant_profiles"].rows_where(f"id = ? AND {where}", [profile_id, *params])
        )
        if not rows:
            raise Rejected(forbidden(f"Merchant profile {profile_id} is not one you may use."))
        profile = rows[0]
        require_permission(db, principal, profile["account_id"], _PERMISSION)
        if profile["status"] != "Enabled":
            raise Rejected(
                rejection(
                    "MerchantProfileWrongStatusRejection",
                    f"Merchant profile {profile_id} is {profile['status']}; it must be Enabled.",
                    current_status=profile["status"],
                    expected_status="Enabled",
                )
            )
        _check_methods(db, profile, json.loads(values["payment_method_ids"]))
        now = env.now()
        link_id = env.new_id(db, "merchant-payment-link")
        row = {
            "id": link_id,
            "project_id": profile["project_id"],
            "merchant_profile_id": profile_id,
            **values,
            "created_at": now,
            "updated_at": now,
        }
        insert_columns(db, _LINKS, row)  # the checked values, named at run time
        emit(
            env,
            db,
            "MerchantPaymentLink.Created",
            project_id=profile["project_id"],
            resource_id=link_id,
        )
        return get_row(db, _LINKS, link_id)

"""Merchant profiles (`MerchantProfile`, `RequestMerchantProfileUpdate`) and their Partner API
root fields; the types are shared with the Testing API's outcome simulations."""

from __future__ import annotations

import json
from typing import Any

from ariadne import MutationType, ObjectType, QueryType

from ....domain.merchants import merchant_payment_methods as methods
from ....domain.merchants import merchant_profiles as profiles
from ....graphql_compat import ResolveInfo
from ....storage.rows import (
    MerchantPaymentMethodRow,
    MerchantProfileRow,
    MerchantProfileUpdateRequestRow,
)
from ...mutations import returns_rejections, returns_union_rejections
from .._helpers import amount, caller, connection_resolver

__all__ = ["bindables", "profile", "status_date", "update_request"]

query = QueryType()
mutation = MutationType()

profile = ObjectType("MerchantProfile")
update_request = ObjectType("RequestMerchantProfileUpdate")
account = ObjectType("Account")
bindables: list[ObjectType] = [query, mutation, profile, update_request, account]

#: The date field of each profile status info (PendingReview has none).
_STATUS_DATES = {
    "Enabled": "enabled_at",
    "Rejected": "rejected_at",
    "Suspended": "suspended_at",
    "Disabled": "disabled_at",
}


def status_date(row: dict[str, Any]) -> str:
    """The day the row reached its status (status infos carry a `Date`)."""
    return str(row["status_changed_at"])[:10]


def _additional_information(text: str | None) -> list[dict[str, Any]]:
    return [
        {
            "__typename": "DefaultAdditionalInformation"
            if "type" in item
            else "OtherAdditionalInformation",
            **item,
        }
        for item in json.loads(text or "[]")
    ]


def _optional_amount(value: str | None) -> dict[str, Any] | None:
    return None if value is None else amount(value)


@profile.field("statusInfo")
def resolve_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    info: dict[str, Any] = {"__typename": f"{status}MerchantProfileStatusInfo", "status": status}
    if status in _STATUS_DATES:
        info[_STATUS_DATES[status]] = status_date(row)
    if status == "Rejected":
        info["rejection_reason"] = row["rejection_reason"]
    return info


@profile.field("merchantPaymentMethods")
def resolve_methods(row: dict[str, Any], info: ResolveInfo) -> list[dict[str, Any]]:
    env, _ = caller(info)
    return [methods_typed(method) for method in methods.methods_of_profile(env.store.db, row["id"])]


def methods_typed(row: MerchantPaymentMethodRow) -> dict[str, Any]:
    """A payment method row tagged with its GraphQL object type."""
    return {**row, "__typename": methods.OBJECT_TYPES[row["type"]]}


@profile.field("requestMerchantProfileUpdate")
def resolve_latest_request(
    row: dict[str, Any], info: ResolveInfo
) -> MerchantProfileUpdateRequestRow | None:
    env, _ = caller(info)
    return profiles.latest_update_request(env.store.db, row["id"])


profile.set_field(
    "expectedAverageBasket", lambda row, _: _optional_amount(row["expected_average_basket"])
)
profile.set_field(
    "additionalInformation", lambda row, _: _additional_information(row["additional_information"])
)
profile.set_field("merchantLogoUrl", lambda _row, _: None)
profile.set_field("invoiceExampleUrl", lambda _row, _: None)
#: The upper bound of each volume bucket (EUR), the deprecated amount's stand-in when the
#: partner gave only the bucket (the simulator's choice; the last bucket has none).
_VOLUME_BOUNDS = {
    "LessThan5000": "5000",
    "Between5000And10000": "10000",
    "Between10000And100000": "100000",
    "MoreThan100000": "100000",
}


@profile.field("expectedMonthlyPaymentVolume")
def resolve_volume(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    given = row.get("expected_monthly_payment_volume")
    bucket = row.get("expected_monthly_merchant_processing_volume") or "LessThan5000"
    return amount(given or _VOLUME_BOUNDS.get(bucket, "5000"))


@profile.field("requestedMerchantProfileUpdates")
def resolve_requests(
    row: dict[str, Any], info: ResolveInfo
) -> list[MerchantProfileUpdateRequestRow]:
    env, _ = caller(info)
    return profiles.update_requests_of(env.store.db, row["id"])


def _change(name: str) -> Any:
    return lambda row, _: json.loads(row["changes"]).get(name)


for _name in (
    "merchant_name",
    "product_type",
    "expected_monthly_merchant_processing_volume",
    "customer_region",
    "payment_frequency",
    "merchant_website_url",
    "support_website_url",
    "social_network_url",
    "terms_and_conditions_url",
):
    _field = "".join(
        part if index == 0 else part.capitalize() for index, part in enumerate(_name.split("_"))
    )
    update_request.set_field(_field, _change(_name))
update_request.set_field(
    "expectedAverageBasket",
    lambda row, _: _optional_amount(json.loads(row["changes"]).get("expected_average_basket")),
)
update_request.set_field(
    "additionalInformation",
    lambda row, _: _additional_information(
        json.loads(row["changes"]).get("additional_information")
    ),
)
update_request.set_field("merchantLogoUrl", lambda _row, _: None)
update_request.set_field("invoiceExampleUrl", lambda _row, _: None)
update_request.set_field(
    "expectedMonthlyPaymentVolume",
    lambda row, _: _optional_amount(
        json.loads(row["changes"]).get("expected_monthly_payment_volume")
    ),
)

# -- root fields ----------------------------------------------------------------------------

query.set_field("merchantProfiles", connection_resolver(profiles.list_profiles))
account.set_field(
    "merchantProfiles",
    connection_resolver(profiles.list_profiles, lambda row: {"account_id": row["id"]}),
)


@query.field("merchantProfile")
def resolve_profile(_: Any, info: ResolveInfo, id: str) -> MerchantProfileRow | None:
    env, principal = caller(info)
    return profiles.get_profile(env, principal, id)


@query.field("merchantProfileUpdateRequest")
def resolve_update_request(
    _: Any, info: ResolveInfo, id: str
) -> MerchantProfileUpdateRequestRow | None:
    env, principal = caller(info)
    return profiles.get_update_request(env, principal, id)


@mutation.field("requestMerchantProfile")
@returns_rejections
def resolve_request(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = profiles.request_profile(env, principal, input)
    return {"__typename": "RequestMerchantProfileSuccessPayload", "merchant_profile": row}


@mutation.field("requestMerchantProfileUpdate")
@returns_union_rejections
def resolve_request_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    # The real union has no not-found or wrong-status rejection: those answer as Forbidden.
    env, principal = caller(info)
    row, request = profiles.request_profile_update(env, principal, input)
    return {
        "__typename": "RequestMerchantProfileUpdateSuccessPayload",
        "merchant_profile": row,
        "request_merchant_profile_update": request,
    }


@mutation.field("cancelMerchantProfileUpdateRequest")
@returns_rejections
def resolve_cancel_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    request_id = profiles.cancel_update_request(env, principal, input["request_update_id"])
    return {
        "__typename": "CancelMerchantProfileUpdateRequestSuccessPayload",
        "request_update_id": request_id,
    }


@mutation.field("disableMerchantProfile")
@returns_rejections
def resolve_disable(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = profiles.disable_profile(env, principal, input["merchant_profile_id"])
    return {"__typename": "DisableMerchantProfileSuccessPayload", "merchant_profile": row}

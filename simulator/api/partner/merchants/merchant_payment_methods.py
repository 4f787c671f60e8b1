"""Merchant payment methods (the `MerchantPaymentMethod` types, their change requests) and
their Partner API root fields; the types are shared with the Testing API."""

from __future__ import annotations

import json
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType

from ....domain.merchants import merchant_payment_methods as methods
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import MerchantPaymentMethodUpdateRequestRow, MerchantProfileRow
from ...mutations import returns_rejections
from .._helpers import caller
from .merchant_profiles import methods_typed, status_date

__all__ = ["bindables", "object_types"]

query = QueryType()
mutation = MutationType()

method_types = [ObjectType(name) for name in methods.OBJECT_TYPES.values()]
sepa_request = ObjectType("SepaDirectDebitPaymentMethodUpdateRequest")
#: Its object types, which the Testing API binds too (without the root fields).
object_types: list[ObjectType] = [*method_types, sepa_request]
bindables: list[ObjectType | InterfaceType] = [query, mutation, *object_types]

#: The date field of each method status info (PendingReview has none).
_STATUS_DATES = {
    "Enabled": "enabled_at",
    "Rejected": "rejected_at",
    "Suspended": "suspended_at",
    "Disabled": "disabled_at",
    "WaitingForInformation": "waiting_for_information_at",
}
#: The list field of each `MerchantVerificationRequirements` member.
_REQUIREMENT_FIELDS = {
    "AdditionalInformationRequirements": "additional_information",
    "MerchantRequirements": "fields",
    "OtherAdditionalInformationRequirements": "other_additional_information",
    "SupportingDocumentRequirements": "supporting_document_purposes",
}


def _status_info(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    name = "Pending" if status == "PendingReview" else status
    info: dict[str, Any] = {
        "__typename": f"{name}MerchantPaymentMethodStatusInfo",
        "status": status,
    }
    if status in _STATUS_DATES:
        info[_STATUS_DATES[status]] = status_date(row)
    if status == "Rejected":
        info["rejection_reason"] = row["rejection_reason"]
    if status == "WaitingForInformation":
        info["verification_requirements"] = [
            {"__typename": item["kind"], _REQUIREMENT_FIELDS[item["kind"]]: item["values"]}
            for item in json.loads(row["verification_requirements"] or "[]")
        ]
    return info


def _card_reject_reason(row: dict[str, Any], _: ResolveInfo) -> str | None:
    # The simulated review (the Testing API's outcome) refuses; it gives no other reason.
    return "SwanRefused" if row["status"] == "Rejected" else None


def _profile(row: dict[str, Any], info: ResolveInfo) -> MerchantProfileRow:

    env, _ = caller(info)
    return get_row(env.store.db, "merchant_profiles", row["merchant_profile_id"])


def _update_request(
    row: dict[str, Any], info: ResolveInfo
) -> MerchantPaymentMethodUpdateRequestRow | None:
    env, _ = caller(info)
    return methods.pending_update_request(env.store.db, row["id"])


def _swan_identifier(row: dict[str, Any], _: ResolveInfo) -> bool:
    return bool(row["use_swan_sepa_creditor_identifier"])


for _type in method_types:
    if _type.name in ("CardMerchantPaymentMethod", "OnlineCardMerchantPaymentMethod"):
        _type.set_field("rejectReason", _card_reject_reason)
    _type.set_field("statusInfo", _status_info)
    _type.set_field("merchantProfile", _profile)
    _type.set_field("version", lambda row, _: int(row["version"]))
    # Methods carry days, not instants.
    _type.set_field("createdAt", lambda row, _: str(row["created_at"])[:10])
    _type.set_field("updatedAt", lambda row, _: str(row["updated_at"])[:10])
    if _type.name.startswith("SepaDirectDebit"):
        _type.set_field("useSwanSepaCreditorIdentifier", _swan_identifier)
        _type.set_field("updateRequest", _update_request)
sepa_request.set_field("useSwanSepaCreditorIdentifier", _swan_identifier)


def _request_typed(row: MerchantPaymentMethodUpdateRequestRow | None) -> dict[str, Any] | None:
    # Every change request is a SEPA direct debit one (the only kind the API takes).
    return None if row is None else {**row, "__typename": sepa_request.name}


@query.field("merchantPaymentMethod")
def resolve_method(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    env, principal = caller(info)
    row = methods.get_method(env, principal, id)
    return None if row is None else methods_typed(row)


@query.field("merchantPaymentMethodUpdateRequest")
def resolve_update_request(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    env, principal = caller(info)
    return _request_typed(methods.get_update_request(env, principal, id))


@mutation.field("requestMerchantPaymentMethods")
@returns_rejections
def resolve_request(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    profile = methods.request_methods(env, principal, input)
    return {
        "__typename": "RequestMerchantPaymentMethodsSuccessPayload",
        "merchant_profile": profile,
    }


@mutation.field("requestMerchantPaymentMethodsUpdate")
@returns_rejections
def resolve_request_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    request_id = methods.request_method_update(
        env, principal, input["payment_method_id"], input["sepa_direct_debit"]
    )
    return {
        "__typename": "RequestMerchantPaymentMethodsUpdateSuccessPayload",
        "payment_method_id": input["payment_method_id"],
        "request_id": request_id,
    }


@mutation.field("cancelMerchantPaymentMethodUpdateRequest")
@returns_rejections
def resolve_cancel_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    request_id = methods.cancel_update_request(env, principal, input["request_update_id"])
    return {
        "__typename": "CancelMerchantPaymentMethodUpdateRequestSuccessPayload",
        "request_update_id": request_id,
    }


@mutation.field("disableMerchantPaymentMethod")
@returns_rejections
def resolve_disable(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    method_id = methods.disable_method(env, principal, input["merchant_payment_method_id"])
    return {
        "__typename": "DisableMerchantPaymentMethodSuccessPayload",
        "merchant_payment_method_id": method_id,
    }

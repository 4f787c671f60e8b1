"""Account funding: funding sources (`addDirectDebitFundingSource`, `fundingSource`,
`cancelFundingSource`), the payment mandates they are collected under (`paymentMandate`),
funding requests (`initiateFundingRequest`) and the holder's funding limits
(`fundingLimitSettings`, `addFundingLimitSettingsChangeRequest`)."""

from __future__ import annotations

import json
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.funding import funding, funding_limits, funding_requests
from ....domain.kernel.money import to_decimal
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import (
    AccountHolderRow,
    FundingLimitChangeRequestRow,
    FundingSourceRow,
    PaymentMandateRow,
)
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import amount, caller, connection_resolver, consent_row, row_resolver
from ..accounts.accounts import transactions_connection

query = QueryType()
mutation = MutationType()

source = ObjectType("DirectDebitFundingSource")
mandate = ObjectType("SEPAPaymentDirectDebitMandate")
account = ObjectType("Account")
holder = ObjectType("AccountHolder")
direct_debit = ObjectType("SEPADirectDebitTransaction")
change_request = ObjectType("FundingLimitSettingsChangeRequest")
settings = ObjectType("FundingLimitSettings")
verification = ObjectType("DirectDebitAccountVerification")
# Every account verification is a funding source's.
verification_interface = InterfaceType(
    "AccountVerification", lambda *_: "DirectDebitAccountVerification"
)
# Every stored funding source is a direct debit one, every payment mandate a SEPA one.
source_interface = InterfaceType("FundingSource", lambda *_: "DirectDebitFundingSource")
mandate_interfaces = [
    InterfaceType(name, lambda row, *_: payment_mandate_type(row))
    for name in ("PaymentMandate", "PaymentDirectDebitMandate")
]


def payment_mandate_type(row: dict[str, Any]) -> str:
    """A payment mandate's object type: an internal one (a merchant's, collecting from
    another account of the bank), or a SEPA one; a row that names its type (a card's
    mandate, built by the merchants family) keeps it."""
    if row.get("__typename"):
        return str(row["__typename"])
    if row.get("kind") == "Internal":
        return "InternalPaymentDirectDebitMandate"
    return "SEPAPaymentDirectDebitMandate"


bindables: list[SchemaBindable] = [
    query,
    mutation,
    source,
    mandate,
    account,
    holder,
    direct_debit,
    change_request,
    settings,
    verification,
    verification_interface,
    source_interface,
    *mandate_interfaces,
]


def _date(value: str | None) -> str | None:
    return value[:10] if value else None


# -- funding sources --------------------------------------------------------------------------


@query.field("fundingSource")
def resolve_source(_: Any, info: ResolveInfo, id: str) -> FundingSourceRow | None:
    env, principal = caller(info)
    return funding.get_funding_source(env, principal, id)


account.set_field(
    "fundingSources",
    connection_resolver(funding.list_funding_sources, lambda row: {"account_id": row["id"]}),
)
source.set_field("paymentMandate", row_resolver("payment_mandates", "payment_mandate_id"))
# A funding source carries its account verification (its id, status and last change).
source.set_field("accountVerification", lambda row, _: row)
verification.set_field("id", lambda row, _: row["verification_id"])


@verification.field("statusInfo")
def resolve_verification_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["verification_status"]
    typename = {"Rejected": "RejectedVerification", "Verified": "Verified"}.get(status, status)
    return {
        "__typename": f"{typename}StatusInfo",
        "status": status,
        # The source changes when its verification does; the Testing API reads the same.
        "verified_at": row["updated_at"],
        "rejected_at": row["updated_at"],
        "reason": "HolderDidNotMatch",
    }


@source.field("statusInfo")
def resolve_source_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    changed = _date(row.get("status_changed_at"))
    result: dict[str, Any] = {"__typename": f"{status}FundingSourceStatusInfo", "status": status}
    if status == "Enabled":
        result["enabled_at"] = _date(row.get("enabled_at"))
    elif status == "Suspended":
        result["suspended_at"] = changed
    elif status == "Canceled":
        result.update(
            canceled_at=changed,
            enabled_at=_date(row.get("enabled_at")),
            reason_code=row.get("status_reason") or "UserCanceled",
        )
    elif status == "Rejected":
        result.update(rejected_at=changed, reason_code="AccountVerificationRejected")
    return result


@mutation.field("addDirectDebitFundingSource")
@returns_rejections
def resolve_add_source(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = funding.add_funding_source(env, principal, input)
    return {"__typename": "AddDirectDebitFundingSourceSuccessPayload", "funding_source": row}


@mutation.field("cancelFundingSource")
@returns_rejections
def resolve_cancel_source(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = funding.cancel_funding_source(env, principal, input["id"])
    return {"__typename": "CancelFundingSourceSuccessPayload", "funding_source": row}


@mutation.field("initiateFundingRequest")
@returns_rejections
def resolve_funding_request(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    payment, _consent = funding_requests.initiate_funding_request(env, principal, input)
    # Read again: an auto-consent user's request is already Initiated.
    payment = get_row(env.store.db, "payments", payment["id"])
    return {"__typename": "InitiateFundingRequestSuccessPayload", "payment": payment}


# -- payment mandates -------------------------------------------------------------------------


@query.field("paymentMandate")
def resolve_mandate(_: Any, info: ResolveInfo, id: str) -> PaymentMandateRow | None:
    env, principal = caller(info)
    return funding.get_payment_mandate(env, principal, id)


holder.set_field(
    "paymentMandates",
    connection_resolver(
        funding.list_payment_mandates, lambda row: {"account_holder_id": row["id"]}
    ),
)
mandate.set_field("accountHolder", row_resolver("account_holders", "account_holder_id"))
mandate.set_field("signatureDate", lambda row, _: row.get("signature_date"))
mandate.set_field("ultimateCreditorName", lambda row, _: row.get("ultimate_creditor_name"))
mandate.set_field("mandateDocumentUrl", lambda row, _: "")
mandate.set_field("expiredAt", lambda row, _: None)


@mandate.field("statusInfo")
def resolve_mandate_status(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = row["status"]
    result: dict[str, Any] = {
        "__typename": f"PaymentMandate{status}StatusInfo",
        "status": status,
    }
    if status == "ConsentPending":
        result["consent"] = consent_row(env, row.get("consent_id"))
    elif status == "Canceled":
        result.update(
            canceled_at=row.get("status_changed_at"),
            reason=row.get("status_reason") or "RequestedByUser",
        )
    return result


@mandate.field("creditor")
def resolve_creditor(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return {
        # The creditor is the collecting holder.
        "id": row["account_holder_id"],
        "name": row["creditor_name"],
        "identifier": row["creditor_identifier"],
        "address": json.loads(row.get("creditor_address") or "{}"),
    }


@mandate.field("debtor")
def resolve_debtor(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return {
        "name": row["debtor_name"],
        "email": row.get("debtor_email"),
        "country": row.get("debtor_country") or "FRA",
        "address": json.loads(row["debtor_address"]) if row.get("debtor_address") else None,
        "iban": row["debtor_iban"],
    }


@mandate.field("transactions")
def resolve_mandate_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    scope = {"payment_mandate_id": row["id"]}
    return transactions_connection(info, scope, first, after, filters, order_by)


@direct_debit.field("mandate")
def resolve_transaction_mandate(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    if not row.get("payment_mandate_id"):
        return None
    return {
        **get_row(env.store.db, "payment_mandates", row["payment_mandate_id"]),
        "__typename": "SEPAPaymentDirectDebitMandate",
    }


# -- funding limits ---------------------------------------------------------------------------


@holder.field("fundingLimitSettings")
def resolve_settings(row: AccountHolderRow, info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return {**funding_limits.limit_settings(env.store.db, row), "_holder": row}


@settings.field("statusInfo")
def resolve_settings_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    return {
        "__typename": f"{status}FundingLimitSettingsStatusInfo",
        "status": status,
        "reason": row.get("status_reason") or "",
    }


@settings.field("fundingLimit")
def resolve_funding_limit(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    days = int(row["rolling_days"])
    used = funding_limits.funding_used(
        env, env.store.db, row["account_holder_id"], days, instant=False
    )
    return {
        "amount": amount(row["funding_limit"]),
        "rolling_days": days,
        "funding": amount(used),
    }


@settings.field("instantFundingLimit")
def resolve_instant_limit(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    days = int(row["rolling_days"])
    used = funding_limits.funding_used(
        env, env.store.db, row["account_holder_id"], days, instant=True
    )
    return {"amount": amount(row["instant_funding_limit"]), "funding": amount(used)}


@settings.field("fundingLimitSettingsChangeRequest")
def resolve_latest_request(
    row: dict[str, Any], info: ResolveInfo
) -> FundingLimitChangeRequestRow | None:
    env, _ = caller(info)
    return funding_limits.latest_change_request(env.store.db, row["account_holder_id"])


@holder.field("fundingLimitSettingsChangeRequests")
def resolve_change_requests(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    page = funding_limits.list_change_requests(
        env,
        principal,
        first=first,
        after=after,
        before=before,
        filters={"account_holder_id": row["id"]},
    )
    return connection(page)


@query.field("fundingLimitSettingsChangeRequest")
def resolve_change_request(
    _: Any, info: ResolveInfo, funding_limit_settings_change_request_id: str
) -> FundingLimitChangeRequestRow | None:
    env, principal = caller(info)
    return funding_limits.get_change_request(
        env, principal, funding_limit_settings_change_request_id
    )


def _change_request_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    return {
        "__typename": f"FundingLimitSettingsChangeRequest{status}StatusInfo",
        "status": status,
        "reason": row.get("reason") or "",
    }


def _limit(value: str | None) -> dict[str, Any] | None:
    return {"amount": amount(to_decimal(value))} if value else None


change_request.set_field("statusInfo", _change_request_status)
change_request.set_field("fundingLimit", lambda row, _: _limit(row["funding_limit"]))
change_request.set_field("instantFundingLimit", lambda row, _: _limit(row["instant_funding_limit"]))
change_request.set_field("createdAt", lambda row, _: _date(row.get("created_at")))
change_request.set_field("updatedAt", lambda row, _: _date(row.get("updated_at")))


@change_request.field("approved")
def resolve_approved(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    if row["status"] != "Approved":
        return None
    return {
        "funding_limit": _limit(row["approved_funding_limit"]),
        "instant_funding_limit": _limit(row["approved_instant_funding_limit"]),
    }


@mutation.field("addFundingLimitSettingsChangeRequest")
@returns_rejections
def resolve_add_change_request(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = funding_limits.add_change_request(env, principal, input)
    return {
        "__typename": "AddFundingLimitSettingsChangeRequestSuccessPayload",
        "funding_limit_settings_change_request": row,
    }

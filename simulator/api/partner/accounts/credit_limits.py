"""An account's credit limit: requestCreditLimitSettings, Account.creditLimitSettings,
generateCreditStatement and creditStatement."""

from __future__ import annotations

import json
from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import credit_limits as domain
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import CreditLimitSettingRow
from ...mutations import returns_rejections
from .._helpers import amount, caller, consent_row

query = QueryType()
mutation = MutationType()
account = ObjectType("Account")
request = ObjectType("CreditLimitSettingsRequest")
settings = ObjectType("CreditLimitSettings")
cycle = ObjectType("RepaymentCycle")
statement = ObjectType("CreditStatement")
bindables: list[SchemaBindable] = [query, mutation, account, request, settings, cycle, statement]

_TIME_FIELDS = {"Approved": "approved_at", "Refused": "refused_at", "Canceled": "canceled_at"}


def _repayment_settings(row: dict[str, Any]) -> dict[str, Any]:
    length = json.loads(row.get("cycle_length") or '{"monthly": {"day_of_month": 1}}')
    if "weekly" in length:
        period = {"__typename": "WeeklyPeriod", **length["weekly"]}
    else:
        period = {"__typename": "MonthlyPeriod", **length["monthly"]}
    return {
        "repayment_cycle_length": period,
        "repayment_method": {"__typename": "SepaDirectDebitB2b", "mandate": None},
    }


@mutation.field("requestCreditLimitSettings")
@returns_rejections
def resolve_request(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.request_credit_limit(env, principal, input)
    return {
        "__typename": "RequestCreditLimitSettingsSuccessPayload",
        "credit_limit_settings_request": row,
    }


request.set_field("amount", lambda row, _: amount(row["amount"]))
request.set_field("repaymentSettings", lambda row, _: _repayment_settings(row))
request.set_field("consent", lambda row, info: consent_row(caller(info)[0], row["consent_id"]))


@request.field("statusInfo")
def resolve_request_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    result = {"__typename": f"CreditLimitSettingsRequest{status}StatusInfo", "status": status}
    if status in _TIME_FIELDS:
        result[_TIME_FIELDS[status]] = row["status_changed_at"]
    return {**result, "reasons": []}


@account.field("creditLimitSettings")
def resolve_settings(row: dict[str, Any], info: ResolveInfo) -> CreditLimitSettingRow | None:
    env, _ = caller(info)
    return domain.settings_of_account(env.store.db, row["id"])


settings.set_field(
    "authorizedAmount",
    lambda row, _: amount(row["authorized_amount"]) if row.get("authorized_amount") else None,
)
settings.set_field(
    "owedAmount",
    lambda row, info: amount(domain.owed_amount(caller(info)[0].store.db, row["account_id"])),
)
settings.set_field(
    "statusInfo",
    lambda row, _: {"__typename": f"CreditLimitStatus{row['status']}Info", "status": row["status"]},
)
settings.set_field("repaymentSettings", lambda row, _: _repayment_settings(row))


@settings.field("currentCycle")
def resolve_current_cycle(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    rows = list(
        env.store.db["repayment_cycles"].rows_where(
            "settings_id = ?", [row["id"]], order_by="start_date DESC, id DESC", limit=1
        )
    )
    return {**rows[0], "_account_id": row["account_id"]} if rows else None


@cycle.field("owedAmount")
def resolve_cycle_owed(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    settings_row = get_row(env.store.db, "credit_limit_settings", row["settings_id"])
    return amount(domain.owed_amount(env.store.db, settings_row["account_id"]))


@mutation.field("generateCreditStatement")
@returns_rejections
def resolve_generate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.generate_credit_statement(
        env, principal, input["account_id"], input["repayment_cycle_id"], input.get("language")
    )
    return {**row, "__typename": "CreditStatement"}


@query.field("creditStatement")
def resolve_statement(_: Any, info: ResolveInfo, id: str) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.get_credit_statement(env, principal, id)
    return {"__typename": "CreditStatementSuccessPayload", "credit_statement": row}


for _field in ("openingBalance", "closingBalance", "totalCredits", "totalDebits"):
    _column = "".join(f"_{c.lower()}" if c.isupper() else c for c in _field)
    statement.set_field(_field, lambda row, _, column=_column: amount(row[column]))
statement.set_field("status", lambda row, _: "Available")
statement.set_field("updatedAt", lambda row, _: row["created_at"])
statement.set_field(
    "type",
    lambda row, _: {"__typename": "PdfStatement", "type": "PDF", "url": None, "expires_at": None},
)
statement.set_field(
    "repaymentCycle",
    lambda row, info: get_row(caller(info)[0].store.db, "repayment_cycles", row["cycle_id"]),
)

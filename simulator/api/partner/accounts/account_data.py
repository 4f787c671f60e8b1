"""External accounts and their balances, a holder's risk information, an account's
settings, and the bank's reminder plannings."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import account_data as domain
from ....domain.kernel.pagination import paginate
from ....domain.kernel.projects import get_project
from ....graphql_compat import ResolveInfo
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import amount, caller, row_resolver

query = QueryType()
mutation = MutationType()
external = ObjectType("ExternalAccount")
balance = ObjectType("ExternalAccountBalance")
holder = ObjectType("AccountHolder")
bindables: list[SchemaBindable] = [query, mutation, external, balance, holder]

external.set_field("accountHolder", row_resolver("account_holders", "account_holder_id"))
external.set_field("IBAN", lambda row, _: row["iban"])
external.set_field("BIC", lambda row, _: row["bic"])
external.set_field("source", lambda row, _: {"name": row["source"], "type": "Push"})
balance.set_field("amount", lambda row, _: amount(row["amount"], row["currency"]))


@external.field("balances")
def resolve_balances(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
) -> dict[str, Any]:
    env, _ = caller(info)
    page = paginate(
        env.store.db,
        "external_account_balances",
        "external_account_id = ?",
        [row["id"]],
        first=first,
        after=after,
        before=before,
    )
    return connection(page)


@holder.field("externalAccounts")
def resolve_holder_external_accounts(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    before: str | None = None,
) -> dict[str, Any]:
    env, _ = caller(info)
    # The holder is already one the caller sees: its external accounts are too.
    page = paginate(
        env.store.db,
        "external_accounts",
        "account_holder_id = ?",
        [row["id"]],
        first=first,
        after=after,
        before=before,
    )
    return connection(page)


@holder.field("riskInfo")
def resolve_holder_risk_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return domain.risk_reading(env.store.db, row)


@mutation.field("addExternalAccount")
@returns_rejections
def resolve_add_external(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.add_external_account(env, principal, input)
    return {"__typename": "AddExternalAccountSuccessPayload", "external_account": row}


def _balance_resolver(name: str, replace: bool) -> Any:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        env, principal = caller(info)
        row = domain.add_external_balance(env, principal, input, replace=replace)
        return {"__typename": f"{name}SuccessPayload", "external_account_balance": row}

    return resolve


mutation.set_field(
    "addExternalAccountBalance", _balance_resolver("AddExternalAccountBalance", False)
)
mutation.set_field(
    "addOrUpdateExternalAccountBalance",
    _balance_resolver("AddOrUpdateExternalAccountBalance", True),
)


@mutation.field("updateAccountHolderRiskInfo")
@returns_rejections
def resolve_risk_info(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.update_risk_info(env, principal, input)
    return {
        "__typename": "UpdateAccountHolderRiskInfoSuccessPayload",
        "account_holder_id": row["account_holder_id"],
        "has_adverse_media": bool(row["has_adverse_media"]),
        "has_frozen_assets": bool(row["has_frozen_assets"]),
        "is_politically_exposed": bool(row["is_politically_exposed"]),
    }


@mutation.field("updateAccountSettings")
@returns_rejections
def resolve_account_settings(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    account, consent = domain.update_account_settings(env, principal, input)
    if consent is not None:
        return {"__typename": "UpdateAccountSettingsConsentPending", "consent": consent}
    return {"__typename": "UpdateAccountSettingsSuccess", "account": account}


@query.field("notificationReminderPlannings")
def resolve_plannings(_: Any, info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    project = get_project(env, principal.project_id)
    return {
        "activate_physical_card_reminders": [
            {"time_unit": "days", "time_value": days} for days in domain.ACTIVATE_CARD_REMINDERS
        ],
        "created_at": project["created_at"],
        "updated_at": project["created_at"],
    }

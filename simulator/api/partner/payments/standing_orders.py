"""standingOrder, scheduleStandingOrder, cancelStandingOrder, and Payment.standingOrder."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.payments import payments as payment_domain
from ....domain.payments import standing_orders as domain
from ....domain.users.users import get_user
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import AccountRow
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import amount, caller, consent_row
from ..accounts.accounts import transactions_connection

query = QueryType()
mutation = MutationType()

standing_order = ObjectType("StandingOrder")
account = ObjectType("Account")
payment = ObjectType("Payment")
bindables: list[SchemaBindable] = [query, mutation, standing_order, account, payment]


@account.field("standingOrders")
def resolve_account_standing_orders(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
    offset: int | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    page = domain.list_standing_orders(
        env,
        principal,
        row["id"],
        first=first,
        after=after,
        filters=filters,
        descending=(order_by or {}).get("direction") == "Desc",
        offset=offset,
    )
    return connection(page)


@query.field("standingOrder")
def resolve_standing_order(_: Any, info: ResolveInfo, standing_order_id: str) -> Any:
    env, principal = caller(info)
    return domain.get_standing_order(env, principal, standing_order_id)


@payment.field("standingOrder")
def resolve_payment_standing_order(row: dict[str, Any], info: ResolveInfo) -> Any:
    env, _ = caller(info)
    order_id = row.get("standing_order_id")
    return get_row(env.store.db, "standing_orders", order_id) if order_id else None


@standing_order.field("account")
def resolve_account(row: dict[str, Any], info: ResolveInfo) -> AccountRow:
    env, _ = caller(info)
    return get_row(env.store.db, "accounts", row["account_id"])


@standing_order.field("amount")
def resolve_amount(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    return amount(row["amount"], row["currency"]) if row.get("amount") else None


@standing_order.field("targetAvailableBalance")
def resolve_target(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    target = row.get("target_available_balance")
    return amount(target, row["currency"]) if target else None


@standing_order.field("sepaBeneficiary")
def resolve_beneficiary(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    iban = str(row["beneficiary_iban"])
    return {
        "id": None,
        "name": row["beneficiary_name"],
        "masked_iban": f"{iban[:4]}****{iban[-4:]}",
    }


def _day(moment: str | None) -> str | None:
    return moment[:10] if moment else None


@standing_order.field("nextExecutionDate")
def resolve_next(row: dict[str, Any], _: ResolveInfo) -> str | None:
    return _day(row.get("next_execution_date"))


@standing_order.field("createdAt")
def resolve_created(row: dict[str, Any], _: ResolveInfo) -> str | None:
    return _day(row["created_at"])


@standing_order.field("updatedAt")
def resolve_updated(row: dict[str, Any], _: ResolveInfo) -> str | None:
    return _day(row["updated_at"])


@standing_order.field("createdBy")
def resolve_created_by(row: dict[str, Any], info: ResolveInfo) -> Any:
    env, _ = caller(info)
    return get_user(env, row["created_by"])


@standing_order.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return {
        "__typename": f"StandingOrder{row['status']}StatusInfo",
        "status": row["status"],
        "consent": consent_row(env, row.get("consent_id")),
        "canceled_at": _day(row.get("canceled_at")),
    }


@standing_order.field("payments")
def resolve_payments(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    offset: int | None = None,
    **_: Any,
) -> dict[str, Any]:
    env, principal = caller(info)
    scoped = {**(filters or {}), "standing_order_id": row["id"]}
    return connection(
        payment_domain.list_payments(
            env, principal, first=first, after=after, filters=scoped, offset=offset
        )
    )


@standing_order.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
    offset: int | None = None,
) -> dict[str, Any]:
    scope = {"standing_order_id": row["id"]}
    return transactions_connection(info, scope, first, after, filters, order_by, offset)


@mutation.field("scheduleStandingOrder")
@returns_rejections
def resolve_schedule(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    order = domain.schedule_standing_order(env, principal, input["account_id"], input)
    return {
        "__typename": "ScheduleStandingOrderSuccessPayload",
        "standing_order": order,
        "beneficiary_verification_result": None,
    }


@mutation.field("cancelStandingOrder")
@returns_rejections
def resolve_cancel(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    order = domain.cancel_standing_order(env, principal, input["standing_order_id"])
    return {"__typename": "CancelStandingOrderSuccessPayload", "standing_order": order}

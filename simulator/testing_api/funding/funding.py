"""Testing API resolvers of account funding: the debtor's bank books, rejects or returns a
funding request's debit; the bank sets an account holder's funding limits or answers a
change request. Each acts inside the caller's project."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...api.partner.funding.funding import change_request
from ...domain.funding import funding_limits
from ...domain.kernel.rejections import Rejected, rejection
from ...domain.kernel.validation import Checks
from ...domain.merchants import incoming_direct_debits
from ...graphql_compat import ResolveInfo

mutation = MutationType()
# The change request type has the same fields in both APIs.
bindables = [mutation, change_request]


def _project(info: ResolveInfo) -> tuple[Any, str]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal.project_id


@mutation.field("simulateIncomingSepaDirectDebitBooking")
@returns_rejections
def resolve_booking(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = incoming_direct_debits.book_incoming(env, project_id, input["transaction_id"])
    return {
        "__typename": "SimulateIncomingSepaDirectDebitBookingSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateIncomingSepaDirectDebitRejection")
@returns_rejections
def resolve_rejection(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = incoming_direct_debits.reject_incoming(
        env, project_id, input["transaction_id"], input.get("reason_code")
    )
    return {
        "__typename": "SimulateIncomingSepaDirectDebitRejectionSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateIncomingSepaDirectDebitReturn")
@returns_rejections
def resolve_return(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = incoming_direct_debits.return_incoming(
        env, project_id, input["transaction_id"], input.get("reason_code")
    )
    return {
        "__typename": "SimulateIncomingSepaDirectDebitReturnSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("updateAccountHolderFundingLimits")
@returns_rejections
def resolve_limits(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    checks = Checks()
    amounts = {}
    for key, name in (
        ("funding_limit_amount", "fundingLimitAmount"),
        ("instant_funding_limit_amount", "instantFundingLimitAmount"),
    ):
        given = input.get(key) or {}
        amounts[key] = checks.amount(
            given.get("value"), ["input", name, "value"], currency=given.get("currency")
        )
    days = input.get("funding_limit_rolling_days")
    if not isinstance(days, int) or not 1 <= days <= 365:
        checks.fail("OutOfRange", "From 1 to 365 days.", ["input", "fundingLimitRollingDays"])
    checks.raise_if_any()
    funding, instant = amounts["funding_limit_amount"], amounts["instant_funding_limit_amount"]
    assert funding is not None and instant is not None
    holder_id = input["account_holder_id"]
    with env.store.atomic() as db:
        rows = list(
            db["account_holders"].rows_where("id = ? AND project_id = ?", [holder_id, project_id])
        )
        if not rows:
            # The real union's only rejection: it names the unknown holder.
            raise Rejected(
                rejection("InternalErrorRejection", f"Account holder {holder_id} was not found.")
            )
        funding_limits.set_limits(
            env,
            db,
            rows[0],
            funding=funding,
            instant=instant,
            rolling_days=days,
        )
    return {
        "__typename": "UpdateAccountHolderFundingLimitsSuccessPayload",
        "account_holder_id": holder_id,
    }


@mutation.field("updateFundingLimitSettingsChangeRequest")
@returns_rejections
def resolve_answer(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = funding_limits.update_change_request(env, project_id, input)
    return {
        "__typename": "UpdateFundingLimitSettingsChangeRequestSuccessPayload",
        "funding_limit_settings_change_request": row,
    }

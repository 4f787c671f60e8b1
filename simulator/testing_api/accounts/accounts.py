"""Testing API resolvers of accounts and account holders: the bank's verification review
(`updateAccountHolder`), manual fees (`simulateManualBankingFee`) and, simulator-only,
suspending and resuming an account. Each acts inside the caller's project."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ariadne import ObjectType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...api.partner.accounts import account_data
from ...api.partner.accounts import holders as partner_holders
from ...api.partner.funding import funding
from ...api.partner.onboarding import onboarding_details
from ...clock import parse_timestamp
from ...domain.accounts import account_lifecycle, holders
from ...domain.kernel.rejections import Rejected, rejection, validation, validation_error
from ...domain.sandbox import simulation
from ...graphql_compat import ResolveInfo

mutation = ObjectType("Mutation")
holder = ObjectType("AccountHolder")
#: What a holder waiting for information is asked for, as in the partner API.
bindables = [mutation, holder, onboarding_details.waiting]

#: The amount of a manual fee when the input gives none (a simulator choice; documented).
DEFAULT_MANUAL_FEE = "10.00"

holder.set_field("createdDate", lambda row, *_: row["created_at"])
holder.set_field("updatedDate", lambda row, *_: row.get("updated_at") or row["created_at"])
# The fields the partner API shows alike resolve as there (the Testing API's caller is the
# project: it sees every holder of the project).
holder.set_field("verificationStatusInfo", partner_holders.resolve_verification)
holder.set_field("statusInfo", partner_holders.resolve_status_info)
holder.set_field("residencyAddress", partner_holders.resolve_address)
holder.set_field("riskInfo", account_data.resolve_holder_risk_info)
holder.set_field("supportingDocumentCollections", onboarding_details.resolve_holder_collections)
holder.set_field("fundingLimitSettingsChangeRequests", funding.resolve_change_requests)


def _project(info: ResolveInfo) -> tuple[Any, str]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal.project_id


@mutation.field("updateAccountHolder")
@returns_rejections
def resolve_update_holder(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    updated = holders.update_verification_status(
        env,
        project_id,
        input["account_holder_id"],
        input.get("verification_status"),
        input.get("verification_requirements"),
    )
    return {"__typename": "UpdateAccountHolderSuccessPayload", "account_holder": updated}


def _check_effective_date(env: Any, value: object) -> None:
    try:
        late = parse_timestamp(str(value)) > parse_timestamp(env.now())
    except ValueError:
        late = True
    if late:
        raise Rejected(
            validation(
                [
                    validation_error(
                        "InvalidValue",
                        "An ISO 8601 date-time no later than the virtual clock's now.",
                        ["input", "effectiveDate"],
                    )
                ]
            )
        )


@mutation.field("simulateManualBankingFee")
@returns_rejections
def resolve_manual_fee(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    _check_effective_date(env, input["effective_date"])
    due = input.get("due_amount") or {"value": DEFAULT_MANUAL_FEE, "currency": "EUR"}
    try:
        row = simulation.charge_fee(
            env,
            project_id,
            input["account_id"],
            amount=due.get("value"),
            currency=due.get("currency"),
            fee_type="BankingFee",
            label=f"{input['type']} fee",
        )
    except Rejected as rejected:
        if rejected.payload["__typename"] != "BadAccountStatusRejection":
            raise
        raise Rejected(
            rejection("AccountNotEligibleRejection", rejected.payload["message"])
        ) from None
    return {
        "__typename": "SimulateManualBankingFeeSuccessPayload",
        "id": row["id"],
        "debited_amount": {"value": Decimal(str(row["amount"])), "currency": "EUR"},
    }


@mutation.field("suspendSandboxAccount")
@returns_rejections
def resolve_suspend(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    account = account_lifecycle.suspend_account(
        env, project_id, input["account_id"], input.get("reason")
    )
    return {
        "__typename": "SuspendSandboxAccountSuccessPayload",
        "account_id": account["id"],
        "status": account["status"],
    }


@mutation.field("resumeSandboxAccount")
@returns_rejections
def resolve_resume(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    account = account_lifecycle.resume_account(env, project_id, input["account_id"])
    return {
        "__typename": "ResumeSandboxAccountSuccessPayload",
        "account_id": account["id"],
        "status": account["status"],
    }

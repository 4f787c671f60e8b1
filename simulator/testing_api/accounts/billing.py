"""Testing API resolvers of billing: the bank releases a reserved balance
(`simulateReleaseReservedBalance`), invoices an account's fees
(`simulateInvoiceGeneration`), starts the project's own billing
(`simulateStartProjectBilling`) and records its owner
(`promoteAccountHolderToProjectOwner`). Each acts inside the caller's project."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType

from ...api.context import RequestContext
from ...api.invoices import invoice_type
from ...api.mutations import returns_rejections, returns_union_rejections
from ...domain.accounts import billing
from ...domain.cards import reserved_balances
from ...graphql_compat import ResolveInfo

mutation = ObjectType("Mutation")
bindables = [mutation, invoice_type()]


def _project(info: ResolveInfo) -> tuple[Any, str]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal.project_id


@mutation.field("simulateReleaseReservedBalance")
@returns_rejections
def resolve_release(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = reserved_balances.release_reserved_balance(env, project_id, input["transaction_id"])
    return {"__typename": "ReleaseReservedBalanceSuccessPayload", "transaction_id": row["id"]}


@mutation.field("simulateInvoiceGeneration")
@returns_rejections
def resolve_invoice(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = billing.generate_invoice(env, project_id, input["account_id"])
    return {
        "__typename": "SimulateInvoiceGenerationSuccessPayload",
        "status": "Succeeded",
        "invoice": row,
    }


@mutation.field("simulateStartProjectBilling")
@returns_union_rejections
def resolve_start_billing(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = billing.start_project_billing(
        env, project_id, company_name=input["company_name"], email=input["email"]
    )
    return {
        "__typename": "SimulateStartProjectBillingSuccessPayload",
        "project_id": row["project_id"],
    }


@mutation.field("promoteAccountHolderToProjectOwner")
@returns_rejections
def resolve_promote(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    holder = billing.promote_project_owner(env, project_id, input["account_holder_id"])
    return {
        "__typename": "PromoteAccountHolderToProjectOwnerSuccessPayload",
        "account_holder": holder,
    }

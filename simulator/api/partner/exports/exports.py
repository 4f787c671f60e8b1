"""Exports: the export mutations, the `exports` list and the Export type."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType

from ....domain.exports import exports as domain
from ....graphql_compat import ResolveInfo
from ...context import RequestContext
from ...mutations import returns_rejections
from .._helpers import caller, connection_resolver, domain_filters

query = QueryType()
mutation = MutationType()
export = ObjectType("Export")
bindables = [query, mutation, export]

query.set_field("exports", connection_resolver(domain.list_exports))
export.set_field(
    "statusInfo",
    lambda row, _: {"__typename": f"Export{row['status']}StatusInfo", "status": row["status"]},
)

#: The export type each mutation starts.
_MUTATIONS = {
    "exportAccountData": "Accounts",
    "exportAccountHolderData": "AccountHolders",
    "exportAccountMembershipData": "AccountMemberships",
    "exportCardData": "Cards",
    "exportOnboardingData": "Onboardings",
    "exportTransactionData": "Transactions",
    "exportUserData": "Users",
}


def _starter(export_type: str) -> Any:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        env, principal = caller(info)
        row = domain.start_export(
            env,
            principal,
            export_type,
            filters=domain_filters(input.get("filters")),
            email=input.get("email"),
        )
        return {"__typename": "ExportDataSuccessPayload", "export_id": row["id"]}

    return resolve


for _name, _type in _MUTATIONS.items():
    mutation.set_field(_name, _starter(_type))


@mutation.field("deleteExportFile")
@returns_rejections
def resolve_delete(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    export_id = domain.delete_export(env, principal, input["export_id"])
    return {"__typename": "DeleteExportFileSuccessPayload", "export_id": export_id}


@mutation.field("generateExportDownloadLink")
@returns_rejections
def resolve_link(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    link = domain.download_link(
        ctx.environment, ctx.principal, input["export_id"], public_url=ctx.base_url
    )
    return {"__typename": "GenerateExportDownloadLinkSuccessPayload", "link": link}

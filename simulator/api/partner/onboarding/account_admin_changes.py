"""Account admin changes (`domain/onboarding/account_admin_changes.py`): the public query
and mutations the change's page uses."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts.accounts import holder_display_name
from ....domain.kernel.projects import get_project
from ....domain.onboarding import account_admin_changes as domain
from ....graphql_compat import ResolveInfo
from ....storage import get_row, rows_where
from ...mutations import returns_rejections
from .._helpers import caller

query = QueryType()
mutation = MutationType()
change = ObjectType("AccountAdminChange")
bindables: list[SchemaBindable] = [query, mutation, change]


def _node(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    """The change as the API shows it: whole while ongoing, else only its status."""
    env, _ = caller(info)
    status = domain.effective_status(env, row)
    typename = "AccountAdminChange" if status == "Ongoing" else "NonOngoingAccountAdminChange"
    return {**row, "status": status, "__typename": typename}


@query.field("publicAccountAdminChange")
def resolve_change(_: Any, info: ResolveInfo, account_admin_change_id: str) -> Any:
    env, principal = caller(info)
    row = domain.find_change(env.store.db, principal.project_id, account_admin_change_id)
    return _node(dict(row), info) if row else None


def _flag(name: str) -> Any:
    def resolve(row: dict[str, Any], _: ResolveInfo) -> bool | None:
        return None if row[name] is None else bool(row[name])

    return resolve


change.set_field("isNewAdminLegalRepresentative", _flag("is_new_admin_legal_representative"))
change.set_field("isRequesterNewAdmin", _flag("is_requester_new_admin"))
change.set_field("admin", lambda row, _: domain.admin_of(row))
change.set_field("requester", lambda row, _: domain.requester_of(row))


@change.field("accountHolder")
def resolve_holder(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    db = env.store.db
    holder = get_row(db, "account_holders", row["account_holder_id"])
    accounts = rows_where(
        db, "accounts", "holder_id = ?", [holder["id"]], order_by="created_at, id"
    )
    project = get_project(env, row["project_id"])
    return {
        "name": holder_display_name(holder),
        "accounts": [{"name": account["name"]} for account in accounts],
        # The simulator keeps no branding for a project: no colour, no logo.
        "project_info": {"name": project["name"], "accent_color": None, "logo_uri": None},
    }


@change.field("supportingDocumentCollection")
def resolve_collection(row: dict[str, Any], info: ResolveInfo) -> Any:
    env, _ = caller(info)
    return get_row(env.store.db, "supporting_document_collections", row["collection_id"])


@mutation.field("publicUpdateAccountAdminChange")
@returns_rejections
def resolve_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.update_change(env, principal, input["id"], input)
    return {
        "__typename": "PublicUpdateAccountAdminChangeSuccessPayload",
        "account_admin_change": _node(dict(row), info),
    }


@mutation.field("publicFinalizeAccountAdminChange")
@returns_rejections
def resolve_finalize(_: Any, info: ResolveInfo, account_admin_change_id: str) -> dict[str, Any]:
    env, principal = caller(info)
    domain.finalize_change(env, principal, account_admin_change_id)
    return {"__typename": "PublicFinalizeAccountAdminChangeSuccessPayload", "success": True}


__all__ = ["bindables"]

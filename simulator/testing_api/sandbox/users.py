"""Testing API: Sandbox users (create, update, delete, endorse, list) and the text-message
outbox, a simulator-only teaching aid."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from graphql import GraphQLError

from ...api.connections import connection
from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...api.partner.users.user import resolve_levels
from ...domain.sandbox import sandbox_identifications, sandbox_users
from ...domain.users.users import validate_phone_number
from ...exceptions import ConfigurationError, NotFound
from ...graphql_compat import ResolveInfo
from ...oauth import sms
from ..resolvers import _checked

query = QueryType()
mutation = MutationType()
sandbox_user_type = ObjectType("SandboxUser")
levels_type = ObjectType("IdentificationLevels")
bindables: list[Any] = [query, mutation, sandbox_user_type, levels_type]


def _level(name: str) -> Any:
    def resolve(levels: dict[str, bool], _: ResolveInfo) -> bool:
        return levels[name]

    return resolve


# Set explicitly: the snake_case mapping of names would miss `PVID` and `QES`.
for _name in ("expert", "PVID", "QES"):
    levels_type.set_field(_name, _level(_name))
sandbox_user_type.set_field("identificationLevels", resolve_levels)


@sandbox_user_type.field("mobilePhoneNumber")
def resolve_phone(row: dict[str, Any], _: ResolveInfo) -> str | None:
    phone = str(row["phone_number"])
    return phone if phone.startswith("+") else None  # freed once deleted or deactivated


@sandbox_user_type.field("nationalityCCA3")
def resolve_nationality(row: dict[str, Any], _: ResolveInfo) -> str | None:
    return row.get("nationality_cca3")


@sandbox_user_type.field("birthCountryCCA3")
def resolve_birth_country(row: dict[str, Any], _: ResolveInfo) -> str | None:
    return row.get("birth_country_cca3")


@sandbox_user_type.field("isActive")
def resolve_active(row: dict[str, Any], _: ResolveInfo) -> bool:
    return not row.get("deleted_at") and (row.get("status") or "Active") == "Active"


@sandbox_user_type.field("preferredNotificationChannel")
def resolve_channel(row: dict[str, Any], info: ResolveInfo) -> str:
    ctx: RequestContext = info.context
    found = ctx.environment.store.db.execute(
        "SELECT preferred_notification_channel FROM user_consent_settings "
        "WHERE project_id = ? AND user_id = ?",
        [ctx.principal.project_id, row["id"]],
    ).fetchone()
    return str(found[0]) if found else "Sms"


#: Input keys as ariadne converts them (`nationalityCCA3` -> `nationality_cc_a_3`).
_INPUT_KEYS = {
    "nationality_cca3": "nationality_cc_a_3",
    "birth_country_cca3": "birth_country_cc_a_3",
}


def _identity(input: dict[str, Any]) -> dict[str, Any]:
    fields = sandbox_users.SANDBOX_USER_FIELDS
    return {key: input.get(_INPUT_KEYS.get(key, key)) for key in fields}


@mutation.field("createSandboxUser")
@returns_rejections
def resolve_create_sandbox_user(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    user = _checked(
        lambda: sandbox_users.create(
            ctx.environment,
            ctx.principal.project_id,
            _identity(input),
            input.get("mobile_phone_number"),
        ),
        ["input"],
    )
    return {"__typename": "CreateSandboxUserSuccessPayload", "sandbox_user": user}


@mutation.field("updateSandboxUser")
@returns_rejections
def resolve_update_sandbox_user(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    user = _checked(
        lambda: sandbox_users.replace(
            ctx.environment, ctx.principal.project_id, input["id"], _identity(input)
        ),
        ["input"],
    )
    return {"__typename": "UpdateSandboxUserSuccessPayload", "sandbox_user": user}


@mutation.field("deleteSandboxUser")
@returns_rejections
def resolve_delete_sandbox_user(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    sandbox_users.delete(ctx.environment, ctx.principal.project_id, input["id"])
    return {"__typename": "DeleteSandboxUserSuccessPayload", "success": True}


@mutation.field("endorseSandboxUser")
@returns_rejections
def resolve_endorse_sandbox_user(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    user = sandbox_users.endorse(ctx.environment, ctx.principal.project_id, input["id"])
    return {"__typename": "EndorseSandboxUserSuccessPayload", "sandbox_user": user}


def _levels(input: dict[str, Any]) -> dict[str, str | None]:
    levels: dict[str, str | None] = input["levels"]
    return levels


@mutation.field("createSandboxIdentification")
@returns_rejections
def resolve_create_identification(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    created = sandbox_identifications.create(
        ctx.environment,
        ctx.principal.project_id,
        input["user_id"],
        input["process"],
        _levels(input),
        input.get("error_reasons"),
    )
    return {
        "__typename": "CreateSandboxIdentificationSuccessPayload",
        "sandbox_identification": created,
    }


@mutation.field("updateSandboxIdentification")
@returns_rejections
def resolve_update_identification(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    updated = sandbox_identifications.update(
        ctx.environment,
        ctx.principal.project_id,
        input["identification_id"],
        input["process"],
        _levels(input),
        input.get("error_reasons"),
    )
    return {
        "__typename": "UpdateSandboxIdentificationSuccessPayload",
        "sandbox_identification": updated,
    }


@query.field("sandboxUser")
def resolve_sandbox_user(_: Any, info: ResolveInfo) -> dict[str, Any]:
    ctx: RequestContext = info.context
    principal = ctx.principal
    if principal.user_id is not None:
        # The real field's: the user whose token (or X-User-Id) calls.
        signed_in = sandbox_users.find(ctx.environment, principal.project_id, principal.user_id)
        if signed_in is None:
            raise NotFound(f"No Sandbox user {principal.user_id} in this project.")
        return signed_in
    user = sandbox_users.current(ctx.environment, principal.project_id)
    if user is None:
        raise NotFound("The project has no Sandbox user yet: create one with createSandboxUser.")
    return user


@query.field("sandboxUserById")
def resolve_sandbox_user_by_id(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    ctx: RequestContext = info.context
    return sandbox_users.find(ctx.environment, ctx.principal.project_id, id)


@query.field("sandboxUsers")
def resolve_sandbox_users(
    _: Any,
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    offset: int | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    if offset:
        raise GraphQLError(
            "`offset` is not supported by the simulator: page with `after`.",
            extensions={"code": "BAD_USER_INPUT"},
        )
    page = sandbox_users.page(
        ctx.environment,
        ctx.principal.project_id,
        first=first,
        after=after,
        order_by=order_by,
    )
    return connection(page)


@query.field("textMessages")
def resolve_text_messages(
    _: Any, info: ResolveInfo, phone_number: str | None = None, last: int | None = None
) -> list[dict[str, Any]]:
    ctx: RequestContext = info.context
    if last is not None and last < 1:
        raise ConfigurationError("last must be at least 1.")
    phone = validate_phone_number(phone_number) if phone_number is not None else None
    # Only the messages of the caller's own sign-ins: never another project's codes.
    return sms.outbox(ctx.environment, phone, limit=last, project_id=ctx.principal.project_id)

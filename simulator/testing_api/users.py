"""Testing API: Sandbox users (with the auto-consent switch) and the text-message outbox."""

from __future__ import annotations

from typing import Any

from graphql import GraphQLResolveInfo

from ..api.context import RequestContext
from ..api.mutations import returns_rejections
from ..domain.rejections import Rejected, rejection
from ..domain.users import USER_CHANGES, update_user, validate_phone_number
from ..exceptions import ConfigurationError, NotFound
from ..oauth import sms
from ..oauth.users import create_sandbox_user
from .resolvers import _checked, mutation, query

bindables: list[Any] = []


@mutation.field("createSandboxUser")
@returns_rejections
def resolve_create_sandbox_user(
    _: Any, info: GraphQLResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    user = _checked(
        lambda: create_sandbox_user(
            ctx.environment,
            input["phone_number"],
            first_name=input.get("first_name"),
            last_name=input.get("last_name"),
            birth_date=input.get("birth_date"),
            identification_levels=input.get("identification_levels") or [],
            auto_consent=bool(input.get("auto_consent")),
            project_id=ctx.principal.project_id,
        ),
        ["input"],
    )
    return {"__typename": "CreateSandboxUserSuccessPayload", "user": user}


@mutation.field("updateSandboxUser")
@returns_rejections
def resolve_update_sandbox_user(
    _: Any, info: GraphQLResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    user_id = input["user_id"]
    changes = {key: input[key] for key in USER_CHANGES if key in input}

    def update() -> dict[str, Any]:
        try:
            return update_user(
                ctx.environment, user_id, changes, project_id=ctx.principal.project_id
            )
        except NotFound:
            message = f"No user {user_id} in the Sandbox."
            raise Rejected(rejection("UserNotFoundRejection", message, user_id=user_id)) from None

    user = _checked(update, ["input"])
    return {"__typename": "UpdateSandboxUserSuccessPayload", "user": user}


@query.field("textMessages")
def resolve_text_messages(
    _: Any, info: GraphQLResolveInfo, phone_number: str | None = None, last: int | None = None
) -> list[dict[str, Any]]:
    ctx: RequestContext = info.context
    if last is not None and last < 1:
        raise ConfigurationError("last must be at least 1.")
    phone = validate_phone_number(phone_number) if phone_number is not None else None
    # Only the messages of the caller's own sign-ins: never another project's codes.
    return sms.outbox(ctx.environment, phone, limit=last, project_id=ctx.principal.project_id)

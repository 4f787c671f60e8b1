"""`startUserCreation` and `completeUserCreation` (docs/oauth.md, "Creating users")."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType
from ariadne.types import SchemaBindable

from ....graphql_compat import ResolveInfo
from ....oauth import user_creation
from ...mutations import returns_rejections
from .._helpers import caller

__all__ = ["bindables"]

mutation = MutationType()
bindables: list[SchemaBindable] = [mutation]


@mutation.field("startUserCreation")
@returns_rejections
def resolve_start(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    request_id = user_creation.start(env, principal, input["mobile_phone_number"])
    return {"__typename": "StartUserCreationSuccess", "request_id": request_id}


@mutation.field("completeUserCreation")
@returns_rejections
def resolve_complete(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    user, existed = user_creation.complete(
        env, principal, input["request_id"], input["code"], input["user_information"]
    )
    return {
        "__typename": "CompleteUserCreationSuccessPayload",
        "user": user,
        "user_already_existed": existed,
    }

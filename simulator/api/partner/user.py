"""The `user` query: the current user of a user access token (or of `X-User-Id`)."""

from __future__ import annotations

from typing import Any

from ariadne.types import SchemaBindable
from graphql import GraphQLResolveInfo

from ...domain.users import get_user
from ..context import RequestContext
from . import query

bindables: list[SchemaBindable] = []


@query.field("user")
def resolve_user(_: Any, info: GraphQLResolveInfo) -> dict[str, Any] | None:
    ctx: RequestContext = info.context
    if ctx.principal.user_id is None:
        return None
    return get_user(ctx.environment, ctx.principal.user_id)

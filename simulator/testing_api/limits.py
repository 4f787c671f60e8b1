"""Testing API resolvers of the rate limit: read it, and set the project's own (the
specification's "support request"). See `simulator.domain.kernel.rate_limits`."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, QueryType

from ..api.context import RequestContext
from ..api.mutations import returns_rejections
from ..domain.kernel.rate_limits import project_rate_limit, set_project_rate_limit
from ..domain.kernel.rejections import Rejected
from ..exceptions import ConfigurationError
from ..graphql_compat import ResolveInfo
from ..limits import LimitSettings
from .resolvers import validation_rejection

query = QueryType()
mutation = MutationType()
bindables = [query, mutation]


def _state(ctx: RequestContext) -> dict[str, Any]:
    settings = ctx.limits.settings if ctx.limits is not None else LimitSettings()
    rate = settings.rate_limit
    own = project_rate_limit(ctx.environment, ctx.principal.project_id)
    return {
        "requests": None if rate is None else own or rate.requests,
        "window_seconds": None if rate is None else rate.window_seconds,
        "project_specific": own is not None,
    }


@query.field("rateLimit")
def resolve_rate_limit(_: Any, info: ResolveInfo) -> dict[str, Any]:
    return _state(info.context)


@mutation.field("setProjectRateLimit")
@returns_rejections
def resolve_set_project_rate_limit(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    try:
        set_project_rate_limit(ctx.environment, ctx.principal.project_id, input.get("requests"))
    except ConfigurationError as error:
        raise Rejected(validation_rejection(error, ["input", "requests"])) from None
    return {"__typename": "SetProjectRateLimitSuccessPayload", "rate_limit": _state(ctx)}

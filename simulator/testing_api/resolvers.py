"""Resolvers of the Sandbox Testing API.

Bad input is a `ValidationRejection`, as everywhere else; the clock is the simulator's
one clock, so advancing it here moves time for the partner API, the OAuth server and a
CLI on the same data dir alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ariadne import MutationType, QueryType

from ..api.context import RequestContext
from ..api.mutations import returns_rejections
from ..clock import parse_timestamp
from ..domain.accounts import accounts
from ..domain.consents import consents
from ..domain.kernel.rejections import Rejected, rejection, validation_error
from ..exceptions import SimulatorError
from ..graphql_compat import ResolveInfo
from ..scheduler import Scheduler

#: What a wrapped resolver returns: a row or a payload, handed on as it is.
_Payload = TypeVar("_Payload", bound=Mapping[str, Any])

query = QueryType()
mutation = MutationType()
bindables = [query, mutation]


def validation_rejection(error: Exception, path: list[str]) -> dict[str, Any]:
    return rejection(
        "ValidationRejection",
        str(error),
        fields=[validation_error("InvalidValue", str(error), list(path))],
    )


def _checked(action: Callable[[], _Payload], path: list[str]) -> _Payload:
    try:
        return action()
    except Rejected:
        raise  # already the rejection to return (Rejected is a SimulatorError too)
    except SimulatorError as error:
        raise Rejected(validation_rejection(error, path)) from None


def _scheduler(ctx: RequestContext) -> Scheduler:
    assert ctx.scheduler is not None, "the Testing API always runs with a scheduler"
    return ctx.scheduler


def _set_clock(ctx: RequestContext, moment: str) -> Any:
    target = parse_timestamp(moment)
    if target < ctx.environment.clock.now():
        ctx.environment.clock.set(target)  # raises the clock's own "only forward" error
    return _scheduler(ctx).set(target)


def _clock(ctx: RequestContext) -> dict[str, Any]:
    clock = ctx.environment.clock
    return {"now": clock.timestamp(), "mode": "Frozen" if clock.frozen else "Running"}


@query.field("clock")
def resolve_clock(_: Any, info: ResolveInfo) -> dict[str, Any]:
    return _clock(info.context)


def _clock_payload(ctx: RequestContext) -> dict[str, Any]:
    return {"__typename": "ClockSuccessPayload", "clock": _clock(ctx)}


@mutation.field("advanceClock")
def resolve_advance_clock(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    # Operations run in the simulator's worker threads: due work may call webhook receivers
    # (real HTTP, or in-process ones that call this server back) without blocking the loop.
    return _moved(ctx, lambda: _scheduler(ctx).advance(input["duration"]), ["input", "duration"])


@mutation.field("setClock")
def resolve_set_clock(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return _moved(ctx, lambda: _set_clock(ctx, input["to"]), ["input", "to"])


def _moved(ctx: RequestContext, move: Callable[[], Any], path: list[str]) -> dict[str, Any]:
    try:
        advance = move()
    except SimulatorError as error:
        return validation_rejection(error, path)
    return {**_clock_payload(ctx), "timeline": advance.timeline}


@mutation.field("freezeClock")
def resolve_freeze_clock(_: Any, info: ResolveInfo) -> dict[str, Any]:
    info.context.environment.clock.freeze()
    return _clock_payload(info.context)


@mutation.field("resumeClock")
def resolve_resume_clock(_: Any, info: ResolveInfo) -> dict[str, Any]:
    info.context.environment.clock.resume()
    return _clock_payload(info.context)


@mutation.field("createSandboxAccountHolder")
@returns_rejections
def resolve_create_holder(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    created = _checked(
        lambda: accounts.create_account_holder(
            ctx.environment,
            ctx.principal.project_id,
            holder_type=input.get("type") or "Individual",
            first_name=input.get("first_name"),
            last_name=input.get("last_name"),
            company_name=input.get("company_name"),
            account_name=input.get("account_name"),
            legal_representative_phone=input.get("legal_representative_phone_number"),
        ),
        ["input"],
    )
    return {
        "__typename": "CreateSandboxAccountHolderSuccessPayload",
        "account_holder_id": created["holder_id"],
        "account_id": created["account_id"],
        "user_id": created["user_id"],
    }


@mutation.field("createSandboxConsent")
@returns_rejections
def resolve_create_consent(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    consent = _checked(
        lambda: consents.create_consent(
            ctx.environment,
            ctx.principal.project_id,
            purpose=input.get("purpose") or "Generic",
            redirect_url=input["redirect_url"],
            user_id=input.get("user_id"),
            resource_id=input.get("resource_id"),
        ),
        ["input"],
    )
    return {
        "__typename": "CreateSandboxConsentSuccessPayload",
        "consent_id": consent["id"],
        "status": consent["status"],
    }

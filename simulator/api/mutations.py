"""Mutation resolvers return their success payload or, when the domain raises `Rejected`,
the rejection; the union's `__typename` tells GraphQL which member it is."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from graphql import GraphQLUnionType, get_named_type

from ..domain.kernel.rejections import Rejected, rejection
from ..exceptions import SimulatorError
from ..graphql_compat import ResolveInfo

__all__ = [
    "RejectionOutsideUnion",
    "required_input",
    "returns_rejections",
    "returns_union_rejections",
]


def returns_rejections(
    resolver: Callable[..., Mapping[str, Any]],
) -> Callable[..., Mapping[str, Any]]:
    """Answer a `Rejected` as its rejection when the mutation's union has that member; the
    real service's unions do not all list every rejection (several have no
    `ValidationRejection`), so one outside the union becomes a `BAD_USER_INPUT` error with
    the rejection's message instead of a type error."""

    @functools.wraps(resolver)
    def wrapper(*args: Any, **kwargs: Any) -> Mapping[str, Any]:
        try:
            return resolver(*args, **kwargs)
        except Rejected as rejected:
            info = args[1] if len(args) > 1 else None
            payload_type = get_named_type(info.return_type) if info is not None else None
            if isinstance(payload_type, GraphQLUnionType) and rejected.payload[
                "__typename"
            ] not in {member.name for member in payload_type.types}:
                raise RejectionOutsideUnion(rejected.payload["message"]) from None
            return rejected.payload

    return wrapper


#: What a rejection a payload union lacks is answered as, in this order of preference (each
#: carries only a message).
_FALLBACK_REJECTIONS = ("ForbiddenRejection", "AccountMembershipNotAllowedRejection")


def returns_union_rejections(
    resolver: Callable[..., dict[str, Any]],
) -> Callable[..., dict[str, Any]]:
    """Like `returns_rejections`, for mutations whose payload union (the real service's)
    lacks some rejection the domain raises (a ValidationRejection, a wrong status): that one
    is answered as the union's `ForbiddenRejection` (else its message-only
    `AccountMembershipNotAllowedRejection`) carrying the message and the invalid fields."""

    @functools.wraps(resolver)
    def wrapper(obj: Any, info: ResolveInfo, **kwargs: Any) -> dict[str, Any]:
        try:
            return resolver(obj, info, **kwargs)
        except Rejected as rejected:
            payload = rejected.payload
            union = get_named_type(info.return_type)
            members = (
                {m.name for m in union.types} if isinstance(union, GraphQLUnionType) else set()
            )
            fallback = next((name for name in _FALLBACK_REJECTIONS if name in members), None)
            if payload["__typename"] in members or fallback is None:
                return payload
            details = "; ".join(
                f"{'.'.join(field['path'])}: {field['message']}"
                for field in payload.get("fields") or []
            )
            message = f"{payload['message']} ({details})" if details else payload["message"]
            return {"__typename": fallback, "message": message}

    return wrapper


def required_input(input: dict[str, Any] | None) -> dict[str, Any]:
    """The input of a mutation the real schema leaves nullable yet cannot run without: a
    missing one is a `ValidationRejection` (or the union's fallback, under
    `returns_union_rejections`), never a resolver crash."""
    if input is None:
        field = {"code": "InvalidType", "message": "Give the input.", "path": ["input"]}
        raise Rejected(rejection("ValidationRejection", "The input is required.", fields=[field]))
    return input


class RejectionOutsideUnion(SimulatorError):
    """A rejection the mutation's union cannot carry: answered as a `BAD_USER_INPUT` error."""

"""Mutation resolvers return their success payload or, when the domain raises `Rejected`,
the rejection; the union's `__typename` tells GraphQL which member it is."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..domain.rejections import Rejected

__all__ = ["returns_rejections"]


def returns_rejections(resolver: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    @functools.wraps(resolver)
    def wrapper(*args: Any, **kwargs: Any) -> dict[str, Any]:
        try:
            return resolver(*args, **kwargs)
        except Rejected as rejected:
            return rejected.payload

    return wrapper

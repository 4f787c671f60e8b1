"""Resolvers of the partner API (Sandbox and Live)."""

from ariadne import MutationType, QueryType

query = QueryType()
mutation = MutationType()

from . import accounts, consents, user, webhooks  # noqa: E402  (they attach resolvers to query/mutation)

bindables = [
    query,
    mutation,
    *accounts.bindables,
    *consents.bindables,
    *user.bindables,
    *webhooks.bindables,
]

__all__ = ["bindables", "mutation", "query"]

"""Resolvers of the partner API (Sandbox and Live)."""

from ariadne import MutationType, QueryType

query = QueryType()
mutation = MutationType()

# The modules attach their resolvers to `query` and `mutation`.
from . import accounts, cards, consents, memberships, payments, transactions  # noqa: E402

bindables = [
    query,
    mutation,
    *accounts.bindables,
    *consents.bindables,
    *cards.bindables,
    *memberships.bindables,
    *payments.bindables,
    *transactions.bindables,
]

__all__ = ["bindables", "mutation", "query"]

"""Resolvers of the partner API (Sandbox and Live)."""

from ariadne import MutationType, QueryType

query = QueryType()
mutation = MutationType()

# The modules attach their resolvers to `query` and `mutation`.
from . import (  # noqa: E402
    accounts,
    beneficiaries,
    cards,
    consents,
    memberships,
    payments,
    standing_orders,
    transactions,
    user,
    webhooks,
)

bindables = [
    query,
    mutation,
    *accounts.bindables,
    *consents.bindables,
    *cards.bindables,
    *memberships.bindables,
    *payments.bindables,
    *beneficiaries.bindables,
    *standing_orders.bindables,
    *transactions.bindables,
    *user.bindables,
    *webhooks.bindables,
]

__all__ = ["bindables", "mutation", "query"]

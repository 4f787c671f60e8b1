"""Resolvers of the partner API (Sandbox and Live)."""

from ariadne import MutationType, QueryType

query = QueryType()
mutation = MutationType()

# The modules attach their resolvers to `query` and `mutation`.
from . import (  # noqa: E402
    accounts,
    beneficiaries,
    card_mutations,
    cards,
    consents,
    direct_debits,
    funding,
    holders,
    invoices,
    memberships,
    merchant_payment_methods,
    merchant_payments,
    merchant_profiles,
    onboarding,
    onboarding_legacy,
    onboarding_public,
    payments,
    standing_orders,
    statements,
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
    *card_mutations.bindables,
    *memberships.bindables,
    *payments.bindables,
    *beneficiaries.bindables,
    *standing_orders.bindables,
    *transactions.bindables,
    *user.bindables,
    *webhooks.bindables,
    *holders.bindables,
    *statements.bindables,
    *onboarding.bindables,
    *onboarding_legacy.bindables,
    *onboarding_public.bindables,
    *direct_debits.bindables,
    *invoices.bindables,
    *merchant_profiles.bindables,
    *merchant_payment_methods.bindables,
    *funding.bindables,
    *merchant_payments.bindables,
]

__all__ = ["bindables", "mutation", "query"]

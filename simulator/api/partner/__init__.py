"""Resolvers of the partner API (Sandbox and Live).

Each module below declares its own bindables (a `QueryType` and a `MutationType` for its
root fields, an `ObjectType` per type whose fields it resolves) and lists them in its
`bindables`; importing one attaches nothing anywhere. `RESOLVER_MODULES` is the one list of
them: the server builds the partner schema from `bindables`, which it assembles. A new
module is imported and listed here. No two modules resolve the same field
(tests/test_architecture.py checks it), so their order is no matter.
"""

from ariadne.types import SchemaBindable

from . import (
    account_data,
    accounts,
    beneficiaries,
    card_mutations,
    cards,
    checks,
    consents,
    credit_limits,
    direct_debits,
    funding,
    holders,
    internal_direct_debits,
    international_out,
    invoices,
    memberships,
    merchant_payment_methods,
    merchant_payments,
    merchant_profiles,
    onboarding,
    onboarding_legacy,
    onboarding_public,
    payments,
    received_mandate_updates,
    standing_orders,
    statements,
    transactions,
    user,
    webhooks,
)

#: The modules whose bindables make up the partner schema.
RESOLVER_MODULES = [
    account_data,
    accounts,
    beneficiaries,
    card_mutations,
    cards,
    checks,
    consents,
    credit_limits,
    direct_debits,
    funding,
    holders,
    internal_direct_debits,
    international_out,
    invoices,
    memberships,
    merchant_payment_methods,
    merchant_payments,
    merchant_profiles,
    onboarding,
    onboarding_legacy,
    onboarding_public,
    payments,
    received_mandate_updates,
    standing_orders,
    statements,
    transactions,
    user,
    webhooks,
]

bindables: list[SchemaBindable] = [
    bindable for module in RESOLVER_MODULES for bindable in module.bindables
]

__all__ = ["RESOLVER_MODULES", "bindables"]

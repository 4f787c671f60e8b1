"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world.

As in the partner API (`api/partner/__init__.py`), each module declares its own bindables
and lists them in its `bindables`; `RESOLVER_MODULES` is the one list of them, and a new
module is imported and listed here.
"""

from pathlib import Path

from ariadne.types import SchemaBindable

from . import (
    account_verifications,
    accounts,
    banking,
    billing,
    cards,
    checks,
    credit_limits,
    direct_debits,
    funding,
    incoming_checks,
    internal_direct_debits,
    international,
    international_out,
    journal,
    limits,
    merchants,
    onboarding,
    payments,
    resolvers,
    users,
    webhooks,
)

#: The modules whose bindables make up the Testing API schema.
RESOLVER_MODULES = [
    account_verifications,
    accounts,
    banking,
    billing,
    cards,
    checks,
    credit_limits,
    direct_debits,
    funding,
    incoming_checks,
    internal_direct_debits,
    international,
    international_out,
    journal,
    limits,
    merchants,
    onboarding,
    payments,
    resolvers,
    users,
    webhooks,
]

bindables: list[SchemaBindable] = [
    bindable for module in RESOLVER_MODULES for bindable in module.bindables
]

__all__ = ["RESOLVER_MODULES", "SCHEMA_DIR", "bindables"]

SCHEMA_DIR = Path(__file__).parent / "schema"

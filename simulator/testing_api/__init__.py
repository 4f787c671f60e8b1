"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world."""

from pathlib import Path

from . import (
    accounts,
    banking,
    billing,
    cards,
    checks,
    direct_debits,
    funding,
    international,
    journal,
    limits,
    merchants,
    onboarding,
    payments,
    users,
    webhooks,
)
from .resolvers import bindables as _core_bindables

# `payments`, `direct_debits` and `international` attach their resolvers to the banking
# mutation type.
del payments, direct_debits, international

bindables = [
    *_core_bindables,
    *webhooks.bindables,
    *banking.bindables,
    *limits.bindables,
    *accounts.bindables,
    *onboarding.bindables,
    *journal.bindables,
    *users.bindables,
    *cards.bindables,
    *billing.bindables,
    *checks.bindables,
    *merchants.bindables,
    *funding.bindables,
]

__all__ = ["SCHEMA_DIR", "bindables"]

SCHEMA_DIR = Path(__file__).parent / "schema"

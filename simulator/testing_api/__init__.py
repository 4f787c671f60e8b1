"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world."""

from pathlib import Path

from . import (
    accounts,
    banking,
    cards,
    direct_debits,
    journal,
    limits,
    onboarding,
    payments,
    users,
    webhooks,
)
from .resolvers import bindables as _core_bindables

# `payments` and `direct_debits` attach their resolvers to the banking mutation type.
del payments, direct_debits

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
]

__all__ = ["SCHEMA_DIR", "bindables"]

SCHEMA_DIR = Path(__file__).parent / "schema"

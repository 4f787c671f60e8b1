"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world."""

from pathlib import Path

from . import banking, limits, payments, users, webhooks
from .resolvers import bindables as _core_bindables

# `users` attaches its resolvers to the core's query and mutation types, `payments` to
# the banking mutation type.
del users, payments

bindables = [*_core_bindables, *webhooks.bindables, *banking.bindables, *limits.bindables]

__all__ = ["SCHEMA_DIR", "bindables"]

SCHEMA_DIR = Path(__file__).parent / "schema"

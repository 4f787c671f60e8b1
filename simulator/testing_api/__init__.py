"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world."""

from pathlib import Path

from . import limits
from .resolvers import bindables as core_bindables

__all__ = ["SCHEMA_DIR", "bindables"]

SCHEMA_DIR = Path(__file__).parent / "schema"

bindables = [*core_bindables, *limits.bindables]

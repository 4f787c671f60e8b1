"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world."""

from .resolvers import bindables

__all__ = ["SCHEMA_DIR", "bindables"]

from pathlib import Path

SCHEMA_DIR = Path(__file__).parent / "schema"

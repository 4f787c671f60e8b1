"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world."""

from . import users  # noqa: F401  (attaches the user and text-message resolvers)
from .resolvers import bindables

__all__ = ["SCHEMA_DIR", "bindables"]

from pathlib import Path

SCHEMA_DIR = Path(__file__).parent / "schema"

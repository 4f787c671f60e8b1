"""The HTTP face of the simulator: one Starlette app with the four addresses."""

from .app import create_app

__all__ = ["create_app"]

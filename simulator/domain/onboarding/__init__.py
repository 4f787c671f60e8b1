"""Onboarding: the onboarding of individuals and companies, its public (unauthenticated)
face, and the supporting documents it asks for.

Above `accounts`; independent of `cards` and `payments`.
"""

from . import onboarding, onboarding_public, supporting_documents

__all__ = [
    "onboarding",
    "onboarding_public",
    "supporting_documents",
]

"""Onboarding: the onboarding of individuals and companies, its public (unauthenticated)
face, the supporting documents it asks for, and the Sandbox's company registry.

Above `accounts`; independent of `cards` and `payments`.
"""

from . import company_registry, onboarding, onboarding_public, supporting_documents

__all__ = [
    "company_registry",
    "onboarding",
    "onboarding_public",
    "supporting_documents",
]

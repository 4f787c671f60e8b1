"""Consents: what a user agrees to, what an approved consent does (`consent_actions`),
how a consent describes itself, and server-to-server consents.

Above `users` and the kernel.
"""

from . import consent_actions, consent_descriptions, consents, server_consent

__all__ = [
    "consent_actions",
    "consent_descriptions",
    "consents",
    "server_consent",
]

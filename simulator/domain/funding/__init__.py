"""Funding: funding sources, their limits, and funding requests (money pulled into an
account by a SEPA direct debit).

Above `payments` and `accounts`.
"""

from . import account_verifications, funding, funding_limits, funding_requests

__all__ = [
    "account_verifications",
    "funding",
    "funding_limits",
    "funding_requests",
]

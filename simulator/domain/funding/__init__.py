"""Funding: funding sources, their limits, and funding requests (money pulled into an
account by a SEPA direct debit).

Above `payments` and `accounts`.
"""

from . import funding, funding_limits, funding_requests

__all__ = [
    "funding",
    "funding_limits",
    "funding_requests",
]

"""The kernel: what every family of the domain stands on.

Money and IBANs, countries, pagination (`Connection`), rejections (`Rejected`) and input
validation, the `Environment` and the `Principal` (`context`), a simulator's plugs
(`wiring`), the event log (`events`), the access rules (`access`, `queries`), idempotency
keys, and the partner's projects (credentials, settings, rate limits).

It imports no other family.
"""

from . import (
    access,
    context,
    countries,
    events,
    iban,
    idempotency,
    money,
    pagination,
    project_settings,
    projects,
    queries,
    rate_limits,
    rejections,
    validation,
    wiring,
)

__all__ = [
    "access",
    "context",
    "countries",
    "events",
    "iban",
    "idempotency",
    "money",
    "pagination",
    "project_settings",
    "projects",
    "queries",
    "rate_limits",
    "rejections",
    "validation",
    "wiring",
]

"""The tables of an environment file, as named migration sets (sqlite-utils `Migrations`).

Each capability owns one set; a set's migrations are applied once, in order, and recorded
in `_sqlite_migrations`. A new table or column is a new named migration appended to its
set, never an edit of an applied one.
"""

from sqlite_utils.migrations import Migrations

from .account_data import migrations as account_data
from .accounts import migrations as accounts
from .banking import migrations as banking
from .billing import migrations as billing
from .cards import migrations as cards
from .checks import migrations as checks
from .core import migrations as core
from .credit_limits import migrations as credit_limits
from .dashboard import migrations as dashboard
from .direct_debits import migrations as direct_debits
from .events import migrations as events
from .funding import migrations as funding
from .internal_direct_debits import migrations as internal_direct_debits
from .international import migrations as international
from .journal import migrations as journal
from .limits import migrations as limits
from .memberships import migrations as memberships
from .merchant_payments import migrations as merchant_payments
from .merchants import migrations as merchants
from .oauth import migrations as oauth
from .onboarding import migrations as onboarding
from .payments import migrations as payments
from .webhooks import migrations as webhooks

#: Applied in this order to every environment file.
MIGRATION_SETS: list[Migrations] = [
    core,
    events,
    oauth,
    webhooks,
    banking,
    limits,
    dashboard,
    accounts,
    onboarding,
    journal,
    memberships,
    cards,
    payments,
    direct_debits,
    billing,
    merchants,
    funding,
    merchant_payments,
    international,
    checks,
    internal_direct_debits,
    credit_limits,
    account_data,
]

__all__ = ["MIGRATION_SETS"]

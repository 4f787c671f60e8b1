"""The tables of an environment file, as named migration sets (sqlite-utils `Migrations`).

Each capability owns one set; a set's migrations are applied once, in order, and recorded
in `_sqlite_migrations`. A new table or column is a new named migration appended to its
set, never an edit of an applied one.
"""

from sqlite_utils.migrations import Migrations

from .accounts.account_data import migrations as account_data
from .accounts.accounts import migrations as accounts
from .accounts.billing import migrations as billing
from .accounts.credit_limits import migrations as credit_limits
from .accounts.memberships import migrations as memberships
from .banking import migrations as banking
from .capital_deposits.capital_deposits import migrations as capital_deposits
from .cards.cards import migrations as cards
from .core import migrations as core
from .dashboard import migrations as dashboard
from .events import migrations as events
from .exports.exports import migrations as exports
from .funding.funding import migrations as funding
from .journal import migrations as journal
from .limits import migrations as limits
from .merchants.internal_direct_debits import migrations as internal_direct_debits
from .merchants.merchant_payment_links import migrations as merchant_payment_links
from .merchants.merchant_payments import migrations as merchant_payments
from .merchants.merchants import migrations as merchants
from .oauth import migrations as oauth
from .onboarding.onboarding import migrations as onboarding
from .payments.checks import migrations as checks
from .payments.direct_debits import migrations as direct_debits
from .payments.international import migrations as international
from .payments.payments import migrations as payments
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
    capital_deposits,
    exports,
    merchant_payment_links,
    international,
    checks,
    internal_direct_debits,
    credit_limits,
    account_data,
]

__all__ = ["MIGRATION_SETS"]

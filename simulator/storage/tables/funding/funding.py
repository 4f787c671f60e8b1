"""Tables of account funding: SEPA direct debits the bank collects *for* an account from an
outside IBAN. A funding source (`DirectDebitFundingSource`) names the outside IBAN and the
payment mandate the holder signs for it; the holder's funding limits cap what it may pull.

`payment_mandates` holds every payment mandate the bank collects under, whatever created it:
a funding source today (`funding_source_id`), a merchant payment method later
(`payment_method_id`), so both kinds share one `paymentMandate(id)` lookup.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, apply

migrations = Migrations("funding")

_PROJECTS = ("project_id", "projects", "id")
_ACCOUNTS = ("account_id", "accounts", "id")
_HOLDERS = ("account_holder_id", "account_holders", "id")

FUNDING_TABLES = (
    Table(
        "funding_sources",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "account_holder_id": str,
            "name": str,
            "iban": str,
            "bic": str,
            "scheme": str,  # SepaDirectDebitB2b | SepaDirectDebitCore
            "status": str,  # Pending | Enabled | Suspended | Canceled | Rejected
            "status_reason": str,  # CanceledFundingSourceReason / RejectedFundingSourceReason
            "enabled_at": str,
            "status_changed_at": str,
            "verification_id": str,  # the DirectDebitAccountVerification's id
            "verification_status": str,  # PendingVerification | Verified | Rejected | ...
            "payment_mandate_id": str,  # the mandate signed for it (payment_mandates)
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "account_id",
            "account_holder_id",
            "iban",
            "scheme",
            "status",
            "verification_status",
            "created_at",
            "updated_at",
        },
        foreign_keys=[_PROJECTS, _ACCOUNTS, _HOLDERS],
        indexes=[("account_id", "created_at", "id"), ("project_id", "created_at", "id")],
    ),
    Table(
        "payment_mandates",
        {
            "id": str,
            "project_id": str,
            "account_holder_id": str,  # the creditor side's holder (who collects)
            "funding_source_id": str,  # set for a funding source's mandate
            "payment_method_id": str,  # set for a merchant payment method's mandate (later)
            "kind": str,  # SEPA (SEPAPaymentDirectDebitMandate)
            "reference": str,
            "scheme": str,  # SepaDirectDebitB2b | SepaDirectDebitCore
            "sequence": str,  # OneOff | Recurrent
            "name": str,
            "language": str,
            "status": str,  # ConsentPending | Enabled | Canceled | Rejected
            "status_reason": str,  # PaymentMandateCanceledReason
            "consent_id": str,
            "signature_date": str,
            "executed_at": str,
            "status_changed_at": str,
            "creditor_name": str,
            "creditor_identifier": str,
            "creditor_address": str,  # JSON
            "ultimate_creditor_name": str,
            "debtor_name": str,
            "debtor_iban": str,
            "debtor_country": str,
            "debtor_email": str,
            "debtor_address": str,  # JSON
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "account_holder_id",
            "kind",
            "reference",
            "scheme",
            "sequence",
            "status",
            "created_at",
            "updated_at",
        },
        foreign_keys=[_PROJECTS, _HOLDERS, ("funding_source_id", "funding_sources", "id")],
        indexes=[
            ("account_holder_id", "created_at", "id"),
            ("project_id", "created_at", "id"),
            ("funding_source_id",),
        ],
    ),
    Table(
        "funding_limit_settings",
        {
            "account_holder_id": str,
            "project_id": str,
            "funding_limit": str,  # EUR over `rolling_days`
            "rolling_days": int,
            "instant_funding_limit": str,  # EUR over the same window, for instant requests
            "status": str,  # Enabled | Suspended | Disabled
            "status_reason": str,
            "updated_at": str,
        },
        pk="account_holder_id",
        not_null={
            "project_id",
            "funding_limit",
            "rolling_days",
            "instant_funding_limit",
            "status",
        },
        foreign_keys=[_PROJECTS, _HOLDERS],
    ),
    Table(
        "funding_limit_change_requests",
        {
            "id": str,
            "project_id": str,
            "account_holder_id": str,
            "funding_limit": str,
            "instant_funding_limit": str,
            "status": str,  # Pending | WaitingForInformation | Approved | Refused
            "reason": str,
            "approved_funding_limit": str,
            "approved_instant_funding_limit": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "account_holder_id",
            "funding_limit",
            "instant_funding_limit",
            "status",
            "created_at",
            "updated_at",
        },
        foreign_keys=[_PROJECTS, _HOLDERS],
        indexes=[("account_holder_id", "created_at", "id")],
    ),
)

#: A funding request's transaction names the mandate it is collected under.
FUNDING_CHANGES = (
    Alter("transactions", {"payment_mandate_id": str}, indexes=[("payment_mandate_id",)]),
    # A funding request is a payment with no transfers: what it asks for is kept here.
    Alter(
        "payments",
        {
            "funding_source_id": str,
            "funding_amount": str,
            "funding_label": str,
            "funding_reference": str,
            "funding_instant": int,
            "funding_requested_at": str,  # requestedExecutionAt: when the debit executes
        },
    ),
)


@migrations()
def m001_funding(db: sqlite_utils.Database) -> None:
    apply(db, *FUNDING_TABLES, *FUNDING_CHANGES)

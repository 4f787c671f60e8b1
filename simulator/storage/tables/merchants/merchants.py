"""Tables of merchants: the merchant profiles an account asks for, the payment methods a
profile asks for, and the change requests of each (all reviewed by the bank: the Testing
API's outcome simulations)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, apply

migrations = Migrations("merchants")

_PROJECTS = ("project_id", "projects", "id")
_ACCOUNTS = ("account_id", "accounts", "id")
_PROFILES = ("merchant_profile_id", "merchant_profiles", "id")
_METHODS = ("merchant_payment_method_id", "merchant_payment_methods", "id")

#: The columns a profile and its update requests share (a request holds the new values).
_PROFILE_DETAILS: dict[str, type] = {
    "merchant_name": str,
    "product_type": str,  # ProductType
    "expected_average_basket": str,  # EUR amount, as text
    "expected_monthly_payment_volume": str,  # EUR amount, as text (deprecated input)
    "expected_monthly_merchant_processing_volume": str,  # the volume bucket
    "customer_region": str,
    "payment_frequency": str,
    "merchant_website_url": str,
    "support_website_url": str,
    "social_network_url": str,
    "terms_and_conditions_url": str,
    "accent_color": str,
    "additional_information": str,  # JSON list of {type, value} / {description, value}
}

MERCHANT_TABLES = (
    Table(
        "merchant_profiles",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            **_PROFILE_DETAILS,
            "status": str,  # PendingReview | Enabled | Rejected | Suspended | Disabled
            "rejection_reason": str,
            "status_changed_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "merchant_name", "status", "created_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[("account_id",), ("project_id", "created_at", "id")],
    ),
    Table(
        "merchant_profile_update_requests",
        {
            "id": str,
            "project_id": str,
            "merchant_profile_id": str,
            "changes": str,  # JSON: the fields the request sets (snake_case keys)
            "status": str,  # PendingReview | Enabled | Rejected | Canceled
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "merchant_profile_id", "changes", "status", "created_at"},
        foreign_keys=[_PROJECTS, _PROFILES],
        indexes=[("merchant_profile_id", "created_at")],
    ),
    Table(
        "merchant_payment_methods",
        {
            "id": str,
            "project_id": str,
            "merchant_profile_id": str,
            "method_id": str,  # stays the same across versions
            "type": str,  # MerchantPaymentMethodType
            "version": int,
            "status": str,  # MerchantPaymentMethodStatus
            "rejection_reason": str,
            "verification_requirements": str,  # JSON, while WaitingForInformation
            "sepa_creditor_identifier": str,
            "use_swan_sepa_creditor_identifier": int,
            "status_changed_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "merchant_profile_id", "method_id", "type", "status"},
        foreign_keys=[_PROJECTS, _PROFILES],
        indexes=[("merchant_profile_id", "created_at", "id")],
    ),
    Table(
        "merchant_payment_method_update_requests",
        {
            "id": str,
            "project_id": str,
            "merchant_payment_method_id": str,
            "sepa_creditor_identifier": str,
            "use_swan_sepa_creditor_identifier": int,
            "status": str,  # PendingReview | Enabled | Rejected | Canceled
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "merchant_payment_method_id", "status", "created_at"},
        foreign_keys=[_PROJECTS, _METHODS],
        indexes=[("merchant_payment_method_id", "created_at")],
    ),
)


@migrations()
def m001_merchants(db: sqlite_utils.Database) -> None:
    apply(db, *MERCHANT_TABLES)

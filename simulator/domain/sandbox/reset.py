"""Resetting a project's Sandbox data (the Testing API's `resetSandboxData`)."""

from __future__ import annotations

from ..kernel.context import Environment

__all__ = ["reset_project_data"]

#: Deleted in this order (children first); each entry is (table, condition on the project).
_RESET_ORDER = [
    # Rows pointing at the tables below go first (issue 34: a reset broke a foreign key).
    ("verification_renewals", "project_id = ?"),
    ("account_admin_changes", "project_id = ?"),
    ("membership_invitations", "project_id = ?"),
    ("received_direct_debit_mandates", "project_id = ?"),
    ("merchant_payment_link_card_mandates", "project_id = ?"),
    ("external_account_balances", "project_id = ?"),
    ("external_accounts", "project_id = ?"),
    ("account_holder_risk_info", "project_id = ?"),
    ("account_settings", "project_id = ?"),
    ("credit_statements", "project_id = ?"),
    ("repayments", "project_id = ?"),
    ("repayment_cycles", "project_id = ?"),
    ("credit_limit_requests", "project_id = ?"),
    ("credit_limit_settings", "project_id = ?"),
    ("account_invoices", "project_id = ?"),
    ("capital_deposit_documents", "project_id = ?"),
    ("capital_deposit_shareholders", "project_id = ?"),
    ("capital_deposit_cases", "project_id = ?"),
    ("exports", "project_id = ?"),
    ("project_owners", "project_id = ?"),
    ("project_billing", "project_id = ?"),
    ("test_checks", "project_id = ?"),
    ("transaction_statements", "project_id = ?"),
    ("account_statements", "project_id = ?"),
    ("virtual_iban_entries", "project_id = ?"),
    ("beneficiary_verifications", "project_id = ?"),
    ("trusted_beneficiaries", "project_id = ?"),
    ("standing_orders", "project_id = ?"),
    ("funding_limit_change_requests", "project_id = ?"),
    ("funding_limit_settings", "project_id = ?"),
    ("merchant_payments", "project_id = ?"),
    ("check_transactions", "project_id = ?"),
    ("internal_direct_debits", "project_id = ?"),
    ("transactions", "project_id = ?"),
    ("payment_mandates", "project_id = ?"),
    ("funding_sources", "project_id = ?"),
    ("payment_transfers", "payment_id IN (SELECT id FROM payments WHERE project_id = ?)"),
    ("international_credit_transfers", "project_id = ?"),
    ("payments", "project_id = ?"),
    ("idempotency_keys", "project_id = ?"),
    ("merchant_payment_links", "project_id = ?"),
    ("in_person_payment_intents", "project_id = ?"),
    ("terminal_connection_tokens", "project_id = ?"),
    ("merchant_payment_method_update_requests", "project_id = ?"),
    ("merchant_payment_methods", "project_id = ?"),
    ("merchant_profile_update_requests", "project_id = ?"),
    ("merchant_profiles", "project_id = ?"),
    ("digital_cards", "project_id = ?"),
    ("card_insurance_subscriptions", "project_id = ?"),
    ("cards", "project_id = ?"),
    ("account_memberships", "project_id = ?"),
    ("consents", "project_id = ?"),
    ("account_balances", "account_id IN (SELECT id FROM accounts WHERE project_id = ?)"),
    ("accounts", "project_id = ?"),
    ("account_holders", "project_id = ?"),
    ("dataset_records", "project_id = ?"),
]


def reset_project_data(env: Environment, project_id: str) -> dict[str, int]:
    """Delete a project's banking data (holders, accounts, memberships, cards, payments,
    transactions, consents, dataset records) in one transaction; the project, its
    credentials, tokens, users and event journal stay."""
    deleted: dict[str, int] = {}
    with env.store.atomic() as db:
        for table, condition in _RESET_ORDER:
            cursor = db.execute(f"DELETE FROM [{table}] WHERE {condition}", [project_id])
            deleted[table] = cursor.rowcount
    return deleted

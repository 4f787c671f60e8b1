# A literal table name picks its overload before the `str` fallback (`Row`), on purpose.
# mypy: disable-error-code="overload-overlap"
"""Row types of every table, and typed row helpers. GENERATED: do not edit.

Written by `python scripts/generate_rows.py` from the migrations in
`simulator/storage/tables/` (each table's current shape); tests/test_rows.py fails when
this file drifts from them. Per table: `<Name>Row` (a whole row as read), `<Name>New` (a row
to insert) and `<Name>Changes` (`total=False`: the columns an update may set).

```python
card = get_row(db, "cards", card_id)      # a CardRow: card["status"] is a str
update_row(db, "cards", card_id, {"status": "Enabled"})   # checked against CardChanges
```
"""

# The classes are the type checker's: at run time each row type is made from
# `_ROW_TYPES` at the first use of its name (a start-up makes the few it uses, not all
# 270 of them: 10 ms; docs/performance.md, "First answer").

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, overload

from . import _rows
from ._database import Database
from ._rows import PrimaryKey, Row

__all__ = [
    "AccountAdminChangeChanges",
    "AccountAdminChangeNew",
    "AccountAdminChangeRow",
    "AccountBalanceChanges",
    "AccountBalanceNew",
    "AccountBalanceRow",
    "AccountChanges",
    "AccountHolderChanges",
    "AccountHolderNew",
    "AccountHolderRiskInfoChanges",
    "AccountHolderRiskInfoNew",
    "AccountHolderRiskInfoRow",
    "AccountHolderRow",
    "AccountInvoiceChanges",
    "AccountInvoiceNew",
    "AccountInvoiceRow",
    "AccountMembershipChanges",
    "AccountMembershipNew",
    "AccountMembershipRow",
    "AccountNew",
    "AccountRow",
    "AccountSettingChanges",
    "AccountSettingNew",
    "AccountSettingRow",
    "AccountStatementChanges",
    "AccountStatementNew",
    "AccountStatementRow",
    "AuthorizationCodeChanges",
    "AuthorizationCodeNew",
    "AuthorizationCodeRow",
    "BeneficiaryVerificationChanges",
    "BeneficiaryVerificationNew",
    "BeneficiaryVerificationRow",
    "CapitalDepositCaseChanges",
    "CapitalDepositCaseNew",
    "CapitalDepositCaseRow",
    "CapitalDepositDocumentChanges",
    "CapitalDepositDocumentNew",
    "CapitalDepositDocumentRow",
    "CapitalDepositShareholderChanges",
    "CapitalDepositShareholderNew",
    "CapitalDepositShareholderRow",
    "CardChanges",
    "CardInsuranceSubscriptionChanges",
    "CardInsuranceSubscriptionNew",
    "CardInsuranceSubscriptionRow",
    "CardNew",
    "CardRow",
    "CheckTransactionChanges",
    "CheckTransactionNew",
    "CheckTransactionRow",
    "ConsentChanges",
    "ConsentNew",
    "ConsentRow",
    "CreditLimitRequestChanges",
    "CreditLimitRequestNew",
    "CreditLimitRequestRow",
    "CreditLimitSettingChanges",
    "CreditLimitSettingNew",
    "CreditLimitSettingRow",
    "CreditStatementChanges",
    "CreditStatementNew",
    "CreditStatementRow",
    "DashboardLinkChanges",
    "DashboardLinkNew",
    "DashboardLinkRow",
    "DashboardSessionChanges",
    "DashboardSessionNew",
    "DashboardSessionRow",
    "DatasetRecordChanges",
    "DatasetRecordNew",
    "DatasetRecordRow",
    "DigitalCardChanges",
    "DigitalCardNew",
    "DigitalCardRow",
    "EventChanges",
    "EventNew",
    "EventRow",
    "ExportChanges",
    "ExportNew",
    "ExportRow",
    "ExternalAccountBalanceChanges",
    "ExternalAccountBalanceNew",
    "ExternalAccountBalanceRow",
    "ExternalAccountChanges",
    "ExternalAccountNew",
    "ExternalAccountRow",
    "ExternalIdentificationChanges",
    "ExternalIdentificationNew",
    "ExternalIdentificationRow",
    "FundingLimitChangeRequestChanges",
    "FundingLimitChangeRequestNew",
    "FundingLimitChangeRequestRow",
    "FundingLimitSettingChanges",
    "FundingLimitSettingNew",
    "FundingLimitSettingRow",
    "FundingSourceChanges",
    "FundingSourceNew",
    "FundingSourceRow",
    "HashKeyChanges",
    "HashKeyNew",
    "HashKeyRow",
    "IdSecretChanges",
    "IdSecretNew",
    "IdSecretRow",
    "IdSequenceChanges",
    "IdSequenceNew",
    "IdSequenceRow",
    "IdempotencyKeyChanges",
    "IdempotencyKeyNew",
    "IdempotencyKeyRow",
    "IdentificationDocumentUploadChanges",
    "IdentificationDocumentUploadNew",
    "IdentificationDocumentUploadRow",
    "InPersonPaymentIntentChanges",
    "InPersonPaymentIntentNew",
    "InPersonPaymentIntentRow",
    "InternalDirectDebitChanges",
    "InternalDirectDebitNew",
    "InternalDirectDebitRow",
    "InternationalCreditTransferChanges",
    "InternationalCreditTransferNew",
    "InternationalCreditTransferRow",
    "JournalEntryChanges",
    "JournalEntryNew",
    "JournalEntryRow",
    "JournalSecretChanges",
    "JournalSecretNew",
    "JournalSecretRow",
    "MembershipInvitationChanges",
    "MembershipInvitationNew",
    "MembershipInvitationRow",
    "MerchantPaymentChanges",
    "MerchantPaymentLinkCardMandateChanges",
    "MerchantPaymentLinkCardMandateNew",
    "MerchantPaymentLinkCardMandateRow",
    "MerchantPaymentLinkChanges",
    "MerchantPaymentLinkNew",
    "MerchantPaymentLinkRow",
    "MerchantPaymentMethodChanges",
    "MerchantPaymentMethodNew",
    "MerchantPaymentMethodRow",
    "MerchantPaymentMethodUpdateRequestChanges",
    "MerchantPaymentMethodUpdateRequestNew",
    "MerchantPaymentMethodUpdateRequestRow",
    "MerchantPaymentNew",
    "MerchantPaymentRow",
    "MerchantProfileChanges",
    "MerchantProfileNew",
    "MerchantProfileRow",
    "MerchantProfileUpdateRequestChanges",
    "MerchantProfileUpdateRequestNew",
    "MerchantProfileUpdateRequestRow",
    "OauthProjectSettingChanges",
    "OauthProjectSettingNew",
    "OauthProjectSettingRow",
    "OnboardingChanges",
    "OnboardingNew",
    "OnboardingRow",
    "OnboardingSettingChanges",
    "OnboardingSettingNew",
    "OnboardingSettingRow",
    "PaymentChanges",
    "PaymentMandateChanges",
    "PaymentMandateNew",
    "PaymentMandateRow",
    "PaymentNew",
    "PaymentRow",
    "PaymentTransferChanges",
    "PaymentTransferNew",
    "PaymentTransferRow",
    "ProjectBillingChanges",
    "ProjectBillingNew",
    "ProjectBillingRow",
    "ProjectChanges",
    "ProjectNew",
    "ProjectOwnerChanges",
    "ProjectOwnerNew",
    "ProjectOwnerRow",
    "ProjectRateLimitChanges",
    "ProjectRateLimitNew",
    "ProjectRateLimitRow",
    "ProjectRow",
    "ReceivedDirectDebitMandateChanges",
    "ReceivedDirectDebitMandateNew",
    "ReceivedDirectDebitMandateRow",
    "RepaymentChanges",
    "RepaymentCycleChanges",
    "RepaymentCycleNew",
    "RepaymentCycleRow",
    "RepaymentNew",
    "RepaymentRow",
    "SandboxIdentificationChanges",
    "SandboxIdentificationNew",
    "SandboxIdentificationRow",
    "SandboxUserEndorsementChanges",
    "SandboxUserEndorsementNew",
    "SandboxUserEndorsementRow",
    "ServerConsentKeyChanges",
    "ServerConsentKeyNew",
    "ServerConsentKeyRow",
    "SigningKeyChanges",
    "SigningKeyNew",
    "SigningKeyRow",
    "SmsCodeChanges",
    "SmsCodeNew",
    "SmsCodeRow",
    "SmsOutboxChanges",
    "SmsOutboxNew",
    "SmsOutboxRow",
    "StandingOrderChanges",
    "StandingOrderNew",
    "StandingOrderRow",
    "SupportingDocumentChanges",
    "SupportingDocumentCollectionChanges",
    "SupportingDocumentCollectionNew",
    "SupportingDocumentCollectionRow",
    "SupportingDocumentNew",
    "SupportingDocumentRow",
    "TableName",
    "TerminalConnectionTokenChanges",
    "TerminalConnectionTokenNew",
    "TerminalConnectionTokenRow",
    "TestCheckChanges",
    "TestCheckNew",
    "TestCheckRow",
    "TokenChanges",
    "TokenFamilyChanges",
    "TokenFamilyNew",
    "TokenFamilyRow",
    "TokenNew",
    "TokenRow",
    "TransactionChanges",
    "TransactionNew",
    "TransactionRow",
    "TransactionStatementChanges",
    "TransactionStatementNew",
    "TransactionStatementRow",
    "TrustedBeneficiaryChanges",
    "TrustedBeneficiaryNew",
    "TrustedBeneficiaryRow",
    "UserChanges",
    "UserConsentSettingChanges",
    "UserConsentSettingNew",
    "UserConsentSettingRow",
    "UserNew",
    "UserRow",
    "VerificationRenewalChanges",
    "VerificationRenewalNew",
    "VerificationRenewalRow",
    "VirtualIbanEntryChanges",
    "VirtualIbanEntryNew",
    "VirtualIbanEntryRow",
    "WebSessionChanges",
    "WebSessionNew",
    "WebSessionRow",
    "WebhookAttemptChanges",
    "WebhookAttemptNew",
    "WebhookAttemptRow",
    "WebhookDeliveryChanges",
    "WebhookDeliveryNew",
    "WebhookDeliveryRow",
    "WebhookSettingChanges",
    "WebhookSettingNew",
    "WebhookSettingRow",
    "WebhookSubscriptionChanges",
    "WebhookSubscriptionEventTypeChanges",
    "WebhookSubscriptionEventTypeNew",
    "WebhookSubscriptionEventTypeRow",
    "WebhookSubscriptionNew",
    "WebhookSubscriptionRow",
    "find_row",
    "get_row",
    "insert_row",
    "insert_rows",
    "rows_where",
    "update_row",
    "upsert_row",
]

#: Every table's name.
TableName = Literal[
    "id_sequences",
    "projects",
    "users",
    "tokens",
    "account_holders",
    "accounts",
    "account_memberships",
    "consents",
    "id_secret",
    "events",
    "signing_keys",
    "oauth_project_settings",
    "web_sessions",
    "sms_outbox",
    "sms_codes",
    "authorization_codes",
    "token_families",
    "hash_keys",
    "webhook_subscriptions",
    "webhook_subscription_event_types",
    "webhook_deliveries",
    "webhook_attempts",
    "webhook_settings",
    "account_balances",
    "cards",
    "payments",
    "payment_transfers",
    "transactions",
    "idempotency_keys",
    "dataset_records",
    "project_rate_limits",
    "dashboard_links",
    "dashboard_sessions",
    "virtual_iban_entries",
    "account_statements",
    "transaction_statements",
    "onboardings",
    "supporting_document_collections",
    "supporting_documents",
    "onboarding_settings",
    "verification_renewals",
    "account_admin_changes",
    "journal_entries",
    "journal_secrets",
    "user_consent_settings",
    "membership_invitations",
    "sandbox_user_endorsements",
    "server_consent_keys",
    "sandbox_identifications",
    "external_identifications",
    "identification_document_uploads",
    "digital_cards",
    "card_insurance_subscriptions",
    "trusted_beneficiaries",
    "beneficiary_verifications",
    "standing_orders",
    "received_direct_debit_mandates",
    "account_invoices",
    "project_billing",
    "project_owners",
    "test_checks",
    "merchant_profiles",
    "merchant_profile_update_requests",
    "merchant_payment_methods",
    "merchant_payment_method_update_requests",
    "funding_sources",
    "payment_mandates",
    "funding_limit_settings",
    "funding_limit_change_requests",
    "merchant_payments",
    "in_person_payment_intents",
    "terminal_connection_tokens",
    "capital_deposit_cases",
    "capital_deposit_shareholders",
    "capital_deposit_documents",
    "exports",
    "merchant_payment_links",
    "merchant_payment_link_card_mandates",
    "international_credit_transfers",
    "check_transactions",
    "internal_direct_debits",
    "credit_limit_settings",
    "credit_limit_requests",
    "repayment_cycles",
    "repayments",
    "credit_statements",
    "external_accounts",
    "external_account_balances",
    "account_holder_risk_info",
    "account_settings",
]


if TYPE_CHECKING:

    class IdSequenceRow(TypedDict):
        """A row of `id_sequences`."""

        kind: str
        value: int

    class IdSequenceNew(TypedDict):
        """A row to insert into `id_sequences`."""

        kind: str
        value: int

    class IdSequenceChanges(TypedDict, total=False):
        """Columns of `id_sequences` an update may set."""

        kind: str
        value: int

    class ProjectRow(TypedDict):
        """A row of `projects`."""

        id: str
        name: str
        client_id: str
        client_secret_hash: str
        redirect_uris: str
        created_at: str

    class ProjectNew(TypedDict):
        """A row to insert into `projects`."""

        id: str
        name: str
        client_id: str
        client_secret_hash: str
        redirect_uris: str
        created_at: str

    class ProjectChanges(TypedDict, total=False):
        """Columns of `projects` an update may set."""

        id: str
        name: str
        client_id: str
        client_secret_hash: str
        redirect_uris: str
        created_at: str

    class UserRow(TypedDict):
        """A row of `users`."""

        id: str
        phone_number: str
        first_name: str | None
        last_name: str | None
        birth_date: str | None
        identification_levels: str
        auto_consent: int
        created_at: str
        updated_at: str | None
        project_id: str | None
        status: str | None
        deactivated_at: str | None
        nationality_cca3: str | None
        birth_country_cca3: str | None
        all_first_names: str | None
        deleted_at: str | None

    class UserNew(TypedDict):
        """A row to insert into `users`."""

        id: str
        phone_number: str
        first_name: NotRequired[str | None]
        last_name: NotRequired[str | None]
        birth_date: NotRequired[str | None]
        identification_levels: NotRequired[str]
        auto_consent: NotRequired[int]
        created_at: str
        updated_at: NotRequired[str | None]
        project_id: NotRequired[str | None]
        status: NotRequired[str | None]
        deactivated_at: NotRequired[str | None]
        nationality_cca3: NotRequired[str | None]
        birth_country_cca3: NotRequired[str | None]
        all_first_names: NotRequired[str | None]
        deleted_at: NotRequired[str | None]

    class UserChanges(TypedDict, total=False):
        """Columns of `users` an update may set."""

        id: str
        phone_number: str
        first_name: str | None
        last_name: str | None
        birth_date: str | None
        identification_levels: str
        auto_consent: int
        created_at: str
        updated_at: str | None
        project_id: str | None
        status: str | None
        deactivated_at: str | None
        nationality_cca3: str | None
        birth_country_cca3: str | None
        all_first_names: str | None
        deleted_at: str | None

    class TokenRow(TypedDict):
        """A row of `tokens`."""

        token_hash: str
        kind: str
        project_id: str
        user_id: str | None
        scope: str
        family_id: str | None
        issued_at: str
        expires_at: str | None
        revoked_at: str | None

    class TokenNew(TypedDict):
        """A row to insert into `tokens`."""

        token_hash: str
        kind: str
        project_id: str
        user_id: NotRequired[str | None]
        scope: str
        family_id: NotRequired[str | None]
        issued_at: str
        expires_at: NotRequired[str | None]
        revoked_at: NotRequired[str | None]

    class TokenChanges(TypedDict, total=False):
        """Columns of `tokens` an update may set."""

        token_hash: str
        kind: str
        project_id: str
        user_id: str | None
        scope: str
        family_id: str | None
        issued_at: str
        expires_at: str | None
        revoked_at: str | None

    class AccountHolderRow(TypedDict):
        """A row of `account_holders`."""

        id: str
        project_id: str
        type: str
        first_name: str | None
        last_name: str | None
        company_name: str | None
        verification_status: str
        status: str
        created_at: str
        updated_at: str | None
        tax_identification_number: str | None
        vat_number: str | None
        registration_number: str | None
        status_reason: str | None
        verification_changed_at: str | None
        verification_refusal_reason: str | None
        verification_requirements: str | None

    class AccountHolderNew(TypedDict):
        """A row to insert into `account_holders`."""

        id: str
        project_id: str
        type: str
        first_name: NotRequired[str | None]
        last_name: NotRequired[str | None]
        company_name: NotRequired[str | None]
        verification_status: str
        status: str
        created_at: str
        updated_at: NotRequired[str | None]
        tax_identification_number: NotRequired[str | None]
        vat_number: NotRequired[str | None]
        registration_number: NotRequired[str | None]
        status_reason: NotRequired[str | None]
        verification_changed_at: NotRequired[str | None]
        verification_refusal_reason: NotRequired[str | None]
        verification_requirements: NotRequired[str | None]

    class AccountHolderChanges(TypedDict, total=False):
        """Columns of `account_holders` an update may set."""

        id: str
        project_id: str
        type: str
        first_name: str | None
        last_name: str | None
        company_name: str | None
        verification_status: str
        status: str
        created_at: str
        updated_at: str | None
        tax_identification_number: str | None
        vat_number: str | None
        registration_number: str | None
        status_reason: str | None
        verification_changed_at: str | None
        verification_refusal_reason: str | None
        verification_requirements: str | None

    class AccountRow(TypedDict):
        """A row of `accounts`."""

        id: str
        project_id: str
        holder_id: str
        number: str
        name: str
        iban: str | None
        bic: str
        currency: str
        country: str | None
        language: str | None
        status: str
        status_reason: str | None
        opened_at: str | None
        closed_at: str | None
        created_at: str | None
        updated_at: str | None
        closes_at: str | None
        closing_consent_id: str | None
        closing_reason: str | None
        block_sdd: int | None
        closing_at: str | None
        closing_reason_type: str | None

    class AccountNew(TypedDict):
        """A row to insert into `accounts`."""

        id: str
        project_id: str
        holder_id: str
        number: str
        name: str
        iban: NotRequired[str | None]
        bic: str
        currency: str
        country: NotRequired[str | None]
        language: NotRequired[str | None]
        status: str
        status_reason: NotRequired[str | None]
        opened_at: NotRequired[str | None]
        closed_at: NotRequired[str | None]
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]
        closes_at: NotRequired[str | None]
        closing_consent_id: NotRequired[str | None]
        closing_reason: NotRequired[str | None]
        block_sdd: NotRequired[int | None]
        closing_at: NotRequired[str | None]
        closing_reason_type: NotRequired[str | None]

    class AccountChanges(TypedDict, total=False):
        """Columns of `accounts` an update may set."""

        id: str
        project_id: str
        holder_id: str
        number: str
        name: str
        iban: str | None
        bic: str
        currency: str
        country: str | None
        language: str | None
        status: str
        status_reason: str | None
        opened_at: str | None
        closed_at: str | None
        created_at: str | None
        updated_at: str | None
        closes_at: str | None
        closing_consent_id: str | None
        closing_reason: str | None
        block_sdd: int | None
        closing_at: str | None
        closing_reason_type: str | None

    class AccountMembershipRow(TypedDict):
        """A row of `account_memberships`."""

        id: str
        project_id: str
        account_id: str
        user_id: str | None
        email: str | None
        can_view_account: int | None
        can_manage_beneficiaries: int | None
        can_initiate_payments: int | None
        can_manage_account_membership: int | None
        can_manage_cards: int | None
        legal_representative: int | None
        status: str
        created_at: str
        updated_at: str | None
        consent_id: str | None
        restricted_first_name: str | None
        restricted_last_name: str | None
        restricted_phone_number: str | None
        restricted_birth_date: str | None
        status_reason: str | None
        bound_at: str | None
        pending_update: str | None
        pending_consent_id: str | None
        language: str | None
        disabled_at: str | None
        residency_address: str | None
        tax_identification_number: str | None
        spending_limit_value: str | None
        spending_limit_period: str | None
        spending_limit_mode: str | None

    class AccountMembershipNew(TypedDict):
        """A row to insert into `account_memberships`."""

        id: str
        project_id: str
        account_id: str
        user_id: NotRequired[str | None]
        email: NotRequired[str | None]
        can_view_account: NotRequired[int | None]
        can_manage_beneficiaries: NotRequired[int | None]
        can_initiate_payments: NotRequired[int | None]
        can_manage_account_membership: NotRequired[int | None]
        can_manage_cards: NotRequired[int | None]
        legal_representative: NotRequired[int | None]
        status: str
        created_at: str
        updated_at: NotRequired[str | None]
        consent_id: NotRequired[str | None]
        restricted_first_name: NotRequired[str | None]
        restricted_last_name: NotRequired[str | None]
        restricted_phone_number: NotRequired[str | None]
        restricted_birth_date: NotRequired[str | None]
        status_reason: NotRequired[str | None]
        bound_at: NotRequired[str | None]
        pending_update: NotRequired[str | None]
        pending_consent_id: NotRequired[str | None]
        language: NotRequired[str | None]
        disabled_at: NotRequired[str | None]
        residency_address: NotRequired[str | None]
        tax_identification_number: NotRequired[str | None]
        spending_limit_value: NotRequired[str | None]
        spending_limit_period: NotRequired[str | None]
        spending_limit_mode: NotRequired[str | None]

    class AccountMembershipChanges(TypedDict, total=False):
        """Columns of `account_memberships` an update may set."""

        id: str
        project_id: str
        account_id: str
        user_id: str | None
        email: str | None
        can_view_account: int | None
        can_manage_beneficiaries: int | None
        can_initiate_payments: int | None
        can_manage_account_membership: int | None
        can_manage_cards: int | None
        legal_representative: int | None
        status: str
        created_at: str
        updated_at: str | None
        consent_id: str | None
        restricted_first_name: str | None
        restricted_last_name: str | None
        restricted_phone_number: str | None
        restricted_birth_date: str | None
        status_reason: str | None
        bound_at: str | None
        pending_update: str | None
        pending_consent_id: str | None
        language: str | None
        disabled_at: str | None
        residency_address: str | None
        tax_identification_number: str | None
        spending_limit_value: str | None
        spending_limit_period: str | None
        spending_limit_mode: str | None

    class ConsentRow(TypedDict):
        """A row of `consents`."""

        id: str
        project_id: str
        user_id: str | None
        purpose: str
        status: str
        redirect_url: str
        resource_id: str | None
        require_sca: int | None
        created_at: str
        updated_at: str | None
        started_at: str | None
        expires_at: str | None
        status_reason: str | None
        finished_at: str | None
        parent_consent_id: str | None
        child_order: int | None

    class ConsentNew(TypedDict):
        """A row to insert into `consents`."""

        id: str
        project_id: str
        user_id: NotRequired[str | None]
        purpose: str
        status: str
        redirect_url: str
        resource_id: NotRequired[str | None]
        require_sca: NotRequired[int | None]
        created_at: str
        updated_at: NotRequired[str | None]
        started_at: NotRequired[str | None]
        expires_at: NotRequired[str | None]
        status_reason: NotRequired[str | None]
        finished_at: NotRequired[str | None]
        parent_consent_id: NotRequired[str | None]
        child_order: NotRequired[int | None]

    class ConsentChanges(TypedDict, total=False):
        """Columns of `consents` an update may set."""

        id: str
        project_id: str
        user_id: str | None
        purpose: str
        status: str
        redirect_url: str
        resource_id: str | None
        require_sca: int | None
        created_at: str
        updated_at: str | None
        started_at: str | None
        expires_at: str | None
        status_reason: str | None
        finished_at: str | None
        parent_consent_id: str | None
        child_order: int | None

    class IdSecretRow(TypedDict):
        """A row of `id_secret`."""

        slot: str
        scheme: str
        secret: str | None

    class IdSecretNew(TypedDict):
        """A row to insert into `id_secret`."""

        slot: str
        scheme: str
        secret: NotRequired[str | None]

    class IdSecretChanges(TypedDict, total=False):
        """Columns of `id_secret` an update may set."""

        slot: str
        scheme: str
        secret: str | None

    class EventRow(TypedDict):
        """A row of `events`."""

        id: str
        project_id: str
        event_type: str
        resource_id: str
        event_date: str
        sequence: int

    class EventNew(TypedDict):
        """A row to insert into `events`."""

        id: str
        project_id: str
        event_type: str
        resource_id: str
        event_date: str
        sequence: int

    class EventChanges(TypedDict, total=False):
        """Columns of `events` an update may set."""

        id: str
        project_id: str
        event_type: str
        resource_id: str
        event_date: str
        sequence: int

    class SigningKeyRow(TypedDict):
        """A row of `signing_keys`."""

        kid: str
        slot: str
        algorithm: str
        private_jwk: str
        created_at: str

    class SigningKeyNew(TypedDict):
        """A row to insert into `signing_keys`."""

        kid: str
        slot: str
        algorithm: str
        private_jwk: str
        created_at: str

    class SigningKeyChanges(TypedDict, total=False):
        """Columns of `signing_keys` an update may set."""

        kid: str
        slot: str
        algorithm: str
        private_jwk: str
        created_at: str

    class OauthProjectSettingRow(TypedDict):
        """A row of `oauth_project_settings`."""

        project_id: str
        pkce_enabled: int
        updated_at: str

    class OauthProjectSettingNew(TypedDict):
        """A row to insert into `oauth_project_settings`."""

        project_id: str
        pkce_enabled: NotRequired[int]
        updated_at: str

    class OauthProjectSettingChanges(TypedDict, total=False):
        """Columns of `oauth_project_settings` an update may set."""

        project_id: str
        pkce_enabled: int
        updated_at: str

    class WebSessionRow(TypedDict):
        """A row of `web_sessions`."""

        id: str
        secret_hash: str
        purpose: str
        project_id: str
        continue_to: str
        restart_url: str
        data: str
        phone_hint: str | None
        phone_number: str | None
        user_id: str | None
        step: str
        logged_in_at: str | None
        csrf_token: str
        codes_sent: int
        failed_code_attempts: int
        locked_at: str | None
        finished_at: str | None
        created_at: str
        last_seen_at: str
        expires_at: str

    class WebSessionNew(TypedDict):
        """A row to insert into `web_sessions`."""

        id: str
        secret_hash: str
        purpose: str
        project_id: str
        continue_to: str
        restart_url: str
        data: str
        phone_hint: NotRequired[str | None]
        phone_number: NotRequired[str | None]
        user_id: NotRequired[str | None]
        step: str
        logged_in_at: NotRequired[str | None]
        csrf_token: str
        codes_sent: NotRequired[int]
        failed_code_attempts: NotRequired[int]
        locked_at: NotRequired[str | None]
        finished_at: NotRequired[str | None]
        created_at: str
        last_seen_at: str
        expires_at: str

    class WebSessionChanges(TypedDict, total=False):
        """Columns of `web_sessions` an update may set."""

        id: str
        secret_hash: str
        purpose: str
        project_id: str
        continue_to: str
        restart_url: str
        data: str
        phone_hint: str | None
        phone_number: str | None
        user_id: str | None
        step: str
        logged_in_at: str | None
        csrf_token: str
        codes_sent: int
        failed_code_attempts: int
        locked_at: str | None
        finished_at: str | None
        created_at: str
        last_seen_at: str
        expires_at: str

    class SmsOutboxRow(TypedDict):
        """A row of `sms_outbox`."""

        id: str
        phone_number: str
        text: str
        sent_at: str
        sequence: int
        project_id: str | None

    class SmsOutboxNew(TypedDict):
        """A row to insert into `sms_outbox`."""

        id: str
        phone_number: str
        text: str
        sent_at: str
        sequence: int
        project_id: NotRequired[str | None]

    class SmsOutboxChanges(TypedDict, total=False):
        """Columns of `sms_outbox` an update may set."""

        id: str
        phone_number: str
        text: str
        sent_at: str
        sequence: int
        project_id: str | None

    class SmsCodeRow(TypedDict):
        """A row of `sms_codes`."""

        id: str
        session_id: str
        phone_number: str
        code_hash: str
        sent_at: str
        expires_at: str
        superseded_at: str | None
        used_at: str | None

    class SmsCodeNew(TypedDict):
        """A row to insert into `sms_codes`."""

        id: str
        session_id: str
        phone_number: str
        code_hash: str
        sent_at: str
        expires_at: str
        superseded_at: NotRequired[str | None]
        used_at: NotRequired[str | None]

    class SmsCodeChanges(TypedDict, total=False):
        """Columns of `sms_codes` an update may set."""

        id: str
        session_id: str
        phone_number: str
        code_hash: str
        sent_at: str
        expires_at: str
        superseded_at: str | None
        used_at: str | None

    class AuthorizationCodeRow(TypedDict):
        """A row of `authorization_codes`."""

        code_hash: str
        project_id: str
        client_id: str
        user_id: str
        redirect_uri: str
        redirect_uri_sent: int
        scope: str
        nonce: str | None
        code_challenge: str | None
        code_challenge_method: str | None
        auth_time: str
        issued_at: str
        expires_at: str
        used_at: str | None
        family_id: str | None

    class AuthorizationCodeNew(TypedDict):
        """A row to insert into `authorization_codes`."""

        code_hash: str
        project_id: str
        client_id: str
        user_id: str
        redirect_uri: str
        redirect_uri_sent: int
        scope: str
        nonce: NotRequired[str | None]
        code_challenge: NotRequired[str | None]
        code_challenge_method: NotRequired[str | None]
        auth_time: str
        issued_at: str
        expires_at: str
        used_at: NotRequired[str | None]
        family_id: NotRequired[str | None]

    class AuthorizationCodeChanges(TypedDict, total=False):
        """Columns of `authorization_codes` an update may set."""

        code_hash: str
        project_id: str
        client_id: str
        user_id: str
        redirect_uri: str
        redirect_uri_sent: int
        scope: str
        nonce: str | None
        code_challenge: str | None
        code_challenge_method: str | None
        auth_time: str
        issued_at: str
        expires_at: str
        used_at: str | None
        family_id: str | None

    class TokenFamilyRow(TypedDict):
        """A row of `token_families`."""

        id: str
        project_id: str
        user_id: str
        scope: str
        auth_time: str
        created_at: str
        revoked_at: str | None
        revoked_reason: str | None

    class TokenFamilyNew(TypedDict):
        """A row to insert into `token_families`."""

        id: str
        project_id: str
        user_id: str
        scope: str
        auth_time: str
        created_at: str
        revoked_at: NotRequired[str | None]
        revoked_reason: NotRequired[str | None]

    class TokenFamilyChanges(TypedDict, total=False):
        """Columns of `token_families` an update may set."""

        id: str
        project_id: str
        user_id: str
        scope: str
        auth_time: str
        created_at: str
        revoked_at: str | None
        revoked_reason: str | None

    class HashKeyRow(TypedDict):
        """A row of `hash_keys`."""

        purpose: str
        secret: str

    class HashKeyNew(TypedDict):
        """A row to insert into `hash_keys`."""

        purpose: str
        secret: str

    class HashKeyChanges(TypedDict, total=False):
        """Columns of `hash_keys` an update may set."""

        purpose: str
        secret: str

    class WebhookSubscriptionRow(TypedDict):
        """A row of `webhook_subscriptions`."""

        id: str
        project_id: str
        label: str
        endpoint_url: str
        secret: str
        event_types: str
        status: str
        created_at: str | None
        updated_at: str | None
        removed_at: str | None
        status_changed_at: str | None

    class WebhookSubscriptionNew(TypedDict):
        """A row to insert into `webhook_subscriptions`."""

        id: str
        project_id: str
        label: str
        endpoint_url: str
        secret: str
        event_types: str
        status: str
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]
        removed_at: NotRequired[str | None]
        status_changed_at: NotRequired[str | None]

    class WebhookSubscriptionChanges(TypedDict, total=False):
        """Columns of `webhook_subscriptions` an update may set."""

        id: str
        project_id: str
        label: str
        endpoint_url: str
        secret: str
        event_types: str
        status: str
        created_at: str | None
        updated_at: str | None
        removed_at: str | None
        status_changed_at: str | None

    class WebhookSubscriptionEventTypeRow(TypedDict):
        """A row of `webhook_subscription_event_types`."""

        subscription_id: str
        project_id: str | None
        event_type: str

    class WebhookSubscriptionEventTypeNew(TypedDict):
        """A row to insert into `webhook_subscription_event_types`."""

        subscription_id: str
        project_id: NotRequired[str | None]
        event_type: str

    class WebhookSubscriptionEventTypeChanges(TypedDict, total=False):
        """Columns of `webhook_subscription_event_types` an update may set."""

        subscription_id: str
        project_id: str | None
        event_type: str

    class WebhookDeliveryRow(TypedDict):
        """A row of `webhook_deliveries`."""

        id: str
        position: str
        project_id: str
        subscription_id: str
        event_id: str
        event_type: str
        resource_id: str | None
        event_date: str | None
        trigger: str | None
        status: str
        attempt_count: int
        max_attempts: int
        policy: str
        next_attempt_at: str | None
        last_attempt_at: str | None
        created_at: str
        updated_at: str | None

    class WebhookDeliveryNew(TypedDict):
        """A row to insert into `webhook_deliveries`."""

        id: str
        position: str
        project_id: str
        subscription_id: str
        event_id: str
        event_type: str
        resource_id: NotRequired[str | None]
        event_date: NotRequired[str | None]
        trigger: NotRequired[str | None]
        status: str
        attempt_count: int
        max_attempts: int
        policy: str
        next_attempt_at: NotRequired[str | None]
        last_attempt_at: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class WebhookDeliveryChanges(TypedDict, total=False):
        """Columns of `webhook_deliveries` an update may set."""

        id: str
        position: str
        project_id: str
        subscription_id: str
        event_id: str
        event_type: str
        resource_id: str | None
        event_date: str | None
        trigger: str | None
        status: str
        attempt_count: int
        max_attempts: int
        policy: str
        next_attempt_at: str | None
        last_attempt_at: str | None
        created_at: str
        updated_at: str | None

    class WebhookAttemptRow(TypedDict):
        """A row of `webhook_attempts`."""

        id: str
        position: str
        project_id: str
        delivery_id: str | None
        subscription_id: str
        event_id: str
        event_type: str
        resource_id: str | None
        kind: str
        attempt_number: int
        endpoint_url: str
        request_headers: str | None
        request_body: str
        attempted_at: str
        duration_ms: int
        response_status: int | None
        response_body: str | None
        error_code: str | None
        error: str | None
        succeeded: int
        next_attempt_at: str | None
        delivery_status: str | None

    class WebhookAttemptNew(TypedDict):
        """A row to insert into `webhook_attempts`."""

        id: str
        position: str
        project_id: str
        delivery_id: NotRequired[str | None]
        subscription_id: str
        event_id: str
        event_type: str
        resource_id: NotRequired[str | None]
        kind: str
        attempt_number: int
        endpoint_url: str
        request_headers: NotRequired[str | None]
        request_body: str
        attempted_at: str
        duration_ms: int
        response_status: NotRequired[int | None]
        response_body: NotRequired[str | None]
        error_code: NotRequired[str | None]
        error: NotRequired[str | None]
        succeeded: int
        next_attempt_at: NotRequired[str | None]
        delivery_status: NotRequired[str | None]

    class WebhookAttemptChanges(TypedDict, total=False):
        """Columns of `webhook_attempts` an update may set."""

        id: str
        position: str
        project_id: str
        delivery_id: str | None
        subscription_id: str
        event_id: str
        event_type: str
        resource_id: str | None
        kind: str
        attempt_number: int
        endpoint_url: str
        request_headers: str | None
        request_body: str
        attempted_at: str
        duration_ms: int
        response_status: int | None
        response_body: str | None
        error_code: str | None
        error: str | None
        succeeded: int
        next_attempt_at: str | None
        delivery_status: str | None

    class WebhookSettingRow(TypedDict):
        """A row of `webhook_settings`."""

        key: str
        value: str

    class WebhookSettingNew(TypedDict):
        """A row to insert into `webhook_settings`."""

        key: str
        value: str

    class WebhookSettingChanges(TypedDict, total=False):
        """Columns of `webhook_settings` an update may set."""

        key: str
        value: str

    class AccountBalanceRow(TypedDict):
        """A row of `account_balances`."""

        account_id: str
        booked: str
        pending_credits: str
        pending_debits: str
        reserved: str
        updated_at: str | None

    class AccountBalanceNew(TypedDict):
        """A row to insert into `account_balances`."""

        account_id: str
        booked: str
        pending_credits: str
        pending_debits: str
        reserved: str
        updated_at: NotRequired[str | None]

    class AccountBalanceChanges(TypedDict, total=False):
        """Columns of `account_balances` an update may set."""

        account_id: str
        booked: str
        pending_credits: str
        pending_debits: str
        reserved: str
        updated_at: str | None

    class CardRow(TypedDict):
        """A row of `cards`."""

        id: str
        project_id: str
        account_id: str
        account_membership_id: str
        consent_id: str | None
        type: str
        name: str | None
        masked_number: str | None
        expiry_date: str | None
        withdrawal: int | None
        international: int | None
        non_main_currency_transactions: int | None
        e_commerce: int | None
        spending_limit_value: str
        spending_limit_currency: str
        spending_limit_period: str
        status: str
        status_reason: str | None
        enabled_at: str | None
        canceled_at: str | None
        created_at: str
        updated_at: str
        physical_status: str | None
        physical_status_reason: str | None
        physical_consent_id: str | None
        physical_identifier: str | None
        physical_masked_number: str | None
        physical_expiry_date: str | None
        physical_address: str | None
        physical_custom_options: str | None
        physical_pin_ready: int | None
        physical_tracking_number: str | None
        physical_estimated_delivery: str | None
        physical_previous: str | None
        pending_update: str | None
        pending_update_consent_id: str | None
        card_product_id: str | None
        card_contract_expiry_date: str | None
        view_card_number: int | None
        spending_limit_mode: str | None

    class CardNew(TypedDict):
        """A row to insert into `cards`."""

        id: str
        project_id: str
        account_id: str
        account_membership_id: str
        consent_id: NotRequired[str | None]
        type: str
        name: NotRequired[str | None]
        masked_number: NotRequired[str | None]
        expiry_date: NotRequired[str | None]
        withdrawal: NotRequired[int | None]
        international: NotRequired[int | None]
        non_main_currency_transactions: NotRequired[int | None]
        e_commerce: NotRequired[int | None]
        spending_limit_value: str
        spending_limit_currency: str
        spending_limit_period: str
        status: str
        status_reason: NotRequired[str | None]
        enabled_at: NotRequired[str | None]
        canceled_at: NotRequired[str | None]
        created_at: str
        updated_at: str
        physical_status: NotRequired[str | None]
        physical_status_reason: NotRequired[str | None]
        physical_consent_id: NotRequired[str | None]
        physical_identifier: NotRequired[str | None]
        physical_masked_number: NotRequired[str | None]
        physical_expiry_date: NotRequired[str | None]
        physical_address: NotRequired[str | None]
        physical_custom_options: NotRequired[str | None]
        physical_pin_ready: NotRequired[int | None]
        physical_tracking_number: NotRequired[str | None]
        physical_estimated_delivery: NotRequired[str | None]
        physical_previous: NotRequired[str | None]
        pending_update: NotRequired[str | None]
        pending_update_consent_id: NotRequired[str | None]
        card_product_id: NotRequired[str | None]
        card_contract_expiry_date: NotRequired[str | None]
        view_card_number: NotRequired[int | None]
        spending_limit_mode: NotRequired[str | None]

    class CardChanges(TypedDict, total=False):
        """Columns of `cards` an update may set."""

        id: str
        project_id: str
        account_id: str
        account_membership_id: str
        consent_id: str | None
        type: str
        name: str | None
        masked_number: str | None
        expiry_date: str | None
        withdrawal: int | None
        international: int | None
        non_main_currency_transactions: int | None
        e_commerce: int | None
        spending_limit_value: str
        spending_limit_currency: str
        spending_limit_period: str
        status: str
        status_reason: str | None
        enabled_at: str | None
        canceled_at: str | None
        created_at: str
        updated_at: str
        physical_status: str | None
        physical_status_reason: str | None
        physical_consent_id: str | None
        physical_identifier: str | None
        physical_masked_number: str | None
        physical_expiry_date: str | None
        physical_address: str | None
        physical_custom_options: str | None
        physical_pin_ready: int | None
        physical_tracking_number: str | None
        physical_estimated_delivery: str | None
        physical_previous: str | None
        pending_update: str | None
        pending_update_consent_id: str | None
        card_product_id: str | None
        card_contract_expiry_date: str | None
        view_card_number: int | None
        spending_limit_mode: str | None

    class PaymentRow(TypedDict):
        """A row of `payments`."""

        id: str
        project_id: str
        account_id: str
        consent_id: str | None
        status: str
        status_reason: str | None
        idempotency_key: str | None
        created_at: str
        updated_at: str
        standing_order_id: str | None
        funding_source_id: str | None
        funding_amount: str | None
        funding_label: str | None
        funding_reference: str | None
        funding_instant: int | None
        funding_requested_at: str | None

    class PaymentNew(TypedDict):
        """A row to insert into `payments`."""

        id: str
        project_id: str
        account_id: str
        consent_id: NotRequired[str | None]
        status: str
        status_reason: NotRequired[str | None]
        idempotency_key: NotRequired[str | None]
        created_at: str
        updated_at: str
        standing_order_id: NotRequired[str | None]
        funding_source_id: NotRequired[str | None]
        funding_amount: NotRequired[str | None]
        funding_label: NotRequired[str | None]
        funding_reference: NotRequired[str | None]
        funding_instant: NotRequired[int | None]
        funding_requested_at: NotRequired[str | None]

    class PaymentChanges(TypedDict, total=False):
        """Columns of `payments` an update may set."""

        id: str
        project_id: str
        account_id: str
        consent_id: str | None
        status: str
        status_reason: str | None
        idempotency_key: str | None
        created_at: str
        updated_at: str
        standing_order_id: str | None
        funding_source_id: str | None
        funding_amount: str | None
        funding_label: str | None
        funding_reference: str | None
        funding_instant: int | None
        funding_requested_at: str | None

    class PaymentTransferRow(TypedDict):
        """A row of `payment_transfers`."""

        payment_id: str
        position: int
        amount: str
        currency: str
        beneficiary_name: str
        beneficiary_iban: str
        beneficiary_bic: str | None
        reference: str | None
        label: str | None
        mode: str
        origin_transaction_id: str | None
        category_purpose: str | None
        external_reference: str | None
        label_type: str | None
        requested_execution_at: str | None
        beneficiary_address: str | None
        beneficiary_account_id: str | None

    class PaymentTransferNew(TypedDict):
        """A row to insert into `payment_transfers`."""

        payment_id: str
        position: int
        amount: str
        currency: str
        beneficiary_name: str
        beneficiary_iban: str
        beneficiary_bic: NotRequired[str | None]
        reference: NotRequired[str | None]
        label: NotRequired[str | None]
        mode: str
        origin_transaction_id: NotRequired[str | None]
        category_purpose: NotRequired[str | None]
        external_reference: NotRequired[str | None]
        label_type: NotRequired[str | None]
        requested_execution_at: NotRequired[str | None]
        beneficiary_address: NotRequired[str | None]
        beneficiary_account_id: NotRequired[str | None]

    class PaymentTransferChanges(TypedDict, total=False):
        """Columns of `payment_transfers` an update may set."""

        payment_id: str
        position: int
        amount: str
        currency: str
        beneficiary_name: str
        beneficiary_iban: str
        beneficiary_bic: str | None
        reference: str | None
        label: str | None
        mode: str
        origin_transaction_id: str | None
        category_purpose: str | None
        external_reference: str | None
        label_type: str | None
        requested_execution_at: str | None
        beneficiary_address: str | None
        beneficiary_account_id: str | None

    class TransactionRow(TypedDict):
        """A row of `transactions`."""

        id: str
        project_id: str
        account_id: str
        type: str
        side: str
        amount: str
        currency: str
        label: str
        reference: str | None
        counterparty: str
        counterparty_iban: str | None
        counterparty_bic: str | None
        mode: str | None
        payment_id: str | None
        card_id: str | None
        merchant_name: str | None
        merchant_category: str | None
        merchant_city: str | None
        merchant_country: str | None
        fee_type: str | None
        original_transaction_id: str | None
        status: str
        status_reason: str | None
        execution_date: str
        settles_at: str | None
        booking_date: str | None
        value_date: str | None
        balance_after: str | None
        booking_number: int | None
        status_changed_at: str | None
        created_at: str
        updated_at: str
        enrichment: str | None
        card_category: str | None
        merchant_postal_code: str | None
        original_amount: str | None
        original_currency: str | None
        terminal_id: str | None
        authorization_type: str | None
        transport_type: str | None
        operation_type: str | None
        authorization_expires_at: str | None
        merchant_id: str | None
        card_type_used: str | None
        category_purpose: str | None
        external_reference: str | None
        label_type: str | None
        requested_execution_at: str | None
        payment_mandate_id: str | None
        merchant_payment_id: str | None

    class TransactionNew(TypedDict):
        """A row to insert into `transactions`."""

        id: str
        project_id: str
        account_id: str
        type: str
        side: str
        amount: str
        currency: str
        label: str
        reference: NotRequired[str | None]
        counterparty: str
        counterparty_iban: NotRequired[str | None]
        counterparty_bic: NotRequired[str | None]
        mode: NotRequired[str | None]
        payment_id: NotRequired[str | None]
        card_id: NotRequired[str | None]
        merchant_name: NotRequired[str | None]
        merchant_category: NotRequired[str | None]
        merchant_city: NotRequired[str | None]
        merchant_country: NotRequired[str | None]
        fee_type: NotRequired[str | None]
        original_transaction_id: NotRequired[str | None]
        status: str
        status_reason: NotRequired[str | None]
        execution_date: str
        settles_at: NotRequired[str | None]
        booking_date: NotRequired[str | None]
        value_date: NotRequired[str | None]
        balance_after: NotRequired[str | None]
        booking_number: NotRequired[int | None]
        status_changed_at: NotRequired[str | None]
        created_at: str
        updated_at: str
        enrichment: NotRequired[str | None]
        card_category: NotRequired[str | None]
        merchant_postal_code: NotRequired[str | None]
        original_amount: NotRequired[str | None]
        original_currency: NotRequired[str | None]
        terminal_id: NotRequired[str | None]
        authorization_type: NotRequired[str | None]
        transport_type: NotRequired[str | None]
        operation_type: NotRequired[str | None]
        authorization_expires_at: NotRequired[str | None]
        merchant_id: NotRequired[str | None]
        card_type_used: NotRequired[str | None]
        category_purpose: NotRequired[str | None]
        external_reference: NotRequired[str | None]
        label_type: NotRequired[str | None]
        requested_execution_at: NotRequired[str | None]
        payment_mandate_id: NotRequired[str | None]
        merchant_payment_id: NotRequired[str | None]

    class TransactionChanges(TypedDict, total=False):
        """Columns of `transactions` an update may set."""

        id: str
        project_id: str
        account_id: str
        type: str
        side: str
        amount: str
        currency: str
        label: str
        reference: str | None
        counterparty: str
        counterparty_iban: str | None
        counterparty_bic: str | None
        mode: str | None
        payment_id: str | None
        card_id: str | None
        merchant_name: str | None
        merchant_category: str | None
        merchant_city: str | None
        merchant_country: str | None
        fee_type: str | None
        original_transaction_id: str | None
        status: str
        status_reason: str | None
        execution_date: str
        settles_at: str | None
        booking_date: str | None
        value_date: str | None
        balance_after: str | None
        booking_number: int | None
        status_changed_at: str | None
        created_at: str
        updated_at: str
        enrichment: str | None
        card_category: str | None
        merchant_postal_code: str | None
        original_amount: str | None
        original_currency: str | None
        terminal_id: str | None
        authorization_type: str | None
        transport_type: str | None
        operation_type: str | None
        authorization_expires_at: str | None
        merchant_id: str | None
        card_type_used: str | None
        category_purpose: str | None
        external_reference: str | None
        label_type: str | None
        requested_execution_at: str | None
        payment_mandate_id: str | None
        merchant_payment_id: str | None

    class IdempotencyKeyRow(TypedDict):
        """A row of `idempotency_keys`."""

        project_id: str
        operation: str
        key: str
        request_hash: str
        resource_id: str
        created_at: str
        expires_at: str

    class IdempotencyKeyNew(TypedDict):
        """A row to insert into `idempotency_keys`."""

        project_id: str
        operation: str
        key: str
        request_hash: str
        resource_id: str
        created_at: str
        expires_at: str

    class IdempotencyKeyChanges(TypedDict, total=False):
        """Columns of `idempotency_keys` an update may set."""

        project_id: str
        operation: str
        key: str
        request_hash: str
        resource_id: str
        created_at: str
        expires_at: str

    class DatasetRecordRow(TypedDict):
        """A row of `dataset_records`."""

        project_id: str
        dataset: str
        key: str
        resource_type: str
        resource_id: str
        loaded_at: str

    class DatasetRecordNew(TypedDict):
        """A row to insert into `dataset_records`."""

        project_id: str
        dataset: str
        key: str
        resource_type: str
        resource_id: str
        loaded_at: str

    class DatasetRecordChanges(TypedDict, total=False):
        """Columns of `dataset_records` an update may set."""

        project_id: str
        dataset: str
        key: str
        resource_type: str
        resource_id: str
        loaded_at: str

    class ProjectRateLimitRow(TypedDict):
        """A row of `project_rate_limits`."""

        project_id: str
        requests: int
        updated_at: str

    class ProjectRateLimitNew(TypedDict):
        """A row to insert into `project_rate_limits`."""

        project_id: str
        requests: int
        updated_at: str

    class ProjectRateLimitChanges(TypedDict, total=False):
        """Columns of `project_rate_limits` an update may set."""

        project_id: str
        requests: int
        updated_at: str

    class DashboardLinkRow(TypedDict):
        """A row of `dashboard_links`."""

        id: str
        secret_hash: str
        created_at: str
        expires_at: str
        used_at: str | None

    class DashboardLinkNew(TypedDict):
        """A row to insert into `dashboard_links`."""

        id: str
        secret_hash: str
        created_at: str
        expires_at: str
        used_at: NotRequired[str | None]

    class DashboardLinkChanges(TypedDict, total=False):
        """Columns of `dashboard_links` an update may set."""

        id: str
        secret_hash: str
        created_at: str
        expires_at: str
        used_at: str | None

    class DashboardSessionRow(TypedDict):
        """A row of `dashboard_sessions`."""

        id: str
        secret_hash: str
        csrf_token: str
        created_at: str
        last_seen_at: str
        expires_at: str

    class DashboardSessionNew(TypedDict):
        """A row to insert into `dashboard_sessions`."""

        id: str
        secret_hash: str
        csrf_token: str
        created_at: str
        last_seen_at: str
        expires_at: str

    class DashboardSessionChanges(TypedDict, total=False):
        """Columns of `dashboard_sessions` an update may set."""

        id: str
        secret_hash: str
        csrf_token: str
        created_at: str
        last_seen_at: str
        expires_at: str

    class VirtualIbanEntryRow(TypedDict):
        """A row of `virtual_iban_entries`."""

        id: str
        project_id: str
        account_id: str
        iban: str
        bic: str
        label: str | None
        status: str
        block_sdd: int | None
        created_at: str
        updated_at: str | None

    class VirtualIbanEntryNew(TypedDict):
        """A row to insert into `virtual_iban_entries`."""

        id: str
        project_id: str
        account_id: str
        iban: str
        bic: str
        label: NotRequired[str | None]
        status: str
        block_sdd: NotRequired[int | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class VirtualIbanEntryChanges(TypedDict, total=False):
        """Columns of `virtual_iban_entries` an update may set."""

        id: str
        project_id: str
        account_id: str
        iban: str
        bic: str
        label: str | None
        status: str
        block_sdd: int | None
        created_at: str
        updated_at: str | None

    class AccountStatementRow(TypedDict):
        """A row of `account_statements`."""

        id: str
        project_id: str
        account_id: str
        period: str | None
        format: str | None
        language: str | None
        status: str
        opening_date: str
        closing_date: str
        opening_balance: str | None
        closing_balance: str | None
        total_credits: str | None
        total_debits: str | None
        fees: str | None
        created_at: str | None
        updated_at: str | None

    class AccountStatementNew(TypedDict):
        """A row to insert into `account_statements`."""

        id: str
        project_id: str
        account_id: str
        period: NotRequired[str | None]
        format: NotRequired[str | None]
        language: NotRequired[str | None]
        status: str
        opening_date: str
        closing_date: str
        opening_balance: NotRequired[str | None]
        closing_balance: NotRequired[str | None]
        total_credits: NotRequired[str | None]
        total_debits: NotRequired[str | None]
        fees: NotRequired[str | None]
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class AccountStatementChanges(TypedDict, total=False):
        """Columns of `account_statements` an update may set."""

        id: str
        project_id: str
        account_id: str
        period: str | None
        format: str | None
        language: str | None
        status: str
        opening_date: str
        closing_date: str
        opening_balance: str | None
        closing_balance: str | None
        total_credits: str | None
        total_debits: str | None
        fees: str | None
        created_at: str | None
        updated_at: str | None

    class TransactionStatementRow(TypedDict):
        """A row of `transaction_statements`."""

        id: str
        project_id: str
        account_id: str
        transaction_id: str
        language: str | None
        status: str
        expires_at: str | None
        created_at: str
        updated_at: str | None

    class TransactionStatementNew(TypedDict):
        """A row to insert into `transaction_statements`."""

        id: str
        project_id: str
        account_id: str
        transaction_id: str
        language: NotRequired[str | None]
        status: str
        expires_at: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class TransactionStatementChanges(TypedDict, total=False):
        """Columns of `transaction_statements` an update may set."""

        id: str
        project_id: str
        account_id: str
        transaction_id: str
        language: str | None
        status: str
        expires_at: str | None
        created_at: str
        updated_at: str | None

    class OnboardingRow(TypedDict):
        """A row of `onboardings`."""

        id: str
        project_id: str
        type: str
        account_name: str | None
        account_country: str
        account_admin: str | None
        company: str | None
        email: str | None
        redirect_url: str | None
        state: str | None
        finalized: int
        finalized_at: str | None
        user_id: str | None
        holder_id: str | None
        account_id: str | None
        collection_id: str | None
        created_at: str
        updated_at: str
        validation_version: str | None

    class OnboardingNew(TypedDict):
        """A row to insert into `onboardings`."""

        id: str
        project_id: str
        type: str
        account_name: NotRequired[str | None]
        account_country: str
        account_admin: NotRequired[str | None]
        company: NotRequired[str | None]
        email: NotRequired[str | None]
        redirect_url: NotRequired[str | None]
        state: NotRequired[str | None]
        finalized: NotRequired[int]
        finalized_at: NotRequired[str | None]
        user_id: NotRequired[str | None]
        holder_id: NotRequired[str | None]
        account_id: NotRequired[str | None]
        collection_id: NotRequired[str | None]
        created_at: str
        updated_at: str
        validation_version: NotRequired[str | None]

    class OnboardingChanges(TypedDict, total=False):
        """Columns of `onboardings` an update may set."""

        id: str
        project_id: str
        type: str
        account_name: str | None
        account_country: str
        account_admin: str | None
        company: str | None
        email: str | None
        redirect_url: str | None
        state: str | None
        finalized: int
        finalized_at: str | None
        user_id: str | None
        holder_id: str | None
        account_id: str | None
        collection_id: str | None
        created_at: str
        updated_at: str
        validation_version: str | None

    class SupportingDocumentCollectionRow(TypedDict):
        """A row of `supporting_document_collections`."""

        id: str
        project_id: str
        onboarding_id: str | None
        type: str
        status: str
        status_at: str | None
        created_at: str
        updated_at: str
        requested_purposes: str | None
        transaction_id: str | None

    class SupportingDocumentCollectionNew(TypedDict):
        """A row to insert into `supporting_document_collections`."""

        id: str
        project_id: str
        onboarding_id: NotRequired[str | None]
        type: str
        status: str
        status_at: NotRequired[str | None]
        created_at: str
        updated_at: str
        requested_purposes: NotRequired[str | None]
        transaction_id: NotRequired[str | None]

    class SupportingDocumentCollectionChanges(TypedDict, total=False):
        """Columns of `supporting_document_collections` an update may set."""

        id: str
        project_id: str
        onboarding_id: str | None
        type: str
        status: str
        status_at: str | None
        created_at: str
        updated_at: str
        requested_purposes: str | None
        transaction_id: str | None

    class SupportingDocumentRow(TypedDict):
        """A row of `supporting_documents`."""

        id: str
        project_id: str
        collection_id: str
        purpose: str
        document_type: str | None
        filename: str | None
        status: str
        reason_code: str | None
        status_at: str | None
        created_at: str
        updated_at: str

    class SupportingDocumentNew(TypedDict):
        """A row to insert into `supporting_documents`."""

        id: str
        project_id: str
        collection_id: str
        purpose: str
        document_type: NotRequired[str | None]
        filename: NotRequired[str | None]
        status: str
        reason_code: NotRequired[str | None]
        status_at: NotRequired[str | None]
        created_at: str
        updated_at: str

    class SupportingDocumentChanges(TypedDict, total=False):
        """Columns of `supporting_documents` an update may set."""

        id: str
        project_id: str
        collection_id: str
        purpose: str
        document_type: str | None
        filename: str | None
        status: str
        reason_code: str | None
        status_at: str | None
        created_at: str
        updated_at: str

    class OnboardingSettingRow(TypedDict):
        """A row of `onboarding_settings`."""

        project_id: str
        public_onboarding: int
        updated_at: str

    class OnboardingSettingNew(TypedDict):
        """A row to insert into `onboarding_settings`."""

        project_id: str
        public_onboarding: int
        updated_at: str

    class OnboardingSettingChanges(TypedDict, total=False):
        """Columns of `onboarding_settings` an update may set."""

        project_id: str
        public_onboarding: int
        updated_at: str

    class VerificationRenewalRow(TypedDict):
        """A row of `verification_renewals`."""

        id: str
        project_id: str
        account_holder_id: str
        type: str
        status: str
        info: str
        requirements: str | None
        due_date: str | None
        collection_id: str | None
        status_at: str | None
        created_at: str
        updated_at: str | None

    class VerificationRenewalNew(TypedDict):
        """A row to insert into `verification_renewals`."""

        id: str
        project_id: str
        account_holder_id: str
        type: str
        status: str
        info: str
        requirements: NotRequired[str | None]
        due_date: NotRequired[str | None]
        collection_id: NotRequired[str | None]
        status_at: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class VerificationRenewalChanges(TypedDict, total=False):
        """Columns of `verification_renewals` an update may set."""

        id: str
        project_id: str
        account_holder_id: str
        type: str
        status: str
        info: str
        requirements: str | None
        due_date: str | None
        collection_id: str | None
        status_at: str | None
        created_at: str
        updated_at: str | None

    class AccountAdminChangeRow(TypedDict):
        """A row of `account_admin_changes`."""

        id: str
        project_id: str
        account_holder_id: str
        status: str
        reason: str | None
        is_new_admin_legal_representative: int | None
        is_requester_new_admin: int | None
        admin: str | None
        requester: str | None
        collection_id: str | None
        expires_at: str | None
        status_at: str | None
        created_at: str
        updated_at: str

    class AccountAdminChangeNew(TypedDict):
        """A row to insert into `account_admin_changes`."""

        id: str
        project_id: str
        account_holder_id: str
        status: str
        reason: NotRequired[str | None]
        is_new_admin_legal_representative: NotRequired[int | None]
        is_requester_new_admin: NotRequired[int | None]
        admin: NotRequired[str | None]
        requester: NotRequired[str | None]
        collection_id: NotRequired[str | None]
        expires_at: NotRequired[str | None]
        status_at: NotRequired[str | None]
        created_at: str
        updated_at: str

    class AccountAdminChangeChanges(TypedDict, total=False):
        """Columns of `account_admin_changes` an update may set."""

        id: str
        project_id: str
        account_holder_id: str
        status: str
        reason: str | None
        is_new_admin_legal_representative: int | None
        is_requester_new_admin: int | None
        admin: str | None
        requester: str | None
        collection_id: str | None
        expires_at: str | None
        status_at: str | None
        created_at: str
        updated_at: str

    class JournalEntryRow(TypedDict):
        """A row of `journal_entries`."""

        seq: int
        virtual_time: str
        wall_time: str
        origin: str
        kind: str
        endpoint: str
        method: str | None
        operation_name: str | None
        operation_type: str | None
        document: str | None
        variables: str | None
        request: str | None
        status: int | None
        response: str | None
        cost: str | None
        project_id: str | None
        subject: str | None
        request_id: str | None

    class JournalEntryNew(TypedDict):
        """A row to insert into `journal_entries`."""

        seq: NotRequired[int]
        virtual_time: str
        wall_time: str
        origin: str
        kind: str
        endpoint: str
        method: NotRequired[str | None]
        operation_name: NotRequired[str | None]
        operation_type: NotRequired[str | None]
        document: NotRequired[str | None]
        variables: NotRequired[str | None]
        request: NotRequired[str | None]
        status: NotRequired[int | None]
        response: NotRequired[str | None]
        cost: NotRequired[str | None]
        project_id: NotRequired[str | None]
        subject: NotRequired[str | None]
        request_id: NotRequired[str | None]

    class JournalEntryChanges(TypedDict, total=False):
        """Columns of `journal_entries` an update may set."""

        seq: int
        virtual_time: str
        wall_time: str
        origin: str
        kind: str
        endpoint: str
        method: str | None
        operation_name: str | None
        operation_type: str | None
        document: str | None
        variables: str | None
        request: str | None
        status: int | None
        response: str | None
        cost: str | None
        project_id: str | None
        subject: str | None
        request_id: str | None

    class JournalSecretRow(TypedDict):
        """A row of `journal_secrets`."""

        digest: str
        kind: str
        owner: str
        number: int
        reference: str

    class JournalSecretNew(TypedDict):
        """A row to insert into `journal_secrets`."""

        digest: str
        kind: str
        owner: str
        number: int
        reference: str

    class JournalSecretChanges(TypedDict, total=False):
        """Columns of `journal_secrets` an update may set."""

        digest: str
        kind: str
        owner: str
        number: int
        reference: str

    class UserConsentSettingRow(TypedDict):
        """A row of `user_consent_settings`."""

        project_id: str
        user_id: str
        preferred_notification_channel: str

    class UserConsentSettingNew(TypedDict):
        """A row to insert into `user_consent_settings`."""

        project_id: str
        user_id: str
        preferred_notification_channel: str

    class UserConsentSettingChanges(TypedDict, total=False):
        """Columns of `user_consent_settings` an update may set."""

        project_id: str
        user_id: str
        preferred_notification_channel: str

    class MembershipInvitationRow(TypedDict):
        """A row of `membership_invitations`."""

        id: str
        project_id: str
        account_membership_id: str
        redirect_url: str | None
        created_at: str

    class MembershipInvitationNew(TypedDict):
        """A row to insert into `membership_invitations`."""

        id: str
        project_id: str
        account_membership_id: str
        redirect_url: NotRequired[str | None]
        created_at: str

    class MembershipInvitationChanges(TypedDict, total=False):
        """Columns of `membership_invitations` an update may set."""

        id: str
        project_id: str
        account_membership_id: str
        redirect_url: str | None
        created_at: str

    class SandboxUserEndorsementRow(TypedDict):
        """A row of `sandbox_user_endorsements`."""

        project_id: str
        user_id: str
        endorsed_at: str

    class SandboxUserEndorsementNew(TypedDict):
        """A row to insert into `sandbox_user_endorsements`."""

        project_id: str
        user_id: str
        endorsed_at: str

    class SandboxUserEndorsementChanges(TypedDict, total=False):
        """Columns of `sandbox_user_endorsements` an update may set."""

        project_id: str
        user_id: str
        endorsed_at: str

    class ServerConsentKeyRow(TypedDict):
        """A row of `server_consent_keys`."""

        project_id: str
        public_key: str
        installed_at: str
        revoked_at: str | None

    class ServerConsentKeyNew(TypedDict):
        """A row to insert into `server_consent_keys`."""

        project_id: str
        public_key: str
        installed_at: str
        revoked_at: NotRequired[str | None]

    class ServerConsentKeyChanges(TypedDict, total=False):
        """Columns of `server_consent_keys` an update may set."""

        project_id: str
        public_key: str
        installed_at: str
        revoked_at: str | None

    class SandboxIdentificationRow(TypedDict):
        """A row of `sandbox_identifications`."""

        id: str
        project_id: str
        user_id: str
        process: str
        levels: str
        error_reasons: str | None
        created_at: str
        updated_at: str | None

    class SandboxIdentificationNew(TypedDict):
        """A row to insert into `sandbox_identifications`."""

        id: str
        project_id: str
        user_id: str
        process: str
        levels: str
        error_reasons: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class SandboxIdentificationChanges(TypedDict, total=False):
        """Columns of `sandbox_identifications` an update may set."""

        id: str
        project_id: str
        user_id: str
        process: str
        levels: str
        error_reasons: str | None
        created_at: str
        updated_at: str | None

    class ExternalIdentificationRow(TypedDict):
        """A row of `external_identifications`."""

        id: str
        project_id: str
        user_id: str
        external_id: str
        identity_document: str
        identity_document_id: str | None
        status: str
        created_at: str | None
        updated_at: str | None

    class ExternalIdentificationNew(TypedDict):
        """A row to insert into `external_identifications`."""

        id: str
        project_id: str
        user_id: str
        external_id: str
        identity_document: str
        identity_document_id: NotRequired[str | None]
        status: str
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class ExternalIdentificationChanges(TypedDict, total=False):
        """Columns of `external_identifications` an update may set."""

        id: str
        project_id: str
        user_id: str
        external_id: str
        identity_document: str
        identity_document_id: str | None
        status: str
        created_at: str | None
        updated_at: str | None

    class IdentificationDocumentUploadRow(TypedDict):
        """A row of `identification_document_uploads`."""

        token: str
        project_id: str
        identification_id: str
        side: str
        filename: str
        expires_at: str
        uploaded_at: str | None
        size: int | None
        created_at: str | None

    class IdentificationDocumentUploadNew(TypedDict):
        """A row to insert into `identification_document_uploads`."""

        token: str
        project_id: str
        identification_id: str
        side: str
        filename: str
        expires_at: str
        uploaded_at: NotRequired[str | None]
        size: NotRequired[int | None]
        created_at: NotRequired[str | None]

    class IdentificationDocumentUploadChanges(TypedDict, total=False):
        """Columns of `identification_document_uploads` an update may set."""

        token: str
        project_id: str
        identification_id: str
        side: str
        filename: str
        expires_at: str
        uploaded_at: str | None
        size: int | None
        created_at: str | None

    class DigitalCardRow(TypedDict):
        """A row of `digital_cards`."""

        id: str
        project_id: str
        card_id: str
        account_id: str | None
        account_membership_id: str | None
        wallet_provider: str | None
        type: str | None
        status: str
        consent_id: str | None
        activation_consent_id: str | None
        needs_activation: int | None
        token_reference_id: str | None
        device_name: str | None
        device_type: str | None
        masked_number: str | None
        enabled_at: str | None
        suspended_at: str | None
        canceled_at: str | None
        created_at: str | None
        updated_at: str | None

    class DigitalCardNew(TypedDict):
        """A row to insert into `digital_cards`."""

        id: str
        project_id: str
        card_id: str
        account_id: NotRequired[str | None]
        account_membership_id: NotRequired[str | None]
        wallet_provider: NotRequired[str | None]
        type: NotRequired[str | None]
        status: str
        consent_id: NotRequired[str | None]
        activation_consent_id: NotRequired[str | None]
        needs_activation: NotRequired[int | None]
        token_reference_id: NotRequired[str | None]
        device_name: NotRequired[str | None]
        device_type: NotRequired[str | None]
        masked_number: NotRequired[str | None]
        enabled_at: NotRequired[str | None]
        suspended_at: NotRequired[str | None]
        canceled_at: NotRequired[str | None]
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class DigitalCardChanges(TypedDict, total=False):
        """Columns of `digital_cards` an update may set."""

        id: str
        project_id: str
        card_id: str
        account_id: str | None
        account_membership_id: str | None
        wallet_provider: str | None
        type: str | None
        status: str
        consent_id: str | None
        activation_consent_id: str | None
        needs_activation: int | None
        token_reference_id: str | None
        device_name: str | None
        device_type: str | None
        masked_number: str | None
        enabled_at: str | None
        suspended_at: str | None
        canceled_at: str | None
        created_at: str | None
        updated_at: str | None

    class CardInsuranceSubscriptionRow(TypedDict):
        """A row of `card_insurance_subscriptions`."""

        id: str
        project_id: str
        card_id: str
        package: str | None
        status: str | None
        created_at: str | None
        updated_at: str | None

    class CardInsuranceSubscriptionNew(TypedDict):
        """A row to insert into `card_insurance_subscriptions`."""

        id: str
        project_id: str
        card_id: str
        package: NotRequired[str | None]
        status: NotRequired[str | None]
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class CardInsuranceSubscriptionChanges(TypedDict, total=False):
        """Columns of `card_insurance_subscriptions` an update may set."""

        id: str
        project_id: str
        card_id: str
        package: str | None
        status: str | None
        created_at: str | None
        updated_at: str | None

    class TrustedBeneficiaryRow(TypedDict):
        """A row of `trusted_beneficiaries`."""

        id: str
        project_id: str
        account_id: str
        consent_id: str | None
        type: str
        name: str
        label: str | None
        iban: str
        address: str | None
        status: str
        created_at: str
        updated_at: str | None
        currency: str | None
        route: str | None
        details: str | None

    class TrustedBeneficiaryNew(TypedDict):
        """A row to insert into `trusted_beneficiaries`."""

        id: str
        project_id: str
        account_id: str
        consent_id: NotRequired[str | None]
        type: str
        name: str
        label: NotRequired[str | None]
        iban: str
        address: NotRequired[str | None]
        status: str
        created_at: str
        updated_at: NotRequired[str | None]
        currency: NotRequired[str | None]
        route: NotRequired[str | None]
        details: NotRequired[str | None]

    class TrustedBeneficiaryChanges(TypedDict, total=False):
        """Columns of `trusted_beneficiaries` an update may set."""

        id: str
        project_id: str
        account_id: str
        consent_id: str | None
        type: str
        name: str
        label: str | None
        iban: str
        address: str | None
        status: str
        created_at: str
        updated_at: str | None
        currency: str | None
        route: str | None
        details: str | None

    class BeneficiaryVerificationRow(TypedDict):
        """A row of `beneficiary_verifications`."""

        token: str
        project_id: str
        name: str | None
        iban: str
        status: str
        name_suggestion: str | None
        expires_at: str
        consumed_at: str | None
        created_at: str

    class BeneficiaryVerificationNew(TypedDict):
        """A row to insert into `beneficiary_verifications`."""

        token: str
        project_id: str
        name: NotRequired[str | None]
        iban: str
        status: str
        name_suggestion: NotRequired[str | None]
        expires_at: str
        consumed_at: NotRequired[str | None]
        created_at: str

    class BeneficiaryVerificationChanges(TypedDict, total=False):
        """Columns of `beneficiary_verifications` an update may set."""

        token: str
        project_id: str
        name: str | None
        iban: str
        status: str
        name_suggestion: str | None
        expires_at: str
        consumed_at: str | None
        created_at: str

    class StandingOrderRow(TypedDict):
        """A row of `standing_orders`."""

        id: str
        project_id: str
        account_id: str
        consent_id: str | None
        created_by: str | None
        period: str
        amount: str | None
        target_available_balance: str | None
        credit_transfer_mode: str | None
        currency: str | None
        beneficiary_name: str | None
        beneficiary_iban: str | None
        beneficiary_bic: str | None
        reference: str | None
        label: str | None
        first_execution_date: str | None
        last_execution_date: str | None
        next_execution_date: str | None
        status: str
        canceled_at: str | None
        created_at: str
        updated_at: str | None

    class StandingOrderNew(TypedDict):
        """A row to insert into `standing_orders`."""

        id: str
        project_id: str
        account_id: str
        consent_id: NotRequired[str | None]
        created_by: NotRequired[str | None]
        period: str
        amount: NotRequired[str | None]
        target_available_balance: NotRequired[str | None]
        credit_transfer_mode: NotRequired[str | None]
        currency: NotRequired[str | None]
        beneficiary_name: NotRequired[str | None]
        beneficiary_iban: NotRequired[str | None]
        beneficiary_bic: NotRequired[str | None]
        reference: NotRequired[str | None]
        label: NotRequired[str | None]
        first_execution_date: NotRequired[str | None]
        last_execution_date: NotRequired[str | None]
        next_execution_date: NotRequired[str | None]
        status: str
        canceled_at: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class StandingOrderChanges(TypedDict, total=False):
        """Columns of `standing_orders` an update may set."""

        id: str
        project_id: str
        account_id: str
        consent_id: str | None
        created_by: str | None
        period: str
        amount: str | None
        target_available_balance: str | None
        credit_transfer_mode: str | None
        currency: str | None
        beneficiary_name: str | None
        beneficiary_iban: str | None
        beneficiary_bic: str | None
        reference: str | None
        label: str | None
        first_execution_date: str | None
        last_execution_date: str | None
        next_execution_date: str | None
        status: str
        canceled_at: str | None
        created_at: str
        updated_at: str | None

    class ReceivedDirectDebitMandateRow(TypedDict):
        """A row of `received_direct_debit_mandates`."""

        id: str
        project_id: str
        account_id: str
        reference: str
        creditor_identifier: str
        creditor_name: str
        creditor_iban: str | None
        ultimate_creditor_name: str | None
        scheme: str
        sequence: str
        name: str | None
        signature_date: str | None
        status: str
        consent_id: str | None
        consent_for: str | None
        status_changed_at: str | None
        executed_at: str | None
        created_at: str
        updated_at: str
        creditor_address: str | None

    class ReceivedDirectDebitMandateNew(TypedDict):
        """A row to insert into `received_direct_debit_mandates`."""

        id: str
        project_id: str
        account_id: str
        reference: str
        creditor_identifier: str
        creditor_name: str
        creditor_iban: NotRequired[str | None]
        ultimate_creditor_name: NotRequired[str | None]
        scheme: str
        sequence: str
        name: NotRequired[str | None]
        signature_date: NotRequired[str | None]
        status: str
        consent_id: NotRequired[str | None]
        consent_for: NotRequired[str | None]
        status_changed_at: NotRequired[str | None]
        executed_at: NotRequired[str | None]
        created_at: str
        updated_at: str
        creditor_address: NotRequired[str | None]

    class ReceivedDirectDebitMandateChanges(TypedDict, total=False):
        """Columns of `received_direct_debit_mandates` an update may set."""

        id: str
        project_id: str
        account_id: str
        reference: str
        creditor_identifier: str
        creditor_name: str
        creditor_iban: str | None
        ultimate_creditor_name: str | None
        scheme: str
        sequence: str
        name: str | None
        signature_date: str | None
        status: str
        consent_id: str | None
        consent_for: str | None
        status_changed_at: str | None
        executed_at: str | None
        created_at: str
        updated_at: str
        creditor_address: str | None

    class AccountInvoiceRow(TypedDict):
        """A row of `account_invoices`."""

        id: str
        project_id: str
        account_id: str
        name: str
        type: str | None
        status: str
        amount: str
        currency: str | None
        opening_date: str
        closing_date: str | None
        expires_at: str | None
        created_at: str | None
        updated_at: str | None

    class AccountInvoiceNew(TypedDict):
        """A row to insert into `account_invoices`."""

        id: str
        project_id: str
        account_id: str
        name: str
        type: NotRequired[str | None]
        status: str
        amount: str
        currency: NotRequired[str | None]
        opening_date: str
        closing_date: NotRequired[str | None]
        expires_at: NotRequired[str | None]
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class AccountInvoiceChanges(TypedDict, total=False):
        """Columns of `account_invoices` an update may set."""

        id: str
        project_id: str
        account_id: str
        name: str
        type: str | None
        status: str
        amount: str
        currency: str | None
        opening_date: str
        closing_date: str | None
        expires_at: str | None
        created_at: str | None
        updated_at: str | None

    class ProjectBillingRow(TypedDict):
        """A row of `project_billing`."""

        project_id: str
        company_name: str
        email: str
        started_at: str

    class ProjectBillingNew(TypedDict):
        """A row to insert into `project_billing`."""

        project_id: str
        company_name: str
        email: str
        started_at: str

    class ProjectBillingChanges(TypedDict, total=False):
        """Columns of `project_billing` an update may set."""

        project_id: str
        company_name: str
        email: str
        started_at: str

    class ProjectOwnerRow(TypedDict):
        """A row of `project_owners`."""

        project_id: str
        account_holder_id: str
        promoted_at: str

    class ProjectOwnerNew(TypedDict):
        """A row to insert into `project_owners`."""

        project_id: str
        account_holder_id: str
        promoted_at: str

    class ProjectOwnerChanges(TypedDict, total=False):
        """Columns of `project_owners` an update may set."""

        project_id: str
        account_holder_id: str
        promoted_at: str

    class TestCheckRow(TypedDict):
        """A row of `test_checks`."""

        id: str
        project_id: str
        cmc7: str
        rlmc_key: str
        fnci_result: str | None
        created_at: str

    class TestCheckNew(TypedDict):
        """A row to insert into `test_checks`."""

        id: str
        project_id: str
        cmc7: str
        rlmc_key: str
        fnci_result: NotRequired[str | None]
        created_at: str

    class TestCheckChanges(TypedDict, total=False):
        """Columns of `test_checks` an update may set."""

        id: str
        project_id: str
        cmc7: str
        rlmc_key: str
        fnci_result: str | None
        created_at: str

    class MerchantProfileRow(TypedDict):
        """A row of `merchant_profiles`."""

        id: str
        project_id: str
        account_id: str
        merchant_name: str
        product_type: str | None
        expected_average_basket: str | None
        expected_monthly_payment_volume: str | None
        expected_monthly_merchant_processing_volume: str | None
        customer_region: str | None
        payment_frequency: str | None
        merchant_website_url: str | None
        support_website_url: str | None
        social_network_url: str | None
        terms_and_conditions_url: str | None
        accent_color: str | None
        additional_information: str | None
        status: str
        rejection_reason: str | None
        status_changed_at: str | None
        created_at: str
        updated_at: str | None

    class MerchantProfileNew(TypedDict):
        """A row to insert into `merchant_profiles`."""

        id: str
        project_id: str
        account_id: str
        merchant_name: str
        product_type: NotRequired[str | None]
        expected_average_basket: NotRequired[str | None]
        expected_monthly_payment_volume: NotRequired[str | None]
        expected_monthly_merchant_processing_volume: NotRequired[str | None]
        customer_region: NotRequired[str | None]
        payment_frequency: NotRequired[str | None]
        merchant_website_url: NotRequired[str | None]
        support_website_url: NotRequired[str | None]
        social_network_url: NotRequired[str | None]
        terms_and_conditions_url: NotRequired[str | None]
        accent_color: NotRequired[str | None]
        additional_information: NotRequired[str | None]
        status: str
        rejection_reason: NotRequired[str | None]
        status_changed_at: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class MerchantProfileChanges(TypedDict, total=False):
        """Columns of `merchant_profiles` an update may set."""

        id: str
        project_id: str
        account_id: str
        merchant_name: str
        product_type: str | None
        expected_average_basket: str | None
        expected_monthly_payment_volume: str | None
        expected_monthly_merchant_processing_volume: str | None
        customer_region: str | None
        payment_frequency: str | None
        merchant_website_url: str | None
        support_website_url: str | None
        social_network_url: str | None
        terms_and_conditions_url: str | None
        accent_color: str | None
        additional_information: str | None
        status: str
        rejection_reason: str | None
        status_changed_at: str | None
        created_at: str
        updated_at: str | None

    class MerchantProfileUpdateRequestRow(TypedDict):
        """A row of `merchant_profile_update_requests`."""

        id: str
        project_id: str
        merchant_profile_id: str
        changes: str
        status: str
        created_at: str
        updated_at: str | None

    class MerchantProfileUpdateRequestNew(TypedDict):
        """A row to insert into `merchant_profile_update_requests`."""

        id: str
        project_id: str
        merchant_profile_id: str
        changes: str
        status: str
        created_at: str
        updated_at: NotRequired[str | None]

    class MerchantProfileUpdateRequestChanges(TypedDict, total=False):
        """Columns of `merchant_profile_update_requests` an update may set."""

        id: str
        project_id: str
        merchant_profile_id: str
        changes: str
        status: str
        created_at: str
        updated_at: str | None

    class MerchantPaymentMethodRow(TypedDict):
        """A row of `merchant_payment_methods`."""

        id: str
        project_id: str
        merchant_profile_id: str
        method_id: str
        type: str
        version: int | None
        status: str
        rejection_reason: str | None
        verification_requirements: str | None
        sepa_creditor_identifier: str | None
        use_swan_sepa_creditor_identifier: int | None
        status_changed_at: str | None
        created_at: str | None
        updated_at: str | None

    class MerchantPaymentMethodNew(TypedDict):
        """A row to insert into `merchant_payment_methods`."""

        id: str
        project_id: str
        merchant_profile_id: str
        method_id: str
        type: str
        version: NotRequired[int | None]
        status: str
        rejection_reason: NotRequired[str | None]
        verification_requirements: NotRequired[str | None]
        sepa_creditor_identifier: NotRequired[str | None]
        use_swan_sepa_creditor_identifier: NotRequired[int | None]
        status_changed_at: NotRequired[str | None]
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class MerchantPaymentMethodChanges(TypedDict, total=False):
        """Columns of `merchant_payment_methods` an update may set."""

        id: str
        project_id: str
        merchant_profile_id: str
        method_id: str
        type: str
        version: int | None
        status: str
        rejection_reason: str | None
        verification_requirements: str | None
        sepa_creditor_identifier: str | None
        use_swan_sepa_creditor_identifier: int | None
        status_changed_at: str | None
        created_at: str | None
        updated_at: str | None

    class MerchantPaymentMethodUpdateRequestRow(TypedDict):
        """A row of `merchant_payment_method_update_requests`."""

        id: str
        project_id: str
        merchant_payment_method_id: str
        sepa_creditor_identifier: str | None
        use_swan_sepa_creditor_identifier: int | None
        status: str
        created_at: str
        updated_at: str | None

    class MerchantPaymentMethodUpdateRequestNew(TypedDict):
        """A row to insert into `merchant_payment_method_update_requests`."""

        id: str
        project_id: str
        merchant_payment_method_id: str
        sepa_creditor_identifier: NotRequired[str | None]
        use_swan_sepa_creditor_identifier: NotRequired[int | None]
        status: str
        created_at: str
        updated_at: NotRequired[str | None]

    class MerchantPaymentMethodUpdateRequestChanges(TypedDict, total=False):
        """Columns of `merchant_payment_method_update_requests` an update may set."""

        id: str
        project_id: str
        merchant_payment_method_id: str
        sepa_creditor_identifier: str | None
        use_swan_sepa_creditor_identifier: int | None
        status: str
        created_at: str
        updated_at: str | None

    class FundingSourceRow(TypedDict):
        """A row of `funding_sources`."""

        id: str
        project_id: str
        account_id: str
        account_holder_id: str
        name: str | None
        iban: str
        bic: str | None
        scheme: str
        status: str
        status_reason: str | None
        enabled_at: str | None
        status_changed_at: str | None
        verification_id: str | None
        verification_status: str
        payment_mandate_id: str | None
        created_at: str
        updated_at: str

    class FundingSourceNew(TypedDict):
        """A row to insert into `funding_sources`."""

        id: str
        project_id: str
        account_id: str
        account_holder_id: str
        name: NotRequired[str | None]
        iban: str
        bic: NotRequired[str | None]
        scheme: str
        status: str
        status_reason: NotRequired[str | None]
        enabled_at: NotRequired[str | None]
        status_changed_at: NotRequired[str | None]
        verification_id: NotRequired[str | None]
        verification_status: str
        payment_mandate_id: NotRequired[str | None]
        created_at: str
        updated_at: str

    class FundingSourceChanges(TypedDict, total=False):
        """Columns of `funding_sources` an update may set."""

        id: str
        project_id: str
        account_id: str
        account_holder_id: str
        name: str | None
        iban: str
        bic: str | None
        scheme: str
        status: str
        status_reason: str | None
        enabled_at: str | None
        status_changed_at: str | None
        verification_id: str | None
        verification_status: str
        payment_mandate_id: str | None
        created_at: str
        updated_at: str

    class PaymentMandateRow(TypedDict):
        """A row of `payment_mandates`."""

        id: str
        project_id: str
        account_holder_id: str
        funding_source_id: str | None
        payment_method_id: str | None
        kind: str
        reference: str
        scheme: str
        sequence: str
        name: str | None
        language: str | None
        status: str
        status_reason: str | None
        consent_id: str | None
        signature_date: str | None
        executed_at: str | None
        status_changed_at: str | None
        creditor_name: str | None
        creditor_identifier: str | None
        creditor_address: str | None
        ultimate_creditor_name: str | None
        debtor_name: str | None
        debtor_iban: str | None
        debtor_country: str | None
        debtor_email: str | None
        debtor_address: str | None
        created_at: str
        updated_at: str

    class PaymentMandateNew(TypedDict):
        """A row to insert into `payment_mandates`."""

        id: str
        project_id: str
        account_holder_id: str
        funding_source_id: NotRequired[str | None]
        payment_method_id: NotRequired[str | None]
        kind: str
        reference: str
        scheme: str
        sequence: str
        name: NotRequired[str | None]
        language: NotRequired[str | None]
        status: str
        status_reason: NotRequired[str | None]
        consent_id: NotRequired[str | None]
        signature_date: NotRequired[str | None]
        executed_at: NotRequired[str | None]
        status_changed_at: NotRequired[str | None]
        creditor_name: NotRequired[str | None]
        creditor_identifier: NotRequired[str | None]
        creditor_address: NotRequired[str | None]
        ultimate_creditor_name: NotRequired[str | None]
        debtor_name: NotRequired[str | None]
        debtor_iban: NotRequired[str | None]
        debtor_country: NotRequired[str | None]
        debtor_email: NotRequired[str | None]
        debtor_address: NotRequired[str | None]
        created_at: str
        updated_at: str

    class PaymentMandateChanges(TypedDict, total=False):
        """Columns of `payment_mandates` an update may set."""

        id: str
        project_id: str
        account_holder_id: str
        funding_source_id: str | None
        payment_method_id: str | None
        kind: str
        reference: str
        scheme: str
        sequence: str
        name: str | None
        language: str | None
        status: str
        status_reason: str | None
        consent_id: str | None
        signature_date: str | None
        executed_at: str | None
        status_changed_at: str | None
        creditor_name: str | None
        creditor_identifier: str | None
        creditor_address: str | None
        ultimate_creditor_name: str | None
        debtor_name: str | None
        debtor_iban: str | None
        debtor_country: str | None
        debtor_email: str | None
        debtor_address: str | None
        created_at: str
        updated_at: str

    class FundingLimitSettingRow(TypedDict):
        """A row of `funding_limit_settings`."""

        account_holder_id: str
        project_id: str
        funding_limit: str
        rolling_days: int
        instant_funding_limit: str
        status: str
        status_reason: str | None
        updated_at: str | None

    class FundingLimitSettingNew(TypedDict):
        """A row to insert into `funding_limit_settings`."""

        account_holder_id: str
        project_id: str
        funding_limit: str
        rolling_days: int
        instant_funding_limit: str
        status: str
        status_reason: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class FundingLimitSettingChanges(TypedDict, total=False):
        """Columns of `funding_limit_settings` an update may set."""

        account_holder_id: str
        project_id: str
        funding_limit: str
        rolling_days: int
        instant_funding_limit: str
        status: str
        status_reason: str | None
        updated_at: str | None

    class FundingLimitChangeRequestRow(TypedDict):
        """A row of `funding_limit_change_requests`."""

        id: str
        project_id: str
        account_holder_id: str
        funding_limit: str
        instant_funding_limit: str
        status: str
        reason: str | None
        approved_funding_limit: str | None
        approved_instant_funding_limit: str | None
        created_at: str
        updated_at: str

    class FundingLimitChangeRequestNew(TypedDict):
        """A row to insert into `funding_limit_change_requests`."""

        id: str
        project_id: str
        account_holder_id: str
        funding_limit: str
        instant_funding_limit: str
        status: str
        reason: NotRequired[str | None]
        approved_funding_limit: NotRequired[str | None]
        approved_instant_funding_limit: NotRequired[str | None]
        created_at: str
        updated_at: str

    class FundingLimitChangeRequestChanges(TypedDict, total=False):
        """Columns of `funding_limit_change_requests` an update may set."""

        id: str
        project_id: str
        account_holder_id: str
        funding_limit: str
        instant_funding_limit: str
        status: str
        reason: str | None
        approved_funding_limit: str | None
        approved_instant_funding_limit: str | None
        created_at: str
        updated_at: str

    class MerchantPaymentRow(TypedDict):
        """A row of `merchant_payments`."""

        id: str
        project_id: str
        account_id: str
        merchant_profile_id: str
        payment_method_id: str
        payment_mandate_id: str | None
        transaction_id: str | None
        amount: str
        amount_cents: int | None
        label: str | None
        reference: str | None
        external_reference: str | None
        status: str
        rejected_reason: str | None
        authorized_at: str | None
        captured_at: str | None
        rejected_at: str | None
        canceled_at: str | None
        disputed_at: str | None
        requested_execution_at: str | None
        created_at: str
        updated_at: str
        kind: str | None
        payment_link_id: str | None
        billing_address: str | None
        card: str | None
        card_mandate_id: str | None
        three_ds: str | None
        cmc7: str | None
        rlmc_key: str | None
        fnci: str | None
        payment_intent_id: str | None

    class MerchantPaymentNew(TypedDict):
        """A row to insert into `merchant_payments`."""

        id: str
        project_id: str
        account_id: str
        merchant_profile_id: str
        payment_method_id: str
        payment_mandate_id: NotRequired[str | None]
        transaction_id: NotRequired[str | None]
        amount: str
        amount_cents: NotRequired[int | None]
        label: NotRequired[str | None]
        reference: NotRequired[str | None]
        external_reference: NotRequired[str | None]
        status: str
        rejected_reason: NotRequired[str | None]
        authorized_at: NotRequired[str | None]
        captured_at: NotRequired[str | None]
        rejected_at: NotRequired[str | None]
        canceled_at: NotRequired[str | None]
        disputed_at: NotRequired[str | None]
        requested_execution_at: NotRequired[str | None]
        created_at: str
        updated_at: str
        kind: NotRequired[str | None]
        payment_link_id: NotRequired[str | None]
        billing_address: NotRequired[str | None]
        card: NotRequired[str | None]
        card_mandate_id: NotRequired[str | None]
        three_ds: NotRequired[str | None]
        cmc7: NotRequired[str | None]
        rlmc_key: NotRequired[str | None]
        fnci: NotRequired[str | None]
        payment_intent_id: NotRequired[str | None]

    class MerchantPaymentChanges(TypedDict, total=False):
        """Columns of `merchant_payments` an update may set."""

        id: str
        project_id: str
        account_id: str
        merchant_profile_id: str
        payment_method_id: str
        payment_mandate_id: str | None
        transaction_id: str | None
        amount: str
        amount_cents: int | None
        label: str | None
        reference: str | None
        external_reference: str | None
        status: str
        rejected_reason: str | None
        authorized_at: str | None
        captured_at: str | None
        rejected_at: str | None
        canceled_at: str | None
        disputed_at: str | None
        requested_execution_at: str | None
        created_at: str
        updated_at: str
        kind: str | None
        payment_link_id: str | None
        billing_address: str | None
        card: str | None
        card_mandate_id: str | None
        three_ds: str | None
        cmc7: str | None
        rlmc_key: str | None
        fnci: str | None
        payment_intent_id: str | None

    class InPersonPaymentIntentRow(TypedDict):
        """A row of `in_person_payment_intents`."""

        id: str
        project_id: str
        merchant_profile_id: str
        payment_method_id: str
        amount: str
        label: str | None
        reference: str | None
        external_reference: str | None
        secret_hash: str
        merchant_payment_id: str | None
        created_at: str
        updated_at: str

    class InPersonPaymentIntentNew(TypedDict):
        """A row to insert into `in_person_payment_intents`."""

        id: str
        project_id: str
        merchant_profile_id: str
        payment_method_id: str
        amount: str
        label: NotRequired[str | None]
        reference: NotRequired[str | None]
        external_reference: NotRequired[str | None]
        secret_hash: str
        merchant_payment_id: NotRequired[str | None]
        created_at: str
        updated_at: str

    class InPersonPaymentIntentChanges(TypedDict, total=False):
        """Columns of `in_person_payment_intents` an update may set."""

        id: str
        project_id: str
        merchant_profile_id: str
        payment_method_id: str
        amount: str
        label: str | None
        reference: str | None
        external_reference: str | None
        secret_hash: str
        merchant_payment_id: str | None
        created_at: str
        updated_at: str

    class TerminalConnectionTokenRow(TypedDict):
        """A row of `terminal_connection_tokens`."""

        id: str
        project_id: str
        merchant_profile_id: str
        token_hash: str
        expires_at: str
        created_at: str

    class TerminalConnectionTokenNew(TypedDict):
        """A row to insert into `terminal_connection_tokens`."""

        id: str
        project_id: str
        merchant_profile_id: str
        token_hash: str
        expires_at: str
        created_at: str

    class TerminalConnectionTokenChanges(TypedDict, total=False):
        """Columns of `terminal_connection_tokens` an update may set."""

        id: str
        project_id: str
        merchant_profile_id: str
        token_hash: str
        expires_at: str
        created_at: str

    class CapitalDepositCaseRow(TypedDict):
        """A row of `capital_deposit_cases`."""

        id: str
        project_id: str
        company_name: str
        company_onboarding_id: str | None
        company_account_id: str | None
        status: str
        cancel_reason: str | None
        total_amount: str | None
        created_at: str
        updated_at: str

    class CapitalDepositCaseNew(TypedDict):
        """A row to insert into `capital_deposit_cases`."""

        id: str
        project_id: str
        company_name: str
        company_onboarding_id: NotRequired[str | None]
        company_account_id: NotRequired[str | None]
        status: str
        cancel_reason: NotRequired[str | None]
        total_amount: NotRequired[str | None]
        created_at: str
        updated_at: str

    class CapitalDepositCaseChanges(TypedDict, total=False):
        """Columns of `capital_deposit_cases` an update may set."""

        id: str
        project_id: str
        company_name: str
        company_onboarding_id: str | None
        company_account_id: str | None
        status: str
        cancel_reason: str | None
        total_amount: str | None
        created_at: str
        updated_at: str

    class CapitalDepositShareholderRow(TypedDict):
        """A row of `capital_deposit_shareholders`."""

        id: str
        project_id: str
        case_id: str
        type: str
        name: str | None
        first_name: str | None
        last_name: str | None
        birth_date: str | None
        nationality: str | None
        amount: str
        onboarding_id: str | None
        status: str
        created_at: str | None
        updated_at: str | None

    class CapitalDepositShareholderNew(TypedDict):
        """A row to insert into `capital_deposit_shareholders`."""

        id: str
        project_id: str
        case_id: str
        type: str
        name: NotRequired[str | None]
        first_name: NotRequired[str | None]
        last_name: NotRequired[str | None]
        birth_date: NotRequired[str | None]
        nationality: NotRequired[str | None]
        amount: str
        onboarding_id: NotRequired[str | None]
        status: str
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class CapitalDepositShareholderChanges(TypedDict, total=False):
        """Columns of `capital_deposit_shareholders` an update may set."""

        id: str
        project_id: str
        case_id: str
        type: str
        name: str | None
        first_name: str | None
        last_name: str | None
        birth_date: str | None
        nationality: str | None
        amount: str
        onboarding_id: str | None
        status: str
        created_at: str | None
        updated_at: str | None

    class CapitalDepositDocumentRow(TypedDict):
        """A row of `capital_deposit_documents`."""

        id: str
        project_id: str
        case_id: str
        shareholder_id: str | None
        type: str
        status: str
        reason_code: str | None
        filename: str | None
        upload_token: str | None
        upload_expires_at: str | None
        uploaded_at: str | None
        size: int | None
        created_at: str | None
        updated_at: str | None

    class CapitalDepositDocumentNew(TypedDict):
        """A row to insert into `capital_deposit_documents`."""

        id: str
        project_id: str
        case_id: str
        shareholder_id: NotRequired[str | None]
        type: str
        status: str
        reason_code: NotRequired[str | None]
        filename: NotRequired[str | None]
        upload_token: NotRequired[str | None]
        upload_expires_at: NotRequired[str | None]
        uploaded_at: NotRequired[str | None]
        size: NotRequired[int | None]
        created_at: NotRequired[str | None]
        updated_at: NotRequired[str | None]

    class CapitalDepositDocumentChanges(TypedDict, total=False):
        """Columns of `capital_deposit_documents` an update may set."""

        id: str
        project_id: str
        case_id: str
        shareholder_id: str | None
        type: str
        status: str
        reason_code: str | None
        filename: str | None
        upload_token: str | None
        upload_expires_at: str | None
        uploaded_at: str | None
        size: int | None
        created_at: str | None
        updated_at: str | None

    class ExportRow(TypedDict):
        """A row of `exports`."""

        id: str
        project_id: str
        type: str
        filters: str | None
        email: str | None
        status: str
        ready_at: str | None
        expires_at: str | None
        content: str | None
        rows: int | None
        download_token: str | None
        download_expires_at: str | None
        created_at: str
        updated_at: str

    class ExportNew(TypedDict):
        """A row to insert into `exports`."""

        id: str
        project_id: str
        type: str
        filters: NotRequired[str | None]
        email: NotRequired[str | None]
        status: str
        ready_at: NotRequired[str | None]
        expires_at: NotRequired[str | None]
        content: NotRequired[str | None]
        rows: NotRequired[int | None]
        download_token: NotRequired[str | None]
        download_expires_at: NotRequired[str | None]
        created_at: str
        updated_at: str

    class ExportChanges(TypedDict, total=False):
        """Columns of `exports` an update may set."""

        id: str
        project_id: str
        type: str
        filters: str | None
        email: str | None
        status: str
        ready_at: str | None
        expires_at: str | None
        content: str | None
        rows: int | None
        download_token: str | None
        download_expires_at: str | None
        created_at: str
        updated_at: str

    class MerchantPaymentLinkRow(TypedDict):
        """A row of `merchant_payment_links`."""

        id: str
        project_id: str
        merchant_profile_id: str
        amount: str
        payment_method_ids: str
        label: str | None
        reference: str | None
        external_reference: str | None
        redirect_url: str | None
        cancel_redirect_url: str | None
        language: str | None
        sequence: str
        requested_execution_at: str | None
        expires_at: str
        billing_address: str | None
        customer: str | None
        completed_at: str | None
        created_at: str
        updated_at: str

    class MerchantPaymentLinkNew(TypedDict):
        """A row to insert into `merchant_payment_links`."""

        id: str
        project_id: str
        merchant_profile_id: str
        amount: str
        payment_method_ids: str
        label: NotRequired[str | None]
        reference: NotRequired[str | None]
        external_reference: NotRequired[str | None]
        redirect_url: NotRequired[str | None]
        cancel_redirect_url: NotRequired[str | None]
        language: NotRequired[str | None]
        sequence: str
        requested_execution_at: NotRequired[str | None]
        expires_at: str
        billing_address: NotRequired[str | None]
        customer: NotRequired[str | None]
        completed_at: NotRequired[str | None]
        created_at: str
        updated_at: str

    class MerchantPaymentLinkChanges(TypedDict, total=False):
        """Columns of `merchant_payment_links` an update may set."""

        id: str
        project_id: str
        merchant_profile_id: str
        amount: str
        payment_method_ids: str
        label: str | None
        reference: str | None
        external_reference: str | None
        redirect_url: str | None
        cancel_redirect_url: str | None
        language: str | None
        sequence: str
        requested_execution_at: str | None
        expires_at: str
        billing_address: str | None
        customer: str | None
        completed_at: str | None
        created_at: str
        updated_at: str

    class MerchantPaymentLinkCardMandateRow(TypedDict):
        """A row of `merchant_payment_link_card_mandates`."""

        id: str
        project_id: str
        payment_link_id: str
        payment_method_id: str
        token_hash: str
        declined: int
        sequence: str
        created_at: str

    class MerchantPaymentLinkCardMandateNew(TypedDict):
        """A row to insert into `merchant_payment_link_card_mandates`."""

        id: str
        project_id: str
        payment_link_id: str
        payment_method_id: str
        token_hash: str
        declined: int
        sequence: str
        created_at: str

    class MerchantPaymentLinkCardMandateChanges(TypedDict, total=False):
        """Columns of `merchant_payment_link_card_mandates` an update may set."""

        id: str
        project_id: str
        payment_link_id: str
        payment_method_id: str
        token_hash: str
        declined: int
        sequence: str
        created_at: str

    class InternationalCreditTransferRow(TypedDict):
        """A row of `international_credit_transfers`."""

        id: str
        project_id: str
        account_id: str
        payment_id: str
        transaction_id: str | None
        trusted_beneficiary_id: str | None
        save_beneficiary: int | None
        beneficiary_name: str | None
        currency: str
        route: str
        details: str | None
        transfer_details: str | None
        target_amount: str | None
        exchange_rate: str | None
        fees_amount: str | None
        source_amount: str | None
        external_reference: str | None
        created_at: str

    class InternationalCreditTransferNew(TypedDict):
        """A row to insert into `international_credit_transfers`."""

        id: str
        project_id: str
        account_id: str
        payment_id: str
        transaction_id: NotRequired[str | None]
        trusted_beneficiary_id: NotRequired[str | None]
        save_beneficiary: NotRequired[int | None]
        beneficiary_name: NotRequired[str | None]
        currency: str
        route: str
        details: NotRequired[str | None]
        transfer_details: NotRequired[str | None]
        target_amount: NotRequired[str | None]
        exchange_rate: NotRequired[str | None]
        fees_amount: NotRequired[str | None]
        source_amount: NotRequired[str | None]
        external_reference: NotRequired[str | None]
        created_at: str

    class InternationalCreditTransferChanges(TypedDict, total=False):
        """Columns of `international_credit_transfers` an update may set."""

        id: str
        project_id: str
        account_id: str
        payment_id: str
        transaction_id: str | None
        trusted_beneficiary_id: str | None
        save_beneficiary: int | None
        beneficiary_name: str | None
        currency: str
        route: str
        details: str | None
        transfer_details: str | None
        target_amount: str | None
        exchange_rate: str | None
        fees_amount: str | None
        source_amount: str | None
        external_reference: str | None
        created_at: str

    class CheckTransactionRow(TypedDict):
        """A row of `check_transactions`."""

        transaction_id: str
        project_id: str
        cmc7: str
        rlmc_key: str
        created_at: str

    class CheckTransactionNew(TypedDict):
        """A row to insert into `check_transactions`."""

        transaction_id: str
        project_id: str
        cmc7: str
        rlmc_key: str
        created_at: str

    class CheckTransactionChanges(TypedDict, total=False):
        """Columns of `check_transactions` an update may set."""

        transaction_id: str
        project_id: str
        cmc7: str
        rlmc_key: str
        created_at: str

    class InternalDirectDebitRow(TypedDict):
        """A row of `internal_direct_debits`."""

        id: str
        project_id: str
        payment_mandate_id: str
        credit_transaction_id: str
        debit_transaction_id: str
        created_at: str

    class InternalDirectDebitNew(TypedDict):
        """A row to insert into `internal_direct_debits`."""

        id: str
        project_id: str
        payment_mandate_id: str
        credit_transaction_id: str
        debit_transaction_id: str
        created_at: str

    class InternalDirectDebitChanges(TypedDict, total=False):
        """Columns of `internal_direct_debits` an update may set."""

        id: str
        project_id: str
        payment_mandate_id: str
        credit_transaction_id: str
        debit_transaction_id: str
        created_at: str

    class CreditLimitSettingRow(TypedDict):
        """A row of `credit_limit_settings`."""

        id: str
        project_id: str
        account_id: str
        status: str
        authorized_amount: str | None
        cycle_length: str | None
        repayment_method: str | None
        created_at: str
        updated_at: str

    class CreditLimitSettingNew(TypedDict):
        """A row to insert into `credit_limit_settings`."""

        id: str
        project_id: str
        account_id: str
        status: str
        authorized_amount: NotRequired[str | None]
        cycle_length: NotRequired[str | None]
        repayment_method: NotRequired[str | None]
        created_at: str
        updated_at: str

    class CreditLimitSettingChanges(TypedDict, total=False):
        """Columns of `credit_limit_settings` an update may set."""

        id: str
        project_id: str
        account_id: str
        status: str
        authorized_amount: str | None
        cycle_length: str | None
        repayment_method: str | None
        created_at: str
        updated_at: str

    class CreditLimitRequestRow(TypedDict):
        """A row of `credit_limit_requests`."""

        id: str
        project_id: str
        account_id: str
        settings_id: str
        amount: str
        message: str | None
        cycle_length: str | None
        repayment_method: str | None
        status: str
        consent_id: str | None
        status_changed_at: str | None
        created_at: str
        updated_at: str | None

    class CreditLimitRequestNew(TypedDict):
        """A row to insert into `credit_limit_requests`."""

        id: str
        project_id: str
        account_id: str
        settings_id: str
        amount: str
        message: NotRequired[str | None]
        cycle_length: NotRequired[str | None]
        repayment_method: NotRequired[str | None]
        status: str
        consent_id: NotRequired[str | None]
        status_changed_at: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class CreditLimitRequestChanges(TypedDict, total=False):
        """Columns of `credit_limit_requests` an update may set."""

        id: str
        project_id: str
        account_id: str
        settings_id: str
        amount: str
        message: str | None
        cycle_length: str | None
        repayment_method: str | None
        status: str
        consent_id: str | None
        status_changed_at: str | None
        created_at: str
        updated_at: str | None

    class RepaymentCycleRow(TypedDict):
        """A row of `repayment_cycles`."""

        id: str
        project_id: str
        settings_id: str
        start_date: str
        end_date: str
        status: str
        created_at: str

    class RepaymentCycleNew(TypedDict):
        """A row to insert into `repayment_cycles`."""

        id: str
        project_id: str
        settings_id: str
        start_date: str
        end_date: str
        status: str
        created_at: str

    class RepaymentCycleChanges(TypedDict, total=False):
        """Columns of `repayment_cycles` an update may set."""

        id: str
        project_id: str
        settings_id: str
        start_date: str
        end_date: str
        status: str
        created_at: str

    class RepaymentRow(TypedDict):
        """A row of `repayments`."""

        id: str
        project_id: str
        settings_id: str
        cycle_id: str | None
        amount: str
        status: str
        transaction_id: str | None
        created_at: str
        updated_at: str | None

    class RepaymentNew(TypedDict):
        """A row to insert into `repayments`."""

        id: str
        project_id: str
        settings_id: str
        cycle_id: NotRequired[str | None]
        amount: str
        status: str
        transaction_id: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class RepaymentChanges(TypedDict, total=False):
        """Columns of `repayments` an update may set."""

        id: str
        project_id: str
        settings_id: str
        cycle_id: str | None
        amount: str
        status: str
        transaction_id: str | None
        created_at: str
        updated_at: str | None

    class CreditStatementRow(TypedDict):
        """A row of `credit_statements`."""

        id: str
        project_id: str
        account_id: str
        cycle_id: str
        language: str | None
        opening_date: str
        closing_date: str | None
        opening_balance: str | None
        closing_balance: str | None
        total_credits: str | None
        total_debits: str | None
        created_at: str

    class CreditStatementNew(TypedDict):
        """A row to insert into `credit_statements`."""

        id: str
        project_id: str
        account_id: str
        cycle_id: str
        language: NotRequired[str | None]
        opening_date: str
        closing_date: NotRequired[str | None]
        opening_balance: NotRequired[str | None]
        closing_balance: NotRequired[str | None]
        total_credits: NotRequired[str | None]
        total_debits: NotRequired[str | None]
        created_at: str

    class CreditStatementChanges(TypedDict, total=False):
        """Columns of `credit_statements` an update may set."""

        id: str
        project_id: str
        account_id: str
        cycle_id: str
        language: str | None
        opening_date: str
        closing_date: str | None
        opening_balance: str | None
        closing_balance: str | None
        total_credits: str | None
        total_debits: str | None
        created_at: str

    class ExternalAccountRow(TypedDict):
        """A row of `external_accounts`."""

        id: str
        project_id: str
        account_holder_id: str
        external_id: str
        iban: str
        bic: str | None
        name: str | None
        holder_name: str | None
        cash_account_type: str | None
        country: str | None
        currency: str | None
        usage: str | None
        source: str | None
        original_created_at: str | None
        created_at: str
        updated_at: str | None

    class ExternalAccountNew(TypedDict):
        """A row to insert into `external_accounts`."""

        id: str
        project_id: str
        account_holder_id: str
        external_id: str
        iban: str
        bic: NotRequired[str | None]
        name: NotRequired[str | None]
        holder_name: NotRequired[str | None]
        cash_account_type: NotRequired[str | None]
        country: NotRequired[str | None]
        currency: NotRequired[str | None]
        usage: NotRequired[str | None]
        source: NotRequired[str | None]
        original_created_at: NotRequired[str | None]
        created_at: str
        updated_at: NotRequired[str | None]

    class ExternalAccountChanges(TypedDict, total=False):
        """Columns of `external_accounts` an update may set."""

        id: str
        project_id: str
        account_holder_id: str
        external_id: str
        iban: str
        bic: str | None
        name: str | None
        holder_name: str | None
        cash_account_type: str | None
        country: str | None
        currency: str | None
        usage: str | None
        source: str | None
        original_created_at: str | None
        created_at: str
        updated_at: str | None

    class ExternalAccountBalanceRow(TypedDict):
        """A row of `external_account_balances`."""

        id: str
        project_id: str
        external_account_id: str
        type: str
        amount: str
        currency: str | None
        last_changed_at: str
        created_at: str | None

    class ExternalAccountBalanceNew(TypedDict):
        """A row to insert into `external_account_balances`."""

        id: str
        project_id: str
        external_account_id: str
        type: str
        amount: str
        currency: NotRequired[str | None]
        last_changed_at: str
        created_at: NotRequired[str | None]

    class ExternalAccountBalanceChanges(TypedDict, total=False):
        """Columns of `external_account_balances` an update may set."""

        id: str
        project_id: str
        external_account_id: str
        type: str
        amount: str
        currency: str | None
        last_changed_at: str
        created_at: str | None

    class AccountHolderRiskInfoRow(TypedDict):
        """A row of `account_holder_risk_info`."""

        account_holder_id: str
        project_id: str
        has_adverse_media: int | None
        has_frozen_assets: int | None
        is_politically_exposed: int | None
        updated_at: str

    class AccountHolderRiskInfoNew(TypedDict):
        """A row to insert into `account_holder_risk_info`."""

        account_holder_id: str
        project_id: str
        has_adverse_media: NotRequired[int | None]
        has_frozen_assets: NotRequired[int | None]
        is_politically_exposed: NotRequired[int | None]
        updated_at: str

    class AccountHolderRiskInfoChanges(TypedDict, total=False):
        """Columns of `account_holder_risk_info` an update may set."""

        account_holder_id: str
        project_id: str
        has_adverse_media: int | None
        has_frozen_assets: int | None
        is_politically_exposed: int | None
        updated_at: str

    class AccountSettingRow(TypedDict):
        """A row of `account_settings`."""

        account_id: str
        project_id: str
        allow_bulk_without_verification: int | None
        pending_value: int | None
        consent_id: str | None
        updated_at: str

    class AccountSettingNew(TypedDict):
        """A row to insert into `account_settings`."""

        account_id: str
        project_id: str
        allow_bulk_without_verification: NotRequired[int | None]
        pending_value: NotRequired[int | None]
        consent_id: NotRequired[str | None]
        updated_at: str

    class AccountSettingChanges(TypedDict, total=False):
        """Columns of `account_settings` an update may set."""

        account_id: str
        project_id: str
        allow_bulk_without_verification: int | None
        pending_value: int | None
        consent_id: str | None
        updated_at: str


else:
    #: Row type -> (docstring, total, (column, annotation) pairs): see `_rows.row_type`.
    _ROW_TYPES: dict[str, tuple[str, bool, tuple[tuple[str, str], ...]]] = {
        "IdSequenceRow": ("A row of `id_sequences`.", True, (("kind", "str"), ("value", "int"))),
        "IdSequenceNew": (
            "A row to insert into `id_sequences`.",
            True,
            (("kind", "str"), ("value", "int")),
        ),
        "IdSequenceChanges": (
            "Columns of `id_sequences` an update may set.",
            False,
            (("kind", "str"), ("value", "int")),
        ),
        "ProjectRow": (
            "A row of `projects`.",
            True,
            (
                ("id", "str"),
                ("name", "str"),
                ("client_id", "str"),
                ("client_secret_hash", "str"),
                ("redirect_uris", "str"),
                ("created_at", "str"),
            ),
        ),
        "ProjectNew": (
            "A row to insert into `projects`.",
            True,
            (
                ("id", "str"),
                ("name", "str"),
                ("client_id", "str"),
                ("client_secret_hash", "str"),
                ("redirect_uris", "str"),
                ("created_at", "str"),
            ),
        ),
        "ProjectChanges": (
            "Columns of `projects` an update may set.",
            False,
            (
                ("id", "str"),
                ("name", "str"),
                ("client_id", "str"),
                ("client_secret_hash", "str"),
                ("redirect_uris", "str"),
                ("created_at", "str"),
            ),
        ),
        "UserRow": (
            "A row of `users`.",
            True,
            (
                ("id", "str"),
                ("phone_number", "str"),
                ("first_name", "str | None"),
                ("last_name", "str | None"),
                ("birth_date", "str | None"),
                ("identification_levels", "str"),
                ("auto_consent", "int"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("project_id", "str | None"),
                ("status", "str | None"),
                ("deactivated_at", "str | None"),
                ("nationality_cca3", "str | None"),
                ("birth_country_cca3", "str | None"),
                ("all_first_names", "str | None"),
                ("deleted_at", "str | None"),
            ),
        ),
        "UserNew": (
            "A row to insert into `users`.",
            True,
            (
                ("id", "str"),
                ("phone_number", "str"),
                ("first_name", "NotRequired[str | None]"),
                ("last_name", "NotRequired[str | None]"),
                ("birth_date", "NotRequired[str | None]"),
                ("identification_levels", "NotRequired[str]"),
                ("auto_consent", "NotRequired[int]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
                ("project_id", "NotRequired[str | None]"),
                ("status", "NotRequired[str | None]"),
                ("deactivated_at", "NotRequired[str | None]"),
                ("nationality_cca3", "NotRequired[str | None]"),
                ("birth_country_cca3", "NotRequired[str | None]"),
                ("all_first_names", "NotRequired[str | None]"),
                ("deleted_at", "NotRequired[str | None]"),
            ),
        ),
        "UserChanges": (
            "Columns of `users` an update may set.",
            False,
            (
                ("id", "str"),
                ("phone_number", "str"),
                ("first_name", "str | None"),
                ("last_name", "str | None"),
                ("birth_date", "str | None"),
                ("identification_levels", "str"),
                ("auto_consent", "int"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("project_id", "str | None"),
                ("status", "str | None"),
                ("deactivated_at", "str | None"),
                ("nationality_cca3", "str | None"),
                ("birth_country_cca3", "str | None"),
                ("all_first_names", "str | None"),
                ("deleted_at", "str | None"),
            ),
        ),
        "TokenRow": (
            "A row of `tokens`.",
            True,
            (
                ("token_hash", "str"),
                ("kind", "str"),
                ("project_id", "str"),
                ("user_id", "str | None"),
                ("scope", "str"),
                ("family_id", "str | None"),
                ("issued_at", "str"),
                ("expires_at", "str | None"),
                ("revoked_at", "str | None"),
            ),
        ),
        "TokenNew": (
            "A row to insert into `tokens`.",
            True,
            (
                ("token_hash", "str"),
                ("kind", "str"),
                ("project_id", "str"),
                ("user_id", "NotRequired[str | None]"),
                ("scope", "str"),
                ("family_id", "NotRequired[str | None]"),
                ("issued_at", "str"),
                ("expires_at", "NotRequired[str | None]"),
                ("revoked_at", "NotRequired[str | None]"),
            ),
        ),
        "TokenChanges": (
            "Columns of `tokens` an update may set.",
            False,
            (
                ("token_hash", "str"),
                ("kind", "str"),
                ("project_id", "str"),
                ("user_id", "str | None"),
                ("scope", "str"),
                ("family_id", "str | None"),
                ("issued_at", "str"),
                ("expires_at", "str | None"),
                ("revoked_at", "str | None"),
            ),
        ),
        "AccountHolderRow": (
            "A row of `account_holders`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("first_name", "str | None"),
                ("last_name", "str | None"),
                ("company_name", "str | None"),
                ("verification_status", "str"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("tax_identification_number", "str | None"),
                ("vat_number", "str | None"),
                ("registration_number", "str | None"),
                ("status_reason", "str | None"),
                ("verification_changed_at", "str | None"),
                ("verification_refusal_reason", "str | None"),
                ("verification_requirements", "str | None"),
            ),
        ),
        "AccountHolderNew": (
            "A row to insert into `account_holders`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("first_name", "NotRequired[str | None]"),
                ("last_name", "NotRequired[str | None]"),
                ("company_name", "NotRequired[str | None]"),
                ("verification_status", "str"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
                ("tax_identification_number", "NotRequired[str | None]"),
                ("vat_number", "NotRequired[str | None]"),
                ("registration_number", "NotRequired[str | None]"),
                ("status_reason", "NotRequired[str | None]"),
                ("verification_changed_at", "NotRequired[str | None]"),
                ("verification_refusal_reason", "NotRequired[str | None]"),
                ("verification_requirements", "NotRequired[str | None]"),
            ),
        ),
        "AccountHolderChanges": (
            "Columns of `account_holders` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("first_name", "str | None"),
                ("last_name", "str | None"),
                ("company_name", "str | None"),
                ("verification_status", "str"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("tax_identification_number", "str | None"),
                ("vat_number", "str | None"),
                ("registration_number", "str | None"),
                ("status_reason", "str | None"),
                ("verification_changed_at", "str | None"),
                ("verification_refusal_reason", "str | None"),
                ("verification_requirements", "str | None"),
            ),
        ),
        "AccountRow": (
            "A row of `accounts`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("holder_id", "str"),
                ("number", "str"),
                ("name", "str"),
                ("iban", "str | None"),
                ("bic", "str"),
                ("currency", "str"),
                ("country", "str | None"),
                ("language", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("opened_at", "str | None"),
                ("closed_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
                ("closes_at", "str | None"),
                ("closing_consent_id", "str | None"),
                ("closing_reason", "str | None"),
                ("block_sdd", "int | None"),
                ("closing_at", "str | None"),
                ("closing_reason_type", "str | None"),
            ),
        ),
        "AccountNew": (
            "A row to insert into `accounts`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("holder_id", "str"),
                ("number", "str"),
                ("name", "str"),
                ("iban", "NotRequired[str | None]"),
                ("bic", "str"),
                ("currency", "str"),
                ("country", "NotRequired[str | None]"),
                ("language", "NotRequired[str | None]"),
                ("status", "str"),
                ("status_reason", "NotRequired[str | None]"),
                ("opened_at", "NotRequired[str | None]"),
                ("closed_at", "NotRequired[str | None]"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
                ("closes_at", "NotRequired[str | None]"),
                ("closing_consent_id", "NotRequired[str | None]"),
                ("closing_reason", "NotRequired[str | None]"),
                ("block_sdd", "NotRequired[int | None]"),
                ("closing_at", "NotRequired[str | None]"),
                ("closing_reason_type", "NotRequired[str | None]"),
            ),
        ),
        "AccountChanges": (
            "Columns of `accounts` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("holder_id", "str"),
                ("number", "str"),
                ("name", "str"),
                ("iban", "str | None"),
                ("bic", "str"),
                ("currency", "str"),
                ("country", "str | None"),
                ("language", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("opened_at", "str | None"),
                ("closed_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
                ("closes_at", "str | None"),
                ("closing_consent_id", "str | None"),
                ("closing_reason", "str | None"),
                ("block_sdd", "int | None"),
                ("closing_at", "str | None"),
                ("closing_reason_type", "str | None"),
            ),
        ),
        "AccountMembershipRow": (
            "A row of `account_memberships`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("user_id", "str | None"),
                ("email", "str | None"),
                ("can_view_account", "int | None"),
                ("can_manage_beneficiaries", "int | None"),
                ("can_initiate_payments", "int | None"),
                ("can_manage_account_membership", "int | None"),
                ("can_manage_cards", "int | None"),
                ("legal_representative", "int | None"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("consent_id", "str | None"),
                ("restricted_first_name", "str | None"),
                ("restricted_last_name", "str | None"),
                ("restricted_phone_number", "str | None"),
                ("restricted_birth_date", "str | None"),
                ("status_reason", "str | None"),
                ("bound_at", "str | None"),
                ("pending_update", "str | None"),
                ("pending_consent_id", "str | None"),
                ("language", "str | None"),
                ("disabled_at", "str | None"),
                ("residency_address", "str | None"),
                ("tax_identification_number", "str | None"),
                ("spending_limit_value", "str | None"),
                ("spending_limit_period", "str | None"),
                ("spending_limit_mode", "str | None"),
            ),
        ),
        "AccountMembershipNew": (
            "A row to insert into `account_memberships`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("user_id", "NotRequired[str | None]"),
                ("email", "NotRequired[str | None]"),
                ("can_view_account", "NotRequired[int | None]"),
                ("can_manage_beneficiaries", "NotRequired[int | None]"),
                ("can_initiate_payments", "NotRequired[int | None]"),
                ("can_manage_account_membership", "NotRequired[int | None]"),
                ("can_manage_cards", "NotRequired[int | None]"),
                ("legal_representative", "NotRequired[int | None]"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
                ("consent_id", "NotRequired[str | None]"),
                ("restricted_first_name", "NotRequired[str | None]"),
                ("restricted_last_name", "NotRequired[str | None]"),
                ("restricted_phone_number", "NotRequired[str | None]"),
                ("restricted_birth_date", "NotRequired[str | None]"),
                ("status_reason", "NotRequired[str | None]"),
                ("bound_at", "NotRequired[str | None]"),
                ("pending_update", "NotRequired[str | None]"),
                ("pending_consent_id", "NotRequired[str | None]"),
                ("language", "NotRequired[str | None]"),
                ("disabled_at", "NotRequired[str | None]"),
                ("residency_address", "NotRequired[str | None]"),
                ("tax_identification_number", "NotRequired[str | None]"),
                ("spending_limit_value", "NotRequired[str | None]"),
                ("spending_limit_period", "NotRequired[str | None]"),
                ("spending_limit_mode", "NotRequired[str | None]"),
            ),
        ),
        "AccountMembershipChanges": (
            "Columns of `account_memberships` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("user_id", "str | None"),
                ("email", "str | None"),
                ("can_view_account", "int | None"),
                ("can_manage_beneficiaries", "int | None"),
                ("can_initiate_payments", "int | None"),
                ("can_manage_account_membership", "int | None"),
                ("can_manage_cards", "int | None"),
                ("legal_representative", "int | None"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("consent_id", "str | None"),
                ("restricted_first_name", "str | None"),
                ("restricted_last_name", "str | None"),
                ("restricted_phone_number", "str | None"),
                ("restricted_birth_date", "str | None"),
                ("status_reason", "str | None"),
                ("bound_at", "str | None"),
                ("pending_update", "str | None"),
                ("pending_consent_id", "str | None"),
                ("language", "str | None"),
                ("disabled_at", "str | None"),
                ("residency_address", "str | None"),
                ("tax_identification_number", "str | None"),
                ("spending_limit_value", "str | None"),
                ("spending_limit_period", "str | None"),
                ("spending_limit_mode", "str | None"),
            ),
        ),
        "ConsentRow": (
            "A row of `consents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str | None"),
                ("purpose", "str"),
                ("status", "str"),
                ("redirect_url", "str"),
                ("resource_id", "str | None"),
                ("require_sca", "int | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("started_at", "str | None"),
                ("expires_at", "str | None"),
                ("status_reason", "str | None"),
                ("finished_at", "str | None"),
                ("parent_consent_id", "str | None"),
                ("child_order", "int | None"),
            ),
        ),
        "ConsentNew": (
            "A row to insert into `consents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "NotRequired[str | None]"),
                ("purpose", "str"),
                ("status", "str"),
                ("redirect_url", "str"),
                ("resource_id", "NotRequired[str | None]"),
                ("require_sca", "NotRequired[int | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
                ("started_at", "NotRequired[str | None]"),
                ("expires_at", "NotRequired[str | None]"),
                ("status_reason", "NotRequired[str | None]"),
                ("finished_at", "NotRequired[str | None]"),
                ("parent_consent_id", "NotRequired[str | None]"),
                ("child_order", "NotRequired[int | None]"),
            ),
        ),
        "ConsentChanges": (
            "Columns of `consents` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str | None"),
                ("purpose", "str"),
                ("status", "str"),
                ("redirect_url", "str"),
                ("resource_id", "str | None"),
                ("require_sca", "int | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("started_at", "str | None"),
                ("expires_at", "str | None"),
                ("status_reason", "str | None"),
                ("finished_at", "str | None"),
                ("parent_consent_id", "str | None"),
                ("child_order", "int | None"),
            ),
        ),
        "IdSecretRow": (
            "A row of `id_secret`.",
            True,
            (("slot", "str"), ("scheme", "str"), ("secret", "str | None")),
        ),
        "IdSecretNew": (
            "A row to insert into `id_secret`.",
            True,
            (("slot", "str"), ("scheme", "str"), ("secret", "NotRequired[str | None]")),
        ),
        "IdSecretChanges": (
            "Columns of `id_secret` an update may set.",
            False,
            (("slot", "str"), ("scheme", "str"), ("secret", "str | None")),
        ),
        "EventRow": (
            "A row of `events`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("event_type", "str"),
                ("resource_id", "str"),
                ("event_date", "str"),
                ("sequence", "int"),
            ),
        ),
        "EventNew": (
            "A row to insert into `events`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("event_type", "str"),
                ("resource_id", "str"),
                ("event_date", "str"),
                ("sequence", "int"),
            ),
        ),
        "EventChanges": (
            "Columns of `events` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("event_type", "str"),
                ("resource_id", "str"),
                ("event_date", "str"),
                ("sequence", "int"),
            ),
        ),
        "SigningKeyRow": (
            "A row of `signing_keys`.",
            True,
            (
                ("kid", "str"),
                ("slot", "str"),
                ("algorithm", "str"),
                ("private_jwk", "str"),
                ("created_at", "str"),
            ),
        ),
        "SigningKeyNew": (
            "A row to insert into `signing_keys`.",
            True,
            (
                ("kid", "str"),
                ("slot", "str"),
                ("algorithm", "str"),
                ("private_jwk", "str"),
                ("created_at", "str"),
            ),
        ),
        "SigningKeyChanges": (
            "Columns of `signing_keys` an update may set.",
            False,
            (
                ("kid", "str"),
                ("slot", "str"),
                ("algorithm", "str"),
                ("private_jwk", "str"),
                ("created_at", "str"),
            ),
        ),
        "OauthProjectSettingRow": (
            "A row of `oauth_project_settings`.",
            True,
            (("project_id", "str"), ("pkce_enabled", "int"), ("updated_at", "str")),
        ),
        "OauthProjectSettingNew": (
            "A row to insert into `oauth_project_settings`.",
            True,
            (("project_id", "str"), ("pkce_enabled", "NotRequired[int]"), ("updated_at", "str")),
        ),
        "OauthProjectSettingChanges": (
            "Columns of `oauth_project_settings` an update may set.",
            False,
            (("project_id", "str"), ("pkce_enabled", "int"), ("updated_at", "str")),
        ),
        "WebSessionRow": (
            "A row of `web_sessions`.",
            True,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("purpose", "str"),
                ("project_id", "str"),
                ("continue_to", "str"),
                ("restart_url", "str"),
                ("data", "str"),
                ("phone_hint", "str | None"),
                ("phone_number", "str | None"),
                ("user_id", "str | None"),
                ("step", "str"),
                ("logged_in_at", "str | None"),
                ("csrf_token", "str"),
                ("codes_sent", "int"),
                ("failed_code_attempts", "int"),
                ("locked_at", "str | None"),
                ("finished_at", "str | None"),
                ("created_at", "str"),
                ("last_seen_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "WebSessionNew": (
            "A row to insert into `web_sessions`.",
            True,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("purpose", "str"),
                ("project_id", "str"),
                ("continue_to", "str"),
                ("restart_url", "str"),
                ("data", "str"),
                ("phone_hint", "NotRequired[str | None]"),
                ("phone_number", "NotRequired[str | None]"),
                ("user_id", "NotRequired[str | None]"),
                ("step", "str"),
                ("logged_in_at", "NotRequired[str | None]"),
                ("csrf_token", "str"),
                ("codes_sent", "NotRequired[int]"),
                ("failed_code_attempts", "NotRequired[int]"),
                ("locked_at", "NotRequired[str | None]"),
                ("finished_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("last_seen_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "WebSessionChanges": (
            "Columns of `web_sessions` an update may set.",
            False,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("purpose", "str"),
                ("project_id", "str"),
                ("continue_to", "str"),
                ("restart_url", "str"),
                ("data", "str"),
                ("phone_hint", "str | None"),
                ("phone_number", "str | None"),
                ("user_id", "str | None"),
                ("step", "str"),
                ("logged_in_at", "str | None"),
                ("csrf_token", "str"),
                ("codes_sent", "int"),
                ("failed_code_attempts", "int"),
                ("locked_at", "str | None"),
                ("finished_at", "str | None"),
                ("created_at", "str"),
                ("last_seen_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "SmsOutboxRow": (
            "A row of `sms_outbox`.",
            True,
            (
                ("id", "str"),
                ("phone_number", "str"),
                ("text", "str"),
                ("sent_at", "str"),
                ("sequence", "int"),
                ("project_id", "str | None"),
            ),
        ),
        "SmsOutboxNew": (
            "A row to insert into `sms_outbox`.",
            True,
            (
                ("id", "str"),
                ("phone_number", "str"),
                ("text", "str"),
                ("sent_at", "str"),
                ("sequence", "int"),
                ("project_id", "NotRequired[str | None]"),
            ),
        ),
        "SmsOutboxChanges": (
            "Columns of `sms_outbox` an update may set.",
            False,
            (
                ("id", "str"),
                ("phone_number", "str"),
                ("text", "str"),
                ("sent_at", "str"),
                ("sequence", "int"),
                ("project_id", "str | None"),
            ),
        ),
        "SmsCodeRow": (
            "A row of `sms_codes`.",
            True,
            (
                ("id", "str"),
                ("session_id", "str"),
                ("phone_number", "str"),
                ("code_hash", "str"),
                ("sent_at", "str"),
                ("expires_at", "str"),
                ("superseded_at", "str | None"),
                ("used_at", "str | None"),
            ),
        ),
        "SmsCodeNew": (
            "A row to insert into `sms_codes`.",
            True,
            (
                ("id", "str"),
                ("session_id", "str"),
                ("phone_number", "str"),
                ("code_hash", "str"),
                ("sent_at", "str"),
                ("expires_at", "str"),
                ("superseded_at", "NotRequired[str | None]"),
                ("used_at", "NotRequired[str | None]"),
            ),
        ),
        "SmsCodeChanges": (
            "Columns of `sms_codes` an update may set.",
            False,
            (
                ("id", "str"),
                ("session_id", "str"),
                ("phone_number", "str"),
                ("code_hash", "str"),
                ("sent_at", "str"),
                ("expires_at", "str"),
                ("superseded_at", "str | None"),
                ("used_at", "str | None"),
            ),
        ),
        "AuthorizationCodeRow": (
            "A row of `authorization_codes`.",
            True,
            (
                ("code_hash", "str"),
                ("project_id", "str"),
                ("client_id", "str"),
                ("user_id", "str"),
                ("redirect_uri", "str"),
                ("redirect_uri_sent", "int"),
                ("scope", "str"),
                ("nonce", "str | None"),
                ("code_challenge", "str | None"),
                ("code_challenge_method", "str | None"),
                ("auth_time", "str"),
                ("issued_at", "str"),
                ("expires_at", "str"),
                ("used_at", "str | None"),
                ("family_id", "str | None"),
            ),
        ),
        "AuthorizationCodeNew": (
            "A row to insert into `authorization_codes`.",
            True,
            (
                ("code_hash", "str"),
                ("project_id", "str"),
                ("client_id", "str"),
                ("user_id", "str"),
                ("redirect_uri", "str"),
                ("redirect_uri_sent", "int"),
                ("scope", "str"),
                ("nonce", "NotRequired[str | None]"),
                ("code_challenge", "NotRequired[str | None]"),
                ("code_challenge_method", "NotRequired[str | None]"),
                ("auth_time", "str"),
                ("issued_at", "str"),
                ("expires_at", "str"),
                ("used_at", "NotRequired[str | None]"),
                ("family_id", "NotRequired[str | None]"),
            ),
        ),
        "AuthorizationCodeChanges": (
            "Columns of `authorization_codes` an update may set.",
            False,
            (
                ("code_hash", "str"),
                ("project_id", "str"),
                ("client_id", "str"),
                ("user_id", "str"),
                ("redirect_uri", "str"),
                ("redirect_uri_sent", "int"),
                ("scope", "str"),
                ("nonce", "str | None"),
                ("code_challenge", "str | None"),
                ("code_challenge_method", "str | None"),
                ("auth_time", "str"),
                ("issued_at", "str"),
                ("expires_at", "str"),
                ("used_at", "str | None"),
                ("family_id", "str | None"),
            ),
        ),
        "TokenFamilyRow": (
            "A row of `token_families`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("scope", "str"),
                ("auth_time", "str"),
                ("created_at", "str"),
                ("revoked_at", "str | None"),
                ("revoked_reason", "str | None"),
            ),
        ),
        "TokenFamilyNew": (
            "A row to insert into `token_families`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("scope", "str"),
                ("auth_time", "str"),
                ("created_at", "str"),
                ("revoked_at", "NotRequired[str | None]"),
                ("revoked_reason", "NotRequired[str | None]"),
            ),
        ),
        "TokenFamilyChanges": (
            "Columns of `token_families` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("scope", "str"),
                ("auth_time", "str"),
                ("created_at", "str"),
                ("revoked_at", "str | None"),
                ("revoked_reason", "str | None"),
            ),
        ),
        "HashKeyRow": ("A row of `hash_keys`.", True, (("purpose", "str"), ("secret", "str"))),
        "HashKeyNew": (
            "A row to insert into `hash_keys`.",
            True,
            (("purpose", "str"), ("secret", "str")),
        ),
        "HashKeyChanges": (
            "Columns of `hash_keys` an update may set.",
            False,
            (("purpose", "str"), ("secret", "str")),
        ),
        "WebhookSubscriptionRow": (
            "A row of `webhook_subscriptions`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("label", "str"),
                ("endpoint_url", "str"),
                ("secret", "str"),
                ("event_types", "str"),
                ("status", "str"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
                ("removed_at", "str | None"),
                ("status_changed_at", "str | None"),
            ),
        ),
        "WebhookSubscriptionNew": (
            "A row to insert into `webhook_subscriptions`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("label", "str"),
                ("endpoint_url", "str"),
                ("secret", "str"),
                ("event_types", "str"),
                ("status", "str"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
                ("removed_at", "NotRequired[str | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
            ),
        ),
        "WebhookSubscriptionChanges": (
            "Columns of `webhook_subscriptions` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("label", "str"),
                ("endpoint_url", "str"),
                ("secret", "str"),
                ("event_types", "str"),
                ("status", "str"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
                ("removed_at", "str | None"),
                ("status_changed_at", "str | None"),
            ),
        ),
        "WebhookSubscriptionEventTypeRow": (
            "A row of `webhook_subscription_event_types`.",
            True,
            (("subscription_id", "str"), ("project_id", "str | None"), ("event_type", "str")),
        ),
        "WebhookSubscriptionEventTypeNew": (
            "A row to insert into `webhook_subscription_event_types`.",
            True,
            (
                ("subscription_id", "str"),
                ("project_id", "NotRequired[str | None]"),
                ("event_type", "str"),
            ),
        ),
        "WebhookSubscriptionEventTypeChanges": (
            "Columns of `webhook_subscription_event_types` an update may set.",
            False,
            (("subscription_id", "str"), ("project_id", "str | None"), ("event_type", "str")),
        ),
        "WebhookDeliveryRow": (
            "A row of `webhook_deliveries`.",
            True,
            (
                ("id", "str"),
                ("position", "str"),
                ("project_id", "str"),
                ("subscription_id", "str"),
                ("event_id", "str"),
                ("event_type", "str"),
                ("resource_id", "str | None"),
                ("event_date", "str | None"),
                ("trigger", "str | None"),
                ("status", "str"),
                ("attempt_count", "int"),
                ("max_attempts", "int"),
                ("policy", "str"),
                ("next_attempt_at", "str | None"),
                ("last_attempt_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "WebhookDeliveryNew": (
            "A row to insert into `webhook_deliveries`.",
            True,
            (
                ("id", "str"),
                ("position", "str"),
                ("project_id", "str"),
                ("subscription_id", "str"),
                ("event_id", "str"),
                ("event_type", "str"),
                ("resource_id", "NotRequired[str | None]"),
                ("event_date", "NotRequired[str | None]"),
                ("trigger", "NotRequired[str | None]"),
                ("status", "str"),
                ("attempt_count", "int"),
                ("max_attempts", "int"),
                ("policy", "str"),
                ("next_attempt_at", "NotRequired[str | None]"),
                ("last_attempt_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "WebhookDeliveryChanges": (
            "Columns of `webhook_deliveries` an update may set.",
            False,
            (
                ("id", "str"),
                ("position", "str"),
                ("project_id", "str"),
                ("subscription_id", "str"),
                ("event_id", "str"),
                ("event_type", "str"),
                ("resource_id", "str | None"),
                ("event_date", "str | None"),
                ("trigger", "str | None"),
                ("status", "str"),
                ("attempt_count", "int"),
                ("max_attempts", "int"),
                ("policy", "str"),
                ("next_attempt_at", "str | None"),
                ("last_attempt_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "WebhookAttemptRow": (
            "A row of `webhook_attempts`.",
            True,
            (
                ("id", "str"),
                ("position", "str"),
                ("project_id", "str"),
                ("delivery_id", "str | None"),
                ("subscription_id", "str"),
                ("event_id", "str"),
                ("event_type", "str"),
                ("resource_id", "str | None"),
                ("kind", "str"),
                ("attempt_number", "int"),
                ("endpoint_url", "str"),
                ("request_headers", "str | None"),
                ("request_body", "str"),
                ("attempted_at", "str"),
                ("duration_ms", "int"),
                ("response_status", "int | None"),
                ("response_body", "str | None"),
                ("error_code", "str | None"),
                ("error", "str | None"),
                ("succeeded", "int"),
                ("next_attempt_at", "str | None"),
                ("delivery_status", "str | None"),
            ),
        ),
        "WebhookAttemptNew": (
            "A row to insert into `webhook_attempts`.",
            True,
            (
                ("id", "str"),
                ("position", "str"),
                ("project_id", "str"),
                ("delivery_id", "NotRequired[str | None]"),
                ("subscription_id", "str"),
                ("event_id", "str"),
                ("event_type", "str"),
                ("resource_id", "NotRequired[str | None]"),
                ("kind", "str"),
                ("attempt_number", "int"),
                ("endpoint_url", "str"),
                ("request_headers", "NotRequired[str | None]"),
                ("request_body", "str"),
                ("attempted_at", "str"),
                ("duration_ms", "int"),
                ("response_status", "NotRequired[int | None]"),
                ("response_body", "NotRequired[str | None]"),
                ("error_code", "NotRequired[str | None]"),
                ("error", "NotRequired[str | None]"),
                ("succeeded", "int"),
                ("next_attempt_at", "NotRequired[str | None]"),
                ("delivery_status", "NotRequired[str | None]"),
            ),
        ),
        "WebhookAttemptChanges": (
            "Columns of `webhook_attempts` an update may set.",
            False,
            (
                ("id", "str"),
                ("position", "str"),
                ("project_id", "str"),
                ("delivery_id", "str | None"),
                ("subscription_id", "str"),
                ("event_id", "str"),
                ("event_type", "str"),
                ("resource_id", "str | None"),
                ("kind", "str"),
                ("attempt_number", "int"),
                ("endpoint_url", "str"),
                ("request_headers", "str | None"),
                ("request_body", "str"),
                ("attempted_at", "str"),
                ("duration_ms", "int"),
                ("response_status", "int | None"),
                ("response_body", "str | None"),
                ("error_code", "str | None"),
                ("error", "str | None"),
                ("succeeded", "int"),
                ("next_attempt_at", "str | None"),
                ("delivery_status", "str | None"),
            ),
        ),
        "WebhookSettingRow": (
            "A row of `webhook_settings`.",
            True,
            (("key", "str"), ("value", "str")),
        ),
        "WebhookSettingNew": (
            "A row to insert into `webhook_settings`.",
            True,
            (("key", "str"), ("value", "str")),
        ),
        "WebhookSettingChanges": (
            "Columns of `webhook_settings` an update may set.",
            False,
            (("key", "str"), ("value", "str")),
        ),
        "AccountBalanceRow": (
            "A row of `account_balances`.",
            True,
            (
                ("account_id", "str"),
                ("booked", "str"),
                ("pending_credits", "str"),
                ("pending_debits", "str"),
                ("reserved", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "AccountBalanceNew": (
            "A row to insert into `account_balances`.",
            True,
            (
                ("account_id", "str"),
                ("booked", "str"),
                ("pending_credits", "str"),
                ("pending_debits", "str"),
                ("reserved", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "AccountBalanceChanges": (
            "Columns of `account_balances` an update may set.",
            False,
            (
                ("account_id", "str"),
                ("booked", "str"),
                ("pending_credits", "str"),
                ("pending_debits", "str"),
                ("reserved", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "CardRow": (
            "A row of `cards`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("account_membership_id", "str"),
                ("consent_id", "str | None"),
                ("type", "str"),
                ("name", "str | None"),
                ("masked_number", "str | None"),
                ("expiry_date", "str | None"),
                ("withdrawal", "int | None"),
                ("international", "int | None"),
                ("non_main_currency_transactions", "int | None"),
                ("e_commerce", "int | None"),
                ("spending_limit_value", "str"),
                ("spending_limit_currency", "str"),
                ("spending_limit_period", "str"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("enabled_at", "str | None"),
                ("canceled_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("physical_status", "str | None"),
                ("physical_status_reason", "str | None"),
                ("physical_consent_id", "str | None"),
                ("physical_identifier", "str | None"),
                ("physical_masked_number", "str | None"),
                ("physical_expiry_date", "str | None"),
                ("physical_address", "str | None"),
                ("physical_custom_options", "str | None"),
                ("physical_pin_ready", "int | None"),
                ("physical_tracking_number", "str | None"),
                ("physical_estimated_delivery", "str | None"),
                ("physical_previous", "str | None"),
                ("pending_update", "str | None"),
                ("pending_update_consent_id", "str | None"),
                ("card_product_id", "str | None"),
                ("card_contract_expiry_date", "str | None"),
                ("view_card_number", "int | None"),
                ("spending_limit_mode", "str | None"),
            ),
        ),
        "CardNew": (
            "A row to insert into `cards`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("account_membership_id", "str"),
                ("consent_id", "NotRequired[str | None]"),
                ("type", "str"),
                ("name", "NotRequired[str | None]"),
                ("masked_number", "NotRequired[str | None]"),
                ("expiry_date", "NotRequired[str | None]"),
                ("withdrawal", "NotRequired[int | None]"),
                ("international", "NotRequired[int | None]"),
                ("non_main_currency_transactions", "NotRequired[int | None]"),
                ("e_commerce", "NotRequired[int | None]"),
                ("spending_limit_value", "str"),
                ("spending_limit_currency", "str"),
                ("spending_limit_period", "str"),
                ("status", "str"),
                ("status_reason", "NotRequired[str | None]"),
                ("enabled_at", "NotRequired[str | None]"),
                ("canceled_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("physical_status", "NotRequired[str | None]"),
                ("physical_status_reason", "NotRequired[str | None]"),
                ("physical_consent_id", "NotRequired[str | None]"),
                ("physical_identifier", "NotRequired[str | None]"),
                ("physical_masked_number", "NotRequired[str | None]"),
                ("physical_expiry_date", "NotRequired[str | None]"),
                ("physical_address", "NotRequired[str | None]"),
                ("physical_custom_options", "NotRequired[str | None]"),
                ("physical_pin_ready", "NotRequired[int | None]"),
                ("physical_tracking_number", "NotRequired[str | None]"),
                ("physical_estimated_delivery", "NotRequired[str | None]"),
                ("physical_previous", "NotRequired[str | None]"),
                ("pending_update", "NotRequired[str | None]"),
                ("pending_update_consent_id", "NotRequired[str | None]"),
                ("card_product_id", "NotRequired[str | None]"),
                ("card_contract_expiry_date", "NotRequired[str | None]"),
                ("view_card_number", "NotRequired[int | None]"),
                ("spending_limit_mode", "NotRequired[str | None]"),
            ),
        ),
        "CardChanges": (
            "Columns of `cards` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("account_membership_id", "str"),
                ("consent_id", "str | None"),
                ("type", "str"),
                ("name", "str | None"),
                ("masked_number", "str | None"),
                ("expiry_date", "str | None"),
                ("withdrawal", "int | None"),
                ("international", "int | None"),
                ("non_main_currency_transactions", "int | None"),
                ("e_commerce", "int | None"),
                ("spending_limit_value", "str"),
                ("spending_limit_currency", "str"),
                ("spending_limit_period", "str"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("enabled_at", "str | None"),
                ("canceled_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("physical_status", "str | None"),
                ("physical_status_reason", "str | None"),
                ("physical_consent_id", "str | None"),
                ("physical_identifier", "str | None"),
                ("physical_masked_number", "str | None"),
                ("physical_expiry_date", "str | None"),
                ("physical_address", "str | None"),
                ("physical_custom_options", "str | None"),
                ("physical_pin_ready", "int | None"),
                ("physical_tracking_number", "str | None"),
                ("physical_estimated_delivery", "str | None"),
                ("physical_previous", "str | None"),
                ("pending_update", "str | None"),
                ("pending_update_consent_id", "str | None"),
                ("card_product_id", "str | None"),
                ("card_contract_expiry_date", "str | None"),
                ("view_card_number", "int | None"),
                ("spending_limit_mode", "str | None"),
            ),
        ),
        "PaymentRow": (
            "A row of `payments`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("idempotency_key", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("standing_order_id", "str | None"),
                ("funding_source_id", "str | None"),
                ("funding_amount", "str | None"),
                ("funding_label", "str | None"),
                ("funding_reference", "str | None"),
                ("funding_instant", "int | None"),
                ("funding_requested_at", "str | None"),
            ),
        ),
        "PaymentNew": (
            "A row to insert into `payments`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "NotRequired[str | None]"),
                ("status", "str"),
                ("status_reason", "NotRequired[str | None]"),
                ("idempotency_key", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("standing_order_id", "NotRequired[str | None]"),
                ("funding_source_id", "NotRequired[str | None]"),
                ("funding_amount", "NotRequired[str | None]"),
                ("funding_label", "NotRequired[str | None]"),
                ("funding_reference", "NotRequired[str | None]"),
                ("funding_instant", "NotRequired[int | None]"),
                ("funding_requested_at", "NotRequired[str | None]"),
            ),
        ),
        "PaymentChanges": (
            "Columns of `payments` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("idempotency_key", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("standing_order_id", "str | None"),
                ("funding_source_id", "str | None"),
                ("funding_amount", "str | None"),
                ("funding_label", "str | None"),
                ("funding_reference", "str | None"),
                ("funding_instant", "int | None"),
                ("funding_requested_at", "str | None"),
            ),
        ),
        "PaymentTransferRow": (
            "A row of `payment_transfers`.",
            True,
            (
                ("payment_id", "str"),
                ("position", "int"),
                ("amount", "str"),
                ("currency", "str"),
                ("beneficiary_name", "str"),
                ("beneficiary_iban", "str"),
                ("beneficiary_bic", "str | None"),
                ("reference", "str | None"),
                ("label", "str | None"),
                ("mode", "str"),
                ("origin_transaction_id", "str | None"),
                ("category_purpose", "str | None"),
                ("external_reference", "str | None"),
                ("label_type", "str | None"),
                ("requested_execution_at", "str | None"),
                ("beneficiary_address", "str | None"),
                ("beneficiary_account_id", "str | None"),
            ),
        ),
        "PaymentTransferNew": (
            "A row to insert into `payment_transfers`.",
            True,
            (
                ("payment_id", "str"),
                ("position", "int"),
                ("amount", "str"),
                ("currency", "str"),
                ("beneficiary_name", "str"),
                ("beneficiary_iban", "str"),
                ("beneficiary_bic", "NotRequired[str | None]"),
                ("reference", "NotRequired[str | None]"),
                ("label", "NotRequired[str | None]"),
                ("mode", "str"),
                ("origin_transaction_id", "NotRequired[str | None]"),
                ("category_purpose", "NotRequired[str | None]"),
                ("external_reference", "NotRequired[str | None]"),
                ("label_type", "NotRequired[str | None]"),
                ("requested_execution_at", "NotRequired[str | None]"),
                ("beneficiary_address", "NotRequired[str | None]"),
                ("beneficiary_account_id", "NotRequired[str | None]"),
            ),
        ),
        "PaymentTransferChanges": (
            "Columns of `payment_transfers` an update may set.",
            False,
            (
                ("payment_id", "str"),
                ("position", "int"),
                ("amount", "str"),
                ("currency", "str"),
                ("beneficiary_name", "str"),
                ("beneficiary_iban", "str"),
                ("beneficiary_bic", "str | None"),
                ("reference", "str | None"),
                ("label", "str | None"),
                ("mode", "str"),
                ("origin_transaction_id", "str | None"),
                ("category_purpose", "str | None"),
                ("external_reference", "str | None"),
                ("label_type", "str | None"),
                ("requested_execution_at", "str | None"),
                ("beneficiary_address", "str | None"),
                ("beneficiary_account_id", "str | None"),
            ),
        ),
        "TransactionRow": (
            "A row of `transactions`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("type", "str"),
                ("side", "str"),
                ("amount", "str"),
                ("currency", "str"),
                ("label", "str"),
                ("reference", "str | None"),
                ("counterparty", "str"),
                ("counterparty_iban", "str | None"),
                ("counterparty_bic", "str | None"),
                ("mode", "str | None"),
                ("payment_id", "str | None"),
                ("card_id", "str | None"),
                ("merchant_name", "str | None"),
                ("merchant_category", "str | None"),
                ("merchant_city", "str | None"),
                ("merchant_country", "str | None"),
                ("fee_type", "str | None"),
                ("original_transaction_id", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("execution_date", "str"),
                ("settles_at", "str | None"),
                ("booking_date", "str | None"),
                ("value_date", "str | None"),
                ("balance_after", "str | None"),
                ("booking_number", "int | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("enrichment", "str | None"),
                ("card_category", "str | None"),
                ("merchant_postal_code", "str | None"),
                ("original_amount", "str | None"),
                ("original_currency", "str | None"),
                ("terminal_id", "str | None"),
                ("authorization_type", "str | None"),
                ("transport_type", "str | None"),
                ("operation_type", "str | None"),
                ("authorization_expires_at", "str | None"),
                ("merchant_id", "str | None"),
                ("card_type_used", "str | None"),
                ("category_purpose", "str | None"),
                ("external_reference", "str | None"),
                ("label_type", "str | None"),
                ("requested_execution_at", "str | None"),
                ("payment_mandate_id", "str | None"),
                ("merchant_payment_id", "str | None"),
            ),
        ),
        "TransactionNew": (
            "A row to insert into `transactions`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("type", "str"),
                ("side", "str"),
                ("amount", "str"),
                ("currency", "str"),
                ("label", "str"),
                ("reference", "NotRequired[str | None]"),
                ("counterparty", "str"),
                ("counterparty_iban", "NotRequired[str | None]"),
                ("counterparty_bic", "NotRequired[str | None]"),
                ("mode", "NotRequired[str | None]"),
                ("payment_id", "NotRequired[str | None]"),
                ("card_id", "NotRequired[str | None]"),
                ("merchant_name", "NotRequired[str | None]"),
                ("merchant_category", "NotRequired[str | None]"),
                ("merchant_city", "NotRequired[str | None]"),
                ("merchant_country", "NotRequired[str | None]"),
                ("fee_type", "NotRequired[str | None]"),
                ("original_transaction_id", "NotRequired[str | None]"),
                ("status", "str"),
                ("status_reason", "NotRequired[str | None]"),
                ("execution_date", "str"),
                ("settles_at", "NotRequired[str | None]"),
                ("booking_date", "NotRequired[str | None]"),
                ("value_date", "NotRequired[str | None]"),
                ("balance_after", "NotRequired[str | None]"),
                ("booking_number", "NotRequired[int | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("enrichment", "NotRequired[str | None]"),
                ("card_category", "NotRequired[str | None]"),
                ("merchant_postal_code", "NotRequired[str | None]"),
                ("original_amount", "NotRequired[str | None]"),
                ("original_currency", "NotRequired[str | None]"),
                ("terminal_id", "NotRequired[str | None]"),
                ("authorization_type", "NotRequired[str | None]"),
                ("transport_type", "NotRequired[str | None]"),
                ("operation_type", "NotRequired[str | None]"),
                ("authorization_expires_at", "NotRequired[str | None]"),
                ("merchant_id", "NotRequired[str | None]"),
                ("card_type_used", "NotRequired[str | None]"),
                ("category_purpose", "NotRequired[str | None]"),
                ("external_reference", "NotRequired[str | None]"),
                ("label_type", "NotRequired[str | None]"),
                ("requested_execution_at", "NotRequired[str | None]"),
                ("payment_mandate_id", "NotRequired[str | None]"),
                ("merchant_payment_id", "NotRequired[str | None]"),
            ),
        ),
        "TransactionChanges": (
            "Columns of `transactions` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("type", "str"),
                ("side", "str"),
                ("amount", "str"),
                ("currency", "str"),
                ("label", "str"),
                ("reference", "str | None"),
                ("counterparty", "str"),
                ("counterparty_iban", "str | None"),
                ("counterparty_bic", "str | None"),
                ("mode", "str | None"),
                ("payment_id", "str | None"),
                ("card_id", "str | None"),
                ("merchant_name", "str | None"),
                ("merchant_category", "str | None"),
                ("merchant_city", "str | None"),
                ("merchant_country", "str | None"),
                ("fee_type", "str | None"),
                ("original_transaction_id", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("execution_date", "str"),
                ("settles_at", "str | None"),
                ("booking_date", "str | None"),
                ("value_date", "str | None"),
                ("balance_after", "str | None"),
                ("booking_number", "int | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("enrichment", "str | None"),
                ("card_category", "str | None"),
                ("merchant_postal_code", "str | None"),
                ("original_amount", "str | None"),
                ("original_currency", "str | None"),
                ("terminal_id", "str | None"),
                ("authorization_type", "str | None"),
                ("transport_type", "str | None"),
                ("operation_type", "str | None"),
                ("authorization_expires_at", "str | None"),
                ("merchant_id", "str | None"),
                ("card_type_used", "str | None"),
                ("category_purpose", "str | None"),
                ("external_reference", "str | None"),
                ("label_type", "str | None"),
                ("requested_execution_at", "str | None"),
                ("payment_mandate_id", "str | None"),
                ("merchant_payment_id", "str | None"),
            ),
        ),
        "IdempotencyKeyRow": (
            "A row of `idempotency_keys`.",
            True,
            (
                ("project_id", "str"),
                ("operation", "str"),
                ("key", "str"),
                ("request_hash", "str"),
                ("resource_id", "str"),
                ("created_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "IdempotencyKeyNew": (
            "A row to insert into `idempotency_keys`.",
            True,
            (
                ("project_id", "str"),
                ("operation", "str"),
                ("key", "str"),
                ("request_hash", "str"),
                ("resource_id", "str"),
                ("created_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "IdempotencyKeyChanges": (
            "Columns of `idempotency_keys` an update may set.",
            False,
            (
                ("project_id", "str"),
                ("operation", "str"),
                ("key", "str"),
                ("request_hash", "str"),
                ("resource_id", "str"),
                ("created_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "DatasetRecordRow": (
            "A row of `dataset_records`.",
            True,
            (
                ("project_id", "str"),
                ("dataset", "str"),
                ("key", "str"),
                ("resource_type", "str"),
                ("resource_id", "str"),
                ("loaded_at", "str"),
            ),
        ),
        "DatasetRecordNew": (
            "A row to insert into `dataset_records`.",
            True,
            (
                ("project_id", "str"),
                ("dataset", "str"),
                ("key", "str"),
                ("resource_type", "str"),
                ("resource_id", "str"),
                ("loaded_at", "str"),
            ),
        ),
        "DatasetRecordChanges": (
            "Columns of `dataset_records` an update may set.",
            False,
            (
                ("project_id", "str"),
                ("dataset", "str"),
                ("key", "str"),
                ("resource_type", "str"),
                ("resource_id", "str"),
                ("loaded_at", "str"),
            ),
        ),
        "ProjectRateLimitRow": (
            "A row of `project_rate_limits`.",
            True,
            (("project_id", "str"), ("requests", "int"), ("updated_at", "str")),
        ),
        "ProjectRateLimitNew": (
            "A row to insert into `project_rate_limits`.",
            True,
            (("project_id", "str"), ("requests", "int"), ("updated_at", "str")),
        ),
        "ProjectRateLimitChanges": (
            "Columns of `project_rate_limits` an update may set.",
            False,
            (("project_id", "str"), ("requests", "int"), ("updated_at", "str")),
        ),
        "DashboardLinkRow": (
            "A row of `dashboard_links`.",
            True,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("created_at", "str"),
                ("expires_at", "str"),
                ("used_at", "str | None"),
            ),
        ),
        "DashboardLinkNew": (
            "A row to insert into `dashboard_links`.",
            True,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("created_at", "str"),
                ("expires_at", "str"),
                ("used_at", "NotRequired[str | None]"),
            ),
        ),
        "DashboardLinkChanges": (
            "Columns of `dashboard_links` an update may set.",
            False,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("created_at", "str"),
                ("expires_at", "str"),
                ("used_at", "str | None"),
            ),
        ),
        "DashboardSessionRow": (
            "A row of `dashboard_sessions`.",
            True,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("csrf_token", "str"),
                ("created_at", "str"),
                ("last_seen_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "DashboardSessionNew": (
            "A row to insert into `dashboard_sessions`.",
            True,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("csrf_token", "str"),
                ("created_at", "str"),
                ("last_seen_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "DashboardSessionChanges": (
            "Columns of `dashboard_sessions` an update may set.",
            False,
            (
                ("id", "str"),
                ("secret_hash", "str"),
                ("csrf_token", "str"),
                ("created_at", "str"),
                ("last_seen_at", "str"),
                ("expires_at", "str"),
            ),
        ),
        "VirtualIbanEntryRow": (
            "A row of `virtual_iban_entries`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("iban", "str"),
                ("bic", "str"),
                ("label", "str | None"),
                ("status", "str"),
                ("block_sdd", "int | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "VirtualIbanEntryNew": (
            "A row to insert into `virtual_iban_entries`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("iban", "str"),
                ("bic", "str"),
                ("label", "NotRequired[str | None]"),
                ("status", "str"),
                ("block_sdd", "NotRequired[int | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "VirtualIbanEntryChanges": (
            "Columns of `virtual_iban_entries` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("iban", "str"),
                ("bic", "str"),
                ("label", "str | None"),
                ("status", "str"),
                ("block_sdd", "int | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "AccountStatementRow": (
            "A row of `account_statements`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("period", "str | None"),
                ("format", "str | None"),
                ("language", "str | None"),
                ("status", "str"),
                ("opening_date", "str"),
                ("closing_date", "str"),
                ("opening_balance", "str | None"),
                ("closing_balance", "str | None"),
                ("total_credits", "str | None"),
                ("total_debits", "str | None"),
                ("fees", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "AccountStatementNew": (
            "A row to insert into `account_statements`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("period", "NotRequired[str | None]"),
                ("format", "NotRequired[str | None]"),
                ("language", "NotRequired[str | None]"),
                ("status", "str"),
                ("opening_date", "str"),
                ("closing_date", "str"),
                ("opening_balance", "NotRequired[str | None]"),
                ("closing_balance", "NotRequired[str | None]"),
                ("total_credits", "NotRequired[str | None]"),
                ("total_debits", "NotRequired[str | None]"),
                ("fees", "NotRequired[str | None]"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "AccountStatementChanges": (
            "Columns of `account_statements` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("period", "str | None"),
                ("format", "str | None"),
                ("language", "str | None"),
                ("status", "str"),
                ("opening_date", "str"),
                ("closing_date", "str"),
                ("opening_balance", "str | None"),
                ("closing_balance", "str | None"),
                ("total_credits", "str | None"),
                ("total_debits", "str | None"),
                ("fees", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "TransactionStatementRow": (
            "A row of `transaction_statements`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("transaction_id", "str"),
                ("language", "str | None"),
                ("status", "str"),
                ("expires_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "TransactionStatementNew": (
            "A row to insert into `transaction_statements`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("transaction_id", "str"),
                ("language", "NotRequired[str | None]"),
                ("status", "str"),
                ("expires_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "TransactionStatementChanges": (
            "Columns of `transaction_statements` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("transaction_id", "str"),
                ("language", "str | None"),
                ("status", "str"),
                ("expires_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "OnboardingRow": (
            "A row of `onboardings`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("account_name", "str | None"),
                ("account_country", "str"),
                ("account_admin", "str | None"),
                ("company", "str | None"),
                ("email", "str | None"),
                ("redirect_url", "str | None"),
                ("state", "str | None"),
                ("finalized", "int"),
                ("finalized_at", "str | None"),
                ("user_id", "str | None"),
                ("holder_id", "str | None"),
                ("account_id", "str | None"),
                ("collection_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("validation_version", "str | None"),
            ),
        ),
        "OnboardingNew": (
            "A row to insert into `onboardings`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("account_name", "NotRequired[str | None]"),
                ("account_country", "str"),
                ("account_admin", "NotRequired[str | None]"),
                ("company", "NotRequired[str | None]"),
                ("email", "NotRequired[str | None]"),
                ("redirect_url", "NotRequired[str | None]"),
                ("state", "NotRequired[str | None]"),
                ("finalized", "NotRequired[int]"),
                ("finalized_at", "NotRequired[str | None]"),
                ("user_id", "NotRequired[str | None]"),
                ("holder_id", "NotRequired[str | None]"),
                ("account_id", "NotRequired[str | None]"),
                ("collection_id", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("validation_version", "NotRequired[str | None]"),
            ),
        ),
        "OnboardingChanges": (
            "Columns of `onboardings` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("account_name", "str | None"),
                ("account_country", "str"),
                ("account_admin", "str | None"),
                ("company", "str | None"),
                ("email", "str | None"),
                ("redirect_url", "str | None"),
                ("state", "str | None"),
                ("finalized", "int"),
                ("finalized_at", "str | None"),
                ("user_id", "str | None"),
                ("holder_id", "str | None"),
                ("account_id", "str | None"),
                ("collection_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("validation_version", "str | None"),
            ),
        ),
        "SupportingDocumentCollectionRow": (
            "A row of `supporting_document_collections`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("onboarding_id", "str | None"),
                ("type", "str"),
                ("status", "str"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("requested_purposes", "str | None"),
                ("transaction_id", "str | None"),
            ),
        ),
        "SupportingDocumentCollectionNew": (
            "A row to insert into `supporting_document_collections`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("onboarding_id", "NotRequired[str | None]"),
                ("type", "str"),
                ("status", "str"),
                ("status_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("requested_purposes", "NotRequired[str | None]"),
                ("transaction_id", "NotRequired[str | None]"),
            ),
        ),
        "SupportingDocumentCollectionChanges": (
            "Columns of `supporting_document_collections` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("onboarding_id", "str | None"),
                ("type", "str"),
                ("status", "str"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("requested_purposes", "str | None"),
                ("transaction_id", "str | None"),
            ),
        ),
        "SupportingDocumentRow": (
            "A row of `supporting_documents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("collection_id", "str"),
                ("purpose", "str"),
                ("document_type", "str | None"),
                ("filename", "str | None"),
                ("status", "str"),
                ("reason_code", "str | None"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "SupportingDocumentNew": (
            "A row to insert into `supporting_documents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("collection_id", "str"),
                ("purpose", "str"),
                ("document_type", "NotRequired[str | None]"),
                ("filename", "NotRequired[str | None]"),
                ("status", "str"),
                ("reason_code", "NotRequired[str | None]"),
                ("status_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "SupportingDocumentChanges": (
            "Columns of `supporting_documents` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("collection_id", "str"),
                ("purpose", "str"),
                ("document_type", "str | None"),
                ("filename", "str | None"),
                ("status", "str"),
                ("reason_code", "str | None"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "OnboardingSettingRow": (
            "A row of `onboarding_settings`.",
            True,
            (("project_id", "str"), ("public_onboarding", "int"), ("updated_at", "str")),
        ),
        "OnboardingSettingNew": (
            "A row to insert into `onboarding_settings`.",
            True,
            (("project_id", "str"), ("public_onboarding", "int"), ("updated_at", "str")),
        ),
        "OnboardingSettingChanges": (
            "Columns of `onboarding_settings` an update may set.",
            False,
            (("project_id", "str"), ("public_onboarding", "int"), ("updated_at", "str")),
        ),
        "VerificationRenewalRow": (
            "A row of `verification_renewals`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("type", "str"),
                ("status", "str"),
                ("info", "str"),
                ("requirements", "str | None"),
                ("due_date", "str | None"),
                ("collection_id", "str | None"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "VerificationRenewalNew": (
            "A row to insert into `verification_renewals`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("type", "str"),
                ("status", "str"),
                ("info", "str"),
                ("requirements", "NotRequired[str | None]"),
                ("due_date", "NotRequired[str | None]"),
                ("collection_id", "NotRequired[str | None]"),
                ("status_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "VerificationRenewalChanges": (
            "Columns of `verification_renewals` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("type", "str"),
                ("status", "str"),
                ("info", "str"),
                ("requirements", "str | None"),
                ("due_date", "str | None"),
                ("collection_id", "str | None"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "AccountAdminChangeRow": (
            "A row of `account_admin_changes`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("status", "str"),
                ("reason", "str | None"),
                ("is_new_admin_legal_representative", "int | None"),
                ("is_requester_new_admin", "int | None"),
                ("admin", "str | None"),
                ("requester", "str | None"),
                ("collection_id", "str | None"),
                ("expires_at", "str | None"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "AccountAdminChangeNew": (
            "A row to insert into `account_admin_changes`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("status", "str"),
                ("reason", "NotRequired[str | None]"),
                ("is_new_admin_legal_representative", "NotRequired[int | None]"),
                ("is_requester_new_admin", "NotRequired[int | None]"),
                ("admin", "NotRequired[str | None]"),
                ("requester", "NotRequired[str | None]"),
                ("collection_id", "NotRequired[str | None]"),
                ("expires_at", "NotRequired[str | None]"),
                ("status_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "AccountAdminChangeChanges": (
            "Columns of `account_admin_changes` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("status", "str"),
                ("reason", "str | None"),
                ("is_new_admin_legal_representative", "int | None"),
                ("is_requester_new_admin", "int | None"),
                ("admin", "str | None"),
                ("requester", "str | None"),
                ("collection_id", "str | None"),
                ("expires_at", "str | None"),
                ("status_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "JournalEntryRow": (
            "A row of `journal_entries`.",
            True,
            (
                ("seq", "int"),
                ("virtual_time", "str"),
                ("wall_time", "str"),
                ("origin", "str"),
                ("kind", "str"),
                ("endpoint", "str"),
                ("method", "str | None"),
                ("operation_name", "str | None"),
                ("operation_type", "str | None"),
                ("document", "str | None"),
                ("variables", "str | None"),
                ("request", "str | None"),
                ("status", "int | None"),
                ("response", "str | None"),
                ("cost", "str | None"),
                ("project_id", "str | None"),
                ("subject", "str | None"),
                ("request_id", "str | None"),
            ),
        ),
        "JournalEntryNew": (
            "A row to insert into `journal_entries`.",
            True,
            (
                ("seq", "NotRequired[int]"),
                ("virtual_time", "str"),
                ("wall_time", "str"),
                ("origin", "str"),
                ("kind", "str"),
                ("endpoint", "str"),
                ("method", "NotRequired[str | None]"),
                ("operation_name", "NotRequired[str | None]"),
                ("operation_type", "NotRequired[str | None]"),
                ("document", "NotRequired[str | None]"),
                ("variables", "NotRequired[str | None]"),
                ("request", "NotRequired[str | None]"),
                ("status", "NotRequired[int | None]"),
                ("response", "NotRequired[str | None]"),
                ("cost", "NotRequired[str | None]"),
                ("project_id", "NotRequired[str | None]"),
                ("subject", "NotRequired[str | None]"),
                ("request_id", "NotRequired[str | None]"),
            ),
        ),
        "JournalEntryChanges": (
            "Columns of `journal_entries` an update may set.",
            False,
            (
                ("seq", "int"),
                ("virtual_time", "str"),
                ("wall_time", "str"),
                ("origin", "str"),
                ("kind", "str"),
                ("endpoint", "str"),
                ("method", "str | None"),
                ("operation_name", "str | None"),
                ("operation_type", "str | None"),
                ("document", "str | None"),
                ("variables", "str | None"),
                ("request", "str | None"),
                ("status", "int | None"),
                ("response", "str | None"),
                ("cost", "str | None"),
                ("project_id", "str | None"),
                ("subject", "str | None"),
                ("request_id", "str | None"),
            ),
        ),
        "JournalSecretRow": (
            "A row of `journal_secrets`.",
            True,
            (
                ("digest", "str"),
                ("kind", "str"),
                ("owner", "str"),
                ("number", "int"),
                ("reference", "str"),
            ),
        ),
        "JournalSecretNew": (
            "A row to insert into `journal_secrets`.",
            True,
            (
                ("digest", "str"),
                ("kind", "str"),
                ("owner", "str"),
                ("number", "int"),
                ("reference", "str"),
            ),
        ),
        "JournalSecretChanges": (
            "Columns of `journal_secrets` an update may set.",
            False,
            (
                ("digest", "str"),
                ("kind", "str"),
                ("owner", "str"),
                ("number", "int"),
                ("reference", "str"),
            ),
        ),
        "UserConsentSettingRow": (
            "A row of `user_consent_settings`.",
            True,
            (("project_id", "str"), ("user_id", "str"), ("preferred_notification_channel", "str")),
        ),
        "UserConsentSettingNew": (
            "A row to insert into `user_consent_settings`.",
            True,
            (("project_id", "str"), ("user_id", "str"), ("preferred_notification_channel", "str")),
        ),
        "UserConsentSettingChanges": (
            "Columns of `user_consent_settings` an update may set.",
            False,
            (("project_id", "str"), ("user_id", "str"), ("preferred_notification_channel", "str")),
        ),
        "MembershipInvitationRow": (
            "A row of `membership_invitations`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_membership_id", "str"),
                ("redirect_url", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "MembershipInvitationNew": (
            "A row to insert into `membership_invitations`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_membership_id", "str"),
                ("redirect_url", "NotRequired[str | None]"),
                ("created_at", "str"),
            ),
        ),
        "MembershipInvitationChanges": (
            "Columns of `membership_invitations` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_membership_id", "str"),
                ("redirect_url", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "SandboxUserEndorsementRow": (
            "A row of `sandbox_user_endorsements`.",
            True,
            (("project_id", "str"), ("user_id", "str"), ("endorsed_at", "str")),
        ),
        "SandboxUserEndorsementNew": (
            "A row to insert into `sandbox_user_endorsements`.",
            True,
            (("project_id", "str"), ("user_id", "str"), ("endorsed_at", "str")),
        ),
        "SandboxUserEndorsementChanges": (
            "Columns of `sandbox_user_endorsements` an update may set.",
            False,
            (("project_id", "str"), ("user_id", "str"), ("endorsed_at", "str")),
        ),
        "ServerConsentKeyRow": (
            "A row of `server_consent_keys`.",
            True,
            (
                ("project_id", "str"),
                ("public_key", "str"),
                ("installed_at", "str"),
                ("revoked_at", "str | None"),
            ),
        ),
        "ServerConsentKeyNew": (
            "A row to insert into `server_consent_keys`.",
            True,
            (
                ("project_id", "str"),
                ("public_key", "str"),
                ("installed_at", "str"),
                ("revoked_at", "NotRequired[str | None]"),
            ),
        ),
        "ServerConsentKeyChanges": (
            "Columns of `server_consent_keys` an update may set.",
            False,
            (
                ("project_id", "str"),
                ("public_key", "str"),
                ("installed_at", "str"),
                ("revoked_at", "str | None"),
            ),
        ),
        "SandboxIdentificationRow": (
            "A row of `sandbox_identifications`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("process", "str"),
                ("levels", "str"),
                ("error_reasons", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "SandboxIdentificationNew": (
            "A row to insert into `sandbox_identifications`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("process", "str"),
                ("levels", "str"),
                ("error_reasons", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "SandboxIdentificationChanges": (
            "Columns of `sandbox_identifications` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("process", "str"),
                ("levels", "str"),
                ("error_reasons", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "ExternalIdentificationRow": (
            "A row of `external_identifications`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("external_id", "str"),
                ("identity_document", "str"),
                ("identity_document_id", "str | None"),
                ("status", "str"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "ExternalIdentificationNew": (
            "A row to insert into `external_identifications`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("external_id", "str"),
                ("identity_document", "str"),
                ("identity_document_id", "NotRequired[str | None]"),
                ("status", "str"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "ExternalIdentificationChanges": (
            "Columns of `external_identifications` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("user_id", "str"),
                ("external_id", "str"),
                ("identity_document", "str"),
                ("identity_document_id", "str | None"),
                ("status", "str"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "IdentificationDocumentUploadRow": (
            "A row of `identification_document_uploads`.",
            True,
            (
                ("token", "str"),
                ("project_id", "str"),
                ("identification_id", "str"),
                ("side", "str"),
                ("filename", "str"),
                ("expires_at", "str"),
                ("uploaded_at", "str | None"),
                ("size", "int | None"),
                ("created_at", "str | None"),
            ),
        ),
        "IdentificationDocumentUploadNew": (
            "A row to insert into `identification_document_uploads`.",
            True,
            (
                ("token", "str"),
                ("project_id", "str"),
                ("identification_id", "str"),
                ("side", "str"),
                ("filename", "str"),
                ("expires_at", "str"),
                ("uploaded_at", "NotRequired[str | None]"),
                ("size", "NotRequired[int | None]"),
                ("created_at", "NotRequired[str | None]"),
            ),
        ),
        "IdentificationDocumentUploadChanges": (
            "Columns of `identification_document_uploads` an update may set.",
            False,
            (
                ("token", "str"),
                ("project_id", "str"),
                ("identification_id", "str"),
                ("side", "str"),
                ("filename", "str"),
                ("expires_at", "str"),
                ("uploaded_at", "str | None"),
                ("size", "int | None"),
                ("created_at", "str | None"),
            ),
        ),
        "DigitalCardRow": (
            "A row of `digital_cards`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("card_id", "str"),
                ("account_id", "str | None"),
                ("account_membership_id", "str | None"),
                ("wallet_provider", "str | None"),
                ("type", "str | None"),
                ("status", "str"),
                ("consent_id", "str | None"),
                ("activation_consent_id", "str | None"),
                ("needs_activation", "int | None"),
                ("token_reference_id", "str | None"),
                ("device_name", "str | None"),
                ("device_type", "str | None"),
                ("masked_number", "str | None"),
                ("enabled_at", "str | None"),
                ("suspended_at", "str | None"),
                ("canceled_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "DigitalCardNew": (
            "A row to insert into `digital_cards`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("card_id", "str"),
                ("account_id", "NotRequired[str | None]"),
                ("account_membership_id", "NotRequired[str | None]"),
                ("wallet_provider", "NotRequired[str | None]"),
                ("type", "NotRequired[str | None]"),
                ("status", "str"),
                ("consent_id", "NotRequired[str | None]"),
                ("activation_consent_id", "NotRequired[str | None]"),
                ("needs_activation", "NotRequired[int | None]"),
                ("token_reference_id", "NotRequired[str | None]"),
                ("device_name", "NotRequired[str | None]"),
                ("device_type", "NotRequired[str | None]"),
                ("masked_number", "NotRequired[str | None]"),
                ("enabled_at", "NotRequired[str | None]"),
                ("suspended_at", "NotRequired[str | None]"),
                ("canceled_at", "NotRequired[str | None]"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "DigitalCardChanges": (
            "Columns of `digital_cards` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("card_id", "str"),
                ("account_id", "str | None"),
                ("account_membership_id", "str | None"),
                ("wallet_provider", "str | None"),
                ("type", "str | None"),
                ("status", "str"),
                ("consent_id", "str | None"),
                ("activation_consent_id", "str | None"),
                ("needs_activation", "int | None"),
                ("token_reference_id", "str | None"),
                ("device_name", "str | None"),
                ("device_type", "str | None"),
                ("masked_number", "str | None"),
                ("enabled_at", "str | None"),
                ("suspended_at", "str | None"),
                ("canceled_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "CardInsuranceSubscriptionRow": (
            "A row of `card_insurance_subscriptions`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("card_id", "str"),
                ("package", "str | None"),
                ("status", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "CardInsuranceSubscriptionNew": (
            "A row to insert into `card_insurance_subscriptions`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("card_id", "str"),
                ("package", "NotRequired[str | None]"),
                ("status", "NotRequired[str | None]"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "CardInsuranceSubscriptionChanges": (
            "Columns of `card_insurance_subscriptions` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("card_id", "str"),
                ("package", "str | None"),
                ("status", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "TrustedBeneficiaryRow": (
            "A row of `trusted_beneficiaries`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "str | None"),
                ("type", "str"),
                ("name", "str"),
                ("label", "str | None"),
                ("iban", "str"),
                ("address", "str | None"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("currency", "str | None"),
                ("route", "str | None"),
                ("details", "str | None"),
            ),
        ),
        "TrustedBeneficiaryNew": (
            "A row to insert into `trusted_beneficiaries`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "NotRequired[str | None]"),
                ("type", "str"),
                ("name", "str"),
                ("label", "NotRequired[str | None]"),
                ("iban", "str"),
                ("address", "NotRequired[str | None]"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
                ("currency", "NotRequired[str | None]"),
                ("route", "NotRequired[str | None]"),
                ("details", "NotRequired[str | None]"),
            ),
        ),
        "TrustedBeneficiaryChanges": (
            "Columns of `trusted_beneficiaries` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "str | None"),
                ("type", "str"),
                ("name", "str"),
                ("label", "str | None"),
                ("iban", "str"),
                ("address", "str | None"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
                ("currency", "str | None"),
                ("route", "str | None"),
                ("details", "str | None"),
            ),
        ),
        "BeneficiaryVerificationRow": (
            "A row of `beneficiary_verifications`.",
            True,
            (
                ("token", "str"),
                ("project_id", "str"),
                ("name", "str | None"),
                ("iban", "str"),
                ("status", "str"),
                ("name_suggestion", "str | None"),
                ("expires_at", "str"),
                ("consumed_at", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "BeneficiaryVerificationNew": (
            "A row to insert into `beneficiary_verifications`.",
            True,
            (
                ("token", "str"),
                ("project_id", "str"),
                ("name", "NotRequired[str | None]"),
                ("iban", "str"),
                ("status", "str"),
                ("name_suggestion", "NotRequired[str | None]"),
                ("expires_at", "str"),
                ("consumed_at", "NotRequired[str | None]"),
                ("created_at", "str"),
            ),
        ),
        "BeneficiaryVerificationChanges": (
            "Columns of `beneficiary_verifications` an update may set.",
            False,
            (
                ("token", "str"),
                ("project_id", "str"),
                ("name", "str | None"),
                ("iban", "str"),
                ("status", "str"),
                ("name_suggestion", "str | None"),
                ("expires_at", "str"),
                ("consumed_at", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "StandingOrderRow": (
            "A row of `standing_orders`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "str | None"),
                ("created_by", "str | None"),
                ("period", "str"),
                ("amount", "str | None"),
                ("target_available_balance", "str | None"),
                ("credit_transfer_mode", "str | None"),
                ("currency", "str | None"),
                ("beneficiary_name", "str | None"),
                ("beneficiary_iban", "str | None"),
                ("beneficiary_bic", "str | None"),
                ("reference", "str | None"),
                ("label", "str | None"),
                ("first_execution_date", "str | None"),
                ("last_execution_date", "str | None"),
                ("next_execution_date", "str | None"),
                ("status", "str"),
                ("canceled_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "StandingOrderNew": (
            "A row to insert into `standing_orders`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "NotRequired[str | None]"),
                ("created_by", "NotRequired[str | None]"),
                ("period", "str"),
                ("amount", "NotRequired[str | None]"),
                ("target_available_balance", "NotRequired[str | None]"),
                ("credit_transfer_mode", "NotRequired[str | None]"),
                ("currency", "NotRequired[str | None]"),
                ("beneficiary_name", "NotRequired[str | None]"),
                ("beneficiary_iban", "NotRequired[str | None]"),
                ("beneficiary_bic", "NotRequired[str | None]"),
                ("reference", "NotRequired[str | None]"),
                ("label", "NotRequired[str | None]"),
                ("first_execution_date", "NotRequired[str | None]"),
                ("last_execution_date", "NotRequired[str | None]"),
                ("next_execution_date", "NotRequired[str | None]"),
                ("status", "str"),
                ("canceled_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "StandingOrderChanges": (
            "Columns of `standing_orders` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("consent_id", "str | None"),
                ("created_by", "str | None"),
                ("period", "str"),
                ("amount", "str | None"),
                ("target_available_balance", "str | None"),
                ("credit_transfer_mode", "str | None"),
                ("currency", "str | None"),
                ("beneficiary_name", "str | None"),
                ("beneficiary_iban", "str | None"),
                ("beneficiary_bic", "str | None"),
                ("reference", "str | None"),
                ("label", "str | None"),
                ("first_execution_date", "str | None"),
                ("last_execution_date", "str | None"),
                ("next_execution_date", "str | None"),
                ("status", "str"),
                ("canceled_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "ReceivedDirectDebitMandateRow": (
            "A row of `received_direct_debit_mandates`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("reference", "str"),
                ("creditor_identifier", "str"),
                ("creditor_name", "str"),
                ("creditor_iban", "str | None"),
                ("ultimate_creditor_name", "str | None"),
                ("scheme", "str"),
                ("sequence", "str"),
                ("name", "str | None"),
                ("signature_date", "str | None"),
                ("status", "str"),
                ("consent_id", "str | None"),
                ("consent_for", "str | None"),
                ("status_changed_at", "str | None"),
                ("executed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("creditor_address", "str | None"),
            ),
        ),
        "ReceivedDirectDebitMandateNew": (
            "A row to insert into `received_direct_debit_mandates`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("reference", "str"),
                ("creditor_identifier", "str"),
                ("creditor_name", "str"),
                ("creditor_iban", "NotRequired[str | None]"),
                ("ultimate_creditor_name", "NotRequired[str | None]"),
                ("scheme", "str"),
                ("sequence", "str"),
                ("name", "NotRequired[str | None]"),
                ("signature_date", "NotRequired[str | None]"),
                ("status", "str"),
                ("consent_id", "NotRequired[str | None]"),
                ("consent_for", "NotRequired[str | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
                ("executed_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("creditor_address", "NotRequired[str | None]"),
            ),
        ),
        "ReceivedDirectDebitMandateChanges": (
            "Columns of `received_direct_debit_mandates` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("reference", "str"),
                ("creditor_identifier", "str"),
                ("creditor_name", "str"),
                ("creditor_iban", "str | None"),
                ("ultimate_creditor_name", "str | None"),
                ("scheme", "str"),
                ("sequence", "str"),
                ("name", "str | None"),
                ("signature_date", "str | None"),
                ("status", "str"),
                ("consent_id", "str | None"),
                ("consent_for", "str | None"),
                ("status_changed_at", "str | None"),
                ("executed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("creditor_address", "str | None"),
            ),
        ),
        "AccountInvoiceRow": (
            "A row of `account_invoices`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("name", "str"),
                ("type", "str | None"),
                ("status", "str"),
                ("amount", "str"),
                ("currency", "str | None"),
                ("opening_date", "str"),
                ("closing_date", "str | None"),
                ("expires_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "AccountInvoiceNew": (
            "A row to insert into `account_invoices`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("name", "str"),
                ("type", "NotRequired[str | None]"),
                ("status", "str"),
                ("amount", "str"),
                ("currency", "NotRequired[str | None]"),
                ("opening_date", "str"),
                ("closing_date", "NotRequired[str | None]"),
                ("expires_at", "NotRequired[str | None]"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "AccountInvoiceChanges": (
            "Columns of `account_invoices` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("name", "str"),
                ("type", "str | None"),
                ("status", "str"),
                ("amount", "str"),
                ("currency", "str | None"),
                ("opening_date", "str"),
                ("closing_date", "str | None"),
                ("expires_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "ProjectBillingRow": (
            "A row of `project_billing`.",
            True,
            (
                ("project_id", "str"),
                ("company_name", "str"),
                ("email", "str"),
                ("started_at", "str"),
            ),
        ),
        "ProjectBillingNew": (
            "A row to insert into `project_billing`.",
            True,
            (
                ("project_id", "str"),
                ("company_name", "str"),
                ("email", "str"),
                ("started_at", "str"),
            ),
        ),
        "ProjectBillingChanges": (
            "Columns of `project_billing` an update may set.",
            False,
            (
                ("project_id", "str"),
                ("company_name", "str"),
                ("email", "str"),
                ("started_at", "str"),
            ),
        ),
        "ProjectOwnerRow": (
            "A row of `project_owners`.",
            True,
            (("project_id", "str"), ("account_holder_id", "str"), ("promoted_at", "str")),
        ),
        "ProjectOwnerNew": (
            "A row to insert into `project_owners`.",
            True,
            (("project_id", "str"), ("account_holder_id", "str"), ("promoted_at", "str")),
        ),
        "ProjectOwnerChanges": (
            "Columns of `project_owners` an update may set.",
            False,
            (("project_id", "str"), ("account_holder_id", "str"), ("promoted_at", "str")),
        ),
        "TestCheckRow": (
            "A row of `test_checks`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("cmc7", "str"),
                ("rlmc_key", "str"),
                ("fnci_result", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "TestCheckNew": (
            "A row to insert into `test_checks`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("cmc7", "str"),
                ("rlmc_key", "str"),
                ("fnci_result", "NotRequired[str | None]"),
                ("created_at", "str"),
            ),
        ),
        "TestCheckChanges": (
            "Columns of `test_checks` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("cmc7", "str"),
                ("rlmc_key", "str"),
                ("fnci_result", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "MerchantProfileRow": (
            "A row of `merchant_profiles`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("merchant_name", "str"),
                ("product_type", "str | None"),
                ("expected_average_basket", "str | None"),
                ("expected_monthly_payment_volume", "str | None"),
                ("expected_monthly_merchant_processing_volume", "str | None"),
                ("customer_region", "str | None"),
                ("payment_frequency", "str | None"),
                ("merchant_website_url", "str | None"),
                ("support_website_url", "str | None"),
                ("social_network_url", "str | None"),
                ("terms_and_conditions_url", "str | None"),
                ("accent_color", "str | None"),
                ("additional_information", "str | None"),
                ("status", "str"),
                ("rejection_reason", "str | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "MerchantProfileNew": (
            "A row to insert into `merchant_profiles`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("merchant_name", "str"),
                ("product_type", "NotRequired[str | None]"),
                ("expected_average_basket", "NotRequired[str | None]"),
                ("expected_monthly_payment_volume", "NotRequired[str | None]"),
                ("expected_monthly_merchant_processing_volume", "NotRequired[str | None]"),
                ("customer_region", "NotRequired[str | None]"),
                ("payment_frequency", "NotRequired[str | None]"),
                ("merchant_website_url", "NotRequired[str | None]"),
                ("support_website_url", "NotRequired[str | None]"),
                ("social_network_url", "NotRequired[str | None]"),
                ("terms_and_conditions_url", "NotRequired[str | None]"),
                ("accent_color", "NotRequired[str | None]"),
                ("additional_information", "NotRequired[str | None]"),
                ("status", "str"),
                ("rejection_reason", "NotRequired[str | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "MerchantProfileChanges": (
            "Columns of `merchant_profiles` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("merchant_name", "str"),
                ("product_type", "str | None"),
                ("expected_average_basket", "str | None"),
                ("expected_monthly_payment_volume", "str | None"),
                ("expected_monthly_merchant_processing_volume", "str | None"),
                ("customer_region", "str | None"),
                ("payment_frequency", "str | None"),
                ("merchant_website_url", "str | None"),
                ("support_website_url", "str | None"),
                ("social_network_url", "str | None"),
                ("terms_and_conditions_url", "str | None"),
                ("accent_color", "str | None"),
                ("additional_information", "str | None"),
                ("status", "str"),
                ("rejection_reason", "str | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "MerchantProfileUpdateRequestRow": (
            "A row of `merchant_profile_update_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("changes", "str"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "MerchantProfileUpdateRequestNew": (
            "A row to insert into `merchant_profile_update_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("changes", "str"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "MerchantProfileUpdateRequestChanges": (
            "Columns of `merchant_profile_update_requests` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("changes", "str"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "MerchantPaymentMethodRow": (
            "A row of `merchant_payment_methods`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("method_id", "str"),
                ("type", "str"),
                ("version", "int | None"),
                ("status", "str"),
                ("rejection_reason", "str | None"),
                ("verification_requirements", "str | None"),
                ("sepa_creditor_identifier", "str | None"),
                ("use_swan_sepa_creditor_identifier", "int | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "MerchantPaymentMethodNew": (
            "A row to insert into `merchant_payment_methods`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("method_id", "str"),
                ("type", "str"),
                ("version", "NotRequired[int | None]"),
                ("status", "str"),
                ("rejection_reason", "NotRequired[str | None]"),
                ("verification_requirements", "NotRequired[str | None]"),
                ("sepa_creditor_identifier", "NotRequired[str | None]"),
                ("use_swan_sepa_creditor_identifier", "NotRequired[int | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "MerchantPaymentMethodChanges": (
            "Columns of `merchant_payment_methods` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("method_id", "str"),
                ("type", "str"),
                ("version", "int | None"),
                ("status", "str"),
                ("rejection_reason", "str | None"),
                ("verification_requirements", "str | None"),
                ("sepa_creditor_identifier", "str | None"),
                ("use_swan_sepa_creditor_identifier", "int | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "MerchantPaymentMethodUpdateRequestRow": (
            "A row of `merchant_payment_method_update_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_payment_method_id", "str"),
                ("sepa_creditor_identifier", "str | None"),
                ("use_swan_sepa_creditor_identifier", "int | None"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "MerchantPaymentMethodUpdateRequestNew": (
            "A row to insert into `merchant_payment_method_update_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_payment_method_id", "str"),
                ("sepa_creditor_identifier", "NotRequired[str | None]"),
                ("use_swan_sepa_creditor_identifier", "NotRequired[int | None]"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "MerchantPaymentMethodUpdateRequestChanges": (
            "Columns of `merchant_payment_method_update_requests` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_payment_method_id", "str"),
                ("sepa_creditor_identifier", "str | None"),
                ("use_swan_sepa_creditor_identifier", "int | None"),
                ("status", "str"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "FundingSourceRow": (
            "A row of `funding_sources`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("account_holder_id", "str"),
                ("name", "str | None"),
                ("iban", "str"),
                ("bic", "str | None"),
                ("scheme", "str"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("enabled_at", "str | None"),
                ("status_changed_at", "str | None"),
                ("verification_id", "str | None"),
                ("verification_status", "str"),
                ("payment_mandate_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "FundingSourceNew": (
            "A row to insert into `funding_sources`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("account_holder_id", "str"),
                ("name", "NotRequired[str | None]"),
                ("iban", "str"),
                ("bic", "NotRequired[str | None]"),
                ("scheme", "str"),
                ("status", "str"),
                ("status_reason", "NotRequired[str | None]"),
                ("enabled_at", "NotRequired[str | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
                ("verification_id", "NotRequired[str | None]"),
                ("verification_status", "str"),
                ("payment_mandate_id", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "FundingSourceChanges": (
            "Columns of `funding_sources` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("account_holder_id", "str"),
                ("name", "str | None"),
                ("iban", "str"),
                ("bic", "str | None"),
                ("scheme", "str"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("enabled_at", "str | None"),
                ("status_changed_at", "str | None"),
                ("verification_id", "str | None"),
                ("verification_status", "str"),
                ("payment_mandate_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "PaymentMandateRow": (
            "A row of `payment_mandates`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("funding_source_id", "str | None"),
                ("payment_method_id", "str | None"),
                ("kind", "str"),
                ("reference", "str"),
                ("scheme", "str"),
                ("sequence", "str"),
                ("name", "str | None"),
                ("language", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("consent_id", "str | None"),
                ("signature_date", "str | None"),
                ("executed_at", "str | None"),
                ("status_changed_at", "str | None"),
                ("creditor_name", "str | None"),
                ("creditor_identifier", "str | None"),
                ("creditor_address", "str | None"),
                ("ultimate_creditor_name", "str | None"),
                ("debtor_name", "str | None"),
                ("debtor_iban", "str | None"),
                ("debtor_country", "str | None"),
                ("debtor_email", "str | None"),
                ("debtor_address", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "PaymentMandateNew": (
            "A row to insert into `payment_mandates`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("funding_source_id", "NotRequired[str | None]"),
                ("payment_method_id", "NotRequired[str | None]"),
                ("kind", "str"),
                ("reference", "str"),
                ("scheme", "str"),
                ("sequence", "str"),
                ("name", "NotRequired[str | None]"),
                ("language", "NotRequired[str | None]"),
                ("status", "str"),
                ("status_reason", "NotRequired[str | None]"),
                ("consent_id", "NotRequired[str | None]"),
                ("signature_date", "NotRequired[str | None]"),
                ("executed_at", "NotRequired[str | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
                ("creditor_name", "NotRequired[str | None]"),
                ("creditor_identifier", "NotRequired[str | None]"),
                ("creditor_address", "NotRequired[str | None]"),
                ("ultimate_creditor_name", "NotRequired[str | None]"),
                ("debtor_name", "NotRequired[str | None]"),
                ("debtor_iban", "NotRequired[str | None]"),
                ("debtor_country", "NotRequired[str | None]"),
                ("debtor_email", "NotRequired[str | None]"),
                ("debtor_address", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "PaymentMandateChanges": (
            "Columns of `payment_mandates` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("funding_source_id", "str | None"),
                ("payment_method_id", "str | None"),
                ("kind", "str"),
                ("reference", "str"),
                ("scheme", "str"),
                ("sequence", "str"),
                ("name", "str | None"),
                ("language", "str | None"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("consent_id", "str | None"),
                ("signature_date", "str | None"),
                ("executed_at", "str | None"),
                ("status_changed_at", "str | None"),
                ("creditor_name", "str | None"),
                ("creditor_identifier", "str | None"),
                ("creditor_address", "str | None"),
                ("ultimate_creditor_name", "str | None"),
                ("debtor_name", "str | None"),
                ("debtor_iban", "str | None"),
                ("debtor_country", "str | None"),
                ("debtor_email", "str | None"),
                ("debtor_address", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "FundingLimitSettingRow": (
            "A row of `funding_limit_settings`.",
            True,
            (
                ("account_holder_id", "str"),
                ("project_id", "str"),
                ("funding_limit", "str"),
                ("rolling_days", "int"),
                ("instant_funding_limit", "str"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "FundingLimitSettingNew": (
            "A row to insert into `funding_limit_settings`.",
            True,
            (
                ("account_holder_id", "str"),
                ("project_id", "str"),
                ("funding_limit", "str"),
                ("rolling_days", "int"),
                ("instant_funding_limit", "str"),
                ("status", "str"),
                ("status_reason", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "FundingLimitSettingChanges": (
            "Columns of `funding_limit_settings` an update may set.",
            False,
            (
                ("account_holder_id", "str"),
                ("project_id", "str"),
                ("funding_limit", "str"),
                ("rolling_days", "int"),
                ("instant_funding_limit", "str"),
                ("status", "str"),
                ("status_reason", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "FundingLimitChangeRequestRow": (
            "A row of `funding_limit_change_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("funding_limit", "str"),
                ("instant_funding_limit", "str"),
                ("status", "str"),
                ("reason", "str | None"),
                ("approved_funding_limit", "str | None"),
                ("approved_instant_funding_limit", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "FundingLimitChangeRequestNew": (
            "A row to insert into `funding_limit_change_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("funding_limit", "str"),
                ("instant_funding_limit", "str"),
                ("status", "str"),
                ("reason", "NotRequired[str | None]"),
                ("approved_funding_limit", "NotRequired[str | None]"),
                ("approved_instant_funding_limit", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "FundingLimitChangeRequestChanges": (
            "Columns of `funding_limit_change_requests` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("funding_limit", "str"),
                ("instant_funding_limit", "str"),
                ("status", "str"),
                ("reason", "str | None"),
                ("approved_funding_limit", "str | None"),
                ("approved_instant_funding_limit", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "MerchantPaymentRow": (
            "A row of `merchant_payments`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("merchant_profile_id", "str"),
                ("payment_method_id", "str"),
                ("payment_mandate_id", "str | None"),
                ("transaction_id", "str | None"),
                ("amount", "str"),
                ("amount_cents", "int | None"),
                ("label", "str | None"),
                ("reference", "str | None"),
                ("external_reference", "str | None"),
                ("status", "str"),
                ("rejected_reason", "str | None"),
                ("authorized_at", "str | None"),
                ("captured_at", "str | None"),
                ("rejected_at", "str | None"),
                ("canceled_at", "str | None"),
                ("disputed_at", "str | None"),
                ("requested_execution_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("kind", "str | None"),
                ("payment_link_id", "str | None"),
                ("billing_address", "str | None"),
                ("card", "str | None"),
                ("card_mandate_id", "str | None"),
                ("three_ds", "str | None"),
                ("cmc7", "str | None"),
                ("rlmc_key", "str | None"),
                ("fnci", "str | None"),
                ("payment_intent_id", "str | None"),
            ),
        ),
        "MerchantPaymentNew": (
            "A row to insert into `merchant_payments`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("merchant_profile_id", "str"),
                ("payment_method_id", "str"),
                ("payment_mandate_id", "NotRequired[str | None]"),
                ("transaction_id", "NotRequired[str | None]"),
                ("amount", "str"),
                ("amount_cents", "NotRequired[int | None]"),
                ("label", "NotRequired[str | None]"),
                ("reference", "NotRequired[str | None]"),
                ("external_reference", "NotRequired[str | None]"),
                ("status", "str"),
                ("rejected_reason", "NotRequired[str | None]"),
                ("authorized_at", "NotRequired[str | None]"),
                ("captured_at", "NotRequired[str | None]"),
                ("rejected_at", "NotRequired[str | None]"),
                ("canceled_at", "NotRequired[str | None]"),
                ("disputed_at", "NotRequired[str | None]"),
                ("requested_execution_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("kind", "NotRequired[str | None]"),
                ("payment_link_id", "NotRequired[str | None]"),
                ("billing_address", "NotRequired[str | None]"),
                ("card", "NotRequired[str | None]"),
                ("card_mandate_id", "NotRequired[str | None]"),
                ("three_ds", "NotRequired[str | None]"),
                ("cmc7", "NotRequired[str | None]"),
                ("rlmc_key", "NotRequired[str | None]"),
                ("fnci", "NotRequired[str | None]"),
                ("payment_intent_id", "NotRequired[str | None]"),
            ),
        ),
        "MerchantPaymentChanges": (
            "Columns of `merchant_payments` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("merchant_profile_id", "str"),
                ("payment_method_id", "str"),
                ("payment_mandate_id", "str | None"),
                ("transaction_id", "str | None"),
                ("amount", "str"),
                ("amount_cents", "int | None"),
                ("label", "str | None"),
                ("reference", "str | None"),
                ("external_reference", "str | None"),
                ("status", "str"),
                ("rejected_reason", "str | None"),
                ("authorized_at", "str | None"),
                ("captured_at", "str | None"),
                ("rejected_at", "str | None"),
                ("canceled_at", "str | None"),
                ("disputed_at", "str | None"),
                ("requested_execution_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
                ("kind", "str | None"),
                ("payment_link_id", "str | None"),
                ("billing_address", "str | None"),
                ("card", "str | None"),
                ("card_mandate_id", "str | None"),
                ("three_ds", "str | None"),
                ("cmc7", "str | None"),
                ("rlmc_key", "str | None"),
                ("fnci", "str | None"),
                ("payment_intent_id", "str | None"),
            ),
        ),
        "InPersonPaymentIntentRow": (
            "A row of `in_person_payment_intents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("payment_method_id", "str"),
                ("amount", "str"),
                ("label", "str | None"),
                ("reference", "str | None"),
                ("external_reference", "str | None"),
                ("secret_hash", "str"),
                ("merchant_payment_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "InPersonPaymentIntentNew": (
            "A row to insert into `in_person_payment_intents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("payment_method_id", "str"),
                ("amount", "str"),
                ("label", "NotRequired[str | None]"),
                ("reference", "NotRequired[str | None]"),
                ("external_reference", "NotRequired[str | None]"),
                ("secret_hash", "str"),
                ("merchant_payment_id", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "InPersonPaymentIntentChanges": (
            "Columns of `in_person_payment_intents` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("payment_method_id", "str"),
                ("amount", "str"),
                ("label", "str | None"),
                ("reference", "str | None"),
                ("external_reference", "str | None"),
                ("secret_hash", "str"),
                ("merchant_payment_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "TerminalConnectionTokenRow": (
            "A row of `terminal_connection_tokens`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("token_hash", "str"),
                ("expires_at", "str"),
                ("created_at", "str"),
            ),
        ),
        "TerminalConnectionTokenNew": (
            "A row to insert into `terminal_connection_tokens`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("token_hash", "str"),
                ("expires_at", "str"),
                ("created_at", "str"),
            ),
        ),
        "TerminalConnectionTokenChanges": (
            "Columns of `terminal_connection_tokens` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("token_hash", "str"),
                ("expires_at", "str"),
                ("created_at", "str"),
            ),
        ),
        "CapitalDepositCaseRow": (
            "A row of `capital_deposit_cases`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("company_name", "str"),
                ("company_onboarding_id", "str | None"),
                ("company_account_id", "str | None"),
                ("status", "str"),
                ("cancel_reason", "str | None"),
                ("total_amount", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "CapitalDepositCaseNew": (
            "A row to insert into `capital_deposit_cases`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("company_name", "str"),
                ("company_onboarding_id", "NotRequired[str | None]"),
                ("company_account_id", "NotRequired[str | None]"),
                ("status", "str"),
                ("cancel_reason", "NotRequired[str | None]"),
                ("total_amount", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "CapitalDepositCaseChanges": (
            "Columns of `capital_deposit_cases` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("company_name", "str"),
                ("company_onboarding_id", "str | None"),
                ("company_account_id", "str | None"),
                ("status", "str"),
                ("cancel_reason", "str | None"),
                ("total_amount", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "CapitalDepositShareholderRow": (
            "A row of `capital_deposit_shareholders`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("case_id", "str"),
                ("type", "str"),
                ("name", "str | None"),
                ("first_name", "str | None"),
                ("last_name", "str | None"),
                ("birth_date", "str | None"),
                ("nationality", "str | None"),
                ("amount", "str"),
                ("onboarding_id", "str | None"),
                ("status", "str"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "CapitalDepositShareholderNew": (
            "A row to insert into `capital_deposit_shareholders`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("case_id", "str"),
                ("type", "str"),
                ("name", "NotRequired[str | None]"),
                ("first_name", "NotRequired[str | None]"),
                ("last_name", "NotRequired[str | None]"),
                ("birth_date", "NotRequired[str | None]"),
                ("nationality", "NotRequired[str | None]"),
                ("amount", "str"),
                ("onboarding_id", "NotRequired[str | None]"),
                ("status", "str"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "CapitalDepositShareholderChanges": (
            "Columns of `capital_deposit_shareholders` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("case_id", "str"),
                ("type", "str"),
                ("name", "str | None"),
                ("first_name", "str | None"),
                ("last_name", "str | None"),
                ("birth_date", "str | None"),
                ("nationality", "str | None"),
                ("amount", "str"),
                ("onboarding_id", "str | None"),
                ("status", "str"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "CapitalDepositDocumentRow": (
            "A row of `capital_deposit_documents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("case_id", "str"),
                ("shareholder_id", "str | None"),
                ("type", "str"),
                ("status", "str"),
                ("reason_code", "str | None"),
                ("filename", "str | None"),
                ("upload_token", "str | None"),
                ("upload_expires_at", "str | None"),
                ("uploaded_at", "str | None"),
                ("size", "int | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "CapitalDepositDocumentNew": (
            "A row to insert into `capital_deposit_documents`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("case_id", "str"),
                ("shareholder_id", "NotRequired[str | None]"),
                ("type", "str"),
                ("status", "str"),
                ("reason_code", "NotRequired[str | None]"),
                ("filename", "NotRequired[str | None]"),
                ("upload_token", "NotRequired[str | None]"),
                ("upload_expires_at", "NotRequired[str | None]"),
                ("uploaded_at", "NotRequired[str | None]"),
                ("size", "NotRequired[int | None]"),
                ("created_at", "NotRequired[str | None]"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "CapitalDepositDocumentChanges": (
            "Columns of `capital_deposit_documents` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("case_id", "str"),
                ("shareholder_id", "str | None"),
                ("type", "str"),
                ("status", "str"),
                ("reason_code", "str | None"),
                ("filename", "str | None"),
                ("upload_token", "str | None"),
                ("upload_expires_at", "str | None"),
                ("uploaded_at", "str | None"),
                ("size", "int | None"),
                ("created_at", "str | None"),
                ("updated_at", "str | None"),
            ),
        ),
        "ExportRow": (
            "A row of `exports`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("filters", "str | None"),
                ("email", "str | None"),
                ("status", "str"),
                ("ready_at", "str | None"),
                ("expires_at", "str | None"),
                ("content", "str | None"),
                ("rows", "int | None"),
                ("download_token", "str | None"),
                ("download_expires_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "ExportNew": (
            "A row to insert into `exports`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("filters", "NotRequired[str | None]"),
                ("email", "NotRequired[str | None]"),
                ("status", "str"),
                ("ready_at", "NotRequired[str | None]"),
                ("expires_at", "NotRequired[str | None]"),
                ("content", "NotRequired[str | None]"),
                ("rows", "NotRequired[int | None]"),
                ("download_token", "NotRequired[str | None]"),
                ("download_expires_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "ExportChanges": (
            "Columns of `exports` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("type", "str"),
                ("filters", "str | None"),
                ("email", "str | None"),
                ("status", "str"),
                ("ready_at", "str | None"),
                ("expires_at", "str | None"),
                ("content", "str | None"),
                ("rows", "int | None"),
                ("download_token", "str | None"),
                ("download_expires_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "MerchantPaymentLinkRow": (
            "A row of `merchant_payment_links`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("amount", "str"),
                ("payment_method_ids", "str"),
                ("label", "str | None"),
                ("reference", "str | None"),
                ("external_reference", "str | None"),
                ("redirect_url", "str | None"),
                ("cancel_redirect_url", "str | None"),
                ("language", "str | None"),
                ("sequence", "str"),
                ("requested_execution_at", "str | None"),
                ("expires_at", "str"),
                ("billing_address", "str | None"),
                ("customer", "str | None"),
                ("completed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "MerchantPaymentLinkNew": (
            "A row to insert into `merchant_payment_links`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("amount", "str"),
                ("payment_method_ids", "str"),
                ("label", "NotRequired[str | None]"),
                ("reference", "NotRequired[str | None]"),
                ("external_reference", "NotRequired[str | None]"),
                ("redirect_url", "NotRequired[str | None]"),
                ("cancel_redirect_url", "NotRequired[str | None]"),
                ("language", "NotRequired[str | None]"),
                ("sequence", "str"),
                ("requested_execution_at", "NotRequired[str | None]"),
                ("expires_at", "str"),
                ("billing_address", "NotRequired[str | None]"),
                ("customer", "NotRequired[str | None]"),
                ("completed_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "MerchantPaymentLinkChanges": (
            "Columns of `merchant_payment_links` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("merchant_profile_id", "str"),
                ("amount", "str"),
                ("payment_method_ids", "str"),
                ("label", "str | None"),
                ("reference", "str | None"),
                ("external_reference", "str | None"),
                ("redirect_url", "str | None"),
                ("cancel_redirect_url", "str | None"),
                ("language", "str | None"),
                ("sequence", "str"),
                ("requested_execution_at", "str | None"),
                ("expires_at", "str"),
                ("billing_address", "str | None"),
                ("customer", "str | None"),
                ("completed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "MerchantPaymentLinkCardMandateRow": (
            "A row of `merchant_payment_link_card_mandates`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("payment_link_id", "str"),
                ("payment_method_id", "str"),
                ("token_hash", "str"),
                ("declined", "int"),
                ("sequence", "str"),
                ("created_at", "str"),
            ),
        ),
        "MerchantPaymentLinkCardMandateNew": (
            "A row to insert into `merchant_payment_link_card_mandates`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("payment_link_id", "str"),
                ("payment_method_id", "str"),
                ("token_hash", "str"),
                ("declined", "int"),
                ("sequence", "str"),
                ("created_at", "str"),
            ),
        ),
        "MerchantPaymentLinkCardMandateChanges": (
            "Columns of `merchant_payment_link_card_mandates` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("payment_link_id", "str"),
                ("payment_method_id", "str"),
                ("token_hash", "str"),
                ("declined", "int"),
                ("sequence", "str"),
                ("created_at", "str"),
            ),
        ),
        "InternationalCreditTransferRow": (
            "A row of `international_credit_transfers`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("payment_id", "str"),
                ("transaction_id", "str | None"),
                ("trusted_beneficiary_id", "str | None"),
                ("save_beneficiary", "int | None"),
                ("beneficiary_name", "str | None"),
                ("currency", "str"),
                ("route", "str"),
                ("details", "str | None"),
                ("transfer_details", "str | None"),
                ("target_amount", "str | None"),
                ("exchange_rate", "str | None"),
                ("fees_amount", "str | None"),
                ("source_amount", "str | None"),
                ("external_reference", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "InternationalCreditTransferNew": (
            "A row to insert into `international_credit_transfers`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("payment_id", "str"),
                ("transaction_id", "NotRequired[str | None]"),
                ("trusted_beneficiary_id", "NotRequired[str | None]"),
                ("save_beneficiary", "NotRequired[int | None]"),
                ("beneficiary_name", "NotRequired[str | None]"),
                ("currency", "str"),
                ("route", "str"),
                ("details", "NotRequired[str | None]"),
                ("transfer_details", "NotRequired[str | None]"),
                ("target_amount", "NotRequired[str | None]"),
                ("exchange_rate", "NotRequired[str | None]"),
                ("fees_amount", "NotRequired[str | None]"),
                ("source_amount", "NotRequired[str | None]"),
                ("external_reference", "NotRequired[str | None]"),
                ("created_at", "str"),
            ),
        ),
        "InternationalCreditTransferChanges": (
            "Columns of `international_credit_transfers` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("payment_id", "str"),
                ("transaction_id", "str | None"),
                ("trusted_beneficiary_id", "str | None"),
                ("save_beneficiary", "int | None"),
                ("beneficiary_name", "str | None"),
                ("currency", "str"),
                ("route", "str"),
                ("details", "str | None"),
                ("transfer_details", "str | None"),
                ("target_amount", "str | None"),
                ("exchange_rate", "str | None"),
                ("fees_amount", "str | None"),
                ("source_amount", "str | None"),
                ("external_reference", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "CheckTransactionRow": (
            "A row of `check_transactions`.",
            True,
            (
                ("transaction_id", "str"),
                ("project_id", "str"),
                ("cmc7", "str"),
                ("rlmc_key", "str"),
                ("created_at", "str"),
            ),
        ),
        "CheckTransactionNew": (
            "A row to insert into `check_transactions`.",
            True,
            (
                ("transaction_id", "str"),
                ("project_id", "str"),
                ("cmc7", "str"),
                ("rlmc_key", "str"),
                ("created_at", "str"),
            ),
        ),
        "CheckTransactionChanges": (
            "Columns of `check_transactions` an update may set.",
            False,
            (
                ("transaction_id", "str"),
                ("project_id", "str"),
                ("cmc7", "str"),
                ("rlmc_key", "str"),
                ("created_at", "str"),
            ),
        ),
        "InternalDirectDebitRow": (
            "A row of `internal_direct_debits`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("payment_mandate_id", "str"),
                ("credit_transaction_id", "str"),
                ("debit_transaction_id", "str"),
                ("created_at", "str"),
            ),
        ),
        "InternalDirectDebitNew": (
            "A row to insert into `internal_direct_debits`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("payment_mandate_id", "str"),
                ("credit_transaction_id", "str"),
                ("debit_transaction_id", "str"),
                ("created_at", "str"),
            ),
        ),
        "InternalDirectDebitChanges": (
            "Columns of `internal_direct_debits` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("payment_mandate_id", "str"),
                ("credit_transaction_id", "str"),
                ("debit_transaction_id", "str"),
                ("created_at", "str"),
            ),
        ),
        "CreditLimitSettingRow": (
            "A row of `credit_limit_settings`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("status", "str"),
                ("authorized_amount", "str | None"),
                ("cycle_length", "str | None"),
                ("repayment_method", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "CreditLimitSettingNew": (
            "A row to insert into `credit_limit_settings`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("status", "str"),
                ("authorized_amount", "NotRequired[str | None]"),
                ("cycle_length", "NotRequired[str | None]"),
                ("repayment_method", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "CreditLimitSettingChanges": (
            "Columns of `credit_limit_settings` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("status", "str"),
                ("authorized_amount", "str | None"),
                ("cycle_length", "str | None"),
                ("repayment_method", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str"),
            ),
        ),
        "CreditLimitRequestRow": (
            "A row of `credit_limit_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("settings_id", "str"),
                ("amount", "str"),
                ("message", "str | None"),
                ("cycle_length", "str | None"),
                ("repayment_method", "str | None"),
                ("status", "str"),
                ("consent_id", "str | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "CreditLimitRequestNew": (
            "A row to insert into `credit_limit_requests`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("settings_id", "str"),
                ("amount", "str"),
                ("message", "NotRequired[str | None]"),
                ("cycle_length", "NotRequired[str | None]"),
                ("repayment_method", "NotRequired[str | None]"),
                ("status", "str"),
                ("consent_id", "NotRequired[str | None]"),
                ("status_changed_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "CreditLimitRequestChanges": (
            "Columns of `credit_limit_requests` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("settings_id", "str"),
                ("amount", "str"),
                ("message", "str | None"),
                ("cycle_length", "str | None"),
                ("repayment_method", "str | None"),
                ("status", "str"),
                ("consent_id", "str | None"),
                ("status_changed_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "RepaymentCycleRow": (
            "A row of `repayment_cycles`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("settings_id", "str"),
                ("start_date", "str"),
                ("end_date", "str"),
                ("status", "str"),
                ("created_at", "str"),
            ),
        ),
        "RepaymentCycleNew": (
            "A row to insert into `repayment_cycles`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("settings_id", "str"),
                ("start_date", "str"),
                ("end_date", "str"),
                ("status", "str"),
                ("created_at", "str"),
            ),
        ),
        "RepaymentCycleChanges": (
            "Columns of `repayment_cycles` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("settings_id", "str"),
                ("start_date", "str"),
                ("end_date", "str"),
                ("status", "str"),
                ("created_at", "str"),
            ),
        ),
        "RepaymentRow": (
            "A row of `repayments`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("settings_id", "str"),
                ("cycle_id", "str | None"),
                ("amount", "str"),
                ("status", "str"),
                ("transaction_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "RepaymentNew": (
            "A row to insert into `repayments`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("settings_id", "str"),
                ("cycle_id", "NotRequired[str | None]"),
                ("amount", "str"),
                ("status", "str"),
                ("transaction_id", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "RepaymentChanges": (
            "Columns of `repayments` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("settings_id", "str"),
                ("cycle_id", "str | None"),
                ("amount", "str"),
                ("status", "str"),
                ("transaction_id", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "CreditStatementRow": (
            "A row of `credit_statements`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("cycle_id", "str"),
                ("language", "str | None"),
                ("opening_date", "str"),
                ("closing_date", "str | None"),
                ("opening_balance", "str | None"),
                ("closing_balance", "str | None"),
                ("total_credits", "str | None"),
                ("total_debits", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "CreditStatementNew": (
            "A row to insert into `credit_statements`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("cycle_id", "str"),
                ("language", "NotRequired[str | None]"),
                ("opening_date", "str"),
                ("closing_date", "NotRequired[str | None]"),
                ("opening_balance", "NotRequired[str | None]"),
                ("closing_balance", "NotRequired[str | None]"),
                ("total_credits", "NotRequired[str | None]"),
                ("total_debits", "NotRequired[str | None]"),
                ("created_at", "str"),
            ),
        ),
        "CreditStatementChanges": (
            "Columns of `credit_statements` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_id", "str"),
                ("cycle_id", "str"),
                ("language", "str | None"),
                ("opening_date", "str"),
                ("closing_date", "str | None"),
                ("opening_balance", "str | None"),
                ("closing_balance", "str | None"),
                ("total_credits", "str | None"),
                ("total_debits", "str | None"),
                ("created_at", "str"),
            ),
        ),
        "ExternalAccountRow": (
            "A row of `external_accounts`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("external_id", "str"),
                ("iban", "str"),
                ("bic", "str | None"),
                ("name", "str | None"),
                ("holder_name", "str | None"),
                ("cash_account_type", "str | None"),
                ("country", "str | None"),
                ("currency", "str | None"),
                ("usage", "str | None"),
                ("source", "str | None"),
                ("original_created_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "ExternalAccountNew": (
            "A row to insert into `external_accounts`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("external_id", "str"),
                ("iban", "str"),
                ("bic", "NotRequired[str | None]"),
                ("name", "NotRequired[str | None]"),
                ("holder_name", "NotRequired[str | None]"),
                ("cash_account_type", "NotRequired[str | None]"),
                ("country", "NotRequired[str | None]"),
                ("currency", "NotRequired[str | None]"),
                ("usage", "NotRequired[str | None]"),
                ("source", "NotRequired[str | None]"),
                ("original_created_at", "NotRequired[str | None]"),
                ("created_at", "str"),
                ("updated_at", "NotRequired[str | None]"),
            ),
        ),
        "ExternalAccountChanges": (
            "Columns of `external_accounts` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("account_holder_id", "str"),
                ("external_id", "str"),
                ("iban", "str"),
                ("bic", "str | None"),
                ("name", "str | None"),
                ("holder_name", "str | None"),
                ("cash_account_type", "str | None"),
                ("country", "str | None"),
                ("currency", "str | None"),
                ("usage", "str | None"),
                ("source", "str | None"),
                ("original_created_at", "str | None"),
                ("created_at", "str"),
                ("updated_at", "str | None"),
            ),
        ),
        "ExternalAccountBalanceRow": (
            "A row of `external_account_balances`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("external_account_id", "str"),
                ("type", "str"),
                ("amount", "str"),
                ("currency", "str | None"),
                ("last_changed_at", "str"),
                ("created_at", "str | None"),
            ),
        ),
        "ExternalAccountBalanceNew": (
            "A row to insert into `external_account_balances`.",
            True,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("external_account_id", "str"),
                ("type", "str"),
                ("amount", "str"),
                ("currency", "NotRequired[str | None]"),
                ("last_changed_at", "str"),
                ("created_at", "NotRequired[str | None]"),
            ),
        ),
        "ExternalAccountBalanceChanges": (
            "Columns of `external_account_balances` an update may set.",
            False,
            (
                ("id", "str"),
                ("project_id", "str"),
                ("external_account_id", "str"),
                ("type", "str"),
                ("amount", "str"),
                ("currency", "str | None"),
                ("last_changed_at", "str"),
                ("created_at", "str | None"),
            ),
        ),
        "AccountHolderRiskInfoRow": (
            "A row of `account_holder_risk_info`.",
            True,
            (
                ("account_holder_id", "str"),
                ("project_id", "str"),
                ("has_adverse_media", "int | None"),
                ("has_frozen_assets", "int | None"),
                ("is_politically_exposed", "int | None"),
                ("updated_at", "str"),
            ),
        ),
        "AccountHolderRiskInfoNew": (
            "A row to insert into `account_holder_risk_info`.",
            True,
            (
                ("account_holder_id", "str"),
                ("project_id", "str"),
                ("has_adverse_media", "NotRequired[int | None]"),
                ("has_frozen_assets", "NotRequired[int | None]"),
                ("is_politically_exposed", "NotRequired[int | None]"),
                ("updated_at", "str"),
            ),
        ),
        "AccountHolderRiskInfoChanges": (
            "Columns of `account_holder_risk_info` an update may set.",
            False,
            (
                ("account_holder_id", "str"),
                ("project_id", "str"),
                ("has_adverse_media", "int | None"),
                ("has_frozen_assets", "int | None"),
                ("is_politically_exposed", "int | None"),
                ("updated_at", "str"),
            ),
        ),
        "AccountSettingRow": (
            "A row of `account_settings`.",
            True,
            (
                ("account_id", "str"),
                ("project_id", "str"),
                ("allow_bulk_without_verification", "int | None"),
                ("pending_value", "int | None"),
                ("consent_id", "str | None"),
                ("updated_at", "str"),
            ),
        ),
        "AccountSettingNew": (
            "A row to insert into `account_settings`.",
            True,
            (
                ("account_id", "str"),
                ("project_id", "str"),
                ("allow_bulk_without_verification", "NotRequired[int | None]"),
                ("pending_value", "NotRequired[int | None]"),
                ("consent_id", "NotRequired[str | None]"),
                ("updated_at", "str"),
            ),
        ),
        "AccountSettingChanges": (
            "Columns of `account_settings` an update may set.",
            False,
            (
                ("account_id", "str"),
                ("project_id", "str"),
                ("allow_bulk_without_verification", "int | None"),
                ("pending_value", "int | None"),
                ("consent_id", "str | None"),
                ("updated_at", "str"),
            ),
        ),
    }

    def __getattr__(name: str) -> Any:
        """PEP 562: a row type, made at the first use of its name."""
        return _rows.row_type(name, _ROW_TYPES, globals())


if TYPE_CHECKING:

    @overload
    def get_row(
        db: Database, name: Literal["id_sequences"], key: PrimaryKey | None
    ) -> IdSequenceRow: ...
    @overload
    def get_row(db: Database, name: Literal["projects"], key: PrimaryKey | None) -> ProjectRow: ...
    @overload
    def get_row(db: Database, name: Literal["users"], key: PrimaryKey | None) -> UserRow: ...
    @overload
    def get_row(db: Database, name: Literal["tokens"], key: PrimaryKey | None) -> TokenRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_holders"], key: PrimaryKey | None
    ) -> AccountHolderRow: ...
    @overload
    def get_row(db: Database, name: Literal["accounts"], key: PrimaryKey | None) -> AccountRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_memberships"], key: PrimaryKey | None
    ) -> AccountMembershipRow: ...
    @overload
    def get_row(db: Database, name: Literal["consents"], key: PrimaryKey | None) -> ConsentRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["id_secret"], key: PrimaryKey | None
    ) -> IdSecretRow: ...
    @overload
    def get_row(db: Database, name: Literal["events"], key: PrimaryKey | None) -> EventRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["signing_keys"], key: PrimaryKey | None
    ) -> SigningKeyRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["oauth_project_settings"], key: PrimaryKey | None
    ) -> OauthProjectSettingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["web_sessions"], key: PrimaryKey | None
    ) -> WebSessionRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["sms_outbox"], key: PrimaryKey | None
    ) -> SmsOutboxRow: ...
    @overload
    def get_row(db: Database, name: Literal["sms_codes"], key: PrimaryKey | None) -> SmsCodeRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["authorization_codes"], key: PrimaryKey | None
    ) -> AuthorizationCodeRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["token_families"], key: PrimaryKey | None
    ) -> TokenFamilyRow: ...
    @overload
    def get_row(db: Database, name: Literal["hash_keys"], key: PrimaryKey | None) -> HashKeyRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["webhook_subscriptions"], key: PrimaryKey | None
    ) -> WebhookSubscriptionRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["webhook_subscription_event_types"], key: PrimaryKey | None
    ) -> WebhookSubscriptionEventTypeRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["webhook_deliveries"], key: PrimaryKey | None
    ) -> WebhookDeliveryRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["webhook_attempts"], key: PrimaryKey | None
    ) -> WebhookAttemptRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["webhook_settings"], key: PrimaryKey | None
    ) -> WebhookSettingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_balances"], key: PrimaryKey | None
    ) -> AccountBalanceRow: ...
    @overload
    def get_row(db: Database, name: Literal["cards"], key: PrimaryKey | None) -> CardRow: ...
    @overload
    def get_row(db: Database, name: Literal["payments"], key: PrimaryKey | None) -> PaymentRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["payment_transfers"], key: PrimaryKey | None
    ) -> PaymentTransferRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["transactions"], key: PrimaryKey | None
    ) -> TransactionRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["idempotency_keys"], key: PrimaryKey | None
    ) -> IdempotencyKeyRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["dataset_records"], key: PrimaryKey | None
    ) -> DatasetRecordRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["project_rate_limits"], key: PrimaryKey | None
    ) -> ProjectRateLimitRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["dashboard_links"], key: PrimaryKey | None
    ) -> DashboardLinkRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["dashboard_sessions"], key: PrimaryKey | None
    ) -> DashboardSessionRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["virtual_iban_entries"], key: PrimaryKey | None
    ) -> VirtualIbanEntryRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_statements"], key: PrimaryKey | None
    ) -> AccountStatementRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["transaction_statements"], key: PrimaryKey | None
    ) -> TransactionStatementRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["onboardings"], key: PrimaryKey | None
    ) -> OnboardingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["supporting_document_collections"], key: PrimaryKey | None
    ) -> SupportingDocumentCollectionRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["supporting_documents"], key: PrimaryKey | None
    ) -> SupportingDocumentRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["onboarding_settings"], key: PrimaryKey | None
    ) -> OnboardingSettingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["verification_renewals"], key: PrimaryKey | None
    ) -> VerificationRenewalRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_admin_changes"], key: PrimaryKey | None
    ) -> AccountAdminChangeRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["journal_entries"], key: PrimaryKey | None
    ) -> JournalEntryRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["journal_secrets"], key: PrimaryKey | None
    ) -> JournalSecretRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["user_consent_settings"], key: PrimaryKey | None
    ) -> UserConsentSettingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["membership_invitations"], key: PrimaryKey | None
    ) -> MembershipInvitationRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["sandbox_user_endorsements"], key: PrimaryKey | None
    ) -> SandboxUserEndorsementRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["server_consent_keys"], key: PrimaryKey | None
    ) -> ServerConsentKeyRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["sandbox_identifications"], key: PrimaryKey | None
    ) -> SandboxIdentificationRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["external_identifications"], key: PrimaryKey | None
    ) -> ExternalIdentificationRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["identification_document_uploads"], key: PrimaryKey | None
    ) -> IdentificationDocumentUploadRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["digital_cards"], key: PrimaryKey | None
    ) -> DigitalCardRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["card_insurance_subscriptions"], key: PrimaryKey | None
    ) -> CardInsuranceSubscriptionRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["trusted_beneficiaries"], key: PrimaryKey | None
    ) -> TrustedBeneficiaryRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["beneficiary_verifications"], key: PrimaryKey | None
    ) -> BeneficiaryVerificationRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["standing_orders"], key: PrimaryKey | None
    ) -> StandingOrderRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["received_direct_debit_mandates"], key: PrimaryKey | None
    ) -> ReceivedDirectDebitMandateRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_invoices"], key: PrimaryKey | None
    ) -> AccountInvoiceRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["project_billing"], key: PrimaryKey | None
    ) -> ProjectBillingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["project_owners"], key: PrimaryKey | None
    ) -> ProjectOwnerRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["test_checks"], key: PrimaryKey | None
    ) -> TestCheckRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["merchant_profiles"], key: PrimaryKey | None
    ) -> MerchantProfileRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["merchant_profile_update_requests"], key: PrimaryKey | None
    ) -> MerchantProfileUpdateRequestRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["merchant_payment_methods"], key: PrimaryKey | None
    ) -> MerchantPaymentMethodRow: ...
    @overload
    def get_row(
        db: Database,
        name: Literal["merchant_payment_method_update_requests"],
        key: PrimaryKey | None,
    ) -> MerchantPaymentMethodUpdateRequestRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["funding_sources"], key: PrimaryKey | None
    ) -> FundingSourceRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["payment_mandates"], key: PrimaryKey | None
    ) -> PaymentMandateRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["funding_limit_settings"], key: PrimaryKey | None
    ) -> FundingLimitSettingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["funding_limit_change_requests"], key: PrimaryKey | None
    ) -> FundingLimitChangeRequestRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["merchant_payments"], key: PrimaryKey | None
    ) -> MerchantPaymentRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["in_person_payment_intents"], key: PrimaryKey | None
    ) -> InPersonPaymentIntentRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["terminal_connection_tokens"], key: PrimaryKey | None
    ) -> TerminalConnectionTokenRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["capital_deposit_cases"], key: PrimaryKey | None
    ) -> CapitalDepositCaseRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["capital_deposit_shareholders"], key: PrimaryKey | None
    ) -> CapitalDepositShareholderRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["capital_deposit_documents"], key: PrimaryKey | None
    ) -> CapitalDepositDocumentRow: ...
    @overload
    def get_row(db: Database, name: Literal["exports"], key: PrimaryKey | None) -> ExportRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["merchant_payment_links"], key: PrimaryKey | None
    ) -> MerchantPaymentLinkRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["merchant_payment_link_card_mandates"], key: PrimaryKey | None
    ) -> MerchantPaymentLinkCardMandateRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["international_credit_transfers"], key: PrimaryKey | None
    ) -> InternationalCreditTransferRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["check_transactions"], key: PrimaryKey | None
    ) -> CheckTransactionRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["internal_direct_debits"], key: PrimaryKey | None
    ) -> InternalDirectDebitRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["credit_limit_settings"], key: PrimaryKey | None
    ) -> CreditLimitSettingRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["credit_limit_requests"], key: PrimaryKey | None
    ) -> CreditLimitRequestRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["repayment_cycles"], key: PrimaryKey | None
    ) -> RepaymentCycleRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["repayments"], key: PrimaryKey | None
    ) -> RepaymentRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["credit_statements"], key: PrimaryKey | None
    ) -> CreditStatementRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["external_accounts"], key: PrimaryKey | None
    ) -> ExternalAccountRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["external_account_balances"], key: PrimaryKey | None
    ) -> ExternalAccountBalanceRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_holder_risk_info"], key: PrimaryKey | None
    ) -> AccountHolderRiskInfoRow: ...
    @overload
    def get_row(
        db: Database, name: Literal["account_settings"], key: PrimaryKey | None
    ) -> AccountSettingRow: ...
    @overload
    def get_row(db: Database, name: str, key: PrimaryKey | None) -> Row: ...
    def get_row(db: Database, name: str, key: PrimaryKey | None) -> Any: ...
else:

    def get_row(db: Database, name: str, key: PrimaryKey | None) -> Any:
        """`get_row` of `storage._rows`, typed by the table name."""
        return _rows.get_row(db, name, key)


if TYPE_CHECKING:

    @overload
    def find_row(
        db: Database, name: Literal["id_sequences"], key: PrimaryKey | None
    ) -> IdSequenceRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["projects"], key: PrimaryKey | None
    ) -> ProjectRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["users"], key: PrimaryKey | None
    ) -> UserRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["tokens"], key: PrimaryKey | None
    ) -> TokenRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_holders"], key: PrimaryKey | None
    ) -> AccountHolderRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["accounts"], key: PrimaryKey | None
    ) -> AccountRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_memberships"], key: PrimaryKey | None
    ) -> AccountMembershipRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["consents"], key: PrimaryKey | None
    ) -> ConsentRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["id_secret"], key: PrimaryKey | None
    ) -> IdSecretRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["events"], key: PrimaryKey | None
    ) -> EventRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["signing_keys"], key: PrimaryKey | None
    ) -> SigningKeyRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["oauth_project_settings"], key: PrimaryKey | None
    ) -> OauthProjectSettingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["web_sessions"], key: PrimaryKey | None
    ) -> WebSessionRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["sms_outbox"], key: PrimaryKey | None
    ) -> SmsOutboxRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["sms_codes"], key: PrimaryKey | None
    ) -> SmsCodeRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["authorization_codes"], key: PrimaryKey | None
    ) -> AuthorizationCodeRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["token_families"], key: PrimaryKey | None
    ) -> TokenFamilyRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["hash_keys"], key: PrimaryKey | None
    ) -> HashKeyRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["webhook_subscriptions"], key: PrimaryKey | None
    ) -> WebhookSubscriptionRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["webhook_subscription_event_types"], key: PrimaryKey | None
    ) -> WebhookSubscriptionEventTypeRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["webhook_deliveries"], key: PrimaryKey | None
    ) -> WebhookDeliveryRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["webhook_attempts"], key: PrimaryKey | None
    ) -> WebhookAttemptRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["webhook_settings"], key: PrimaryKey | None
    ) -> WebhookSettingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_balances"], key: PrimaryKey | None
    ) -> AccountBalanceRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["cards"], key: PrimaryKey | None
    ) -> CardRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["payments"], key: PrimaryKey | None
    ) -> PaymentRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["payment_transfers"], key: PrimaryKey | None
    ) -> PaymentTransferRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["transactions"], key: PrimaryKey | None
    ) -> TransactionRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["idempotency_keys"], key: PrimaryKey | None
    ) -> IdempotencyKeyRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["dataset_records"], key: PrimaryKey | None
    ) -> DatasetRecordRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["project_rate_limits"], key: PrimaryKey | None
    ) -> ProjectRateLimitRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["dashboard_links"], key: PrimaryKey | None
    ) -> DashboardLinkRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["dashboard_sessions"], key: PrimaryKey | None
    ) -> DashboardSessionRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["virtual_iban_entries"], key: PrimaryKey | None
    ) -> VirtualIbanEntryRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_statements"], key: PrimaryKey | None
    ) -> AccountStatementRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["transaction_statements"], key: PrimaryKey | None
    ) -> TransactionStatementRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["onboardings"], key: PrimaryKey | None
    ) -> OnboardingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["supporting_document_collections"], key: PrimaryKey | None
    ) -> SupportingDocumentCollectionRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["supporting_documents"], key: PrimaryKey | None
    ) -> SupportingDocumentRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["onboarding_settings"], key: PrimaryKey | None
    ) -> OnboardingSettingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["verification_renewals"], key: PrimaryKey | None
    ) -> VerificationRenewalRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_admin_changes"], key: PrimaryKey | None
    ) -> AccountAdminChangeRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["journal_entries"], key: PrimaryKey | None
    ) -> JournalEntryRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["journal_secrets"], key: PrimaryKey | None
    ) -> JournalSecretRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["user_consent_settings"], key: PrimaryKey | None
    ) -> UserConsentSettingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["membership_invitations"], key: PrimaryKey | None
    ) -> MembershipInvitationRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["sandbox_user_endorsements"], key: PrimaryKey | None
    ) -> SandboxUserEndorsementRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["server_consent_keys"], key: PrimaryKey | None
    ) -> ServerConsentKeyRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["sandbox_identifications"], key: PrimaryKey | None
    ) -> SandboxIdentificationRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["external_identifications"], key: PrimaryKey | None
    ) -> ExternalIdentificationRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["identification_document_uploads"], key: PrimaryKey | None
    ) -> IdentificationDocumentUploadRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["digital_cards"], key: PrimaryKey | None
    ) -> DigitalCardRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["card_insurance_subscriptions"], key: PrimaryKey | None
    ) -> CardInsuranceSubscriptionRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["trusted_beneficiaries"], key: PrimaryKey | None
    ) -> TrustedBeneficiaryRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["beneficiary_verifications"], key: PrimaryKey | None
    ) -> BeneficiaryVerificationRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["standing_orders"], key: PrimaryKey | None
    ) -> StandingOrderRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["received_direct_debit_mandates"], key: PrimaryKey | None
    ) -> ReceivedDirectDebitMandateRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_invoices"], key: PrimaryKey | None
    ) -> AccountInvoiceRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["project_billing"], key: PrimaryKey | None
    ) -> ProjectBillingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["project_owners"], key: PrimaryKey | None
    ) -> ProjectOwnerRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["test_checks"], key: PrimaryKey | None
    ) -> TestCheckRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["merchant_profiles"], key: PrimaryKey | None
    ) -> MerchantProfileRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["merchant_profile_update_requests"], key: PrimaryKey | None
    ) -> MerchantProfileUpdateRequestRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["merchant_payment_methods"], key: PrimaryKey | None
    ) -> MerchantPaymentMethodRow | None: ...
    @overload
    def find_row(
        db: Database,
        name: Literal["merchant_payment_method_update_requests"],
        key: PrimaryKey | None,
    ) -> MerchantPaymentMethodUpdateRequestRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["funding_sources"], key: PrimaryKey | None
    ) -> FundingSourceRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["payment_mandates"], key: PrimaryKey | None
    ) -> PaymentMandateRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["funding_limit_settings"], key: PrimaryKey | None
    ) -> FundingLimitSettingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["funding_limit_change_requests"], key: PrimaryKey | None
    ) -> FundingLimitChangeRequestRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["merchant_payments"], key: PrimaryKey | None
    ) -> MerchantPaymentRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["in_person_payment_intents"], key: PrimaryKey | None
    ) -> InPersonPaymentIntentRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["terminal_connection_tokens"], key: PrimaryKey | None
    ) -> TerminalConnectionTokenRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["capital_deposit_cases"], key: PrimaryKey | None
    ) -> CapitalDepositCaseRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["capital_deposit_shareholders"], key: PrimaryKey | None
    ) -> CapitalDepositShareholderRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["capital_deposit_documents"], key: PrimaryKey | None
    ) -> CapitalDepositDocumentRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["exports"], key: PrimaryKey | None
    ) -> ExportRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["merchant_payment_links"], key: PrimaryKey | None
    ) -> MerchantPaymentLinkRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["merchant_payment_link_card_mandates"], key: PrimaryKey | None
    ) -> MerchantPaymentLinkCardMandateRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["international_credit_transfers"], key: PrimaryKey | None
    ) -> InternationalCreditTransferRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["check_transactions"], key: PrimaryKey | None
    ) -> CheckTransactionRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["internal_direct_debits"], key: PrimaryKey | None
    ) -> InternalDirectDebitRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["credit_limit_settings"], key: PrimaryKey | None
    ) -> CreditLimitSettingRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["credit_limit_requests"], key: PrimaryKey | None
    ) -> CreditLimitRequestRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["repayment_cycles"], key: PrimaryKey | None
    ) -> RepaymentCycleRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["repayments"], key: PrimaryKey | None
    ) -> RepaymentRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["credit_statements"], key: PrimaryKey | None
    ) -> CreditStatementRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["external_accounts"], key: PrimaryKey | None
    ) -> ExternalAccountRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["external_account_balances"], key: PrimaryKey | None
    ) -> ExternalAccountBalanceRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_holder_risk_info"], key: PrimaryKey | None
    ) -> AccountHolderRiskInfoRow | None: ...
    @overload
    def find_row(
        db: Database, name: Literal["account_settings"], key: PrimaryKey | None
    ) -> AccountSettingRow | None: ...
    @overload
    def find_row(db: Database, name: str, key: PrimaryKey | None) -> Row | None: ...
    def find_row(db: Database, name: str, key: PrimaryKey | None) -> Any | None: ...
else:

    def find_row(db: Database, name: str, key: PrimaryKey | None) -> Any | None:
        """`find_row` of `storage._rows`, typed by the table name."""
        return _rows.find_row(db, name, key)


if TYPE_CHECKING:

    @overload
    def rows_where(
        db: Database,
        name: Literal["id_sequences"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[IdSequenceRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["projects"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ProjectRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["users"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[UserRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["tokens"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[TokenRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_holders"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountHolderRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["accounts"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_memberships"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountMembershipRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["consents"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ConsentRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["id_secret"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[IdSecretRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["events"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[EventRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["signing_keys"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[SigningKeyRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["oauth_project_settings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[OauthProjectSettingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["web_sessions"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[WebSessionRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["sms_outbox"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[SmsOutboxRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["sms_codes"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[SmsCodeRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["authorization_codes"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AuthorizationCodeRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["token_families"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[TokenFamilyRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["hash_keys"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[HashKeyRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["webhook_subscriptions"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[WebhookSubscriptionRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["webhook_subscription_event_types"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[WebhookSubscriptionEventTypeRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["webhook_deliveries"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[WebhookDeliveryRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["webhook_attempts"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[WebhookAttemptRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["webhook_settings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[WebhookSettingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_balances"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountBalanceRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["cards"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CardRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["payments"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[PaymentRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["payment_transfers"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[PaymentTransferRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["transactions"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[TransactionRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["idempotency_keys"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[IdempotencyKeyRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["dataset_records"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[DatasetRecordRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["project_rate_limits"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ProjectRateLimitRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["dashboard_links"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[DashboardLinkRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["dashboard_sessions"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[DashboardSessionRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["virtual_iban_entries"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[VirtualIbanEntryRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_statements"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountStatementRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["transaction_statements"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[TransactionStatementRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["onboardings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[OnboardingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["supporting_document_collections"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[SupportingDocumentCollectionRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["supporting_documents"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[SupportingDocumentRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["onboarding_settings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[OnboardingSettingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["verification_renewals"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[VerificationRenewalRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_admin_changes"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountAdminChangeRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["journal_entries"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[JournalEntryRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["journal_secrets"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[JournalSecretRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["user_consent_settings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[UserConsentSettingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["membership_invitations"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MembershipInvitationRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["sandbox_user_endorsements"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[SandboxUserEndorsementRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["server_consent_keys"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ServerConsentKeyRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["sandbox_identifications"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[SandboxIdentificationRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["external_identifications"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ExternalIdentificationRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["identification_document_uploads"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[IdentificationDocumentUploadRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["digital_cards"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[DigitalCardRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["card_insurance_subscriptions"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CardInsuranceSubscriptionRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["trusted_beneficiaries"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[TrustedBeneficiaryRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["beneficiary_verifications"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[BeneficiaryVerificationRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["standing_orders"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[StandingOrderRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["received_direct_debit_mandates"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ReceivedDirectDebitMandateRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_invoices"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountInvoiceRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["project_billing"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ProjectBillingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["project_owners"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ProjectOwnerRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["test_checks"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[TestCheckRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["merchant_profiles"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MerchantProfileRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["merchant_profile_update_requests"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MerchantProfileUpdateRequestRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["merchant_payment_methods"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MerchantPaymentMethodRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["merchant_payment_method_update_requests"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MerchantPaymentMethodUpdateRequestRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["funding_sources"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[FundingSourceRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["payment_mandates"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[PaymentMandateRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["funding_limit_settings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[FundingLimitSettingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["funding_limit_change_requests"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[FundingLimitChangeRequestRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["merchant_payments"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MerchantPaymentRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["in_person_payment_intents"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[InPersonPaymentIntentRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["terminal_connection_tokens"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[TerminalConnectionTokenRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["capital_deposit_cases"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CapitalDepositCaseRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["capital_deposit_shareholders"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CapitalDepositShareholderRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["capital_deposit_documents"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CapitalDepositDocumentRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["exports"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ExportRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["merchant_payment_links"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MerchantPaymentLinkRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["merchant_payment_link_card_mandates"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[MerchantPaymentLinkCardMandateRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["international_credit_transfers"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[InternationalCreditTransferRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["check_transactions"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CheckTransactionRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["internal_direct_debits"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[InternalDirectDebitRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["credit_limit_settings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CreditLimitSettingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["credit_limit_requests"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CreditLimitRequestRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["repayment_cycles"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[RepaymentCycleRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["repayments"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[RepaymentRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["credit_statements"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[CreditStatementRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["external_accounts"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ExternalAccountRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["external_account_balances"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[ExternalAccountBalanceRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_holder_risk_info"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountHolderRiskInfoRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: Literal["account_settings"],
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[AccountSettingRow]: ...
    @overload
    def rows_where(
        db: Database,
        name: str,
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[Row]: ...
    def rows_where(
        db: Database,
        name: str,
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[Any]: ...
else:

    def rows_where(
        db: Database,
        name: str,
        where: str | None = None,
        where_args: Sequence[Any] | None = None,
        *,
        order_by: str | None = None,
        limit: int | None = None,
    ) -> Iterator[Any]:
        """`rows_where` of `storage._rows`, typed by the table name."""
        return _rows.rows_where(db, name, where, where_args, order_by=order_by, limit=limit)


if TYPE_CHECKING:

    @overload
    def insert_row(
        db: Database, name: Literal["id_sequences"], row: IdSequenceNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["projects"], row: ProjectNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["users"], row: UserNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["tokens"], row: TokenNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_holders"],
        row: AccountHolderNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["accounts"], row: AccountNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_memberships"],
        row: AccountMembershipNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["consents"], row: ConsentNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["id_secret"], row: IdSecretNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["events"], row: EventNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["signing_keys"], row: SigningKeyNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["oauth_project_settings"],
        row: OauthProjectSettingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["web_sessions"], row: WebSessionNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["sms_outbox"], row: SmsOutboxNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["sms_codes"], row: SmsCodeNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["authorization_codes"],
        row: AuthorizationCodeNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["token_families"], row: TokenFamilyNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["hash_keys"], row: HashKeyNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["webhook_subscriptions"],
        row: WebhookSubscriptionNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["webhook_subscription_event_types"],
        row: WebhookSubscriptionEventTypeNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["webhook_deliveries"],
        row: WebhookDeliveryNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["webhook_attempts"],
        row: WebhookAttemptNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["webhook_settings"],
        row: WebhookSettingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_balances"],
        row: AccountBalanceNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["cards"], row: CardNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["payments"], row: PaymentNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["payment_transfers"],
        row: PaymentTransferNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["transactions"], row: TransactionNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["idempotency_keys"],
        row: IdempotencyKeyNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["dataset_records"],
        row: DatasetRecordNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["project_rate_limits"],
        row: ProjectRateLimitNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["dashboard_links"],
        row: DashboardLinkNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["dashboard_sessions"],
        row: DashboardSessionNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["virtual_iban_entries"],
        row: VirtualIbanEntryNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_statements"],
        row: AccountStatementNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["transaction_statements"],
        row: TransactionStatementNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["onboardings"], row: OnboardingNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["supporting_document_collections"],
        row: SupportingDocumentCollectionNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["supporting_documents"],
        row: SupportingDocumentNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["onboarding_settings"],
        row: OnboardingSettingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["verification_renewals"],
        row: VerificationRenewalNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_admin_changes"],
        row: AccountAdminChangeNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["journal_entries"],
        row: JournalEntryNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["journal_secrets"],
        row: JournalSecretNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["user_consent_settings"],
        row: UserConsentSettingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["membership_invitations"],
        row: MembershipInvitationNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["sandbox_user_endorsements"],
        row: SandboxUserEndorsementNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["server_consent_keys"],
        row: ServerConsentKeyNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["sandbox_identifications"],
        row: SandboxIdentificationNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["external_identifications"],
        row: ExternalIdentificationNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["identification_document_uploads"],
        row: IdentificationDocumentUploadNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["digital_cards"], row: DigitalCardNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["card_insurance_subscriptions"],
        row: CardInsuranceSubscriptionNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["trusted_beneficiaries"],
        row: TrustedBeneficiaryNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["beneficiary_verifications"],
        row: BeneficiaryVerificationNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["standing_orders"],
        row: StandingOrderNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["received_direct_debit_mandates"],
        row: ReceivedDirectDebitMandateNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_invoices"],
        row: AccountInvoiceNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["project_billing"],
        row: ProjectBillingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["project_owners"],
        row: ProjectOwnerNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["test_checks"], row: TestCheckNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["merchant_profiles"],
        row: MerchantProfileNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["merchant_profile_update_requests"],
        row: MerchantProfileUpdateRequestNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["merchant_payment_methods"],
        row: MerchantPaymentMethodNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["merchant_payment_method_update_requests"],
        row: MerchantPaymentMethodUpdateRequestNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["funding_sources"],
        row: FundingSourceNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["payment_mandates"],
        row: PaymentMandateNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["funding_limit_settings"],
        row: FundingLimitSettingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["funding_limit_change_requests"],
        row: FundingLimitChangeRequestNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["merchant_payments"],
        row: MerchantPaymentNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["in_person_payment_intents"],
        row: InPersonPaymentIntentNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["terminal_connection_tokens"],
        row: TerminalConnectionTokenNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["capital_deposit_cases"],
        row: CapitalDepositCaseNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["capital_deposit_shareholders"],
        row: CapitalDepositShareholderNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["capital_deposit_documents"],
        row: CapitalDepositDocumentNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["exports"], row: ExportNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["merchant_payment_links"],
        row: MerchantPaymentLinkNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["merchant_payment_link_card_mandates"],
        row: MerchantPaymentLinkCardMandateNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["international_credit_transfers"],
        row: InternationalCreditTransferNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["check_transactions"],
        row: CheckTransactionNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["internal_direct_debits"],
        row: InternalDirectDebitNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["credit_limit_settings"],
        row: CreditLimitSettingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["credit_limit_requests"],
        row: CreditLimitRequestNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["repayment_cycles"],
        row: RepaymentCycleNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database, name: Literal["repayments"], row: RepaymentNew, *, replace: bool = False
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["credit_statements"],
        row: CreditStatementNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["external_accounts"],
        row: ExternalAccountNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["external_account_balances"],
        row: ExternalAccountBalanceNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_holder_risk_info"],
        row: AccountHolderRiskInfoNew,
        *,
        replace: bool = False,
    ) -> None: ...
    @overload
    def insert_row(
        db: Database,
        name: Literal["account_settings"],
        row: AccountSettingNew,
        *,
        replace: bool = False,
    ) -> None: ...
    def insert_row(db: Database, name: str, row: Any, *, replace: bool = False) -> None: ...
else:

    def insert_row(db: Database, name: str, row: Any, *, replace: bool = False) -> None:
        """`insert_row` of `storage._rows`, typed by the table name."""
        _rows.insert_row(db, name, row, replace=replace)


if TYPE_CHECKING:

    @overload
    def insert_rows(
        db: Database, name: Literal["id_sequences"], rows: Iterable[IdSequenceNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["projects"], rows: Iterable[ProjectNew]
    ) -> None: ...
    @overload
    def insert_rows(db: Database, name: Literal["users"], rows: Iterable[UserNew]) -> None: ...
    @overload
    def insert_rows(db: Database, name: Literal["tokens"], rows: Iterable[TokenNew]) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["account_holders"], rows: Iterable[AccountHolderNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["accounts"], rows: Iterable[AccountNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["account_memberships"], rows: Iterable[AccountMembershipNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["consents"], rows: Iterable[ConsentNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["id_secret"], rows: Iterable[IdSecretNew]
    ) -> None: ...
    @overload
    def insert_rows(db: Database, name: Literal["events"], rows: Iterable[EventNew]) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["signing_keys"], rows: Iterable[SigningKeyNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["oauth_project_settings"],
        rows: Iterable[OauthProjectSettingNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["web_sessions"], rows: Iterable[WebSessionNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["sms_outbox"], rows: Iterable[SmsOutboxNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["sms_codes"], rows: Iterable[SmsCodeNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["authorization_codes"], rows: Iterable[AuthorizationCodeNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["token_families"], rows: Iterable[TokenFamilyNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["hash_keys"], rows: Iterable[HashKeyNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["webhook_subscriptions"], rows: Iterable[WebhookSubscriptionNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["webhook_subscription_event_types"],
        rows: Iterable[WebhookSubscriptionEventTypeNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["webhook_deliveries"], rows: Iterable[WebhookDeliveryNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["webhook_attempts"], rows: Iterable[WebhookAttemptNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["webhook_settings"], rows: Iterable[WebhookSettingNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["account_balances"], rows: Iterable[AccountBalanceNew]
    ) -> None: ...
    @overload
    def insert_rows(db: Database, name: Literal["cards"], rows: Iterable[CardNew]) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["payments"], rows: Iterable[PaymentNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["payment_transfers"], rows: Iterable[PaymentTransferNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["transactions"], rows: Iterable[TransactionNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["idempotency_keys"], rows: Iterable[IdempotencyKeyNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["dataset_records"], rows: Iterable[DatasetRecordNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["project_rate_limits"], rows: Iterable[ProjectRateLimitNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["dashboard_links"], rows: Iterable[DashboardLinkNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["dashboard_sessions"], rows: Iterable[DashboardSessionNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["virtual_iban_entries"], rows: Iterable[VirtualIbanEntryNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["account_statements"], rows: Iterable[AccountStatementNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["transaction_statements"],
        rows: Iterable[TransactionStatementNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["onboardings"], rows: Iterable[OnboardingNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["supporting_document_collections"],
        rows: Iterable[SupportingDocumentCollectionNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["supporting_documents"], rows: Iterable[SupportingDocumentNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["onboarding_settings"], rows: Iterable[OnboardingSettingNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["verification_renewals"], rows: Iterable[VerificationRenewalNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["account_admin_changes"], rows: Iterable[AccountAdminChangeNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["journal_entries"], rows: Iterable[JournalEntryNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["journal_secrets"], rows: Iterable[JournalSecretNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["user_consent_settings"], rows: Iterable[UserConsentSettingNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["membership_invitations"],
        rows: Iterable[MembershipInvitationNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["sandbox_user_endorsements"],
        rows: Iterable[SandboxUserEndorsementNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["server_consent_keys"], rows: Iterable[ServerConsentKeyNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["sandbox_identifications"],
        rows: Iterable[SandboxIdentificationNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["external_identifications"],
        rows: Iterable[ExternalIdentificationNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["identification_document_uploads"],
        rows: Iterable[IdentificationDocumentUploadNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["digital_cards"], rows: Iterable[DigitalCardNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["card_insurance_subscriptions"],
        rows: Iterable[CardInsuranceSubscriptionNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["trusted_beneficiaries"], rows: Iterable[TrustedBeneficiaryNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["beneficiary_verifications"],
        rows: Iterable[BeneficiaryVerificationNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["standing_orders"], rows: Iterable[StandingOrderNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["received_direct_debit_mandates"],
        rows: Iterable[ReceivedDirectDebitMandateNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["account_invoices"], rows: Iterable[AccountInvoiceNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["project_billing"], rows: Iterable[ProjectBillingNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["project_owners"], rows: Iterable[ProjectOwnerNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["test_checks"], rows: Iterable[TestCheckNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["merchant_profiles"], rows: Iterable[MerchantProfileNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["merchant_profile_update_requests"],
        rows: Iterable[MerchantProfileUpdateRequestNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["merchant_payment_methods"],
        rows: Iterable[MerchantPaymentMethodNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["merchant_payment_method_update_requests"],
        rows: Iterable[MerchantPaymentMethodUpdateRequestNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["funding_sources"], rows: Iterable[FundingSourceNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["payment_mandates"], rows: Iterable[PaymentMandateNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["funding_limit_settings"],
        rows: Iterable[FundingLimitSettingNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["funding_limit_change_requests"],
        rows: Iterable[FundingLimitChangeRequestNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["merchant_payments"], rows: Iterable[MerchantPaymentNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["in_person_payment_intents"],
        rows: Iterable[InPersonPaymentIntentNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["terminal_connection_tokens"],
        rows: Iterable[TerminalConnectionTokenNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["capital_deposit_cases"], rows: Iterable[CapitalDepositCaseNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["capital_deposit_shareholders"],
        rows: Iterable[CapitalDepositShareholderNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["capital_deposit_documents"],
        rows: Iterable[CapitalDepositDocumentNew],
    ) -> None: ...
    @overload
    def insert_rows(db: Database, name: Literal["exports"], rows: Iterable[ExportNew]) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["merchant_payment_links"],
        rows: Iterable[MerchantPaymentLinkNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["merchant_payment_link_card_mandates"],
        rows: Iterable[MerchantPaymentLinkCardMandateNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["international_credit_transfers"],
        rows: Iterable[InternationalCreditTransferNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["check_transactions"], rows: Iterable[CheckTransactionNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["internal_direct_debits"],
        rows: Iterable[InternalDirectDebitNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["credit_limit_settings"], rows: Iterable[CreditLimitSettingNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["credit_limit_requests"], rows: Iterable[CreditLimitRequestNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["repayment_cycles"], rows: Iterable[RepaymentCycleNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["repayments"], rows: Iterable[RepaymentNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["credit_statements"], rows: Iterable[CreditStatementNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["external_accounts"], rows: Iterable[ExternalAccountNew]
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["external_account_balances"],
        rows: Iterable[ExternalAccountBalanceNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database,
        name: Literal["account_holder_risk_info"],
        rows: Iterable[AccountHolderRiskInfoNew],
    ) -> None: ...
    @overload
    def insert_rows(
        db: Database, name: Literal["account_settings"], rows: Iterable[AccountSettingNew]
    ) -> None: ...
    def insert_rows(db: Database, name: str, rows: Iterable[Any]) -> None: ...
else:

    def insert_rows(db: Database, name: str, rows: Iterable[Any]) -> None:
        """`insert_rows` of `storage._rows`, typed by the table name."""
        _rows.insert_rows(db, name, rows)


if TYPE_CHECKING:

    @overload
    def update_row(
        db: Database,
        name: Literal["id_sequences"],
        key: PrimaryKey | None,
        changes: IdSequenceChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["projects"], key: PrimaryKey | None, changes: ProjectChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["users"], key: PrimaryKey | None, changes: UserChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["tokens"], key: PrimaryKey | None, changes: TokenChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_holders"],
        key: PrimaryKey | None,
        changes: AccountHolderChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["accounts"], key: PrimaryKey | None, changes: AccountChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_memberships"],
        key: PrimaryKey | None,
        changes: AccountMembershipChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["consents"], key: PrimaryKey | None, changes: ConsentChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["id_secret"], key: PrimaryKey | None, changes: IdSecretChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["events"], key: PrimaryKey | None, changes: EventChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["signing_keys"],
        key: PrimaryKey | None,
        changes: SigningKeyChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["oauth_project_settings"],
        key: PrimaryKey | None,
        changes: OauthProjectSettingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["web_sessions"],
        key: PrimaryKey | None,
        changes: WebSessionChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["sms_outbox"], key: PrimaryKey | None, changes: SmsOutboxChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["sms_codes"], key: PrimaryKey | None, changes: SmsCodeChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["authorization_codes"],
        key: PrimaryKey | None,
        changes: AuthorizationCodeChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["token_families"],
        key: PrimaryKey | None,
        changes: TokenFamilyChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["hash_keys"], key: PrimaryKey | None, changes: HashKeyChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["webhook_subscriptions"],
        key: PrimaryKey | None,
        changes: WebhookSubscriptionChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["webhook_subscription_event_types"],
        key: PrimaryKey | None,
        changes: WebhookSubscriptionEventTypeChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["webhook_deliveries"],
        key: PrimaryKey | None,
        changes: WebhookDeliveryChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["webhook_attempts"],
        key: PrimaryKey | None,
        changes: WebhookAttemptChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["webhook_settings"],
        key: PrimaryKey | None,
        changes: WebhookSettingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_balances"],
        key: PrimaryKey | None,
        changes: AccountBalanceChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["cards"], key: PrimaryKey | None, changes: CardChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["payments"], key: PrimaryKey | None, changes: PaymentChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["payment_transfers"],
        key: PrimaryKey | None,
        changes: PaymentTransferChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["transactions"],
        key: PrimaryKey | None,
        changes: TransactionChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["idempotency_keys"],
        key: PrimaryKey | None,
        changes: IdempotencyKeyChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["dataset_records"],
        key: PrimaryKey | None,
        changes: DatasetRecordChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["project_rate_limits"],
        key: PrimaryKey | None,
        changes: ProjectRateLimitChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["dashboard_links"],
        key: PrimaryKey | None,
        changes: DashboardLinkChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["dashboard_sessions"],
        key: PrimaryKey | None,
        changes: DashboardSessionChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["virtual_iban_entries"],
        key: PrimaryKey | None,
        changes: VirtualIbanEntryChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_statements"],
        key: PrimaryKey | None,
        changes: AccountStatementChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["transaction_statements"],
        key: PrimaryKey | None,
        changes: TransactionStatementChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["onboardings"],
        key: PrimaryKey | None,
        changes: OnboardingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["supporting_document_collections"],
        key: PrimaryKey | None,
        changes: SupportingDocumentCollectionChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["supporting_documents"],
        key: PrimaryKey | None,
        changes: SupportingDocumentChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["onboarding_settings"],
        key: PrimaryKey | None,
        changes: OnboardingSettingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["verification_renewals"],
        key: PrimaryKey | None,
        changes: VerificationRenewalChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_admin_changes"],
        key: PrimaryKey | None,
        changes: AccountAdminChangeChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["journal_entries"],
        key: PrimaryKey | None,
        changes: JournalEntryChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["journal_secrets"],
        key: PrimaryKey | None,
        changes: JournalSecretChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["user_consent_settings"],
        key: PrimaryKey | None,
        changes: UserConsentSettingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["membership_invitations"],
        key: PrimaryKey | None,
        changes: MembershipInvitationChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["sandbox_user_endorsements"],
        key: PrimaryKey | None,
        changes: SandboxUserEndorsementChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["server_consent_keys"],
        key: PrimaryKey | None,
        changes: ServerConsentKeyChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["sandbox_identifications"],
        key: PrimaryKey | None,
        changes: SandboxIdentificationChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["external_identifications"],
        key: PrimaryKey | None,
        changes: ExternalIdentificationChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["identification_document_uploads"],
        key: PrimaryKey | None,
        changes: IdentificationDocumentUploadChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["digital_cards"],
        key: PrimaryKey | None,
        changes: DigitalCardChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["card_insurance_subscriptions"],
        key: PrimaryKey | None,
        changes: CardInsuranceSubscriptionChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["trusted_beneficiaries"],
        key: PrimaryKey | None,
        changes: TrustedBeneficiaryChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["beneficiary_verifications"],
        key: PrimaryKey | None,
        changes: BeneficiaryVerificationChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["standing_orders"],
        key: PrimaryKey | None,
        changes: StandingOrderChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["received_direct_debit_mandates"],
        key: PrimaryKey | None,
        changes: ReceivedDirectDebitMandateChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_invoices"],
        key: PrimaryKey | None,
        changes: AccountInvoiceChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["project_billing"],
        key: PrimaryKey | None,
        changes: ProjectBillingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["project_owners"],
        key: PrimaryKey | None,
        changes: ProjectOwnerChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["test_checks"],
        key: PrimaryKey | None,
        changes: TestCheckChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["merchant_profiles"],
        key: PrimaryKey | None,
        changes: MerchantProfileChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["merchant_profile_update_requests"],
        key: PrimaryKey | None,
        changes: MerchantProfileUpdateRequestChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["merchant_payment_methods"],
        key: PrimaryKey | None,
        changes: MerchantPaymentMethodChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["merchant_payment_method_update_requests"],
        key: PrimaryKey | None,
        changes: MerchantPaymentMethodUpdateRequestChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["funding_sources"],
        key: PrimaryKey | None,
        changes: FundingSourceChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["payment_mandates"],
        key: PrimaryKey | None,
        changes: PaymentMandateChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["funding_limit_settings"],
        key: PrimaryKey | None,
        changes: FundingLimitSettingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["funding_limit_change_requests"],
        key: PrimaryKey | None,
        changes: FundingLimitChangeRequestChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["merchant_payments"],
        key: PrimaryKey | None,
        changes: MerchantPaymentChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["in_person_payment_intents"],
        key: PrimaryKey | None,
        changes: InPersonPaymentIntentChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["terminal_connection_tokens"],
        key: PrimaryKey | None,
        changes: TerminalConnectionTokenChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["capital_deposit_cases"],
        key: PrimaryKey | None,
        changes: CapitalDepositCaseChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["capital_deposit_shareholders"],
        key: PrimaryKey | None,
        changes: CapitalDepositShareholderChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["capital_deposit_documents"],
        key: PrimaryKey | None,
        changes: CapitalDepositDocumentChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["exports"], key: PrimaryKey | None, changes: ExportChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["merchant_payment_links"],
        key: PrimaryKey | None,
        changes: MerchantPaymentLinkChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["merchant_payment_link_card_mandates"],
        key: PrimaryKey | None,
        changes: MerchantPaymentLinkCardMandateChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["international_credit_transfers"],
        key: PrimaryKey | None,
        changes: InternationalCreditTransferChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["check_transactions"],
        key: PrimaryKey | None,
        changes: CheckTransactionChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["internal_direct_debits"],
        key: PrimaryKey | None,
        changes: InternalDirectDebitChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["credit_limit_settings"],
        key: PrimaryKey | None,
        changes: CreditLimitSettingChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["credit_limit_requests"],
        key: PrimaryKey | None,
        changes: CreditLimitRequestChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["repayment_cycles"],
        key: PrimaryKey | None,
        changes: RepaymentCycleChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database, name: Literal["repayments"], key: PrimaryKey | None, changes: RepaymentChanges
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["credit_statements"],
        key: PrimaryKey | None,
        changes: CreditStatementChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["external_accounts"],
        key: PrimaryKey | None,
        changes: ExternalAccountChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["external_account_balances"],
        key: PrimaryKey | None,
        changes: ExternalAccountBalanceChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_holder_risk_info"],
        key: PrimaryKey | None,
        changes: AccountHolderRiskInfoChanges,
    ) -> None: ...
    @overload
    def update_row(
        db: Database,
        name: Literal["account_settings"],
        key: PrimaryKey | None,
        changes: AccountSettingChanges,
    ) -> None: ...
    def update_row(db: Database, name: str, key: PrimaryKey | None, changes: Any) -> None: ...
else:

    def update_row(db: Database, name: str, key: PrimaryKey | None, changes: Any) -> None:
        """`update_row` of `storage._rows`, typed by the table name."""
        _rows.update_row(db, name, key, changes)


if TYPE_CHECKING:

    @overload
    def upsert_row(
        db: Database, name: Literal["id_sequences"], row: IdSequenceChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["projects"], row: ProjectChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(db: Database, name: Literal["users"], row: UserChanges, *, pk: str) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["tokens"], row: TokenChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["account_holders"], row: AccountHolderChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["accounts"], row: AccountChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["account_memberships"],
        row: AccountMembershipChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["consents"], row: ConsentChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["id_secret"], row: IdSecretChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["events"], row: EventChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["signing_keys"], row: SigningKeyChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["oauth_project_settings"],
        row: OauthProjectSettingChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["web_sessions"], row: WebSessionChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["sms_outbox"], row: SmsOutboxChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["sms_codes"], row: SmsCodeChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["authorization_codes"],
        row: AuthorizationCodeChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["token_families"], row: TokenFamilyChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["hash_keys"], row: HashKeyChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["webhook_subscriptions"],
        row: WebhookSubscriptionChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["webhook_subscription_event_types"],
        row: WebhookSubscriptionEventTypeChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["webhook_deliveries"], row: WebhookDeliveryChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["webhook_attempts"], row: WebhookAttemptChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["webhook_settings"], row: WebhookSettingChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["account_balances"], row: AccountBalanceChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(db: Database, name: Literal["cards"], row: CardChanges, *, pk: str) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["payments"], row: PaymentChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["payment_transfers"], row: PaymentTransferChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["transactions"], row: TransactionChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["idempotency_keys"], row: IdempotencyKeyChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["dataset_records"], row: DatasetRecordChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["project_rate_limits"], row: ProjectRateLimitChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["dashboard_links"], row: DashboardLinkChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["dashboard_sessions"], row: DashboardSessionChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["virtual_iban_entries"],
        row: VirtualIbanEntryChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["account_statements"], row: AccountStatementChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["transaction_statements"],
        row: TransactionStatementChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["onboardings"], row: OnboardingChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["supporting_document_collections"],
        row: SupportingDocumentCollectionChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["supporting_documents"],
        row: SupportingDocumentChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["onboarding_settings"],
        row: OnboardingSettingChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["verification_renewals"],
        row: VerificationRenewalChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["account_admin_changes"],
        row: AccountAdminChangeChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["journal_entries"], row: JournalEntryChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["journal_secrets"], row: JournalSecretChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["user_consent_settings"],
        row: UserConsentSettingChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["membership_invitations"],
        row: MembershipInvitationChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["sandbox_user_endorsements"],
        row: SandboxUserEndorsementChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["server_consent_keys"], row: ServerConsentKeyChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["sandbox_identifications"],
        row: SandboxIdentificationChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["external_identifications"],
        row: ExternalIdentificationChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["identification_document_uploads"],
        row: IdentificationDocumentUploadChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["digital_cards"], row: DigitalCardChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["card_insurance_subscriptions"],
        row: CardInsuranceSubscriptionChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["trusted_beneficiaries"],
        row: TrustedBeneficiaryChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["beneficiary_verifications"],
        row: BeneficiaryVerificationChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["standing_orders"], row: StandingOrderChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["received_direct_debit_mandates"],
        row: ReceivedDirectDebitMandateChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["account_invoices"], row: AccountInvoiceChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["project_billing"], row: ProjectBillingChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["project_owners"], row: ProjectOwnerChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["test_checks"], row: TestCheckChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["merchant_profiles"], row: MerchantProfileChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["merchant_profile_update_requests"],
        row: MerchantProfileUpdateRequestChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["merchant_payment_methods"],
        row: MerchantPaymentMethodChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["merchant_payment_method_update_requests"],
        row: MerchantPaymentMethodUpdateRequestChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["funding_sources"], row: FundingSourceChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["payment_mandates"], row: PaymentMandateChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["funding_limit_settings"],
        row: FundingLimitSettingChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["funding_limit_change_requests"],
        row: FundingLimitChangeRequestChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["merchant_payments"], row: MerchantPaymentChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["in_person_payment_intents"],
        row: InPersonPaymentIntentChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["terminal_connection_tokens"],
        row: TerminalConnectionTokenChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["capital_deposit_cases"],
        row: CapitalDepositCaseChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["capital_deposit_shareholders"],
        row: CapitalDepositShareholderChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["capital_deposit_documents"],
        row: CapitalDepositDocumentChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["exports"], row: ExportChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["merchant_payment_links"],
        row: MerchantPaymentLinkChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["merchant_payment_link_card_mandates"],
        row: MerchantPaymentLinkCardMandateChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["international_credit_transfers"],
        row: InternationalCreditTransferChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["check_transactions"], row: CheckTransactionChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["internal_direct_debits"],
        row: InternalDirectDebitChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["credit_limit_settings"],
        row: CreditLimitSettingChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["credit_limit_requests"],
        row: CreditLimitRequestChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["repayment_cycles"], row: RepaymentCycleChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["repayments"], row: RepaymentChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["credit_statements"], row: CreditStatementChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["external_accounts"], row: ExternalAccountChanges, *, pk: str
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["external_account_balances"],
        row: ExternalAccountBalanceChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database,
        name: Literal["account_holder_risk_info"],
        row: AccountHolderRiskInfoChanges,
        *,
        pk: str,
    ) -> None: ...
    @overload
    def upsert_row(
        db: Database, name: Literal["account_settings"], row: AccountSettingChanges, *, pk: str
    ) -> None: ...
    def upsert_row(db: Database, name: str, row: Any, *, pk: str) -> None: ...
else:

    def upsert_row(db: Database, name: str, row: Any, *, pk: str) -> None:
        """`upsert_row` of `storage._rows`, typed by the table name."""
        _rows.upsert_row(db, name, row, pk=pk)

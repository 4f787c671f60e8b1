"""Tables of the cards: the physical card a card may gain, pending changes waiting for
their consent, and the enrichment of card transactions."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, Unique, apply

migrations = Migrations("cards")


@migrations()
def m001_physical_cards(db: sqlite_utils.Database) -> None:
    # A card has at most one current physical card (`printPhysicalCard`); its earlier ones
    # (renewals) are kept as JSON, as the API only ever lists them with the current one.
    apply(
        db,
        Alter(
            "cards",
            {
                "physical_status": str,  # PhysicalCardStatus; NULL: never printed
                "physical_status_reason": str,
                "physical_consent_id": str,  # the consent the physical card waits for
                "physical_identifier": str,
                "physical_masked_number": str,
                "physical_expiry_date": str,
                "physical_address": str,  # JSON CompleteAddressInput
                "physical_custom_options": str,  # JSON
                "physical_pin_ready": int,
                "physical_tracking_number": str,
                "physical_estimated_delivery": str,
                "physical_previous": str,  # JSON list of earlier physical cards
                "pending_update": str,  # JSON: updateCard's changes, until consented
                "pending_update_consent_id": str,
            },
        ),
        Alter(
            "transactions",
            # JSON EnrichedTransactionInfo; the card payment's Category (InStore, ...)
            {"enrichment": str, "card_category": str, "merchant_postal_code": str},
        ),
    )


@migrations()
def m002_digital_cards(db: sqlite_utils.Database) -> None:
    # A card added to a phone's wallet. It copies its card's project, account and membership
    # so that the cards' access rule (`card_scope`) reads it as it reads the card.
    apply(
        db,
        Table(
            "digital_cards",
            {
                "id": str,
                "project_id": str,
                "card_id": str,
                "account_id": str,
                "account_membership_id": str,
                "wallet_provider": str,  # ApplePay | GooglePay
                "type": str,  # DigitalizationType: InApp (addDigitalCard), Manual, ...
                "status": str,  # ConsentPending, Pending, Declined; Enabled, Suspended, Canceled
                "consent_id": str,  # the AddDigitalCard(s) consent
                "activation_consent_id": str,  # the ActivateDigitalCard consent, if any
                "needs_activation": int,  # the wallet asked for more proof (an OTP)
                "token_reference_id": str,
                "device_name": str,
                "device_type": str,
                "masked_number": str,
                "enabled_at": str,
                "suspended_at": str,
                "canceled_at": str,
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null=("project_id", "card_id", "status"),
            foreign_keys=[("card_id", "cards", "id")],
            indexes=[("project_id", "card_id"), ("consent_id",), ("activation_consent_id",)],
        ),
        Table(
            "card_insurance_subscriptions",
            {
                "id": str,
                "project_id": str,
                "card_id": str,
                "package": str,
                "status": str,  # Enabled
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null=("project_id", "card_id"),
            foreign_keys=[("card_id", "cards", "id")],
            indexes=[Unique(("card_id",))],
        ),
    )


@migrations()
def m003_card_contracts(db: sqlite_utils.Database) -> None:
    # What a card was asked for with: its product, the end of its contract (canceled then, on
    # the virtual clock), whether its consent also shows the numbers, and how its spending
    # limit's period runs (JSON `SpendingLimitInput.mode`; NULL: calendar, from 00:00 UTC).
    apply(
        db,
        Alter(
            "cards",
            {
                "card_product_id": str,
                "card_contract_expiry_date": str,
                "view_card_number": int,
                "spending_limit_mode": str,
            },
            indexes=[("card_contract_expiry_date",)],
        ),
        Alter(
            "transactions",
            # What the card network said of a card payment (the Testing API's simulations):
            # the amount in the merchant's currency, the terminal, how it was authorized and
            # carried, when an authorization lapses, the merchant's id, the card used.
            {
                "original_amount": str,
                "original_currency": str,
                "terminal_id": str,
                "authorization_type": str,
                "transport_type": str,
                "operation_type": str,
                "authorization_expires_at": str,
                "merchant_id": str,
                "card_type_used": str,
            },
            indexes=[("authorization_expires_at",)],
        ),
    )

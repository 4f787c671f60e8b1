"""Tables of the cards: the physical card a card may gain, pending changes waiting for
their consent, and the enrichment of card transactions."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, apply

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

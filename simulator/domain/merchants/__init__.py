"""Merchants: merchant profiles, their payment methods, mandates and payments, and the
incoming direct debits the debtor's bank books.

Above `funding`.
"""

from . import (
    in_person_payments,
    incoming_card_payments,
    incoming_direct_debits,
    internal_direct_debits,
    merchant_checks,
    merchant_collections,
    merchant_mandates,
    merchant_payment_links,
    merchant_payment_methods,
    merchant_payment_records,
    merchant_payments,
    merchant_profiles,
)

__all__ = [
    "in_person_payments",
    "incoming_card_payments",
    "incoming_direct_debits",
    "internal_direct_debits",
    "merchant_checks",
    "merchant_collections",
    "merchant_mandates",
    "merchant_payment_links",
    "merchant_payment_methods",
    "merchant_payment_records",
    "merchant_payments",
    "merchant_profiles",
]

"""Cards: virtual, physical and digital (wallet) cards, their rules (`card_support`), the
card network's authorizations and settlements, and the balances reserved for them.

Above `accounts`; independent of `onboarding` and `payments`.
"""

from . import card_network, card_support, cards, digital_cards, physical_cards, reserved_balances

__all__ = [
    "card_network",
    "card_support",
    "cards",
    "digital_cards",
    "physical_cards",
    "reserved_balances",
]

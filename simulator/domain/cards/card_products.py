"""The project's card product and the rules a new card or a printed card must meet.

The real service lets a partner configure card products with its support team; the simulator
has no such process, so every project has two products of one documented constant (`PRODUCT`):
a Debit card of the Standard package, Enabled, printable, with one Enabled design, insured (the
default product) or not (the basic one, which an individual account holder orders). Their ids
are stable per project (`card_product_id`, `basic_card_product_id`). A card asked for with a
`cardProductId` must name one (else a ValidationRejection); the product's rules
(`check_card_product`) then hold for every card, so the product rejections (disabled,
suspended, funding type, package, design, not printable) are part of the contract but never
reached with the simulator's products.

Also here: the cardholder's name a printed card needs (`MissingMandatoryFieldRejection`),
the shipping providers that deliver to a country (`InvalidShippingProviderRejection`), and
the end of a card's contract (`cardContractExpiryDate`).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks

__all__ = [
    "PRODUCT",
    "SINGLE_USE_CONTRACT_DAYS",
    "basic_card_product_id",
    "card_product_id",
    "check_card_product",
    "check_shipping_provider",
    "checked_contract_expiry",
    "expiry_month",
    "is_insured",
    "require_printable_name",
    "shipping_providers",
]

#: The one product's rules (see the module's docstring).
PRODUCT: dict[str, Any] = {
    "status": "Enabled",
    "funding_type": "Debit",
    "card_package": "Standard",
    "applicable_to_physical_cards": True,
    "enabled_designs": 1,
    #: The card types its package allows.
    "card_types": ("Virtual", "VirtualAndPhysical", "SingleUseVirtual"),
}
#: The funding types a card of the simulated ledger can be charged through.
_FUNDING_TYPES = ("Debit",)
#: A single-use virtual card's contract ends this long after it is asked for, unless given.
SINGLE_USE_CONTRACT_DAYS = 30
#: A card is valid this many years (its `expiryDate`), unless its contract ends earlier.
CARD_VALIDITY_YEARS = 3


def card_product_id(project_id: str) -> str:
    # The same project always gets the same id, so notebooks print the same output.
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"simulator:card-product:{project_id}"))


def basic_card_product_id(project_id: str) -> str:
    """The id of the project's uninsured product (the same rules, no insurance package): what
    an individual account holder orders, as the web banking offers it."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"simulator:card-product-basic:{project_id}"))


def is_insured(project_id: str, product_id: str | None) -> bool:
    """Whether a card of this product is insured (every product but the basic one)."""
    return product_id != basic_card_product_id(project_id)


def check_card_product(
    checks: Checks,
    project_id: str,
    product_id: str | None,
    path: list[str | int],
) -> str:
    """The product a new card is of (the default one unless given): one of the project's."""
    expected = card_product_id(project_id)
    if product_id is None:
        return expected
    if product_id not in (expected, basic_card_product_id(project_id)):
        checks.fail("NotFound", f"No card product {product_id} in this project.", path)
        return expected
    return product_id


def require_product_allows(card_type: str, *, physical: bool) -> None:
    """The product's rules for a card of `card_type` (and its printed card)."""
    status = PRODUCT["status"]
    if status in ("Disabled", "Suspended"):
        raise Rejected(rejection(f"CardProduct{status}Rejection", f"The card product is {status}."))
    if PRODUCT["funding_type"] not in _FUNDING_TYPES:
        raise Rejected(
            rejection(
                "CardProductInvalidFundingTypeRejection",
                f"A {PRODUCT['funding_type']} card product cannot fund this card.",
            )
        )
    if card_type not in PRODUCT["card_types"]:
        raise Rejected(
            rejection(
                "CardPackageNotAllowedRejection",
                f"The {PRODUCT['card_package']} package has no {card_type} cards.",
                card_type=card_type,
            )
        )
    if not PRODUCT["enabled_designs"]:
        raise Rejected(
            rejection("EnabledCardDesignNotFoundRejection", "The product has no Enabled design.")
        )
    if physical and not PRODUCT["applicable_to_physical_cards"]:
        raise Rejected(
            rejection(
                "CardProductNotApplicableToPhysicalCardsRejection",
                "The card product has no printed cards.",
            )
        )


def shipping_providers(country: str) -> list[str]:
    """Who delivers a card printed in France to `country` (CCA3)."""
    if country == "FRA":
        return ["LaPosteTracked", "LaPosteUntracked", "DHL"]
    return ["DHL"]


def check_shipping_provider(options: dict[str, Any] | None, country: str) -> None:
    """A chosen shipping provider must deliver to the address's country."""
    provider = (options or {}).get("shipping_provider")
    if provider is not None and provider not in shipping_providers(country):
        raise Rejected(
            rejection(
                "InvalidShippingProviderRejection",
                f"{provider} does not deliver printed cards to {country}; "
                f"choose one of {', '.join(shipping_providers(country))}.",
            )
        )


def require_printable_name(
    db: Database, membership_id: str, options: dict[str, Any] | None
) -> None:
    """A printed card carries its holder's name: the member's user must have a first and a
    last name, unless a `customCardHolderName` is given."""
    if (options or {}).get("custom_card_holder_name"):
        return
    row = db.execute(
        "SELECT u.first_name, u.last_name FROM account_memberships m "
        "LEFT JOIN users u ON u.id = m.user_id WHERE m.id = ?",
        [membership_id],
    ).fetchone()
    if row is None or not row[0] or not row[1]:
        raise Rejected(
            rejection(
                "MissingMandatoryFieldRejection",
                f"The holder of membership {membership_id} has no first and last name to "
                "print on the card; give customCardHolderName.",
            )
        )


def checked_contract_expiry(
    checks: Checks,
    value: object,
    now: str,
    path: list[str | int],
    *,
    card_type: str,
) -> str | None:
    """When a card's contract ends (it is canceled then): a future instant, at most the
    card's validity away; a single-use virtual card's defaults to 30 days."""
    moment = parse_timestamp(now)
    if value is None:
        if card_type == "SingleUseVirtual":
            return format_timestamp(moment + timedelta(days=SINGLE_USE_CONTRACT_DAYS))
        return None
    try:
        given = parse_timestamp(value) if isinstance(value, str | datetime) else None
    except ValueError:
        given = None
    latest = moment + timedelta(days=365 * CARD_VALIDITY_YEARS)
    if given is None or not moment < given <= latest:
        checks.fail(
            "InvalidRange",
            f"A card contract ends after now and within {CARD_VALIDITY_YEARS} years.",
            path,
        )
        return None
    return format_timestamp(given)


def expiry_month(now: str, contract_expiry: str | None) -> str:
    """A card's `expiryDate` (MM/YY): its validity's end, or its contract's if earlier."""
    moment = parse_timestamp(now).astimezone(UTC)
    end = moment.replace(year=moment.year + CARD_VALIDITY_YEARS, day=1)
    if contract_expiry is not None:
        end = min(end, parse_timestamp(contract_expiry).astimezone(UTC))
    return f"{end.month:02d}/{end.year % 100:02d}"

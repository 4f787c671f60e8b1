"""A new card's input, checked into its columns (`CardConfigInput` and its kin): the name,
the switches, the spending limit (with its mode), the contract's end, the product, and the
physical card to print with it."""

from __future__ import annotations

import json
from typing import Any

from ..kernel.spending_limits import (
    DEFAULT_SPENDING_LIMIT,
    SPENDING_LIMIT_PERIODS,
    SpendingLimit,
    checked_spending_limit,
)
from ..kernel.validation import Checks
from .card_products import check_shipping_provider, checked_contract_expiry, expiry_month
from .card_support import checked_address

__all__ = [
    "DEFAULT_SPENDING_LIMIT",
    "SPENDING_LIMIT_PERIODS",
    "SWITCHES",
    "SpendingLimit",
    "checked_config",
    "checked_spending_limit",
]


SWITCHES = ("withdrawal", "international", "non_main_currency_transactions", "e_commerce")


def checked_config(
    checks: Checks,
    config: dict[str, Any],
    path: list[str | int],
    *,
    now: str,
    card_type: str,
) -> dict[str, Any]:
    """One card's columns from its input (`account_membership_id`, `name`, the switches,
    `spending_limit`, `card_contract_expiry_date`, `view_card_number`, and `physical_card`
    with its `delivery_address`)."""
    contract = checked_contract_expiry(
        checks,
        config.get("card_contract_expiry_date"),
        now,
        [*path, "cardContractExpiryDate"],
        card_type=card_type,
    )
    columns: dict[str, Any] = {
        "account_membership_id": config["account_membership_id"],
        "name": checks.text(config.get("name"), [*path, "name"], required=False, max_length=60),
        **{name: int(bool(config.get(name, True))) for name in SWITCHES},
        **checked_spending_limit(checks, config.get("spending_limit"), path),
        "card_contract_expiry_date": contract,
        "expiry_date": expiry_month(now, contract),
        "view_card_number": int(bool(config.get("view_card_number"))),
    }
    physical = config.get("physical_card")
    if physical is not None:
        columns["physical_address"] = checked_address(
            checks, physical.get("delivery_address"), [*path, "physicalCard", "deliveryAddress"]
        )
        options = physical.get("physical_card_custom_options") or {}
        columns["physical_custom_options"] = json.dumps(options, sort_keys=True)
        columns["physical_status"] = "ConsentPending"
    return columns


def physical_checks(columns: dict[str, Any]) -> None:
    """A printed card's shipping provider must deliver to its address."""
    if "physical_status" not in columns:
        return
    address = json.loads(columns["physical_address"])
    check_shipping_provider(json.loads(columns["physical_custom_options"]), address["country"])

"""The project's card product and what follows from it: `Card.cardProduct`, `cardPackage`,
`insuranceSubscription`, `ProjectInfo.cardProducts` and `activeCardSettings`, and the reset
rule of each spending limit (`SpendingLimit.mode`, `Spending.timeRange`).

The real service lets a partner configure card products with its support team; the
simulator has no such process, so every project has two products of a documented constant
(its rules in `domain/cards/card_products.py`), the insured default one and a basic one with
no insurance (what the web banking lets an individual account holder order):

- a debit card of the Standard package, printed in France, with one enabled design;
- its spending limits are the simulator's default card limit (1,000 EUR a month);
- it insures every printed card (`VirtualAndPhysical`) with its Standard insurance package,
  from the moment the card is enabled; virtual cards carry no insurance.

A spending limit's period resets at 00:00 UTC: each day (`Daily`), each Monday (`Weekly`),
on the first of each month (`Monthly`); an `Always` limit never resets (no mode, no range);
unless the limit was given a mode (`domain/kernel/spending_limits.py`).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable

from ....clock import format_timestamp, parse_timestamp
from ....domain.cards.card_products import (
    PRODUCT,
    basic_card_product_id,
    card_product_id,
    is_insured,
    shipping_providers,
)
from ....domain.cards.cards import DEFAULT_SPENDING_LIMIT
from ....domain.kernel import projects
from ....domain.kernel.spending_limits import mode_of, period_bounds
from ....graphql_compat import ResolveInfo
from ...context import RequestContext
from .._helpers import amount, caller

card = ObjectType("Card")
spending_limit = ObjectType("SpendingLimit")
spending = ObjectType("Spending")
project_info = ObjectType("ProjectInfo")
product = ObjectType("CardProduct")
design = ObjectType("CardProductDesign")
background = ObjectType("CardDesignBackground")
#: `activeCardSettings`, the older name of the default product's design, and its background.
settings = ObjectType("CardSettings")
settings_background = ObjectType("CardSettingsBackground")
bindables: list[SchemaBindable] = [
    card,
    spending_limit,
    spending,
    project_info,
    product,
    design,
    background,
    settings,
    settings_background,
]

#: The one card product's package level (the real service's middle one).
CARD_PACKAGE = str(PRODUCT["card_package"])
#: Where the simulator serves its card art (`server/card_art.py`), under the public URL.
CARD_ART_PATH = "/card-designs/{name}.png"


def card_art_url(info: ResolveInfo, name: str) -> str:
    """The absolute URL of the card art `name` ("default", "silver", "black")."""
    ctx: RequestContext = info.context
    return ctx.base_url + CARD_ART_PATH.format(name=name)


def _stable_id(kind: str, project_id: str) -> str:
    # The same project always gets the same ids, so notebooks print the same output.
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"simulator:{kind}:{project_id}"))


def insurance_package(project_id: str) -> dict[str, Any]:
    return {
        "id": _stable_id("insurance-package", project_id),
        "level": "Standard",
        "name": "Standard insurance",
        "notice_url": "https://cdn.invalid/insurance/standard-notice.pdf",
    }


def card_design(project: dict[str, Any]) -> dict[str, Any]:
    created = project["created_at"]
    return {
        "id": _stable_id("card-design", project["id"]),
        "accent_color": "#6240B5",
        "card_background": {
            "id": _stable_id("card-background", project["id"]),
            "name": "Silver",
            "type": "Silver",
            "card_background_url": "silver",
            "card_text_color": "#000000",
            "created_at": created,
            "updated_at": created,
        },
        "card_design_url": "default",
        "status": "Enabled",
        "version": 1,
        "created_at": created,
        "updated_at": created,
    }


@settings.field("cardDesignUrl")
@design.field("cardDesignUrl")
def resolve_design_art(row: dict[str, Any], info: ResolveInfo) -> str:
    # Rows hold the art's name; the URL is on the caller's public URL.
    return card_art_url(info, str(row["card_design_url"]))


@settings_background.field("cardBackgroundUrl")
@background.field("cardBackgroundUrl")
def resolve_background_art(row: dict[str, Any], info: ResolveInfo) -> str:
    return card_art_url(info, str(row["card_background_url"]))


def _default_limit() -> dict[str, Any]:
    return {
        "type": "Partner",
        "amount": amount(DEFAULT_SPENDING_LIMIT["value"]),
        "period": DEFAULT_SPENDING_LIMIT["period"],
    }


def card_product(project: dict[str, Any]) -> dict[str, Any]:
    """The project's one card product (see the module's docstring)."""
    return {
        "id": card_product_id(project["id"]),
        "project_id": project["id"],
        "name": "Standard debit card",
        "status": PRODUCT["status"],
        "default_card_product": True,
        "applicable_to_physical_cards": PRODUCT["applicable_to_physical_cards"],
        "funding_type": PRODUCT["funding_type"],
        "card_package": CARD_PACKAGE,
        "card_printing_hub": "France",
        "card_designs": [card_design(project)],
        "company_spending_limit": _default_limit(),
        "individual_spending_limit": _default_limit(),
        "insurance": {
            "available_insurance_packages": [insurance_package(project["id"])],
            "default_insurance_package": insurance_package(project["id"]),
        },
        "created_at": project["created_at"],
        "updated_at": project["created_at"],
    }


def basic_card_product(project: dict[str, Any]) -> dict[str, Any]:
    """The project's uninsured product: the same card, no insurance package."""
    return {
        **card_product(project),
        "id": basic_card_product_id(project["id"]),
        "name": "Basic debit card",
        "default_card_product": False,
        "insurance": {"available_insurance_packages": [], "default_insurance_package": None},
    }


def _project(info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    return projects.get_project(env, principal.project_id)


@card.field("cardProduct")
def resolve_card_product(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    project = _project(info)
    if is_insured(project["id"], row.get("card_product_id")):
        return card_product(project)
    return basic_card_product(project)


@card.field("cardPackage")
def resolve_card_package(_: dict[str, Any], __: ResolveInfo) -> str:
    return CARD_PACKAGE


@card.field("cardContractExpiryDate")
def resolve_contract_expiry(row: dict[str, Any], __: ResolveInfo) -> str | None:
    # None: the contract runs until the card is canceled.
    return row.get("card_contract_expiry_date")


@card.field("insuranceSubscription")
def resolve_insurance(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    if row["type"] != "VirtualAndPhysical" or row["status"] not in ("Enabled", "Canceled"):
        return None
    if not is_insured(row["project_id"], row.get("card_product_id")):
        return None
    status = "Enabled" if row["status"] == "Enabled" else "Canceled"
    since = row["updated_at"] if status == "Canceled" else row["created_at"]
    return {
        "id": _stable_id("insurance-subscription", row["id"]),
        "package": insurance_package(row["project_id"]),
        "claims_url": f"https://insurance.invalid/claims/{row['id']}",
        "status_info": {
            "__typename": f"CardInsuranceSubscription{status}StatusInfo",
            "status": status,
            "enabled_at": since,
            "canceled_at": since,
        },
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }


@product.field("cardPrintingAvailableShippingProviders")
def resolve_shipping_providers(
    _: dict[str, Any], __: ResolveInfo, shipping_address_country: str
) -> list[str]:
    # Cards are printed in France: La Poste delivers in France, DHL everywhere else.
    return shipping_providers(shipping_address_country)


_CALENDAR_MODES = {
    "Daily": "SpendingLimitCalendarDayMode",
    "Weekly": "SpendingLimitCalendarWeekMode",
    "Monthly": "SpendingLimitCalendarMonthMode",
}


@spending_limit.field("mode")
def resolve_mode(limit: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    period = str(limit.get("period"))
    mode = mode_of(limit.get("mode"), period)
    if mode is None:
        return None
    if mode["kind"] == "Rolling":
        return {"__typename": "SpendingLimitRollingMode", "rolling_value": mode["rolling_value"]}
    return {"__typename": _CALENDAR_MODES[period], **mode}


def period_range(
    now: datetime, period: str, mode: str | None = None
) -> tuple[datetime, datetime] | None:
    """The current period of a spending limit (`spending_modes.period_bounds`)."""
    return period_bounds(now, period, mode)


@spending.field("timeRange")
def resolve_time_range(spent: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    now = parse_timestamp(env.now())
    bounds = period_range(now, str(spent.get("period")), spent.get("mode"))
    if bounds is None:
        return None
    return {"start": format_timestamp(bounds[0]), "end": format_timestamp(bounds[1])}


@project_info.field("cardProducts")
def resolve_card_products(_: dict[str, Any], info: ResolveInfo) -> list[dict[str, Any]]:
    project = _project(info)
    return [card_product(project), basic_card_product(project)]


@project_info.field("activeCardSettings")
def resolve_active_card_settings(_: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    # The older name of the default product's design; wallets are open to every card.
    return {**card_design(_project(info)), "allows_apple_pay": True}


__all__ = ["CARD_PACKAGE", "bindables", "card_design", "card_product", "period_range"]

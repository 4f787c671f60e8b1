"""Cards: queries, the card mutations and the physical card mutations."""

from __future__ import annotations

import json
from typing import Any

from ariadne import ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.cards import cards as domain
from ....domain.cards.card_details import spent_within_limit_period
from ....domain.kernel.pagination import Connection
from ....graphql_compat import ResolveInfo
from ....storage.rows import CardRow
from ...connections import connection
from .._helpers import amount, caller, consent_row, item_resolver, row_resolver
from ..accounts.accounts import transactions_connection
from .card_products import card_art_url

query = QueryType()

card = ObjectType("Card")
physical_card = ObjectType("PhysicalCard")
#: `AccountMembership.cards`: this module's card lists, scoped to one membership.
membership_cards = ObjectType("AccountMembership")
bindables: list[SchemaBindable] = [query, card, physical_card, membership_cards]

#: What offline (chip, no network) payments of a physical card may spend.
OFFLINE_SPENDING_LIMIT = "150.00"


query.set_field("card", item_resolver(domain.get_card))
card.set_field("accountMembership", row_resolver("account_memberships", "account_membership_id"))


def _switch(name: str) -> Any:
    def resolve(row: dict[str, Any], _: ResolveInfo) -> bool:
        return bool(row.get(name))

    return resolve


card.set_field("withdrawal", _switch("withdrawal"))
card.set_field("international", _switch("international"))
card.set_field("nonMainCurrencyTransactions", _switch("non_main_currency_transactions"))
card.set_field("eCommerce", _switch("e_commerce"))


#: The columns each `CardOrderByFieldInput` sorts by (then by id, to break ties).
_ORDER_COLUMNS = {"createdAt": "created_at", "updatedAt": "updated_at", "id": "id"}


@query.field("cards")
def resolve_cards(
    _: Any,
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    column = _ORDER_COLUMNS[(order_by or {}).get("field") or "createdAt"]
    descending = (order_by or {}).get("direction") == "Desc"
    order = (column, "id" if column != "id" else "created_at")
    if before is None:
        page = domain.list_cards(
            env,
            principal,
            first=first,
            after=after,
            filters=filters,
            order=order,
            descending=descending,
        )
        return connection(page)
    # The page just before a cursor: the same keyset walked the other way, turned around.
    reverse = domain.list_cards(
        env,
        principal,
        first=first,
        after=before,
        filters=filters,
        order=order,
        descending=not descending,
    )
    page = Connection(
        edges=list(reversed(reverse.edges)),
        total_count=reverse.total_count,
        has_next_page=True,
        has_previous_page=reverse.has_next_page,
    )
    return connection(page)


@card.field("cardMaskedNumber")
def resolve_masked_number(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row.get("masked_number") or "")


@card.field("mainCurrency")
def resolve_main_currency(row: dict[str, Any], _: ResolveInfo) -> str:
    return "EUR"


@card.field("issuingCountry")
def resolve_issuing_country(row: dict[str, Any], _: ResolveInfo) -> str:
    return "FRA"


@card.field("cardDesignUrl")
def resolve_design_url(row: dict[str, Any], info: ResolveInfo) -> str:
    return card_art_url(info, "default")


@card.field("spendingLimits")
def resolve_spending_limits(row: dict[str, Any], _: ResolveInfo) -> list[dict[str, Any]]:
    return [
        {
            "type": "Partner",
            "amount": amount(row["spending_limit_value"], row["spending_limit_currency"]),
            "period": row["spending_limit_period"],
            "mode": row.get("spending_limit_mode"),
        }
    ]


@card.field("spending")
def resolve_spending(row: CardRow, info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    spent = spent_within_limit_period(env, env.store.db, row)
    return {
        "amount": amount(spent),
        "period": row["spending_limit_period"],
        "mode": row.get("spending_limit_mode"),
    }


@card.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = row["status"]
    return {
        "__typename": f"Card{status}StatusInfo",
        "status": status,
        "consent": consent_row(env, row.get("consent_id")),
        "reason": row.get("status_reason") or status,
    }


@card.field("physicalCard")
def resolve_physical_card(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    return row if row.get("physical_status") else None


@card.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return transactions_connection(info, {"card_id": row["id"]}, first, after, filters, order_by)


def _options(stored: str | None) -> dict[str, Any]:
    options = json.loads(stored or "{}")
    return {
        "additional_printed_line": options.get("additional_printed_line"),
        "custom_card_holder_name": options.get("custom_card_holder_name"),
        "chosen_shipping_provider": options.get("shipping_provider"),
    }


def _basic(earlier: dict[str, Any]) -> dict[str, Any]:
    return {
        "identifier": earlier.get("identifier"),
        "card_masked_number": earlier.get("masked_number") or "",
        "expiry_date": earlier.get("expiry_date"),
        "is_expired": True,
        "offline_spending_limit": amount(OFFLINE_SPENDING_LIMIT),
        "custom_options": _options(earlier.get("custom_options")),
    }


physical_card.set_field("identifier", lambda row, _: row.get("physical_identifier"))
physical_card.set_field("expiryDate", lambda row, _: row.get("physical_expiry_date"))
physical_card.set_field(
    "cardMaskedNumber",
    lambda row, _: row.get("physical_masked_number") or row.get("masked_number") or "",
)
physical_card.set_field("offlineSpendingLimit", lambda row, _: amount(OFFLINE_SPENDING_LIMIT))
physical_card.set_field(
    "customOptions", lambda row, _: _options(row.get("physical_custom_options"))
)
physical_card.set_field(
    "previousPhysicalCards",
    lambda row, _: [_basic(one) for one in json.loads(row.get("physical_previous") or "[]")],
)


@physical_card.field("statusInfo")
def resolve_physical_status(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = row["physical_status"]
    address = json.loads(row.get("physical_address") or "{}")
    return {
        "__typename": f"PhysicalCard{status}StatusInfo",
        "status": status,
        # A card printed from its order (`addCards` with `printPhysicalCard`) waits for the
        # order's own consent: it has no consent of its own to print.
        "consent": consent_row(env, row.get("physical_consent_id") or row.get("consent_id")),
        "reason": row.get("physical_status_reason") or status,
        "address": address,
        "is_pin_ready": bool(row.get("physical_pin_ready")),
        "shipping_provider": json.loads(row.get("physical_custom_options") or "{}").get(
            "shipping_provider"
        ),
        "tracking_number": row.get("physical_tracking_number"),
        "estimated_delivery_date": row.get("physical_estimated_delivery"),
        "new_physical_card": _basic(
            {
                "identifier": row.get("physical_identifier"),
                "masked_number": row.get("physical_masked_number"),
                "expiry_date": row.get("physical_expiry_date"),
                "custom_options": row.get("physical_custom_options"),
            }
        )
        | {"is_expired": False},
    }


@membership_cards.field("cards")
def resolve_membership_cards(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """`Query.cards` (its orders, pages both ways) narrowed to the membership's cards."""
    scoped = {**(filters or {}), "account_membership_id": row["id"]}
    page: dict[str, Any] = resolve_cards(row, info, first, after, before, scoped, order_by)
    return page

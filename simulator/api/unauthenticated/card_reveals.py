"""`cardInfos` and `cardPINInfos`: the bank's own card pages, by a consent's id alone
(`domain.cards.card_reveals`). An unknown id is an error NOT_FOUND (the real fields are
no unions); a PIN consent too old to use, an error FORBIDDEN."""

from __future__ import annotations

from typing import Any, Final

from ariadne import QueryType
from ariadne.types import SchemaBindable
from graphql import GraphQLError

from ...domain.cards import card_reveals
from ...exceptions import NotFound
from ...graphql_compat import ResolveInfo
from ..context import RequestContext
from ..partner.cards.card_products import card_art_url

__all__ = ["bindables"]

query = QueryType()
bindables: list[SchemaBindable] = [query]

_DESIGN: Final = {
    "card_background_type": "Black",
    "card_text_color": "#FFFFFF",
}
#: Where the (unserved) pages showing one card's numbers live.
_PAGES: Final = "https://card-numbers.invalid"
_PIN_PROVIDER: Final = "https://card-pin.invalid/display"


def _masked_expiry(expiry: str | None) -> str:
    # A card's expiry is kept as MM/YY: its masked form hides the month.
    return "**/" + expiry[-2:] if expiry else "**/**"


@query.field("cardInfos")
def resolve_card_infos(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    context: RequestContext = info.context
    found = card_reveals.card_numbers(context.environment, input.get("token"))
    if found is None:
        raise NotFound("No card behind this token: an Accepted ViewCardNumbers consent's id.")
    card, name = found.card, found.holder_name
    if found.fresh:
        base = f"{_PAGES}/{card['id']}"
        numbers = {
            "__typename": "CardInfo",
            "card_holder_name": name,
            "pan_iframe_url": f"{base}/pan?consent={found.consent_id}",
            "cvv_iframe_url": f"{base}/cvv?consent={found.consent_id}",
            "expiry_date_iframe_url": f"{base}/expiry-date?consent={found.consent_id}",
        }
    else:
        numbers = {
            "__typename": "MaskedCardInfo",
            "card_holder_name": name,
            "masked_pan": card["masked_number"] or "",
            "masked_cvv": "***",
            "masked_expiry_date": _masked_expiry(card["expiry_date"]),
        }
    design_url = card_art_url(info, "black")
    return {**_DESIGN, "card_design_url": design_url, "card_infos": numbers}


@query.field("cardPINInfos")
def resolve_card_pin_infos(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    context: RequestContext = info.context
    found = card_reveals.card_pin(
        context.environment, input.get("card_id"), input.get("request_id")
    )
    if found is None:
        raise NotFound("No Accepted ViewPhysicalCardPin consent with this id for this card.")
    if not found.fresh:
        raise GraphQLError(
            "The consent to show the PIN was accepted more than 5 minutes ago: ask another.",
            extensions={"code": "FORBIDDEN"},
        )
    return {
        "url_to_call": _PIN_PROVIDER,
        "request_ref": found.request_ref,
        "consumer_id": "sandbox",
        "costumer_ref": found.card["id"],
        "control_value": found.control_value,
        "time": found.time,
        "mac": found.mac,
    }

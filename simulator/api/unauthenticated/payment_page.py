"""A merchant's payment page without a token: the customer adds a card or signs a SEPA
direct debit mandate on a payment link, and pays it (`domain.merchants.public_payments`).

Each mutation names the link; the link's project is the only one it reads or changes.
docs/merchants.md ("The payment page") walks through it.
"""

from __future__ import annotations

from typing import Any

from ariadne import MutationType
from ariadne.types import SchemaBindable

from ...domain.merchants import public_payments
from ...graphql_compat import ResolveInfo
from ..context import RequestContext
from ..mutations import returns_rejections
from ..partner.merchants.merchant_payment_links import link_url

__all__ = ["bindables"]

mutation = MutationType()
bindables: list[SchemaBindable] = [mutation]


def _env(info: ResolveInfo) -> Any:
    context: RequestContext = info.context
    return context.environment


@mutation.field("unauthenticatedAddCardPaymentMandate")
@returns_rejections
def resolve_add_card(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    row = public_payments.add_card_mandate(_env(info), input)
    return {"__typename": "AddCardPaymentMandateSuccessPayload", "payment_mandate": row}


@mutation.field("addSepaDirectDebitPaymentMandateFromPaymentLink")
@returns_rejections
def resolve_add_sepa(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    row = public_payments.add_sepa_mandate(_env(info), input)
    return {
        "__typename": "AddSepaDirectDebitPaymentMandateFromPaymentLinkSuccessPayload",
        "payment_mandate": row,
    }


@mutation.field("unauthenticatedInitiateMerchantCardPaymentFromPaymentLink")
@returns_rejections
def resolve_pay_by_card(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    paid = public_payments.pay_by_card(_env(info), input)
    return {
        "__typename": "UnauthenticatedInitiateMerchantCardPaymentFromPaymentLinkSuccessPayload",
        "payment_id": paid.transaction["id"],
        # Where the merchant asked the customer be sent, else back to the link's page.
        "redirect_url": paid.redirect_url or link_url(paid.link, info.context.base_url),
    }


@mutation.field("unauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLink")
@returns_rejections
def resolve_pay_by_direct_debit(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    payment = public_payments.pay_by_direct_debit(_env(info), input)
    return {
        "__typename": (
            "UnauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLinkSuccessPayload"
        ),
        # The collection as a `Payment`: the merchant payment's id, Initiated (the partner
        # API's Payment resolvers read `status` and `consent_id`).
        "merchant_payment_collection": {
            "id": payment["id"],
            "status": "Initiated",
            "consent_id": None,
            "created_at": payment["created_at"],
            "updated_at": payment["updated_at"],
        },
    }

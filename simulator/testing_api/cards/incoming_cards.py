"""Testing API resolvers of incoming card payments: a customer pays a merchant's payment link
by card (`domain/merchants/incoming_card_payments.py`). The deprecated
`simulateIncomingCard*` roots run the same code as the `simulateIncomingOnlineCard*` ones.

`simulateIncomingInPersonCardAuthorization` pays an in-person payment intent
(`createInPersonPaymentIntent`) named by its secret, and `simulateIncomingInPersonCardSettlement`
settles the Authorized payments it made (`domain/merchants/in_person_payments.py`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ariadne import ObjectType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.merchants import in_person_payments, incoming_card_payments
from ...graphql_compat import ResolveInfo

mutation = ObjectType("Mutation")
bindables = [mutation]

Resolver = Callable[..., Mapping[str, Any]]


def _authorization(kind: str) -> Resolver:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        ctx: RequestContext = info.context
        payment = incoming_card_payments.authorize_online_card_payment(
            ctx.environment,
            ctx.principal.project_id,
            input["payment_link_id"],
            authorization=input["authorization"],
            card_details=input["card_details"],
            three_ds=input["three_ds"],
            auto_capture=input.get("auto_capture"),
        )
        return {
            "__typename": f"SimulateIncoming{kind}AuthorizationSuccessPayload",
            "payment_id": payment.payment_id,
            "card_mandate_id": payment.card_mandate_id,
            "payment_link_id": payment.payment_link_id,
        }

    return resolve


def _booking(kind: str) -> Resolver:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        ctx: RequestContext = info.context
        credit = incoming_card_payments.book_online_card_payment(
            ctx.environment, ctx.principal.project_id, input["transaction_id"]
        )
        return {
            "__typename": f"SimulateIncoming{kind}BookingSuccessPayload",
            "transaction_id": credit["id"],
        }

    return resolve


for _kind in ("Card", "OnlineCard"):
    mutation.set_field(f"simulateIncoming{_kind}Authorization", _authorization(_kind))
    mutation.set_field(f"simulateIncoming{_kind}Booking", _booking(_kind))


@mutation.field("simulateIncomingInPersonCardAuthorization")
@returns_rejections
def resolve_in_person_authorization(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    intent_id = in_person_payments.authorize_in_person(
        ctx.environment,
        ctx.principal.project_id,
        str(input.get("payment_intent_secret") or ""),
        input.get("authorization") or {},
        input.get("card_details") or {},
    )
    return {
        "__typename": "SimulateIncomingInPersonCardAuthorizationSuccessPayload",
        "payment_intent_id": intent_id,
    }


@mutation.field("simulateIncomingInPersonCardSettlement")
@returns_rejections
def resolve_in_person_settlement(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    ids = [str(payment_id) for payment_id in input.get("merchant_payment_ids") or []]
    payments = in_person_payments.settle_in_person(ctx.environment, ctx.principal.project_id, ids)
    return {
        "__typename": "SimulateIncomingInPersonCardSettlementSuccessPayload",
        "merchant_payments": [dict(payment) for payment in payments],
    }

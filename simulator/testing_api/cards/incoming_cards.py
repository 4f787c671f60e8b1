"""Testing API resolvers of incoming card payments: a customer pays a merchant's payment link
by card (`domain/merchants/incoming_card_payments.py`). The deprecated
`simulateIncomingCard*` roots run the same code as the `simulateIncomingOnlineCard*` ones.

`simulateIncomingInPersonCardAuthorization` answers `UnsupportedTestScenario`: the simulator
makes no in-person payment intents (`createInPersonPaymentIntent`) for a card to pay, so
`simulateIncomingInPersonCardSettlement` finds no in-person merchant payment to settle."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ariadne import ObjectType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.kernel.rejections import rejection, validation, validation_error
from ...domain.merchants import incoming_card_payments
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


#: Why an in-person card authorization cannot be played (no payment intent exists here).
NO_PAYMENT_INTENTS = (
    "The simulator makes no in-person payment intents yet (createInPersonPaymentIntent is not "
    "implemented), so there is none to authorize."
)


@mutation.field("simulateIncomingInPersonCardAuthorization")
def resolve_in_person_authorization(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    if not str(input.get("payment_intent_secret") or "").strip():
        message = "The payment intent's secret is required."
        path: list[str | int] = ["input", "paymentIntentSecret"]
        return validation([validation_error("Missing", message, path)])
    return {"__typename": "UnsupportedTestScenario", "message": NO_PAYMENT_INTENTS}


@mutation.field("simulateIncomingInPersonCardSettlement")
def resolve_in_person_settlement(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ids = [str(payment_id) for payment_id in input.get("merchant_payment_ids") or []]
    if not ids:
        message = "Name at least one merchant payment."
        path: list[str | int] = ["input", "merchantPaymentIds"]
        return validation([validation_error("Missing", message, path)])
    # No in-person card merchant payment exists here (no payment intent to pay), so no id
    # names one, whichever project asks.
    return rejection(
        "NotFoundRejection",
        f"Merchant payment {ids[0]} is no in-person card payment: the simulator makes none yet.",
        id=ids[0],
    )

"""Merchant payments by check and at a terminal, and collections under a mandate:
`initiateCheckMerchantPayment`, `createInPersonPaymentIntent`,
`requestTerminalConnectionToken`, `initiateMerchantPaymentCollection`
(docs/merchants.md)."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType
from ariadne.types import SchemaBindable

from ....domain.merchants import in_person_payments, merchant_checks, merchant_collections
from ....graphql_compat import ResolveInfo
from ...mutations import returns_rejections
from .._helpers import caller
from .merchant_payments import typed

__all__ = ["bindables"]

mutation = MutationType()
fnci = ObjectType("FnciInfo")
bindables: list[SchemaBindable] = [mutation, fnci]

# Named explicitly: the snake_case conversion would look the digits up as `cpt_1`, ...
for _counter in ("cpt1", "cpt2", "cpt3"):
    fnci.set_field(_counter, lambda row, _, name=_counter: row[name])


@mutation.field("initiateCheckMerchantPayment")
@returns_rejections
def resolve_check(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    payment, fnci = merchant_checks.initiate_check_payment(env, principal, input)
    return {
        "__typename": "InitiateCheckMerchantPaymentSuccessPayload",
        "fnci_info": fnci,
        "check_merchant_payment": typed(payment),
    }


@mutation.field("createInPersonPaymentIntent")
@returns_rejections
def resolve_intent(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    _intent, secret = in_person_payments.create_payment_intent(env, principal, input)
    return {
        "__typename": "CreateInPersonPaymentIntentSuccessPayload",
        "payment_intent": {"secret": secret},
    }


@mutation.field("requestTerminalConnectionToken")
@returns_rejections
def resolve_token(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    token = in_person_payments.request_connection_token(
        env, principal, str(input.get("merchant_profile_id") or "")
    )
    return {"__typename": "RequestTerminalConnectionTokenSuccessPayload", "connection_token": token}


@mutation.field("initiateMerchantPaymentCollection")
@returns_rejections
def resolve_collection(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    payment = merchant_collections.initiate_collection(env, principal, input)
    return {
        "__typename": "InitiateMerchantPaymentCollectionSuccessPayload",
        "merchant_payment_collection": payment,
    }

"""The fields a stranger reads from a payment link's merchant without learning its business.

The real unauthenticated API's `MerchantProfile` and payment methods carry every field of
the partner API's (its account, its other links and payments, its pending changes, its
declared figures, its rolling reserve). A payment page needs none of them, and whoever holds
a link's id is nobody the merchant vouched for: each such field is served with a fixed
value that names nothing of the merchant (null, empty, zero, the lowest bracket), whatever
the state, and its description says so. docs/merchants.md ("The payment page") lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from graphql import GraphQLInterfaceType, GraphQLObjectType, GraphQLSchema

__all__ = ["MASKED", "mask"]

_ZERO_EUR = {"value": "0", "currency": "EUR"}
_FIGURES = "the merchant's declared figures are for its partner and the bank, not its customers"
_PENDING = "the merchant's pending changes are its partner's business"
_RESERVE = "the reserve the bank holds back is agreed with the merchant, not shown to customers"

#: type -> field -> (the value served, why).
MASKED: Mapping[str, Mapping[str, tuple[Any, str]]] = {
    "MerchantProfile": {
        "accountId": ("", "the merchant's account is not a customer's to know"),
        "additionalInformation": ([], "what the merchant told the bank is not published"),
        "expectedAverageBasket": (_ZERO_EUR, _FIGURES),
        "expectedMonthlyPaymentVolume": (_ZERO_EUR, _FIGURES),
        "expectedMonthlyMerchantProcessingVolume": ("LessThan5000", _FIGURES),
        "invoiceExampleUrl": (None, "no example invoice is kept or shown"),
        "merchantPaymentLinks": (None, "the merchant's other links are not a customer's to read"),
        "merchantPayments": (None, "the merchant's payments are not a customer's to read"),
        "requestMerchantProfileUpdate": (None, _PENDING),
        "requestedMerchantProfileUpdates": (None, _PENDING),
    },
    **{
        name: {"rollingReserve": (None, _RESERVE)}
        for name in (
            "MerchantPaymentMethod",
            "CardMerchantPaymentMethod",
            "CheckMerchantPaymentMethod",
            "InPersonCardMerchantPaymentMethod",
            "InternalDirectDebitB2BMerchantPaymentMethod",
            "InternalDirectDebitStandardMerchantPaymentMethod",
            "OnlineCardMerchantPaymentMethod",
        )
    },
    **{
        name: {"rollingReserve": (None, _RESERVE), "updateRequest": (None, _PENDING)}
        for name in (
            "SepaDirectDebitB2BMerchantPaymentMethod",
            "SepaDirectDebitCoreMerchantPaymentMethod",
        )
    },
}


def _constant(value: Any) -> Any:
    def resolve(*_: Any, **__: Any) -> Any:
        # A fresh copy each time: a list or dict served is never shared between answers.
        return value.copy() if isinstance(value, dict | list) else value

    return resolve


def mask(schema: GraphQLSchema) -> None:
    """Serve every `MASKED` field of `schema` with its fixed value, its description saying
    why (in place: `schema` is the unauthenticated API's own copy)."""
    for type_name, fields in MASKED.items():
        graphql_type = schema.type_map.get(type_name)
        if graphql_type is None:
            continue
        assert isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType)
        for name, (value, why) in fields.items():
            field = graphql_type.fields[name]
            field.resolve = _constant(value)
            field.description = f"Always {_shown(value)} here, whatever the merchant's: {why}."


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if value in ([], ""):
        return "empty"
    if value == _ZERO_EUR:
        return "0 EUR"
    return repr(value).replace("'", "")

"""Testing API: merchant payments as its payloads show them (the in-person card settlement's
`merchantPayments`), resolved as in the partner API but for the fields the Testing API does
not serve (mandates, transactions)."""

from __future__ import annotations

from ariadne import InterfaceType, ObjectType
from ariadne.types import SchemaBindable

from ...api.partner.merchants import merchant_payment_links as links
from ...api.partner.merchants import merchant_payments as partner
from ...domain.merchants.merchant_payment_records import KINDS

__all__ = ["bindables"]

payment_types = {kind: ObjectType(f"{kind}MerchantPayment") for kind in KINDS}
payment_interface = InterfaceType(
    "MerchantPayment", lambda obj, *_: partner.typed(obj)["__typename"]
)
#: `ThreeDS`, `MerchantPaymentLink` and a profile's payments and links resolve as in the
#: partner API.
bindables: list[SchemaBindable] = [
    *payment_types.values(),
    payment_interface,
    partner.three_ds,
    partner.profile,
    links.link,
    links.profile,
]

for _type in payment_types.values():
    for _name, _resolver in (
        ("amount", partner.resolve_amount),
        ("billingAddress", partner.resolve_billing_address),
        ("refundedAt", partner.resolve_refunded_at),
        ("merchantProfile", partner.resolve_profile),
        ("paymentMethod", partner.resolve_method),
        ("statusInfo", partner.resolve_status),
        ("balance", partner.resolve_balance),
        ("paymentLink", partner.resolve_link),
    ):
        _type.set_field(_name, _resolver)
for _kind in ("Card", "OnlineCard"):
    payment_types[_kind].set_field("threeDs", partner.resolve_three_ds)

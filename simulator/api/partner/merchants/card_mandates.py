"""The card a customer paid a merchant with, as its mandate (`CardPaymentMandate`): the
simulator keeps it on the card merchant payment (`card`, `card_mandate_id`), so the mandate
is built from that payment. The Testing API gives a card's scheme, category, type and
country only: its BIN and last digits are the simulator's stand-ins (docs/merchants.md)."""

from __future__ import annotations

import json
from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable

from ....graphql_compat import ResolveInfo
from ....storage import Database, get_row
from .._helpers import caller
from ..accounts.accounts import transactions_connection

__all__ = ["bindables", "card_mandate"]

mandate = ObjectType("CardPaymentMandate")
bindables: list[SchemaBindable] = [mandate]

#: A BIN of each scheme (test ranges), the simulator's stand-in for the card's own.
_BINS = {"Visa": "497010", "Mastercard": "513100", "CartesBancaires": "497010"}
#: `CardPaymentMandateType` for the Testing API's card types.
_TYPES = {"DeferredDebit": "Deferred"}


def card_mandate(db: Database, payment: dict[str, Any]) -> dict[str, Any]:
    """The mandate of a card merchant payment's card."""
    card = json.loads(payment.get("card") or "{}")
    scheme = card.get("scheme") or "Other"
    if scheme not in ("AmericanExpress", "CartesBancaires", "Mastercard", "Visa"):
        scheme = "Other"
    kind = _TYPES.get(card.get("type") or "", card.get("type"))
    digits = "".join(char for char in str(payment["card_mandate_id"]) if char.isdigit())
    account = get_row(db, "accounts", payment["account_id"])
    return {
        "__typename": "CardPaymentMandate",
        "id": payment["card_mandate_id"],
        "payment": payment,
        "account_holder_id": account["holder_id"],
        "card": {
            "bin": _BINS.get(scheme, "400000"),
            "last_digits": (digits[-4:] or "0000").rjust(4, "0"),
            "scheme": scheme,
            "local_scheme": "CartesBancaires" if scheme == "CartesBancaires" else None,
            "category": card.get("category"),
            "type": kind,
            "card_type": kind,
            # The Testing API gives an alpha-3 country; the field wants alpha-2.
            "country": None,
            "expiry_date": None,
        },
        "name": None,
        "created_at": payment["created_at"],
        "updated_at": payment["updated_at"],
        "executed_at": payment["created_at"],
        "expired_at": None,
        "status_info": {"__typename": "PaymentMandateEnabledStatusInfo", "status": "Enabled"},
    }


@mandate.field("accountHolder")
def resolve_holder(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return dict(get_row(env.store.db, "account_holders", row["account_holder_id"]))


@mandate.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    # The card paid one merchant payment: the mandate's transactions are that payment's.
    scope = {"merchant_payment_id": row["payment"]["id"]}
    return transactions_connection(info, scope, first, after, filters, order_by)

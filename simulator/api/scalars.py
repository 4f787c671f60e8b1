"""Custom scalars: DateTime, Date, AmountValue, Currency."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ariadne import ScalarType

__all__ = ["scalars"]

date_time = ScalarType("DateTime")
date = ScalarType("Date")
amount_value = ScalarType("AmountValue")
currency = ScalarType("Currency")


@date_time.serializer
def serialize_date_time(value: Any) -> str:
    # Stored already in the API's text form (see clock.format_timestamp).
    return str(value)


@date.serializer
def serialize_date(value: Any) -> str:
    return str(value)


@amount_value.serializer
def serialize_amount(value: Any) -> str:
    return f"{Decimal(value):.2f}"


@amount_value.value_parser
def parse_amount(value: Any) -> Any:
    """Amounts arrive as strings. Their content (sign, decimals, a number sent instead of a
    string) is the domain's to judge: a mutation answers a typed ValidationRejection, never
    a generic error, so nothing is refused here."""
    if isinstance(value, dict | list | bool):
        raise ValueError('An AmountValue is a decimal string such as "12.50".')
    return value


@currency.value_parser
def parse_currency(value: Any) -> str:
    if not isinstance(value, str) or len(value) != 3 or not value.isalpha():
        raise ValueError("A Currency is a three-letter ISO 4217 code such as EUR.")
    return value.upper()


scalars = [date_time, date, amount_value, currency]

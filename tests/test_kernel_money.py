"""parse_amount: any input is an amount or an AmountError with a code, never a crash."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simulator.domain.kernel.money import MAX_AMOUNT, AmountError, parse_amount

CODES = {"InvalidFormat", "OutOfRange", "TooManyDecimals"}


@given(st.one_of(st.text(), st.text(alphabet="0123456789.-", max_size=60), st.integers()))
def test_any_input_is_an_amount_or_a_coded_error(value: object) -> None:
    try:
        amount = parse_amount(value)
    except AmountError as error:
        assert error.code in CODES
    else:
        assert Decimal("0.01") <= amount <= MAX_AMOUNT
        assert amount == amount.quantize(Decimal("0.01"))


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("1" * 40, "OutOfRange"),
        ("9" * 27 + ".999", "OutOfRange"),
        ("-" + "1" * 40, "OutOfRange"),
        ("1." + "0" * 60 + "1", "TooManyDecimals"),
        ("\u0661\u0662", "InvalidFormat"),
        ("\uff11\uff12", "InvalidFormat"),
    ],
)
def test_long_and_foreign_digit_amounts_are_refused(value: str, code: str) -> None:
    with pytest.raises(AmountError) as raised:
        parse_amount(value)
    assert raised.value.code == code


def test_trailing_zeros_beyond_cents_are_fine() -> None:
    assert parse_amount("1." + "0" * 60) == Decimal("1.00")

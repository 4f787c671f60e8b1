"""Money: `Decimal` everywhere, stored and carried as text with two decimals.

```python
parse_amount("12.5")     # Decimal('12.50')
amount_text(Decimal(3))  # '3.00'
```
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

from ...exceptions import SimulatorError

__all__ = [
    "CURRENCY",
    "MAX_AMOUNT",
    "ZERO",
    "AmountError",
    "amount_text",
    "parse_amount",
    "to_decimal",
]

#: The simulated bank keeps EUR accounts only.
CURRENCY = "EUR"
ZERO = Decimal("0.00")
#: The largest amount one operation may move (a sanity bound, not a banking rule).
MAX_AMOUNT = Decimal("1000000000.00")
_CENT = Decimal("0.01")
# ASCII digits only: `\d` would also take other scripts' digits ("١٢"), which Decimal reads.
_PLAIN = re.compile(r"^[0-9]+(\.[0-9]+)?$")


class AmountError(SimulatorError, ValueError):
    """An amount a request cannot use; `code` is the ValidationError code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_amount(value: object, *, allow_zero: bool = False) -> Decimal:
    """A positive amount written as a decimal string with at most two decimals.

    Raises `AmountError` with a code: `InvalidFormat` (not a decimal string: `"12,50"`,
    `"1e3"`, a JSON number), `OutOfRange` (negative, zero, too large), `TooManyDecimals`.
    """
    if not isinstance(value, str):
        raise AmountError(
            "InvalidFormat", 'An amount is a decimal string such as "12.50", never a number.'
        )
    text = value.strip()
    if text.startswith("-") and _PLAIN.match(text[1:]):
        raise AmountError("OutOfRange", f"The amount must be positive, got {value!r}.")
    if not _PLAIN.match(text):
        raise AmountError(
            "InvalidFormat", f'Not a decimal amount: {value!r} (write it like "12.50").'
        )
    amount = Decimal(text)
    # The bound comes first: quantizing a number of more than 28 digits raises
    # InvalidOperation (the context's precision), and no amount that long is valid anyway.
    if amount > MAX_AMOUNT:
        raise AmountError("OutOfRange", f"The amount must be at most {MAX_AMOUNT}, got {value!r}.")
    if amount != amount.quantize(_CENT, rounding=ROUND_HALF_EVEN):
        raise AmountError("TooManyDecimals", f"At most two decimals are allowed, got {value!r}.")
    if amount < 0 or (amount == 0 and not allow_zero):
        raise AmountError("OutOfRange", f"The amount must be positive, got {value!r}.")
    return amount.quantize(_CENT)


def to_decimal(text: str | Decimal | None) -> Decimal:
    """A stored amount (text) as a Decimal; None is zero."""
    if text is None:
        return ZERO
    try:
        return Decimal(text).quantize(_CENT)
    except InvalidOperation:
        raise ValueError(f"Corrupt stored amount {text!r}") from None


def amount_text(value: Decimal) -> str:
    """The stored text of an amount: two decimals, no exponent (`"-3.00"`)."""
    return f"{value.quantize(_CENT):.2f}"

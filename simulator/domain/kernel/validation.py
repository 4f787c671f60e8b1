"""Input checks that collect every invalid field, then reject once with a ValidationRejection.

Paths are the GraphQL input paths (camelCase), so a partner sees where to look:

```python
check = Checks()
amount = check.amount("-3", ["input", "amount", "value"])   # None, error recorded
check.raise_if_any()   # Rejected(ValidationRejection{fields: [{code: "OutOfRange", ...}]})
```
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ...exceptions import ConfigurationError
from .iban import parse_iban
from .money import CURRENCY, AmountError, parse_amount
from .projects import validate_redirect_uri
from .rejections import Rejected, validation, validation_error

if TYPE_CHECKING:
    from schwifty import IBAN

__all__ = ["Checks", "Path", "check_sepa_address"]

Path = list[str | int]


class Checks:
    """Collects validation errors; `raise_if_any()` rejects with all of them at once."""

    def __init__(self) -> None:
        self.errors: list[dict[str, Any]] = []

    def fail(self, code: str, message: str, path: Path) -> None:
        self.errors.append(validation_error(code, message, path))

    def raise_if_any(self) -> None:
        if self.errors:
            raise Rejected(validation(self.errors))

    # -- field kinds ------------------------------------------------------------------------

    def amount(
        self, value: object, path: Path, *, currency: object = CURRENCY, allow_zero: bool = False
    ) -> Decimal | None:
        """A positive EUR amount (`{value, currency}` checked together)."""
        if currency != CURRENCY:
            self.fail(
                "UnsupportedCurrency",
                f"The simulated bank handles EUR only, got {currency!r}.",
                [*path[:-1], "currency"],
            )
        try:
            return parse_amount(value, allow_zero=allow_zero)
        except AmountError as error:
            self.fail(error.code, error.message, path)
            return None

    def iban(self, value: object, path: Path, *, sepa: bool = False) -> IBAN | None:
        """A well-formed IBAN with valid check digits (spaces allowed), via schwifty; with
        `sepa`, of a country of the SEPA zone (a SEPA transfer reaches no other)."""
        if not isinstance(value, str) or not value.strip():
            self.fail("Missing", "An IBAN is required.", path)
            return None
        try:
            iban = parse_iban(value)
        except ValueError as error:  # schwifty's errors are ValueErrors
            self.fail("InvalidIban", f"Invalid IBAN {value!r}: {error}", path)
            return None
        if sepa and not iban.in_sepa_zone:
            self.fail(
                "NotInSepaZone",
                f"IBAN {iban.compact} is of {iban.country_code}, outside the SEPA zone: "
                "a SEPA credit transfer cannot reach it.",
                path,
            )
            return None
        return iban

    def text(
        self,
        value: object,
        path: Path,
        *,
        required: bool = True,
        max_length: int = 140,
    ) -> str | None:
        """A string, stripped; `Missing` when required and blank, `TooLong` beyond the limit."""
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                self.fail("Missing", "This field is required.", path)
            return None
        if not isinstance(value, str):
            self.fail("InvalidFormat", "This field must be a string.", path)
            return None
        text = value.strip()
        if len(text) > max_length:
            self.fail("TooLong", f"At most {max_length} characters, got {len(text)}.", path)
            return None
        return text

    def url(self, value: object, path: Path) -> str | None:
        """An absolute http(s) URL without a fragment (a consent redirect URL)."""
        text = self.text(value, path, max_length=2048)
        if text is None:
            return None
        try:
            return validate_redirect_uri(text)
        except ConfigurationError as error:
            self.fail("InvalidUrl", str(error), path)
            return None

    def choice(self, value: object, choices: tuple[str, ...], path: Path) -> str | None:
        if value not in choices:
            self.fail("InvalidValue", f"Use one of {', '.join(choices)}; got {value!r}.", path)
            return None
        return str(value)


#: A SEPA party address's fields and their lengths (the scheme's structured address).
_SEPA_ADDRESS = {
    "address_line_1": 70,
    "address_line_2": 70,
    "city": 35,
    "postal_code": 16,
    "state": 35,
}


def check_sepa_address(checks: Checks, address: object, path: Path) -> dict[str, Any] | None:
    """An optional `AddressInput` of a SEPA party, checked (lengths, an alpha-3 country):
    the address as given, stripped, or None when left out."""
    if address is None:
        return None
    if not isinstance(address, dict):
        checks.fail("InvalidFormat", "An address is an object.", path)
        return None
    camel = {"address_line_1": "addressLine1", "address_line_2": "addressLine2"}
    result: dict[str, Any] = {}
    for key, limit in _SEPA_ADDRESS.items():
        name = camel.get(key, "postalCode" if key == "postal_code" else key)
        result[key] = checks.text(address.get(key), [*path, name], required=False, max_length=limit)
    country = str(address.get("country") or "")
    if len(country) != 3 or not country.isalpha():
        checks.fail("InvalidFormat", "A country is an ISO 3166-1 alpha-3 code.", [*path, "country"])
    result["country"] = country.upper()
    return result

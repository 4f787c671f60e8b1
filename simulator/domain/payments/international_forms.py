"""What an international credit transfer to a bank outside the SEPA zone asks for: the
exchange rates the simulator quotes, the routes (`InternationalCreditTransferRoute`) that
reach each currency, and the fields each route's beneficiary form and the transfer's
details form have.

The real service asks its currency-exchange provider for live rates and forms. The
simulator has no provider, so (*a documented, plausible constant*) it quotes from one fixed
table: `EXCHANGE_RATES`, units of the currency per euro, close to the market of late 2025.
A quote is therefore the same every run: converted amount rounded up to the cent, plus a
fee of `FEE_RATE` of it with a floor of `MINIMUM_FEE`. Field names are in English in every
`language`; no field refreshes the form (`refreshDynamicFieldsOnChange` is false, and
`remainingFieldsToRefreshCount` 0).
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from typing import Any

__all__ = [
    "EXCHANGE_RATES",
    "FEE_RATE",
    "MINIMUM_FEE",
    "details_fields",
    "quote",
    "route_fields",
    "routes_of",
]

#: Units of each currency for one euro (a fixed table: the simulator has no market feed).
EXCHANGE_RATES: dict[str, Decimal] = {
    "AED": Decimal("4.2700"),
    "AUD": Decimal("1.7800"),
    "BRL": Decimal("6.2500"),
    "CAD": Decimal("1.6200"),
    "CHF": Decimal("0.9300"),
    "CNY": Decimal("8.2500"),
    "CZK": Decimal("24.3000"),
    "DKK": Decimal("7.4600"),
    "GBP": Decimal("0.8700"),
    "HKD": Decimal("9.0500"),
    "HUF": Decimal("385.0000"),
    "INR": Decimal("103.5000"),
    "JPY": Decimal("178.0000"),
    "MXN": Decimal("21.4000"),
    "NOK": Decimal("11.7000"),
    "NZD": Decimal("2.0200"),
    "PLN": Decimal("4.2300"),
    "SEK": Decimal("10.9500"),
    "SGD": Decimal("1.5100"),
    "USD": Decimal("1.1600"),
    "ZAR": Decimal("20.1000"),
}
#: The simulator's fee: this share of the converted amount, never less than the floor.
FEE_RATE = Decimal("0.005")
MINIMUM_FEE = Decimal("2.00")
_CENT = Decimal("0.01")


def quote(target: Decimal, currency: str) -> dict[str, Decimal]:
    """What sending `target` units of `currency` costs in euros: `converted` (rounded up to
    the cent), `fees`, `source` (what the account pays: both) and the `rate` used."""
    rate = EXCHANGE_RATES[currency]
    converted = (target / rate).quantize(_CENT, rounding=ROUND_CEILING)
    fees = max(MINIMUM_FEE, (converted * FEE_RATE).quantize(_CENT, rounding=ROUND_HALF_UP))
    return {"rate": rate, "converted": converted, "fees": fees, "source": converted + fees}


def _text(
    key: str, name: str, regex: str | None = None, example: str | None = None
) -> dict[str, Any]:
    return {
        "__typename": "TextField",
        "key": key,
        "name": name,
        "required": True,
        "validation_regex": regex,
        "example": example,
        "display_format": None,
        "min_length": None,
        "max_length": None,
        "refresh_dynamic_fields_on_change": False,
    }


def _radio(key: str, name: str, values: dict[str, str]) -> dict[str, Any]:
    return {
        "__typename": "RadioField",
        "key": key,
        "name": name,
        "required": True,
        "allowed_values": [{"key": k, "name": v} for k, v in values.items()],
        "refresh_dynamic_fields_on_change": False,
    }


_ACCOUNT_TYPE = _radio(
    "accountType", "Account type", {"CHECKING": "Checking", "SAVINGS": "Savings"}
)
_SWIFT = [
    _text("swiftCode", "SWIFT / BIC code", r"^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$", "BOFAUS3N"),
    _text("accountNumber", "Account number", r"^[A-Z0-9]{4,34}$", "12345678"),
]
_IBAN = [_text("IBAN", "IBAN", r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$", "GB33BUKB20201555555555")]
_ADDRESS = [
    _text("address.country", "Country (2-letter code)", r"^[A-Z]{2}$", "US"),
    _text("address.city", "City"),
    _text("address.firstLine", "Address"),
    _text("address.postCode", "Postal code"),
]

#: The fields of each route's beneficiary form, by route.
ROUTE_FIELDS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "Aba": (
        "Local bank account (ABA)",
        [
            _text("abartn", "ACH routing number", r"^[0-9]{9}$", "026009593"),
            _text("accountNumber", "Account number", r"^[0-9]{4,17}$", "12345678"),
            _ACCOUNT_TYPE,
            *_ADDRESS,
        ],
    ),
    # A wire within the United States: the same routing number format, no account type.
    "FedwireLocal": (
        "Local bank account (Fedwire)",
        [
            _text("abartn", "Fedwire routing number", r"^[0-9]{9}$", "026009593"),
            _text("accountNumber", "Account number", r"^[0-9]{4,17}$", "12345678"),
            *_ADDRESS,
        ],
    ),
    "SwiftCode": ("SWIFT", _SWIFT),
    "Iban": ("IBAN", _IBAN),
    "SortCode": (
        "Local bank account (sort code)",
        [
            _text("sortCode", "UK sort code", r"^[0-9]{6}$", "231470"),
            _text("accountNumber", "Account number", r"^[0-9]{8}$", "28821822"),
        ],
    ),
    "Canadian": (
        "Local bank account",
        [
            _text("institutionNumber", "Institution number", r"^[0-9]{3}$", "006"),
            _text("transitNumber", "Transit number", r"^[0-9]{5}$", "04841"),
            _text("accountNumber", "Account number", r"^[0-9]{7,12}$", "3456712"),
            _ACCOUNT_TYPE,
        ],
    ),
    "Australian": (
        "Local bank account",
        [
            _text("bsbCode", "BSB code", r"^[0-9]{6}$", "020123"),
            _text("accountNumber", "Account number", r"^[0-9]{5,9}$", "12345678"),
        ],
    ),
    "Indian": (
        "Local bank account",
        [
            _text("ifscCode", "IFSC code", r"^[A-Z]{4}0[A-Z0-9]{6}$", "YESB0236041"),
            _text("accountNumber", "Account number", r"^[0-9]{6,18}$", "678911234567891"),
        ],
    ),
    "Mexican": (
        "Local bank account",
        [_text("clabe", "CLABE", r"^[0-9]{18}$", "032180000118359719")],
    ),
}

#: The routes that reach each currency, the local one first.
_LOCAL_ROUTES = {
    "USD": ("Aba", "FedwireLocal", "SwiftCode"),
    "GBP": ("SortCode", "Iban"),
    "CAD": ("Canadian", "SwiftCode"),
    "AUD": ("Australian", "SwiftCode"),
    "INR": ("Indian",),
    "MXN": ("Mexican", "SwiftCode"),
    "CHF": ("Iban", "SwiftCode"),
    "CZK": ("Iban",),
    "DKK": ("Iban",),
    "HUF": ("Iban",),
    "NOK": ("Iban",),
    "PLN": ("Iban",),
    "SEK": ("Iban",),
    "AED": ("Iban", "SwiftCode"),
}
#: Currencies whose transfers must state their purpose (a local regulation).
_PURPOSE_CURRENCIES = ("AED", "CNY", "INR")
_PURPOSES = {
    "VerifiedTransaction": "Payment for goods or services",
    "FamilySupport": "Family support",
    "Salary": "Salary",
    "Investment": "Investment",
}


def routes_of(currency: str) -> tuple[str, ...]:
    """The routes that reach a currency of the rate table (SWIFT when no local one)."""
    if currency not in EXCHANGE_RATES:
        return ()
    return _LOCAL_ROUTES.get(currency, ("SwiftCode",))


def route_fields(route: str) -> tuple[str, list[dict[str, Any]]]:
    """A route's form title and fields (a route of `routes_of`)."""
    return ROUTE_FIELDS[route]


def details_fields(currency: str) -> list[dict[str, Any]]:
    """The transfer's own details: an optional reference, and its purpose where required."""
    reference = {**_text("reference", "Reference for the beneficiary"), "required": False}
    fields = [{**reference, "max_length": 35}]
    if currency in _PURPOSE_CURRENCIES:
        fields.append(
            {
                "__typename": "SelectField",
                "key": "transferPurpose",
                "name": "Purpose of the transfer",
                "required": True,
                "allowed_values": [{"key": k, "name": v} for k, v in _PURPOSES.items()],
                "refresh_dynamic_fields_on_change": False,
            }
        )
    return fields

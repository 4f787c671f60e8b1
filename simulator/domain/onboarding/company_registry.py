"""The Sandbox's company registry (`publicCompanyInfoRegistryData`, `companyInfoRegistryData`):
what a company onboarding form pre-fills from a registration number.

The real service asks the national registry (France's SIRENE, by SIREN). The simulator has
no registry to ask: it knows a few fictional French companies, the same in every simulator,
so that a form's pre-filling can be tried (docs/onboarding.md, "Company registry"). Any
other number is not in the registry (null); a number that is no SIREN (9 digits, Luhn check
digit) is a `ValidationRejection` raised to the API as an input error.

```python
lookup("900000019", "FRA")["name"]      # 'Atelier Lovelace SAS'
lookup("900000028", "FRA")              # None: a valid SIREN the registry does not hold
```
"""

from __future__ import annotations

import re
from typing import Any

from ..kernel.rejections import Rejected, validation, validation_error

__all__ = ["REGISTRY", "lookup", "vat_number"]

#: SIREN -> (name, legal form code (INSEE), trade name, activity, website). Fictional.
REGISTRY: dict[str, tuple[str, str, str | None, str, str | None]] = {
    "900000019": (
        "Atelier Lovelace SAS",
        "5710",
        "Atelier Lovelace",
        "Design and manufacture of calculating machines",
        "https://atelier-lovelace.example",
    ),
    "900000027": ("Boulangerie Hopper SARL", "5499", None, "Bakery and pastry", None),
    "900000035": (
        "Turing Conseil SASU",
        "5720",
        "Turing Conseil",
        "IT consulting",
        "https://turing-conseil.example",
    ),
}


def _luhn(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char) * (2 if position % 2 else 1)
        total += value - 9 if value > 9 else value
    return total % 10 == 0


def vat_number(siren: str) -> str:
    """The French intra-community VAT number of a SIREN (key = (12 + 3 x (SIREN mod 97)) mod 97)."""
    return f"FR{(12 + 3 * (int(siren) % 97)) % 97:02d}{siren}"


def lookup(registration_number: str, country: str) -> dict[str, Any] | None:
    """The registry's entry for a SIREN (spaces allowed), as `CompanyInfo` fields; None when
    the registry does not hold it."""
    siren = re.sub(r"\s", "", registration_number)
    if country != "FRA" or not re.fullmatch(r"\d{9}", siren) or not _luhn(siren):
        raise Rejected(
            validation(
                [
                    validation_error(
                        "InvalidFormat",
                        "A SIREN is 9 digits ending with a Luhn check digit.",
                        ["input", "registrationNumber"],
                    )
                ]
            )
        )
    entry = REGISTRY.get(siren)
    if entry is None:
        return None
    name, legal_form, trade_name, activity, website = entry
    return {
        "name": name,
        "registration_number": siren,
        "legal_form_code": legal_form,
        "trade_name": trade_name,
        "vat_number": vat_number(siren),
        "tax_identification_number": None,
        "business_activity_description": activity,
        "websites": [website] if website else [],
    }

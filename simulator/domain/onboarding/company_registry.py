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

__all__ = [
    "BENEFICIAL_OWNERS",
    "HEADQUARTERS",
    "REGISTRY",
    "beneficial_owners",
    "lookup",
    "lookup_by_siren",
    "vat_number",
]

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


#: SIREN -> (street address, postal code, town) of the company's headquarters. Fictional.
HEADQUARTERS: dict[str, tuple[str, str, str]] = {
    "900000019": ("12 rue des Machines", "75011", "Paris"),
    "900000027": ("3 place du Marche", "69002", "Lyon"),
    "900000035": ("48 quai des Chartrons", "33000", "Bordeaux"),
}

#: SIREN -> the individuals who own or control the company, as the registry of beneficial
#: owners lists them: (first name, last name, gender, birth date, birth city, its postal code,
#: kind, share of the capital or None, held directly). Fictional.
BENEFICIAL_OWNERS: dict[str, list[tuple[str, str, str, str, str, str, str, float | None, bool]]] = {
    "900000019": [
        ("Ada", "Lovelace", "Female", "1815-12-10", "Paris", "75008", "HasCapital", 60.0, True),
        ("Charles", "Babbage", "Male", "1791-12-26", "Lyon", "69001", "HasCapital", 40.0, False),
    ],
    "900000027": [
        (
            "Grace",
            "Hopper",
            "Female",
            "1906-12-09",
            "Lyon",
            "69003",
            "LegalRepresentative",
            None,
            True,
        ),
    ],
    "900000035": [
        ("Alan", "Turing", "Male", "1912-06-23", "Bordeaux", "33000", "HasCapital", 100.0, True),
    ],
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


def lookup_by_siren(siren: str, headquarter_country: str) -> dict[str, Any] | str:
    """The registry's card of a company for a sign-up form (the unauthenticated API's
    `companyInfoBySiren`): its name, numbers and headquarters; or why not, as the rejection's
    name: `NotSupportedCountryRejection` outside France, `InvalidSirenNumberRejection` for a
    number that is no SIREN or that the registry does not hold.

    ```python
    lookup_by_siren("900000019", "FRA")["headquarters"]["town"]   # 'Paris'
    lookup_by_siren("900000019", "DEU")                           # 'NotSupportedCountryRejection'
    ```
    """
    if headquarter_country != "FRA":
        return "NotSupportedCountryRejection"
    number = re.sub(r"\s", "", siren)
    if not re.fullmatch(r"\d{9}", number) or not _luhn(number) or number not in REGISTRY:
        return "InvalidSirenNumberRejection"
    name, _, trade_name, _, _ = REGISTRY[number]
    address, zip_code, town = HEADQUARTERS[number]
    return {
        "company_name": name,
        "siren": number,
        "trade_name": trade_name,
        "vat_number": vat_number(number),
        "tax_identification_number": None,
        "headquarters": {"address": address, "zip_code": zip_code, "town": town},
        "legal_representative_personal_address": None,
    }


def beneficial_owners(company_ref: str, headquarter_country: str) -> list[dict[str, Any]]:
    """The individuals the registry lists as owning or controlling a company (by SIREN), as
    `IndividualUltimateBeneficialOwner` fields; none for a company it does not hold or one
    outside France (the registry of beneficial owners asked is France's).

    ```python
    [o["last_name"] for o in beneficial_owners("900000019", "FRA")]   # ['Lovelace', 'Babbage']
    ```
    """
    number = re.sub(r"\s", "", company_ref)
    if headquarter_country != "FRA":
        return []
    owners = []
    for first, last, gender, born, city, postal, kind, capital, direct in BENEFICIAL_OWNERS.get(
        number, []
    ):
        info: dict[str, Any] = {"type": kind}
        if kind == "HasCapital":
            info.update(total_capital_percentage=capital, direct=direct, indirect=not direct)
        owners.append(
            {
                "first_name": first,
                "last_name": last,
                "gender": gender,
                "birth_date": f"{born}T00:00:00.000Z",
                "birth_city": city,
                "birth_city_postal_code": postal,
                "birth_country_code": "FRA",
                "info": info,
                "identity_document_details": None,
                "residency_address": None,
                "tax_identification_number": None,
            }
        )
    return owners

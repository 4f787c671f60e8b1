"""IBANs of the simulator's fictional bank, built and checked with schwifty.

The simulated bank is fictional (bank code 99999, BIC `SIMUFRP1XXX`), so no generated
IBAN can be confused with a real account; check digits are real ISO 13616 ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from schwifty import IBAN

__all__ = [
    "BANK_BIC",
    "BANK_CODE",
    "BRANCH_CODE",
    "iban_for_account_number",
    "is_valid_iban",
    "parse_iban",
]

BANK_CODE = "99999"
BRANCH_CODE = "00001"
BANK_BIC = "SIMUFRP1XXX"


def parse_iban(value: str) -> IBAN:
    """schwifty's `IBAN(value)`; raises `ValueError` (schwifty's own errors subclass it) when
    `value` is not a well-formed IBAN with valid check digits.

    schwifty is imported here, at the first IBAN read or made, not with the domain: it and its
    registries take 50 ms, and a process that only asks for a token never needs them
    (docs/performance.md, "First answer").
    """
    from schwifty import IBAN  # start-up: see above

    return IBAN(value)


def iban_for_account_number(number: str, country: str = "FR") -> str:
    """The IBAN of account `number` (11 digits) at the simulated bank."""
    from schwifty import IBAN  # start-up: see `parse_iban`

    return str(
        IBAN.generate(country, bank_code=BANK_CODE, branch_code=BRANCH_CODE, account_code=number)
    )


def is_valid_iban(value: str) -> bool:
    """True when `value` is a well-formed IBAN with valid check digits (spaces allowed)."""
    try:
        parse_iban(value)
    except ValueError:
        return False
    return True

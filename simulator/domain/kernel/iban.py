"""IBANs of the simulator's fictional bank, built and checked with schwifty.

The simulated bank is fictional (bank code 99999, BIC `SIMUFRP1XXX`), so no generated
IBAN can be confused with a real account; check digits are real ISO 13616 ones.
"""

from __future__ import annotations

from schwifty import IBAN
from schwifty.exceptions import SchwiftyException

__all__ = ["BANK_BIC", "BANK_CODE", "BRANCH_CODE", "iban_for_account_number", "is_valid_iban"]

BANK_CODE = "99999"
BRANCH_CODE = "00001"
BANK_BIC = "SIMUFRP1XXX"


def iban_for_account_number(number: str, country: str = "FR") -> str:
    """The IBAN of account `number` (11 digits) at the simulated bank."""
    return str(
        IBAN.generate(country, bank_code=BANK_CODE, branch_code=BRANCH_CODE, account_code=number)
    )


def is_valid_iban(value: str) -> bool:
    """True when `value` is a well-formed IBAN with valid check digits (spaces allowed)."""
    try:
        IBAN(value)
    except (SchwiftyException, ValueError):
        return False
    return True

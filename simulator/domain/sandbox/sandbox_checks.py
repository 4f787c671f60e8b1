"""Test checks: a French check's magnetic line (CMC7) and its RLMC key, for a test.

A CMC7 line is 31 digits: the check number (7), the interbank zone (12) and the drawer's
account zone (12). Its RLMC key makes the line and key together a multiple of 97:
`key = 97 - (line * 100 mod 97)`. A generated check remembers the answer France's check
registry (FNCI) gives for it, `PositiveGreen` unless the test asks for another, so that a
later check payment with it meets that answer.

```python
check = generate_test_check(env, project_id, "IrregularRed")
rlmc_key(check["cmc7"]) == check["rlmc_key"]   # True
```
"""

from __future__ import annotations

from ...storage import Database, insert_row, next_number
from ...storage.rows import TestCheckNew
from ..kernel.context import Environment

__all__ = ["FNCI_RESULTS", "generate_test_check", "is_valid_check", "next_test_line", "rlmc_key"]

FNCI_RESULTS = ("PositiveGreen", "IrregularWhite", "IrregularOrange", "IrregularRed")
#: The simulated drawer bank's interbank zone and the account zone's prefix (our choices).
_INTERBANK_ZONE = "040300099999"
_ACCOUNT_PREFIX = "0000"


def rlmc_key(cmc7: str) -> str:
    """The two-digit RLMC key of a 31-digit CMC7 line."""
    return f"{97 - (int(cmc7) * 100) % 97:02d}"


def is_valid_check(cmc7: str, key: str) -> bool:
    """Whether `cmc7` is 31 digits and `key` its RLMC key."""
    return len(cmc7) == 31 and cmc7.isdigit() and rlmc_key(cmc7) == key


def next_test_line(db: Database) -> str:
    """The next check's CMC7 line, numbered in sequence (in the caller's transaction)."""
    number = next_number(db, "test_check_number")
    # The account zone follows the number, so every generated line is different.
    return f"{number % 10_000_000:07d}{_INTERBANK_ZONE}{_ACCOUNT_PREFIX}{number:08d}"


def generate_test_check(
    env: Environment, project_id: str, fnci_result: str | None = None
) -> TestCheckNew:
    """A new check of the project's, numbered in sequence, in one transaction."""
    with env.store.atomic() as db:
        cmc7 = next_test_line(db)
        row: TestCheckNew = {
            "id": env.new_id(db, "test_check"),
            "project_id": project_id,
            "cmc7": cmc7,
            "rlmc_key": rlmc_key(cmc7),
            "fnci_result": fnci_result or "PositiveGreen",
            "created_at": env.now(),
        }
        insert_row(db, "test_checks", row)
        return row

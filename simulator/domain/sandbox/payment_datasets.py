"""Dataset records of the payments family: trusted beneficiaries and standing orders.

Both are loaded **Enabled** (their consent is taken as given, as for the cards a dataset
loads). A standing order's first execution is its `first_execution_date`; from then on it
executes on the clock like one scheduled through the API (`domain.standing_orders`).

```json
{"key": "beneficiary:ada/landlord", "account": "account:ada", "name": "Landlord SCI",
 "iban": "FR7630006000011234567890189", "label": "Rent"}
{"key": "beneficiary:ada/alan", "account": "account:ada", "name": "Alan Turing",
 "beneficiary_account": "account:alan"}
{"key": "standing-order:ada/rent", "account": "account:ada", "period": "Monthly",
 "amount": "850.00", "beneficiary_name": "Landlord SCI",
 "beneficiary_iban": "FR7630006000011234567890189", "reference": "RENT",
 "first_execution_date": "2026-02-01T09:00:00Z"}
```
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from ...exceptions import ConfigurationError
from ...storage import Database, get_row, insert_row
from ...storage.rows import StandingOrderNew, TrustedBeneficiaryNew
from ..kernel.context import Environment
from ..kernel.iban import is_valid_iban, parse_iban
from ..kernel.money import CURRENCY, amount_text
from ..payments.standing_orders import PERIODS

__all__ = ["load_standing_order", "load_trusted_beneficiary"]


class Loader(Protocol):
    """What `domain.datasets._Loader` offers these records."""

    env: Environment
    db: Database
    project_id: str

    def seen(self, record: dict[str, Any]) -> bool: ...
    def ref(self, record: dict[str, Any], field: str) -> str: ...
    def remember(self, key: str, resource_type: str, resource_id: str) -> None: ...
    def fail(self, record: dict[str, Any], message: str) -> ConfigurationError: ...
    def amount(self, record: dict[str, Any], value: Any) -> Any: ...
    def timestamp(self, record: dict[str, Any], value: Any) -> str: ...


def _iban(loader: Loader, record: dict[str, Any], field: str) -> str:
    value = record.get(field)
    if not isinstance(value, str) or not is_valid_iban(value):
        raise loader.fail(record, f"invalid {field} {value!r}")
    return parse_iban(value).compact


def load_trusted_beneficiary(loader: Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    name = record.get("name")
    if not isinstance(name, str) or not name.strip():
        raise loader.fail(record, "a trusted beneficiary needs a name")
    now = loader.env.now()
    # An international one names its currency, route and details instead of an IBAN; an
    # internal one, another account of the dataset (`beneficiary_account`).
    international = record.get("route") is not None
    internal = record.get("beneficiary_account") is not None
    iban = ""
    if internal:
        beneficiary = get_row(loader.db, "accounts", loader.ref(record, "beneficiary_account"))
        iban = str(beneficiary["iban"])
    elif not international:
        iban = _iban(loader, record, "iban")
    beneficiary_id = loader.env.new_id(loader.db, "trusted-beneficiary")
    row = TrustedBeneficiaryNew(
        id=beneficiary_id,
        project_id=loader.project_id,
        account_id=loader.ref(record, "account"),
        type="International" if international else "Internal" if internal else "Sepa",
        name=name,
        label=record.get("label") or name,
        iban=iban,
        currency=record.get("currency") if international else None,
        route=record.get("route"),
        details=json.dumps(record.get("details") or []) if international else None,
        status="Enabled",
        created_at=now,
        updated_at=now,
    )
    insert_row(loader.db, "trusted_beneficiaries", row)
    loader.remember(record["key"], "TrustedBeneficiary", beneficiary_id)


def load_standing_order(loader: Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    period = record.get("period")
    if period not in PERIODS:
        raise loader.fail(record, f"unknown period {period!r}")
    first = loader.timestamp(record, record.get("first_execution_date"))
    last = record.get("last_execution_date")
    now = loader.env.now()
    account_id = loader.ref(record, "account")
    # Who "consented": the account's legal representative (createdBy is non-null).
    representative = loader.db.execute(
        "SELECT user_id FROM account_memberships WHERE account_id = ? "
        "AND legal_representative = 1 AND user_id IS NOT NULL",
        [account_id],
    ).fetchone()
    if representative is None:
        raise loader.fail(record, "the account has no legal representative to own the order")
    row: StandingOrderNew = {
        "id": loader.env.new_id(loader.db, "standing-order"),
        "project_id": loader.project_id,
        "account_id": account_id,
        "created_by": representative[0],
        "period": period,
        "amount": amount_text(loader.amount(record, record.get("amount"))),
        "currency": CURRENCY,
        "credit_transfer_mode": "Regular",
        "beneficiary_name": record.get("beneficiary_name") or "Beneficiary",
        "beneficiary_iban": _iban(loader, record, "beneficiary_iban"),
        "reference": record.get("reference"),
        "label": record.get("label"),
        "first_execution_date": first,
        "last_execution_date": loader.timestamp(record, last) if last else None,
        "next_execution_date": max(first, now),
        "status": "Enabled",
        "created_at": now,
        "updated_at": now,
    }
    insert_row(loader.db, "standing_orders", row)
    loader.remember(record["key"], "StandingOrder", row["id"])

"""Dataset records of issue 25's front-end data: internal transfers and direct debits, Upcoming
transfers, internal trusted beneficiaries; a bad record refuses the whole file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from simulator.domain.sandbox.datasets import load_dataset
from simulator.exceptions import ConfigurationError

from .banking_support import Bank

BASE: dict[str, Any] = {
    "name": "internal",
    "users": [
        {"key": "user:a", "phone_number": "+33600000101", "first_name": "A", "last_name": "A"},
        {"key": "user:b", "phone_number": "+33600000102", "first_name": "B", "last_name": "B"},
    ],
    "account_holders": [
        {
            "key": "holder:a",
            "first_name": "A",
            "last_name": "A",
            "accounts": [{"key": "account:a", "legal_representative": "user:a"}],
        },
        {
            "key": "holder:b",
            "type": "Company",
            "company_name": "B SAS",
            "accounts": [{"key": "account:b", "legal_representative": "user:b"}],
        },
    ],
    "transactions": [
        {
            "key": "tx:a:in",
            "account": "account:a",
            "type": "SepaCreditTransferIn",
            "amount": "100.00",
            "counterparty": "Employer",
            "counterparty_iban": "DE89370400440532013000",
            "execution_date": "2025-12-01T09:00:00Z",
        }
    ],
}


def write(tmp_path: Path, **extra: Any) -> str:
    data = {**BASE, **extra, "transactions": BASE["transactions"] + extra.get("transactions", [])}
    path = tmp_path / "internal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_internal_records_load_both_legs(bank: Bank, tmp_path: Path) -> None:
    path = write(
        tmp_path,
        transactions=[
            {
                "key": "tx:a:to-b",
                "account": "account:a",
                "type": "InternalCreditTransferOut",
                "beneficiary_account": "account:b",
                "amount": "30.00",
                "counterparty": "B SAS",
                "execution_date": "2025-12-02T09:00:00Z",
            },
            {
                "key": "tx:a:later",
                "account": "account:a",
                "type": "SepaCreditTransferOut",
                "status": "Upcoming",
                "amount": "10.00",
                "counterparty": "Later",
                "counterparty_iban": "DE89370400440532013000",
                "execution_date": "2026-01-09T09:00:00Z",
            },
        ],
        trusted_beneficiaries=[
            {
                "key": "tb:a/b",
                "account": "account:a",
                "name": "B",
                "beneficiary_account": "account:b",
            }
        ],
    )
    assert load_dataset(bank.env, bank.project_id, path)["skipped"] == 0
    db = bank.env.store.db
    legs = {
        row["type"]: (row["status"], row["amount"])
        for row in db["transactions"].rows_where("type LIKE 'Internal%'")
    }
    assert legs == {
        "InternalCreditTransferOut": ("Booked", "30.00"),
        "InternalCreditTransferIn": ("Booked", "30.00"),
    }
    [later] = db["transactions"].rows_where("status = 'Upcoming'")
    assert later["requested_execution_at"] == "2026-01-09T09:00:00.000Z"
    [trusted] = db["trusted_beneficiaries"].rows
    assert trusted["type"] == "Internal"
    bank.sim.advance("5d")
    assert bank.row("transactions", later["id"])["status"] in ("Pending", "Booked")
    # Loading again creates nothing.
    assert load_dataset(bank.env, bank.project_id, path)["created"] == 0


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            {
                "transactions": [
                    {
                        "key": "tx:b:in",
                        "account": "account:b",
                        "type": "InternalCreditTransferIn",
                        "amount": "1.00",
                        "execution_date": "2025-12-02T09:00:00Z",
                    }
                ]
            },
            "Out side",
        ),
        (
            {
                "transactions": [
                    {
                        "key": "tx:a:x",
                        "account": "account:a",
                        "type": "InternalCreditTransferOut",
                        "beneficiary_account": "account:nope",
                        "amount": "1.00",
                        "execution_date": "2025-12-02T09:00:00Z",
                    }
                ]
            },
            "unknown beneficiary_account",
        ),
        (
            {
                "merchant_profiles": [
                    {
                        "key": "mp:b",
                        "account": "account:b",
                        "merchant_name": "B",
                        "expected_average_basket": "10.00",
                    }
                ],
                "merchant_payment_methods": [
                    {"key": "mm:b", "profile": "mp:b", "type": "SepaDirectDebitCore"}
                ],
                "merchant_payment_mandates": [
                    {"key": "md:b/a", "method": "mm:b", "debtor_account": "account:a"}
                ],
            },
            "internal direct debit method",
        ),
    ],
)
def test_a_bad_internal_record_loads_nothing(
    bank: Bank, tmp_path: Path, extra: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigurationError, match=message):
        load_dataset(bank.env, bank.project_id, write(tmp_path, **extra))
    assert bank.env.store.db["accounts"].count == 0

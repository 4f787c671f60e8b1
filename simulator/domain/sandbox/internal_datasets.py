"""Dataset records of internal direct debits: a merchant's internal mandate on another account
of the dataset, and the debits collected under it (both legs, linked as `collect` links them).

```json
{"key": "merchant-mandate:analytical-engines/ada", "method":
 "merchant-method:analytical-engines/internal", "debtor_account": "account:ada",
 "reference": "AE-ADA-1", "signature_date": "2026-01-02"}
{"key": "internal-debit:analytical-engines/ada/1", "mandate":
 "merchant-mandate:analytical-engines/ada", "amount": "120.00", "label": "Order 1",
 "status": "Booked"}
```

A mandate is loaded `Enabled`, as `addInternalDirectDebitPaymentMandate` declares one; a
debit is `Pending` (the debtor has not paid yet) or `Booked` (both legs), at the load instant.
"""

from __future__ import annotations

import json
from typing import Any

from ...storage import get_row, insert_row
from ...storage.rows import PaymentMandateNew
from ..accounts.ledger import change_status
from ..merchants.internal_direct_debits import collect
from .payment_datasets import Loader

__all__ = ["load_internal_direct_debit", "load_internal_mandate"]

_INTERNAL_METHODS = ("InternalDirectDebitStandard", "InternalDirectDebitB2b")


def load_internal_mandate(loader: Loader, record: dict[str, Any]) -> None:
    """A merchant mandate record with a `debtor_account` (instead of a debtor IBAN)."""
    if loader.seen(record):
        return
    method = get_row(loader.db, "merchant_payment_methods", loader.ref(record, "method"))
    if method["type"] not in _INTERNAL_METHODS:
        raise loader.fail(record, "an internal mandate needs an internal direct debit method")
    profile = get_row(loader.db, "merchant_profiles", method["merchant_profile_id"])
    creditor = get_row(loader.db, "accounts", profile["account_id"])
    debtor = get_row(loader.db, "accounts", loader.ref(record, "debtor_account"))
    if debtor["id"] == creditor["id"]:
        raise loader.fail(record, "a merchant cannot collect from its own account")
    now = loader.env.now()
    mandate_id = loader.env.new_id(loader.db, "payment-mandate")
    insert_row(
        loader.db,
        "payment_mandates",
        PaymentMandateNew(
            id=mandate_id,
            project_id=loader.project_id,
            account_holder_id=creditor["holder_id"],
            payment_method_id=method["id"],
            kind="Internal",
            name=record.get("name"),
            reference=str(record.get("reference") or f"MANDATE-{mandate_id[:8].upper()}"),
            scheme=method["type"],
            sequence=record.get("sequence") or "Recurrent",
            language=record.get("language") or "en",
            status="Enabled",
            status_changed_at=now,
            signature_date=str(record.get("signature_date") or now[:10]),
            creditor_name=profile["merchant_name"],
            creditor_identifier=profile["id"],
            creditor_address=json.dumps({"country": creditor.get("country") or "FRA"}),
            debtor_name=debtor["name"],
            debtor_iban=debtor["iban"],
            debtor_country=debtor.get("country") or "FRA",
            created_at=now,
            updated_at=now,
        ),
    )
    loader.remember(record["key"], "PaymentMandate", mandate_id)


def load_internal_direct_debit(loader: Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    status = record.get("status") or "Pending"
    if status not in ("Pending", "Booked"):
        raise loader.fail(
            record, f"an internal direct debit is loaded Pending or Booked, not {status!r}"
        )
    mandate = get_row(loader.db, "payment_mandates", loader.ref(record, "mandate"))
    if mandate["kind"] != "Internal":
        raise loader.fail(record, "an internal direct debit needs an internal mandate")
    amount = loader.amount(record, record.get("amount"))
    credit = collect(loader.env, loader.db, mandate, amount, record.get("label"))
    if status == "Booked":
        debit_id = loader.db.execute(
            "SELECT debit_transaction_id FROM internal_direct_debits "
            "WHERE credit_transaction_id = ?",
            [credit["id"]],
        ).fetchone()[0]
        change_status(loader.env, loader.db, get_row(loader.db, "transactions", debit_id), "Booked")
        credit = change_status(loader.env, loader.db, credit, "Booked")
    loader.remember(record["key"], "Transaction", credit["id"])

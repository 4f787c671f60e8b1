"""Dataset records of the merchants family: merchant profiles, their payment methods and the
SEPA direct debit mandates declared for those methods.

Both are loaded in the status the record gives (`Enabled` when left out), as if the bank had
already reviewed them; each emits its `Created` event, as a request through the API does.

```json
{"key": "merchant-profile:analytical-engines", "account": "account:analytical-engines",
 "merchant_name": "Analytical Engines", "product_type": "Goods",
 "expected_average_basket": "120.00",
 "expected_monthly_merchant_processing_volume": "Between5000And10000"}
{"key": "merchant-method:analytical-engines/sepa-core",
 "profile": "merchant-profile:analytical-engines", "type": "SepaDirectDebitCore"}
{"key": "merchant-mandate:analytical-engines/babbage",
 "method": "merchant-method:analytical-engines/sepa-core", "debtor_name": "Charles Babbage",
 "debtor_iban": "DE89370400440532013000", "debtor_country": "DEU",
 "reference": "AE-BABBAGE-1", "sequence": "Recurrent", "signature_date": "2026-01-02"}
```

A mandate is loaded `Enabled`, as `addSepaDirectDebitPaymentMandate` declares one.
"""

from __future__ import annotations

from typing import Any

from ...storage import get_row, insert_row
from ...storage.rows import MerchantPaymentMethodNew, MerchantProfileNew
from ..kernel.events import emit
from ..kernel.iban import is_valid_iban
from ..kernel.money import amount_text
from ..merchants.merchant_mandates import SEPA_METHOD_TYPES, insert_mandate
from ..merchants.merchant_payment_methods import OBJECT_TYPES
from .payment_datasets import Loader

__all__ = ["load_merchant_mandate", "load_merchant_payment_method", "load_merchant_profile"]

_PROFILE_STATUSES = ("PendingReview", "Enabled", "Suspended")
_METHOD_STATUSES = ("PendingReview", "Enabled", "Suspended")
_SEPA_TYPES = ("SepaDirectDebitB2b", "SepaDirectDebitCore")


def _status(loader: Loader, record: dict[str, Any], allowed: tuple[str, ...]) -> str:
    status = record.get("status") or "Enabled"
    if status not in allowed:
        raise loader.fail(record, f"status {status!r} is not one of {', '.join(allowed)}")
    return str(status)


def load_merchant_profile(loader: Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    name = record.get("merchant_name")
    if not isinstance(name, str) or not name.strip():
        raise loader.fail(record, "a merchant profile needs a merchant_name")
    now = loader.env.now()
    profile_id = loader.env.new_id(loader.db, "merchant_profile")
    row: MerchantProfileNew = {
        "id": profile_id,
        "project_id": loader.project_id,
        "account_id": loader.ref(record, "account"),
        "merchant_name": name,
        "product_type": record.get("product_type") or "Goods",
        "expected_average_basket": amount_text(
            loader.amount(record, record.get("expected_average_basket"))
        ),
        "expected_monthly_merchant_processing_volume": (
            record.get("expected_monthly_merchant_processing_volume") or "LessThan5000"
        ),
        "merchant_website_url": record.get("merchant_website_url"),
        "additional_information": "[]",
        "status": _status(loader, record, _PROFILE_STATUSES),
        "status_changed_at": now,
        "created_at": now,
        "updated_at": now,
    }
    insert_row(loader.db, "merchant_profiles", row)
    emit(
        loader.env,
        loader.db,
        "MerchantProfile.Created",
        project_id=loader.project_id,
        resource_id=profile_id,
    )
    loader.remember(record["key"], "MerchantProfile", profile_id)


def load_merchant_payment_method(loader: Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    method_type = record.get("type")
    if method_type not in OBJECT_TYPES:
        raise loader.fail(record, f"unknown payment method type {method_type!r}")
    now = loader.env.now()
    method_id = loader.env.new_id(loader.db, "merchant_payment_method")
    sepa = method_type in _SEPA_TYPES
    identifier = record.get("sepa_creditor_identifier") if sepa else None
    row: MerchantPaymentMethodNew = {
        "id": method_id,
        "project_id": loader.project_id,
        "merchant_profile_id": loader.ref(record, "profile"),
        "method_id": method_id,
        "type": method_type,
        "version": 1,
        "status": _status(loader, record, _METHOD_STATUSES),
        "sepa_creditor_identifier": identifier,
        # Without its own identifier, a SEPA method uses the bank's.
        "use_swan_sepa_creditor_identifier": int(not identifier) if sepa else None,
        "status_changed_at": now,
        "created_at": now,
        "updated_at": now,
    }
    insert_row(loader.db, "merchant_payment_methods", row)
    emit(
        loader.env,
        loader.db,
        "MerchantPaymentMethod.Created",
        project_id=loader.project_id,
        resource_id=method_id,
    )
    loader.remember(record["key"], "MerchantPaymentMethod", method_id)


def load_merchant_mandate(loader: Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    method = get_row(loader.db, "merchant_payment_methods", loader.ref(record, "method"))
    if method["type"] not in SEPA_METHOD_TYPES:
        raise loader.fail(record, "a mandate needs a SEPA direct debit payment method")
    name, iban = record.get("debtor_name"), record.get("debtor_iban")
    if not isinstance(name, str) or not isinstance(iban, str) or not is_valid_iban(iban):
        raise loader.fail(record, "a mandate needs a debtor_name and a valid debtor_iban")
    mandate = insert_mandate(
        loader.env,
        loader.db,
        method,
        debtor_name=name,
        debtor_iban=iban.replace(" ", "").upper(),
        debtor_address={"country": record.get("debtor_country") or "FRA"},
        reference=record.get("reference"),
        sequence=record.get("sequence") or "Recurrent",
        language=record.get("language") or "en",
        signature_date=str(record.get("signature_date") or loader.env.now()[:10]),
    )
    loader.remember(record["key"], "PaymentMandate", mandate["id"])

"""Dataset records of account funding: funding sources, loaded **Enabled** with their payment
mandate signed (the consent is taken as given, as for the cards a dataset loads).

```json
{"key": "funding-source:acme/main-bank", "account": "account:acme",
 "iban": "DE89370400440532013000", "name": "Main bank"}
```

The account must be a company's (SEPA Direct Debit B2B funds company accounts only).
"""

from __future__ import annotations

from typing import Any

from ...storage import get_row
from ..funding.funding import insert_enabled_source
from ..kernel.iban import is_valid_iban, parse_iban
from .payment_datasets import Loader

__all__ = ["load_funding_source"]


def load_funding_source(loader: Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    value = record.get("iban")
    if not isinstance(value, str) or not is_valid_iban(value):
        raise loader.fail(record, f"invalid iban {value!r}")
    account_id = loader.ref(record, "account")
    holder = get_row(
        loader.db, "account_holders", get_row(loader.db, "accounts", account_id)["holder_id"]
    )
    if holder["type"] != "Company":
        raise loader.fail(record, "a funding source funds a company's account only")
    name = record.get("name")
    source = insert_enabled_source(
        loader.env,
        loader.db,
        account_id,
        parse_iban(value),
        name if isinstance(name, str) else None,
    )
    loader.remember(record["key"], "FundingSource", source["id"])

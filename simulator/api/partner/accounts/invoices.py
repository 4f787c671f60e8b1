"""Account invoices: `accountInvoice` and `Account.invoices`."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import billing
from ...invoices import invoice_type
from .._helpers import connection_resolver, item_resolver

query = QueryType()

account = ObjectType("Account")
bindables: list[SchemaBindable] = [query, account, invoice_type()]


def _of_account(row: dict[str, Any]) -> dict[str, Any]:
    return {"account_id": row["id"]}


query.set_field("accountInvoice", item_resolver(billing.get_invoice))
account.set_field("invoices", connection_resolver(billing.list_invoices, _of_account))

"""The `Invoice` object, as both the Partner API and the Testing API answer it."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType

from ..domain.kernel.money import to_decimal
from ..graphql_compat import ResolveInfo
from .context import RequestContext

__all__ = ["invoice_type"]


def _url(row: dict[str, Any], info: ResolveInfo) -> str:
    """A loopback URL on the simulator's own base URL; nothing is served there (documented)."""
    ctx: RequestContext = info.context
    return f"{ctx.base_url}/sandbox-documents/invoices/{row['id']}.pdf"


def invoice_type() -> ObjectType:
    """A bindable of `Invoice` for one schema (each schema binds its own)."""
    invoice = ObjectType("Invoice")
    invoice.set_field(
        "amount",
        lambda row, *_: {"value": to_decimal(row["amount"]), "currency": row["currency"]},
    )
    invoice.set_field("url", _url)
    return invoice

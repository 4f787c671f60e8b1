"""SEPA direct debits on an account as transactions (`SEPADirectDebitTransaction`), and
the mandates creditors debit it under (`receivedDirectDebitMandate`, enable, suspend)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType

from ....domain.payments import received_mandates, transaction_returns
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import ReceivedDirectDebitMandateRow
from ...mutations import returns_rejections
from .._helpers import caller, connection_resolver, consent_row, row_resolver
from ..accounts.accounts import transactions_connection
from ..accounts.transactions import COMMON_FIELDS, other_party, own_party

query = QueryType()
mutation = MutationType()

direct_debit = ObjectType("SEPADirectDebitTransaction")

# International transfers carry the Transaction interface's fields only (no parties yet).
international = ObjectType("InternationalCreditTransferTransaction")

for _type in (direct_debit, international):
    for _field, _resolver in COMMON_FIELDS.items():
        _type.set_field(_field, _resolver)


#: A funding request's debit (`SepaDirectDebitIn*`) credits the account: the sides swap.
_INCOMING = ("SepaDirectDebitIn", "SepaDirectDebitInReturn")


@direct_debit.field("creditor")
def resolve_creditor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["type"] in _INCOMING:
        return own_party(info, row, "SEPADirectDebitInCreditor")
    return other_party(row, "SEPADirectDebitOutCreditor")


@direct_debit.field("debtor")
def resolve_debtor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["type"] in _INCOMING:
        return other_party(row, "SEPADirectDebitInDebtor")
    return own_party(info, row, "SEPADirectDebitOutDebtor")


# -- received mandates ---------------------------------------------------------------------

mandate = ObjectType("SEPAReceivedDirectDebitMandate")
account = ObjectType("Account")
mandate_interface = InterfaceType(
    "ReceivedDirectDebitMandate", lambda row, *_: received_mandate_type(row)
)
bindables: list[ObjectType | InterfaceType] = [
    query,
    mutation,
    direct_debit,
    international,
    mandate,
    mandate_interface,
    account,
]

account.set_field(
    "receivedDirectDebitMandates",
    connection_resolver(received_mandates.list_mandates, lambda row: {"account_id": row["id"]}),
)

_STATUS_TIME_FIELDS = {
    "Enabled": "enabled_at",
    "Suspended": "suspended_at",
    "Canceled": "canceled_at",
}


@query.field("receivedDirectDebitMandate")
def resolve_mandate(
    _: Any, info: ResolveInfo, received_direct_debit_mandate_id: str
) -> dict[str, Any] | None:
    env, principal = caller(info)
    row = received_mandates.get_mandate(env, principal, received_direct_debit_mandate_id)
    return _typed(row) if row else None


def _typed(row: ReceivedDirectDebitMandateRow) -> dict[str, Any]:
    return {**row, "__typename": received_mandate_type(row)}


def received_mandate_type(row: Mapping[str, Any]) -> str:
    """A received mandate's object type: an internal B2B one, or a SEPA one."""
    if row["scheme"] == "InternalB2b":
        return "InternalReceivedDirectDebitMandate"
    return "SEPAReceivedDirectDebitMandate"


mandate.set_field("account", row_resolver("accounts", "account_id"))
mandate.set_field("version", lambda _row, _: "1")
mandate.set_field("name", lambda row, _: row.get("name") or row["creditor_name"])
mandate.set_field("signatureDate", lambda row, _: row.get("signature_date"))
mandate.set_field("scheme", lambda row, _: received_mandates.SCHEME_NAMES[row["scheme"]])
mandate.set_field("ultimateCreditorName", lambda row, _: row.get("ultimate_creditor_name"))
#: A creditor that gave no address: every line unknown (`Address` is non-null here).
_NO_ADDRESS = dict.fromkeys(
    ("address_line_1", "address_line_2", "city", "postal_code", "state", "country")
)


@mandate.field("creditor")
def resolve_mandate_creditor(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    stored = row.get("creditor_address")
    return {
        "name": row["creditor_name"],
        "identifier": row["creditor_identifier"],
        "address": {**_NO_ADDRESS, **json.loads(stored)} if stored else _NO_ADDRESS,
    }


@mandate.field("transactions")
def resolve_mandate_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    # The debits presented under the mandate (its reference, from its creditor's IBAN when
    # known) and what came back of them.
    scope: dict[str, Any] = {
        "account_id": row["account_id"],
        "reference": row["reference"],
        "type": [
            kind for kind in (filters or {}).get("type") or _DEBIT_TYPES if kind in _DEBIT_TYPES
        ]
        or ["-"],
    }
    if row.get("creditor_iban"):
        scope["counterparty_iban"] = row["creditor_iban"]
    return transactions_connection(info, scope, first, after, filters, order_by)


_DEBIT_TYPES = ("SepaDirectDebitOut", "SepaDirectDebitOutReturn", "SepaDirectDebitOutReversal")


@mandate.field("iban")
def resolve_mandate_iban(row: dict[str, Any], info: ResolveInfo) -> str:
    env, _ = caller(info)
    return str(get_row(env.store.db, "accounts", row["account_id"])["iban"])


@mandate.field("statusInfo")
def resolve_mandate_status(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = row["status"]
    result: dict[str, Any] = {
        "__typename": f"ReceivedDirectDebitMandateStatusInfo{status}",
        "status": status,
    }
    if status == "ConsentPending":
        result["consent"] = consent_row(env, row.get("consent_id"))
    else:
        result[_STATUS_TIME_FIELDS[status]] = row["status_changed_at"]
    return result


def mandate_payload(name: str, row: ReceivedDirectDebitMandateRow) -> dict[str, Any]:
    return {"__typename": name, "received_direct_debit_mandate": _typed(row)}


@mutation.field("suspendReceivedDirectDebitMandate")
@returns_rejections
def resolve_suspend(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = received_mandates.suspend_mandate(
        env, principal, input["received_direct_debit_mandate_id"]
    )
    return mandate_payload("SuspendReceivedDirectDebitMandateSuccessPayload", row)


@mutation.field("enableReceivedDirectDebitMandate")
@returns_rejections
def resolve_enable(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = received_mandates.enable_mandate(
        env,
        principal,
        input["received_direct_debit_mandate_id"],
        consent_redirect_url=input.get("consent_redirect_url"),
    )
    return mandate_payload("EnableReceivedDirectDebitMandateSuccessPayload", row)


@mutation.field("addReceivedSepaDirectDebitB2bMandate")
@returns_rejections
def resolve_add_b2b(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = received_mandates.add_b2b_mandate(env, principal, input)
    return mandate_payload("AddReceivedSepaDirectDebitB2bMandateSuccessPayload", row)


@mutation.field("returnTransaction")
@returns_rejections
def resolve_return(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    consent = transaction_returns.request_return(
        env,
        principal,
        input["transaction_id"],
        consent_redirect_url=input["consent_redirect_url"],
    )
    return {
        "__typename": "ReturnTransactionSuccessPayload",
        "consent": consent_row(env, consent["id"]),
    }

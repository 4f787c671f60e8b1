"""Internal direct debits: addInternalDirectDebitPaymentMandate,
addReceivedInternalDirectDebitB2bMandate, and their types (the transaction, the merchant's
payment mandate, the debtor's received mandate)."""

from __future__ import annotations

import json
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType
from ariadne.types import SchemaBindable

from ....domain.merchants import internal_direct_debits as domain
from ....domain.payments import received_mandates
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ...mutations import returns_rejections
from .._helpers import caller, row_resolver
from ..accounts.accounts import transactions_connection
from ..accounts.transactions import COMMON_FIELDS
from ..funding.funding import resolve_mandate_status as resolve_payment_mandate_status
from ..payments.direct_debits import mandate_payload, resolve_mandate_status

mutation = MutationType()
transaction = ObjectType("InternalDirectDebitTransaction")
payment_mandate = ObjectType("InternalPaymentDirectDebitMandate")
received = ObjectType("InternalReceivedDirectDebitMandate")
mandate_interface = InterfaceType(
    "InternalDirectDebitMandate",
    lambda row, *_: row.get("__typename") or "InternalPaymentDirectDebitMandate",
)
bindables: list[SchemaBindable] = [
    mutation,
    transaction,
    payment_mandate,
    received,
    mandate_interface,
]

for _field, _resolver in COMMON_FIELDS.items():
    transaction.set_field(_field, _resolver)


def _legs(info: ResolveInfo, row: dict[str, Any]) -> tuple[str, str]:
    """The creditor's and the debtor's account ids of a debit (either leg, or a return)."""
    env, _ = caller(info)
    leg = row.get("original_transaction_id") or row["id"]
    link = env.store.db.execute(
        "SELECT c.account_id, d.account_id FROM internal_direct_debits l "
        "JOIN transactions c ON c.id = l.credit_transaction_id "
        "JOIN transactions d ON d.id = l.debit_transaction_id "
        "WHERE l.credit_transaction_id = ? OR l.debit_transaction_id = ?",
        [leg, leg],
    ).fetchone()
    return (link[0], link[1]) if link else (row["account_id"], row["account_id"])


transaction.set_field("creditor", lambda row, info: {"account_id": _legs(info, row)[0]})
transaction.set_field("debtor", lambda row, info: {"account_id": _legs(info, row)[1]})


@transaction.field("mandate")
def resolve_transaction_mandate(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    if not row.get("payment_mandate_id"):
        return None
    mandate = get_row(env.store.db, "payment_mandates", row["payment_mandate_id"])
    return {**mandate, "__typename": "InternalPaymentDirectDebitMandate"}


payment_mandate.set_field("accountHolder", row_resolver("account_holders", "account_holder_id"))
payment_mandate.set_field("statusInfo", resolve_payment_mandate_status)
payment_mandate.set_field("signatureDate", lambda row, _: row.get("signature_date"))
payment_mandate.set_field("ultimateCreditorName", lambda row, _: row.get("ultimate_creditor_name"))
payment_mandate.set_field("mandateDocumentUrl", lambda row, _: "")
payment_mandate.set_field("expiredAt", lambda row, _: None)
payment_mandate.set_field("language", lambda row, _: row.get("language") or "en")
payment_mandate.set_field(
    "creditor",
    lambda row, _: {
        "id": row["account_holder_id"],
        "name": row["creditor_name"],
        "identifier": row["creditor_identifier"],
        "address": json.loads(row.get("creditor_address") or "{}"),
    },
)


@payment_mandate.field("debtor")
def resolve_debtor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    account = env.store.db.execute(
        "SELECT id FROM accounts WHERE iban = ?", [row["debtor_iban"]]
    ).fetchone()
    return {
        "name": row["debtor_name"],
        "email": row.get("debtor_email") or "",
        "country": row.get("debtor_country") or "FRA",
        "address": None,
        "account_id": account[0] if account else None,
    }


@payment_mandate.field("transactions")
def resolve_mandate_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    scope = {"payment_mandate_id": row["id"]}
    return transactions_connection(info, scope, first, after, filters, order_by)


received.set_field("account", row_resolver("accounts", "account_id"))
received.set_field("version", lambda _row, _: "1")
received.set_field("name", lambda row, _: row.get("name") or row["creditor_name"])
received.set_field("signatureDate", lambda row, _: row.get("signature_date"))
received.set_field("scheme", lambda row, _: received_mandates.SCHEME_NAMES[row["scheme"]])
received.set_field("ultimateCreditorName", lambda row, _: row.get("ultimate_creditor_name"))
received.set_field("statusInfo", resolve_mandate_status)
received.set_field(
    "creditor",
    lambda row, _: {
        "name": row["creditor_name"],
        "identifier": row["creditor_identifier"],
        "address": {"country": "FRA"},  # a merchant of the simulated (French) bank
    },
)


@received.field("iban")
def resolve_iban(row: dict[str, Any], info: ResolveInfo) -> str:
    env, _ = caller(info)
    return str(get_row(env.store.db, "accounts", row["account_id"])["iban"])


@mutation.field("addInternalDirectDebitPaymentMandate")
@returns_rejections
def resolve_add_mandate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.add_internal_mandate(env, principal, input)
    return {
        "__typename": "AddInternalDirectDebitPaymentMandateSuccessPayload",
        "payment_mandate": row,
    }


@mutation.field("addReceivedInternalDirectDebitB2bMandate")
@returns_rejections
def resolve_add_received(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = received_mandates.add_internal_b2b_mandate(
        env,
        principal,
        str(input.get("payment_mandate_id") or ""),
        consent_redirect_url=input["consent_redirect_url"],
        name=input.get("name"),
    )
    return mandate_payload("AddReceivedInternalDirectDebitB2bMandateSuccessPayload", row)

"""Internal direct debits: a merchant collects from another account of the simulated bank
(in the same project) through its `InternalDirectDebitStandard` or `InternalDirectDebitB2b`
payment method, under a mandate the debtor signed.

- `add_internal_mandate` (`addInternalDirectDebitPaymentMandate`): the merchant declares the
  debtor account's signed mandate; `Enabled` at once (the partner keeps the signature), in
  `payment_mandates` (kind `Internal`), so `paymentMandate(id)` finds it. A B2B one debits
  companies only, and the debtor registers it on its side first
  (`addReceivedInternalDirectDebitB2bMandate`, `domain.received_mandates`).
- `collect` (a merchant collection; the seed datasets): two Pending transactions, the
  merchant's `InternalDirectDebitIn` credit and the debtor's `InternalDirectDebitOut`
  debit, linked in `internal_direct_debits`. A B2B debit under no Enabled received mandate
  starts Rejected (`MandateInvalid`).
- The Testing API's `simulateIncomingInternalDirectDebitBooking|Rejection|Return` act on the
  merchant's credit (money *incoming*): both legs are booked, or rejected; a booked one is
  returned as an `InternalDirectDebitInReturn` debit and an `InternalDirectDebitOutReturn`
  credit, booked at once, once per debit.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from ...storage import Database, get_row, insert_row, rows_where, text
from ...storage.rows import (
    AccountRow,
    InternalDirectDebitNew,
    MerchantPaymentMethodRow,
    MerchantProfileRow,
    PaymentMandateNew,
    PaymentMandateRow,
    TransactionRow,
)
from ..accounts.ledger import change_status, record_transaction
from ..kernel.access import require_permission
from ..kernel.context import Environment, Principal
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found, rejection
from ..kernel.validation import Checks
from .merchant_mandates import visible_method

__all__ = [
    "INTERNAL_METHOD_TYPES",
    "add_internal_mandate",
    "book_internal_debit",
    "collect",
    "reject_internal_debit",
    "return_internal_debit",
]

INTERNAL_METHOD_TYPES = ("InternalDirectDebitStandard", "InternalDirectDebitB2b")
_LINKS = "internal_direct_debits"


def _typed(name: str, message: str) -> Rejected:
    return Rejected(rejection(name, message))


def _debtor_account(
    db: Database,
    method: MerchantPaymentMethodRow,
    profile: MerchantProfileRow,
    account_id: str,
) -> AccountRow:
    rows = list(
        rows_where(db, "accounts", "id = ? AND project_id = ?", [account_id, method["project_id"]])
    )
    if not rows:
        raise Rejected(
            rejection("NotFoundRejection", f"Account {account_id} was not found.", id=account_id)
        )
    debtor = rows[0]
    if debtor["id"] == profile["account_id"]:
        raise _typed(
            "DebtorAccountNotAllowedRejection", "A merchant cannot collect from its own account."
        )
    if debtor["status"] in ("Closing", "Closed"):
        raise _typed("DebtorAccountClosedRejection", f"Account {account_id} is {debtor['status']}.")
    holder = get_row(db, "account_holders", debtor["holder_id"])
    if method["type"] == "InternalDirectDebitB2b" and holder["type"] != "Company":
        raise _typed(
            "SchemeWrongRejection",
            f"Internal direct debit B2B debits businesses; account {account_id} is a consumer's.",
        )
    return debtor


def _usable_method(db: Database, method: MerchantPaymentMethodRow) -> MerchantProfileRow:
    if method["type"] not in INTERNAL_METHOD_TYPES:
        raise _typed(
            "PaymentMethodNotCompatibleRejection",
            f"Payment method {method['id']} is {method['type']}, not an internal direct debit one.",
        )
    profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
    if profile["status"] != "Enabled":
        raise _typed(
            "MerchantProfileNotValidRejection",
            f"Merchant profile {profile['id']} is {profile['status']}; it must be Enabled.",
        )
    if method["status"] != "Enabled":
        raise Rejected(forbidden(f"Payment method {method['id']} is {method['status']}."))
    return profile


def add_internal_mandate(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> PaymentMandateRow:
    """The debtor account's signed mandate for a merchant's internal direct debit method."""
    checks = Checks()
    name = checks.text(data.get("name"), ["input", "name"], required=False, max_length=100)
    reference = checks.text(
        data.get("reference"), ["input", "reference"], required=False, max_length=35
    )
    checks.raise_if_any()
    with env.store.atomic() as db:
        method = visible_method(db, principal, str(data.get("payment_method_id") or ""))
        profile = _usable_method(db, method)
        creditor = get_row(db, "accounts", profile["account_id"])
        require_permission(db, principal, creditor["id"], "can_manage_account_membership")
        debtor = _debtor_account(db, method, profile, str(data.get("debtor_account_id") or ""))
        mandate_id = env.new_id(db, "payment-mandate")
        reference = reference or ("MANDATE-" + mandate_id.replace("-", "").upper())[:35]
        if db["payment_mandates"].count_where(
            "project_id = ? AND creditor_identifier = ? AND reference = ?",
            [method["project_id"], profile["id"], reference],
        ):
            raise _typed(
                "PaymentMandateReferenceAlreadyUsedRejection",
                f"Reference {reference} is already used by merchant profile {profile['id']}.",
            )
        now = env.now()
        insert_row(
            db,
            "payment_mandates",
            PaymentMandateNew(
                id=mandate_id,
                project_id=method["project_id"],
                account_holder_id=creditor["holder_id"],
                payment_method_id=method["id"],
                kind="Internal",
                name=name,
                reference=reference,
                scheme=method["type"],
                sequence=data.get("sequence") or "Recurrent",
                language=data.get("language") or "en",
                status="Enabled",
                status_changed_at=now,
                signature_date=data.get("signature_date") or now[:10],
                creditor_name=profile["merchant_name"],
                # An internal creditor is known by its merchant profile, not a SEPA identifier.
                creditor_identifier=profile["id"],
                creditor_address=json.dumps({"country": creditor.get("country") or "FRA"}),
                # An account holder has no `name` column: the debtor is named by its account.
                debtor_name=debtor["name"],
                debtor_iban=debtor["iban"],
                debtor_country=debtor.get("country") or "FRA",
                created_at=now,
                updated_at=now,
            ),
        )
        return get_row(db, "payment_mandates", mandate_id)


def _b2b_registered(db: Database, mandate: PaymentMandateRow, account_id: str) -> bool:
    return bool(
        db["received_direct_debit_mandates"].count_where(
            "account_id = ? AND creditor_identifier = ? AND reference = ? AND status = 'Enabled'",
            [account_id, mandate["creditor_identifier"], mandate["reference"]],
        )
    )


def collect(
    env: Environment,
    db: Database,
    mandate: PaymentMandateRow,
    amount: Decimal,
    label: str | None = None,
) -> TransactionRow:
    """A merchant collection under an internal mandate (in the caller's transaction): the
    merchant's Pending credit (returned) and the debtor's Pending debit."""
    method = get_row(db, "merchant_payment_methods", mandate["payment_method_id"])
    profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
    creditor = get_row(db, "accounts", profile["account_id"])
    [debtor] = rows_where(db, "accounts", "iban = ?", [mandate["debtor_iban"]])
    refused = mandate["scheme"] == "InternalDirectDebitB2b" and not _b2b_registered(
        db, mandate, debtor["id"]
    )
    legs = {}
    for kind, account, other in (("In", creditor, debtor), ("Out", debtor, creditor)):
        legs[kind] = record_transaction(
            env,
            db,
            project_id=mandate["project_id"],
            account_id=account["id"],
            type=f"InternalDirectDebit{kind}",
            amount=amount,
            label=label or f"Direct debit {mandate['reference']}",
            counterparty=other["name"] if kind == "In" else text(mandate, "creditor_name"),
            counterparty_iban=other["iban"],
            reference=mandate["reference"],
            payment_mandate_id=mandate["id"],
            status="Rejected" if refused else "Pending",
            status_reason="MandateInvalid" if refused else None,
        )
    insert_row(
        db,
        "internal_direct_debits",
        InternalDirectDebitNew(
            id=env.new_id(db, "internal-direct-debit"),
            project_id=mandate["project_id"],
            payment_mandate_id=mandate["id"],
            credit_transaction_id=legs["In"]["id"],
            debit_transaction_id=legs["Out"]["id"],
            created_at=env.now(),
        ),
    )
    return legs["In"]


def _legs(
    db: Database, project_id: str, transaction_id: str, error: str | None
) -> tuple[TransactionRow, TransactionRow]:
    """The merchant's credit and the debtor's debit of a debit named by its credit."""
    rows = list(
        rows_where(db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id])
    )
    if not rows:
        raise Rejected(not_found("Transaction", transaction_id))
    link = db.execute(
        f"SELECT debit_transaction_id FROM {_LINKS} WHERE credit_transaction_id = ?",
        [transaction_id],
    ).fetchone()
    if rows[0]["type"] != "InternalDirectDebitIn" or link is None:
        raise _error(None, f"Transaction {transaction_id} is no InternalDirectDebitIn.")
    return rows[0], get_row(db, "transactions", link[0])


def _error(payload: str | None, reason: str) -> Rejected:
    if payload is None:
        return Rejected(forbidden(reason))
    return Rejected({"__typename": payload, "reason": reason, "message": reason})


def _need(row: TransactionRow, status: str, payload: str | None) -> None:
    if row["status"] != status:
        raise _error(payload, f"Transaction {row['id']} is {row['status']}; this needs {status}.")


def book_internal_debit(env: Environment, project_id: str, transaction_id: str) -> TransactionRow:
    """The debtor's account pays: both legs Booked."""
    with env.store.atomic() as db:
        credit, debit = _legs(db, project_id, transaction_id, None)
        _need(credit, "Pending", None)
        change_status(env, db, debit, "Booked")
        return change_status(env, db, credit, "Booked")


def reject_internal_debit(
    env: Environment, project_id: str, transaction_id: str, reason: str | None, payload: str
) -> TransactionRow:
    """The debtor's side refuses a pending debit: both legs Rejected."""
    with env.store.atomic() as db:
        credit, debit = _legs(db, project_id, transaction_id, payload)
        _need(credit, "Pending", payload)
        reason = reason or "ReasonNotSpecifiedByDebtor"
        change_status(env, db, debit, "Rejected", reason=reason)
        return change_status(env, db, credit, "Rejected", reason=reason)


def return_internal_debit(
    env: Environment, project_id: str, transaction_id: str, reason: str, payload: str
) -> TransactionRow:
    """The debtor takes a booked debit back: the merchant's `InternalDirectDebitInReturn`
    debit (returned) and the debtor's `InternalDirectDebitOutReturn` credit, booked."""
    with env.store.atomic() as db:
        credit, debit = _legs(db, project_id, transaction_id, payload)
        _need(credit, "Booked", payload)
        if db["transactions"].count_where(
            "original_transaction_id = ? AND type = 'InternalDirectDebitInReturn'", [credit["id"]]
        ):
            raise _error(payload, f"Transaction {credit['id']} was already returned.")
        returns = {}
        for row in (credit, debit):
            kind = "InReturn" if row is credit else "OutReturn"
            returns[kind] = record_transaction(
                env,
                db,
                project_id=project_id,
                account_id=row["account_id"],
                type=f"InternalDirectDebit{kind}",
                amount=to_decimal(row["amount"]),
                status="Booked",
                status_reason=reason,
                label=f"Return of {row['label']}",
                counterparty=row["counterparty"],
                counterparty_iban=row.get("counterparty_iban"),
                reference=row.get("reference"),
                payment_mandate_id=row.get("payment_mandate_id"),
                original_transaction_id=row["id"],
            )
        return returns["InReturn"]

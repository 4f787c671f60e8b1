"""Merchant payment collections (`initiateMerchantPaymentCollection`): a merchant collects an
amount under a mandate, internal or SEPA direct debit, and gets a `Payment` grouping the
collection's credit on its account.

- `sepaDirectDebit`: as `initiateSepaDirectDebitMerchantPayment` (the same rules and
  rejections): a `SepaDirectDebit` merchant payment, Initiated, its debit Pending.
- `internalDirectDebit`: under an Enabled internal mandate the caller sees (else
  `NotFoundRejection`), of an Enabled internal direct debit method of an Enabled profile,
  its account Opened and the debtor's account not closing (else `ForbiddenRejection`): the
  merchant's Pending `InternalDirectDebitIn` and the debtor's Pending debit
  (`internal_direct_debits.collect`).

The payment (`payments`, Initiated, on the merchant's account) names the merchant's credit
(its `transactions`). Exactly one of the two is given, else `ValidationRejection`. An
idempotency key replays the same payment for the same input.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any, Final

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import InvalidTimestamp
from ...storage import Database, get_row, insert_row, update_row
from ...storage.rows import PaymentRow, TransactionChanges, TransactionRow
from ..funding.funding import get_payment_mandate
from ..kernel.access import require_permission
from ..kernel.context import Environment, Principal
from ..kernel.idempotency import fingerprint, recall, remember
from ..kernel.money import amount_text
from ..kernel.rejections import Rejected, forbidden, rejection, validation, validation_error
from ..kernel.validation import Checks
from .internal_direct_debits import INTERNAL_METHOD_TYPES, collect
from .merchant_payment_records import PERMISSION
from .merchant_payments import initiate_sepa_payment

__all__ = ["initiate_collection"]

OPERATION: Final = "initiateMerchantPaymentCollection"
_SCHEDULE_LIMIT = timedelta(days=366)


def _fail(message: str, path: list[str | int], code: str = "InvalidFormat") -> Rejected:
    return Rejected(validation([validation_error(code, message, path)]))


def _checked(env: Environment, data: dict[str, Any]) -> tuple[Decimal, dict[str, Any]]:
    checks = Checks()
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    fields: dict[str, Any] = {
        key: checks.text(data.get(key), ["input", name], required=False, max_length=limit)
        for key, name, limit in (
            ("label", "label", 140),
            ("reference", "reference", 35),
            ("external_reference", "externalReference", 140),
            ("idempotency_key", "idempotencyKey", 100),
        )
    }
    checks.raise_if_any()
    assert value is not None
    requested = (data.get("internal_direct_debit") or {}).get("requested_execution_at")
    if requested is not None:
        path: list[str | int] = ["input", "internalDirectDebit", "requestedExecutionAt"]
        try:
            moment = parse_timestamp(requested)
        except InvalidTimestamp as error:
            raise _fail(str(error), path) from error
        now = parse_timestamp(env.now())
        if not now <= moment <= now + _SCHEDULE_LIMIT:
            raise _fail(
                "requestedExecutionAt must be from now to a year ahead.", path, "OutOfRange"
            )
        fields["requested"] = format_timestamp(moment)
    return value, fields


def _payment(env: Environment, db: Database, credit: TransactionRow, key: str | None) -> PaymentRow:
    """The `Payment` grouping the collection's credit (in the caller's transaction)."""
    now = env.now()
    payment_id = env.new_id(db, "payment")
    insert_row(
        db,
        "payments",
        {
            "id": payment_id,
            "project_id": credit["project_id"],
            "account_id": credit["account_id"],
            "status": "Initiated",
            "idempotency_key": key,
            "created_at": now,
            "updated_at": now,
        },
    )
    update_row(db, "transactions", credit["id"], {"payment_id": payment_id})
    return get_row(db, "payments", payment_id)


def _internal(
    env: Environment,
    db: Database,
    principal: Principal,
    mandate_id: str,
    value: Decimal,
    fields: dict[str, Any],
) -> TransactionRow:
    mandate = get_payment_mandate(env, principal, mandate_id)
    if mandate is None or mandate.get("kind") != "Internal":
        message = f"Internal payment mandate {mandate_id} was not found."
        raise Rejected(rejection("NotFoundRejection", message, id=mandate_id))
    method = get_row(db, "merchant_payment_methods", str(mandate["payment_method_id"]))
    profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
    account = get_row(db, "accounts", profile["account_id"])
    require_permission(db, principal, account["id"], PERMISSION)
    debtors = list(db["accounts"].rows_where("iban = ?", [mandate["debtor_iban"]]))
    for what, row, wanted in (
        ("Payment mandate", mandate, "Enabled"),
        ("Payment method", method, "Enabled"),
        ("Merchant profile", profile, "Enabled"),
        ("Account", account, "Opened"),
        ("Debtor account", debtors[0] if debtors else {"id": "?", "status": "Closed"}, "Opened"),
    ):
        if row["status"] != wanted:
            raise Rejected(
                forbidden(f"{what} {row['id']} is {row['status']}; it must be {wanted}.")
            )
    if method["type"] not in INTERNAL_METHOD_TYPES:
        raise Rejected(forbidden(f"Payment method {method['id']} is no internal direct debit one."))
    credit = collect(env, db, mandate, value, fields["label"])
    changes: TransactionChanges = {}
    if fields["reference"]:
        changes["reference"] = fields["reference"]
    if fields.get("requested"):
        changes["execution_date"] = fields["requested"]
    if changes:
        update_row(db, "transactions", credit["id"], changes)
    return credit


def initiate_collection(env: Environment, principal: Principal, data: dict[str, Any]) -> PaymentRow:
    """Collect an amount under a merchant's mandate; the `Payment` grouping its credit."""
    internal, sepa = data.get("internal_direct_debit"), data.get("sepa_direct_debit")
    if bool(internal) == bool(sepa):
        raise _fail("Give exactly one of internalDirectDebit and sepaDirectDebit.", ["input"])
    value, fields = _checked(env, data)
    key = fields.pop("idempotency_key")
    with env.store.atomic() as db:
        if sepa:
            merchant_payment = initiate_sepa_payment(
                env,
                principal,
                {**data, **sepa, "idempotency_key": key},
            )
            credit = get_row(db, "transactions", str(merchant_payment["transaction_id"]))
            if credit["payment_id"]:  # the same request, replayed
                return get_row(db, "payments", credit["payment_id"])
            return _payment(env, db, credit, key)
        mandate_id = str((internal or {}).get("mandate_id") or "")
        request_hash = fingerprint({"mandate": mandate_id, "amount": amount_text(value), **fields})
        project_id = principal.project_id
        if key is not None:
            previous = recall(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash,
            )  # fmt: skip
            if previous is not None:
                return get_row(db, "payments", previous)
        payment = _payment(env, db, _internal(env, db, principal, mandate_id, value, fields), key)
        if key is not None:
            remember(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash, resource_id=payment["id"],
            )  # fmt: skip
        return payment

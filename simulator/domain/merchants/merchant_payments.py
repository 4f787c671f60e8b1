"""Merchant payments collected by SEPA direct debit (`initiateSepaDirectDebitMerchantPayment`)
under a mandate a merchant declared (`domain.merchant_mandates`).

| from | to | how |
|---|---|---|
| (new) | Initiated | `initiateSepaDirectDebitMerchantPayment`: a Pending `SepaDirectDebitIn` |
| Initiated | Canceled | `cancelMerchantPayment` (the full amount only), its debit Canceled |
| Initiated | Captured | the Testing API books the debit |
| Initiated | Rejected | the Testing API rejects the debit (its reason, as the payment's) |
| Captured | Disputed | the Testing API returns the debit (the debtor took it back) |

The debit credits the merchant profile's account and names the payment
(`merchant_payment_id`) and the mandate. A `OneOff` mandate takes one payment and is
canceled once that payment's debit is booked or rejected. Each change emits the
`MerchantPayment.*` event of its status.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any, Final

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import InvalidTimestamp
from ...storage import Database, get_row, insert_row, rows_where, text, update_row
from ...storage.rows import (
    AccountRow,
    MerchantPaymentChanges,
    MerchantPaymentMethodRow,
    MerchantPaymentRow,
    PaymentMandateRow,
    TransactionRow,
)
from ..accounts.ledger import change_status, record_transaction
from ..funding.funding import get_payment_mandate
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.idempotency import fingerprint, recall, remember
from ..kernel.money import amount_text, parse_amount, to_decimal
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import CREATED_RANGE, canonical_timestamp, with_comparisons, with_filters
from ..kernel.rejections import Rejected, forbidden, rejection, validation, validation_error
from ..kernel.validation import Checks
from .merchant_mandates import debtor_account_closed

__all__ = [
    "cancel_merchant_payment",
    "get_merchant_payment",
    "initiate_sepa_payment",
    "list_merchant_payments",
    "settle_merchant_payment",
]

_PAYMENTS: Final = "merchant_payments"
OPERATION = "initiateSepaDirectDebitMerchantPayment"
#: What a user needs on the merchant's account, as the real service's guide says.
_PERMISSION = "can_manage_account_membership"
_SCHEDULE_LIMIT = timedelta(days=366)
#: The merchant payment's rejection reason for each incoming debit reason code.
_REJECTED_REASONS = {
    "AccountClosed": "DebtorAccountClosed",
    "InsufficientFunds": "InsufficientFunds",
    "ReasonNotSpecifiedByDebtor": "ReasonNotSpecifiedByDebtor",
}
#: `MerchantPaymentOrderByFieldInput` -> column.
_ORDER_COLUMNS = {
    "amount": "amount_cents",
    "createdAt": "created_at",
    "externalReference": "external_reference",
    "label": "label",
    "status": "status",
}


def _cents(value: Decimal) -> int:
    return int((value * 100).to_integral_value())


def _input(data: dict[str, Any]) -> tuple[Decimal, dict[str, Any]]:
    checks = Checks()
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    fields = {
        "label": checks.text(data.get("label"), ["input", "label"], required=False),
        "reference": checks.text(
            data.get("reference"), ["input", "reference"], required=False, max_length=35
        ),
        "external_reference": checks.text(
            data.get("external_reference"), ["input", "externalReference"], required=False
        ),
        "key": checks.text(
            data.get("idempotency_key"), ["input", "idempotencyKey"], required=False, max_length=100
        ),
        "requested": None,
    }
    requested = data.get("requested_execution_at")
    if requested is not None:
        try:
            fields["requested"] = format_timestamp(parse_timestamp(requested))
        except InvalidTimestamp as error:
            checks.fail("InvalidFormat", str(error), ["input", "requestedExecutionAt"])
    checks.raise_if_any()
    assert value is not None
    return value, fields


def _check_requested(env: Environment, requested: str | None) -> None:
    # Executed from now to a year ahead at most, as a funding request's debit.
    now = parse_timestamp(env.now())
    if requested is not None and not now <= parse_timestamp(requested) <= now + _SCHEDULE_LIMIT:
        raise Rejected(
            validation(
                [
                    validation_error(
                        "OutOfRange",
                        "requestedExecutionAt must be from now to a year ahead.",
                        ["input", "requestedExecutionAt"],
                    )
                ]
            )
        )


def _usable_mandate(
    env: Environment, db: Database, principal: Principal, mandate_id: str
) -> tuple[PaymentMandateRow, MerchantPaymentMethodRow, AccountRow]:
    """The mandate, its method and the merchant's account, once a payment may be collected
    under it; `NotFoundRejection` for a mandate the caller does not see or no merchant's."""
    mandate = get_payment_mandate(env, principal, mandate_id)
    if mandate is None or not mandate.get("payment_method_id"):
        raise Rejected(
            rejection(
                "NotFoundRejection", f"Payment mandate {mandate_id} was not found.", id=mandate_id
            )
        )
    method = get_row(db, "merchant_payment_methods", mandate["payment_method_id"])
    profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
    account = get_row(db, "accounts", profile["account_id"])
    for what, row, wanted in (
        ("Payment mandate", mandate, "Enabled"),
        ("Payment method", method, "Enabled"),
        ("Merchant profile", profile, "Enabled"),
        ("Account", account, "Opened"),
    ):
        if row["status"] != wanted:
            raise Rejected(
                forbidden(f"{what} {row['id']} is {row['status']}; it must be {wanted}.")
            )
    if debtor_account_closed(db, text(mandate, "debtor_iban")):
        raise Rejected(
            forbidden(f"The debtor's account {mandate['debtor_iban']} is closing or closed.")
        )
    if mandate["sequence"] == "OneOff" and db[_PAYMENTS].count_where(
        "payment_mandate_id = ? AND status != 'Canceled'", [mandate_id]
    ):
        raise Rejected(forbidden(f"One-off mandate {mandate_id} was already used."))
    return mandate, method, account


def _insert(
    env: Environment,
    db: Database,
    mandate: PaymentMandateRow,
    method: MerchantPaymentMethodRow,
    account: AccountRow,
    value: Decimal,
    fields: dict[str, Any],
) -> MerchantPaymentRow:
    """The payment and its Pending debit (in the caller's transaction)."""
    now = env.now()
    payment_id = env.new_id(db, "merchant-payment")
    insert_row(
        db,
        _PAYMENTS,
        {
            "id": payment_id,
            "project_id": mandate["project_id"],
            "account_id": account["id"],
            "merchant_profile_id": method["merchant_profile_id"],
            "payment_method_id": method["id"],
            "payment_mandate_id": mandate["id"],
            "amount": amount_text(value),
            "amount_cents": _cents(value),
            "label": fields["label"],
            "reference": fields["reference"],
            "external_reference": fields["external_reference"],
            "status": "Initiated",
            "requested_execution_at": fields["requested"],
            "created_at": now,
            "updated_at": now,
        },
    )
    debit = record_transaction(
        env,
        db,
        project_id=mandate["project_id"],
        account_id=account["id"],
        type="SepaDirectDebitIn",
        amount=value,
        label=fields["label"] or f"Direct debit from {mandate['debtor_name']}",
        counterparty=text(mandate, "debtor_name"),
        counterparty_iban=mandate["debtor_iban"],
        reference=fields["reference"] or mandate["reference"],
        payment_mandate_id=mandate["id"],
        merchant_payment_id=payment_id,
        execution_date=fields["requested"] or now,
    )
    update_row(db, _PAYMENTS, payment_id, {"transaction_id": debit["id"]})
    update_row(db, "payment_mandates", mandate["id"], {"executed_at": now})
    emit(
        env, db, "MerchantPayment.Created", project_id=mandate["project_id"], resource_id=payment_id
    )
    return get_row(db, _PAYMENTS, payment_id)


def initiate_sepa_payment(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> MerchantPaymentRow:
    """Collect `amount` from a mandate's debtor into the merchant's account: the payment,
    `Initiated`, its debit Pending until the debtor's bank answers (the Testing API)."""
    value, fields = _input(data)
    _check_requested(env, fields["requested"])
    mandate_id = data.get("mandate_id") or ""
    request_hash = fingerprint(
        {"mandate": mandate_id, "amount": amount_text(value), "reference": fields["reference"]}
    )
    with env.store.atomic() as db:
        mandate, method, account = _usable_mandate(env, db, principal, mandate_id)
        require_permission(db, principal, account["id"], _PERMISSION)
        key, project_id = fields["key"], mandate["project_id"]
        if key is not None:
            previous = recall(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash,
            )  # fmt: skip
            if previous is not None:
                return get_row(db, _PAYMENTS, previous)
        payment = _insert(env, db, mandate, method, account, value, fields)
        if key is not None:
            remember(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash, resource_id=payment["id"],
            )  # fmt: skip
        return payment


def _visible(db: Database, principal: Principal, payment_id: str) -> MerchantPaymentRow:
    where, params = account_scope(principal)
    rows = list(rows_where(db, _PAYMENTS, f"id = ? AND {where}", [payment_id, *params]))
    if not rows:
        raise Rejected(
            rejection(
                "MerchantPaymentNotFoundRejection",
                f"Merchant payment {payment_id} was not found.",
                id=payment_id,
            )
        )
    return rows[0]


def get_merchant_payment(
    env: Environment, principal: Principal, payment_id: str
) -> MerchantPaymentRow | None:
    try:
        return _visible(env.store.db, principal, payment_id)
    except Rejected:
        return None


def list_merchant_payments(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """The merchant payments the caller sees, oldest first unless `orderBy` says otherwise;
    `filters` as the real `MerchantPaymentFiltersInput` (`merchant_profile_id` is set by a
    profile's own list)."""
    filters = dict(filters or {})
    where, params = with_filters(
        account_scope(principal),
        filters,
        equal=("account_id", "merchant_profile_id"),
        any_of=("status",),
    )
    where, params = with_comparisons((where, params), filters, CREATED_RANGE, canonical_timestamp)
    # A malformed amount is an AmountError: the caller's error (BAD_USER_INPUT).
    where, params = with_comparisons(
        (where, params),
        filters,
        {"amount_greater_than": "amount_cents > ?", "amount_smaller_than": "amount_cents < ?"},
        lambda given: _cents(parse_amount(str(given), allow_zero=True)),
    )
    if filters.get("payment_method"):
        types = list(filters["payment_method"])
        where += (
            " AND payment_method_id IN (SELECT id FROM merchant_payment_methods WHERE type IN "
            f"({', '.join('?' for _ in types)}))"
        )
        params.extend(types)
    if filters.get("search"):
        where += " AND (label LIKE ? OR reference LIKE ? OR external_reference LIKE ? OR id = ?)"
        pattern = f"%{filters['search']}%"
        params.extend([pattern, pattern, pattern, filters["search"]])
    order_by = order_by or {}
    return paginate(
        env.store.db,
        _PAYMENTS,
        where,
        params,
        first=first,
        after=after,
        order=(_ORDER_COLUMNS.get(order_by.get("field") or "createdAt", "created_at"), "id"),
        descending=order_by.get("direction") == "Desc",
    )


def cancel_merchant_payment(
    env: Environment, principal: Principal, payment_id: str, amount: dict[str, Any] | None
) -> MerchantPaymentRow:
    """Cancel an Initiated payment whose debit is still Pending, for its full amount."""
    value = None
    if amount is not None:
        checks = Checks()
        value = checks.amount(
            amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
        )
        checks.raise_if_any()
    with env.store.atomic() as db:
        payment = _visible(db, principal, payment_id)
        require_permission(db, principal, payment["account_id"], _PERMISSION)
        if (payment.get("kind") or "SepaDirectDebit") != "SepaDirectDebit":
            # A card's credit or a check's deposit is never canceled by the merchant here.
            raise Rejected(
                rejection(
                    "MerchantPaymentMethodNotCompatibleRejection",
                    f"A {payment['kind']} merchant payment is not canceled in the simulator; "
                    "only a SEPA direct debit one is.",
                    id=payment_id,
                )
            )
        if value is not None and value != to_decimal(payment["amount"]):
            raise Rejected(
                rejection(
                    "MerchantPaymentNotPartiallyCancellableRejection",
                    "A SEPA direct debit merchant payment is canceled for its full amount only.",
                    id=payment_id,
                )
            )
        debit = get_row(db, "transactions", payment["transaction_id"])
        if payment["status"] != "Initiated" or debit["status"] != "Pending":
            raise Rejected(
                rejection(
                    "MerchantPaymentNotCancellableRejection",
                    f"Merchant payment {payment_id} is {payment['status']}; only an Initiated "
                    "one is canceled.",
                    id=payment_id,
                )
            )
        change_status(env, db, debit, "Canceled")
        now = env.now()
        update_row(
            db, _PAYMENTS, payment_id, {"status": "Canceled", "canceled_at": now, "updated_at": now}
        )
        return get_row(db, _PAYMENTS, payment_id)


def settle_merchant_payment(
    env: Environment, db: Database, debit: TransactionRow, outcome: str
) -> None:
    """What the debtor's bank did to a payment's debit (`Booked`, `Rejected` or `Returned`),
    applied to the payment (in the caller's transaction); a debit of no merchant payment is
    left alone."""
    payment_id = debit.get("merchant_payment_id")
    if not payment_id:
        return
    payment = get_row(db, _PAYMENTS, payment_id)
    now = env.now()
    changes: MerchantPaymentChanges = {"updated_at": now}
    if outcome == "Booked":
        changes.update({"status": "Captured", "authorized_at": now, "captured_at": now})
    elif outcome == "Rejected":
        reason = _REJECTED_REASONS.get(debit.get("status_reason") or "", "BankRefused")
        changes.update({"status": "Rejected", "rejected_at": now, "rejected_reason": reason})
    else:
        changes.update({"status": "Disputed", "disputed_at": now})
    update_row(db, _PAYMENTS, payment_id, changes)
    emit(
        env,
        db,
        f"MerchantPayment.{changes['status']}",
        project_id=payment["project_id"],
        resource_id=payment_id,
    )
    mandate = get_row(db, "payment_mandates", payment["payment_mandate_id"])
    if outcome != "Returned" and mandate["sequence"] == "OneOff" and mandate["status"] == "Enabled":
        update_row(
            db,
            "payment_mandates",
            mandate["id"],
            {"status": "Canceled", "status_reason": "MandateExpired", "status_changed_at": now,
             "updated_at": now},
        )  # fmt: skip

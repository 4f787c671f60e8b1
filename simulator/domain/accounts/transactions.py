"""Transactions as the partner sees them: listing with filters, one by id, cancelling an
outgoing transfer, and the settlement of pending transfers on the virtual clock.

Settlement: a SEPA credit transfer (outgoing or incoming) is `Pending` from its execution,
then books itself after its mode's delay (`SETTLEMENT_DELAYS`: `Regular` 1 day, the two
instant modes 10 seconds), as scheduled work fired by advancing the clock. The Testing API
can book or reject an outgoing one earlier. An instant transfer has its own transaction type
(`SepaInstantCreditTransferOut`, `SepaInstantCreditTransferIn`), as in the real service.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, rows_where
from ...storage.rows import TransactionRow
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.money import AmountError, parse_amount
from ..kernel.pagination import Connection, InvalidPageRequest, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, forbidden, not_found
from .ledger import TRANSACTION_STATUSES, TRANSACTION_TYPES, change_status, get_transaction_row

__all__ = [
    "CREDITED_BACK_TYPES",
    "RETURN_TYPES",
    "SETTLEMENT_DELAYS",
    "TRANSACTION_STATUSES",
    "TRANSACTION_TYPES",
    "TRANSFER_MODES",
    "TRANSFER_TYPES",
    "cancel_transaction",
    "find_transaction",
    "get_transaction",
    "is_cancelable",
    "list_transactions",
    "next_settlement",
    "settle_due_transactions",
    "settlement_time",
    "transfer_type",
]

#: How long a pending transfer takes to book itself, per `CreditTransferMode`.
SETTLEMENT_DELAYS = {
    "Regular": timedelta(days=1),
    "InstantWithFallback": timedelta(seconds=10),
    "InstantWithoutFallback": timedelta(seconds=10),
}
TRANSFER_MODES = tuple(SETTLEMENT_DELAYS)
#: The SEPA credit transfer types: outgoing ones are the partner's, incoming ones the bank's.
OUTGOING_TRANSFER_TYPES = ("SepaCreditTransferOut", "SepaInstantCreditTransferOut")
INCOMING_TRANSFER_TYPES = ("SepaCreditTransferIn", "SepaInstantCreditTransferIn")
TRANSFER_TYPES = OUTGOING_TRANSFER_TYPES + INCOMING_TRANSFER_TYPES
#: What comes back (a credit) when an outgoing transfer is returned or recalled, and what
#: goes back (a debit) when an incoming one is; their parties are those of an incoming
#: transfer for a credit, of an outgoing one for a debit.
RETURN_TYPES = (
    "SepaCreditTransferOutReturn",
    "SepaCreditTransferOutRecall",
    "SepaInstantCreditTransferOutRecall",
    "SepaCreditTransferInReturn",
    "SepaCreditTransferInRecall",
    "SepaInstantCreditTransferInRecall",
)
CREDITED_BACK_TYPES = RETURN_TYPES[:3]
#: The transaction types of each `PaymentProduct` the simulator produces.
PRODUCT_TYPES = {
    # A transfer between two accounts of the bank is a SEPA credit transfer product too.
    "SEPACreditTransfer": TRANSFER_TYPES
    + RETURN_TYPES
    + (
        "InternalCreditTransferOut",
        "InternalCreditTransferIn",
        "InternalCreditTransferInRecall",
        "InternalCreditTransferInReturn",
        "InternalCreditTransferOutRecall",
        "InternalCreditTransferOutReturn",
    ),
    # Every type of the real `TransactionTypeEnum` has its product: a reversal is the
    # card payment's own product (issue 34: a reversed debit's `paymentProduct` failed).
    "Card": (
        "CardOutDebit",
        "CardOutCredit",
        "CardOutAuthorization",
        "CardOutDebitReversal",
        "CardOutCreditReversal",
    ),
    "Fees": ("FeesOut", "FeesIn"),
    "OnlineCard": ("CardInCredit", "CardInChargeback", "CardInChargebackReversal"),
    "InternationalCreditTransfer": (
        "InternationalCreditTransferIn",
        "InternationalCreditTransferInReturn",
        "InternationalCreditTransferOut",
        "InternationalCreditTransferOutReturn",
    ),
    "Check": ("CheckIn", "CheckInReturn"),
    "InternalDirectDebit": (
        "InternalDirectDebitIn",
        "InternalDirectDebitInReturn",
        "InternalDirectDebitOut",
        "InternalDirectDebitOutReturn",
    ),
    "SEPADirectDebit": (
        "SepaDirectDebitOut",
        "SepaDirectDebitOutReturn",
        "SepaDirectDebitOutReversal",
        "SepaDirectDebitIn",
        "SepaDirectDebitInReturn",
        "SepaDirectDebitInReversal",
    ),
}
#: Keyset order of every transaction list.
ORDER = ("execution_date", "id")


def transfer_type(mode: str, side: str) -> str:
    """The transaction type of a SEPA credit transfer of this mode and side."""
    instant = mode != "Regular"
    if side == "Debit":
        return OUTGOING_TRANSFER_TYPES[instant]
    return INCOMING_TRANSFER_TYPES[instant]


def settlement_time(env: Environment, mode: str) -> str:
    return format_timestamp(parse_timestamp(env.now()) + SETTLEMENT_DELAYS[mode])


def find_transaction(db: Database, principal: Principal, transaction_id: str) -> TransactionRow:
    """The transaction if the caller sees it, else `TransactionNotFoundRejection`."""
    where, params = account_scope(principal)
    rows = list(rows_where(db, "transactions", f"id = ? AND {where}", [transaction_id, *params]))
    if not rows:
        raise Rejected(not_found("Transaction", transaction_id))
    return rows[0]


def get_transaction(env: Environment, principal: Principal, transaction_id: str) -> TransactionRow:
    return visible_row(
        rows_where(env.store.db, "transactions", *by_id(account_scope(principal), transaction_id)),
        "Transaction",
        transaction_id,
    )


def list_transactions(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    descending: bool = False,
    offset: int | None = None,
    order: tuple[str, str] = ORDER,
) -> Connection:
    """Transactions the caller sees, by `order` (execution date unless told; oldest first
    unless `descending`).

    Filters: `account_id`, `card_id`, `payment_id` (set by the parent of a nested list),
    `status`, `type` and `payment_product` (lists), and the ranges and search of
    `_range_conditions`; `reference` is set by a received mandate's list. Pages are keyset
    range scans of the `(account_id | project_id, execution_date, id)` indexes.
    """
    filters = dict(filters or {})
    products = filters.pop("payment_product", None)
    if products:
        # A product filter is a type filter; both given, a transaction must match both.
        types = [kind for product in products for kind in PRODUCT_TYPES.get(product, ())]
        wanted = filters.get("type")
        filters["type"] = [kind for kind in types if not wanted or kind in wanted] or ["-"]
    where, params = with_filters(
        account_scope(principal),
        filters,
        equal=(
            "account_id",
            "card_id",
            "payment_id",
            "side",
            "counterparty_iban",
            "reference",
            "payment_mandate_id",
            "merchant_payment_id",
        ),
        any_of=("status", "type"),
    )
    trusted_id = filters.get("trusted_beneficiary_id")
    if trusted_id:  # an international trusted beneficiary's transfers
        where += (
            " AND payment_id IN (SELECT payment_id FROM international_credit_transfers"
            " WHERE trusted_beneficiary_id = ?)"
        )
        params.append(trusted_id)
    order_id = filters.get("standing_order_id")
    if order_id:
        where += " AND payment_id IN (SELECT id FROM payments WHERE standing_order_id = ?)"
        params.append(order_id)
    extra, values = _range_conditions(filters)
    where += extra
    params.extend(values)
    return paginate(
        env.store.db,
        "transactions",
        where,
        params,
        first=first,
        after=after,
        order=order,
        descending=descending,
        offset=offset,
    )


#: Range filters: (filter, SQL condition). Dates are inclusive after, exclusive before;
#: amounts strictly above or below (an exact one with `amount`).
_RANGES = (
    ("is_after_execution_date", "execution_date >= ?"),
    ("is_before_execution_date", "execution_date < ?"),
    ("is_after_updated_at", "updated_at >= ?"),
    ("is_before_updated_at", "updated_at < ?"),
)
_AMOUNT_RANGES = (
    ("amount", "CAST(amount AS REAL) = ?"),
    ("is_above_amount", "CAST(amount AS REAL) > ?"),
    ("is_below_amount", "CAST(amount AS REAL) < ?"),
)


def _range_conditions(filters: dict[str, Any]) -> tuple[str, list[Any]]:
    """The SQL of the date, amount and `search` filters of a transaction list.

    `search` matches the label, counterparty, reference or id, ignoring case (a substring).
    `include_rejected_with_fallback` narrows nothing: no transaction here is rejected with a
    fallback (instant transfers that fall back are booked as regular ones)."""
    where, params = "", []
    for key, condition in _RANGES:
        if filters.get(key):
            where += f" AND {condition}"
            params.append(filters[key])
    for key, condition in _AMOUNT_RANGES:
        if filters.get(key) is not None:
            try:
                value = parse_amount(filters[key], allow_zero=True)
            except AmountError as error:
                raise InvalidPageRequest(f"{key}: {error.message}") from None
            where += f" AND {condition}"
            params.append(float(value))
    search = str(filters.get("search") or "").strip()
    if search:
        # LIKE's wildcards in the search are matched literally.
        escaped = search.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        pattern = f"%{escaped}%"
        where += (
            " AND (lower(label) LIKE ? ESCAPE '\\' OR lower(counterparty) LIKE ? ESCAPE '\\'"
            " OR lower(coalesce(reference, '')) LIKE ? ESCAPE '\\' OR id = ?)"
        )
        params.extend([pattern, pattern, pattern, search])
    return where, params


def cancel_transaction(
    env: Environment, principal: Principal, transaction_id: str
) -> TransactionRow:
    """Cancel an outgoing standard SEPA credit transfer that is still Pending (not yet
    settled). Whatever stands in the way is a `ForbiddenRejection`, as in the real service
    (its payload has no other rejection): an unknown id, another type, another status."""
    with env.store.atomic() as db:
        try:
            transaction = find_transaction(db, principal, transaction_id)
        except Rejected:
            raise Rejected(forbidden(f"No cancelable transaction {transaction_id}.")) from None
        require_permission(db, principal, transaction["account_id"], "can_initiate_payments")
        if not is_cancelable(transaction):
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} cannot be canceled: only an Upcoming transfer, "
                    "a Pending standard SEPA credit transfer or funding debit can (it is a "
                    f"{transaction['status']} "
                    f"{transaction['type']})."
                )
            )
        return change_status(env, db, transaction, "Canceled", reason="CanceledByPartner")


def is_cancelable(transaction: TransactionRow) -> bool:
    """Whether `cancelTransaction` can cancel it: an outgoing standard transfer, or a funding
    request's debit (`SepaDirectDebitIn`), not settled; or any outgoing transfer requested
    for a later date (`Upcoming`) that is not due yet."""
    if transaction["status"] == "Upcoming":
        return True
    return bool(
        transaction["type"] in ("SepaCreditTransferOut", "SepaDirectDebitIn")
        and transaction["status"] == "Pending"
    )


def next_settlement(env: Environment) -> str | None:
    row = env.store.db.execute(
        "SELECT MIN(settles_at) FROM transactions WHERE status = 'Pending' "
        "AND settles_at IS NOT NULL"
    ).fetchone()
    return row[0] if row else None


def settle_due_transactions(env: Environment) -> list[dict[str, Any]]:
    """Book every pending transfer whose settlement time has come (one transaction each)."""
    now = env.now()
    due = [
        row[0]
        for row in env.store.db.execute(
            "SELECT id FROM transactions WHERE status = 'Pending' AND settles_at IS NOT NULL "
            "AND settles_at <= ? ORDER BY settles_at, id",
            [now],
        ).fetchall()
    ]
    timeline = []
    for transaction_id in due:
        with env.store.atomic() as db:
            transaction = get_transaction_row(db, transaction_id)
            if transaction is None or transaction["status"] != "Pending":
                continue
            change_status(env, db, transaction, "Booked")
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "settlement",
                "event": "Transaction.Booked",
                "resource_id": transaction_id,
                "summary": f"Transaction {transaction_id} booked: the pending transfer settled",
            }
        )
    return timeline

"""Standing orders: a SEPA credit transfer repeated every day, week or month.

| from | to | how |
|---|---|---|
| (new) | ConsentPending | `scheduleStandingOrder` |
| ConsentPending | Enabled | its `ScheduleStandingOrder` consent accepted |
| ConsentPending | Canceled | consent refused or expired, or `cancelStandingOrder` |
| Enabled | Canceled | `cancelStandingOrder` |

An Enabled order executes at each `next_execution_date` on the virtual clock (due work, see
`domain.due_work`): one `Initiated` payment (no consent: the order's consent covers it) with
one transfer, which settles like any other (`domain.transactions`) or is `Rejected`
(`InsufficientFunds`) when the available balance does not cover it. The amount is either
fixed (`amount`) or, with `targetAvailableBalance`, whatever brings the available balance down
to the target (nothing is sent when it is at or below). The next date moves one period on
(a month keeps the day of the month, clamped to the month's last day); past
`lastExecutionDate` nothing more is due.
"""

from __future__ import annotations

import calendar
from datetime import timedelta
from decimal import Decimal
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import (
    Database,
    get_row,
    insert_columns,
    insert_row,
    rows_where,
    text,
    update_row,
    with_changes,
)
from ...storage.rows import (
    ConsentRow,
    PaymentNew,
    StandingOrderChanges,
    StandingOrderRow,
    TransactionRow,
)
from ..accounts.account_lifecycle import consent_user, find_account
from ..accounts.ledger import read_balances, record_transaction
from ..accounts.transactions import TRANSFER_MODES, settlement_time, transfer_type
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import CURRENCY, amount_text, to_decimal
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks, check_sepa_address

__all__ = [
    "CONSENT_HANDLER",
    "PERIODS",
    "cancel_standing_order",
    "execute_due_standing_orders",
    "get_standing_order",
    "list_standing_orders",
    "next_standing_order",
    "schedule_standing_order",
]

PERIODS = ("Daily", "Weekly", "Monthly")


def next_date(moment: str, period: str) -> str:
    """The execution after one at `moment`."""
    when = parse_timestamp(moment)
    if period == "Daily":
        return format_timestamp(when + timedelta(days=1))
    if period == "Weekly":
        return format_timestamp(when + timedelta(weeks=1))
    year, month = (when.year + 1, 1) if when.month == 12 else (when.year, when.month + 1)
    day = min(when.day, calendar.monthrange(year, month)[1])
    return format_timestamp(when.replace(year=year, month=month, day=day))


def invalid_argument(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The real payload's rejection of bad input: `InvalidArgumentRejection`."""
    return rejection(
        "InvalidArgumentRejection",
        errors[0]["message"] if len(errors) == 1 else f"{len(errors)} invalid fields.",
        code="INVALID_INPUT",
        fields=[{"name": ".".join(e["path"][1:]), "errors": [e["message"]]} for e in errors],
    )


def _date(checks: Checks, value: object, path: list[str | int]) -> str | None:
    if value is None:
        return None
    try:
        return format_timestamp(parse_timestamp(str(value)))
    except ValueError:
        checks.fail("InvalidType", f"Not a date-time: {value!r}.", path)
        return None


def _checked(env: Environment, given: dict[str, Any]) -> dict[str, Any]:
    checks = Checks()
    url = checks.url(given.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    period = checks.choice(given.get("period"), PERIODS, ["input", "period"])
    amount: dict[str, Any] | None = given.get("amount")
    target: dict[str, Any] | None = given.get("target_available_balance")
    value = target_value = None
    if (amount is None) == (target is None):
        checks.fail("Missing", "Give exactly one of amount and targetAvailableBalance.", ["input"])
    elif amount is not None:
        value = checks.amount(
            amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
        )
    elif target is not None:
        target_value = checks.amount(
            target.get("value"),
            ["input", "targetAvailableBalance", "value"],
            currency=target.get("currency"),
            allow_zero=True,
        )
    beneficiary = given.get("sepa_beneficiary") or {}
    name = checks.text(beneficiary.get("name"), ["input", "sepaBeneficiary", "name"], max_length=70)
    iban = checks.iban(beneficiary.get("iban"), ["input", "sepaBeneficiary", "iban"], sepa=True)
    # Checked like a transfer's; an order keeps its beneficiary's name and IBAN only.
    check_sepa_address(checks, beneficiary.get("address"), ["input", "sepaBeneficiary", "address"])
    mode = checks.choice(
        given.get("credit_transfer_mode") or "Regular",
        TRANSFER_MODES,
        ["input", "creditTransferMode"],
    )
    reference = checks.text(
        given.get("reference"), ["input", "reference"], required=False, max_length=35
    )
    label = checks.text(given.get("label"), ["input", "label"], required=False, max_length=140)
    first = _date(checks, given.get("first_execution_date"), ["input", "firstExecutionDate"])
    last = _date(checks, given.get("last_execution_date"), ["input", "lastExecutionDate"])
    now = env.now()
    first = first or now
    if first < now:
        checks.fail(
            "InvalidString",
            "The first execution cannot be in the past.",
            ["input", "firstExecutionDate"],
        )
    if last is not None and last < first:
        checks.fail(
            "InvalidString",
            "The last execution is before the first.",
            ["input", "lastExecutionDate"],
        )
    if checks.errors:
        raise Rejected(invalid_argument(checks.errors))
    assert iban is not None
    return {
        "redirect_url": url,
        "period": period,
        "amount": amount_text(value) if value is not None else None,
        "target_available_balance": amount_text(target_value) if target_value is not None else None,
        "currency": CURRENCY,
        "beneficiary_name": name,
        "beneficiary_iban": iban.compact,
        "beneficiary_bic": str(iban.bic) if iban.bic else None,
        "credit_transfer_mode": mode,
        "reference": reference,
        "label": label,
        "first_execution_date": first,
        "last_execution_date": last,
    }


def schedule_standing_order(
    env: Environment, principal: Principal, account_id: str, given: dict[str, Any]
) -> StandingOrderRow:
    """A `ConsentPending` standing order of the account (Enabled at once for an auto-consent
    user); `given` holds the input's snake_case fields."""
    order = _checked(env, given)
    redirect_url = order.pop("redirect_url")
    with env.store.atomic() as db:
        try:
            account = find_account(db, principal, account_id)
        except Rejected as rejected:
            # The real payload has no AccountNotFoundRejection: an unknown account is Forbidden.
            raise Rejected(forbidden(rejected.payload["message"])) from None
        require_permission(db, principal, account_id, "can_initiate_payments")
        if account["status"] != "Opened":
            raise Rejected(
                forbidden(f"Account {account_id} is {account['status']}: only an Opened one pays.")
            )
        user_id = consent_user(db, principal, account_id)
        now = env.now()
        row: dict[str, Any] = {
            "id": env.new_id(db, "standing-order"),
            "project_id": account["project_id"],
            "account_id": account_id,
            "created_by": user_id,
            **order,
            "next_execution_date": order["first_execution_date"],
            "status": "ConsentPending",
            "created_at": now,
            "updated_at": now,
        }
        insert_columns(db, "standing_orders", row)
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="ScheduleStandingOrder",
            redirect_url=str(redirect_url),
            user_id=user_id,
            resource_id=row["id"],
        )
        update_row(db, "standing_orders", row["id"], {"consent_id": consent["id"]})
        return get_row(db, "standing_orders", row["id"])


def get_standing_order(env: Environment, principal: Principal, order_id: str) -> StandingOrderRow:
    return visible_row(
        rows_where(env.store.db, "standing_orders", *by_id(account_scope(principal), order_id)),
        "StandingOrder",
        order_id,
    )


def cancel_standing_order(
    env: Environment, principal: Principal, order_id: str
) -> StandingOrderRow:
    with env.store.atomic() as db:
        where, params = account_scope(principal)
        rows = list(rows_where(db, "standing_orders", f"id = ? AND {where}", [order_id, *params]))
        if not rows:
            raise Rejected(
                rejection(
                    "StandingOrderNotFoundRejection", f"Standing order {order_id} was not found."
                )
            )
        order = rows[0]
        require_permission(db, principal, order["account_id"], "can_initiate_payments")
        if order["status"] == "Canceled":
            raise Rejected(forbidden(f"Standing order {order_id} is already Canceled."))
        now = env.now()
        changes: StandingOrderChanges = {
            "status": "Canceled",
            "canceled_at": now,
            "next_execution_date": None,
            "updated_at": now,
        }
        update_row(db, "standing_orders", order_id, changes)
        emit(
            env, db, "StandingOrder.Canceled", project_id=order["project_id"], resource_id=order_id
        )
        return with_changes(order, changes)


def _enable(env: Environment, db: Database, consent: ConsentRow) -> None:
    order = get_row(db, "standing_orders", consent["resource_id"])
    if order["status"] == "ConsentPending":
        update_row(
            db, "standing_orders", order["id"], {"status": "Enabled", "updated_at": env.now()}
        )
        emit(
            env,
            db,
            "StandingOrder.Scheduled",
            project_id=order["project_id"],
            resource_id=order["id"],
        )


def _cancel(env: Environment, db: Database, consent: ConsentRow, _: str) -> None:
    order = get_row(db, "standing_orders", consent["resource_id"])
    if order["status"] == "ConsentPending":
        now = env.now()
        changes: StandingOrderChanges = {
            "status": "Canceled",
            "canceled_at": now,
            "next_execution_date": None,
            "updated_at": now,
        }
        update_row(db, "standing_orders", order["id"], changes)


#: What approving (or not) a `ScheduleStandingOrder` consent does.
CONSENT_HANDLER = ConsentHandler(_enable, _cancel)


# -- execution on the clock ------------------------------------------------------------------


def next_standing_order(env: Environment) -> str | None:
    row = env.store.db.execute(
        "SELECT MIN(next_execution_date) FROM standing_orders WHERE status = 'Enabled'"
    ).fetchone()
    return row[0] if row else None


def _execute(env: Environment, db: Database, order: StandingOrderRow) -> TransactionRow | None:
    """One execution: its transaction, or None when a target balance needed nothing."""
    account = get_row(db, "accounts", order["account_id"])
    available = read_balances(db, account["id"]).available
    if order["amount"] is not None:
        value = to_decimal(order["amount"])
    else:
        value = available - to_decimal(order["target_available_balance"])
        if value <= Decimal("0"):
            return None
    now = env.now()
    payment: PaymentNew = {
        "id": env.new_id(db, "payment"),
        "project_id": order["project_id"],
        "account_id": account["id"],
        "status": "Initiated",
        "standing_order_id": order["id"],
        "created_at": now,
        "updated_at": now,
    }
    insert_row(db, "payments", payment)
    covered = account["status"] == "Opened" and value <= available
    return record_transaction(
        env,
        db,
        project_id=order["project_id"],
        account_id=account["id"],
        type=transfer_type(text(order, "credit_transfer_mode"), "Debit"),
        amount=value,
        status="Pending" if covered else "Rejected",
        status_reason=None if covered else "InsufficientFunds",
        label=order["label"] or f"Standing order to {order['beneficiary_name']}",
        counterparty=text(order, "beneficiary_name"),
        counterparty_iban=order["beneficiary_iban"],
        counterparty_bic=order["beneficiary_bic"],
        reference=order["reference"],
        mode=order["credit_transfer_mode"],
        payment_id=payment["id"],
        settles_at=settlement_time(env, text(order, "credit_transfer_mode")) if covered else None,
    )


def _after(order: StandingOrderRow, moment: str) -> str | None:
    following = next_date(moment, order["period"])
    last = order.get("last_execution_date")
    return None if last is not None and following > last else following


def execute_due_standing_orders(env: Environment) -> list[dict[str, Any]]:
    """Execute every Enabled standing order whose next date has come (one transaction each)."""
    now = env.now()
    due = [
        row[0]
        for row in env.store.db.execute(
            "SELECT id FROM standing_orders WHERE status = 'Enabled' "
            "AND next_execution_date <= ? ORDER BY next_execution_date, id",
            [now],
        ).fetchall()
    ]
    timeline = []
    for order_id in due:
        with env.store.atomic() as db:
            order = get_row(db, "standing_orders", order_id)
            if order["status"] != "Enabled" or not order["next_execution_date"]:
                continue
            transaction = _execute(env, db, order)
            following = _after(order, order["next_execution_date"])
            update_row(
                db,
                "standing_orders",
                order_id,
                {"next_execution_date": following, "updated_at": now},
            )
        if transaction is None:
            continue  # the available balance was at or below the target: nothing to send
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "standing order",
                "event": f"Transaction.{transaction['status']}",
                "resource_id": transaction["id"],
                "summary": f"Standing order {order_id} executed: transfer {transaction['id']} "
                f"{transaction['status']}",
            }
        )
    return timeline


def list_standing_orders(
    env: Environment,
    principal: Principal,
    account_id: str,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    descending: bool = False,
    offset: int | None = None,
) -> Connection:
    """An account's standing orders the caller sees, oldest first; filters `status`."""
    filters = {**(filters or {}), "account_id": account_id}
    where, params = with_filters(
        account_scope(principal), filters, equal=("account_id",), any_of=("status",)
    )
    return paginate(
        env.store.db,
        "standing_orders",
        where,
        params,
        first=first,
        after=after,
        descending=descending,
        offset=offset,
    )

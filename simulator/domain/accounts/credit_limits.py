"""An account's credit limit: the partner asks for one, the bank decides, the account
repays what it owes each cycle by SEPA B2B direct debit from another bank account.

| step | how |
|---|---|
| request `ConsentPending` | `requestCreditLimitSettings` (a `RequestCreditLimit` consent) |
| `PendingReview` (or `Canceled`) | the consent accepted (or not) |
| `Approved`: settings `Activated`, a first cycle | `simulateCreditLimitUpdated(Accepted)` |
| `Refused` | `simulateCreditLimitUpdated(Refused)` |
| a new authorized amount | `simulateCreditLimitUpdated(Revised)` |
| a repayment `Confirmed`, `Success`/`Failed` | `simulateRepayment`, `...RepaymentUpdated` |
| a credit statement of a cycle | `generateCreditStatement`, `creditStatement` |

What the account owes is what its booked balance is below zero (*simulator choice*: the
simulator's payments are still checked against the available balance, so an account only
goes below zero when the bank takes money back, e.g. a bounced check). A repayment of a
positive owed amount is a Pending `SepaDirectDebitIn` credit from the repayment IBAN,
booked when the repayment succeeds (then the cycle is `Repaid`), rejected when it fails.
A cycle is a month (ending on `dayOfMonth`, at most 28) or `weekCount` weeks. Each change
of the settings emits `Account.Updated`.
"""

from __future__ import annotations

import calendar
import json
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from ...storage import Database, get_row, insert_row, rows_where, text, update_row
from ...storage.rows import (
    AccountRow,
    ConsentRow,
    CreditLimitRequestChanges,
    CreditLimitRequestNew,
    CreditLimitRequestRow,
    CreditLimitSettingChanges,
    CreditLimitSettingNew,
    CreditLimitSettingRow,
    CreditStatementNew,
    CreditStatementRow,
    RepaymentCycleNew,
    RepaymentCycleRow,
    RepaymentNew,
    RepaymentRow,
)
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import ZERO, AmountError, amount_text, parse_amount, to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found, rejection
from ..kernel.validation import Checks
from .account_lifecycle import consent_user, find_account
from .ledger import change_status, read_balances, record_transaction

__all__ = [
    "CONSENT_HANDLER",
    "decide_credit_limit",
    "generate_credit_statement",
    "get_credit_statement",
    "owed_amount",
    "request_credit_limit",
    "settings_of_account",
    "simulate_repayment",
    "update_repayment",
]

_OPEN_REQUESTS = ("ConsentPending", "PendingReview")


def _bad_request(message: str) -> Rejected:
    return Rejected(rejection("BadRequestRejection", message))


def _cycle_length(given: dict[str, Any]) -> dict[str, Any]:
    monthly: dict[str, Any] = given.get("monthly") or {}
    weekly: dict[str, Any] = given.get("weekly") or {}
    if bool(monthly) == bool(weekly):
        raise _bad_request("Give exactly one cycle length: monthly or weekly.")
    if monthly:
        day = int(monthly.get("day_of_month") or 0)
        if not 1 <= day <= 28:
            raise _bad_request(f"dayOfMonth is a day from 1 to 28, got {day}.")
        return {"monthly": {"day_of_month": day}}
    weeks = int(weekly.get("week_count") or 0)
    if not 1 <= weeks <= 4:
        raise _bad_request(f"weekCount is 1 to 4 weeks, got {weeks}.")
    return {"weekly": {"day_of_week": weekly.get("day_of_week"), "week_count": weeks}}


def _repayment_method(given: dict[str, Any]) -> dict[str, Any]:
    method = (given.get("repayment_method") or {}).get("sepa_direct_debit_b_2_b") or {}
    checks = Checks()
    iban = checks.iban(method.get("iban") or method.get("IBAN"), ["IBAN"], sepa=True)
    name = checks.text(method.get("name"), ["name"], max_length=70)
    if checks.errors or iban is None:
        raise _bad_request("The repayment account needs a name and a SEPA IBAN.")
    address = method.get("address") or {}
    missing = [key for key in ("address_line_1", "city", "postal_code") if not address.get(key)]
    if missing:
        raise Rejected(
            rejection(
                "MissingAddressItemRejection",
                "The repayment account's address lacks " + ", ".join(missing) + ".",
                address_line_1=address.get("address_line_1"),
                city=address.get("city"),
                postal_code=address.get("postal_code"),
            )
        )
    return {"iban": iban.compact, "name": name, "address": address}


def _legal_representative(db: Database, principal: Principal, account_id: str) -> None:
    if principal.user_id is None:
        return  # a project token acts for the partner; the consent goes to the representative
    if not db["account_memberships"].count_where(
        "account_id = ? AND user_id = ? AND legal_representative = 1",
        [account_id, principal.user_id],
    ):
        raise Rejected(
            rejection(
                "NotLegalRepresentativeRejection",
                "Only the account's legal representative asks for a credit limit.",
            )
        )


def request_credit_limit(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> CreditLimitRequestRow:
    """Ask for a credit limit on an account: the request, `ConsentPending`."""
    checks = Checks()
    url = checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    wanted = data.get("credit_limit_settings") or {}
    amount = (wanted.get("amount") or {}).get("value")
    try:
        value = parse_amount(amount)
    except AmountError as error:
        raise _bad_request(f"creditLimitSettings.amount: {error.message}") from None
    message = checks.text(wanted.get("message"), ["message"], required=False, max_length=500)
    if checks.errors:
        raise _bad_request(str(checks.errors[0]["message"]))
    cycle = _cycle_length(data.get("cycle_length") or {})
    method = _repayment_method(data.get("repayment_settings") or {})
    with env.store.atomic() as db:
        account = find_account(db, principal, str(data.get("account_id") or ""))
        _legal_representative(db, principal, account["id"])
        if account["status"] != "Opened":
            raise Rejected(forbidden(f"Account {account['id']} is {account['status']}."))
        settings_id = _settings_id(env, db, account)
        if db["credit_limit_requests"].count_where(
            "settings_id = ? AND status IN ('ConsentPending', 'PendingReview')", [settings_id]
        ):
            raise Rejected(forbidden(f"Account {account['id']} already has an open request."))
        now = env.now()
        request = CreditLimitRequestNew(
            id=env.new_id(db, "credit-limit-request"),
            project_id=account["project_id"],
            account_id=account["id"],
            settings_id=settings_id,
            amount=amount_text(value),
            message=message,
            cycle_length=json.dumps(cycle),
            repayment_method=json.dumps(method),
            status="ConsentPending",
            status_changed_at=now,
            created_at=now,
            updated_at=now,
        )
        insert_row(db, "credit_limit_requests", request)
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="RequestCreditLimit",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=request["id"],
        )
        update_row(db, "credit_limit_requests", request["id"], {"consent_id": consent["id"]})
        return get_row(db, "credit_limit_requests", request["id"])


def _settings_id(env: Environment, db: Database, account: AccountRow) -> str:
    """The id of the account's credit limit settings, `Pending` ones made if it has none."""
    rows = list(rows_where(db, "credit_limit_settings", "account_id = ?", [account["id"]]))
    if rows:
        return rows[0]["id"]
    now = env.now()
    row = CreditLimitSettingNew(
        id=env.new_id(db, "credit-limit-settings"),
        project_id=account["project_id"],
        account_id=account["id"],
        status="Pending",
        created_at=now,
        updated_at=now,
    )
    insert_row(db, "credit_limit_settings", row)
    return row["id"]


def settings_of_account(db: Database, account_id: str) -> CreditLimitSettingRow | None:
    rows = list(rows_where(db, "credit_limit_settings", "account_id = ?", [account_id]))
    return rows[0] if rows else None


def _move_request(
    env: Environment, db: Database, request: CreditLimitRequestRow, status: str
) -> None:
    now = env.now()
    changes = CreditLimitRequestChanges(status=status, status_changed_at=now, updated_at=now)
    update_row(db, "credit_limit_requests", request["id"], changes)


def _consented(env: Environment, db: Database, consent: ConsentRow) -> None:
    request = get_row(db, "credit_limit_requests", consent["resource_id"])
    if request["status"] == "ConsentPending":
        _move_request(env, db, request, "PendingReview")


def _not_consented(env: Environment, db: Database, consent: ConsentRow, _status: str) -> None:
    request = get_row(db, "credit_limit_requests", consent["resource_id"])
    if request["status"] == "ConsentPending":
        _move_request(env, db, request, "Canceled")


#: What accepting (or not) a `RequestCreditLimit` consent does.
CONSENT_HANDLER = ConsentHandler(_consented, _not_consented)


def _limit_error(code: str, message: str) -> Rejected:
    return Rejected(rejection("SimulateCreditLimitUpdatedRejection", message, code=code))


def _cycle_end(start: date, cycle: dict[str, Any]) -> date:
    if "weekly" in cycle:
        return start + timedelta(weeks=int(cycle["weekly"]["week_count"]))
    day = int(cycle["monthly"]["day_of_month"])
    year, month = (start.year, start.month) if start.day < day else (start.year, start.month + 1)
    if month == 13:
        year, month = year + 1, 1
    return date(year, month, min(day, calendar.monthrange(year, month)[1]))


def _open_cycle(env: Environment, db: Database, settings: CreditLimitSettingRow) -> None:
    start = date.fromisoformat(env.now()[:10])
    cycle = json.loads(text(settings, "cycle_length"))
    insert_row(
        db,
        "repayment_cycles",
        RepaymentCycleNew(
            id=env.new_id(db, "repayment-cycle"),
            project_id=settings["project_id"],
            settings_id=settings["id"],
            start_date=start.isoformat(),
            end_date=_cycle_end(start, cycle).isoformat(),
            status="Due",
            created_at=env.now(),
        ),
    )


def decide_credit_limit(
    env: Environment, project_id: str, account_id: str, status: str, authorized: Any
) -> CreditLimitSettingRow:
    """The bank's decision on an account's credit limit (the Testing API's outside world)."""
    with env.store.atomic() as db:
        if not db["accounts"].count_where("id = ? AND project_id = ?", [account_id, project_id]):
            raise _limit_error("Forbidden_Error", f"Account {account_id} was not found.")
        settings = settings_of_account(db, account_id)
        if settings is None:
            raise _limit_error("CreditLimitSettingsNotFound_Error", "No credit limit requested.")
        amount = None
        if authorized:
            try:
                amount = amount_text(parse_amount(authorized.get("value")))
            except AmountError as error:
                raise _limit_error("BadRequest_Error", error.message) from None
        if status == "Revised":
            if settings["status"] != "Activated" or amount is None:
                raise _limit_error(
                    "BadRequest_Error", "A revision needs an Activated limit and an amount."
                )
            changes: CreditLimitSettingChanges = {"authorized_amount": amount}
        else:
            requests = list(
                rows_where(
                    db,
                    "credit_limit_requests",
                    "settings_id = ? AND status = 'PendingReview'",
                    [settings["id"]],
                )
            )
            if not requests:
                raise _limit_error(
                    "CreditLimitSettingsRequestNotFound_Error", "No request awaits a review."
                )
            request = requests[0]
            _move_request(env, db, request, "Approved" if status == "Accepted" else "Refused")
            changes = {}
            if status == "Accepted":
                changes = {
                    "status": "Activated",
                    "authorized_amount": amount or request["amount"],
                    "cycle_length": request["cycle_length"],
                    "repayment_method": request["repayment_method"],
                }
        if changes:
            changes["updated_at"] = env.now()
            update_row(db, "credit_limit_settings", settings["id"], changes)
            settings = get_row(db, "credit_limit_settings", settings["id"])
            if not db["repayment_cycles"].count_where("settings_id = ?", [settings["id"]]):
                _open_cycle(env, db, settings)
            emit(env, db, "Account.Updated", project_id=project_id, resource_id=account_id)
        return settings


def owed_amount(db: Database, account_id: str) -> Decimal:
    """What the account owes: how far its booked balance is below zero."""
    return max(ZERO, -read_balances(db, account_id).booked)


def _activated(db: Database, project_id: str, account_id: str) -> CreditLimitSettingRow:
    if not db["accounts"].count_where("id = ? AND project_id = ?", [account_id, project_id]):
        raise Rejected(not_found("Account", account_id))
    settings = settings_of_account(db, account_id)
    if settings is None or settings["status"] != "Activated":
        raise Rejected(
            rejection(
                "CreditLimitSettingsNotFoundRejection",
                f"Account {account_id} has no Activated credit limit.",
            )
        )
    return settings


def _current_cycle(db: Database, settings_id: str) -> RepaymentCycleRow | None:
    rows = list(
        rows_where(
            db,
            "repayment_cycles",
            "settings_id = ?",
            [settings_id],
            order_by="start_date DESC, id DESC",
            limit=1,
        )
    )
    return rows[0] if rows else None


def simulate_repayment(env: Environment, project_id: str, account_id: str) -> RepaymentNew:
    """The account repays what it owes now: a `Confirmed` repayment (with its Pending credit
    from the repayment IBAN when it owes anything)."""
    with env.store.atomic() as db:
        settings = _activated(db, project_id, account_id)
        owed = owed_amount(db, account_id)
        method = json.loads(settings["repayment_method"] or "{}")
        transaction_id = None
        if owed > 0:
            transaction_id = record_transaction(
                env,
                db,
                project_id=project_id,
                account_id=account_id,
                type="SepaDirectDebitIn",
                amount=owed,
                label="Credit limit repayment",
                counterparty=method.get("name") or "Repayment account",
                counterparty_iban=method.get("iban"),
            )["id"]
        cycle = _current_cycle(db, settings["id"])
        now = env.now()
        row = RepaymentNew(
            id=env.new_id(db, "repayment"),
            project_id=project_id,
            settings_id=settings["id"],
            cycle_id=cycle["id"] if cycle else None,
            amount=amount_text(owed),
            status="Confirmed",
            transaction_id=transaction_id,
            created_at=now,
            updated_at=now,
        )
        insert_row(db, "repayments", row)
        if cycle is not None:
            update_row(db, "repayment_cycles", cycle["id"], {"status": "Submitted"})
        return row


def update_repayment(
    env: Environment, project_id: str, account_id: str, repayment_id: str, status: str
) -> RepaymentRow:
    """A confirmed repayment succeeds (its credit is booked, its cycle `Repaid`) or fails
    (its credit is rejected, its cycle `Overdue`)."""
    with env.store.atomic() as db:
        settings = _activated(db, project_id, account_id)
        rows = list(
            rows_where(
                db, "repayments", "id = ? AND settings_id = ?", [repayment_id, settings["id"]]
            )
        )
        if not rows:
            raise Rejected(
                rejection("RepaymentNotFoundRejection", f"Repayment {repayment_id} was not found.")
            )
        row = rows[0]
        if row["status"] != "Confirmed":
            raise Rejected(
                rejection(
                    "RepaymentWrongStatusRejection",
                    f"Repayment {repayment_id} is {row['status']}: it can change no more.",
                )
            )
        if status not in ("Success", "Failed"):
            raise Rejected(
                rejection(
                    "RepaymentWrongStatusTransitionRejection",
                    f"A Confirmed repayment becomes Success or Failed, not {status}.",
                )
            )
        if row["transaction_id"]:
            credit = get_row(db, "transactions", row["transaction_id"])
            if status == "Success":
                change_status(env, db, credit, "Booked")
            else:
                change_status(env, db, credit, "Rejected", reason="InsufficientFunds")
        update_row(db, "repayments", row["id"], {"status": status, "updated_at": env.now()})
        if row["cycle_id"]:
            cycle_status = "Repaid" if status == "Success" else "Overdue"
            update_row(db, "repayment_cycles", row["cycle_id"], {"status": cycle_status})
        return get_row(db, "repayments", row["id"])


def _booked_before(db: Database, account_id: str, when: str) -> Decimal:
    row = db.execute(
        "SELECT COALESCE(SUM(CASE side WHEN 'Credit' THEN CAST(amount AS REAL) "
        "ELSE -CAST(amount AS REAL) END), 0) FROM transactions "
        "WHERE account_id = ? AND status = 'Booked' AND booking_date < ?",
        [account_id, when],
    ).fetchone()
    return to_decimal(f"{row[0]:.2f}")


def _totals(db: Database, account_id: str, start: str, end: str) -> dict[str, Decimal]:
    totals = {"Credit": ZERO, "Debit": ZERO}
    for side, amount in db.execute(
        "SELECT side, amount FROM transactions WHERE account_id = ? AND status = 'Booked' "
        "AND booking_date >= ? AND booking_date <= ?",
        [account_id, start, end],
    ).fetchall():
        totals[side] += to_decimal(amount)
    return totals


def generate_credit_statement(
    env: Environment, principal: Principal, account_id: str, cycle_id: str, language: str | None
) -> CreditStatementNew:
    """A statement of a repayment cycle: the account's booked movements over its dates."""
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        settings = settings_of_account(db, account["id"])
        if settings is None:
            raise Rejected(
                rejection(
                    "CreditLimitSettingsNotFoundRejection",
                    f"Account {account_id} has no credit limit.",
                )
            )
        cycles = list(
            rows_where(
                db, "repayment_cycles", "id = ? AND settings_id = ?", [cycle_id, settings["id"]]
            )
        )
        if not cycles:
            raise Rejected(
                rejection(
                    "RepaymentCycleNotFoundRejection", f"Repayment cycle {cycle_id} was not found."
                )
            )
        cycle = cycles[0]
        start = f"{cycle['start_date']}T00:00:00.000Z"
        # The cycle's last instant, or now for the current cycle (inclusive either way).
        end = min(f"{cycle['end_date']}T00:00:00.000Z", env.now())
        totals = _totals(db, account["id"], start, end)
        opening = _booked_before(db, account["id"], start)
        row = CreditStatementNew(
            id=env.new_id(db, "credit-statement"),
            project_id=account["project_id"],
            account_id=account["id"],
            cycle_id=cycle["id"],
            language=language or account.get("language") or "en",
            opening_date=start,
            closing_date=end,
            opening_balance=amount_text(opening),
            closing_balance=amount_text(opening + totals["Credit"] - totals["Debit"]),
            total_credits=amount_text(totals["Credit"]),
            total_debits=amount_text(totals["Debit"]),
            created_at=env.now(),
        )
        insert_row(db, "credit_statements", row)
        return row


def get_credit_statement(
    env: Environment, principal: Principal, statement_id: str
) -> CreditStatementRow | None:
    """The statement if the caller sees its account, else None."""
    rows = list(rows_where(env.store.db, "credit_statements", "id = ?", [statement_id]))
    if not rows:
        return None
    try:
        find_account(env.store.db, principal, rows[0]["account_id"])
    except Rejected:
        return None
    return rows[0]

"""An account holder's funding limits: how much its accounts may pull through funding requests.

Every holder has settings (`FundingLimitSettings`): a funding limit over a rolling window of
days, and a smaller instant funding limit for requests made with `isInstant`. A funding
request whose amount, added to what the holder's funding requests pulled in the window (any
not rejected, canceled or returned), passes a limit is refused with
`FundingLimitExceededRejection` / `InstantFundingLimitExceededRejection`. A holder with no
stored settings has the simulator's defaults (`DEFAULT_LIMITS`).

The partner asks for other limits with `addFundingLimitSettingsChangeRequest` (`Pending`);
the bank (the Testing API's `updateFundingLimitSettingsChangeRequest`) approves it, with the
amounts asked or others (`Approved`: the settings change), refuses it (`Refused`), or asks
for more information (`WaitingForInformation`). `updateAccountHolderFundingLimits` sets the
limits at once. Each change of a request emits `FundingLimitSettingsChangeRequest.Created`
/ `.Updated`.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any, Final

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, insert_row, rows_where, update_columns, upsert_columns
from ...storage.rows import (
    AccountHolderRow,
    FundingLimitChangeRequestNew,
    FundingLimitChangeRequestRow,
    FundingLimitSettingRow,
)
from ..accounts.holders import holder_scope
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import ZERO, amount_text, to_decimal
from ..kernel.pagination import Connection, paginate
from ..kernel.rejections import Rejected, forbidden, not_found, rejection
from ..kernel.validation import Checks

__all__ = [
    "CHANGE_REQUEST_STATUSES",
    "DEFAULT_LIMITS",
    "FUNDED_STATUSES",
    "add_change_request",
    "check_funding_limits",
    "funding_used",
    "get_change_request",
    "limit_settings",
    "list_change_requests",
    "set_limits",
    "update_change_request",
]

#: The limits of a holder whose limits were never set: (funding, rolling days, instant).
DEFAULT_LIMITS = (Decimal("10000.00"), 30, Decimal("1000.00"))
CHANGE_REQUEST_STATUSES = ("Pending", "WaitingForInformation", "Approved", "Refused")
#: The funding transactions that count against the limits.
FUNDED_STATUSES = ("Pending", "Booked")
_REQUESTS: Final = "funding_limit_change_requests"
#: The most a change request may ask for (a bigger amount is a bad amount).
_MAX_LIMIT = Decimal("10000000.00")


def limit_settings(db: Database, holder: AccountHolderRow) -> FundingLimitSettingRow:
    """The holder's settings row, or the defaults (not stored) when none were set."""
    rows = list(rows_where(db, "funding_limit_settings", "account_holder_id = ?", [holder["id"]]))
    if rows:
        return rows[0]
    funding, days, instant = DEFAULT_LIMITS
    return {
        "account_holder_id": holder["id"],
        "project_id": holder["project_id"],
        "funding_limit": amount_text(funding),
        "rolling_days": days,
        "instant_funding_limit": amount_text(instant),
        "status": "Enabled",
        "status_reason": None,
        "updated_at": holder.get("created_at"),
    }


def funding_used(
    env: Environment, db: Database, holder_id: str, days: int, *, instant: bool
) -> Decimal:
    """What the holder's funding requests pulled in the last `days` days (instant ones only
    with `instant`)."""
    since = format_timestamp(parse_timestamp(env.now()) - timedelta(days=days))
    where = (
        "type = 'SepaDirectDebitIn' AND status IN ('Pending', 'Booked') AND created_at >= ? "
        "AND payment_mandate_id IN (SELECT id FROM payment_mandates WHERE account_holder_id = ?) "
        # A returned debit brought nothing in.
        "AND id NOT IN (SELECT original_transaction_id FROM transactions "
        "WHERE type = 'SepaDirectDebitInReturn' AND original_transaction_id IS NOT NULL)"
    )
    if instant:
        where += " AND mode = 'Instant'"
    rows = db.execute(f"SELECT amount FROM transactions WHERE {where}", [since, holder_id])
    return sum((to_decimal(row[0]) for row in rows), ZERO)


def check_funding_limits(
    env: Environment,
    db: Database,
    holder: AccountHolderRow,
    amount: Decimal,
    *,
    instant: bool,
) -> None:
    """Refuse a funding request of `amount` the holder's limits do not leave room for."""
    settings = limit_settings(db, holder)
    if settings["status"] != "Enabled":
        raise Rejected(
            forbidden(
                f"Account holder {holder['id']}'s funding limits are {settings['status']}: "
                "no funding request is possible."
            )
        )
    days = int(settings["rolling_days"])
    used = funding_used(env, db, holder["id"], days, instant=False)
    if used + amount > to_decimal(settings["funding_limit"]):
        raise Rejected(
            rejection(
                "FundingLimitExceededRejection",
                f"Account holder {holder['id']} may pull {settings['funding_limit']} EUR in "
                f"{days} days; {amount_text(used)} EUR already requested.",
            )
        )
    if instant:
        used = funding_used(env, db, holder["id"], days, instant=True)
        if used + amount > to_decimal(settings["instant_funding_limit"]):
            raise Rejected(
                rejection(
                    "InstantFundingLimitExceededRejection",
                    f"Account holder {holder['id']} may pull "
                    f"{settings['instant_funding_limit']} EUR instantly in {days} days; "
                    f"{amount_text(used)} EUR already requested.",
                )
            )


def set_limits(
    env: Environment,
    db: Database,
    holder: AccountHolderRow,
    *,
    funding: Decimal,
    instant: Decimal,
    rolling_days: int | None = None,
) -> dict[str, Any]:
    """Store the holder's limits (in the caller's transaction)."""
    current = limit_settings(db, holder)
    row = {
        **current,
        "funding_limit": amount_text(funding),
        "instant_funding_limit": amount_text(instant),
        "rolling_days": rolling_days if rolling_days is not None else current["rolling_days"],
        "updated_at": env.now(),
    }
    upsert_columns(db, "funding_limit_settings", row, pk="account_holder_id")
    return row


def _visible_holder(db: Database, principal: Principal, holder_id: str) -> AccountHolderRow:
    where, params = holder_scope(principal)
    rows = list(rows_where(db, "account_holders", f"id = ? AND {where}", [holder_id, *params]))
    if not rows:
        raise Rejected(not_found("AccountHolder", holder_id))
    return rows[0]


def _limit_amount(checks: Checks, value: Any, path: list[str | int]) -> Decimal | None:
    amount = (value or {}).get("amount") or {}
    return checks.amount(
        amount.get("value"), [*path, "amount", "value"], currency=amount.get("currency")
    )


def _bad_amount(message: str) -> Rejected:
    return Rejected(rejection("FundingLimitSettingsChangeRequestBadAmountRejection", message))


def add_change_request(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> FundingLimitChangeRequestRow:
    """Ask the bank for other funding limits for a holder; the `Pending` request."""
    checks = Checks()
    funding = _limit_amount(checks, data.get("funding_limit"), ["input", "fundingLimit"])
    instant = _limit_amount(
        checks, data.get("instant_funding_limit"), ["input", "instantFundingLimit"]
    )
    checks.raise_if_any()
    assert funding is not None and instant is not None
    if funding > _MAX_LIMIT or instant > _MAX_LIMIT:
        raise _bad_amount(f"A funding limit is at most {_MAX_LIMIT} EUR.")
    if instant > funding:
        raise _bad_amount("The instant funding limit cannot exceed the funding limit.")
    with env.store.atomic() as db:
        holder = _visible_holder(db, principal, data.get("account_holder_id") or "")
        if principal.user_id is not None and not _is_representative(db, principal, holder):
            raise Rejected(
                forbidden(
                    f"Only a legal representative of account holder {holder['id']} may ask "
                    "for other funding limits."
                )
            )
        now = env.now()
        row: FundingLimitChangeRequestNew = {
            "id": env.new_id(db, "funding-limit-settings-change-request"),
            "project_id": holder["project_id"],
            "account_holder_id": holder["id"],
            "funding_limit": amount_text(funding),
            "instant_funding_limit": amount_text(instant),
            "status": "Pending",
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, _REQUESTS, row)
        emit(
            env,
            db,
            "FundingLimitSettingsChangeRequest.Created",
            project_id=row["project_id"],
            resource_id=row["id"],
        )
        return get_row(db, _REQUESTS, row["id"])


def _is_representative(db: Database, principal: Principal, holder: AccountHolderRow) -> bool:
    return bool(
        db.execute(
            "SELECT 1 FROM account_memberships WHERE user_id = ? AND status = 'Enabled' "
            "AND legal_representative = 1 AND account_id IN "
            "(SELECT id FROM accounts WHERE holder_id = ?)",
            [principal.user_id, holder["id"]],
        ).fetchone()
    )


def get_change_request(
    env: Environment, principal: Principal, request_id: str
) -> FundingLimitChangeRequestRow | None:
    """The request, or None when the caller does not see its holder (the query is nullable)."""
    rows = list(
        rows_where(
            env.store.db, _REQUESTS, "id = ? AND project_id = ?", [request_id, principal.project_id]
        )
    )
    if not rows:
        return None
    try:
        _visible_holder(env.store.db, principal, rows[0]["account_holder_id"])
    except Rejected:
        return None
    return rows[0]


def list_change_requests(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """A holder's change requests (`filters["account_holder_id"]`), oldest first."""
    holder_id = (filters or {}).get("account_holder_id")
    return paginate(
        env.store.db,
        _REQUESTS,
        "project_id = ? AND account_holder_id = ?",
        [principal.project_id, holder_id],
        first=first,
        after=after,
        before=before,
    )


def update_change_request(
    env: Environment, project_id: str, data: dict[str, Any]
) -> FundingLimitChangeRequestRow:
    """The bank's answer to a change request (the Testing API): approve it (with the amounts
    asked, or `approved*` ones), refuse it, or ask for information."""
    request_id = data.get("funding_limit_settings_change_request_id") or ""
    checks = Checks()
    status = checks.choice(
        data.get("status") or "Approved", CHANGE_REQUEST_STATUSES[1:], ["input", "status"]
    )
    approved = {
        key: _limit_amount(checks, data[key], ["input", name]) if data.get(key) else None
        for key, name in (
            ("approved_funding_limit", "approvedFundingLimit"),
            ("approved_instant_funding_limit", "approvedInstantFundingLimit"),
        )
    }
    reason = checks.text(data.get("reason"), ["input", "reason"], required=False, max_length=500)
    checks.raise_if_any()
    with env.store.atomic() as db:
        rows = list(
            rows_where(db, _REQUESTS, "id = ? AND project_id = ?", [request_id, project_id])
        )
        if not rows:
            raise Rejected(
                rejection(
                    "FundingLimitSettingsChangeRequestNotFoundRejection",
                    f"Funding limit settings change request {request_id} was not found.",
                )
            )
        row = rows[0]
        if row["status"] not in ("Pending", "WaitingForInformation"):
            raise Rejected(
                rejection(
                    "FundingLimitSettingsChangeRequestStatusNotAllowedRejection",
                    f"Funding limit settings change request {request_id} is {row['status']}: "
                    "it was already answered.",
                )
            )
        changes: dict[str, Any] = {
            "status": status,
            "reason": reason,
            "updated_at": env.now(),
        }
        if status == "Approved":
            funding = approved["approved_funding_limit"] or to_decimal(row["funding_limit"])
            instant = approved["approved_instant_funding_limit"] or to_decimal(
                row["instant_funding_limit"]
            )
            changes["approved_funding_limit"] = amount_text(funding)
            changes["approved_instant_funding_limit"] = amount_text(instant)
            holder = get_row(db, "account_holders", row["account_holder_id"])
            set_limits(env, db, holder, funding=funding, instant=instant)
        update_columns(db, _REQUESTS, request_id, changes)
        emit(
            env,
            db,
            "FundingLimitSettingsChangeRequest.Updated",
            project_id=project_id,
            resource_id=request_id,
        )
        return get_row(db, _REQUESTS, request_id)


def latest_change_request(db: Database, holder_id: str) -> FundingLimitChangeRequestRow | None:
    """The holder's most recent change request, if any."""
    rows = list(
        rows_where(
            db,
            _REQUESTS,
            "account_holder_id = ?",
            [holder_id],
            order_by="created_at DESC, id DESC",
            limit=1,
        )
    )
    return rows[0] if rows else None

"""Account changes: open another, rename, suspend, resume, close (through a consent),
closing time, and blocking incoming SEPA direct debits.

| from | to | how | event |
|---|---|---|---|
| (none) | Opened | `openAccount` for a Verified, Enabled holder | Account.Created |
| Opened | Suspended | the bank suspends it (`suspendSandboxAccount`) | Account.Updated |
| Suspended | Opened | the bank lifts the suspension (`resumeSandboxAccount`) | Account.Updated |
| Opened | Closing | `closeAccount`, once its consent is accepted | Account.Closing |
| Closing | Closed | `CLOSING_DELAY` later, once empty (scheduled work) | Account.Closed |

As in the real service, only the bank acts on a Suspended account: `closeAccount` needs it
Opened (else `BadAccountStatusRejection`). An account with money starts closing too: the web
banking's closing flow asks to close first, then offers to transfer the balance out of the
Closing account. So a Closing account is Closed at the end of its delay only once empty (a
booked balance of zero and no pending transaction); until then it is looked at again every
`CLOSING_DELAY`. When it starts closing, its cards and virtual IBANs are canceled.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, rows_where, update_columns, update_row, with_changes
from ...storage.rows import AccountChanges, AccountRow, ConsentRow
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import legal_representative, require_legal_representative
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import ZERO
from ..kernel.rejections import Rejected, forbidden, not_found, rejection, wrong_status
from ..kernel.validation import Checks
from .accounts import (
    accessible_accounts_condition,
    copy_legal_representative,
    holder_display_name,
    insert_account,
)
from .holders import holder_scope
from .ledger import read_balances

__all__ = [
    "ACCOUNT_CREATION_LIMIT",
    "ACCOUNT_TRANSITIONS",
    "CLOSING_DELAY",
    "block_sdd",
    "close_account",
    "close_due_accounts",
    "consent_user",
    "find_account",
    "next_closing",
    "open_account",
    "resume_account",
    "suspend_account",
    "update_account",
]

ACCOUNT_TRANSITIONS: dict[str, tuple[str, ...]] = {
    "Opened": ("Suspended", "Closing"),
    "Suspended": ("Opened",),
    "Closing": ("Closed",),
}
#: How many accounts one holder may have (`ProjectInfo.multipleAccountsSettings`).
ACCOUNT_CREATION_LIMIT = 10
#: How long an account stays Closing before it is Closed (a simulator choice; documented).
CLOSING_DELAY = timedelta(days=1)

_LANGUAGE = re.compile(r"^[a-z]{2}$")
#: The real service's closing reason for a closure the partner asks for, and one the legal
#: representative asks for (through the partner, with their user token).
_PARTNER_CLOSURE = "RequestedByPartner"
_HOLDER_CLOSURE = "RequestedByHolder"


def find_account(db: Database, principal: Principal, account_id: str) -> AccountRow:
    """The account if the caller sees it, else `AccountNotFoundRejection`."""
    where, params = accessible_accounts_condition(principal)
    rows = list(rows_where(db, "accounts", f"id = ? AND {where}", [account_id, *params]))
    if not rows:
        raise Rejected(not_found("Account", account_id))
    return rows[0]


def require_account_status(account: AccountRow, *allowed: str) -> None:
    if account["status"] not in allowed:
        raise Rejected(wrong_status("Account", account["id"], account["status"], allowed[0]))


def consent_user(db: Database, principal: Principal, account_id: str) -> str:
    """Who must consent to a sensitive operation on an account: the user of a user token,
    else (a project token) the account's legal representative."""
    if principal.user_id is not None:
        return principal.user_id
    representative = legal_representative(db, account_id)
    if representative is None:
        raise Rejected(
            forbidden(
                f"Account {account_id} has no legal representative to consent; "
                "use a user access token."
            )
        )
    return str(representative["user_id"])


def _move(
    env: Environment,
    db: Database,
    account: AccountRow,
    status: str,
    event_type: str,
    **extra: Any,
) -> AccountRow:
    if status not in ACCOUNT_TRANSITIONS.get(account["status"], ()):
        expected = next(
            (source for source, targets in ACCOUNT_TRANSITIONS.items() if status in targets),
            "Opened",
        )
        raise Rejected(wrong_status("Account", account["id"], account["status"], expected))
    changes: dict[str, Any] = {"status": status, "updated_at": env.now(), **extra}
    update_columns(db, "accounts", account["id"], changes)
    emit(env, db, event_type, project_id=account["project_id"], resource_id=account["id"])
    return with_changes(account, changes)


def update_account(
    env: Environment,
    principal: Principal,
    account_id: str,
    *,
    name: str | None = None,
    language: str | None = None,
) -> AccountRow:
    """Rename an account or change its language (legal representative or project token)."""
    checks = Checks()
    if name is not None:
        name = checks.text(name, ["input", "name"], max_length=100)
    if language is not None and not _LANGUAGE.match(language):
        checks.fail(
            "InvalidFormat",
            f"A language is a two-letter ISO 639-1 code such as en, got {language!r}.",
            ["input", "language"],
        )
    checks.raise_if_any()
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_legal_representative(db, principal, account_id)
        require_account_status(account, "Opened", "Suspended")
        changes: AccountChanges = {}
        if name is not None:
            changes["name"] = name
        if language is not None:
            changes["language"] = language
        if changes:
            changes["updated_at"] = env.now()
            update_row(db, "accounts", account_id, changes)
            emit(
                env, db, "Account.Updated", project_id=account["project_id"], resource_id=account_id
            )
        return with_changes(account, changes)


def _is_empty(db: Database, account: AccountRow) -> bool:
    pending = db.execute(
        "SELECT COUNT(*) FROM transactions WHERE account_id = ? AND status = 'Pending'",
        [account["id"]],
    ).fetchone()[0]
    return bool(read_balances(db, account["id"]).booked == ZERO and not pending)


def close_account(
    env: Environment,
    principal: Principal,
    account_id: str,
    *,
    consent_redirect_url: str,
    reason: dict[str, Any] | None = None,
) -> ConsentRow:
    """Ask to close an Opened account: returns the consent whose acceptance starts
    closing it. `reason` is `{"type": "ClosingRequested", "message": ...}`."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    message = checks.text(
        (reason or {}).get("message"),
        ["input", "reason", "message"],
        required=False,
        max_length=200,
    )
    checks.raise_if_any()
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_legal_representative(db, principal, account_id)
        require_account_status(account, "Opened")
        user_id = consent_user(db, principal, account_id)
        closure = _PARTNER_CLOSURE if principal.user_id is None else _HOLDER_CLOSURE
        update_row(
            db,
            "accounts",
            account_id,
            {"closing_reason": message, "closing_reason_type": closure},
        )
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="CloseAccount",
            redirect_url=str(url),
            user_id=user_id,
            resource_id=account_id,
        )
        update_row(db, "accounts", account_id, {"closing_consent_id": consent["id"]})
        return consent


def _start_closing(env: Environment, db: Database, consent: ConsentRow) -> None:
    account = get_row(db, "accounts", consent["resource_id"])
    if account["status"] != "Opened":
        raise Rejected(wrong_status("Account", account["id"], account["status"], "Opened"))
    now = env.now()
    closes_at = format_timestamp(parse_timestamp(now) + CLOSING_DELAY)
    account = _move(
        env,
        db,
        account,
        "Closing",
        "Account.Closing",
        closes_at=closes_at,
        closing_at=now,
        status_reason=account.get("closing_reason"),
    )
    db.execute(
        "UPDATE virtual_iban_entries SET status = 'Canceled', updated_at = ? "
        "WHERE account_id = ? AND status != 'Canceled'",
        [now, account["id"]],
    )
    for hook in env.wiring.account_closing:
        hook(env, db, account)


def _closing_not_accepted(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    del env, status  # the account simply stays as it is (a suspension keeps its reason)
    update_row(
        db,
        "accounts",
        consent["resource_id"],
        {"closing_reason": None, "closing_reason_type": None},
    )


#: What approving (or not) a `CloseAccount` consent does.
CONSENT_HANDLER = ConsentHandler(_start_closing, _closing_not_accepted)


def suspend_account(
    env: Environment, project_id: str, account_id: str, reason: str | None = None
) -> AccountRow:
    """The bank suspends an account (Testing API): no payments or card spending while so."""
    with env.store.atomic() as db:
        account = _project_account(db, project_id, account_id)
        return _move(env, db, account, "Suspended", "Account.Updated", status_reason=reason)


def resume_account(env: Environment, project_id: str, account_id: str) -> AccountRow:
    with env.store.atomic() as db:
        account = _project_account(db, project_id, account_id)
        return _move(env, db, account, "Opened", "Account.Updated", status_reason=None)


def _project_account(db: Database, project_id: str, account_id: str) -> AccountRow:
    rows = list(rows_where(db, "accounts", "id = ? AND project_id = ?", [account_id, project_id]))
    if not rows:
        raise Rejected(not_found("Account", account_id))
    return rows[0]


def _check_can_open(db: Database, principal: Principal, holder_id: str) -> None:
    """What the holder's existing accounts and the calling user's membership must allow."""
    statuses = {
        row[0] for row in db.execute("SELECT status FROM accounts WHERE holder_id = ?", [holder_id])
    }
    if "Suspended" in statuses:
        raise Rejected(
            rejection(
                "AccountHolderAccountsSuspendedStatusNotEligibleRejection",
                f"An account of holder {holder_id} is suspended: resume it first.",
            )
        )
    if statuses and not statuses & {"Opened"}:
        raise Rejected(
            rejection(
                "AccountHolderAccountsStatusNotEligibleRejection",
                f"Every account of holder {holder_id} is closing or closed.",
            )
        )
    # A user opens an account for a holder it legally represents, not as a mere member.
    if (
        principal.user_id is not None
        and not db.execute(
            "SELECT 1 FROM account_memberships m JOIN accounts a ON a.id = m.account_id "
            "WHERE a.holder_id = ? AND m.user_id = ? AND m.legal_representative = 1 "
            "AND m.status = 'Enabled'",
            [holder_id, principal.user_id],
        ).fetchone()
    ):
        raise Rejected(
            rejection(
                "AccountMembershipNotEligibleRejection",
                f"Only a legal representative of holder {holder_id} opens its accounts.",
            )
        )


def open_account(
    env: Environment,
    principal: Principal,
    holder_id: str,
    *,
    name: str | None = None,
    language: str | None = None,
) -> AccountRow:
    """Open another account for an Enabled, Verified holder; its legal representative (the
    one of the holder's first account) gets every permission on it."""
    checks = Checks()
    name = checks.text(name, ["input", "name"], required=False, max_length=100)
    checks.raise_if_any()
    with env.store.atomic() as db:
        where, params = holder_scope(principal)
        rows = list(rows_where(db, "account_holders", f"id = ? AND {where}", [holder_id, *params]))
        if not rows:
            raise Rejected(not_found("AccountHolder", holder_id))
        holder = rows[0]
        if holder["status"] != "Enabled":
            raise Rejected(
                rejection(
                    "AccountHolderStatusNotEligibleRejection",
                    f"Account holder {holder_id} is {holder['status']}; it must be Enabled.",
                )
            )
        if holder["verification_status"] != "Verified":
            raise Rejected(
                rejection(
                    "AccountHolderVerificationStatusNotEligibleRejection",
                    f"Account holder {holder_id} is {holder['verification_status']}; "
                    "it must be Verified.",
                )
            )
        _check_can_open(db, principal, holder_id)
        count = db.execute("SELECT COUNT(*) FROM accounts WHERE holder_id = ?", [holder_id])
        if count.fetchone()[0] >= ACCOUNT_CREATION_LIMIT:
            raise Rejected(
                rejection(
                    "AccountHolderAccountsCreationLimitRejection",
                    f"Account holder {holder_id} already has {ACCOUNT_CREATION_LIMIT} accounts.",
                )
            )
        first = next(
            db.query(
                "SELECT * FROM accounts WHERE holder_id = ? ORDER BY created_at, id LIMIT 1",
                [holder_id],
            ),
            None,
        )
        account = insert_account(
            env,
            db,
            holder["project_id"],
            holder_id,
            name=name or f"{holder_display_name(holder)}'s account",
            country=first["country"] if first else "FR",
            language=language or (first["language"] if first else None) or "en",
        )
        if first is not None:
            copy_legal_representative(env, db, first["id"], account)
        return account


def block_sdd(
    env: Environment, principal: Principal, account_id: str, *, blocked: bool
) -> AccountRow:
    """Refuse (`blocked`) or accept again incoming SEPA direct debits on an account."""
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_legal_representative(db, principal, account_id)
        if blocked and account["status"] in ("Closing", "Closed"):
            raise Rejected(wrong_status("Account", account_id, account["status"], "Opened"))
        changes: AccountChanges = {"block_sdd": int(blocked), "updated_at": env.now()}
        update_row(db, "accounts", account_id, changes)
        emit(env, db, "Account.Updated", project_id=account["project_id"], resource_id=account_id)
        return with_changes(account, changes)


def next_closing(env: Environment) -> str | None:
    row = env.store.db.execute(
        "SELECT MIN(closes_at) FROM accounts WHERE status = 'Closing'"
    ).fetchone()
    return row[0] if row else None


def close_due_accounts(env: Environment) -> list[dict[str, Any]]:
    """Close every empty account whose closing period is over (one transaction each)."""
    now = env.now()
    due = [
        row[0]
        for row in env.store.db.execute(
            "SELECT id FROM accounts WHERE status = 'Closing' AND closes_at <= ? "
            "ORDER BY closes_at, id",
            [now],
        ).fetchall()
    ]
    timeline = []
    for account_id in due:
        with env.store.atomic() as db:
            account = get_row(db, "accounts", account_id)
            if account["status"] != "Closing":
                continue
            if not _is_empty(db, account):
                # Its holder still has a balance to move out: look again a delay later.
                later = format_timestamp(parse_timestamp(now) + CLOSING_DELAY)
                update_row(db, "accounts", account_id, {"closes_at": later})
                continue
            _move(env, db, account, "Closed", "Account.Closed", closed_at=now)
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "account-closing",
                "event": "Account.Closed",
                "resource_id": account_id,
                "summary": f"Account {account_id} closed at the end of its closing delay",
            }
        )
    return timeline

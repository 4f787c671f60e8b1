"""Account holders and their accounts.

An account holder (an individual or a company) belongs to one project and owns accounts.
An account is opened at the simulated bank with an IBAN whose check digits are real.
The user who opens it becomes its legal representative through a membership.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal

from ...exceptions import ConfigurationError, NotFound
from ...storage import Database, get_row, insert_columns, insert_row, next_number, rows_where
from ...storage.rows import AccountHolderRow, AccountNew, AccountRow
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.iban import BANK_BIC, iban_for_account_number
from ..kernel.pagination import Connection, ordering, paginate
from ..users.users import create_user, find_user_by_phone
from .ledger import read_balances, read_balances_of

__all__ = [
    "ACCOUNT_STATUSES",
    "accessible_accounts_condition",
    "account_balances",
    "accounts_balances",
    "copy_legal_representative",
    "create_account_holder",
    "get_account",
    "get_account_holder",
    "holder_display_name",
    "insert_account",
    "list_accounts",
]

ACCOUNT_STATUSES = ("Opened", "Suspended", "Closing", "Closed")
HOLDER_TYPES = ("Individual", "Company")
_ALL_PERMISSIONS = (
    "can_view_account",
    "can_manage_beneficiaries",
    "can_initiate_payments",
    "can_manage_account_membership",
    "can_manage_cards",
)


def _check_holder(
    holder_type: str,
    first_name: str | None,
    last_name: str | None,
    company_name: str | None,
    currency: str,
) -> None:
    if holder_type not in HOLDER_TYPES:
        raise ConfigurationError(f"Unknown holder type {holder_type!r}: use Individual or Company.")
    if holder_type == "Company" and not (company_name or "").strip():
        raise ConfigurationError("A company holder needs a company name.")
    if holder_type == "Individual" and not (
        (first_name or "").strip() and (last_name or "").strip()
    ):
        raise ConfigurationError("An individual holder needs a first and a last name.")
    if currency != "EUR":
        raise ConfigurationError("The simulated bank opens EUR accounts only.")


def _insert_legal_membership(
    env: Environment,
    db: Database,
    account: AccountRow,
    user_id: str | None,
    email: str | None = None,
) -> None:
    """The legal representative's membership, every permission: Enabled for a user, else
    an invitation (`InvitationSent`) to `email` that the user binds when they sign in."""
    membership_id = env.new_id(db, "account_membership")
    insert_columns(  # the permission columns are named at run time
        db,
        "account_memberships",
        {
            "id": membership_id,
            "project_id": account["project_id"],
            "account_id": account["id"],
            "user_id": user_id,
            "email": email,
            "legal_representative": 1,
            "status": "Enabled" if user_id is not None else "InvitationSent",
            "created_at": account["created_at"],
            "updated_at": account["created_at"],
            **dict.fromkeys(_ALL_PERMISSIONS, 1),
        },
    )
    emit(
        env,
        db,
        "AccountMembership.Created",
        project_id=account["project_id"],
        resource_id=membership_id,
    )


def copy_legal_representative(
    env: Environment, db: Database, from_account_id: str, account: AccountRow
) -> None:
    """Give the legal representative of `from_account_id` (if any) the same membership,
    with every permission, on the new `account`."""
    row = next(
        db.query(
            "SELECT user_id FROM account_memberships WHERE account_id = ? "
            "AND legal_representative = 1 AND user_id IS NOT NULL ORDER BY created_at LIMIT 1",
            [from_account_id],
        ),
        None,
    )
    if row is not None:
        _insert_legal_membership(env, db, account, str(row["user_id"]))


def holder_display_name(holder: AccountHolderRow) -> str:
    """A company's name, or an individual's first and last name."""
    if holder["type"] == "Company":
        return str(holder.get("company_name") or "")
    return f"{holder.get('first_name') or ''} {holder.get('last_name') or ''}".strip()


def _add_legal_representative(
    env: Environment,
    db: Database,
    account: AccountRow,
    phone: str,
    first_name: str | None,
    last_name: str | None,
) -> str:
    """Give the user with this phone number (created when new) a membership with every
    permission on the new account; returns the user's id."""
    user = find_user_by_phone(env, phone, db=db) or create_user(
        env,
        phone,
        first_name=first_name,
        last_name=last_name,
        project_id=account["project_id"],
    )
    _insert_legal_membership(env, db, account, str(user["id"]))
    return str(user["id"])


def insert_account(
    env: Environment,
    db: Database,
    project_id: str,
    holder_id: str,
    *,
    name: str,
    country: str = "FR",
    language: str = "en",
) -> AccountRow:
    """Insert an Opened account of the holder with a fresh number and IBAN (inside the
    caller's transaction) and emit `Account.Created`."""
    now = env.now()
    number = f"{next_number(db, 'account_number'):011d}"
    account: AccountNew = {
        "id": env.new_id(db, "account"),
        "project_id": project_id,
        "holder_id": holder_id,
        "number": number,
        "name": name,
        "iban": iban_for_account_number(number, country),
        "bic": BANK_BIC,
        "currency": "EUR",
        "country": country,
        "language": language,
        "status": "Opened",
        "block_sdd": 0,
        "opened_at": now,
        "created_at": now,
        "updated_at": now,
    }
    insert_row(db, "accounts", account)
    emit(env, db, "Account.Created", project_id=project_id, resource_id=account["id"])
    return get_row(db, "accounts", account["id"])  # with its columns still NULL


def create_account_holder(
    env: Environment,
    project_id: str,
    *,
    holder_type: Literal["Individual", "Company"] = "Individual",
    first_name: str | None = None,
    last_name: str | None = None,
    company_name: str | None = None,
    account_name: str | None = None,
    currency: str = "EUR",
    country: str = "FR",
    language: str = "en",
    verification_status: str = "Verified",
    legal_representative_phone: str | None = None,
    legal_representative_email: str | None = None,
) -> dict[str, Any]:
    """Create a holder with one opened account (one transaction).

    With `legal_representative_phone`, the user with that phone number (created when
    new) gets a membership with every permission, so a user token of theirs sees the account.
    Without it but with `legal_representative_email`, the membership waits for its user
    (`InvitationSent`): an account always has its legal representative's membership.
    """
    _check_holder(holder_type, first_name, last_name, company_name, currency)
    holder_name = company_name if holder_type == "Company" else f"{first_name} {last_name}"
    with env.store.atomic() as db:
        now = env.now()
        holder_id = env.new_id(db, "account_holder")
        insert_row(
            db,
            "account_holders",
            {
                "id": holder_id,
                "project_id": project_id,
                "type": holder_type,
                "first_name": first_name,
                "last_name": last_name,
                "company_name": company_name,
                "verification_status": verification_status,
                "verification_changed_at": now,
                "status": "Enabled",
                "created_at": now,
                "updated_at": now,
            },
        )
        emit(env, db, "AccountHolder.Created", project_id=project_id, resource_id=holder_id)
        account = insert_account(
            env,
            db,
            project_id,
            holder_id,
            name=account_name or f"{holder_name}'s account",
            country=country,
            language=language,
        )
        user_id = None
        if legal_representative_phone:
            user_id = _add_legal_representative(
                env, db, account, legal_representative_phone, first_name, last_name
            )
        elif legal_representative_email is not None:
            _insert_legal_membership(env, db, account, None, legal_representative_email)
    return {"holder_id": holder_id, "account_id": account["id"], "user_id": user_id}


def accessible_accounts_condition(principal: Principal) -> tuple[str, list[Any]]:
    """The SQL condition (and its values) selecting the accounts a caller may see.

    A project token sees every account of its project; a user token sees the accounts
    where the user has an enabled membership allowing to view it.
    """
    if principal.user_id is None:
        return "project_id = ?", [principal.project_id]
    return (
        "project_id = ? AND id IN (SELECT account_id FROM account_memberships "
        "WHERE user_id = ? AND status = 'Enabled' AND can_view_account = 1)",
        [principal.project_id, principal.user_id],
    )


def list_accounts(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """The accounts the caller sees, oldest first unless `order_by` says otherwise; filters
    `status` (a list), `account_holder_id`, `main_iban`, `search` (name, number or IBAN) and
    `payment_levels`."""
    where, params = accessible_accounts_condition(principal)
    filters = filters or {}
    if filters.get("status"):
        where += f" AND status IN ({', '.join('?' for _ in filters['status'])})"
        params.extend(filters["status"])
    if filters.get("account_holder_id"):
        where += " AND holder_id = ?"
        params.append(filters["account_holder_id"])
    if filters.get("main_iban"):
        where += " AND iban = ?"
        params.append(str(filters["main_iban"]).replace(" ", "").upper())
    if filters.get("search"):
        where += " AND (" + " OR ".join(f"{c} LIKE ? ESCAPE '\\'" for c in _SEARCHED) + ")"
        pattern = "%" + _escape_like(str(filters["search"])) + "%"
        params.extend([pattern] * len(_SEARCHED))
    if filters.get("payment_levels") and "Unlimited" not in filters["payment_levels"]:
        # Every simulated account is Unlimited.
        where += " AND 0"
    order, descending = ordering(order_by)
    return paginate(
        env.store.db,
        "accounts",
        where,
        params,
        first=first,
        after=after,
        before=before,
        order=order,
        descending=descending,
    )


#: The account columns `filters.search` looks into.
_SEARCHED = ("name", "number", "iban")


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def get_account(env: Environment, principal: Principal, account_id: str) -> AccountRow:
    where, params = accessible_accounts_condition(principal)
    rows = list(rows_where(env.store.db, "accounts", f"id = ? AND {where}", [account_id, *params]))
    if not rows:
        raise NotFound(f"Account {account_id} was not found.")
    return rows[0]


def get_account_holder(env: Environment, project_id: str, holder_id: str) -> AccountHolderRow:
    rows = list(
        rows_where(
            env.store.db, "account_holders", "id = ? AND project_id = ?", [holder_id, project_id]
        )
    )
    if not rows:
        raise NotFound(f"Account holder {holder_id} was not found.")
    return rows[0]


def account_balances(env: Environment, account: AccountRow) -> dict[str, Decimal]:
    """Available, pending, booked and reserved amounts of an account (see `domain.ledger`):
    booked is the sum of booked transactions, available = booked - reserved - pending debits.
    """
    return read_balances(env.store.db, account["id"]).as_dict()


def accounts_balances(env: Environment, account_ids: list[str]) -> dict[str, dict[str, Decimal]]:
    """`account_balances` of several accounts (a page of them) in one query, by id."""
    found = read_balances_of(env.store.db, account_ids)
    return {account_id: balances.as_dict() for account_id, balances in found.items()}

"""Account holders: who they are, who may see them, and their verification status.

The verification status is the bank's know-your-customer review, set from outside (the
Testing API's `updateAccountHolder`, which, as the real Sandbox's, may set any status).
Each change emits `AccountHolder.Updated` and records when it happened (the
`verificationStatusInfo` dates). Only a Verified holder's accounts may send money
(`AccountHolderNotVerifiedRejection`) and only a Verified holder may open another account.

The partner may set a holder's tax identification number and a company's VAT number
(`updateAccountHolder` of the Partner API).
"""

from __future__ import annotations

import json
from typing import Any

from ...storage import rows_where, update_row, with_changes
from ...storage.rows import AccountHolderChanges, AccountHolderRow
from ..kernel.access import account_scope
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, ordering, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, not_found, rejection, validation, validation_error
from ..kernel.validation import Checks

__all__ = [
    "ASKED_FOR",
    "LEGAL_REPRESENTATIVE_BORN",
    "VERIFICATION_STATUSES",
    "get_holder",
    "holder_not_found",
    "holder_scope",
    "list_holders",
    "update_holder",
    "update_verification_status",
]

VERIFICATION_STATUSES = ("NotStarted", "WaitingForInformation", "Pending", "Verified", "Refused")
#: A holder one of whose accounts' legal representatives was born on the date given.
LEGAL_REPRESENTATIVE_BORN = (
    "id IN (SELECT a.holder_id FROM accounts a JOIN account_memberships m ON m.account_id = a.id"
    " JOIN users u ON u.id = m.user_id WHERE m.legal_representative = 1 AND u.birth_date = ?)"
)
#: A holder the bank asks for one of the requirements (`{}`: their placeholders).
ASKED_FOR = (
    "EXISTS (SELECT 1 FROM json_each(COALESCE(verification_requirements, '[]'))"
    " WHERE value IN ({}))"
)
#: The holder columns `filters.search` looks into.
_SEARCHED = ("first_name", "last_name", "company_name")


def holder_not_found(holder_id: str) -> dict[str, Any]:
    """The real service's `AccountHolderNotFoundRejection` carries no id: the message does."""
    return not_found("AccountHolder", holder_id)


def holder_scope(principal: Principal) -> tuple[str, list[Any]]:
    """Holders the caller sees: the project's, or (a user) those of the accounts it sees."""
    if principal.user_id is None:
        return "project_id = ?", [principal.project_id]
    accounts_where, params = account_scope(principal, column="id")
    return (
        f"project_id = ? AND id IN (SELECT holder_id FROM accounts WHERE {accounts_where})",
        [principal.project_id, *params],
    )


def get_holder(env: Environment, principal: Principal, holder_id: str) -> AccountHolderRow:
    return visible_row(
        rows_where(env.store.db, "account_holders", *by_id(holder_scope(principal), holder_id)),
        "Account holder",
        holder_id,
    )


def list_holders(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """Holders the caller sees, oldest first unless `order_by` says otherwise; filters
    `verification_status`, `types` and `status` (lists), `search` (a name),
    `first_name`, `last_name` and `registration_number` (exact, case-insensitive for names),
    `birth_date` (a legal representative's) and `verification_requirements` (holders asked
    for any of them)."""
    filters = dict(filters or {})
    filters["type"] = filters.pop("types", None)
    where, params = with_filters(
        holder_scope(principal),
        filters,
        equal=("registration_number",),
        any_of=("verification_status", "type", "status"),
    )
    for column in ("first_name", "last_name"):
        if filters.get(column):
            where += f" AND {column} = ? COLLATE NOCASE"
            params.append(filters[column])
    if filters.get("birth_date"):
        where += f" AND {LEGAL_REPRESENTATIVE_BORN}"
        params.append(filters["birth_date"])
    requirements = filters.get("verification_requirements")
    if requirements:
        where += " AND " + ASKED_FOR.format(", ".join("?" for _ in requirements))
        params.extend(requirements)
    if filters.get("search"):
        pattern = "%" + str(filters["search"]).replace("%", "").replace("_", "") + "%"
        where += " AND (" + " OR ".join(f"{column} LIKE ?" for column in _SEARCHED) + ")"
        params.extend([pattern] * len(_SEARCHED))
    order, descending = ordering(order_by)
    return paginate(
        env.store.db,
        "account_holders",
        where,
        params,
        first=first,
        after=after,
        before=before,
        order=order,
        descending=descending,
    )


def update_verification_status(
    env: Environment,
    project_id: str,
    holder_id: str,
    status: str | None,
    requirements: list[str] | None = None,
) -> AccountHolderRow:
    """The bank's review moves a holder to `status` (any status, as the real Sandbox allows;
    None leaves it as it is) and says what it asks for (`requirements`, only of a holder
    WaitingForInformation: `VerificationRequirementsNotUpdatableRejection` otherwise; None
    leaves them, and leaving WaitingForInformation clears them)."""
    if status is not None:
        checks = Checks()
        checks.choice(status, VERIFICATION_STATUSES, ["input", "verificationStatus"])
        checks.raise_if_any()
    with env.store.atomic() as db:
        rows = list(
            rows_where(db, "account_holders", "id = ? AND project_id = ?", [holder_id, project_id])
        )
        if not rows:
            raise Rejected(holder_not_found(holder_id))
        holder = rows[0]
        after = status or holder["verification_status"]
        if requirements is not None and after != "WaitingForInformation":
            raise Rejected(
                rejection(
                    "VerificationRequirementsNotUpdatableRejection",
                    f"A holder {after} is asked for nothing: requirements need "
                    "WaitingForInformation.",
                    account_holder_id=holder_id,
                    account_holder_verification_status=after,
                )
            )
        now = env.now()
        changes: AccountHolderChanges = {"updated_at": now}
        if requirements is not None:
            changes["verification_requirements"] = json.dumps(sorted(set(requirements)))
        if status is not None and status != holder["verification_status"]:
            changes |= {
                "verification_status": status,
                "verification_changed_at": now,
                "verification_refusal_reason": "Refused by the bank's review"
                if status == "Refused"
                else None,
            }
            if status != "WaitingForInformation":
                changes["verification_requirements"] = None
        if len(changes) == 1:
            return holder
        update_row(db, "account_holders", holder_id, changes)
        emit(env, db, "AccountHolder.Updated", project_id=project_id, resource_id=holder_id)
        return with_changes(holder, changes)


def update_holder(
    env: Environment,
    principal: Principal,
    holder_id: str,
    *,
    tax_identification_number: str | None = None,
    vat_number: str | None = None,
) -> AccountHolderRow:
    """Set a holder's tax identification number or (a company's) VAT number; an empty
    string clears one, None leaves it."""
    checks = Checks()
    tin = checks.text(
        tax_identification_number,
        ["input", "taxIdentificationNumber"],
        required=False,
        max_length=50,
    )
    vat = checks.text(vat_number, ["input", "vatNumber"], required=False, max_length=20)
    checks.raise_if_any()
    with env.store.atomic() as db:
        where, params = holder_scope(principal)
        rows = list(rows_where(db, "account_holders", f"id = ? AND {where}", [holder_id, *params]))
        if not rows:
            raise Rejected(holder_not_found(holder_id))
        holder = rows[0]
        if vat_number and holder["type"] != "Company":
            raise Rejected(
                validation(
                    [
                        validation_error(
                            "InvalidValue",
                            "Only a company holder has a VAT number.",
                            ["input", "vatNumber"],
                        )
                    ]
                )
            )
        changes: AccountHolderChanges = {}
        if tax_identification_number is not None:
            changes["tax_identification_number"] = tin or None
        if vat_number is not None:
            changes["vat_number"] = vat or None
        if changes:
            changes["updated_at"] = env.now()
            update_row(db, "account_holders", holder_id, changes)
            emit(
                env,
                db,
                "AccountHolder.Updated",
                project_id=holder["project_id"],
                resource_id=holder_id,
            )
        return with_changes(holder, changes)

"""Virtual IBANs: extra IBANs of an account at the simulated bank.

Money sent to an Enabled virtual IBAN credits its account; each has real ISO 13616 check
digits (a fresh account number at the simulated bank, see `domain.iban`). A canceled one
stays listed, Canceled, for good; closing an account cancels its virtual IBANs. Each can
refuse incoming SEPA direct debits on its own (`blockSDD`).

| from | to | how |
|---|---|---|
| (none) | Enabled | `addVirtualIbanEntry` on an Opened account |
| Enabled | Canceled | `cancelVirtualIbanEntry`, or the account starts closing |
"""

from __future__ import annotations

from typing import Any

from ...storage import (
    Database,
    get_row,
    insert_row,
    next_number,
    rows_where,
    text,
    update_row,
    with_changes,
)
from ...storage.rows import (
    AccountRow,
    VirtualIbanEntryChanges,
    VirtualIbanEntryNew,
    VirtualIbanEntryRow,
)
from ..kernel.access import account_scope, require_legal_representative
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.iban import BANK_BIC, iban_for_account_number
from ..kernel.pagination import Connection, paginate
from ..kernel.rejections import Rejected, rejection, wrong_status
from .account_lifecycle import find_account, require_account_status

__all__ = [
    "add_virtual_iban",
    "cancel_virtual_iban",
    "find_account_by_virtual_iban",
    "list_virtual_ibans",
    "set_virtual_iban_sdd",
]

_COUNTRIES = {"BEL": "BE", "DEU": "DE", "ESP": "ES", "FRA": "FR", "ITA": "IT", "NLD": "NL"}


def _entry_not_found(entry_id: str) -> dict[str, Any]:
    return rejection(
        "IbanEntryNotFoundRejection", f"Virtual IBAN entry {entry_id} was not found.", id=entry_id
    )


def add_virtual_iban(
    env: Environment, principal: Principal, account_id: str
) -> VirtualIbanEntryRow:
    """A new Enabled virtual IBAN of an Opened account (legal representative or project)."""
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_legal_representative(db, principal, account_id)
        require_account_status(account, "Opened")
        number = f"{next_number(db, 'account_number'):011d}"
        country = text(account, "country")
        country = _COUNTRIES.get(country, country)
        now = env.now()
        row: VirtualIbanEntryNew = {
            "id": env.new_id(db, "virtual_iban_entry"),
            "project_id": account["project_id"],
            "account_id": account_id,
            "iban": iban_for_account_number(number, country),
            "bic": BANK_BIC,
            "label": None,
            "status": "Enabled",
            "block_sdd": 0,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "virtual_iban_entries", row)
        emit(env, db, "Account.Updated", project_id=account["project_id"], resource_id=account_id)
        return get_row(db, "virtual_iban_entries", row["id"])


def _visible_entry(db: Database, principal: Principal, entry_id: str) -> VirtualIbanEntryRow:
    where, params = account_scope(principal)
    rows = list(rows_where(db, "virtual_iban_entries", f"id = ? AND {where}", [entry_id, *params]))
    if not rows:
        raise Rejected(_entry_not_found(entry_id))
    return rows[0]


def cancel_virtual_iban(
    env: Environment, principal: Principal, entry_id: str
) -> VirtualIbanEntryRow:
    """Cancel a virtual IBAN for good (money sent to it no longer reaches the account)."""
    with env.store.atomic() as db:
        entry = _visible_entry(db, principal, entry_id)
        require_legal_representative(db, principal, entry["account_id"])
        if entry["status"] == "Canceled":
            return entry
        changes: VirtualIbanEntryChanges = {"status": "Canceled", "updated_at": env.now()}
        update_row(db, "virtual_iban_entries", entry_id, changes)
        emit(
            env,
            db,
            "Account.Updated",
            project_id=entry["project_id"],
            resource_id=entry["account_id"],
        )
        return with_changes(entry, changes)


def set_virtual_iban_sdd(
    env: Environment, principal: Principal, entry_id: str, *, blocked: bool
) -> VirtualIbanEntryRow:
    """Refuse (`blocked`) or accept again incoming SEPA direct debits on a virtual IBAN.
    Not found is answered as `BadAccountStatusRejection`: the real mutations list no
    not-found rejection."""
    with env.store.atomic() as db:
        try:
            entry = _visible_entry(db, principal, entry_id)
        except Rejected:
            raise Rejected(
                rejection(
                    "BadAccountStatusRejection",
                    f"Virtual IBAN entry {entry_id} was not found.",
                    id=entry_id,
                )
            ) from None
        require_legal_representative(db, principal, entry["account_id"])
        account = get_row(db, "accounts", entry["account_id"])
        if entry["status"] == "Canceled" or account["status"] in ("Closing", "Closed"):
            raise Rejected(wrong_status("Account", account["id"], account["status"], "Opened"))
        changes: VirtualIbanEntryChanges = {"block_sdd": int(blocked), "updated_at": env.now()}
        update_row(db, "virtual_iban_entries", entry_id, changes)
        return with_changes(entry, changes)


def list_virtual_ibans(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """One account's virtual IBANs (`filters["account_id"]`), oldest first; filters `ids`
    and `status` (lists)."""
    filters = filters or {}
    where, params = account_scope(principal)
    where += " AND account_id = ?"
    params = [*params, filters.get("account_id")]
    for key, column in (("ids", "id"), ("status", "status")):
        if filters.get(key):
            where += f" AND {column} IN ({', '.join('?' for _ in filters[key])})"
            params.extend(filters[key])
    return paginate(
        env.store.db,
        "virtual_iban_entries",
        where,
        params,
        first=first,
        after=after,
        before=before,
    )


def find_account_by_virtual_iban(db: Database, project_id: str, iban: str) -> AccountRow | None:
    """The account an Enabled virtual IBAN of the project credits, if any."""
    row = next(
        db.query(
            "SELECT account_id FROM virtual_iban_entries WHERE iban = ? AND project_id = ? "
            "AND status = 'Enabled'",
            [iban, project_id],
        ),
        None,
    )
    return get_row(db, "accounts", row["account_id"]) if row else None

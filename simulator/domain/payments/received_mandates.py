"""The mandates creditors debit an account under (`ReceivedDirectDebitMandate`).

The first Core direct debit a creditor presents under a mandate reference creates the
mandate, `Enabled` (`ReceivedDirectDebitMandate.Created`); later debits under it reuse it.
A B2B mandate must be registered first (`addReceivedSepaDirectDebitB2bMandate`, company
accounts only, `ConsentPending` until the user accepts an `EnableMandate` consent,
`Canceled` if not): a B2B debit under no registered mandate is refused. The
partner may suspend it (debits under a `Suspended` mandate start `Rejected`, reason
`MandateInvalid`) and enable it again, which asks the account's user for an `EnableMandate`
consent (`ConsentPending`, then `Enabled` once accepted; `Suspended` again if not). A
`Canceled` mandate can be neither. A registered B2B mandate's details may be changed
(`updateReceivedSepaDirectDebitB2bMandate`): it waits for an `EnableMandate` consent again
(`Suspended` if refused). Each change emits `ReceivedDirectDebitMandate.Updated`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from ...storage import Database, get_row, insert_columns, rows_where, update_columns, update_row
from ...storage.rows import (
    AccountRow,
    ConsentRow,
    PaymentMandateRow,
    ReceivedDirectDebitMandateChanges,
    ReceivedDirectDebitMandateRow,
)
from ..accounts.account_lifecycle import consent_user, find_account
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, ordering, paginate
from ..kernel.queries import with_filters
from ..kernel.rejections import Rejected, forbidden, not_found, rejection
from ..kernel.validation import Checks

__all__ = [
    "CONSENT_HANDLER",
    "SCHEME_NAMES",
    "add_b2b_mandate",
    "add_internal_b2b_mandate",
    "enable_mandate",
    "get_mandate",
    "list_mandates",
    "mandate_for_debit",
    "suspend_mandate",
    "update_b2b_mandate",
]

_TABLE: Final = "received_direct_debit_mandates"


def _not_found(mandate_id: str) -> dict[str, Any]:
    return rejection(
        "ReceivedDirectDebitMandateNotFoundRejection",
        f"Received direct debit mandate {mandate_id} was not found.",
        id=mandate_id,
    )


def _visible(db: Database, principal: Principal, mandate_id: str) -> ReceivedDirectDebitMandateRow:
    """The mandate if the caller sees its account, else the not-found rejection."""
    rows = list(
        rows_where(db, _TABLE, "id = ? AND project_id = ?", [mandate_id, principal.project_id])
    )
    if not rows:
        raise Rejected(_not_found(mandate_id))
    try:
        find_account(db, principal, rows[0]["account_id"])
    except Rejected:
        raise Rejected(_not_found(mandate_id)) from None
    return rows[0]


def get_mandate(
    env: Environment, principal: Principal, mandate_id: str
) -> ReceivedDirectDebitMandateRow | None:
    """The mandate, or None when the caller does not see it (the real query is nullable)."""
    try:
        return _visible(env.store.db, principal, mandate_id)
    except Rejected:
        return None


def _change(
    env: Environment, db: Database, row: ReceivedDirectDebitMandateRow, **changes: Any
) -> ReceivedDirectDebitMandateRow:
    now = env.now()
    if "status" in changes:
        changes["status_changed_at"] = now
    update_columns(db, _TABLE, row["id"], {**changes, "updated_at": now})
    emit(
        env,
        db,
        "ReceivedDirectDebitMandate.Updated",
        project_id=row["project_id"],
        resource_id=row["id"],
    )
    return get_row(db, _TABLE, row["id"])


def _canceled(row: ReceivedDirectDebitMandateRow) -> Rejected:
    return Rejected(
        rejection(
            "ReceivedDirectDebitMandateCanceledRejection",
            f"Received direct debit mandate {row['id']} is Canceled.",
            id=row["id"],
        )
    )


def suspend_mandate(
    env: Environment, principal: Principal, mandate_id: str
) -> ReceivedDirectDebitMandateRow:
    """No more debits under the mandate until it is enabled again."""
    with env.store.atomic() as db:
        row = _visible(db, principal, mandate_id)
        require_permission(db, principal, row["account_id"], "can_initiate_payments")
        if row["status"] == "Canceled":
            raise _canceled(row)
        if row["status"] == "Suspended":
            return row
        return _change(env, db, row, status="Suspended", consent_id=None)


def enable_mandate(
    env: Environment,
    principal: Principal,
    mandate_id: str,
    *,
    consent_redirect_url: str | None,
) -> ReceivedDirectDebitMandateRow:
    """Ask for an `EnableMandate` consent to enable a suspended mandate again."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    checks.raise_if_any()
    with env.store.atomic() as db:
        row = _visible(db, principal, mandate_id)
        require_permission(db, principal, row["account_id"], "can_initiate_payments")
        if row["status"] == "Canceled":
            raise _canceled(row)
        if row["status"] in ("Enabled", "ConsentPending"):
            return row
        consent = open_consent(
            env,
            db,
            project_id=row["project_id"],
            purpose="EnableMandate",
            redirect_url=str(url),
            user_id=consent_user(db, principal, row["account_id"]),
            resource_id=row["id"],
        )
        return _change(
            env,
            db,
            get_row(db, _TABLE, row["id"]),
            status="ConsentPending",
            consent_id=consent["id"],
            consent_for="Enable",
        )


def _consented(env: Environment, db: Database, consent: ConsentRow) -> None:
    row = get_row(db, _TABLE, consent["resource_id"])
    if row["status"] == "ConsentPending" and row["consent_id"] == consent["id"]:
        _change(env, db, row, status="Enabled")


def _not_consented(env: Environment, db: Database, consent: ConsentRow, _status: str) -> None:
    row = get_row(db, _TABLE, consent["resource_id"])
    if row["status"] == "ConsentPending" and row["consent_id"] == consent["id"]:
        # A refused registration never becomes a mandate; a refused re-enabling stays off.
        refused = "Canceled" if row["consent_for"] == "Add" else "Suspended"
        _change(env, db, row, status=refused)


#: What accepting (or not) an `EnableMandate` consent does.
CONSENT_HANDLER = ConsentHandler(_consented, _not_consented)


def mandate_for_debit(
    env: Environment,
    db: Database,
    account: AccountRow,
    data: dict[str, Any],
) -> ReceivedDirectDebitMandateRow | None:
    """The mandate a debit is presented under (in the caller's transaction): the account's
    mandate with this creditor identifier and reference. A Core one is created `Enabled`
    by its first debit; a B2B one must have been registered (None when it was not)."""
    creditor = data["creditor"]
    rows = list(
        rows_where(
            db,
            _TABLE,
            "account_id = ? AND creditor_identifier = ? AND reference = ? AND status != 'Canceled'",
            [account["id"], creditor["identifier"], data["mandate_reference"]],
        )
    )
    now = env.now()
    # The creditor's address as the latest debit gives it (kept when a debit gives none).
    address = creditor.get("address")
    stored = json.dumps(address, sort_keys=True) if address else None
    if rows:
        changes: ReceivedDirectDebitMandateChanges = {"executed_at": now}
        if stored:
            changes["creditor_address"] = stored
        update_row(db, _TABLE, rows[0]["id"], changes)
        return {**rows[0], **changes}
    if data["mandate_type"] == "B2B":
        return None
    return _insert(
        env,
        db,
        account,
        reference=data["mandate_reference"],
        creditor_identifier=creditor["identifier"],
        creditor_name=creditor["name"],
        creditor_iban=creditor["iban"],
        ultimate_creditor_name=creditor.get("ultimate_name"),
        creditor_address=stored,
        scheme=data["mandate_type"],
        sequence=data["mandate_sequence"],
        status="Enabled",
        executed_at=now,
    )


def _insert(
    env: Environment, db: Database, account: AccountRow, **fields: Any
) -> ReceivedDirectDebitMandateRow:
    now = env.now()
    row: dict[str, Any] = {
        "id": env.new_id(db, "received-direct-debit-mandate"),
        "project_id": account["project_id"],
        "account_id": account["id"],
        **fields,
        "status_changed_at": now,
        "created_at": now,
        "updated_at": now,
    }
    insert_columns(db, _TABLE, row)
    emit(
        env,
        db,
        "ReceivedDirectDebitMandate.Created",
        project_id=row["project_id"],
        resource_id=row["id"],
    )
    return get_row(db, _TABLE, row["id"])


def add_b2b_mandate(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> ReceivedDirectDebitMandateRow:
    """Register a B2B mandate on the company account of `data["iban"]` before its creditor
    debits it; `ConsentPending` until the account's user accepts the `EnableMandate`
    consent (`Canceled` if refused)."""
    checks = Checks()
    url = checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    identifier = checks.text(
        data.get("creditor_identifier"), ["input", "creditorIdentifier"], max_length=35
    )
    creditor = checks.text(data.get("creditor_name"), ["input", "creditorName"], max_length=70)
    reference = checks.text(
        data.get("mandate_reference"), ["input", "mandateReference"], max_length=35
    )
    name = checks.text(data.get("name"), ["input", "name"], required=False, max_length=140)
    checks.raise_if_any()
    iban = "".join(str(data.get("iban") or "").split()).upper()
    with env.store.atomic() as db:
        rows = list(
            rows_where(db, "accounts", "iban = ? AND project_id = ?", [iban, principal.project_id])
        )
        try:
            account = find_account(db, principal, rows[0]["id"]) if rows else None
        except Rejected:
            account = None
        if account is None:
            raise Rejected(not_found("Account", iban))
        require_permission(db, principal, account["id"], "can_initiate_payments")
        holder = get_row(db, "account_holders", account["holder_id"])
        if holder["type"] == "Individual":
            raise Rejected(
                rejection(
                    "AccountHolderTypeIndividualRejection",
                    f"Account {account['id']} belongs to an individual: B2B mandates are for "
                    "companies.",
                )
            )
        if db[_TABLE].count_where(
            "account_id = ? AND creditor_identifier = ? AND reference = ? AND status != 'Canceled'",
            [account["id"], identifier, reference],
        ):
            raise Rejected(
                forbidden(
                    f"Account {account['id']} already has mandate {reference} of {identifier}."
                )
            )
        row = _insert(
            env,
            db,
            account,
            reference=reference,
            creditor_identifier=identifier,
            creditor_name=creditor,
            name=name,
            signature_date=data.get("signature_date"),
            scheme="B2B",
            sequence=data["sequence"],
            status="ConsentPending",
            consent_for="Add",
        )
        consent = open_consent(
            env,
            db,
            project_id=row["project_id"],
            purpose="EnableMandate",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=row["id"],
        )
        update_row(db, _TABLE, row["id"], {"consent_id": consent["id"]})
        return get_row(db, _TABLE, row["id"])


#: The API's scheme names of the stored `scheme` values.
SCHEME_NAMES = {
    "Core": "SepaDirectDebitCore",
    "B2B": "SepaDirectDebitB2b",
    "InternalB2b": "InternalDirectDebitB2b",
}


def list_mandates(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """Received mandates the caller sees, oldest first (newest with `orderBy.direction:
    Desc`); filters `account_id` (set by the account), `status` and `scheme` (lists of
    the API's names)."""
    filters = dict(filters or {})
    if filters.get("scheme"):
        stored = {name: value for value, name in SCHEME_NAMES.items()}
        filters["scheme"] = [stored[name] for name in filters["scheme"] if name in stored]
        filters["scheme"] = filters["scheme"] or ["-"]
    where, params = with_filters(
        account_scope(principal), filters, equal=("account_id",), any_of=("status", "scheme")
    )
    order, descending = ordering(order_by)
    return paginate(
        env.store.db,
        _TABLE,
        where,
        params,
        first=first,
        after=after,
        order=order,
        descending=descending,
    )


def _updated_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The changes an update asks for, checked (blank ones are left as they are)."""
    checks = Checks()
    checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    wanted = {
        "creditor_identifier": checks.text(
            data.get("creditor_identifier"),
            ["input", "creditorIdentifier"],
            required=False,
            max_length=35,
        ),
        "creditor_name": checks.text(
            data.get("creditor_name"), ["input", "creditorName"], required=False, max_length=70
        ),
        "reference": checks.text(
            data.get("mandate_reference"),
            ["input", "mandateReference"],
            required=False,
            max_length=35,
        ),
        "name": checks.text(data.get("name"), ["input", "name"], required=False, max_length=140),
    }
    checks.raise_if_any()
    return {key: value for key, value in wanted.items() if value is not None}


def update_b2b_mandate(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> ReceivedDirectDebitMandateRow:
    """Change a registered B2B mandate's creditor, reference, name or account (`iban`): the
    mandate waits for the account's user to accept an `EnableMandate` consent again
    (`ConsentPending`; `Suspended` if refused), since debits under it change."""
    changes = _updated_fields(data)
    url = str(data["consent_redirect_url"]).strip()
    mandate_id = str(data.get("received_direct_debit_mandate_id") or "")
    with env.store.atomic() as db:
        row = _visible(db, principal, mandate_id)
        if row["scheme"] != "B2B":
            raise Rejected(
                rejection(
                    "ReceivedDirectDebitMandateNotB2bRejection",
                    f"Received direct debit mandate {mandate_id} is a {row['scheme']} one.",
                    id=mandate_id,
                )
            )
        if row["status"] == "Canceled":
            raise Rejected(forbidden(f"Received direct debit mandate {mandate_id} is Canceled."))
        account_id = row["account_id"]
        if data.get("iban"):
            account_id = _account_of_iban(db, principal, str(data["iban"]))["id"]
        require_permission(db, principal, account_id, "can_initiate_payments")
        merged = {**row, **changes, "account_id": account_id}
        _unique_b2b(db, merged, mandate_id)
        consent = open_consent(
            env,
            db,
            project_id=row["project_id"],
            purpose="EnableMandate",
            redirect_url=url,
            user_id=consent_user(db, principal, account_id),
            resource_id=mandate_id,
        )
        return _change(
            env,
            db,
            row,
            **changes,
            account_id=account_id,
            status="ConsentPending",
            consent_id=consent["id"],
            consent_for="Update",
        )


def _account_of_iban(db: Database, principal: Principal, iban: str) -> AccountRow:
    compact = "".join(iban.split()).upper()
    rows = list(
        rows_where(db, "accounts", "iban = ? AND project_id = ?", [compact, principal.project_id])
    )
    if rows:
        try:
            return find_account(db, principal, rows[0]["id"])
        except Rejected:
            pass  # another member's account: not found, as an unknown IBAN
    raise Rejected(not_found("Account", compact))


def _unique_b2b(db: Database, merged: Mapping[str, Any], mandate_id: str) -> None:
    other = db.execute(
        "SELECT id FROM received_direct_debit_mandates WHERE account_id = ? AND "
        "creditor_identifier = ? AND reference = ? AND status != 'Canceled' AND id != ?",
        [merged["account_id"], merged["creditor_identifier"], merged["reference"], mandate_id],
    ).fetchone()
    if other is not None:
        raise Rejected(
            rejection(
                "ReceivedDirectDebitMandateAlreadyExistRejection",
                f"Mandate {merged['reference']} of {merged['creditor_identifier']} already "
                f"exists on this account: {other[0]}.",
                id=other[0],
            )
        )


def _internal_payment_mandate(
    db: Database, principal: Principal, payment_mandate_id: str
) -> tuple[PaymentMandateRow, AccountRow]:
    """A merchant's internal B2B payment mandate and the account it debits, when the
    caller sees that account; else `PaymentMandateMandateNotFoundRejection`."""
    rows = list(
        rows_where(
            db,
            "payment_mandates",
            "id = ? AND project_id = ? AND kind = 'Internal' AND scheme = 'InternalDirectDebitB2b'",
            [payment_mandate_id, principal.project_id],
        )
    )
    accounts = (
        list(rows_where(db, "accounts", "iban = ?", [rows[0]["debtor_iban"]])) if rows else []
    )
    if accounts:
        try:
            return rows[0], find_account(db, principal, accounts[0]["id"])
        except Rejected:
            pass  # an account the caller does not see: as unknown as no mandate
    raise Rejected(
        rejection(
            "PaymentMandateMandateNotFoundRejection",
            f"Payment mandate {payment_mandate_id} was not found.",
            id=payment_mandate_id,
        )
    )


def add_internal_b2b_mandate(
    env: Environment,
    principal: Principal,
    payment_mandate_id: str,
    *,
    consent_redirect_url: str,
    name: str | None = None,
) -> ReceivedDirectDebitMandateRow:
    """Register, on the debtor's company account, the internal B2B payment mandate a
    merchant of the bank declared (`payment_mandates`, kind `Internal`): `ConsentPending`
    until the account's user accepts the `EnableMandate` consent (`Canceled` if refused)."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    name = checks.text(name, ["input", "name"], required=False, max_length=140)
    checks.raise_if_any()
    with env.store.atomic() as db:
        mandate, account = _internal_payment_mandate(db, principal, payment_mandate_id)
        require_permission(db, principal, account["id"], "can_initiate_payments")
        if get_row(db, "account_holders", account["holder_id"])["type"] == "Individual":
            raise Rejected(
                rejection(
                    "AccountHolderTypeIndividualRejection",
                    f"Account {account['id']} belongs to an individual: B2B mandates are for "
                    "companies.",
                )
            )
        if db[_TABLE].count_where(
            "account_id = ? AND creditor_identifier = ? AND reference = ? AND status != 'Canceled'",
            [account["id"], mandate["creditor_identifier"], mandate["reference"]],
        ):
            raise Rejected(
                forbidden(f"Payment mandate {payment_mandate_id} is already registered.")
            )
        row = _insert(
            env,
            db,
            account,
            reference=mandate["reference"],
            creditor_identifier=mandate["creditor_identifier"],
            creditor_name=mandate["creditor_name"],
            name=name,
            signature_date=mandate.get("signature_date"),
            scheme="InternalB2b",
            sequence=mandate["sequence"],
            status="ConsentPending",
            consent_for="Add",
        )
        consent = open_consent(
            env,
            db,
            project_id=row["project_id"],
            purpose="EnableMandate",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=row["id"],
        )
        update_row(db, _TABLE, row["id"], {"consent_id": consent["id"]})
        return get_row(db, _TABLE, row["id"])

"""Account funding: the bank pulls money into an account from an outside IBAN by SEPA direct
debit, under a payment mandate the account's holder signs.

| resource | from | to | how |
|---|---|---|---|
| funding source | (new) | Pending | `addDirectDebitFundingSource` |
| funding source | Pending | Enabled | the user accepts the `AddDirectDebitPaymentMandate` consent |
| funding source | Pending, Enabled, Suspended | Canceled | `cancelFundingSource` (`UserCanceled`) |
| payment mandate | (new) | ConsentPending | with its funding source |
| payment mandate | ConsentPending | Enabled | the consent is accepted (signed that day) |
| payment mandate | ConsentPending, Enabled | Canceled | its source is canceled |
| payment | (new) | ConsentPending | `initiateFundingRequest` (an Enabled source, within limits) |
| payment | ConsentPending | Initiated | consent accepted: a Pending `SepaDirectDebitIn` |
| payment | ConsentPending | Rejected | the consent is refused, expires or is canceled |

A refused mandate consent leaves the source `Pending` and its mandate `ConsentPending`, as
in the real service. Only company account holders fund this way (SEPA Direct Debit B2B; the
scheme `SepaDirectDebitCore` is refused). The account verification of a source is
`PendingVerification` until its first funding debit books, then `Verified`.

Funding requests are `domain.funding_requests`; their debit stays `Pending` until the
Testing API books, rejects or returns it (`domain.incoming_direct_debits`). Each change of
a source emits `FundingSource.Created` / `.Updated`.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ...storage import Database, get_row, insert_row, rows_where, update_columns, update_row
from ...storage.rows import (
    AccountHolderRow,
    AccountRow,
    ConsentRow,
    FundingSourceNew,
    FundingSourceRow,
    PaymentMandateNew,
    PaymentMandateRow,
)
from ..accounts.account_lifecycle import consent_user, find_account
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, ordering, paginate
from ..kernel.queries import with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks

__all__ = [
    "CREDITOR_IDENTIFIER",
    "MANDATE_HANDLER",
    "add_funding_source",
    "cancel_funding_source",
    "get_funding_source",
    "get_payment_mandate",
    "holder_name",
    "insert_enabled_source",
    "list_funding_sources",
    "list_payment_mandates",
    "update_source_verification",
    "visible_source",
]

_SOURCES: Final = "funding_sources"
_MANDATES: Final = "payment_mandates"
#: The simulated bank's SEPA creditor identifier: it collects every funding debit.
CREDITOR_IDENTIFIER = "FR00ZZZ000000"


def holder_name(holder: AccountHolderRow) -> str:
    if holder.get("company_name"):
        return str(holder["company_name"])
    return " ".join(part for part in (holder.get("first_name"), holder.get("last_name")) if part)


def _source_not_found(source_id: str, *, typed: bool) -> Rejected:
    name = "FundingSourceNotFoundRejection" if typed else "NotFoundRejection"
    return Rejected(rejection(name, f"Funding source {source_id} was not found.", id=source_id))


def visible_source(
    db: Database, principal: Principal, source_id: str, *, typed: bool = False
) -> FundingSourceRow:
    where, params = account_scope(principal)
    rows = list(rows_where(db, _SOURCES, f"id = ? AND {where}", [source_id, *params]))
    if not rows:
        raise _source_not_found(source_id, typed=typed)
    return rows[0]


def get_funding_source(
    env: Environment, principal: Principal, source_id: str
) -> FundingSourceRow | None:
    """The source, or None when the caller does not see it (the real query is nullable)."""
    try:
        return visible_source(env.store.db, principal, source_id)
    except Rejected:
        return None


def list_funding_sources(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
    offset: int | None = None,
) -> Connection:
    """An account's funding sources the caller sees (`filters.account_id`, set by the
    account), oldest first; `filters.status`."""
    where, params = with_filters(
        account_scope(principal), filters, equal=("account_id",), any_of=("status",)
    )
    order, descending = ordering(order_by)
    return paginate(
        env.store.db,
        _SOURCES,
        where,
        params,
        first=first,
        after=after,
        order=order,
        descending=descending,
        offset=offset,
    )


def _mandate_scope(principal: Principal) -> tuple[str, list[Any]]:
    """Mandates the caller sees: the project's; for a user, those of the funding sources and
    merchant payment methods (`domain.merchant_mandates`) of accounts it sees."""
    if principal.user_id is None:
        return "project_id = ?", [principal.project_id]
    where, params = account_scope(principal)
    return (
        f"project_id = ? AND (funding_source_id IN (SELECT id FROM {_SOURCES} WHERE {where})"
        " OR payment_method_id IN (SELECT id FROM merchant_payment_methods WHERE"
        f" merchant_profile_id IN (SELECT id FROM merchant_profiles WHERE {where})))",
        [principal.project_id, *params, *params],
    )


def get_payment_mandate(
    env: Environment, principal: Principal, mandate_id: str
) -> PaymentMandateRow | None:
    where, params = _mandate_scope(principal)
    rows = list(rows_where(env.store.db, _MANDATES, f"id = ? AND {where}", [mandate_id, *params]))
    return rows[0] if rows else None


def list_payment_mandates(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """A holder's payment mandates the caller sees (`filters.account_holder_id`, set by the
    holder); `filters.status` and `.scheme`."""
    where, params = with_filters(
        _mandate_scope(principal),
        filters,
        equal=("account_holder_id",),
        any_of=("status", "scheme"),
    )
    order, descending = ordering(order_by)
    return paginate(
        env.store.db,
        _MANDATES,
        where,
        params,
        first=first,
        after=after,
        order=order,
        descending=descending,
    )


def _change_source(
    env: Environment, db: Database, source: FundingSourceRow, **changes: Any
) -> FundingSourceRow:
    now = env.now()
    if "status" in changes:
        changes["status_changed_at"] = now
    update_columns(db, _SOURCES, source["id"], {**changes, "updated_at": now})
    emit(
        env, db, "FundingSource.Updated", project_id=source["project_id"], resource_id=source["id"]
    )
    return get_row(db, _SOURCES, source["id"])


def update_source_verification(
    env: Environment, db: Database, source_id: str, status: str
) -> FundingSourceRow:
    """Move a funding source's account verification (in the caller's transaction)."""
    source = get_row(db, _SOURCES, source_id)
    if source["verification_status"] == status:
        return source
    return _change_source(env, db, source, verification_status=status)


def _change_mandate(env: Environment, db: Database, mandate_id: str, **changes: Any) -> None:
    now = env.now()
    update_columns(
        db, _MANDATES, mandate_id, {**changes, "status_changed_at": now, "updated_at": now}
    )


def _check_input(data: dict[str, Any]) -> tuple[str, Any, str | None]:
    checks = Checks()
    url = checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    iban = checks.iban(data.get("iban"), ["input", "iban"])
    name = checks.text(data.get("name"), ["input", "name"], required=False, max_length=100)
    checks.raise_if_any()
    assert url is not None and iban is not None
    return url, iban, name


def _check_source_allowed(
    db: Database, account: AccountRow, scheme: str, iban: Any
) -> AccountHolderRow:
    """The holder, once the source may be added: a company's Opened account, B2B, a SEPA
    IBAN outside the account itself, not already rejected in a verification."""
    if scheme != "SepaDirectDebitB2b":
        raise Rejected(forbidden("Only SEPA Direct Debit B2B (SepaDirectDebitB2b) funds accounts."))
    if account["status"] != "Opened":
        raise Rejected(
            forbidden(f"Account {account['id']} is {account['status']}: only an Opened one.")
        )
    holder = get_row(db, "account_holders", account["holder_id"])
    if holder["type"] != "Company":
        raise Rejected(forbidden("SEPA Direct Debit B2B funds company accounts only."))
    if not iban.in_sepa_zone or iban.compact == account["iban"]:
        raise Rejected(
            rejection(
                "IBANNotReachableRejection",
                f"IBAN {iban.compact} cannot be debited for account {account['id']}.",
            )
        )
    if db[_SOURCES].count_where(
        "account_id = ? AND iban = ? AND verification_status = 'Rejected'",
        [account["id"], iban.compact],
    ):
        raise Rejected(
            rejection(
                "AccountVerificationAlreadyRejectedRejection",
                f"The verification of IBAN {iban.compact} was already rejected.",
            )
        )
    return holder


def add_funding_source(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> FundingSourceRow:
    """Add a SEPA Direct Debit B2B funding source to an account: the source is `Pending`
    and its mandate `ConsentPending` until the user accepts the mandate's consent."""
    url, iban, name = _check_input(data)
    account_id = data.get("account_id") or ""
    with env.store.atomic() as db:
        try:
            account = find_account(db, principal, account_id)
        except Rejected:
            raise Rejected(
                rejection(
                    "NotFoundRejection", f"Account {account_id} was not found.", id=account_id
                )
            ) from None
        require_permission(db, principal, account_id, "can_manage_account_membership")
        holder = _check_source_allowed(db, account, data.get("scheme") or "", iban)
        source = _insert_source(env, db, account, holder, iban, name)
        mandate = _insert_mandate(env, db, source, holder, account)
        open_consent(
            env,
            db,
            project_id=source["project_id"],
            purpose="AddDirectDebitPaymentMandate",
            redirect_url=url,
            user_id=consent_user(db, principal, account_id),
            resource_id=mandate["id"],
            link=lambda consent_id: update_row(
                db, _MANDATES, mandate["id"], {"consent_id": consent_id}
            ),
        )
        return get_row(db, _SOURCES, source["id"])


def _insert_source(
    env: Environment,
    db: Database,
    account: AccountRow,
    holder: AccountHolderRow,
    iban: Any,
    name: str | None,
) -> FundingSourceNew:
    """A `Pending` SEPA Direct Debit B2B source of the account (in the caller's transaction)."""
    now = env.now()
    source: FundingSourceNew = {
        "id": env.new_id(db, "funding-source"),
        "project_id": account["project_id"],
        "account_id": account["id"],
        "account_holder_id": holder["id"],
        "name": name,
        "iban": iban.compact,
        "bic": str(iban.bic) if iban.bic else None,
        "scheme": "SepaDirectDebitB2b",
        "status": "Pending",
        "status_changed_at": now,
        "verification_id": env.new_id(db, "account-verification"),
        "verification_status": "PendingVerification",
        "created_at": now,
        "updated_at": now,
    }
    insert_row(db, _SOURCES, source)
    emit(
        env, db, "FundingSource.Created", project_id=source["project_id"], resource_id=source["id"]
    )
    return source


def insert_enabled_source(
    env: Environment, db: Database, account_id: str, iban: Any, name: str | None
) -> FundingSourceRow:
    """An `Enabled` source with its signed mandate, as if its consent was accepted (a
    dataset's record; in the caller's transaction)."""
    account = get_row(db, "accounts", account_id)
    holder = get_row(db, "account_holders", account["holder_id"])
    source = _insert_source(env, db, account, holder, iban, name)
    mandate = _insert_mandate(env, db, source, holder, account)
    _change_mandate(env, db, mandate["id"], status="Enabled", signature_date=env.now()[:10])
    return _change_source(
        env, db, get_row(db, _SOURCES, source["id"]), status="Enabled", enabled_at=env.now()
    )


def _insert_mandate(
    env: Environment,
    db: Database,
    source: FundingSourceNew,
    holder: AccountHolderRow,
    account: AccountRow,
) -> PaymentMandateNew:
    now = env.now()
    mandate_id = env.new_id(db, "payment-mandate")
    name = holder_name(holder)
    mandate: PaymentMandateNew = {
        "id": mandate_id,
        "project_id": source["project_id"],
        "account_holder_id": holder["id"],
        "funding_source_id": source["id"],
        "kind": "SEPA",
        # A mandate reference is at most 35 characters, unique for the creditor.
        "reference": ("FUNDING-" + mandate_id.replace("-", "").upper())[:35],
        "scheme": source["scheme"],
        "sequence": "Recurrent",
        "language": (account.get("language") or "en"),
        "status": "ConsentPending",
        "status_changed_at": now,
        "creditor_name": name,
        "creditor_identifier": CREDITOR_IDENTIFIER,
        "creditor_address": json.dumps({"country": account.get("country") or "FRA"}),
        "debtor_name": name,
        "debtor_iban": source["iban"],
        "debtor_country": account.get("country") or "FRA",
        "created_at": now,
        "updated_at": now,
    }
    insert_row(db, _MANDATES, mandate)
    update_row(db, _SOURCES, source["id"], {"payment_mandate_id": mandate_id})
    return mandate


def _mandate_consented(env: Environment, db: Database, consent: ConsentRow) -> None:
    mandate = get_row(db, _MANDATES, consent["resource_id"])
    if mandate["status"] != "ConsentPending":
        return
    # The user's strong authentication is the mandate's signature (its date, that day).
    _change_mandate(env, db, mandate["id"], status="Enabled", signature_date=env.now()[:10])
    source = get_row(db, _SOURCES, mandate["funding_source_id"])
    if source["status"] == "Pending":
        _change_source(env, db, source, status="Enabled", enabled_at=env.now())


def _mandate_not_consented(
    env: Environment, db: Database, consent: ConsentRow, status: str
) -> None:
    # As in the real service: the source stays Pending, its mandate ConsentPending.
    del env, db, consent, status


#: What accepting (or not) an `AddDirectDebitPaymentMandate` consent does.
MANDATE_HANDLER = ConsentHandler(_mandate_consented, _mandate_not_consented)


def cancel_funding_source(
    env: Environment, principal: Principal, source_id: str
) -> FundingSourceRow:
    """Cancel a funding source for good, and its mandate; a canceled one stays as it is."""
    with env.store.atomic() as db:
        source = visible_source(db, principal, source_id)
        require_permission(db, principal, source["account_id"], "can_manage_account_membership")
        if source["status"] in ("Canceled", "Rejected"):
            return source
        mandate_id = source.get("payment_mandate_id")
        if mandate_id:
            _change_mandate(env, db, mandate_id, status="Canceled", status_reason="RequestedByUser")
        return _change_source(env, db, source, status="Canceled", status_reason="UserCanceled")

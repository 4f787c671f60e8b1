"""What a partner records about its holders and accounts beyond banking.

- External accounts (`addExternalAccount`): an account a holder has at another bank, as the
  partner's data source pushes it, unique by holder and IBAN; its balances by type
  (`addExternalAccountBalance`: one per type and `lastChangedAt`;
  `addOrUpdateExternalAccountBalance`: the latest of a type replaced). The simulator only
  keeps them (nothing moves money there).
- A holder's risk information (`updateAccountHolderRiskInfo`): three flags the partner's
  compliance sets; `AccountHolder.Updated`. The bank's own reading (`risk_reading`) is
  derived from them and from the holder's review: the simulator has no scoring.
- An account's settings (`updateAccountSettings`): whether bulk transfers may skip the
  beneficiary verification. Allowing it needs the legal representative's
  `UpdateAccountSettings` consent (a company's account only); refusing it applies at once.
  `AccountSetting.Updated`.
- The reminders the bank sends (`notificationReminderPlannings`): a documented constant (the
  simulator sends no reminders): 3, 7 and 14 days after a physical card is sent, a reminder
  to activate it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...storage import Database, get_row, insert_row, rows_where, text, upsert_columns, upsert_row
from ...storage.rows import (
    AccountHolderRiskInfoRow,
    AccountHolderRow,
    AccountRow,
    ConsentRow,
    ExternalAccountBalanceNew,
    ExternalAccountNew,
)
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.iban import parse_iban
from ..kernel.money import AmountError, amount_text, parse_amount
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks
from .account_lifecycle import consent_user, find_account
from .holders import holder_scope

__all__ = [
    "ACTIVATE_CARD_REMINDERS",
    "CONSENT_HANDLER",
    "account_settings",
    "add_external_account",
    "add_external_balance",
    "risk_reading",
    "update_account_settings",
    "update_risk_info",
]

#: When the bank reminds a user to activate a physical card: days after it was sent.
ACTIVATE_CARD_REMINDERS = (3, 7, 14)


def _holder(
    db: Database, principal: Principal, holder_id: str, *, forbid: bool = False
) -> AccountHolderRow:
    """The holder the caller sees; else its not-found rejection (a `ForbiddenRejection` for
    the mutations whose real union has none)."""
    where, params = holder_scope(principal)
    rows = list(rows_where(db, "account_holders", f"id = ? AND {where}", [holder_id, *params]))
    if not rows and forbid:
        raise Rejected(forbidden(f"Account holder {holder_id} was not found."))
    if not rows:
        raise Rejected(
            rejection(
                "AccountHolderNotFoundRejection",
                f"Account holder {holder_id} was not found.",
                id=holder_id,
            )
        )
    return rows[0]


def add_external_account(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> ExternalAccountNew:
    """Record a holder's account at another bank (with its first balances)."""
    checks = Checks()
    external_id = checks.text(data.get("external_id"), ["input", "externalId"], max_length=140)
    holder_name = checks.text(data.get("holder_name"), ["input", "holderName"], max_length=140)
    source = checks.text(data.get("source"), ["input", "source"], max_length=140)
    name = checks.text(data.get("name"), ["input", "name"], required=False)
    checks.raise_if_any()
    assert external_id is not None  # required: raise_if_any rejected a missing one
    try:
        iban = parse_iban(str(data.get("iban") or ""))
    except ValueError as error:  # schwifty's errors are ValueErrors
        raise Rejected(rejection("IbanValidationRejection", f"Invalid IBAN: {error}")) from None
    with env.store.atomic() as db:
        holder = _holder(db, principal, str(data.get("account_holder_id") or ""), forbid=True)
        if db["external_accounts"].count_where(
            "account_holder_id = ? AND iban = ?", [holder["id"], iban.compact]
        ):
            raise Rejected(
                rejection(
                    "ExternalAccountAlreadyExistsRejection",
                    f"Account holder {holder['id']} already has external account {iban.compact}.",
                    account_holder_id=holder["id"],
                    iban=iban.compact,
                )
            )
        now = env.now()
        row = ExternalAccountNew(
            id=env.new_id(db, "external-account"),
            project_id=holder["project_id"],
            account_holder_id=holder["id"],
            external_id=external_id,
            holder_name=holder_name,
            source=source,
            iban=iban.compact,
            bic=str(data.get("bic") or ""),
            name=name,
            cash_account_type=data.get("cash_account_type"),
            country=data.get("country"),
            currency=data.get("currency"),
            usage=data.get("usage"),
            original_created_at=data.get("original_created_at"),
            created_at=now,
            updated_at=now,
        )
        insert_row(db, "external_accounts", row)
        for index, balance in enumerate(data.get("balances") or []):
            _insert_balance(env, db, row, balance, ["input", "balances", index])
        return row


def _balance_fields(given: dict[str, Any], path: list[str | int]) -> dict[str, Any]:
    amount = given.get("amount") or {}
    try:
        value = parse_amount(amount.get("value"), allow_zero=True)
    except AmountError as error:
        checks = Checks()
        checks.fail(error.code, error.message, [*path, "amount", "value"])
        checks.raise_if_any()
        raise  # unreachable: raise_if_any raised
    return {
        "type": given.get("type"),
        "amount": amount_text(value),
        "currency": amount.get("currency") or "EUR",
        "last_changed_at": str(given.get("last_changed_at")),
    }


def _insert_balance(
    env: Environment,
    db: Database,
    account: Mapping[str, Any],
    given: dict[str, Any],
    path: list[str | int],
) -> ExternalAccountBalanceNew:
    fields = _balance_fields(given, path)
    if db["external_account_balances"].count_where(
        "external_account_id = ? AND type = ? AND last_changed_at = ?",
        [account["id"], fields["type"], fields["last_changed_at"]],
    ):
        raise Rejected(
            rejection(
                "ExternalAccountBalanceAlreadyExistsRejection",
                f"A {fields['type']} balance changed at {fields['last_changed_at']} exists.",
                type=fields["type"],
                last_changed_at=fields["last_changed_at"],
            )
        )
    row = ExternalAccountBalanceNew(
        id=env.new_id(db, "external-account-balance"),
        project_id=account["project_id"],
        external_account_id=account["id"],
        type=fields["type"],
        amount=fields["amount"],
        currency=fields["currency"],
        last_changed_at=fields["last_changed_at"],
        created_at=env.now(),
    )
    insert_row(db, "external_account_balances", row)
    return row


def add_external_balance(
    env: Environment, principal: Principal, data: dict[str, Any], *, replace: bool
) -> ExternalAccountBalanceNew:
    """A balance of an external account; with `replace`, the latest one of its type is
    replaced instead of added to."""
    account_id = str(data.get("external_account_id") or "")
    with env.store.atomic() as db:
        where, params = holder_scope(principal)
        rows = list(
            rows_where(
                db,
                "external_accounts",
                f"id = ? AND account_holder_id IN (SELECT id FROM account_holders WHERE {where})",
                [account_id, *params],
            )
        )
        if not rows:
            # The real unions have no not-found rejection for an external account.
            raise Rejected(forbidden(f"External account {account_id} was not found."))
        account = rows[0]
        if replace:
            fields = _balance_fields(data, ["input"])
            db.execute(
                "DELETE FROM external_account_balances WHERE external_account_id = ? AND type = ?",
                [account["id"], fields["type"]],
            )
        return _insert_balance(env, db, account, data, ["input"])


def update_risk_info(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> AccountHolderRiskInfoRow:
    """Set a holder's three risk flags."""
    with env.store.atomic() as db:
        holder = _holder(db, principal, str(data.get("account_holder_id") or ""))
        upsert_row(
            db,
            "account_holder_risk_info",
            {
                "account_holder_id": holder["id"],
                "project_id": holder["project_id"],
                "has_adverse_media": int(bool(data.get("has_adverse_media"))),
                "has_frozen_assets": int(bool(data.get("has_frozen_assets"))),
                "is_politically_exposed": int(bool(data.get("is_politically_exposed"))),
                "updated_at": env.now(),
            },
            pk="account_holder_id",
        )
        emit(
            env,
            db,
            "AccountHolder.Updated",
            project_id=holder["project_id"],
            resource_id=holder["id"],
        )
        return get_row(db, "account_holder_risk_info", holder["id"])


def account_settings(db: Database, account_id: str) -> Mapping[str, Any]:
    """The account's settings row, else the defaults (a partial row)."""
    rows = list(rows_where(db, "account_settings", "account_id = ?", [account_id]))
    return rows[0] if rows else {"account_id": account_id, "allow_bulk_without_verification": 0}


def _set(env: Environment, db: Database, account: AccountRow, **fields: Any) -> None:
    current = account_settings(db, account["id"])
    row = {**current, "project_id": account["project_id"], **fields, "updated_at": env.now()}
    upsert_columns(db, "account_settings", row, pk="account_id")


def update_account_settings(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> tuple[AccountRow, ConsentRow | None]:
    """Change an account's settings: the account (and None), or the consent allowing it."""
    allow = bool(data.get("allow_bulk_credit_transfers_without_beneficiary_verification"))
    with env.store.atomic() as db:
        account = find_account(db, principal, str(data.get("account_id") or ""))
        holder = get_row(db, "account_holders", account["holder_id"])
        if holder["type"] != "Company":
            raise Rejected(
                rejection(
                    "AccountHolderTypeNotEligibleRejection",
                    "Bulk transfers without beneficiary verification are for companies.",
                )
            )
        if not allow:
            _set(env, db, account, allow_bulk_without_verification=0, consent_id=None)
            _emit(env, db, account)
            return account, None
        checks = Checks()
        url = checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
        checks.raise_if_any()
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="UpdateAccountSettings",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=account["id"],
        )
        _set(env, db, account, pending_value=1, consent_id=consent["id"])
        return account, get_row(db, "consents", consent["id"])


def _emit(env: Environment, db: Database, account: AccountRow) -> None:
    emit(
        env,
        db,
        "AccountSetting.Updated",
        project_id=account["project_id"],
        resource_id=account["id"],
    )


def _consented(env: Environment, db: Database, consent: ConsentRow) -> None:
    settings = account_settings(db, text(consent, "resource_id"))
    if settings.get("consent_id") == consent["id"]:
        account = get_row(db, "accounts", consent["resource_id"])
        _set(
            env,
            db,
            account,
            allow_bulk_without_verification=settings["pending_value"],
            consent_id=None,
        )
        _emit(env, db, account)


def _not_consented(env: Environment, db: Database, consent: ConsentRow, _status: str) -> None:
    settings = account_settings(db, text(consent, "resource_id"))
    if settings.get("consent_id") == consent["id"]:
        account = get_row(db, "accounts", consent["resource_id"])
        _set(env, db, account, consent_id=None)


#: What accepting (or not) an `UpdateAccountSettings` consent does.
CONSENT_HANDLER = ConsentHandler(_consented, _not_consented)


def risk_reading(db: Database, holder: Mapping[str, Any]) -> dict[str, Any]:
    """The bank's risk levels of a holder, derived (no scoring in the simulator): TooHigh and
    Refused for frozen assets or a refused review, High and Enhanced for adverse media or a
    politically exposed person, else Low and Common. The score is never computed."""
    flags = next(
        iter(rows_where(db, "account_holder_risk_info", "account_holder_id = ?", [holder["id"]])),
        None,
    )
    if holder["verification_status"] == "Refused" or (flags and flags["has_frozen_assets"]):
        level, diligence = "TooHigh", "Refused"
    elif flags and (flags["has_adverse_media"] or flags["is_politically_exposed"]):
        level, diligence = "High", "Enhanced"
    else:
        level, diligence = "Low", "Common"
    return {"aml_risk_level": level, "aml_score": None, "due_diligence_level": diligence}

"""International credit transfers sent to banks outside the SEPA zone, and the trusted
beneficiaries they are sent to.

| from | to | how |
|---|---|---|
| (new) | payment ConsentPending | `initiateInternationalCreditTransfer` |
| ConsentPending | Initiated: an `InternationalCreditTransferOut`, Pending | consent accepted |
| ConsentPending | Rejected | consent refused, expired, canceled |
| transaction Pending | Booked, or Rejected | the Testing API (`domain.international`) |

The account pays the quote's `sourceAmount` in euros (the converted amount and the fees,
`international_forms.quote`); the beneficiary receives the `targetAmount` in its currency.
The transaction stays Pending until the Testing API books or rejects it, as in the real
Sandbox. A funds shortfall when the consent is accepted records it Rejected
(`InsufficientFunds`). A beneficiary given with `save: true` becomes an Enabled trusted
beneficiary when the transfer's consent is accepted; `addTrustedInternationalBeneficiary`
saves one on its own, `ConsentPending` until its `AddBeneficiary` consent is accepted.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any, Final

from ...storage import Database, get_row, insert_row, rows_where, text, update_row
from ...storage.rows import (
    AccountRow,
    ConsentRow,
    InternationalCreditTransferChanges,
    InternationalCreditTransferNew,
    PaymentChanges,
    PaymentNew,
    PaymentRow,
    TrustedBeneficiaryNew,
    TrustedBeneficiaryRow,
)
from ..accounts.account_lifecycle import consent_user, find_account
from ..accounts.ledger import read_balances, record_transaction
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import require_permission
from ..kernel.context import Environment, Principal
from ..kernel.money import CURRENCY, AmountError, amount_text, parse_amount, to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found
from ..kernel.validation import Checks, Path
from .international_forms import details_fields, quote, route_fields, routes_of

__all__ = [
    "CONSENT_HANDLER",
    "add_trusted_international_beneficiary",
    "beneficiary_forms",
    "find_paying_account",
    "initiate_international_transfer",
    "international_quote",
    "transfer_details_form",
]

_TABLE: Final = "international_credit_transfers"


def _target(checks: Checks, amount: dict[str, Any] | None, path: Path) -> tuple[Decimal, str]:
    """A target amount in a currency the rate table quotes (never EUR: that is SEPA)."""
    amount = amount or {}
    currency = str(amount.get("currency") or "")
    if not routes_of(currency):
        checks.fail(
            "UnsupportedCurrency",
            f"No route reaches {currency!r} from the simulated bank (EUR goes by SEPA).",
            [*path, "currency"],
        )
    try:
        value = parse_amount(amount.get("value"))
    except AmountError as error:
        checks.fail(error.code, error.message, [*path, "value"])
        value = Decimal("0")
    return value, currency


def find_paying_account(
    db: Database,
    principal: Principal,
    account_id: str | None,
    account_number: str | None = None,
) -> AccountRow:
    """The account by id, else by number, that the caller sees (`AccountNotFoundRejection`)."""
    if not account_id and account_number:
        row = db.execute(
            "SELECT id FROM accounts WHERE number = ? AND project_id = ?",
            [account_number, principal.project_id],
        ).fetchone()
        if row is None:
            raise Rejected(not_found("Account", account_number))
        account_id = row[0]
    return find_account(db, principal, str(account_id or ""))


def international_quote(
    env: Environment,
    principal: Principal,
    account_id: str,
    target_amount: dict[str, Any],
    route: str | None = None,
) -> dict[str, Any]:
    """What sending `target_amount` costs the account (`InternationalCreditTransferQuote`)."""
    checks = Checks()
    value, currency = _target(checks, target_amount, ["targetAmount"])
    if route is not None and currency and route not in routes_of(currency):
        checks.fail("InvalidValue", f"Route {route} does not reach {currency}.", ["route"])
    checks.raise_if_any()
    find_account(env.store.db, principal, account_id)
    return _quote_fields(value, currency)


def _quote_fields(value: Decimal, currency: str) -> dict[str, Any]:
    figures = quote(value, currency)
    return {
        "exchange_rate": str(figures["rate"]),
        "fees_amount": {"value": figures["fees"], "currency": CURRENCY},
        "source_amount": {"value": figures["source"], "currency": CURRENCY},
        "target_amount": {"value": value, "currency": currency},
    }


def beneficiary_forms(
    env: Environment, principal: Principal, account_id: str, amount: dict[str, Any]
) -> list[dict[str, Any]]:
    """The beneficiary forms (`Scheme`s) of the routes that reach the amount's currency."""
    checks = Checks()
    _, currency = _target(checks, amount, ["amount"])
    checks.raise_if_any()
    find_account(env.store.db, principal, account_id)
    schemes = []
    for route in routes_of(currency):
        title, fields = route_fields(route)
        schemes.append(
            {
                "type": route,
                "title": title,
                "fields": fields,
                "remaining_fields_to_refresh_count": 0,
            }
        )
    return schemes


def transfer_details_form(
    env: Environment,
    principal: Principal,
    account_id: str,
    beneficiary: dict[str, Any],
    target_amount: dict[str, Any],
) -> dict[str, Any]:
    """The transfer's details form for a beneficiary (`InternationalCreditTransferDynamicForm`)."""
    checks = Checks()
    _, currency = _target(checks, target_amount, ["targetAmount"])
    _beneficiary(checks, beneficiary, ["internationalBeneficiary"])
    checks.raise_if_any()
    find_account(env.store.db, principal, account_id)
    return {"fields": details_fields(currency), "remaining_fields_to_refresh_count": 0}


def _values(
    checks: Checks, given: list[dict[str, Any]], fields: list[dict[str, Any]], path: Path
) -> list[dict[str, str]]:
    """The given `{key, value}`s checked against a form's fields: each required field
    present, each value matching its pattern or one of its allowed values."""
    values = {str(item.get("key")): str(item.get("value") or "").strip() for item in given}
    for field in fields:
        key, value = field["key"], values.get(field["key"], "")
        if not value:
            if field["required"]:
                checks.fail("Missing", f"{field['name']} ({key}) is required.", [*path, key])
            continue
        allowed = [option["key"] for option in field.get("allowed_values") or []]
        pattern = field.get("validation_regex")
        if (allowed and value not in allowed) or (pattern and not re.fullmatch(pattern, value)):
            checks.fail("InvalidFormat", f"{value!r} is no valid {field['name']}.", [*path, key])
        elif field.get("max_length") and len(value) > field["max_length"]:
            checks.fail("TooLong", f"At most {field['max_length']} characters.", [*path, key])
    known = {field["key"] for field in fields}
    return [{"key": key, "value": value} for key, value in values.items() if key in known and value]


def _beneficiary(checks: Checks, given: dict[str, Any], path: Path) -> dict[str, Any]:
    """An international beneficiary (`name`, `currency`, `route`, `details`), checked."""
    name = checks.text(given.get("name"), [*path, "name"], max_length=70)
    currency, route = str(given.get("currency") or ""), str(given.get("route") or "")
    details: list[dict[str, str]] = []
    if route not in routes_of(currency):
        checks.fail("InvalidValue", f"Route {route} does not reach {currency!r}.", [*path, "route"])
    else:
        _, fields = route_fields(route)
        details = _values(checks, given.get("details") or [], fields, [*path, "details"])
    return {"name": name, "currency": currency, "route": route, "details": details}


def add_trusted_international_beneficiary(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> TrustedBeneficiaryRow:
    """Save an international beneficiary of an account, `ConsentPending` until the user
    accepts its `AddBeneficiary` consent (then `Enabled`; `Canceled` if not)."""
    checks = Checks()
    url = checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    beneficiary = _beneficiary(checks, data, ["input"])
    label = checks.text(data.get("label"), ["input", "label"], required=False, max_length=140)
    checks.raise_if_any()
    with env.store.atomic() as db:
        account = find_account(db, principal, data["account_id"])
        require_permission(db, principal, account["id"], "can_manage_beneficiaries")
        if account["status"] != "Opened":
            raise Rejected(
                forbidden(f"Account {account['id']} is {account['status']}: only an Opened one.")
            )
        row = _insert_beneficiary(env, db, account, beneficiary, label, "ConsentPending")
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="AddBeneficiary",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=row["id"],
        )
        update_row(db, "trusted_beneficiaries", row["id"], {"consent_id": consent["id"]})
        return get_row(db, "trusted_beneficiaries", row["id"])


def _insert_beneficiary(
    env: Environment,
    db: Database,
    account: AccountRow,
    beneficiary: dict[str, Any],
    label: str | None,
    status: str,
) -> TrustedBeneficiaryNew:
    now = env.now()
    row = TrustedBeneficiaryNew(
        id=env.new_id(db, "trusted-beneficiary"),
        project_id=account["project_id"],
        account_id=account["id"],
        type="International",
        name=beneficiary["name"],
        label=label or beneficiary["name"],
        iban="",  # an international beneficiary is reached by its route's details
        currency=beneficiary["currency"],
        route=beneficiary["route"],
        details=json.dumps(beneficiary["details"]),
        status=status,
        created_at=now,
        updated_at=now,
    )
    insert_row(db, "trusted_beneficiaries", row)
    return row


def _trusted(db: Database, account_id: str, beneficiary_id: str) -> dict[str, Any]:
    rows = list(
        rows_where(
            db,
            "trusted_beneficiaries",
            "id = ? AND account_id = ? AND type = 'International' AND status = 'Enabled'",
            [beneficiary_id, account_id],
        )
    )
    if not rows:
        raise Rejected(
            forbidden(
                f"{beneficiary_id} is no Enabled international trusted beneficiary of "
                f"account {account_id}."
            )
        )
    row = rows[0]
    return {**row, "details": json.loads(row["details"] or "[]")}


def _transfer_input(checks: Checks, data: dict[str, Any]) -> dict[str, Any]:
    """The input's own checks: redirect URL, target amount, beneficiary, details."""
    url = checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    value, currency = _target(checks, data.get("target_amount"), ["input", "targetAmount"])
    given = data.get("international_beneficiary")
    if not given and not data.get("trusted_beneficiary_id"):
        checks.fail(
            "Missing",
            "Give internationalBeneficiary or trustedBeneficiaryId.",
            ["input", "internationalBeneficiary"],
        )
    beneficiary = (
        _beneficiary(checks, given, ["input", "internationalBeneficiary"]) if given else None
    )
    if beneficiary and currency and beneficiary["currency"] != currency:
        checks.fail(
            "InvalidValue",
            "The target amount is in the beneficiary's currency.",
            ["input", "targetAmount", "currency"],
        )
    details = _values(
        checks,
        data.get("international_credit_transfer_details") or [],
        details_fields(currency),
        ["input", "internationalCreditTransferDetails"],
    )
    reference = checks.text(
        data.get("external_reference"), ["input", "externalReference"], required=False
    )
    return {
        "url": url,
        "value": value,
        "currency": currency,
        "beneficiary": beneficiary,
        "save": bool(given and given.get("save")),
        "details": details,
        "external_reference": reference,
    }


def initiate_international_transfer(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> tuple[PaymentRow, dict[str, Any]]:
    """A `ConsentPending` payment of one international transfer, and its quote."""
    checks = Checks()
    wanted = _transfer_input(checks, data)
    checks.raise_if_any()
    with env.store.atomic() as db:
        account = find_paying_account(
            db, principal, data.get("account_id"), data.get("account_number")
        )
        require_permission(db, principal, account["id"], "can_initiate_payments")
        beneficiary = wanted["beneficiary"]
        trusted_id = None
        if beneficiary is None:
            beneficiary = _trusted(db, account["id"], str(data["trusted_beneficiary_id"]))
            trusted_id = beneficiary["id"]
            if beneficiary["currency"] != wanted["currency"]:
                raise Rejected(forbidden("The target amount is in the beneficiary's currency."))
        _check_can_pay(db, account)
        quoted = _quote_fields(wanted["value"], wanted["currency"])
        payment = _insert_payment(env, db, account)
        insert_row(
            db,
            _TABLE,
            InternationalCreditTransferNew(
                id=env.new_id(db, "international-credit-transfer"),
                project_id=account["project_id"],
                account_id=account["id"],
                payment_id=payment["id"],
                trusted_beneficiary_id=trusted_id,
                save_beneficiary=int(wanted["save"]),
                beneficiary_name=beneficiary["name"],
                currency=wanted["currency"],
                route=beneficiary["route"],
                details=json.dumps(beneficiary["details"]),
                transfer_details=json.dumps(wanted["details"]),
                target_amount=amount_text(wanted["value"]),
                exchange_rate=quoted["exchange_rate"],
                fees_amount=amount_text(quoted["fees_amount"]["value"]),
                source_amount=amount_text(quoted["source_amount"]["value"]),
                external_reference=wanted["external_reference"],
                created_at=env.now(),
            ),
        )
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="InitiateInternationalCreditTransfer",
            redirect_url=str(wanted["url"]),
            user_id=consent_user(db, principal, account["id"]),
            resource_id=payment["id"],
        )
        update_row(db, "payments", payment["id"], {"consent_id": consent["id"]})
        return get_row(db, "payments", payment["id"]), quoted


def _check_can_pay(db: Database, account: AccountRow) -> None:
    if account["status"] != "Opened":
        raise Rejected(
            forbidden(f"Account {account['id']} is {account['status']}: only an Opened one pays.")
        )
    holder = get_row(db, "account_holders", account["holder_id"])
    if holder["verification_status"] != "Verified":
        raise Rejected(
            forbidden(
                f"Account holder {holder['id']} is {holder['verification_status']}: only a "
                "Verified holder's accounts can send money."
            )
        )


def _insert_payment(env: Environment, db: Database, account: AccountRow) -> PaymentNew:
    now = env.now()
    payment = PaymentNew(
        id=env.new_id(db, "payment"),
        project_id=account["project_id"],
        account_id=account["id"],
        status="ConsentPending",
        created_at=now,
        updated_at=now,
    )
    insert_row(db, "payments", payment)
    return payment


def _execute(env: Environment, db: Database, consent: ConsentRow) -> None:
    payment = get_row(db, "payments", consent["resource_id"])
    if payment["status"] != "ConsentPending":
        return
    [transfer] = rows_where(db, _TABLE, "payment_id = ?", [payment["id"]])
    account = get_row(db, "accounts", payment["account_id"])
    _check_can_pay(db, account)
    value = to_decimal(transfer["source_amount"])
    covered = value <= read_balances(db, account["id"]).available
    details = {
        item["key"]: item["value"] for item in json.loads(text(transfer, "transfer_details"))
    }
    row = record_transaction(
        env,
        db,
        project_id=payment["project_id"],
        account_id=account["id"],
        type="InternationalCreditTransferOut",
        amount=value,
        status="Pending" if covered else "Rejected",
        status_reason=None if covered else "InsufficientFunds",
        label=f"International transfer to {transfer['beneficiary_name']}",
        counterparty=text(transfer, "beneficiary_name"),
        reference=details.get("reference"),
        payment_id=payment["id"],
    )
    changes: InternationalCreditTransferChanges = {"transaction_id": row["id"]}
    if transfer["save_beneficiary"] and not transfer["trusted_beneficiary_id"]:
        saved = {
            "name": transfer["beneficiary_name"],
            "currency": transfer["currency"],
            "route": transfer["route"],
            "details": json.loads(text(transfer, "details")),
        }
        changes["trusted_beneficiary_id"] = _insert_beneficiary(
            env, db, account, saved, None, "Enabled"
        )["id"]
    update_row(db, _TABLE, transfer["id"], changes)
    update_row(db, "payments", payment["id"], {"status": "Initiated", "updated_at": env.now()})


def _not_executed(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    payment = get_row(db, "payments", consent["resource_id"])
    if payment["status"] == "ConsentPending":
        reason = consent.get("status_reason") if status == "Failed" else f"Consent{status}"
        changes = PaymentChanges(status="Rejected", status_reason=reason, updated_at=env.now())
        update_row(db, "payments", payment["id"], changes)


#: What accepting (or not) an `InitiateInternationalCreditTransfer` consent does.
CONSENT_HANDLER = ConsentHandler(_execute, _not_executed)

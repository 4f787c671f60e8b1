"""Payments: one initiation of one or more SEPA credit transfers, through a consent.

| from | to | how |
|---|---|---|
| (new) | ConsentPending | `initiateCreditTransfers` |
| ConsentPending | Initiated | consent accepted: one transaction per transfer |
| ConsentPending | Rejected | consent refused, expired, canceled, or failed |

Each transfer becomes a `SepaCreditTransferOut` (`SepaInstantCreditTransferOut` for an
instant mode), Pending until it settles on the clock (see `domain.transactions`); one to an
account of the bank is internal, and one requested for a later date waits `Upcoming`
(`domain.internal_transfers`). As in the
real service, the funds are not checked when the payment is initiated: when it is approved,
a transfer the available balance does not cover is recorded Rejected (`InsufficientFunds`),
in the transfers' order. An account that cannot pay (not Opened, holder not verified) gets
a `ForbiddenRejection`.
"""

from __future__ import annotations

import json
from typing import Any

from ...clock import check_instant, format_timestamp, parse_timestamp
from ...exceptions import InvalidTimestamp
from ...storage import (
    Database,
    get_row,
    insert_all_columns,
    insert_row,
    rows_where,
    update_columns,
    update_row,
    with_changes,
)
from ...storage.rows import (
    AccountRow,
    ConsentRow,
    PaymentNew,
    PaymentRow,
    PaymentTransferRow,
    TransactionRow,
)
from ..accounts.account_lifecycle import consent_user, find_account
from ..accounts.ledger import read_balances, record_transaction
from ..accounts.transactions import TRANSFER_MODES, settlement_time, transfer_type
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.idempotency import fingerprint, recall, remember
from ..kernel.money import CURRENCY, amount_text, to_decimal
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, forbidden, not_found
from ..kernel.validation import Checks, check_sepa_address
from .beneficiaries import (
    consume_verification_tokens,
    with_trusted_beneficiaries,
    with_verified_beneficiaries,
)
from .internal_transfers import (
    book_internal_credit,
    internal_account_of_trusted,
    with_internal_beneficiaries,
)

__all__ = [
    "MAX_TRANSFERS",
    "PAYMENT_STATUSES",
    "get_payment",
    "initiate_credit_transfers",
    "insert_payment",
    "list_payments",
    "payment_consent",
    "payment_transactions",
]

PAYMENT_STATUSES = ("ConsentPending", "Initiated", "Rejected")
PAYMENT_TRANSITIONS: dict[str, tuple[str, ...]] = {"ConsentPending": ("Initiated", "Rejected")}
MAX_TRANSFERS = 100
OPERATION = "initiateCreditTransfers"


def get_payment(env: Environment, principal: Principal, payment_id: str) -> PaymentRow:
    return visible_row(
        rows_where(env.store.db, "payments", *by_id(account_scope(principal), payment_id)),
        "Payment",
        payment_id,
    )


def list_payments(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    descending: bool = False,
    offset: int | None = None,
) -> Connection:
    """Payments the caller sees, oldest first (newest with `descending`); filters
    `account_id` (set by a nested list), `status` (a list)."""
    where, params = with_filters(
        account_scope(principal),
        filters,
        equal=("account_id", "standing_order_id"),
        any_of=("status",),
    )
    return paginate(
        env.store.db,
        "payments",
        where,
        params,
        first=first,
        after=after,
        before=before,
        descending=descending,
        offset=offset,
    )


def payment_transactions(env: Environment, payment_id: str) -> list[TransactionRow]:
    return list(
        rows_where(
            env.store.db,
            "transactions",
            "payment_id = ?",
            [payment_id],
            order_by="execution_date, id",
        )
    )


def payment_consent(env: Environment, payment: PaymentRow) -> ConsentRow | None:
    if not payment.get("consent_id"):
        return None
    rows = list(rows_where(env.store.db, "consents", "id = ?", [payment["consent_id"]]))
    return rows[0] if rows else None


def _transfers(
    checks: Checks, transfers: list[dict[str, Any]], own_iban: str | None, now: str
) -> list[dict[str, Any]]:
    if not transfers:
        checks.fail(
            "Missing", "At least one credit transfer is required.", ["input", "creditTransfers"]
        )
    if len(transfers) > MAX_TRANSFERS:
        checks.fail(
            "OutOfRange",
            f"At most {MAX_TRANSFERS} credit transfers per payment, got {len(transfers)}.",
            ["input", "creditTransfers"],
        )
    return [
        _transfer(checks, transfer, index, own_iban, now)
        for index, transfer in enumerate(transfers)
    ]


def _transfer(
    checks: Checks, transfer: dict[str, Any], index: int, own_iban: str | None, now: str
) -> dict[str, Any]:
    """One credit transfer of the input, checked, as a `payment_transfers` row's fields."""
    path: list[str | int] = ["input", "creditTransfers", index]
    amount = transfer.get("amount") or {}
    value = checks.amount(
        amount.get("value"), [*path, "amount", "value"], currency=amount.get("currency")
    )
    beneficiary = transfer.get("sepa_beneficiary") or {}
    name = checks.text(beneficiary.get("name"), [*path, "sepaBeneficiary", "name"], max_length=70)
    iban = checks.iban(beneficiary.get("iban"), [*path, "sepaBeneficiary", "iban"], sepa=True)
    if iban is not None and own_iban is not None and iban.compact == own_iban:
        checks.fail(
            "SameAccount",
            "The beneficiary is the paying account itself.",
            [*path, "sepaBeneficiary", "iban"],
        )
    address = check_sepa_address(
        checks, beneficiary.get("address"), [*path, "sepaBeneficiary", "address"]
    )
    mode = checks.choice(transfer.get("mode") or "Regular", TRANSFER_MODES, [*path, "mode"])
    return {
        "position": index,
        "amount": value,
        "beneficiary_name": name,
        "beneficiary_iban": iban.compact if iban is not None else None,
        "beneficiary_bic": str(iban.bic) if iban is not None and iban.bic else None,
        "beneficiary_address": json.dumps(address, sort_keys=True) if address else None,
        "beneficiary_account_id": transfer.get("beneficiary_account_id"),
        "reference": checks.text(
            transfer.get("reference"), [*path, "reference"], required=False, max_length=35
        ),
        "label": checks.text(
            transfer.get("label"), [*path, "label"], required=False, max_length=140
        ),
        "external_reference": checks.text(
            transfer.get("external_reference"),
            [*path, "externalReference"],
            required=False,
            max_length=100,
        ),
        "category_purpose": transfer.get("category_purpose"),
        "label_type": transfer.get("label_type"),
        "requested_execution_at": _requested_at(checks, transfer, mode, path, now),
        "mode": mode,
    }


def _requested_at(
    checks: Checks, transfer: dict[str, Any], mode: str | None, path: list[str | int], now: str
) -> str | None:
    """A transfer's requested execution instant: later than now, for a standard transfer
    (an instant one executes when consented, as in the real service)."""
    given = transfer.get("requested_execution_at")
    if given is None:
        return None
    try:
        # Within the clock's range, so that the clock can reach it.
        moment = format_timestamp(check_instant(parse_timestamp(str(given))))
    except InvalidTimestamp as error:
        checks.fail("InvalidFormat", str(error), [*path, "requestedExecutionAt"])
        return None
    if moment <= now:
        checks.fail("OutOfRange", "Must be later than now.", [*path, "requestedExecutionAt"])
    if mode not in (None, "Regular"):
        checks.fail("InvalidValue", "Only a Regular transfer can wait.", [*path, "mode"])
    return moment


def _check_can_pay(db: Database, account: AccountRow) -> None:
    # A Closing account still pays: its holder transfers the balance out before it closes.
    if account["status"] not in ("Opened", "Closing"):
        raise Rejected(
            forbidden(
                f"Account {account['id']} is {account['status']}: only an Opened or Closing "
                "one pays."
            )
        )
    holder = get_row(db, "account_holders", account["holder_id"])
    if holder["verification_status"] != "Verified":
        raise Rejected(
            forbidden(
                f"Account holder {holder['id']} is {holder['verification_status']}: only a "
                "Verified holder's accounts can send money."
            )
        )


def insert_payment(
    env: Environment,
    db: Database,
    account: AccountRow,
    transfers: list[dict[str, Any]],
    key: str | None,
) -> PaymentRow:
    """A `ConsentPending` payment of the account, with its transfers in their given order."""
    now = env.now()
    payment: PaymentNew = {
        "id": env.new_id(db, "payment"),
        "project_id": account["project_id"],
        "account_id": account["id"],
        "status": "ConsentPending",
        "idempotency_key": key,
        "created_at": now,
        "updated_at": now,
    }
    insert_row(db, "payments", payment)
    insert_all_columns(
        db,
        "payment_transfers",
        [
            {
                **transfer,
                "payment_id": payment["id"],
                "amount": amount_text(transfer["amount"]),
                "currency": CURRENCY,
            }
            for transfer in transfers
        ],
    )
    return get_row(db, "payments", payment["id"])  # with its columns still NULL


def initiate_credit_transfers(
    env: Environment,
    principal: Principal,
    account_id: str,
    *,
    credit_transfers: list[dict[str, Any]],
    consent_redirect_url: str,
    idempotency_key: str | None = None,
    account_number: str | None = None,
) -> tuple[PaymentRow, ConsentRow | None]:
    """Initiate SEPA credit transfers from an account: returns the payment (ConsentPending,
    or already Initiated for an auto-consent user) and its consent.

    Each transfer is `{"amount": {"value", "currency"}, "sepa_beneficiary": {"name",
    "iban", "address"}` or `"swan_account_beneficiary": {"account_number", "name"}`,
    "reference", "label", "mode", "external_reference", "category_purpose", "label_type",
    "requested_execution_at"}` (snake_case keys, as the API passes them). The account is
    `account_id` or `account_number` (the project's account with that number).
    """
    checks = Checks()
    account_id = _paying_account(env, principal, account_id, account_number, checks)
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    key = checks.text(idempotency_key, ["input", "idempotencyKey"], required=False, max_length=100)
    own = env.store.db.execute("SELECT iban FROM accounts WHERE id = ?", [account_id]).fetchone()
    given = _beneficiaries(env, principal, account_id, credit_transfers or [], checks)
    transfers = _transfers(checks, given, own[0] if own else None, env.now())
    checks.raise_if_any()
    request_hash = fingerprint(
        {
            "account_id": account_id,
            "consent_redirect_url": url,
            "transfers": [
                {**transfer, "amount": amount_text(transfer["amount"])} for transfer in transfers
            ],
        }
    )
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_permission(db, principal, account_id, "can_initiate_payments")
        if key is not None:
            previous = recall(
                env,
                db,
                project_id=account["project_id"],
                operation=OPERATION,
                key=key,
                request_hash=request_hash,
            )
            if previous is not None:
                payment = get_row(db, "payments", previous)
                return payment, payment_consent(env, payment)
        _check_can_pay(db, account)
        consume_verification_tokens(env, db, account["project_id"], given)
        payment = insert_payment(env, db, account, transfers, key)
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="InitPayment",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account_id),
            resource_id=payment["id"],
        )
        update_row(db, "payments", payment["id"], {"consent_id": consent["id"]})
        if key is not None:
            remember(
                env,
                db,
                project_id=account["project_id"],
                operation=OPERATION,
                key=key,
                request_hash=request_hash,
                resource_id=payment["id"],
            )
        return get_row(db, "payments", payment["id"]), consent


def _beneficiaries(
    env: Environment,
    principal: Principal,
    account_id: str,
    transfers: list[dict[str, Any]],
    checks: Checks,
) -> list[dict[str, Any]]:
    """The transfers with their trusted and internal beneficiaries resolved to a name, an
    IBAN and, for an account of the bank, its id."""
    given = with_verified_beneficiaries(env.store.db, principal.project_id, transfers)
    given = with_trusted_beneficiaries(env.store.db, account_id, given, checks)
    given = with_internal_beneficiaries(env.store.db, principal.project_id, given, checks)
    return [
        {
            **transfer,
            "beneficiary_account_id": transfer.get("beneficiary_account_id")
            or internal_account_of_trusted(
                env.store.db, account_id, transfer.get("trusted_beneficiary_id")
            ),
        }
        for transfer in given
    ]


def _paying_account(
    env: Environment,
    principal: Principal,
    account_id: str,
    account_number: str | None,
    checks: Checks,
) -> str:
    """The paying account's id, from `accountId` or `accountNumber` (both given, they must
    name the same account)."""
    if account_number:
        found = env.store.db.execute(
            "SELECT id FROM accounts WHERE project_id = ? AND number = ?",
            [principal.project_id, account_number],
        ).fetchone()
        if found is None:
            raise Rejected(not_found("Account", account_number))
        if account_id and account_id != found[0]:
            checks.fail(
                "InvalidValue",
                "accountId and accountNumber name two accounts.",
                ["input", "accountNumber"],
            )
        return account_id or str(found[0])
    if not account_id:
        checks.fail("Missing", "accountId or accountNumber is required.", ["input", "accountId"])
    return account_id


def _move(
    env: Environment, db: Database, payment: PaymentRow, status: str, **extra: Any
) -> PaymentRow:
    if status not in PAYMENT_TRANSITIONS.get(payment["status"], ()):
        raise ValueError(f"Payment {payment['id']} is {payment['status']}, cannot become {status}")
    changes: dict[str, Any] = {"status": status, "updated_at": env.now(), **extra}
    update_columns(db, "payments", payment["id"], changes)
    return with_changes(payment, changes)


def _execute(env: Environment, db: Database, consent: ConsentRow) -> None:
    payment = get_row(db, "payments", consent["resource_id"])
    if payment["status"] != "ConsentPending":
        return  # already settled one way or the other
    account = get_row(db, "accounts", payment["account_id"])
    transfers = list(
        rows_where(db, "payment_transfers", "payment_id = ?", [payment["id"]], order_by="position")
    )
    _check_can_pay(db, account)
    for transfer in transfers:
        _execute_transfer(env, db, payment, transfer)
    _move(env, db, payment, "Initiated")


def _execute_transfer(
    env: Environment, db: Database, payment: PaymentRow, transfer: PaymentTransferRow
) -> None:
    """One consented transfer's transaction: Upcoming until its requested date; else
    executed now (Pending until it settles, Booked at once when internal), or Rejected when
    the available balance does not cover it."""
    value = to_decimal(transfer["amount"])
    internal = transfer.get("beneficiary_account_id")
    requested = transfer.get("requested_execution_at")
    covered = value <= read_balances(db, payment["account_id"]).available
    if requested:
        status, reason, settles = "Upcoming", None, requested
    elif not covered:
        status, reason, settles = "Rejected", "InsufficientFunds", None
    elif internal:
        status, reason, settles = "Booked", None, None
    else:
        status, reason, settles = "Pending", None, settlement_time(env, transfer["mode"])
    row = record_transaction(
        env,
        db,
        project_id=payment["project_id"],
        account_id=payment["account_id"],
        type="InternalCreditTransferOut" if internal else transfer_type(transfer["mode"], "Debit"),
        amount=value,
        status=status,
        status_reason=reason,
        label=transfer["label"] or f"Transfer to {transfer['beneficiary_name']}",
        counterparty=transfer["beneficiary_name"],
        counterparty_iban=transfer["beneficiary_iban"],
        counterparty_bic=transfer["beneficiary_bic"],
        reference=transfer["reference"],
        mode=transfer["mode"],
        payment_id=payment["id"],
        original_transaction_id=transfer.get("origin_transaction_id"),
        settles_at=settles,
        execution_date=requested,
        external_reference=transfer.get("external_reference"),
        category_purpose=transfer.get("category_purpose"),
        label_type=transfer.get("label_type"),
        requested_execution_at=requested,
    )
    if internal and status == "Booked":
        book_internal_credit(env, db, row, internal)


def _not_executed(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    payment = get_row(db, "payments", consent["resource_id"])
    if payment["status"] == "ConsentPending":
        reason = consent.get("status_reason") if status == "Failed" else f"Consent{status}"
        _move(env, db, payment, "Rejected", status_reason=reason)


#: What approving (or not) an `InitPayment` consent does.
CONSENT_HANDLER = ConsentHandler(_execute, _not_executed)

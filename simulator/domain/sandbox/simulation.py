"""The outside world, as the Sandbox Testing API simulates it (simulator-only functions).

Other banks send SEPA credit transfers, settle or reject the ones sent to them; card
networks send authorizations, then debit, release or refund them; the bank charges fees
and resets a project's data. Each function acts inside one project and one transaction,
returns the transaction it created or changed, and raises `Rejected` for an unknown id
or a move the resource cannot make.

A declined card authorization is not a rejection: it is a `Rejected` card transaction
whose reason says why (`InsufficientFunds`, `SpendingLimitReached`, ...), exactly as a
real decline leaves a trace in the account's history.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any, TypeVar

from ...storage import Database, get_row, rows_where, text
from ...storage.rows import CardRow, TransactionRow
from ..accounts.ledger import change_status, read_balances, record_transaction
from ..accounts.transactions import TRANSFER_MODES, TRANSFER_TYPES, settlement_time, transfer_type
from ..accounts.virtual_ibans import find_account_by_virtual_iban
from ..cards.card_details import (
    PARTIAL_REASONS,
    apply_details,
    checked_details,
    partial_amount,
    spent_within_limit_period,
)
from ..cards.card_support import card_not_found
from ..cards.cards import cancel_card_in, finish_canceling
from ..cards.member_spending import member_limit_reached
from ..kernel.context import Environment
from ..kernel.money import to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found, wrong_status
from ..kernel.validation import Checks, check_sepa_address
from .reset import reset_project_data

__all__ = [
    "CARD_DECLINE_REASONS",
    "FEE_TYPES",
    "TRANSFER_REJECTION_REASONS",
    "book_transfer",
    "charge_fee",
    "reject_transfer",
    "release_card_authorization",
    "reset_project_data",
    "simulate_card_authorization",
    "simulate_card_credit",
    "simulate_card_debit",
    "simulate_incoming_transfer",
    "spent_within_limit_period",
]

CARD_DECLINE_REASONS = (
    "CardNotEnabled",
    "AccountMembershipNotEnabled",
    "AccountNotOpened",
    "WithdrawalDisabled",
    "ECommerceDisabled",
    "InternationalDisabled",
    "SpendingLimitReached",
    "InsufficientFunds",
    "MerchantDeclined",
)
#: `SepaCreditTransferRejectionReasonCodeEnum`: why the other bank refused a transfer.
TRANSFER_REJECTION_REASONS = (
    "AccountClosed",
    "AccountHolderDeceased",
    "AccountLimited",
    "AccountSuspended",
    "AccountUnknown",
    "AmountExceedsSettlementLimit",
    "BankOperationCodeInvalid",
    "BeneficiaryBankBicInvalid",
    "BeneficiaryBankBicNotFound",
    "BeneficiaryBankNotReachable",
    "CreditorAddressMissing",
    "CreditorAgentSuspended",
    "CreditorBankOffline",
    "CreditorBankTechnicalErrorOccurred",
    "CreditorBankTimeout",
    "CreditorNameOrAddressMissing",
    "DebtorAccountOrIdMissing",
    "DebtorBankTimeout",
    "DebtorNameOrAddressMissing",
    "InsufficientFunds",
    "InvalidTransferDate",
    "PaymentNotReceived",
    "ReasonNotSpecifiedByBank",
    "ReasonNotSpecifiedByCreditor",
    "RejectedByCompliance",
    "TransactionAmountLimitExceeded",
    "TransactionDuplicated",
    "TransactionOnAccountTypeNotAllowed",
)
FEE_TYPES = ("BankingFee", "CardFee", "TransferFee", "Other")


RowT = TypeVar("RowT")
#: A resource of the calling project, by id (`rows_where` arguments: id, project id).
_IN_PROJECT = "id = ? AND project_id = ?"


def _project_row(rows: Iterable[RowT], resource: str, resource_id: str) -> RowT:
    """The first of `rows` (an `_IN_PROJECT` query), or `not_found(resource)`."""
    found = list(rows)
    if not found:
        raise Rejected(not_found(resource, resource_id))
    return found[0]


# -- SEPA credit transfers ---------------------------------------------------------------


def simulate_incoming_transfer(
    env: Environment,
    project_id: str,
    *,
    amount: object,
    debtor_name: object,
    debtor_iban: object,
    account_id: str | None = None,
    creditor_iban: str | None = None,
    label: str | None = None,
    reference: str | None = None,
    mode: str = "Regular",
    currency: object = "EUR",
    addresses: dict[str, dict[str, Any] | None] | None = None,
) -> TransactionRow:
    """Another bank sends money to an account (by id or by IBAN): a Pending credit that
    books itself after the settlement delay; a Rejected one if the account is closing.
    `reference` is the sender's end-to-end id; the parties' `addresses` are checked, not
    kept (a transaction here carries no party address)."""
    checks = Checks()
    value = checks.amount(amount, ["input", "amount", "value"], currency=currency)
    name = checks.text(debtor_name, ["input", "debtorName"], max_length=70)
    iban = checks.iban(debtor_iban, ["input", "debtorIban"], sepa=True)
    label = checks.text(label, ["input", "label"], required=False, max_length=140)
    reference = checks.text(reference, ["input", "endToEndId"], required=False, max_length=35)
    checks.choice(mode, TRANSFER_MODES, ["input", "mode"])
    for field, address in (addresses or {}).items():
        check_sepa_address(checks, address, ["input", field])
    if account_id is None and creditor_iban is None:
        checks.fail("Missing", "Give the accountId or the creditorIban.", ["input", "accountId"])
    creditor = checks.iban(creditor_iban, ["input", "creditorIban"]) if creditor_iban else None
    checks.raise_if_any()
    assert value is not None and name is not None and iban is not None
    with env.store.atomic() as db:
        if account_id is not None:
            account = _project_row(
                rows_where(db, "accounts", _IN_PROJECT, [account_id, project_id]),
                "Account",
                account_id,
            )
        else:
            assert creditor is not None
            rows = list(
                rows_where(
                    db, "accounts", "iban = ? AND project_id = ?", [creditor.compact, project_id]
                )
            )
            # A virtual IBAN credits its account (domain.virtual_ibans).
            found = (
                rows[0] if rows else find_account_by_virtual_iban(db, project_id, creditor.compact)
            )
            if found is None:
                raise Rejected(not_found("Account", creditor.compact))
            account = found
        closed = account["status"] in ("Closing", "Closed")
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=account["id"],
            type=transfer_type(mode, "Credit"),
            amount=value,
            label=label or f"Transfer from {name}",
            counterparty=name,
            counterparty_iban=iban.compact,
            counterparty_bic=str(iban.bic) if iban.bic else None,
            reference=reference,
            mode=mode,
            status="Rejected" if closed else "Pending",
            status_reason="AccountClosed" if closed else None,
            settles_at=None if closed else settlement_time(env, mode),
        )


def _pending_transfer(
    db: Database, project_id: str, transaction_id: str, types: tuple[str, ...]
) -> TransactionRow:
    transaction = _project_row(
        rows_where(db, "transactions", _IN_PROJECT, [transaction_id, project_id]),
        "Transaction",
        transaction_id,
    )
    if transaction["type"] not in types:
        raise Rejected(
            forbidden(
                f"Transaction {transaction_id} is a {transaction['type']}, not one of "
                f"{', '.join(types)}."
            )
        )
    return transaction


def book_transfer(
    env: Environment,
    project_id: str,
    transaction_id: str,
    *,
    types: tuple[str, ...] = TRANSFER_TYPES,
) -> TransactionRow:
    """The other bank settled a pending transfer now, before its settlement delay; `types`
    narrows which transfers (the Testing API's mutation books outgoing ones only)."""
    with env.store.atomic() as db:
        transaction = _pending_transfer(db, project_id, transaction_id, types)
        return change_status(env, db, transaction, "Booked")


def reject_transfer(
    env: Environment,
    project_id: str,
    transaction_id: str,
    reason: str = "ReasonNotSpecifiedByBank",
    *,
    types: tuple[str, ...] = TRANSFER_TYPES,
) -> TransactionRow:
    """The other bank refused a pending transfer: its amount is freed. `reason` is a
    `SepaCreditTransferRejectionReasonCodeEnum` value."""
    checks = Checks()
    checks.choice(reason, TRANSFER_REJECTION_REASONS, ["input", "reasonCode"])
    checks.raise_if_any()
    with env.store.atomic() as db:
        transaction = _pending_transfer(db, project_id, transaction_id, types)
        return change_status(env, db, transaction, "Rejected", reason=reason)


# -- cards ---------------------------------------------------------------------------------


def _project_card(db: Database, project_id: str, card_id: str) -> CardRow:
    rows = list(rows_where(db, "cards", "id = ? AND project_id = ?", [card_id, project_id]))
    if not rows:
        raise Rejected(card_not_found(card_id))
    return rows[0]


def _alpha3(country: str) -> str:
    """An account's country as the card networks name it (FR -> FRA)."""
    return {"FR": "FRA", "DE": "DEU", "ES": "ESP", "IT": "ITA", "NL": "NLD"}.get(country, country)


def _decline_reason(
    env: Environment,
    db: Database,
    card: CardRow,
    amount: Decimal,
    *,
    is_online: bool,
    is_withdrawal: bool,
    merchant_country: str,
) -> str | None:
    membership = get_row(db, "account_memberships", card["account_membership_id"])
    account = get_row(db, "accounts", card["account_id"])
    rules = [
        (card["status"] != "Enabled", "CardNotEnabled"),
        (membership["status"] != "Enabled", "AccountMembershipNotEnabled"),
        (account["status"] != "Opened", "AccountNotOpened"),
        (is_withdrawal and not card["withdrawal"], "WithdrawalDisabled"),
        (is_online and not card["e_commerce"], "ECommerceDisabled"),
        (
            merchant_country != _alpha3(text(account, "country")) and not card["international"],
            "InternationalDisabled",
        ),
    ]
    for broken, reason in rules:
        if broken:
            return reason
    limit = to_decimal(card["spending_limit_value"])
    if spent_within_limit_period(env, db, card) + amount > limit:
        return "SpendingLimitReached"
    if member_limit_reached(env, db, membership, amount):
        return "SpendingLimitReached"
    if amount > read_balances(db, account["id"]).available:
        return "InsufficientFunds"
    return None


def simulate_card_authorization(
    env: Environment,
    project_id: str,
    card_id: str,
    *,
    amount: object,
    merchant_name: object,
    currency: object = "EUR",
    merchant_category: str | None = None,
    merchant_city: str | None = None,
    merchant_country: str | None = None,
    category: str = "InStore",
    card_type: str = "Virtual",
    outcome: str = "Accepted",
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    """A merchant asks to reserve an amount on a card (`category` InStore, eCommerce,
    Withdrawal, ...; `card_type` Physical or Virtual). Accepted: a Pending card debit that
    reserves the amount. Declined (any other `outcome`, or by the card's rules): a Rejected
    one whose reason says why. `network`: the network's details (`card_details`)."""
    checks, network = Checks(), network or {}
    value = checks.amount(amount, ["input", "amount", "value"], currency=currency)
    merchant = checks.text(merchant_name, ["input", "merchant", "name"], max_length=70)
    details = checked_details(checks, network, env.now(), value)
    is_online = category in ("eCommerce", "eCommerceWith3DS")
    withdrawal = details.get("operation_type") in ("AtmWithdrawal", "InStoreWithdrawal")
    is_withdrawal = category == "Withdrawal" or withdrawal
    decline_reason = None if outcome == "Accepted" else outcome
    country = (merchant_country or "").upper() or None
    if country is not None and (len(country) != 3 or not country.isalpha()):
        checks.fail(
            "InvalidFormat",
            "A country is an ISO 3166-1 alpha-3 code such as FRA.",
            ["input", "merchant", "country"],
        )
    with env.store.atomic() as db:
        card = _project_card(db, project_id, card_id)  # an unknown card first
        checks.raise_if_any()
        assert value is not None and merchant is not None
        account = get_row(db, "accounts", card["account_id"])
        country = country or _alpha3(text(account, "country"))
        physical = card.get("physical_status")
        if decline_reason is not None:
            reason: str | None = decline_reason
        elif card_type == "Physical" and physical != "Activated":
            reason = "CardSuspended" if physical == "Suspended" else "CardNotActivated"
        else:
            reason = _decline_reason(
                env,
                db,
                card,
                value,
                is_online=is_online,
                is_withdrawal=is_withdrawal,
                merchant_country=country,
            )
        # A partial authorization answers the card's rules, never a forced outcome.
        partial = partial_amount(env, db, card, spent_within_limit_period(env, db, card))
        allows = bool(network.get("allows_partial_authorization")) and decline_reason is None
        if allows and reason in PARTIAL_REASONS and partial:
            value, reason = partial, None
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=card["account_id"],
            type="CardOutDebit",
            amount=value,
            label=merchant,
            counterparty=merchant,
            card_id=card_id,
            merchant_name=merchant,
            merchant_category=merchant_category,
            merchant_city=merchant_city,
            merchant_country=country,
            card_category=category,
            status="Rejected" if reason else "Pending",
            status_reason=reason,
            **details,
        )


def _pending_authorization(db: Database, project_id: str, transaction_id: str) -> TransactionRow:
    transaction = _project_row(
        rows_where(db, "transactions", _IN_PROJECT, [transaction_id, project_id]),
        "Transaction",
        transaction_id,
    )
    if transaction["type"] != "CardOutDebit":
        raise Rejected(
            forbidden(f"Transaction {transaction_id} is a {transaction['type']}, not a card debit.")
        )
    if transaction["status"] != "Pending":
        raise Rejected(
            wrong_status("Transaction", transaction_id, transaction["status"], "Pending")
        )
    return transaction


def release_card_authorization(
    env: Environment, project_id: str, transaction_id: str
) -> TransactionRow:
    """The merchant never debits: the reservation is released."""
    with env.store.atomic() as db:
        transaction = _pending_authorization(db, project_id, transaction_id)
        released = change_status(env, db, transaction, "Released", reason="AuthorizationReleased")
        finish_canceling(env, db, transaction["card_id"])
        return released


def simulate_card_debit(
    env: Environment,
    project_id: str,
    transaction_id: str,
    amount: object | None = None,
    *,
    currency: object = "EUR",
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    """The merchant debits an authorization (its amount, or a smaller final `amount`):
    the reservation becomes a booked debit (with the `network`'s details, if any)."""
    checks = Checks()
    path: list[str | int] = ["input", "amount", "value"]
    value = checks.amount(amount, path, currency=currency) if amount is not None else None
    details = checked_details(checks, network or {}, env.now(), value)
    checks.raise_if_any()
    with env.store.atomic() as db:
        transaction = _pending_authorization(db, project_id, transaction_id)
        if value is not None and value > to_decimal(transaction["amount"]):
            checks.fail(
                "OutOfRange",
                f"A debit cannot exceed its authorization ({transaction['amount']} EUR).",
                ["input", "amount", "value"],
            )
            checks.raise_if_any()
        booked = apply_details(
            db, change_status(env, db, transaction, "Booked", amount=value), details
        )
        finish_canceling(env, db, transaction["card_id"])
        card = get_row(db, "cards", transaction["card_id"])
        if card["type"] == "SingleUseVirtual" and card["status"] == "Enabled":
            cancel_card_in(env, db, card, "SingleUseConsumed")  # one payment, then gone
        return booked


def simulate_card_credit(
    env: Environment,
    project_id: str,
    card_id: str,
    *,
    amount: object,
    merchant_name: object,
    currency: object = "EUR",
    original_transaction_id: str | None = None,
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    """A merchant refunds a card payment: a booked card credit (with the `network`'s
    details and merchant columns). Not to a closing or closed account, which must stay
    empty (`BadAccountStatusRejection`)."""
    checks = Checks()
    value = checks.amount(amount, ["input", "amount", "value"], currency=currency)
    merchant = checks.text(merchant_name, ["input", "merchantName"], max_length=70)
    details = checked_details(checks, network or {}, env.now(), value)
    checks.raise_if_any()
    assert value is not None and merchant is not None
    with env.store.atomic() as db:
        card = _project_card(db, project_id, card_id)
        account = get_row(db, "accounts", card["account_id"])
        if account["status"] in ("Closing", "Closed"):
            raise Rejected(wrong_status("Account", account["id"], account["status"], "Opened"))
        if original_transaction_id is not None:
            original = _project_row(
                rows_where(db, "transactions", _IN_PROJECT, [original_transaction_id, project_id]),
                "Transaction",
                original_transaction_id,
            )
            if original["card_id"] != card_id:
                raise Rejected(forbidden("The original transaction is not one of this card's."))
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=card["account_id"],
            type="CardOutCredit",
            amount=value,
            label=f"Refund {merchant}",
            counterparty=merchant,
            card_id=card_id,
            merchant_name=merchant,
            original_transaction_id=original_transaction_id,
            status="Booked",
            **details,
        )


# -- fees and reset ------------------------------------------------------------------------


def charge_fee(
    env: Environment,
    project_id: str,
    account_id: str,
    *,
    amount: object,
    fee_type: str = "BankingFee",
    label: str | None = None,
    currency: object = "EUR",
) -> TransactionRow:
    """The bank charges a fee: a booked debit, even if it leaves the account overdrawn."""
    checks = Checks()
    value = checks.amount(amount, ["input", "amount", "value"], currency=currency)
    checks.choice(fee_type, FEE_TYPES, ["input", "feeType"])
    label = checks.text(label, ["input", "label"], required=False, max_length=140)
    checks.raise_if_any()
    assert value is not None
    with env.store.atomic() as db:
        account = _project_row(
            rows_where(db, "accounts", _IN_PROJECT, [account_id, project_id]), "Account", account_id
        )
        if account["status"] == "Closed":
            raise Rejected(wrong_status("Account", account_id, "Closed", "Opened"))
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=account_id,
            type="FeesOut",
            amount=value,
            label=label or f"{fee_type} fee",
            counterparty="Simulated bank",
            fee_type=fee_type,
            status="Booked",
        )

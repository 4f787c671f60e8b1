"""Seed datasets: reviewable JSON files in the repository's `datasets/` folder (the package
`simulator.datasets` once installed).

A dataset lists users, account holders (each with its accounts), memberships, cards and
transactions. Every record has a stable `key` (`"account:ada"`), and records refer to each
other by key. Loading records which key produced which id in `dataset_records`, so loading
the same dataset twice into a project creates nothing the second time.

```python
load_dataset(env, project_id, "workshop")   # {"dataset": "workshop", "created": 3412, "skipped": 0}
load_dataset(env, project_id, "workshop")   # {"dataset": "workshop", "created": 0, "skipped": 3412}
```

The files are written by `scripts/generate_datasets.py` (fixed seed); their format is
documented in docs/banking.md. Transactions are loaded in execution order through the
ledger, so balances and `balance_after` add up exactly as if they had happened live.

The files are package data, read through `importlib.resources` rather than a path relative
to a source checkout, so an installed wheel seeds from any working directory.
"""

from __future__ import annotations

import json
import unicodedata
from decimal import Decimal
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import ConfigurationError, InvalidTimestamp
from ...storage import (
    Database,
    get_row,
    insert_all_columns,
    insert_columns,
    insert_row,
    next_number,
    rows_where,
)
from ...storage.rows import AccountRow, CheckTransactionNew, TransactionRow
from ..accounts.holders import VERIFICATION_STATUSES
from ..accounts.ledger import STATUSES_OF_TYPE, TRANSACTION_TYPES, record_transaction
from ..accounts.transactions import SETTLEMENT_DELAYS, settlement_time
from ..cards.card_support import physical_card_identifier
from ..cards.cards import CARD_BIN, CARD_STATUSES, CARD_TYPES, SPENDING_LIMIT_PERIODS
from ..kernel.access import PERMISSIONS
from ..kernel.context import Environment
from ..kernel.events import emit
from ..kernel.iban import BANK_BIC, iban_for_account_number, is_valid_iban
from ..kernel.money import AmountError, amount_text, parse_amount
from ..payments.internal_transfers import book_internal_credit
from ..users.users import create_user, find_user_by_phone
from .funding_datasets import load_funding_source
from .internal_datasets import load_internal_direct_debit, load_internal_mandate
from .merchant_datasets import (
    load_merchant_mandate,
    load_merchant_payment_method,
    load_merchant_profile,
)
from .onboarding_datasets import load_onboarding
from .payment_datasets import load_standing_order, load_trusted_beneficiary
from .sandbox_checks import next_test_line, rlmc_key

__all__ = ["DATASETS_DIR", "dataset_path", "load_dataset", "read_dataset"]


#: The seed datasets: the package `simulator.datasets`, which pyproject.toml's `package-dir`
#: maps from the repository's top-level `datasets/` folder (as it maps the notebooks), in an
#: editable install and in the wheel alike.
DATASETS_DIR: Traversable = files("simulator.datasets")
_LOADABLE_STATUSES = ("Upcoming", "Pending", "Booked", "Rejected")


def _shipped() -> dict[str, Traversable]:
    """The package's datasets by name (`default`: `datasets/default.json`)."""
    return {
        entry.name.removesuffix(".json"): entry
        for entry in DATASETS_DIR.iterdir()
        if entry.name.endswith(".json") and entry.is_file()
    }


def dataset_path(name_or_path: str) -> Traversable:
    """A dataset by name (`default`, `workshop`) or by path to a JSON file."""
    # Names are matched against the folder's files, never joined into a path; a name too
    # long or odd for the file system (`OSError` from `is_file`) is simply not a dataset.
    available = _shipped()
    if name_or_path in available:
        return available[name_or_path]
    candidate = Path(name_or_path)
    try:
        if candidate.suffix == ".json" and candidate.is_file():
            return candidate
    except (OSError, ValueError):
        pass
    raise ConfigurationError(
        f"No dataset {name_or_path[:100]!r}: use one of {', '.join(sorted(available))} "
        "or a JSON file path."
    )


def read_dataset(name_or_path: str) -> dict[str, Any]:
    path = dataset_path(name_or_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise ConfigurationError(f"Dataset {path.name} is not valid JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise ConfigurationError(f"Dataset {path.name} needs a top-level object with a name.")
    return data


class _Loader:
    """Loads one dataset into one project inside one transaction."""

    def __init__(self, env: Environment, db: Database, project_id: str, name: str):
        self.env = env
        self.db = db
        self.project_id = project_id
        self.name = name
        self.ids: dict[str, str] = {
            row["key"]: row["resource_id"]
            for row in rows_where(
                db, "dataset_records", "project_id = ? AND dataset = ?", [project_id, name]
            )
        }
        self.created: list[dict[str, Any]] = []
        self.skipped = 0

    # -- bookkeeping ------------------------------------------------------------------------

    def seen(self, record: dict[str, Any]) -> bool:
        key = record.get("key")
        if not isinstance(key, str) or not key:
            raise ConfigurationError(f"Dataset {self.name}: a record has no key: {record!r:.120}")
        if key in self.ids:
            self.skipped += 1
            return True
        return False

    def remember(self, key: str, resource_type: str, resource_id: str) -> None:
        self.ids[key] = resource_id
        self.created.append(
            {
                "project_id": self.project_id,
                "dataset": self.name,
                "key": key,
                "resource_type": resource_type,
                "resource_id": resource_id,
                "loaded_at": self.env.now(),
            }
        )

    def ref(self, record: dict[str, Any], field: str) -> str:
        key = record.get(field)
        if key not in self.ids:
            raise ConfigurationError(
                f"Dataset {self.name}: record {record.get('key')!r} refers to unknown "
                f"{field} {key!r}."
            )
        return self.ids[key]

    def fail(self, record: dict[str, Any], message: str) -> ConfigurationError:
        return ConfigurationError(f"Dataset {self.name}: record {record.get('key')!r}: {message}")

    def amount(self, record: dict[str, Any], value: Any) -> Decimal:
        try:
            return parse_amount(value)
        except AmountError as error:
            raise self.fail(record, error.message) from None

    def timestamp(self, record: dict[str, Any], value: Any) -> str:
        try:
            moment = parse_timestamp(str(value))
        except InvalidTimestamp as error:
            raise self.fail(record, str(error)) from None
        return format_timestamp(moment)

    # -- records ---------------------------------------------------------------------------

    def user(self, record: dict[str, Any]) -> None:
        if self.seen(record):
            return
        phone = record.get("phone_number", "")
        user = find_user_by_phone(self.env, phone, db=self.db)
        if user is None:
            try:
                user = create_user(
                    self.env,
                    phone,
                    first_name=record.get("first_name"),
                    last_name=record.get("last_name"),
                    birth_date=record.get("birth_date"),
                    identification_levels=record.get("identification_levels"),
                    auto_consent=bool(record.get("auto_consent")),
                    project_id=self.project_id,
                )
            except ConfigurationError as error:
                raise self.fail(record, str(error)) from None
        self.remember(record["key"], "User", user["id"])

    def holder(self, record: dict[str, Any]) -> None:
        holder_type = record.get("type", "Individual")
        if holder_type not in ("Individual", "Company"):
            raise self.fail(record, f"unknown holder type {holder_type!r}")
        status = record.get("verification_status", "Verified")
        if status not in VERIFICATION_STATUSES:
            raise self.fail(record, f"unknown verification status {status!r}")
        if not self.seen(record):
            now = self.env.now()
            holder_id = self.env.new_id(self.db, "account_holder")
            insert_row(
                self.db,
                "account_holders",
                {
                    "id": holder_id,
                    "project_id": self.project_id,
                    "type": holder_type,
                    "first_name": record.get("first_name"),
                    "last_name": record.get("last_name"),
                    "company_name": record.get("company_name"),
                    "verification_status": status,
                    "status": "Enabled",
                    "created_at": now,
                    "updated_at": now,
                },
            )
            emit(
                self.env,
                self.db,
                "AccountHolder.Created",
                project_id=self.project_id,
                resource_id=holder_id,
            )
            self.remember(record["key"], "AccountHolder", holder_id)
        for account in record.get("accounts", []):
            self.account(account, self.ids[record["key"]])

    def account(self, record: dict[str, Any], holder_id: str) -> None:
        if not self.seen(record):
            now = self.env.now()
            number = f"{next_number(self.db, 'account_number'):011d}"
            country = record.get("country", "FR")
            account_id = self.env.new_id(self.db, "account")
            insert_row(
                self.db,
                "accounts",
                {
                    "id": account_id,
                    "project_id": self.project_id,
                    "holder_id": holder_id,
                    "number": number,
                    "name": record.get("name") or "Current account",
                    "iban": iban_for_account_number(number, country),
                    "bic": BANK_BIC,
                    "currency": "EUR",
                    "country": country,
                    "language": record.get("language", "en"),
                    "status": "Opened",
                    "opened_at": now,
                    "created_at": now,
                    "updated_at": now,
                },
            )
            emit(
                self.env,
                self.db,
                "Account.Created",
                project_id=self.project_id,
                resource_id=account_id,
            )
            self.remember(record["key"], "Account", account_id)
        representative = record.get("legal_representative")
        if representative:
            self.membership(
                {
                    "key": f"{record['key']}/legal-representative",
                    "account": record["key"],
                    "user": representative,
                    "legal_representative": True,
                    **dict.fromkeys(PERMISSIONS, True),
                }
            )

    def membership(self, record: dict[str, Any]) -> None:
        if self.seen(record):
            return
        account_id = self.ref(record, "account")
        user_id = self.ref(record, "user") if record.get("user") else None
        if user_id is None and not record.get("email"):
            raise self.fail(record, "a membership needs a user or an e-mail")
        status = record.get("status", "Enabled" if user_id else "InvitationSent")
        now = self.env.now()
        membership_id = self.env.new_id(self.db, "account_membership")
        restricted = record.get("restricted_to") or {}
        insert_columns(
            self.db,
            "account_memberships",
            {
                "id": membership_id,
                "project_id": self.project_id,
                "account_id": account_id,
                "user_id": user_id,
                "email": record.get("email") or self._email_of(user_id),
                "legal_representative": int(bool(record.get("legal_representative"))),
                "status": status,
                "restricted_first_name": restricted.get("first_name"),
                "restricted_last_name": restricted.get("last_name"),
                "restricted_phone_number": restricted.get("phone_number"),
                "bound_at": now if user_id else None,
                "created_at": now,
                "updated_at": now,
                **{name: int(bool(record.get(name))) for name in PERMISSIONS},
            },
        )
        emit(
            self.env,
            self.db,
            "AccountMembership.Created",
            project_id=self.project_id,
            resource_id=membership_id,
        )
        self.remember(record["key"], "AccountMembership", membership_id)

    def _email_of(self, user_id: str | None) -> str | None:
        """A member's e-mail when the dataset gives none: first.last@example.com of its user
        (a membership always has one in the real service)."""
        if user_id is None:
            return None
        user = get_row(self.db, "users", user_id)
        names = [str(user.get(key) or "") for key in ("first_name", "last_name")]
        local = ".".join(
            "".join(c for c in unicodedata.normalize("NFKD", n.lower()) if c.isalnum())
            for n in names
            if n
        )
        return f"{local or 'member'}@example.com"

    def _physical_card(
        self, record: dict[str, Any], card_type: str, number: int, moment: Any
    ) -> dict[str, Any]:
        """A VirtualAndPhysical card's printed card: `physical_status` (default Activated),
        delivered to `delivery_address` (default: a Paris address)."""
        if card_type != "VirtualAndPhysical":
            return {}
        status = record.get("physical_status", "Activated")
        if status not in ("ToActivate", "Activated", "Suspended", "Canceled"):
            raise self.fail(record, f"unknown physical card status {status!r}")
        identifier = next_number(self.db, "physical_card_identifier")
        address = record.get("delivery_address") or {
            "address_line_1": "1 rue de Rivoli",
            "city": "Paris",
            "postal_code": "75001",
            "country": "FRA",
        }
        return {
            "physical_status": status,
            "physical_status_reason": "SuspendedByPartner" if status == "Suspended" else None,
            "physical_identifier": physical_card_identifier(identifier),
            "physical_masked_number": f"{CARD_BIN}******{(number * 7919) % 10000:04d}",
            "physical_expiry_date": f"{moment.month:02d}/{(moment.year + 3) % 100:02d}",
            "physical_pin_ready": 1,
            "physical_address": json.dumps(address, sort_keys=True),
            "physical_custom_options": "{}",
        }

    def card(self, record: dict[str, Any]) -> None:
        if self.seen(record):
            return
        membership_id = self.ref(record, "membership")
        membership = get_row(self.db, "account_memberships", membership_id)
        card_type = record.get("type", "Virtual")
        status = record.get("status", "Enabled")
        limit = record.get("spending_limit") or {"value": "1000.00", "period": "Monthly"}
        if card_type not in CARD_TYPES or status not in CARD_STATUSES:
            raise self.fail(record, f"unknown card type or status {card_type!r}/{status!r}")
        if limit.get("period") not in SPENDING_LIMIT_PERIODS:
            raise self.fail(record, f"unknown spending limit period {limit.get('period')!r}")
        now = self.env.now()
        moment = parse_timestamp(now)
        number = next_number(self.db, "card_number")
        card_id = self.env.new_id(self.db, "card")
        insert_columns(
            self.db,
            "cards",
            {
                "id": card_id,
                "project_id": self.project_id,
                "account_id": membership["account_id"],
                "account_membership_id": membership_id,
                "type": card_type,
                "name": record.get("name"),
                "masked_number": f"{CARD_BIN}******{(number * 7919) % 10000:04d}",
                "expiry_date": f"{moment.month:02d}/{(moment.year + 3) % 100:02d}",
                "withdrawal": int(record.get("withdrawal", True)),
                "international": int(record.get("international", True)),
                "non_main_currency_transactions": int(
                    record.get("non_main_currency_transactions", True)
                ),
                "e_commerce": int(record.get("e_commerce", True)),
                "spending_limit_value": amount_text(self.amount(record, limit.get("value"))),
                "spending_limit_currency": "EUR",
                "spending_limit_period": limit["period"],
                "status": status,
                "enabled_at": now,
                "canceled_at": now if status == "Canceled" else None,
                "created_at": now,
                "updated_at": now,
                **self._physical_card(record, card_type, number, moment),
            },
        )
        emit(self.env, self.db, "Card.Created", project_id=self.project_id, resource_id=card_id)
        self.remember(record["key"], "Card", card_id)

    def transaction(self, record: dict[str, Any]) -> None:
        if self.seen(record):
            return
        account_id = self.ref(record, "account")
        tx_type = record.get("type")
        status = record.get("status", "Booked")
        if tx_type not in TRANSACTION_TYPES:
            raise self.fail(record, f"unknown transaction type {tx_type!r}")
        if status not in _LOADABLE_STATUSES or status not in STATUSES_OF_TYPE[tx_type]:
            raise self.fail(record, f"a {tx_type} cannot be loaded {status}")
        iban = record.get("counterparty_iban")
        if iban is not None and not is_valid_iban(iban):
            raise self.fail(record, f"invalid counterparty IBAN {iban!r}")
        mode = record.get("mode", "Regular" if tx_type.startswith("Sepa") else None)
        if mode is not None and mode not in SETTLEMENT_DELAYS:
            raise self.fail(record, f"unknown transfer mode {mode!r}")
        executed = self.timestamp(record, record.get("execution_date"))
        details = {
            key: record.get(key)
            for key in (
                "reference",
                "counterparty_bic",
                "merchant_category",
                "merchant_city",
                "merchant_country",
                "fee_type",
            )
            if record.get(key) is not None
        }
        card_id = self.ref(record, "card") if record.get("card") else None
        merchant = record.get("merchant_name")
        beneficiary = self._internal_beneficiary(record, tx_type)
        if beneficiary is not None:
            iban, details["counterparty_bic"] = beneficiary["iban"], beneficiary["bic"]
        if status == "Upcoming":  # executes on the clock when its date comes
            details.update(settles_at=executed, requested_execution_at=executed)
        row = record_transaction(
            self.env,
            self.db,
            project_id=self.project_id,
            account_id=account_id,
            type=tx_type,
            amount=self.amount(record, record.get("amount")),
            label=record.get("label") or record.get("counterparty") or tx_type,
            counterparty=record.get("counterparty") or merchant or "Unknown",
            status=status,
            status_reason=record.get("status_reason"),
            execution_date=executed,
            booking_date=executed if status == "Booked" else None,
            counterparty_iban=iban,
            mode=mode,
            card_id=card_id,
            merchant_name=merchant,
            **{
                "settles_at": settlement_time(self.env, mode)
                if status == "Pending" and tx_type.startswith("Sepa") and mode
                else None,
                **details,
            },
        )
        if tx_type == "CheckIn":
            self._check_line(record, row)
        if beneficiary is not None and status == "Booked":
            book_internal_credit(self.env, self.db, row, beneficiary["id"])
        self.remember(record["key"], "Transaction", row["id"])

    def _internal_beneficiary(self, record: dict[str, Any], tx_type: str) -> AccountRow | None:
        """The account an `InternalCreditTransferOut` record pays (`beneficiary_account`);
        its `InternalCreditTransferIn` is loaded with it."""
        if tx_type == "InternalCreditTransferIn":
            raise self.fail(record, "load the Out side with a beneficiary_account instead")
        if tx_type != "InternalCreditTransferOut":
            return None
        return get_row(self.db, "accounts", self.ref(record, "beneficiary_account"))

    def _check_line(self, record: dict[str, Any], row: TransactionRow) -> None:
        """A deposited check's magnetic line: the record's `cmc7`, else the next test check's
        line (numbered in sequence, so deterministic), with its RLMC key."""
        cmc7 = str(record.get("cmc7") or next_test_line(self.db))
        if len(cmc7) != 31 or not cmc7.isdigit():
            raise self.fail(record, f"a CMC7 line is 31 digits, got {cmc7!r}")
        insert_row(
            self.db,
            "check_transactions",
            CheckTransactionNew(
                transaction_id=row["id"],
                project_id=self.project_id,
                cmc7=cmc7,
                rlmc_key=rlmc_key(cmc7),
                created_at=self.env.now(),
            ),
        )


def load_dataset(env: Environment, project_id: str, name_or_path: str) -> dict[str, Any]:
    """Load a dataset's records into a project, in one transaction; records already loaded
    (by key) are skipped. Returns the dataset's name and the created/skipped counts."""
    data = read_dataset(name_or_path)
    if not env.store.db["projects"].count_where("id = ?", [project_id]):
        raise ConfigurationError(f"No project {project_id} in {env.name.title}.")
    with env.store.atomic() as db:
        loader = _Loader(env, db, project_id, data["name"])
        for user in data.get("users", []):
            loader.user(user)
        for holder in data.get("account_holders", []):
            loader.holder(holder)
        for membership in data.get("memberships", []):
            loader.membership(membership)
        for card in data.get("cards", []):
            loader.card(card)
        ordered = sorted(
            data.get("transactions", []),
            key=lambda record: (str(record.get("execution_date")), str(record.get("key"))),
        )
        for transaction in ordered:
            loader.transaction(transaction)
        for onboarding in data.get("onboardings", []):
            load_onboarding(loader, onboarding)
        for beneficiary in data.get("trusted_beneficiaries", []):
            load_trusted_beneficiary(loader, beneficiary)
        for order in data.get("standing_orders", []):
            load_standing_order(loader, order)
        for profile in data.get("merchant_profiles", []):
            load_merchant_profile(loader, profile)
        for method in data.get("merchant_payment_methods", []):
            load_merchant_payment_method(loader, method)
        for mandate in data.get("merchant_payment_mandates", []):
            if "debtor_account" in mandate:
                load_internal_mandate(loader, mandate)
            else:
                load_merchant_mandate(loader, mandate)
        for debit in data.get("internal_direct_debits", []):
            load_internal_direct_debit(loader, debit)
        for source in data.get("funding_sources", []):
            load_funding_source(loader, source)
        insert_all_columns(db, "dataset_records", loader.created)
    return {"dataset": data["name"], "created": len(loader.created), "skipped": loader.skipped}

"""Write the seed datasets `datasets/default.json` and `.../workshop.json`.

    python scripts/generate_datasets.py            # rewrite both files
    python scripts/generate_datasets.py --check    # exit 1 if a file differs from its output

Deterministic: a fixed seed for `random` and for Faker (names, cities), so the same
library versions always write the same bytes. Every counterparty IBAN is generated and
checked with schwifty. Balances never go below zero: each account's history is generated
in time order and a debit that would overdraw is left out.

File format (see docs/banking.md): `users`, `account_holders` (each with `accounts`),
`memberships`, `cards`, `transactions`; every record has a stable `key`, and records
refer to each other by key. Transactions are written one per line to keep diffs readable.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from calendar import timegm
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from faker import Faker
from schwifty import IBAN

from simulator.clock import DEFAULT_START

ROOT = Path(__file__).resolve().parents[1]
# Package data (simulator/domain/sandbox/datasets.py reads them), so that a wheel carries them.
DATASETS = ROOT / "datasets"
SEED = 2026
#: The one date every generated date is relative to (ages, history): the virtual clock's
#: default start, 2026-01-05. Never the real date, so any day writes the same bytes.
REFERENCE_DATE = DEFAULT_START.date()
#: The history covers these months (before the reference date).
HISTORY_START = datetime(2025, 9, 1, tzinfo=UTC)
HISTORY_END = datetime(2025, 12, 31, 18, 0, tzinfo=UTC)
PERMISSIONS = (
    "can_view_account",
    "can_manage_beneficiaries",
    "can_initiate_payments",
    "can_manage_account_membership",
    "can_manage_cards",
)
MERCHANTS = [
    ("Carrefour City", "Groceries", "Paris", "FR"),
    ("Monoprix", "Groceries", "Lyon", "FR"),
    ("Boulangerie Paul", "Restaurants", "Paris", "FR"),
    ("SNCF Connect", "Transport", "Paris", "FR"),
    ("RATP", "Transport", "Paris", "FR"),
    ("Uber", "Transport", "Amsterdam", "NL"),
    ("Amazon EU", "Online shopping", "Luxembourg", "LU"),
    ("Fnac", "Electronics", "Bordeaux", "FR"),
    ("Decathlon", "Sports", "Lille", "FR"),
    ("TotalEnergies", "Fuel", "Nantes", "FR"),
    ("Spotify", "Subscriptions", "Stockholm", "SE"),
    ("Le Petit Bistrot", "Restaurants", "Marseille", "FR"),
    ("Pharmacie Centrale", "Health", "Toulouse", "FR"),
    ("Leroy Merlin", "Home", "Rennes", "FR"),
    ("Ikea", "Home", "Delft", "NL"),
]
ONLINE = {"Amazon EU", "Spotify", "Uber", "SNCF Connect"}


def cents(value: float | int) -> str:
    return f"{Decimal(str(value)).quantize(Decimal('0.01')):.2f}"


def birth_date(fake: Faker, minimum_age: int, maximum_age: int) -> str:
    """A birth date making its owner `minimum_age` to `maximum_age` on `REFERENCE_DATE`.

    Faker's `date_of_birth` counts ages from the real date, so its output changes every
    day. This is the same algorithm (one `uniform` draw from Faker's random, so the other
    generated values stay the same) with the reference date in place of today.
    """
    earliest = _years_before(REFERENCE_DATE, maximum_age + 1)
    latest = _years_before(REFERENCE_DATE, minimum_age)
    seconds = fake.random.uniform(_epoch_seconds(earliest), _epoch_seconds(latest))
    born = (datetime(1970, 1, 1) + timedelta(seconds=seconds)).date()
    return (born if born != earliest else born + timedelta(days=1)).isoformat()


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February in a year that has none
        return day.replace(year=day.year - years, month=3, day=1)


def _epoch_seconds(day: date) -> int:
    return timegm(day.timetuple())


def timestamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


class Ibans:
    """Valid, checked IBANs for counterparties (German and French bank codes)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self) -> str:
        if self.rng.random() < 0.5:
            account = f"{self.rng.randrange(10**9, 10**10)}"
            value = IBAN.generate("DE", bank_code="37040044", account_code=account)
        else:
            account = f"{self.rng.randrange(10**10, 10**11)}"
            value = IBAN.generate(
                "FR", bank_code="30006", branch_code="00001", account_code=account
            )
        return IBAN(str(value)).compact  # parsing again checks the check digits


class History:
    """One account's transactions in time order, never overdrawn."""

    def __init__(self, account_key: str, rng: random.Random, ibans: Ibans) -> None:
        self.account = account_key
        self.rng = rng
        self.ibans = ibans
        self.balance = Decimal("0.00")
        self.records: list[dict[str, Any]] = []

    def _add(self, moment: datetime, record: dict[str, Any]) -> None:
        key = f"tx:{self.account.removeprefix('account:')}:{len(self.records) + 1:04d}"
        self.records.append(
            {"key": key, "account": self.account, "execution_date": timestamp(moment), **record}
        )

    def credit(self, moment: datetime, amount: str, name: str, label: str) -> None:
        self.balance += Decimal(amount)
        self._add(
            moment,
            {
                "type": "SepaCreditTransferIn",
                "amount": amount,
                "counterparty": name,
                "counterparty_iban": self.ibans(),
                "label": label,
                "reference": f"REF-{self.rng.randrange(10**6, 10**7)}",
                "status": "Booked",
            },
        )

    def transfer_out(
        self, moment: datetime, amount: str, name: str, label: str, status: str = "Booked"
    ) -> None:
        if Decimal(amount) > self.balance:
            return
        if status == "Booked":
            self.balance -= Decimal(amount)
        self._add(
            moment,
            {
                "type": "SepaCreditTransferOut",
                "amount": amount,
                "counterparty": name,
                "counterparty_iban": self.ibans(),
                "label": label,
                "status": status,
            },
        )

    def card(self, moment: datetime, card_key: str, amount: str, status: str = "Booked") -> None:
        name, category, city, country = self.rng.choice(MERCHANTS)
        record: dict[str, Any] = {
            "type": "CardOutDebit",
            "amount": amount,
            "counterparty": name,
            "merchant_name": name,
            "merchant_category": category,
            "merchant_city": city,
            "merchant_country": country,
            "card": card_key,
            "label": name,
            "status": status,
        }
        if status == "Rejected":
            record["status_reason"] = "InsufficientFunds"
        elif Decimal(amount) > self.balance:
            return
        elif status == "Booked":
            self.balance -= Decimal(amount)
        self._add(moment, record)

    def fee(self, moment: datetime, amount: str, fee_type: str, label: str) -> None:
        if Decimal(amount) > self.balance:
            return
        self.balance -= Decimal(amount)
        self._add(
            moment,
            {
                "type": "FeesOut",
                "amount": amount,
                "counterparty": "Simulated bank",
                "fee_type": fee_type,
                "label": label,
                "status": "Booked",
            },
        )


def months() -> list[datetime]:
    result, moment = [], HISTORY_START
    while moment < HISTORY_END:
        result.append(moment)
        moment = (moment + timedelta(days=32)).replace(day=1)
    return result


def spend_month(
    history: History, rng: random.Random, month: datetime, card_key: str | None, count: int
) -> None:
    """A month of card spending, rent and fees after the income on the 1st."""
    for _ in range(count):
        if card_key is None:
            break
        day = rng.randrange(2, 28)
        moment = month.replace(day=day, hour=rng.randrange(8, 21), minute=rng.randrange(60))
        history.card(moment, card_key, cents(rng.uniform(3, 95)))
    history.fee(month.replace(day=28, hour=6), "2.00", "BankingFee", "Monthly account fee")


def default_dataset() -> dict[str, Any]:
    """The demo project's small dataset: Ada, Alan and Analytical Engines SAS."""
    rng = random.Random(SEED)
    ibans = Ibans(rng)
    users = [
        {
            "key": "user:ada",
            "phone_number": "+33612345001",
            "first_name": "Ada",
            "last_name": "Lovelace",
            "birth_date": "1815-12-10",
        },
        {
            "key": "user:alan",
            "phone_number": "+33612345002",
            "first_name": "Alan",
            "last_name": "Turing",
            "birth_date": "1912-06-23",
        },
        {
            "key": "user:charles",
            "phone_number": "+33612345003",
            "first_name": "Charles",
            "last_name": "Babbage",
            "birth_date": "1791-12-26",
        },
    ]
    holders = [
        {
            "key": "holder:ada",
            "type": "Individual",
            "first_name": "Ada",
            "last_name": "Lovelace",
            "verification_status": "Verified",
            "accounts": [
                {
                    "key": "account:ada",
                    "name": "Ada's current account",
                    "legal_representative": "user:ada",
                }
            ],
        },
        {
            "key": "holder:alan",
            "type": "Individual",
            "first_name": "Alan",
            "last_name": "Turing",
            "verification_status": "Verified",
            "accounts": [
                {
                    "key": "account:alan",
                    "name": "Alan's current account",
                    "legal_representative": "user:alan",
                }
            ],
        },
        {
            "key": "holder:analytical-engines",
            "type": "Company",
            "company_name": "Analytical Engines SAS",
            "verification_status": "Verified",
            "accounts": [
                {
                    "key": "account:analytical-engines",
                    "name": "Analytical Engines main account",
                    "legal_representative": "user:charles",
                }
            ],
        },
    ]
    memberships = [
        {
            "key": "membership:analytical-engines/ada",
            "account": "account:analytical-engines",
            "user": "user:ada",
            "can_view_account": True,
            "can_initiate_payments": True,
            "can_manage_cards": True,
        }
    ]
    cards = [
        {
            "key": "card:ada",
            "membership": "account:ada/legal-representative",
            "type": "Virtual",
            "name": "Ada's card",
            "spending_limit": {"value": "1500.00", "period": "Monthly"},
        },
        {
            "key": "card:alan",
            "membership": "account:alan/legal-representative",
            "type": "VirtualAndPhysical",
            "name": "Alan's card",
        },
        {
            "key": "card:analytical-engines/ada",
            "membership": "membership:analytical-engines/ada",
            "type": "Virtual",
            "name": "Ada's company card",
            "spending_limit": {"value": "500.00", "period": "Weekly"},
        },
    ]
    transactions: list[dict[str, Any]] = []
    incomes = {
        "account:ada": ("Royal Society", "3200.00"),
        "account:alan": ("University of Manchester", "2900.00"),
        "account:analytical-engines": ("Difference Engines Ltd", "12500.00"),
    }
    card_of = {
        "account:ada": "card:ada",
        "account:alan": "card:alan",
        "account:analytical-engines": "card:analytical-engines/ada",
    }
    for account, (payer, amount) in incomes.items():
        history = History(account, rng, ibans)
        for month in months()[-2:]:
            history.credit(month.replace(day=1, hour=9), amount, payer, f"{payer} {month:%B %Y}")
            spend_month(history, rng, month, card_of[account], 4)
        history.card(HISTORY_END, card_of[account], cents(rng.uniform(10, 60)), status="Pending")
        transactions.extend(history.records)
    # Fixed records after the seeded ones, so the random history stays as it was.
    transactions.extend(default_frontend_transactions())
    return {
        "name": "default",
        "description": "A small dataset for the demo project: two individuals and a company, "
        "one account each, with cards and two months of history.",
        "users": users,
        "account_holders": holders,
        "memberships": memberships,
        "cards": cards,
        "transactions": transactions,
        "onboardings": onboarding_records(),
        **default_payments(),
        **default_merchants(),
    }


# -- what the front-end's pages show beyond cards and transfers (issue 25) -----------------


def default_frontend_transactions() -> list[dict[str, Any]]:
    """A deposited check, a transfer between two accounts of the bank (its credit is loaded
    with it), and a bill requested for a later date (Upcoming until 2026-01-20)."""
    return [
        {
            "key": "tx:alan:check-1",
            "account": "account:alan",
            "execution_date": "2025-12-18T10:00:00.000Z",
            "type": "CheckIn",
            "amount": "150.00",
            "counterparty": "Mary Somerville",
            "label": "Check from Mary Somerville",
            "status": "Booked",
        },
        {
            "key": "tx:alan:internal-1",
            "account": "account:alan",
            "execution_date": "2025-12-20T18:30:00.000Z",
            "type": "InternalCreditTransferOut",
            "beneficiary_account": "account:ada",
            "amount": "45.00",
            "counterparty": "Ada Lovelace",
            "label": "Dinner share",
            "reference": "DINNER",
            "status": "Booked",
        },
        {
            "key": "tx:alan:upcoming-1",
            "account": "account:alan",
            "execution_date": "2026-01-20T09:00:00.000Z",
            "type": "SepaCreditTransferOut",
            "amount": "120.00",
            "counterparty": "Electricity Co",
            "counterparty_iban": ELECTRICITY_IBAN,
            "label": "Electricity bill",
            "reference": "ELEC-2026-01",
            "status": "Upcoming",
        },
    ]


ELECTRICITY_IBAN = "FR1420041010050500013M02606"


# -- payments family: trusted beneficiaries and standing orders ----------------------------


LANDLORD_IBAN = "FR7630006000011234567890189"


def default_payments() -> dict[str, Any]:
    """Ada pays rent every month to a trusted landlord; the company saved a supplier; Alan
    saved Ada's account and a bookshop in the United States."""
    return {
        "trusted_beneficiaries": [
            {
                "key": "beneficiary:ada/landlord",
                "account": "account:ada",
                "name": "Landlord SCI",
                "iban": LANDLORD_IBAN,
                "label": "Rent",
            },
            {
                "key": "beneficiary:analytical-engines/supplier",
                "account": "account:analytical-engines",
                "name": "Brass Gears SARL",
                "iban": "DE89370400440532013000",
            },
            # Alan saved Ada's account (of this bank) and a bookshop outside the SEPA zone.
            {
                "key": "beneficiary:alan/ada",
                "account": "account:alan",
                "name": "Ada Lovelace",
                "beneficiary_account": "account:ada",
                "label": "Ada",
            },
            {
                "key": "beneficiary:alan/princeton",
                "account": "account:alan",
                "name": "Princeton Book Store Inc",
                "currency": "USD",
                "route": "Aba",
                "details": [
                    {"key": "abartn", "value": "026009593"},
                    {"key": "accountNumber", "value": "12345678"},
                    {"key": "accountType", "value": "CHECKING"},
                    {"key": "address.country", "value": "US"},
                    {"key": "address.city", "value": "New York"},
                    {"key": "address.firstLine", "value": "1 Main Street"},
                    {"key": "address.postCode", "value": "10001"},
                ],
            },
        ],
        "standing_orders": [
            {
                "key": "standing-order:ada/rent",
                "account": "account:ada",
                "period": "Monthly",
                "amount": "850.00",
                "beneficiary_name": "Landlord SCI",
                "beneficiary_iban": LANDLORD_IBAN,
                "reference": "RENT",
                "label": "Rent",
                "first_execution_date": "2026-02-01T09:00:00Z",
            }
        ],
        # The company funds its account from its account at another bank.
        "funding_sources": [
            {
                "key": "funding-source:analytical-engines/main-bank",
                "account": "account:analytical-engines",
                "iban": "DE89370400440532013000",
                "name": "Main bank",
            }
        ],
    }


# -- merchants family: merchant profiles, payment methods and mandates ---------------------


def default_merchants() -> dict[str, Any]:
    """The company sells its engines: an Enabled merchant profile taking SEPA Core direct
    debits (with the bank's creditor identifier) under one customer's declared mandate, a
    check method still under review, and internal direct debits from Alan's account (one
    booked, one pending)."""
    profile = "merchant-profile:analytical-engines"
    return {
        "merchant_profiles": [
            {
                "key": profile,
                "account": "account:analytical-engines",
                "merchant_name": "Analytical Engines",
                "product_type": "Goods",
                "expected_average_basket": "120.00",
                "expected_monthly_merchant_processing_volume": "Between5000And10000",
                "merchant_website_url": "https://analytical-engines.example",
            }
        ],
        "merchant_payment_methods": [
            {
                "key": "merchant-method:analytical-engines/sepa-core",
                "profile": profile,
                "type": "SepaDirectDebitCore",
            },
            {
                "key": "merchant-method:analytical-engines/check",
                "profile": profile,
                "type": "Check",
                "status": "PendingReview",
            },
            {
                "key": "merchant-method:analytical-engines/internal",
                "profile": profile,
                "type": "InternalDirectDebitStandard",
            },
        ],
        "merchant_payment_mandates": [
            {
                "key": "merchant-mandate:analytical-engines/babbage",
                "method": "merchant-method:analytical-engines/sepa-core",
                "debtor_name": "Charles Babbage",
                "debtor_iban": "DE89370400440532013000",
                "debtor_country": "DEU",
                "reference": "AE-BABBAGE-1",
                "sequence": "Recurrent",
                "signature_date": "2026-01-02",
            },
            # Alan, a customer banking here too, signed an internal mandate.
            {
                "key": "merchant-mandate:analytical-engines/alan",
                "method": "merchant-method:analytical-engines/internal",
                "debtor_account": "account:alan",
                "reference": "AE-ALAN-1",
                "signature_date": "2026-01-02",
            },
        ],
        "internal_direct_debits": [
            {
                "key": "internal-debit:analytical-engines/alan/1",
                "mandate": "merchant-mandate:analytical-engines/alan",
                "amount": "120.00",
                "label": "Engine parts, order 1",
                "status": "Booked",
            },
            {
                "key": "internal-debit:analytical-engines/alan/2",
                "mandate": "merchant-mandate:analytical-engines/alan",
                "amount": "80.00",
                "label": "Engine parts, order 2",
            },
        ],
    }


def onboarding_records() -> list[dict[str, Any]]:
    """Two onboardings in progress: one ready to finalize, a company lacking its registration."""
    grace = {"email": "grace.hopper@example.com", "firstName": "Grace", "lastName": "Hopper"}
    return [
        {"key": "onboarding:grace", "type": "Individual", "account_country": "FRA",
         "account_name": "Grace's account", "account_admin": grace},
        {"key": "onboarding:difference-engines", "type": "Company", "account_country": "DEU",
         "account_name": "Engines", "account_admin": {**grace, "preferredLanguage": "de"},
         "company": {"name": "Difference Engines GmbH", "legalFormCode": "2HBR"}}]  # fmt: skip


def workshop_dataset() -> dict[str, Any]:
    """Enough holders, accounts, cards and history to make pagination and filters matter."""
    rng = random.Random(SEED + 1)
    fake = Faker("fr_FR")
    fake.seed_instance(SEED)
    ibans = Ibans(rng)
    users: list[dict[str, Any]] = []
    holders: list[dict[str, Any]] = []
    memberships: list[dict[str, Any]] = []
    cards: list[dict[str, Any]] = []
    transactions: list[dict[str, Any]] = []
    statuses = ["Verified"] * 15 + [
        "Pending",
        "WaitingForInformation",
        "NotStarted",
        "Refused",
        "Verified",
    ]
    for index in range(20):
        number = index + 1
        first, last = fake.first_name(), fake.last_name()
        user_key = f"user:w{number:02d}"
        users.append(
            {
                "key": user_key,
                "phone_number": f"+3361200{number:04d}",
                "first_name": first,
                "last_name": last,
                "birth_date": birth_date(fake, minimum_age=20, maximum_age=75),
            }
        )
        company = index % 4 == 3
        holder_key = f"holder:w{number:02d}"
        account_keys = [f"account:w{number:02d}"] + (
            [f"account:w{number:02d}-savings"] if company else []
        )
        holder: dict[str, Any] = {
            "key": holder_key,
            "type": "Company" if company else "Individual",
            "verification_status": statuses[index],
            "accounts": [
                {
                    "key": key,
                    "name": ("Savings" if key.endswith("savings") else "Main account")
                    if company
                    else f"{first}'s current account",
                    "legal_representative": user_key,
                }
                for key in account_keys
            ],
        }
        if company:
            holder["company_name"] = fake.company()
        else:
            holder.update({"first_name": first, "last_name": last})
        holders.append(holder)
        main = account_keys[0]
        card_key = f"card:w{number:02d}"
        cards.append(
            {
                "key": card_key,
                "membership": f"{main}/legal-representative",
                "type": "VirtualAndPhysical" if index % 2 else "Virtual",
                "name": f"{first}'s card",
                "spending_limit": {"value": "3000.00", "period": "Monthly"},
                "status": "Enabled",
                # A suspended physical card: in-person payments declined, online ones not.
                **({"physical_status": "Suspended"} if index == 5 else {}),
            }
        )
        if index == 7:
            cards.append(
                {
                    "key": f"card:w{number:02d}-old",
                    "membership": f"{main}/legal-representative",
                    "type": "Virtual",
                    "name": "Old card",
                    "status": "Canceled",
                }
            )
        if company:
            # An employee with a card of their own on the company account.
            employee_first, employee_last = fake.first_name(), fake.last_name()
            employee_key = f"user:w{number:02d}-employee"
            users.append(
                {
                    "key": employee_key,
                    "phone_number": f"+3361300{number:04d}",
                    "first_name": employee_first,
                    "last_name": employee_last,
                    "birth_date": birth_date(fake, minimum_age=20, maximum_age=60),
                }
            )
            membership_key = f"membership:w{number:02d}/employee"
            memberships.append(
                {
                    "key": membership_key,
                    "account": main,
                    "user": employee_key,
                    "can_view_account": True,
                    "can_initiate_payments": True,
                    "can_manage_cards": False,
                }
            )
            cards.append(
                {
                    "key": f"card:w{number:02d}-employee",
                    "membership": membership_key,
                    "type": "Virtual",
                    "name": f"{employee_first}'s card",
                    "spending_limit": {"value": "800.00", "period": "Weekly"},
                }
            )
            memberships.append(
                {
                    "key": f"membership:w{number:02d}/accountant",
                    "account": main,
                    "email": fake.company_email(),
                    "restricted_to": {
                        "first_name": fake.first_name(),
                        "last_name": fake.last_name(),
                        "phone_number": f"+3361400{number:04d}",
                    },
                    "can_view_account": True,
                }
            )
        income_name = fake.company()
        income = cents(rng.uniform(18000, 40000) if company else rng.uniform(1800, 4800))
        history = History(main, rng, ibans)
        for month in months():
            history.credit(
                month.replace(day=1, hour=8, minute=rng.randrange(60)),
                income,
                income_name,
                f"{'Invoice' if company else 'Salary'} {month:%B %Y}",
            )
            for _ in range(rng.randrange(2, 5)):
                day = rng.randrange(2, 28)
                history.credit(
                    month.replace(day=day, hour=rng.randrange(8, 18)),
                    cents(rng.uniform(15, 400)),
                    fake.name(),
                    "Refund" if rng.random() < 0.5 else "Gift",
                )
            rent = cents(rng.uniform(600, 1500) if not company else rng.uniform(2000, 6000))
            history.transfer_out(month.replace(day=5, hour=10), rent, fake.company(), "Rent")
            for _ in range(rng.randrange(1, 4)):
                day = rng.randrange(6, 28)
                history.transfer_out(
                    month.replace(day=day, hour=rng.randrange(8, 18)),
                    cents(rng.uniform(20, 600)),
                    fake.name(),
                    "Transfer",
                )
            spend_month(history, rng, month, card_key, rng.randrange(28, 37))
        # The last days: a few things still pending, and a declined payment.
        history.card(
            HISTORY_END - timedelta(hours=2), card_key, cents(rng.uniform(20, 80)), status="Pending"
        )
        history.card(
            HISTORY_END - timedelta(hours=1),
            card_key,
            cents(rng.uniform(20, 80)),
            status="Rejected",
        )
        history.transfer_out(
            HISTORY_END, cents(rng.uniform(50, 150)), fake.name(), "Transfer", status="Pending"
        )
        transactions.extend(history.records)
        for savings in account_keys[1:]:
            reserve = History(savings, rng, ibans)
            for month in months():
                moment = month.replace(day=2, hour=9)
                reserve.credit(moment, cents(rng.uniform(1000, 5000)), income_name, "Reserve")
            transactions.extend(reserve.records)
    return {
        "name": "workshop",
        "description": "Twenty holders (five companies, each with an employee and an invited "
        "accountant), 25 accounts, cards, and four months of history (about 3,000 transactions).",
        "users": users,
        "account_holders": holders,
        "memberships": memberships,
        "cards": cards,
        "transactions": transactions,
    }


def dumps(data: dict[str, Any]) -> str:
    """JSON with small sections indented and one transaction per line."""
    lines = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key == "transactions":
            lines.append('  "transactions": [')
            for position, record in enumerate(value):
                tail = "," if position < len(value) - 1 else ""
                lines.append("    " + json.dumps(record, ensure_ascii=False) + tail)
            lines.append("  ]" + comma)
        else:
            body = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n  ")
            lines.append(f"  {json.dumps(key)}: {body}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a file is not up to date")
    args = parser.parse_args(argv)
    stale = []
    for name, build in (("default", default_dataset), ("workshop", workshop_dataset)):
        text = dumps(build())
        json.loads(text)  # the custom layout must stay valid JSON
        path = DATASETS / f"{name}.json"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(text) // 1024} KiB)")
    if stale:
        print(f"out of date: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

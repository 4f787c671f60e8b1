"""What a consent asks the user to approve, in words: the consent pages show it.

Each purpose reads its pending resource (the card, the member, the transfers, the account)
and says what approving will do. Nothing here knows HTTP; the page renders the result.

```python
description = describe_consent(env, consent)
description.title      # 'Approve a transfer'
description.summary    # 'Banking tour asks you to send 850.00 EUR to Landlord SCI.'
for section in description.sections:
    for label, value in section.rows:
        ...            # ('Beneficiary', 'Landlord SCI'), ('IBAN', 'FR76 3000 ...'), ...
```

A consent whose resource is gone (or a `Generic` one, which has none) is described by its
purpose alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from ...storage import Database, find_row, rows_where, value_of
from ...storage.rows import AccountMembershipRow, ConsentRow
from ..kernel.context import Environment

__all__ = ["DetailSection", "OperationDescription", "describe_consent"]


@dataclass(frozen=True)
class DetailSection:
    """A group of label/value rows (one transfer, the account, the card)."""

    heading: str | None
    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class OperationDescription:
    purpose: str
    #: The page title, e.g. "Approve a new card".
    title: str
    #: One sentence naming the project and the operation.
    summary: str
    sections: tuple[DetailSection, ...]
    project_name: str


_TITLES = {
    "AddCard": "Approve a new card",
    "AddAccountMembership": "Approve a new account member",
    "InitPayment": "Approve a transfer",
    "CloseAccount": "Approve closing an account",
    "ViewCardNumbers": "Approve showing card numbers",
    "AddCards": "Approve new cards",
    "UpdateCard": "Approve changing a card",
    "PrintPhysicalCard": "Approve printing a card",
    "ActivatePhysicalCard": "Approve activating a card",
    "ResumePhysicalCard": "Approve unblocking a card",
    "ViewPhysicalCardPin": "Approve showing a card's PIN",
    "Generic": "Approve an operation",
    "ConsentToMultipleConsents": "Approve several operations",
    "AddBeneficiary": "Approve a trusted beneficiary",
    "ScheduleStandingOrder": "Approve a standing order",
    "AddDirectDebitPaymentMandate": "Sign a direct debit mandate",
    "InitiateFundingRequest": "Approve funding your account",
    "InitiateInstantFundingRequest": "Approve funding your account instantly",
    "AddDigitalCard": "Approve adding a card to a wallet",
    "AddDigitalCards": "Approve adding cards to a wallet",
    "ActivateDigitalCard": "Approve activating a card in a wallet",
    "AddAccountMemberships": "Approve new account members",
    "UpdateAccountMembership": "Approve changing an account member",
    "ResumeAccountMembership": "Approve resuming an account member",
    "RequestCreditLimit": "Approve a credit limit request",
    "UpdateAccountSettings": "Approve changing an account's settings",
    "InitiateInternationalCreditTransfer": "Approve an international transfer",
    "EnableMandate": "Approve a direct debit mandate",
}
_PERIODS = {"Daily": "a day", "Weekly": "a week", "Monthly": "a month", "Always": "in total"}
_PERMISSIONS = (
    ("can_view_account", "view the account"),
    ("can_manage_beneficiaries", "manage beneficiaries"),
    ("can_initiate_payments", "initiate payments"),
    ("can_manage_account_membership", "manage members"),
    ("can_manage_cards", "manage cards"),
)

Describer = Callable[[Database, ConsentRow, str], tuple[str, tuple[DetailSection, ...]] | None]


def money(value: str | None, currency: str | None = "EUR") -> str:
    """`1234.5` -> `1,234.50 EUR` (a stored amount that is not a number is shown as is)."""
    try:
        amount = Decimal(value or "0")
    except InvalidOperation:
        return f"{value} {currency or ''}".strip()
    return f"{amount:,.2f} {currency or ''}".strip()


def iban_text(iban: str | None) -> str:
    """An IBAN in groups of four, as printed on a statement."""
    if not iban:
        return "not assigned yet"
    compact = iban.replace(" ", "")
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def _holder_name(db: Database, holder_id: str | None) -> str | None:
    holder = find_row(db, "account_holders", holder_id)
    if holder is None:
        return None
    if holder["company_name"]:
        return str(holder["company_name"])
    return " ".join(part for part in (holder["first_name"], holder["last_name"]) if part)


def _account_section(db: Database, account_id: str | None) -> DetailSection | None:
    account = find_row(db, "accounts", account_id)
    if account is None:
        return None
    rows = [("Account", str(account["name"])), ("IBAN", iban_text(account["iban"]))]
    holder = _holder_name(db, account["holder_id"])
    if holder:
        rows.append(("Holder", holder))
    return DetailSection("Account", tuple(rows))


def _person(db: Database, membership: AccountMembershipRow | None) -> str:
    if membership is None:
        return "an invited member"
    user = find_row(db, "users", membership.get("user_id"))
    names = (
        (user["first_name"], user["last_name"])
        if user is not None
        else (membership.get("restricted_first_name"), membership.get("restricted_last_name"))
    )
    name = " ".join(part for part in names if part)
    return name or membership.get("email") or "an invited member"


def _card(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    card = find_row(db, "cards", consent["resource_id"])
    if card is None:
        return None
    membership = find_row(db, "account_memberships", card["account_membership_id"])
    holder = _person(db, membership)
    rows = [("Type", str(card["type"]))]
    if card["name"]:
        rows.append(("Name", str(card["name"])))
    rows.append(("Cardholder", holder))
    if consent["purpose"] == "ViewCardNumbers":
        if card["masked_number"]:
            rows.append(("Card number", str(card["masked_number"])))
        summary = f"{project} asks to show the full numbers of {holder}'s card."
    else:
        period = _PERIODS.get(card["spending_limit_period"], card["spending_limit_period"])
        limit = money(card["spending_limit_value"], card["spending_limit_currency"])
        rows.append(("Spending limit", f"{limit} {period}"))
        for column, label in (
            ("withdrawal", "Cash withdrawals"),
            ("e_commerce", "Online payments"),
            ("international", "Payments abroad"),
        ):
            rows.append((label, "allowed" if value_of(card, column) else "not allowed"))
        summary = f"{project} asks to issue a {card['type']} card for {holder}."
    account = _account_section(db, card["account_id"])
    return summary, tuple(s for s in (DetailSection("Card", tuple(rows)), account) if s)


#: What each card consent (other than adding and viewing numbers) asks, for the summary.
_CARD_ACTIONS = {
    "UpdateCard": "change the settings of {holder}'s card",
    "PrintPhysicalCard": "print a physical card for {holder}'s card",
    "ActivatePhysicalCard": "activate {holder}'s physical card",
    "ResumePhysicalCard": "unblock {holder}'s physical card",
    "ViewPhysicalCardPin": "show the PIN of {holder}'s physical card",
}
_CHANGE_LABELS = {
    "name": "Name",
    "withdrawal": "Cash withdrawals",
    "e_commerce": "Online payments",
    "international": "Payments abroad",
    "non_main_currency_transactions": "Other currencies",
    "spending_limit_value": "Spending limit",
    "spending_limit_period": "Spending limit period",
}


def _card_action(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    card = find_row(db, "cards", consent["resource_id"])
    if card is None:
        return None
    holder = _person(db, find_row(db, "account_memberships", card["account_membership_id"]))
    rows = [("Type", str(card["type"])), ("Cardholder", holder)]
    rows.append(("Card number", str(card["masked_number"] or "not issued yet")))
    if consent["purpose"] == "UpdateCard":
        for column, value in sorted(json.loads(card.get("pending_update") or "{}").items()):
            if column in _CHANGE_LABELS:
                switch = column not in ("name", "spending_limit_value", "spending_limit_period")
                shown = ("allowed" if value else "not allowed") if switch else value
                rows.append((f"New: {_CHANGE_LABELS[column]}", str(shown)))
    summary = f"{project} asks to {_CARD_ACTIONS[consent['purpose']].format(holder=holder)}."
    account = _account_section(db, card["account_id"])
    return summary, tuple(s for s in (DetailSection("Card", tuple(rows)), account) if s)


def _membership(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    membership = find_row(db, "account_memberships", consent["resource_id"])
    if membership is None:
        return None
    rows = []
    name = " ".join(
        part
        for part in (membership["restricted_first_name"], membership["restricted_last_name"])
        if part
    )
    for label, value in (
        ("Name", name),
        ("E-mail", membership["email"]),
        ("Phone number", membership["restricted_phone_number"]),
        ("Birth date", membership["restricted_birth_date"]),
    ):
        if value:
            rows.append((label, str(value)))
    granted = [text for column, text in _PERMISSIONS if value_of(membership, column)]
    rows.append(("May", ", ".join(granted) if granted else "nothing yet (no permission)"))
    who = name or membership["email"] or "a new member"
    summary = f"{project} asks to invite {who} to an account."
    account = _account_section(db, membership["account_id"])
    return summary, tuple(s for s in (DetailSection("New member", tuple(rows)), account) if s)


def _memberships(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    """`addAccountMemberships`: one consent for every invitation it holds."""
    invited = rows_where(
        db, "account_memberships", "consent_id = ?", [consent["id"]], order_by="rowid"
    )
    sections: list[DetailSection] = []
    for membership in invited:
        described = _membership(db, {**consent, "resource_id": membership["id"]}, project)
        if described is not None:
            sections.append(DetailSection(f"New member {len(sections) + 1}", described[1][0].rows))
    if not sections:
        return None
    account = _account_section(db, consent["resource_id"])
    summary = f"{project} asks to invite {len(sections)} members to an account."
    return summary, tuple(s for s in (*sections, account) if s)


#: A membership change's columns, as the consent page names them (permissions apart).
_MEMBER_FIELDS = {
    "email": "E-mail",
    "language": "Language",
    "restricted_first_name": "First name",
    "restricted_last_name": "Last name",
    "restricted_phone_number": "Phone number",
    "restricted_birth_date": "Birth date",
    "tax_identification_number": "Tax identification number",
    "spending_limit_value": "Spending limit",
    "spending_limit_period": "Spending limit period",
}


def _membership_change(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    """`updateAccountMembership` (the change waiting in `pending_update`) and
    `resumeAccountMembership`: who, and what approving changes."""
    membership = find_row(db, "account_memberships", consent["resource_id"])
    if membership is None:
        return None
    who = _person(db, membership)
    if consent["purpose"] == "ResumeAccountMembership":
        rows: list[tuple[str, str]] = [("Member", who), ("Now", "Suspended"), ("After", "Enabled")]
        summary = f"{project} asks to give {who} back their access to an account."
    else:
        changes = json.loads(membership["pending_update"] or "{}")
        rows = [("Member", who)]
        rows += [
            (f"New: {label}", str(changes[key]))
            for key, label in _MEMBER_FIELDS.items()
            if changes.get(key) is not None
        ]
        if "residency_address" in changes:
            rows.append(("New: Residency address", _address_text(changes["residency_address"])))
        if any(column in changes for column, _ in _PERMISSIONS):
            granted = [
                text for column, text in _PERMISSIONS if value_of({**membership, **changes}, column)
            ]
            rows.append(("New: May", ", ".join(granted) if granted else "nothing (no permission)"))
        summary = f"{project} asks to change what {who} may do on an account."
    account = _account_section(db, membership["account_id"])
    return summary, tuple(s for s in (DetailSection("Member", tuple(rows)), account) if s)


def _address_text(stored: str | None) -> str:
    """A stored address (JSON) on one line."""
    address = json.loads(stored) if stored else {}
    parts = ("address_line_1", "address_line_2", "postal_code", "city", "state", "country")
    return ", ".join(str(address[key]) for key in parts if address.get(key)) or "none"


def _payment(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    payment = find_row(db, "payments", consent["resource_id"])
    if payment is None:
        return None
    transfers = list(
        rows_where(db, "payment_transfers", "payment_id = ?", [payment["id"]], order_by="position")
    )
    sections = []
    for index, transfer in enumerate(transfers, start=1):
        rows = [
            ("Amount", money(transfer["amount"], transfer["currency"])),
            ("Beneficiary", str(transfer["beneficiary_name"])),
            ("Beneficiary IBAN", iban_text(transfer["beneficiary_iban"])),
        ]
        for column, label in (("reference", "Reference"), ("label", "Label")):
            if value_of(transfer, column):
                rows.append((label, str(value_of(transfer, column))))
        if transfer["mode"] != "Regular":
            rows.append(("Speed", "instant"))
        heading = "Transfer" if len(transfers) == 1 else f"Transfer {index} of {len(transfers)}"
        sections.append(DetailSection(heading, tuple(rows)))
    currencies = {transfer["currency"] for transfer in transfers}
    total = sum((Decimal(transfer["amount"]) for transfer in transfers), Decimal(0))
    currency = currencies.pop() if len(currencies) == 1 else None
    if len(transfers) == 1:
        first = transfers[0]
        summary = (
            f"{project} asks to send {money(first['amount'], first['currency'])} "
            f"to {first['beneficiary_name']}."
        )
    else:
        summary = (
            f"{project} asks to send {len(transfers)} transfers, "
            f"{money(str(total), currency)} in total."
        )
    account = _account_section(db, payment["account_id"])
    if account is not None:
        sections.insert(0, DetailSection("From", account.rows))
    return summary, tuple(sections)


def _closing(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    account = find_row(db, "accounts", consent["resource_id"])
    section = _account_section(db, consent["resource_id"])
    if account is None or section is None:
        return None
    rows = section.rows
    if account.get("closing_reason"):
        rows = (*rows, ("Reason", str(account["closing_reason"])))
    summary = (
        f"{project} asks to close the account {account['name']}. Its cards will be canceled "
        "and it will close for good one day later."
    )
    return summary, (DetailSection("Account", rows),)


def _children(
    db: Database, consent: ConsentRow, project_name: str
) -> tuple[str, tuple[DetailSection, ...]]:
    """A multi-consent: each child's operation, in the order they are applied."""
    children = list(
        rows_where(
            db,
            "consents",
            "parent_consent_id = ?",
            [consent["id"]],
            order_by="child_order, created_at, id",
        )
    )
    sections: list[DetailSection] = []
    for child in children:
        purpose = str(child["purpose"])
        describer = _DESCRIBERS.get(purpose)
        described = describer(db, child, project_name) if describer else None
        heading = _TITLES.get(purpose, purpose)
        if described is None:
            sections.append(DetailSection(heading, ()))
            continue
        sections.extend(
            DetailSection(section.heading or heading, section.rows) for section in described[1]
        )
    summary = f"{project_name} asks you to approve {len(children)} operations at once."
    return summary, tuple(sections)


def _beneficiary(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    row = find_row(db, "trusted_beneficiaries", consent["resource_id"])
    if row is None:
        return None
    rows = (("Name", str(row["name"])), ("IBAN", iban_text(row["iban"])))
    summary = f"{project} asks to save {row['name']} as a trusted beneficiary."
    return summary, (DetailSection("Beneficiary", rows),)


def _standing_order(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    order = find_row(db, "standing_orders", consent["resource_id"])
    if order is None:
        return None
    every = _PERIODS.get(order["period"], order["period"]).removeprefix("a ")
    if order["amount"]:
        what = money(order["amount"], order["currency"])
    else:
        what = f"what is above {money(order['target_available_balance'], order['currency'])}"
    rows = [
        ("Amount", what),
        ("Every", every),
        ("Beneficiary", str(order["beneficiary_name"])),
        ("Beneficiary IBAN", iban_text(order["beneficiary_iban"])),
        ("First execution", str(order["first_execution_date"])[:10]),
    ]
    if order["last_execution_date"]:
        rows.append(("Last execution", str(order["last_execution_date"])[:10]))
    summary = f"{project} asks to send {what} to {order['beneficiary_name']} every {every}."
    return summary, (DetailSection("Standing order", tuple(rows)),)


def _funding_mandate(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    mandate = find_row(db, "payment_mandates", consent["resource_id"])
    source = find_row(db, "funding_sources", mandate["funding_source_id"]) if mandate else None
    if mandate is None or source is None:
        return None
    rows = (
        ("Debited IBAN", iban_text(source["iban"])),
        ("Mandate reference", str(mandate["reference"])),
        ("Creditor identifier", str(mandate["creditor_identifier"])),
        ("Scheme", "SEPA Direct Debit B2B"),
    )
    summary = (
        f"{project} asks you to sign a mandate letting the bank debit "
        f"{iban_text(source['iban'])} to fund your account."
    )
    sections = [DetailSection("Mandate", rows)]
    account = _account_section(db, source["account_id"])
    if account is not None:
        sections.append(account)
    return summary, tuple(sections)


def _funding_request(
    db: Database, consent: ConsentRow, project: str
) -> tuple[str, tuple[DetailSection, ...]] | None:
    payment = find_row(db, "payments", consent["resource_id"])
    source = find_row(db, "funding_sources", payment.get("funding_source_id")) if payment else None
    if payment is None or source is None:
        return None
    what = money(payment["funding_amount"])
    rows = (("Amount", what), ("Debited IBAN", iban_text(source["iban"])))
    summary = f"{project} asks to pull {what} from {iban_text(source['iban'])} into your account."
    sections = [DetailSection("Funding request", rows)]
    account = _account_section(db, source["account_id"])
    if account is not None:
        sections.append(account)
    return summary, tuple(sections)


_DESCRIBERS: dict[str, Describer] = {
    "AddDirectDebitPaymentMandate": _funding_mandate,
    "InitiateFundingRequest": _funding_request,
    "InitiateInstantFundingRequest": _funding_request,
    "AddBeneficiary": _beneficiary,
    "ScheduleStandingOrder": _standing_order,
    "AddCard": _card,
    "ViewCardNumbers": _card,
    "AddCards": _card,
    **dict.fromkeys(_CARD_ACTIONS, _card_action),
    "AddAccountMembership": _membership,
    "AddAccountMemberships": _memberships,
    "UpdateAccountMembership": _membership_change,
    "ResumeAccountMembership": _membership_change,
    "InitPayment": _payment,
    "CloseAccount": _closing,
    "ConsentToMultipleConsents": _children,
}


def describe_consent(env: Environment, consent: ConsentRow) -> OperationDescription:
    """What approving `consent` will do, for the consent page."""
    db = env.store.db
    project = find_row(db, "projects", consent["project_id"])
    project_name = str(project["name"]) if project else "An application"
    purpose = str(consent["purpose"])
    title = _TITLES.get(purpose, "Approve an operation")
    if purpose == "InitPayment":
        count = db["payment_transfers"].count_where("payment_id = ?", [consent["resource_id"]])
        if count > 1:
            title = f"Approve {count} transfers"
    describer = _DESCRIBERS.get(purpose)
    described = describer(db, consent, project_name) if describer else None
    if described is None:
        return OperationDescription(
            purpose, title, f"{project_name} asks for your approval.", (), project_name
        )
    summary, sections = described
    return OperationDescription(purpose, title, summary, sections, project_name)

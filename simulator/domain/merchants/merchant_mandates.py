"""SEPA direct debit payment mandates a merchant declares (`addSepaDirectDebitPaymentMandate`):
the debtor's written authorization to collect from their IBAN through one of the merchant's
SEPA direct debit payment methods (Core or B2B).

The partner collects and keeps the signature; declaring the mandate gives its signature
date, so the mandate is `Enabled` at once (no consent). It lives in the funding family's
`payment_mandates` table (`payment_method_id` set), so `paymentMandate(id)` finds it. Its
creditor is the merchant: the profile's name and the method's creditor identifier (the
bank's when the method uses it); its reference (generated when left out) is unique for
that identifier. A `OneOff` mandate is canceled once its debit is executed
(`domain.merchant_payments`).
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import TYPE_CHECKING, Any, Final

from ...storage import Database, get_row, insert_row, rows_where
from ...storage.rows import (
    AccountRow,
    MerchantPaymentMethodRow,
    MerchantProfileRow,
    PaymentMandateRow,
)
from ..funding.funding import CREDITOR_IDENTIFIER
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.iban import parse_iban
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks

if TYPE_CHECKING:
    from schwifty import IBAN

__all__ = [
    "SEPA_METHOD_TYPES",
    "add_sepa_mandate",
    "check_debtor",
    "check_method",
    "creditor_identifier",
    "debtor_account_closed",
    "insert_mandate",
    "visible_method",
]

_MANDATES: Final = "payment_mandates"
SEPA_METHOD_TYPES = ("SepaDirectDebitCore", "SepaDirectDebitB2b")
#: The characters SEPA allows in a mandate reference (35 at most).
_REFERENCE = re.compile(r"[A-Za-z0-9/?:().,'+ -]{1,35}")


def visible_method(db: Database, principal: Principal, method_id: str) -> MerchantPaymentMethodRow:
    """The merchant payment method if the caller sees its profile's account, else the
    generic `NotFoundRejection`."""
    where, params = account_scope(principal)
    rows = list(
        rows_where(
            db,
            "merchant_payment_methods",
            f"id = ? AND merchant_profile_id IN (SELECT id FROM merchant_profiles WHERE {where})",
            [method_id, *params],
        )
    )
    if not rows:
        raise Rejected(
            rejection(
                "NotFoundRejection", f"Payment method {method_id} was not found.", id=method_id
            )
        )
    return rows[0]


def creditor_identifier(method: MerchantPaymentMethodRow) -> str:
    """The SEPA creditor identifier a method collects under."""
    if method.get("use_swan_sepa_creditor_identifier") or not method.get(
        "sepa_creditor_identifier"
    ):
        return CREDITOR_IDENTIFIER
    return str(method["sepa_creditor_identifier"])


def _check_input(data: dict[str, Any]) -> dict[str, Any]:
    checks = Checks()
    debtor = data.get("debtor") or {}
    address = debtor.get("address") or {}
    fields: dict[str, Any] = {
        "debtor_name": checks.text(debtor.get("name"), ["input", "debtor", "name"], max_length=70),
        "name": checks.text(data.get("name"), ["input", "name"], required=False, max_length=100),
        "reference": checks.text(
            data.get("reference"), ["input", "reference"], required=False, max_length=35
        ),
        "country": checks.text(
            address.get("country"), ["input", "debtor", "address", "country"], max_length=3
        ),
    }
    try:
        fields["signature_date"] = date.fromisoformat(str(data.get("signature_date"))).isoformat()
    except ValueError:
        checks.fail("InvalidFormat", "A date such as 2026-01-31.", ["input", "signatureDate"])
    if fields["reference"] is not None and not _REFERENCE.fullmatch(fields["reference"]):
        checks.fail(
            "InvalidFormat",
            "A mandate reference takes letters, digits, spaces and /?:().,'+- only.",
            ["input", "reference"],
        )
    checks.raise_if_any()
    try:
        iban = parse_iban(str(debtor.get("iban") or debtor.get("IBAN") or ""))
    except ValueError as error:  # schwifty's errors are ValueErrors
        raise Rejected(
            rejection("IBANNotValidRejection", f"The debtor's IBAN is not valid: {error}")
        ) from None
    return {**fields, "iban": iban, "address": address}


def check_method(db: Database, method: MerchantPaymentMethodRow) -> MerchantProfileRow:
    """The method's profile, once the method may take mandates."""
    if method["type"] not in SEPA_METHOD_TYPES:
        raise Rejected(
            rejection(
                "PaymentMethodNotCompatibleRejection",
                f"Payment method {method['id']} is {method['type']}: mandates are for SEPA "
                "direct debit methods.",
            )
        )
    profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
    if profile["status"] != "Enabled":
        raise Rejected(
            rejection(
                "MerchantProfileNotValidRejection",
                f"Merchant profile {profile['id']} is {profile['status']}; it must be Enabled.",
            )
        )
    if method["status"] != "Enabled":
        raise Rejected(
            forbidden(f"Payment method {method['id']} is {method['status']}; it must be Enabled.")
        )
    return profile


def debtor_account_closed(db: Database, iban: str) -> bool:
    """Whether the debtor's IBAN is an account of the simulated bank that is closing or
    closed (an outside IBAN never is)."""
    return bool(db["accounts"].count_where("iban = ? AND status IN ('Closing', 'Closed')", [iban]))


def check_debtor(
    db: Database, method: MerchantPaymentMethodRow, account: AccountRow, iban: IBAN
) -> None:
    """The debtor's IBAN may be debited under this method: in the SEPA zone, not the
    merchant's own account, not a closed account, a business for B2B."""
    if not iban.in_sepa_zone:
        raise Rejected(
            rejection(
                "IBANNotReachableRejection",
                f"IBAN {iban.compact} is outside the SEPA zone: no SEPA direct debit reaches it.",
            )
        )
    if iban.compact == account["iban"]:
        raise Rejected(
            rejection(
                "DebtorAccountNotAllowedRejection",
                "A merchant cannot collect from its own account.",
            )
        )
    # A debtor account held at the simulated bank is known: its status and holder count.
    rows = list(rows_where(db, "accounts", "iban = ?", [iban.compact], limit=1))
    if not rows:
        return
    if debtor_account_closed(db, iban.compact):
        raise Rejected(
            rejection(
                "DebtorAccountClosedRejection",
                f"The account of {iban.compact} is closing or closed.",
            )
        )
    holder = get_row(db, "account_holders", rows[0]["holder_id"])
    if method["type"] == "SepaDirectDebitB2b" and holder["type"] != "Company":
        raise Rejected(
            rejection(
                "SchemeWrongRejection",
                f"SEPA Direct Debit B2B debits businesses; {iban.compact} is a consumer's.",
            )
        )


def add_sepa_mandate(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> PaymentMandateRow:
    """Declare a debtor's signed mandate for a merchant's Enabled SEPA direct debit method:
    the mandate, `Enabled`."""
    fields = _check_input(data)
    method_id = data.get("payment_method_id") or ""
    with env.store.atomic() as db:
        method = visible_method(db, principal, method_id)
        profile = check_method(db, method)
        account = get_row(db, "accounts", profile["account_id"])
        require_permission(db, principal, account["id"], "can_manage_account_membership")
        check_debtor(db, method, account, fields["iban"])
        return insert_mandate(
            env,
            db,
            method,
            debtor_name=fields["debtor_name"],
            debtor_iban=fields["iban"].compact,
            debtor_address=fields["address"],
            reference=fields["reference"],
            sequence=data.get("sequence") or "Recurrent",
            language=data.get("language") or "en",
            signature_date=fields["signature_date"],
            name=fields["name"],
        )


def insert_mandate(
    env: Environment,
    db: Database,
    method: MerchantPaymentMethodRow,
    *,
    debtor_name: str,
    debtor_iban: str,
    debtor_address: dict[str, Any],
    reference: str | None,
    sequence: str,
    language: str,
    signature_date: str,
    name: str | None = None,
) -> PaymentMandateRow:
    """An `Enabled` mandate of the method (in the caller's transaction); its reference, given
    or generated, must be new for the method's creditor identifier."""
    profile = get_row(db, "merchant_profiles", method["merchant_profile_id"])
    account = get_row(db, "accounts", profile["account_id"])
    identifier = creditor_identifier(method)
    mandate_id = env.new_id(db, "payment-mandate")
    reference = reference or ("MANDATE-" + mandate_id.replace("-", "").upper())[:35]
    # Unique within the project: another project's references are never revealed.
    if db[_MANDATES].count_where(
        "project_id = ? AND creditor_identifier = ? AND reference = ?",
        [method["project_id"], identifier, reference],
    ):
        raise Rejected(
            rejection(
                "PaymentMandateReferenceAlreadyUsedRejection",
                f"Reference {reference} is already used under creditor identifier {identifier}.",
            )
        )
    now = env.now()
    insert_row(
        db,
        _MANDATES,
        {
            "id": mandate_id,
            "project_id": method["project_id"],
            "account_holder_id": account["holder_id"],
            "payment_method_id": method["id"],
            "kind": "SEPA",
            "name": name,
            "reference": reference,
            "scheme": method["type"],
            "sequence": sequence,
            "language": language,
            "status": "Enabled",
            "status_changed_at": now,
            "signature_date": signature_date,
            "creditor_name": profile["merchant_name"],
            "creditor_identifier": identifier,
            "creditor_address": json.dumps({"country": account.get("country") or "FRA"}),
            "debtor_name": debtor_name,
            "debtor_iban": debtor_iban,
            "debtor_country": debtor_address.get("country") or "FRA",
            "debtor_address": json.dumps(debtor_address),
            "created_at": now,
            "updated_at": now,
        },
    )
    return get_row(db, _MANDATES, mandate_id)

"""Merchant SEPA direct debit mandates (`addSepaDirectDebitPaymentMandate`): declared for an
Enabled SEPA Core or B2B method of an Enabled profile, Enabled at once, read through
`paymentMandate`; each rejection of the real union."""

from __future__ import annotations

from .banking_support import DEBTOR_IBAN, Bank
from .merchant_support import (
    DEBTOR,
    MANDATE,
    add_mandate,
    enabled_profile,
    method_outcome,
    request_methods,
    sepa_core_method,
)


def test_a_declared_mandate_is_enabled_and_found_by_id(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    added = add_mandate(bank, method_id, reference="ORDER-42", name="Subscription")
    mandate = added["paymentMandate"]
    assert mandate["statusInfo"] == {"status": "Enabled"}
    assert (mandate["reference"], mandate["scheme"], mandate["sequence"]) == (
        "ORDER-42",
        "SepaDirectDebitCore",
        "Recurrent",
    )
    assert mandate["signatureDate"] == "2026-01-05"
    assert mandate["creditor"] == {"name": "Paper Goods", "identifier": "FR00ZZZ000000"}
    assert mandate["debtor"] == {
        "name": "Grace Hopper",
        "iban": DEBTOR_IBAN,
        "country": "FRA",
        "address": {"city": "Paris", "country": "FRA"},
    }
    query = f"query($id: ID!) {{ {MANDATE.replace('paymentMandate {', 'paymentMandate(id: $id) {', 1)} }}"
    assert bank.api.query(query, {"id": mandate["id"]})["paymentMandate"] == mandate
    generated = add_mandate(bank, method_id)["paymentMandate"]["reference"]
    assert generated.startswith("MANDATE-") and len(generated) <= 35


def test_add_mandate_rejections(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    add_mandate(bank, method_id, reference="DUP-1")
    assert add_mandate(bank, method_id, reference="DUP-1")["__typename"] == (
        "PaymentMandateReferenceAlreadyUsedRejection"
    )
    assert add_mandate(bank, "nope") == {
        "__typename": "NotFoundRejection",
        "message": "Payment method nope was not found.",
        "id": "nope",
    }
    bad_iban = {**DEBTOR, "IBAN": "FR00 1234"}
    assert add_mandate(bank, method_id, debtor=bad_iban)["__typename"] == "IBANNotValidRejection"
    far = {**DEBTOR, "IBAN": "BR1800360305000010009795493C1"}
    assert add_mandate(bank, method_id, debtor=far)["__typename"] == "IBANNotReachableRejection"
    account_id = bank.row("merchant_profiles", profile_id)["account_id"]
    own = {**DEBTOR, "IBAN": bank.row("accounts", account_id)["iban"]}
    assert add_mandate(bank, method_id, debtor=own)["__typename"] == (
        "DebtorAccountNotAllowedRejection"
    )
    assert add_mandate(bank, method_id, reference="é")["__typename"] == "ValidationRejection"
    undated = add_mandate(bank, method_id, signatureDate="someday")
    assert undated["__typename"] == "ValidationRejection"
    assert undated["fields"][0]["path"] == ["input", "signatureDate"]
    blank = {**DEBTOR, "name": " "}
    assert add_mandate(bank, method_id, debtor=blank)["__typename"] == "ValidationRejection"
    card = request_methods(bank, profile_id, card={"activate": True})
    card_id = card["merchantProfile"]["merchantPaymentMethods"][-1]["id"]
    assert add_mandate(bank, card_id)["__typename"] == "PaymentMethodNotCompatibleRejection"
    b2b = request_methods(
        bank, profile_id, sepaDirectDebitB2B={"useSwanSepaCreditorIdentifier": True}
    )
    pending = b2b["merchantProfile"]["merchantPaymentMethods"][-1]
    assert pending["statusInfo"] == {"status": "PendingReview"}
    assert add_mandate(bank, pending["id"])["__typename"] == "ForbiddenRejection"


def test_b2b_mandates_debit_businesses_and_open_accounts(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    added = request_methods(
        bank, profile_id, sepaDirectDebitB2B={"useSwanSepaCreditorIdentifier": True}
    )
    b2b_id = added["merchantProfile"]["merchantPaymentMethods"][-1]["id"]
    method_outcome(bank, b2b_id, "Enabled")
    person = bank.holder()
    consumer = {**DEBTOR, "IBAN": bank.row("accounts", person["account_id"])["iban"]}
    assert add_mandate(bank, b2b_id, debtor=consumer)["__typename"] == "SchemeWrongRejection"
    bank.env.store.db.execute(
        "UPDATE accounts SET status = 'Closing' WHERE id = ?", [person["account_id"]]
    )
    assert add_mandate(bank, b2b_id, debtor=consumer)["__typename"] == (
        "DebtorAccountClosedRejection"
    )
    assert add_mandate(bank, b2b_id)["paymentMandate"]["scheme"] == "SepaDirectDebitB2b"


def test_a_mandate_needs_an_enabled_profile(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    bank.env.store.db.execute(
        "UPDATE merchant_profiles SET status = 'Suspended' WHERE id = ?", [profile_id]
    )
    assert add_mandate(bank, method_id)["__typename"] == "MerchantProfileNotValidRejection"

"""Internal direct debits: a merchant's mandate on another account of the bank
(addInternalDirectDebitPaymentMandate), the debtor's registration of a B2B one
(addReceivedInternalDirectDebitB2bMandate), and the Testing API's booking, rejection and
return of a collection under it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from simulator.domain.accounts.ledger import read_balances
from simulator.domain.merchants.internal_direct_debits import collect

from .banking_support import REDIRECT, Bank
from .merchant_support import enabled_profile, method_outcome, request_methods

MANDATE = """paymentMandate { id reference scheme sequence statusInfo { status }
  creditor { name identifier } debtor { name accountId } accountHolder { id } }"""
NODE = """query($id: ID!) { transaction(id: $id) { __typename type side amount { value }
  paymentProduct statusInfo { status ... on RejectedTransactionStatusInfo { reason } }
  ... on InternalDirectDebitTransaction { creditor { accountId } debtor { accountId }
    mandate { id ... on InternalPaymentDirectDebitMandate { reference } } } } }"""


def internal_method(bank: Bank, profile_id: str, kind: str = "Standard") -> str:
    key = "internalDirectDebitB2B" if kind == "B2b" else "internalDirectDebitStandard"
    added = request_methods(bank, profile_id, **{key: {"activate": True}})
    created = added["merchantProfile"]["merchantPaymentMethods"][-1]
    method_outcome(bank, created["id"], "Enabled")
    return str(created["id"])


def add_mandate(bank: Bank, method_id: str, debtor_id: str, **extra: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "addInternalDirectDebitPaymentMandate",
        {"paymentMethodId": method_id, "debtorAccountId": debtor_id, **extra},
        MANDATE,
    )


def debit(bank: Bank, mandate_id: str, amount: str = "30.00") -> str:
    with bank.env.store.atomic() as db:
        mandate = db["payment_mandates"].get(mandate_id)
        return str(collect(bank.env, db, mandate, Decimal(amount))["id"])


def test_a_merchant_collects_from_another_account(bank: Bank) -> None:
    method_id = internal_method(bank, enabled_profile(bank))
    debtor = str(bank.holder()["account_id"])
    bank.fund(debtor, "100.00")
    added = add_mandate(bank, method_id, debtor, reference="SUB-1")["paymentMandate"]
    assert added["scheme"] == "InternalDirectDebitStandard"
    assert added["statusInfo"] == {"status": "Enabled"}
    assert added["debtor"]["accountId"] == debtor and added["reference"] == "SUB-1"
    found = bank.api.query(
        "query($id: ID!) { paymentMandate(id: $id) { __typename id } }", {"id": added["id"]}
    )["paymentMandate"]
    assert found == {"__typename": "InternalPaymentDirectDebitMandate", "id": added["id"]}
    credit_id = debit(bank, added["id"])
    node = bank.api.query(NODE, {"id": credit_id})["transaction"]
    assert node["__typename"] == "InternalDirectDebitTransaction"
    assert (node["type"], node["side"], node["paymentProduct"]) == (
        "InternalDirectDebitIn",
        "Credit",
        "InternalDirectDebit",
    )
    assert node["debtor"] == {"accountId": debtor}
    assert node["mandate"] == {"id": added["id"], "reference": "SUB-1"}
    booked = bank.testing.mutate(
        "simulateIncomingInternalDirectDebitBooking", {"transactionId": credit_id}
    )
    assert booked["__typename"].endswith("SuccessPayload")
    assert f"{read_balances(bank.env.store.db, debtor).booked:.2f}" == "70.00"
    back = bank.testing.mutate(
        "simulateIncomingInternalDirectDebitReturn",
        {"transactionId": credit_id, "reasonCode": "RefundRequestedByDebtor"},
        "transactionId",
    )
    returned = bank.api.query(NODE, {"id": back["transactionId"]})["transaction"]
    assert (returned["type"], returned["side"]) == ("InternalDirectDebitInReturn", "Debit")
    assert f"{read_balances(bank.env.store.db, debtor).booked:.2f}" == "100.00"
    twice = bank.testing.mutate(
        "simulateIncomingInternalDirectDebitReturn",
        {"transactionId": credit_id, "reasonCode": "RefundRequestedByDebtor"},
    )
    assert twice["__typename"] == "SimulateIncomingInternalDirectDebitReturnErrorPayload"


def test_a_rejected_collection(bank: Bank) -> None:
    method_id = internal_method(bank, enabled_profile(bank))
    debtor = str(bank.holder()["account_id"])
    mandate_id = add_mandate(bank, method_id, debtor)["paymentMandate"]["id"]
    credit_id = debit(bank, mandate_id)
    rejected = bank.testing.mutate(
        "simulateIncomingInternalDirectDebitRejection",
        {"transactionId": credit_id, "reasonCode": "InsufficientFunds"},
    )
    assert rejected["__typename"].endswith("SuccessPayload")
    node = bank.api.query(NODE, {"id": credit_id})["transaction"]
    assert node["statusInfo"] == {"status": "Rejected", "reason": "InsufficientFunds"}
    assert f"{read_balances(bank.env.store.db, debtor).available:.2f}" == "0.00"
    again = bank.testing.mutate(
        "simulateIncomingInternalDirectDebitRejection", {"transactionId": credit_id}
    )
    assert again["__typename"] == "SimulateIncomingInternalDirectDebitRejectionErrorPayload"
    other = bank.fund(debtor, "5.00")
    wrong = bank.testing.mutate(
        "simulateIncomingInternalDirectDebitBooking", {"transactionId": other}
    )
    assert wrong["__typename"] == "ForbiddenRejection"


def test_a_b2b_collection_needs_the_debtors_registration(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = internal_method(bank, profile_id, "B2b")
    individual = str(bank.holder()["account_id"])
    wrong = add_mandate(bank, method_id, individual)
    assert wrong["__typename"] == "SchemeWrongRejection"
    company = str(bank.holder(holder_type="Company", company_name="Buyer SAS")["account_id"])
    mandate_id = add_mandate(bank, method_id, company)["paymentMandate"]["id"]
    unregistered = debit(bank, mandate_id)
    node = bank.api.query(NODE, {"id": unregistered})["transaction"]
    assert node["statusInfo"] == {"status": "Rejected", "reason": "MandateInvalid"}
    registered = bank.api.mutate(
        "addReceivedInternalDirectDebitB2bMandate",
        {"paymentMandateId": mandate_id, "consentRedirectUrl": REDIRECT, "name": "Supplies"},
        """receivedDirectDebitMandate { __typename id name statusInfo { status
          ... on ReceivedDirectDebitMandateStatusInfoConsentPending { consent { id } } }
          ... on InternalReceivedDirectDebitMandate { scheme reference creditor { identifier } } }""",
    )["receivedDirectDebitMandate"]
    assert registered["__typename"] == "InternalReceivedDirectDebitMandate"
    assert registered["scheme"] == "InternalDirectDebitB2b"
    assert registered["creditor"] == {"identifier": profile_id}
    bank.approve(registered["statusInfo"]["consent"]["id"])
    accepted = bank.api.query(NODE, {"id": debit(bank, mandate_id)})["transaction"]
    assert accepted["statusInfo"] == {"status": "Pending"}
    again = bank.api.mutate(
        "addReceivedInternalDirectDebitB2bMandate",
        {"paymentMandateId": mandate_id, "consentRedirectUrl": REDIRECT},
    )
    assert again["__typename"] == "ForbiddenRejection"
    unknown = bank.api.mutate(
        "addReceivedInternalDirectDebitB2bMandate",
        {"paymentMandateId": "nope", "consentRedirectUrl": REDIRECT},
    )
    assert unknown["__typename"] == "PaymentMandateMandateNotFoundRejection"


def test_what_a_mandate_refuses(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = internal_method(bank, profile_id)
    debtor = str(bank.holder()["account_id"])
    own = bank.env.store.db.execute(
        "SELECT account_id FROM merchant_profiles WHERE id = ?", [profile_id]
    ).fetchone()[0]
    assert add_mandate(bank, method_id, own)["__typename"] == "DebtorAccountNotAllowedRejection"
    assert add_mandate(bank, method_id, "nope")["__typename"] == "NotFoundRejection"
    assert add_mandate(bank, "nope", debtor)["__typename"] == "NotFoundRejection"
    add_mandate(bank, method_id, debtor, reference="R-1")
    again = add_mandate(bank, method_id, debtor, reference="R-1")
    assert again["__typename"] == "PaymentMandateReferenceAlreadyUsedRejection"

"""Merchant payments collected by SEPA direct debit under a declared mandate
(`initiateSepaDirectDebitMerchantPayment`), settled through the Testing API's incoming SEPA
direct debit simulations; cancellation, listing, rejections, webhook events, scoping."""

from __future__ import annotations

from typing import Any

import httpx

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank
from .merchant_support import DEBTOR, MANDATE, add_mandate, mandate_for, method_outcome

PAYMENT_FIELDS = """__typename id amount { value currency } label reference externalReference
  statusInfo { __typename status createdAt
    ... on MerchantPaymentCaptured { capturedAt }
    ... on MerchantPaymentRejected { rejectedReasonCode }
    ... on MerchantPaymentDisputed { disputedAt } }
  balance { availableToCancel { value } totalCaptured { value } totalDisputed { value } }
  merchantProfile { id } paymentMethod { id type }
  ... on SepaDirectDebitMerchantPayment { paymentMandate { id } }
  transactions { totalCount edges { node { id type statusInfo { status } } } }"""

TRANSACTION = """query($id: ID!) { transaction(id: $id) { amount { value } side label reference
  ... on SEPADirectDebitTransaction { creditor { name } debtor { name IBAN } mandate { id }
    merchant { id } } } }"""


def initiate(bank: Bank, mandate_id: str, amount: str = "30.00", **extra: Any) -> dict[str, Any]:
    input = {"mandateId": mandate_id, "amount": {"value": amount, "currency": "EUR"}, **extra}
    return bank.api.mutate(
        "initiateSepaDirectDebitMerchantPayment",
        input,
        f"paymentId merchantPayment {{ {PAYMENT_FIELDS} }}",
    )


def payment(bank: Bank, payment_id: str) -> dict[str, Any]:
    query = f"query($id: ID!) {{ merchantPayment(id: $id) {{ {PAYMENT_FIELDS} }} }}"
    return dict(bank.api.query(query, {"id": payment_id})["merchantPayment"])


def incoming(bank: Bank, kind: str, transaction_id: str, **extra: Any) -> dict[str, Any]:
    return bank.testing.mutate(
        f"simulateIncomingSepaDirectDebit{kind}", {"transactionId": transaction_id, **extra}
    )


def debit_of(bank: Bank, payment_id: str) -> str:
    return str(bank.row("merchant_payments", payment_id)["transaction_id"])


def test_a_payment_is_captured_once_its_debit_is_booked(bank: Bank) -> None:
    method_id, mandate_id = mandate_for(bank)
    started = initiate(bank, mandate_id, "30.00", label="Order 7", externalReference="inv-7")
    created = started["merchantPayment"]
    assert started["paymentId"] == created["id"]
    assert created["statusInfo"]["status"] == "Initiated"
    assert created["balance"]["availableToCancel"] == {"value": "30.00"}
    assert created["paymentMethod"] == {"id": method_id, "type": "SepaDirectDebitCore"}
    assert created["paymentMandate"] == {"id": mandate_id}
    [edge] = created["transactions"]["edges"]
    assert edge["node"]["type"] == "SepaDirectDebitIn"
    assert edge["node"]["statusInfo"] == {"status": "Pending"}
    assert bank.events(created["id"]) == ["MerchantPayment.Created"]
    debit = bank.api.query(TRANSACTION, {"id": edge["node"]["id"]})["transaction"]
    assert debit == {
        "amount": {"value": "30.00"},
        "side": "Credit",
        "label": "Order 7",
        "reference": bank.row("payment_mandates", mandate_id)["reference"],
        "creditor": {"name": "Acme"},
        "debtor": {"name": "Grace Hopper", "IBAN": DEBTOR_IBAN},
        "mandate": {"id": mandate_id},
        "merchant": {"id": created["merchantProfile"]["id"]},
    }
    incoming(bank, "Booking", edge["node"]["id"])
    captured = payment(bank, created["id"])
    assert captured["statusInfo"]["__typename"] == "MerchantPaymentCaptured"
    assert captured["balance"]["totalCaptured"] == {"value": "30.00"}
    assert bank.events(created["id"]) == ["MerchantPayment.Created", "MerchantPayment.Captured"]
    returned = incoming(bank, "Return", edge["node"]["id"])
    assert returned["__typename"] == "SimulateIncomingSepaDirectDebitReturnSuccessPayload"
    disputed = payment(bank, created["id"])
    assert disputed["statusInfo"]["status"] == "Disputed"
    assert disputed["balance"]["totalDisputed"] == {"value": "30.00"}
    assert disputed["transactions"]["totalCount"] == 2
    assert bank.events(created["id"])[-1] == "MerchantPayment.Disputed"


def test_a_rejected_debit_rejects_the_payment_and_ends_a_one_off_mandate(bank: Bank) -> None:
    _, mandate_id = mandate_for(bank, sequence="OneOff")
    created = initiate(bank, mandate_id)["merchantPayment"]
    assert initiate(bank, mandate_id)["__typename"] == "ForbiddenRejection"  # one debit only
    incoming(bank, "Rejection", debit_of(bank, created["id"]), reasonCode="InsufficientFunds")
    rejected = payment(bank, created["id"])
    assert rejected["statusInfo"]["rejectedReasonCode"] == "InsufficientFunds"
    assert bank.events(created["id"])[-1] == "MerchantPayment.Rejected"
    mandate = bank.row("payment_mandates", mandate_id)
    assert (mandate["status"], mandate["status_reason"]) == ("Canceled", "MandateExpired")


def test_cancel_merchant_payment(bank: Bank) -> None:
    _, mandate_id = mandate_for(bank)
    created = initiate(bank, mandate_id, "40.00")["merchantPayment"]

    def cancel(payment_id: str, **extra: Any) -> dict[str, Any]:
        return bank.api.mutate(
            "cancelMerchantPayment",
            {"merchantPaymentId": payment_id, **extra},
            "merchantPayment { id statusInfo { status } }",
        )

    for wrong in ({"value": "abc", "currency": "EUR"}, {"value": "40.00", "currency": "USD"}):
        assert cancel(created["id"], amount=wrong)["__typename"] == "ValidationRejection"
    partial = cancel(created["id"], amount={"value": "10.00", "currency": "EUR"})
    assert partial["__typename"] == "MerchantPaymentNotPartiallyCancellableRejection"
    assert partial["id"] == created["id"]
    full = cancel(created["id"], amount={"value": "40.00", "currency": "EUR"})
    assert full["merchantPayment"]["statusInfo"] == {"status": "Canceled"}
    assert bank.row("transactions", debit_of(bank, created["id"]))["status"] == "Canceled"
    assert cancel(created["id"])["__typename"] == "MerchantPaymentNotCancellableRejection"
    assert cancel("nope")["__typename"] == "MerchantPaymentNotFoundRejection"
    booked = initiate(bank, mandate_id)["merchantPayment"]
    incoming(bank, "Booking", debit_of(bank, booked["id"]))
    assert cancel(booked["id"])["__typename"] == "MerchantPaymentNotCancellableRejection"


def test_initiate_rejections_and_idempotency(bank: Bank) -> None:
    method_id, mandate_id = mandate_for(bank)
    assert initiate(bank, "nope")["__typename"] == "NotFoundRejection"
    assert initiate(bank, mandate_id, "0")["__typename"] == "ValidationRejection"
    later = initiate(bank, mandate_id, requestedExecutionAt="2031-01-01T00:00:00Z")
    assert later["__typename"] == "ValidationRejection"
    first = initiate(bank, mandate_id, idempotencyKey="k1")["merchantPayment"]["id"]
    assert initiate(bank, mandate_id, idempotencyKey="k1")["merchantPayment"]["id"] == first
    assert initiate(bank, mandate_id, "31.00", idempotencyKey="k1")["__typename"] == (
        "IdempotencyConflictRejection"
    )
    debtor = bank.holder("Grace", "Hopper")["account_id"]
    debtor_mandate = add_mandate(
        bank, method_id, debtor={**DEBTOR, "IBAN": bank.row("accounts", debtor)["iban"]}
    )["paymentMandate"]["id"]
    assert initiate(bank, debtor_mandate)["__typename"] == (
        "InitiateSepaDirectDebitMerchantPaymentSuccessPayload"
    )
    bank.env.store.db.execute("UPDATE accounts SET status = 'Closing' WHERE id = ?", [debtor])
    assert initiate(bank, debtor_mandate)["__typename"] == "ForbiddenRejection"
    method_outcome(bank, method_id, "Suspended")
    assert initiate(bank, mandate_id)["__typename"] == "ForbiddenRejection"
    account_id = bank.row("accounts", bank.row("merchant_payments", first)["account_id"])["id"]
    source_mandate = _funding_mandate(bank, account_id)
    assert initiate(bank, source_mandate)["__typename"] == "NotFoundRejection"


def _funding_mandate(bank: Bank, account_id: str) -> str:
    """A funding source's mandate: not a merchant's, so no merchant payment uses it."""
    added = bank.api.mutate(
        "addDirectDebitFundingSource",
        {
            "accountId": account_id,
            "iban": DEBTOR_IBAN,
            "scheme": "SepaDirectDebitB2b",
            "consentRedirectUrl": REDIRECT,
        },
        "fundingSource { ... on DirectDebitFundingSource { paymentMandate { id } } }",
    )
    return str(added["fundingSource"]["paymentMandate"]["id"])


def test_merchant_payments_are_listed_and_filtered(bank: Bank) -> None:
    method_id, mandate_id = mandate_for(bank)
    ids = [
        initiate(bank, mandate_id, amount, label=label)["merchantPayment"]["id"]
        for amount, label in (("10.00", "tea"), ("50.00", "coffee"), ("30.00", "cake"))
    ]
    incoming(bank, "Booking", debit_of(bank, ids[1]))
    listing = """query($filters: MerchantPaymentFiltersInput, $orderBy: MerchantPaymentOrderByInput) {
      merchantPayments(filters: $filters, orderBy: $orderBy) { totalCount edges { node { id } } } }"""

    def listed(**variables: Any) -> list[str]:
        page = bank.api.query(listing, variables)["merchantPayments"]
        return [edge["node"]["id"] for edge in page["edges"]]

    # One frozen instant: the ids break the tie of the default order (creation time).
    assert sorted(listed()) == sorted(ids)
    assert listed(filters={"status": ["Captured"]}) == [ids[1]]
    assert sorted(listed(filters={"amountGreaterThan": "20"})) == sorted([ids[1], ids[2]])
    assert listed(filters={"search": "cak"}) == [ids[2]]
    bad = bank.api.post(listing, {"filters": {"amountGreaterThan": "lots"}})
    assert bad["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    assert listed(filters={"paymentMethod": ["Card"]}) == []
    assert listed(orderBy={"field": "amount", "direction": "Desc"}) == [ids[1], ids[2], ids[0]]
    profile_id = bank.row("merchant_payments", ids[0])["merchant_profile_id"]
    query = "query($id: ID!) { merchantProfile(id: $id) { merchantPayments { totalCount } } }"
    profile = bank.api.query(query, {"id": profile_id})["merchantProfile"]
    assert profile["merchantPayments"] == {"totalCount": 3}
    assert method_id


def test_another_project_sees_and_changes_nothing(
    bank: Bank, sim: Simulator, http: httpx.Client
) -> None:
    method_id, mandate_id = mandate_for(bank)
    payment_id = initiate(bank, mandate_id)["merchantPayment"]["id"]
    other = Bank(sim, http, sim.create_project("sandbox", "Other", [REDIRECT]))
    assert add_mandate(other, method_id)["__typename"] == "NotFoundRejection"
    assert initiate(other, mandate_id)["__typename"] == "NotFoundRejection"
    assert other.api.query(
        "query($id: ID!) { paymentMandate(id: $id) { id } }", {"id": mandate_id}
    ) == {"paymentMandate": None}
    assert other.api.query(
        "query($id: ID!) { merchantPayment(id: $id) { id } }", {"id": payment_id}
    ) == {"merchantPayment": None}
    assert other.api.query("{ merchantPayments { totalCount } }") == {
        "merchantPayments": {"totalCount": 0}
    }
    cancel = other.api.mutate("cancelMerchantPayment", {"merchantPaymentId": payment_id})
    assert cancel["__typename"] == "MerchantPaymentNotFoundRejection"
    assert incoming(other, "Booking", debit_of(bank, payment_id))["__typename"] == (
        "TransactionNotFoundRejection"
    )
    assert payment(bank, payment_id)["statusInfo"]["status"] == "Initiated"


def test_the_default_dataset_has_a_mandate_ready_for_payments(bank: Bank) -> None:
    load_dataset(bank.env, bank.project_id, "default")
    row = bank.env.store.db.execute(
        "SELECT id FROM payment_mandates WHERE project_id = ? AND payment_method_id IS NOT NULL",
        [bank.project_id],
    ).fetchone()
    query = f"query($id: ID!) {{ {MANDATE.replace('paymentMandate {', 'paymentMandate(id: $id) {', 1)} }}"
    mandate = bank.api.query(query, {"id": row[0]})["paymentMandate"]
    assert (mandate["reference"], mandate["statusInfo"]) == ("AE-BABBAGE-1", {"status": "Enabled"})
    assert mandate["creditor"]["name"] == "Analytical Engines"
    assert initiate(bank, row[0])["__typename"] == (
        "InitiateSepaDirectDebitMerchantPaymentSuccessPayload"
    )


def test_reset_sandbox_data_deletes_mandates_and_payments(bank: Bank) -> None:
    _, mandate_id = mandate_for(bank)
    payment_id = initiate(bank, mandate_id)["merchantPayment"]["id"]
    assert bank.testing.mutate("resetSandboxData")["__typename"] == (
        "ResetSandboxDataSuccessPayload"
    )
    db = bank.env.store.db
    assert db["merchant_payments"].count_where("id = ?", [payment_id]) == 0
    assert db["payment_mandates"].count_where("id = ?", [mandate_id]) == 0


def test_a_user_sees_the_merchant_accounts_it_may_view_only(bank: Bank) -> None:
    _, mandate_id = mandate_for(bank)
    payment_id = initiate(bank, mandate_id)["merchantPayment"]["id"]
    account_id = bank.row("merchant_payments", payment_id)["account_id"]
    reads = """query($m: ID!, $p: ID!) { paymentMandate(id: $m) { id }
      merchantPayment(id: $p) { id } merchantPayments { totalCount } }"""

    def user_of(account: str) -> str:
        return str(bank.row("account_memberships", bank.legal_membership(account))["user_id"])

    merchant = bank.user_client(user_of(account_id))
    assert merchant.query(reads, {"m": mandate_id, "p": payment_id}) == {
        "paymentMandate": {"id": mandate_id},
        "merchantPayment": {"id": payment_id},
        "merchantPayments": {"totalCount": 1},
    }
    stranger = bank.user_client(user_of(bank.holder("Eve", "Doe")["account_id"]))
    assert stranger.query(reads, {"m": mandate_id, "p": payment_id}) == {
        "paymentMandate": None,
        "merchantPayment": None,
        "merchantPayments": {"totalCount": 0},
    }
    assert initiate_as(stranger, mandate_id)["__typename"] == "NotFoundRejection"


def initiate_as(client: Any, mandate_id: str) -> dict[str, Any]:
    input = {"mandateId": mandate_id, "amount": {"value": "5.00", "currency": "EUR"}}
    return dict(client.mutate("initiateSepaDirectDebitMerchantPayment", input))

"""Account funding: funding sources and their payment mandates, funding requests through a
consent, the Testing API's incoming SEPA direct debits, and funding limits."""

from __future__ import annotations

from typing import Any

import httpx

from simulator import Simulator
from simulator.domain.accounts.ledger import read_balances
from simulator.domain.consents.consent_descriptions import describe_consent
from simulator.domain.sandbox.datasets import load_dataset

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank

SOURCE_SELECTION = """fundingSource { __typename id name
  statusInfo { status ... on EnabledFundingSourceStatusInfo { enabledAt }
    ... on CanceledFundingSourceStatusInfo { canceledAt reasonCode } }
  ... on DirectDebitFundingSource { iban paymentMandate { id
    ... on SEPAPaymentDirectDebitMandate { reference scheme sequence signatureDate
      mandateDocumentUrl creditor { identifier name } debtor { iban name country }
      statusInfo { status ... on PaymentMandateConsentPendingStatusInfo { consent { id purpose } }
        ... on PaymentMandateCanceledStatusInfo { reason } } } } } }"""

PAYMENT_SELECTION = """payment { id statusInfo { status
  ... on PaymentConsentPending { consent { id purpose } } } }"""

TRANSACTION = """query($id: ID!) { transaction(id: $id) { __typename type side amount { value }
  statusInfo { status } paymentProduct
  ... on SEPADirectDebitTransaction { creditor { __typename name }
    debtor { __typename IBAN } mandate { id } } } }"""


def company(bank: Bank) -> str:
    holder = bank.holder(holder_type="Company", company_name="Acme SAS", first=None, last=None)
    return str(holder["account_id"])


def add_source(bank: Bank, account_id: str, **extra: Any) -> dict[str, Any]:
    input = {
        "accountId": account_id,
        "iban": DEBTOR_IBAN,
        "scheme": "SepaDirectDebitB2b",
        "name": "Main bank",
        "consentRedirectUrl": REDIRECT,
        **extra,
    }
    return bank.api.mutate("addDirectDebitFundingSource", input, SOURCE_SELECTION)


def enabled_source(bank: Bank, account_id: str) -> dict[str, Any]:
    added = add_source(bank, account_id)["fundingSource"]
    bank.approve(added["paymentMandate"]["statusInfo"]["consent"]["id"])
    return added


def request(bank: Bank, source_id: str, amount: str = "200.00", **extra: Any) -> dict[str, Any]:
    input = {
        "fundingSourceId": source_id,
        "amount": {"value": amount, "currency": "EUR"},
        "consentRedirectUrl": REDIRECT,
        **extra,
    }
    return bank.api.mutate("initiateFundingRequest", input, PAYMENT_SELECTION)


def funded(bank: Bank, source_id: str, amount: str = "200.00", **extra: Any) -> str:
    """The Pending SepaDirectDebitIn of an approved funding request."""
    payment = request(bank, source_id, amount, **extra)["payment"]
    bank.approve(payment["statusInfo"]["consent"]["id"])
    row = bank.env.store.db.execute(
        "SELECT id FROM transactions WHERE payment_id = ?", [payment["id"]]
    ).fetchone()
    return str(row[0])


def source(bank: Bank, source_id: str) -> dict[str, Any]:
    query = f"query($id: ID!) {{ {SOURCE_SELECTION.replace('fundingSource {', 'fundingSource(id: $id) {', 1)} }}"
    return dict(bank.api.query(query, {"id": source_id})["fundingSource"])


def balances(bank: Bank, account_id: str) -> tuple[str, str]:
    current = read_balances(bank.env.store.db, account_id)
    return f"{current.booked:.2f}", f"{current.available:.2f}"


def test_a_funding_source_is_enabled_once_its_mandate_is_signed(bank: Bank) -> None:
    account = company(bank)
    added = add_source(bank, account)
    assert added["__typename"] == "AddDirectDebitFundingSourceSuccessPayload"
    created = added["fundingSource"]
    assert created["__typename"] == "DirectDebitFundingSource"
    assert created["statusInfo"] == {"status": "Pending"}
    assert created["iban"] == DEBTOR_IBAN
    mandate = created["paymentMandate"]
    assert mandate["statusInfo"]["status"] == "ConsentPending"
    assert mandate["statusInfo"]["consent"]["purpose"] == "AddDirectDebitPaymentMandate"
    assert mandate["scheme"] == "SepaDirectDebitB2b"
    assert mandate["signatureDate"] is None
    assert mandate["creditor"]["name"] == "Acme SAS"
    assert mandate["debtor"]["iban"] == DEBTOR_IBAN
    assert "FundingSource.Created" in bank.events(created["id"])
    bank.approve(mandate["statusInfo"]["consent"]["id"])
    now = source(bank, created["id"])
    assert now["statusInfo"]["status"] == "Enabled"
    assert now["statusInfo"]["enabledAt"] == bank.env.now()[:10]
    assert now["paymentMandate"]["statusInfo"] == {"status": "Enabled"}
    assert now["paymentMandate"]["signatureDate"] == bank.env.now()[:10]
    assert "FundingSource.Updated" in bank.events(created["id"])
    found = bank.api.query(
        "query($id: ID!) { paymentMandate(id: $id) { __typename id } }", {"id": mandate["id"]}
    )["paymentMandate"]
    assert found == {"__typename": "SEPAPaymentDirectDebitMandate", "id": mandate["id"]}


def test_a_refused_mandate_leaves_the_source_pending(bank: Bank) -> None:
    created = add_source(bank, company(bank))["fundingSource"]
    bank.refuse(created["paymentMandate"]["statusInfo"]["consent"]["id"])
    assert source(bank, created["id"])["statusInfo"] == {"status": "Pending"}
    refused = request(bank, created["id"])
    assert refused["__typename"] == "FundingSourceWrongStatusRejection"
    assert refused["currentStatus"] == "Pending"
    assert refused["expectedStatus"] == "Enabled"


def test_add_funding_source_rejections(bank: Bank) -> None:
    account = company(bank)
    assert add_source(bank, account, scheme="SepaDirectDebitCore")["__typename"] == (
        "ForbiddenRejection"
    )
    individual = str(bank.holder()["account_id"])
    assert add_source(bank, individual)["__typename"] == "ForbiddenRejection"
    missing = add_source(bank, "no-such-account")
    assert missing["__typename"] == "NotFoundRejection"
    assert missing["id"] == "no-such-account"
    own_iban = bank.row("accounts", account)["iban"]
    assert add_source(bank, account, iban=own_iban)["__typename"] == "IBANNotReachableRejection"
    invalid = add_source(bank, account, consentRedirectUrl="not a url")
    assert invalid["__typename"] == "ValidationRejection"
    add_source(bank, account)
    with bank.env.store.atomic() as db:
        # The bank rejected the verification of the outside account.
        db.execute(
            "UPDATE funding_sources SET verification_status = 'Rejected' WHERE account_id = ?",
            [account],
        )
    assert add_source(bank, account)["__typename"] == "AccountVerificationAlreadyRejectedRejection"


def test_a_canceled_source_cancels_its_mandate(bank: Bank) -> None:
    created = enabled_source(bank, company(bank))
    result = bank.api.mutate(
        "cancelFundingSource", {"id": created["id"]}, "fundingSource { id statusInfo { status } }"
    )
    assert result["fundingSource"]["statusInfo"] == {"status": "Canceled"}
    now = source(bank, created["id"])
    assert now["statusInfo"]["reasonCode"] == "UserCanceled"
    assert now["paymentMandate"]["statusInfo"] == {
        "status": "Canceled",
        "reason": "RequestedByUser",
    }
    assert request(bank, created["id"])["__typename"] == "FundingSourceWrongStatusRejection"
    missing = bank.api.mutate("cancelFundingSource", {"id": "nope"})
    assert missing == {
        "__typename": "NotFoundRejection",
        "message": missing["message"],
        "id": "nope",
    }


def test_a_funding_request_credits_the_account_once_booked(bank: Bank) -> None:
    account = company(bank)
    created = enabled_source(bank, account)
    initiated = request(bank, created["id"], label="Top-up")
    assert initiated["__typename"] == "InitiateFundingRequestSuccessPayload"
    consent = initiated["payment"]["statusInfo"]["consent"]
    assert consent["purpose"] == "InitiateFundingRequest"
    bank.approve(consent["id"])
    payment = bank.api.query(
        "query($id: ID!) { payment(id: $id) { statusInfo { status } "
        "transactions { edges { node { id } } } } }",
        {"id": initiated["payment"]["id"]},
    )["payment"]
    assert payment["statusInfo"] == {"status": "Initiated"}
    debit_id = payment["transactions"]["edges"][0]["node"]["id"]
    debit = bank.api.query(TRANSACTION, {"id": debit_id})["transaction"]
    assert debit["type"] == "SepaDirectDebitIn"
    assert debit["side"] == "Credit"
    assert debit["statusInfo"] == {"status": "Pending"}
    assert debit["creditor"] == {"__typename": "SEPADirectDebitInCreditor", "name": "Acme SAS"}
    assert debit["debtor"] == {"__typename": "SEPADirectDebitInDebtor", "IBAN": DEBTOR_IBAN}
    assert debit["mandate"] == {"id": created["paymentMandate"]["id"]}
    assert balances(bank, account) == ("0.00", "0.00")
    booked = bank.testing.mutate(
        "simulateIncomingSepaDirectDebitBooking", {"transactionId": debit_id}, "transactionId"
    )
    assert booked["transactionId"] == debit_id
    assert balances(bank, account) == ("200.00", "200.00")
    assert "Transaction.Booked" in bank.events(debit_id)
    verified = bank.row("funding_sources", created["id"])["verification_status"]
    assert verified == "Verified"


def test_a_refused_funding_request_is_rejected(bank: Bank) -> None:
    created = enabled_source(bank, company(bank))
    initiated = request(bank, created["id"], isInstant=True)
    consent = initiated["payment"]["statusInfo"]["consent"]
    assert consent["purpose"] == "InitiateInstantFundingRequest"
    bank.refuse(consent["id"])
    status = bank.row("payments", initiated["payment"]["id"])["status"]
    assert status == "Rejected"


def test_funding_request_rejections(bank: Bank) -> None:
    created = enabled_source(bank, company(bank))
    missing = request(bank, "nope")
    assert missing["__typename"] == "FundingSourceNotFoundRejection"
    assert missing["id"] == "nope"
    assert request(bank, created["id"], "0")["__typename"] == "ValidationRejection"
    assert request(bank, created["id"], "10000.01")["__typename"] == (
        "FundingLimitExceededRejection"
    )
    assert request(bank, created["id"], "1000.01", isInstant=True)["__typename"] == (
        "InstantFundingLimitExceededRejection"
    )
    first = request(bank, created["id"], idempotencyKey="key-1")
    again = request(bank, created["id"], idempotencyKey="key-1")
    assert again["payment"]["id"] == first["payment"]["id"]
    other = request(bank, created["id"], "5.00", idempotencyKey="key-1")
    assert other["__typename"] == "IdempotencyConflictRejection"


def test_requests_count_against_the_rolling_limit(bank: Bank) -> None:
    account = company(bank)
    created = enabled_source(bank, account)
    funded(bank, created["id"], "6000.00")
    assert request(bank, created["id"], "4000.01")["__typename"] == (
        "FundingLimitExceededRejection"
    )
    bank.sim.advance("31d")
    assert request(bank, created["id"], "4000.01")["__typename"] == (
        "InitiateFundingRequestSuccessPayload"
    )


ERROR = """mutation($input: %s!) { %s(input: $input) { __typename %s
  ... on TransactionNotFoundRejection { transactionId } } }"""


def incoming(bank: Bank, kind: str, transaction_id: str) -> dict[str, Any]:
    name = f"simulateIncomingSepaDirectDebit{kind}"
    type_name = f"SimulateIncomingSepaDirectDebit{kind}"
    # Booking has no error payload: its wrong-status answer is a ForbiddenRejection.
    error = "" if kind == "Booking" else f"... on {type_name}ErrorPayload {{ reason }}"
    query = ERROR % (f"{type_name}Input", name, error)
    return dict(bank.testing.query(query, {"input": {"transactionId": transaction_id}})[name])


def test_a_pending_debit_is_rejected_and_a_booked_one_returned(bank: Bank) -> None:
    account = company(bank)
    created = enabled_source(bank, account)
    rejected = funded(bank, created["id"], "50.00")
    answer = incoming(bank, "Rejection", rejected)
    assert answer == {"__typename": "SimulateIncomingSepaDirectDebitRejectionSuccessPayload"}
    assert bank.row("transactions", rejected)["status"] == "Rejected"
    assert bank.row("transactions", rejected)["status_reason"] == "ReasonNotSpecifiedByDebtor"
    assert incoming(bank, "Return", rejected)["__typename"].endswith("ErrorPayload")
    booked = funded(bank, created["id"], "80.00")
    incoming(bank, "Booking", booked)
    assert balances(bank, account) == ("80.00", "80.00")
    assert incoming(bank, "Rejection", booked)["__typename"].endswith("ErrorPayload")
    returned = bank.testing.mutate(
        "simulateIncomingSepaDirectDebitReturn",
        {"transactionId": booked, "reasonCode": "InsufficientFunds"},
        "transactionId",
    )
    back = bank.row("transactions", returned["transactionId"])
    assert (back["type"], back["side"], back["status"]) == (
        "SepaDirectDebitInReturn",
        "Debit",
        "Booked",
    )
    assert balances(bank, account) == ("0.00", "0.00")
    holder_id = bank.row("accounts", account)["holder_id"]
    used = bank.api.query(LIMITS, {"id": holder_id})["accountHolder"]["fundingLimitSettings"]
    assert used["fundingLimit"]["funding"] == {"value": "0.00"}  # rejected and returned
    assert incoming(bank, "Return", booked)["__typename"].endswith("ErrorPayload")
    assert incoming(bank, "Booking", "nope") == {
        "__typename": "TransactionNotFoundRejection",
        "transactionId": "nope",
    }
    transfer = bank.fund(account, "10.00")
    assert incoming(bank, "Booking", transfer)["__typename"] == "ForbiddenRejection"


LIMITS = """query($id: ID!) { accountHolder(id: $id) { fundingLimitSettings {
  statusInfo { status } fundingLimit { amount { value } rollingDays funding { value } }
  instantFundingLimit { amount { value } funding { value } }
  fundingLimitSettingsChangeRequest { id statusInfo { status } } }
  fundingLimitSettingsChangeRequests { totalCount edges { node { id
    fundingLimit { amount { value } } approved { fundingLimit { amount { value } } }
    statusInfo { status ... on FundingLimitSettingsChangeRequestRefusedStatusInfo { reason } }
  } } }
  paymentMandates { totalCount edges { node { id } } } } }"""


def limits_input(holder_id: str, funding: str, instant: str) -> dict[str, Any]:
    return {
        "accountHolderId": holder_id,
        "fundingLimit": {"amount": {"value": funding, "currency": "EUR"}},
        "instantFundingLimit": {"amount": {"value": instant, "currency": "EUR"}},
    }


def test_a_change_request_approved_raises_the_limits(bank: Bank) -> None:
    account = company(bank)
    holder_id = bank.row("accounts", account)["holder_id"]
    created = enabled_source(bank, account)
    funded(bank, created["id"], "100.00")
    settings = bank.api.query(LIMITS, {"id": holder_id})["accountHolder"]
    assert settings["fundingLimitSettings"]["fundingLimit"] == {
        "amount": {"value": "10000.00"},
        "rollingDays": 30,
        "funding": {"value": "100.00"},
    }
    assert settings["paymentMandates"]["totalCount"] == 1
    added = bank.api.mutate(
        "addFundingLimitSettingsChangeRequest",
        limits_input(holder_id, "50000.00", "5000.00"),
        "fundingLimitSettingsChangeRequest { id statusInfo { status } }",
    )
    change = added["fundingLimitSettingsChangeRequest"]
    assert change["statusInfo"] == {"status": "Pending"}
    assert "FundingLimitSettingsChangeRequest.Created" in bank.events(change["id"])
    answered = bank.testing.mutate(
        "updateFundingLimitSettingsChangeRequest",
        {
            "fundingLimitSettingsChangeRequestId": change["id"],
            "approvedFundingLimit": {"amount": {"value": "40000.00", "currency": "EUR"}},
        },
        "fundingLimitSettingsChangeRequest { id statusInfo { status } }",
    )
    assert answered["fundingLimitSettingsChangeRequest"]["statusInfo"] == {"status": "Approved"}
    settings = bank.api.query(LIMITS, {"id": holder_id})["accountHolder"]
    limits = settings["fundingLimitSettings"]
    assert limits["fundingLimit"]["amount"] == {"value": "40000.00"}
    assert limits["instantFundingLimit"]["amount"] == {"value": "5000.00"}
    assert limits["fundingLimitSettingsChangeRequest"]["id"] == change["id"]
    node = settings["fundingLimitSettingsChangeRequests"]["edges"][0]["node"]
    assert node["approved"] == {"fundingLimit": {"amount": {"value": "40000.00"}}}
    again = bank.testing.mutate(
        "updateFundingLimitSettingsChangeRequest",
        {"fundingLimitSettingsChangeRequestId": change["id"], "status": "Refused"},
    )
    assert again["__typename"] == "FundingLimitSettingsChangeRequestStatusNotAllowedRejection"
    found = bank.api.query(
        "query($id: ID!) { fundingLimitSettingsChangeRequest(fundingLimitSettingsChangeRequestId:"
        " $id) { id } }",
        {"id": change["id"]},
    )
    assert found["fundingLimitSettingsChangeRequest"] == {"id": change["id"]}


def test_change_request_rejections_and_refusal(bank: Bank) -> None:
    holder_id = bank.row("accounts", company(bank))["holder_id"]
    bad = bank.api.mutate(
        "addFundingLimitSettingsChangeRequest", limits_input(holder_id, "100.00", "200.00")
    )
    assert bad["__typename"] == "FundingLimitSettingsChangeRequestBadAmountRejection"
    missing = bank.api.mutate(
        "addFundingLimitSettingsChangeRequest", limits_input("nope", "100.00", "10.00")
    )
    assert missing["__typename"] == "AccountHolderNotFoundRejection"
    invalid = bank.api.mutate(
        "addFundingLimitSettingsChangeRequest", limits_input(holder_id, "-1", "10.00")
    )
    assert invalid["__typename"] == "ValidationRejection"
    change = bank.api.mutate(
        "addFundingLimitSettingsChangeRequest",
        limits_input(holder_id, "100.00", "10.00"),
        "fundingLimitSettingsChangeRequest { id }",
    )["fundingLimitSettingsChangeRequest"]
    refused = bank.testing.mutate(
        "updateFundingLimitSettingsChangeRequest",
        {"fundingLimitSettingsChangeRequestId": change["id"], "status": "Refused", "reason": "No"},
    )
    assert refused["__typename"] == "UpdateFundingLimitSettingsChangeRequestSuccessPayload"
    node = bank.api.query(LIMITS, {"id": holder_id})["accountHolder"][
        "fundingLimitSettingsChangeRequests"
    ]["edges"][0]["node"]
    assert node["statusInfo"] == {"status": "Refused", "reason": "No"}
    assert node["approved"] is None
    unknown = bank.testing.mutate(
        "updateFundingLimitSettingsChangeRequest", {"fundingLimitSettingsChangeRequestId": "nope"}
    )
    assert unknown["__typename"] == "FundingLimitSettingsChangeRequestNotFoundRejection"


def test_update_account_holder_funding_limits(bank: Bank) -> None:
    account = company(bank)
    holder_id = bank.row("accounts", account)["holder_id"]
    result = bank.testing.mutate(
        "updateAccountHolderFundingLimits",
        {
            "accountHolderId": holder_id,
            "fundingLimitAmount": {"value": "300.00", "currency": "EUR"},
            "fundingLimitRollingDays": 7,
            "instantFundingLimitAmount": {"value": "30.00", "currency": "EUR"},
        },
        "accountHolderId",
    )
    assert result["accountHolderId"] == holder_id
    created = enabled_source(bank, account)
    assert request(bank, created["id"], "300.01")["__typename"] == "FundingLimitExceededRejection"
    assert request(bank, created["id"], "300.00")["__typename"] == (
        "InitiateFundingRequestSuccessPayload"
    )


def test_another_project_sees_and_changes_nothing(
    bank: Bank, sim: Simulator, http: httpx.Client
) -> None:
    account = company(bank)
    holder_id = bank.row("accounts", account)["holder_id"]
    created = enabled_source(bank, account)
    debit = funded(bank, created["id"], "20.00")
    change = bank.api.mutate(
        "addFundingLimitSettingsChangeRequest",
        limits_input(holder_id, "100.00", "10.00"),
        "fundingLimitSettingsChangeRequest { id }",
    )["fundingLimitSettingsChangeRequest"]
    other = Bank(sim, http, sim.create_project("sandbox", "Other", [REDIRECT]))
    assert other.api.query(
        "query($id: ID!) { fundingSource(id: $id) { id } }", {"id": created["id"]}
    ) == {"fundingSource": None}
    assert other.api.query(
        "query($id: ID!) { paymentMandate(id: $id) { id } }",
        {"id": created["paymentMandate"]["id"]},
    ) == {"paymentMandate": None}
    assert add_source(other, account)["__typename"] == "NotFoundRejection"
    assert other.api.mutate("cancelFundingSource", {"id": created["id"]})["__typename"] == (
        "NotFoundRejection"
    )
    assert request(other, created["id"])["__typename"] == "FundingSourceNotFoundRejection"
    assert incoming(other, "Booking", debit)["__typename"] == "TransactionNotFoundRejection"
    unknown = other.testing.mutate(
        "updateFundingLimitSettingsChangeRequest",
        {"fundingLimitSettingsChangeRequestId": change["id"]},
    )
    assert unknown["__typename"] == "FundingLimitSettingsChangeRequestNotFoundRejection"
    limits = other.testing.mutate(
        "updateAccountHolderFundingLimits",
        {
            "accountHolderId": holder_id,
            "fundingLimitAmount": {"value": "1.00", "currency": "EUR"},
            "fundingLimitRollingDays": 7,
            "instantFundingLimitAmount": {"value": "1.00", "currency": "EUR"},
        },
    )
    assert limits["__typename"] == "InternalErrorRejection"
    assert holder_id in limits["message"]
    assert bank.row("transactions", debit)["status"] == "Pending"


def test_the_consent_pages_describe_funding(bank: Bank) -> None:
    created = add_source(bank, company(bank))["fundingSource"]
    consent = bank.row("consents", created["paymentMandate"]["statusInfo"]["consent"]["id"])
    mandate = describe_consent(bank.env, consent)
    assert mandate.title == "Sign a direct debit mandate"
    assert "DE89 3704 0044 0532 0130 00" in mandate.summary
    bank.approve(consent["id"])
    payment = request(bank, created["id"], "75.00")["payment"]
    funding = describe_consent(
        bank.env, bank.row("consents", payment["statusInfo"]["consent"]["id"])
    )
    assert funding.title == "Approve funding your account"
    assert "75.00 EUR" in funding.summary
    assert funding.sections[1].heading == "Account"


def test_a_pending_funding_debit_can_be_canceled(bank: Bank) -> None:
    account = company(bank)
    debit = funded(bank, enabled_source(bank, account)["id"], "60.00")
    cancelable = bank.api.query(
        "query($id: ID!) { transaction(id: $id) { isCancelable } }", {"id": debit}
    )
    assert cancelable == {"transaction": {"isCancelable": True}}
    result = bank.api.mutate("cancelTransaction", {"transactionId": debit})
    assert result["__typename"] == "CancelTransactionSuccessPayload"
    assert bank.row("transactions", debit)["status"] == "Canceled"
    assert incoming(bank, "Booking", debit)["__typename"] == "ForbiddenRejection"
    assert balances(bank, account) == ("0.00", "0.00")


def test_the_default_dataset_has_an_enabled_funding_source(bank: Bank) -> None:
    load_dataset(bank.env, bank.project_id, "default")
    row = bank.env.store.db.execute(
        "SELECT id FROM funding_sources WHERE project_id = ?", [bank.project_id]
    ).fetchone()
    loaded = source(bank, row[0])
    assert loaded["statusInfo"]["status"] == "Enabled"
    assert loaded["paymentMandate"]["statusInfo"] == {"status": "Enabled"}
    assert request(bank, row[0])["__typename"] == "InitiateFundingRequestSuccessPayload"


def test_a_scheduled_funding_request_executes_on_its_date(bank: Bank) -> None:
    created = enabled_source(bank, company(bank))
    later = "2026-01-09T09:00:00.000Z"
    debit = funded(bank, created["id"], "10.00", requestedExecutionAt=later)
    assert bank.row("transactions", debit)["execution_date"] == later
    for moment in ("2025-12-01T00:00:00Z", "2027-06-01T00:00:00Z", "not a date"):
        answer = request(bank, created["id"], requestedExecutionAt=moment)
        assert answer["__typename"] == "ValidationRejection", moment

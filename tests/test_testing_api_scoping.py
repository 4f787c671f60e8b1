"""Every Testing API operation acts for the calling project only.

A second project walks EVERY root field of the Testing API (read from the schema by
introspection, so a new field cannot be forgotten) against the first project's resources:
it gets not-found or an empty answer, and nothing of the first project changes. The only
fields left out are the simulator's one clock and the list of built-in retry policies,
which belong to no project.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from simulator import ProjectCredentials, Simulator
from simulator.oauth.tokens import store_access_token
from simulator.server.graphql_endpoint import USER_TOKEN_FIELDS
from simulator.webhooks import get_retry_policy

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank
from .merchant_support import (
    CUSTOMER_CARD,
    card_link,
    enabled_profile,
    pay_link,
    sepa_core_method,
)
from .oauth_pages import Pages

#: Root fields that belong to no project: the one virtual clock every process shares, and
#: the built-in retry policies (static data).
SHARED = {"clock", "advanceClock", "setClock", "freezeClock", "resumeClock", "webhookRetryPolicies"}
PHONE = "+33611122233"
#: A Sandbox user's identity, as createSandboxUser and updateSandboxUser take it.
IDENTITY = {
    "firstName": "Ada",
    "lastName": "Byron",
    "birthDate": "1990-04-21",
    "nationalityCCA3": "GBR",
    "autoConsent": False,
}
EUR = "EUR"


def _root_fields(b: Bank) -> set[str]:
    schema = b.testing.query(
        "{ __schema { queryType { fields { name } } mutationType { fields { name } } } }"
    )["__schema"]
    return {f["name"] for kind in ("queryType", "mutationType") for f in schema[kind]["fields"]}


def _resources(sim: Simulator, http: httpx.Client, a: Bank) -> dict[str, Any]:
    """The first project's world: a holder, an account, users, a card, transactions, a
    consent, a text message, a webhook subscription to an inbox, its own policy and limit."""
    holder = a.holder()
    account_id = holder["account_id"]
    a.fund(account_id)
    card_id = a.enabled_card(account_id)
    incoming = a.testing.mutate(
        "simulateIncomingSepaCreditTransferReception",
        {
            "creditorIban": sim.sandbox.store.db["accounts"].get(account_id)["iban"],
            "creditorName": "Ada Lovelace",
            "amount": {"value": "10.00", "currency": EUR},
            "debtorName": "Grace",
            "debtorIban": DEBTOR_IBAN,
        },
        "transactionId",
    )["transactionId"]
    authorization = a.authorize(card_id, "5.00")["transactionId"]
    digital_card = a.api.mutate(
        "addDigitalCard",
        {"cardId": card_id, "walletProvider": "ApplePay", "consentRedirectUrl": REDIRECT},
        "digitalCard { id statusInfo { ... on DigitalCardConsentPendingStatusInfo { consent { id } } } }",
    )["digitalCard"]
    a.approve(digital_card["statusInfo"]["consent"]["id"])  # Pending: the wallet's turn
    capital_deposit = a.api.mutate(
        "createCapitalDepositCase",
        {
            "companyName": "First SAS",
            "onboardingCapitalDepositCompany": {"name": "First SAS"},
            "individualShareholders": [
                {
                    **{k: IDENTITY[k] for k in ("firstName", "lastName", "birthDate")},
                    "nationality": "GBR",
                    "capitalDepositAmount": {"value": "100.00", "currency": EUR},
                    "onboardingInfo": {},
                }
            ],
            "companyShareholders": [],
        },
        "capitalDepositCase { id documents { id } }",
    )["capitalDepositCase"]
    user = a.testing.mutate(
        "createSandboxUser",
        {**IDENTITY, "mobilePhoneNumber": "+33611100000"},
        "sandboxUser { id }",
    )["sandboxUser"]["id"]
    consent = a.testing.mutate(
        "createSandboxConsent", {"redirectUrl": REDIRECT, "userId": user}, "consentId"
    )["consentId"]
    identification = a.testing.mutate(
        "createSandboxIdentification",
        {"userId": user, "process": "Expert", "levels": {"expert": "Valid"}},
        "sandboxIdentification { id }",
    )["sandboxIdentification"]["id"]
    pages = Pages(http, sim.sandbox)
    pages.start(a.project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)  # a code for the first project
    inbox = sim.webhooks.inbox("first-app")
    sim.webhooks.subscribe(a.project, inbox, secret="first-secret")
    a.testing.mutate("setWebhookRetryPolicy", {"name": "every-30s"}, "policy { name }")
    a.testing.mutate("setProjectRateLimit", {"requests": 500}, "rateLimit { requests }")
    sim.webhooks.probe(a.project, inbox)
    sim.webhooks.replay(a.project, sim.webhooks.events(a.project)[0]["id"])  # a log entry
    iban = sim.sandbox.store.db["accounts"].get(account_id)["iban"]
    collection, document = _supporting_documents(a)
    _billing(a, holder["holder_id"])
    merchant_profile = enabled_profile(a)
    merchant_method = sepa_core_method(a, merchant_profile)
    card_payment_link, _ = card_link(a, merchant_profile)
    card_payment = pay_link(a, card_payment_link)["paymentId"]  # a Pending credit
    limits = {"amount": {"value": "100.00", "currency": EUR}}
    change_request = a.api.mutate(
        "addFundingLimitSettingsChangeRequest",
        {
            "accountHolderId": holder["holder_id"],
            "fundingLimit": limits,
            "instantFundingLimit": limits,
        },
        "fundingLimitSettingsChangeRequest { id }",
    )["fundingLimitSettingsChangeRequest"]["id"]
    return {
        "merchant_profile": merchant_profile,
        "merchant_method": merchant_method,
        "card_payment_link": card_payment_link,
        "card_payment": card_payment,
        "merchant_method_request": a.api.mutate(
            "requestMerchantPaymentMethodsUpdate",
            {
                "paymentMethodId": merchant_method,
                "sepaDirectDebit": {"useSwanSepaCreditorIdentifier": True},
            },
            "requestId",
        )["requestId"],
        "holder": holder["holder_id"],
        "account": account_id,
        "iban": iban,
        "representative": holder["user_id"],
        "user": user,
        "card": card_id,
        "digital_card": digital_card["id"],
        "capital_deposit_case": capital_deposit["id"],
        "capital_deposit_document": capital_deposit["documents"][0]["id"],
        "incoming": incoming,
        "authorization": authorization,
        "consent": consent,
        "identification": identification,
        "inbox": inbox,
        "collection": collection,
        "document": document,
        "project": a.project_id,
        "client": a.project.client_id,
        "change_request": change_request,
    }


def _billing(a: Bank, holder_id: str) -> None:
    """The first project's billing has started, it has an owner and a test check."""
    billing = {"companyName": "First", "email": "billing@first.example"}
    a.testing.mutate("simulateStartProjectBilling", billing, "projectId")
    a.testing.mutate("promoteAccountHolderToProjectOwner", {"accountHolderId": holder_id})
    a.testing.mutate("generateTestCheck", {}, "cmc7")


def _supporting_documents(a: Bank) -> tuple[str, str]:
    """An onboarding's supporting document collection, with one document awaiting upload."""
    onboarding = a.api.mutate(
        "createIndividualAccountHolderOnboarding",
        {
            "accountInfo": {"country": "FRA", "name": "Main"},
            "accountAdmin": {"email": "ada@example.com", "firstName": "Ada", "lastName": "B"},
        },
        "onboarding { supportingDocumentCollection { id } }",
    )["onboarding"]
    collection = onboarding["supportingDocumentCollection"]["id"]
    document = a.api.mutate(
        "generateSupportingDocumentUploadUrl",
        {
            "supportingDocumentCollectionId": collection,
            "filename": "id.pdf",
            "supportingDocumentPurpose": "ProofOfIdentity",
        },
        "supportingDocumentId",
    )["supportingDocumentId"]
    return collection, document


def _world(sim: Simulator, project_id: str) -> dict[str, Any]:
    """Everything of a project, row by row: every table with a `project_id`, the retry
    policy in force for it, and what its inbox received."""
    db = sim.sandbox.store.db
    world: dict[str, Any] = {}
    for table in db.table_names():
        if "project_id" in db[table].columns_dict:
            rows = db.execute(f"SELECT * FROM [{table}] WHERE project_id = ?", [project_id])
            world[table] = sorted(repr(row) for row in rows.fetchall())
    world["policy"] = get_retry_policy(sim.sandbox, project_id=project_id).name
    world["inbox"] = [(r.event_id, r.status) for r in sim.webhooks.inbox("first-app")]
    return world


Call = Callable[[], None]


def _rejected(b: Bank, r: dict[str, Any], name: str, input: dict[str, Any], typename: str) -> Call:
    def call() -> None:
        payload = b.testing.mutate(name, input)
        assert payload["__typename"] == typename, (name, payload)
        # Not-found, echoing at most what was given: nothing of the first project's data.
        given = {str(value) for value in input.values()}
        private = {"+33611100000", PHONE, r["iban"], r["representative"]} - given
        assert not any(secret in str(payload) for secret in private), payload

    return call


def _query(b: Bank, text: str, check: Callable[[Any], bool]) -> Call:
    def call() -> None:
        data = b.testing.query(text)
        assert check(next(iter(data.values()))), (text, data)

    return call


def _succeeds(b: Bank, name: str, input: dict[str, Any] | None = None) -> Call:
    # Acts in the caller's own project: the first project's world must not move.
    def call() -> None:
        payload = b.testing.mutate(name, input)
        assert not payload["__typename"].endswith("Rejection"), (name, payload)

    return call


def _reads(b: Bank) -> dict[str, Call]:
    return {
        "textMessages": _query(b, "{ textMessages { id text } }", lambda v: v == []),
        "rateLimit": _query(
            b, "{ rateLimit { projectSpecific } }", lambda v: not v["projectSpecific"]
        ),
        "webhookDeliveries": _query(
            b, "{ webhookDeliveries { totalCount } }", lambda v: not v["totalCount"]
        ),
        "webhookInbox": _query(
            b,
            '{ webhookInbox(name: "first-app") { receivedCount received { eventId } } }',
            lambda v: v == {"receivedCount": 0, "received": []},
        ),
        "webhookRetryPolicy": _query(
            b, "{ webhookRetryPolicy { name } }", lambda v: v["name"] == "specification"
        ),
    }


def _own_writes(b: Bank) -> dict[str, Call]:
    return {
        "createSandboxUser": _succeeds(b, "createSandboxUser", IDENTITY),
        "createSandboxAccountHolder": _succeeds(
            b, "createSandboxAccountHolder", {"firstName": "B", "lastName": "C"}
        ),
        "setWebhookRetryPolicy": _succeeds(b, "setWebhookRetryPolicy", {"name": "specification"}),
        "setProjectRateLimit": _succeeds(b, "setProjectRateLimit", {"requests": 5000}),
        "loadSandboxDataset": _succeeds(b, "loadSandboxDataset", {"dataset": "default"}),
        "simulateStartProjectBilling": _succeeds(
            b, "simulateStartProjectBilling", {"companyName": "B", "email": "b@b.example"}
        ),
        "generateTestCheck": _succeeds(b, "generateTestCheck", {}),
        "resetSandboxData": _succeeds(b, "resetSandboxData"),
    }


def _card_walk(b: Bank, r: dict[str, Any]) -> dict[str, Call]:
    amount = {"value": "1.00", "currency": EUR}
    card = {"cardId": r["card"]}
    transaction = {"transactionId": r["authorization"]}
    calls = {
        "simulateOutgoingCardAuthorization": (
            {**card, "amount": amount, "merchant": {"name": "Shop"}},
            "CardNotFoundRejection",
        ),
        "simulateOutgoingCardAuthorizationRelease": (transaction, "TransactionNotFoundRejection"),
        "simulateOutgoingCardDebit": (transaction, "TransactionNotFoundRejection"),
        "simulateOutgoingCardCredit": (
            {**card, "amount": amount, "merchantName": "Shop"},
            "CardNotFoundRejection",
        ),
        "simulateOutgoingCardDebitReverse": (transaction, "TransactionNotFoundRejection"),
        "simulateOutgoingCardCreditReverse": (transaction, "TransactionNotFoundRejection"),
        "simulateOutgoingCardDebitWithoutAuthorization": (
            {**card, "amount": amount},
            "CardNotFoundRejection",
        ),
        # Their real unions have no not-found rejection.
        "simulateOutgoingCardAdvice": ({**transaction, "amount": amount}, "ForbiddenRejection"),
        "simulateCardTransactionEnrichment": (transaction, "ForbiddenRejection"),
        "physicalCardReception": (card, "SimulationRejection"),
        "simulateManualProvisioning": (
            {
                **card,
                "cardType": "Virtual",
                "provisioningResponse": "NoOTP",
                "responseChannel": "SMS",
            },
            "SimulationRejection",
        ),
        "simulateInAppProvisioningCompletion": (
            {
                "digitalCardId": r["digital_card"],
                "provisioningResponse": "NoOTP",
                "responseChannel": "SMS",
            },
            "SimulationRejection",
        ),
        "simulateInsuranceSubscriptionEnablement": (card, "BadRequestRejection"),
        "simulateApproveCapitalDepositCase": (
            {"capitalDepositCaseId": r["capital_deposit_case"]},
            "CouldNotFindCapitalDepositCaseRejection",
        ),
        "simulateCapitalDepositDocumentStatus": (
            {"documentId": r["capital_deposit_document"], "documentStatus": "Uploaded"},
            "CouldNotFindCapitalDepositDocumentRejection",
        ),
        "simulatePhysicalCardDelivery": (card, "SimulationRejection"),
        "simulatePhysicalCardRenewalProcess": (
            {**card, "status": "ToRenew"},
            "CardNotFoundRejection",
        ),
    }
    return {
        name: _rejected(b, r, name, input, typename) for name, (input, typename) in calls.items()
    }


def _no_sandbox_user(b: Bank) -> Call:
    def call() -> None:
        body = b.testing.post("{ sandboxUser { id } }")
        assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND", body

    return call


def _user_walk(b: Bank, r: dict[str, Any]) -> dict[str, Call]:
    by_id = '{ sandboxUserById(id: "%s") { id } }' % r["user"]
    return {
        "sandboxUser": _no_sandbox_user(b),  # the second project has none yet
        "sandboxUserById": _query(b, by_id, lambda v: v is None),
        "sandboxUsers": _query(
            b, "{ sandboxUsers { totalCount } }", lambda v: v == {"totalCount": 0}
        ),
        "updateSandboxUser": _rejected(
            b,
            r,
            "updateSandboxUser",
            {**IDENTITY, "id": r["user"]},
            "SandboxUserNotFoundRejection",
        ),
        "deleteSandboxUser": _rejected(
            b, r, "deleteSandboxUser", {"id": r["user"]}, "SandboxUserNotFoundRejection"
        ),
        "endorseSandboxUser": _rejected(
            b, r, "endorseSandboxUser", {"id": r["user"]}, "SandboxUserNotFoundRejection"
        ),
        "createSandboxIdentification": _rejected(
            b,
            r,
            "createSandboxIdentification",
            {"userId": r["user"], "process": "QES", "levels": {"qes": "Valid"}},
            "UserNotFoundRejection",
        ),
        "updateSandboxIdentification": _rejected(
            b,
            r,
            "updateSandboxIdentification",
            {"identificationId": r["identification"], "process": "QES", "levels": {"qes": "Valid"}},
            "SandboxIdentificationNotFoundRejection",
        ),
    }


def _merchant_walk(b: Bank, r: dict[str, Any]) -> dict[str, Call]:
    profile = {"merchantProfileId": r["merchant_profile"]}
    calls = {
        "simulateMerchantProfileRequestOutcome": {**profile, "merchantProfileStatus": "Disabled"},
        "simulateMerchantProfileUpdateRequestOutcome": {
            **profile,
            "requestedUpdateApproved": True,
        },
        "simulateMerchantPaymentMethodRequestOutcome": {
            "merchantPaymentMethodId": r["merchant_method"],
            "merchantPaymentMethodStatus": "Disabled",
        },
        "simulateMerchantPaymentMethodUpdateRequestOutcome": {
            "updateRequestId": r["merchant_method_request"],
            "requestedUpdateApproved": True,
        },
    }
    link = {
        "paymentLinkId": r["card_payment_link"],
        "authorization": {"status": "Authorized"},
        "threeDS": {"status": "Successful"},
        "cardDetails": CUSTOMER_CARD,
    }
    booking = "simulateIncomingOnlineCardBooking"
    return {
        **{
            name: _rejected(b, r, name, input, "NotFoundRejection") for name, input in calls.items()
        },
        "simulateIncomingOnlineCardAuthorization": _rejected(
            b, r, "simulateIncomingOnlineCardAuthorization", link, "NotFoundRejection"
        ),
        booking: _rejected(
            b, r, booking, {"transactionId": r["card_payment"]}, "TransactionNotFoundRejection"
        ),
        # No intent of the project has this secret; no in-person payment has this id.
        "simulateIncomingInPersonCardAuthorization": _rejected(
            b,
            r,
            "simulateIncomingInPersonCardAuthorization",
            {
                "paymentIntentSecret": "secret",
                "authorization": {"status": "Authorized"},
                "cardDetails": {"scheme": "Visa"},
            },
            "NotFoundRejection",
        ),
        "simulateIncomingInPersonCardSettlement": _rejected(
            b,
            r,
            "simulateIncomingInPersonCardSettlement",
            {"merchantPaymentIds": ["mp-1"]},
            "NotFoundRejection",
        ),
    }


def _documents_walk(b: Bank, r: dict[str, Any]) -> dict[str, Call]:
    collection = {"supportingDocumentCollectionId": r["collection"]}
    calls = {
        "updateSupportingDocumentCollectionStatus": (
            {**collection, "status": "Canceled"},
            "SupportingDocumentCollectionNotFoundRejection",
        ),
        "updateSupportingDocumentStatus": (
            {"supportingDocumentId": r["document"], "status": "Uploaded"},
            "SupportingDocumentNotFoundRejection",
        ),
        "requestSupportingDocuments": (
            {**collection, "requiredSupportingDocumentPurposes": ["ProofOfIndividualAddress"]},
            "SupportingDocumentCollectionNotFoundRejection",
        ),
    }
    return {
        name: _rejected(b, r, name, input, typename) for name, (input, typename) in calls.items()
    }


def _payments_walk(b: Bank, r: dict[str, Any]) -> dict[str, Call]:
    """The payments family's simulations named by a transaction id (issue 25)."""
    transaction = {"transactionId": r["incoming"]}
    names = (
        "simulateOutgoingInternationalCreditTransferBooking",
        "simulateOutgoingInternationalCreditTransferRejection",
        "simulateIncomingCheckBooking",
        "simulateIncomingCheckRejection",
        "simulateIncomingCheckReturn",
        "simulateIncomingInternalDirectDebitBooking",
        "simulateIncomingInternalDirectDebitRejection",
    )
    account = {"accountId": r["account"]}
    repayment = {**account, "repaymentId": "x", "status": "Success"}
    return {
        **{
            name: _rejected(b, r, name, transaction, "TransactionNotFoundRejection")
            for name in names
        },
        "simulateRepayment": _rejected(
            b, r, "simulateRepayment", account, "AccountNotFoundRejection"
        ),
        "simulateRepaymentUpdated": _rejected(
            b, r, "simulateRepaymentUpdated", repayment, "AccountNotFoundRejection"
        ),
        "simulateToRepayLoan": _rejected(
            b,
            r,
            "simulateToRepayLoan",
            {"transactionId": r["incoming"], "payoutLabel": "Loan 1"},
            "TransactionNotFoundRejection",
        ),
        "updateAccountVerificationStatus": _rejected(
            b,
            r,
            "updateAccountVerificationStatus",
            {"accountVerificationId": r["account"], "newStatus": "Verified"},
            "ForbiddenRejection",
        ),
        "simulateCreditLimitUpdated": _rejected(
            b,
            r,
            "simulateCreditLimitUpdated",
            {**account, "status": "Accepted"},
            "SimulateCreditLimitUpdatedRejection",
        ),
    }


def _billing_walk(b: Bank, r: dict[str, Any]) -> dict[str, Call]:
    calls = {
        "simulateReleaseReservedBalance": (
            {"transactionId": r["authorization"]},
            "TransactionNotFoundRejection",
        ),
        "simulateInvoiceGeneration": ({"accountId": r["account"]}, "AccountNotFoundRejection"),
        "promoteAccountHolderToProjectOwner": (
            {"accountHolderId": r["holder"]},
            "AccountHolderNotFoundRejection",
        ),
    }
    return {
        name: _rejected(b, r, name, input, typename) for name, (input, typename) in calls.items()
    }


def _own_journal(b: Bank, r: dict[str, Any]) -> Call:
    # Only the second project's own calls (which name the first one's resource ids it
    # was given), none of the first project's.
    def call() -> None:
        entries = b.testing.query(
            "{ simulatorJournal(last: 1000) { endpoint document variables response subject } }"
        )["simulatorJournal"]
        assert entries, "the second project's own calls are journaled"
        # The operator created the second project; every other call is the second project's.
        subjects = {e["subject"] for e in entries if e["endpoint"] != "python:create_project"}
        assert subjects == {f"project {b.project_id}"}, entries
        text = repr(entries)
        assert r["project"] not in text and r["client"] not in text, entries
        # Calls only the first project made.
        assert "createIndividualAccountHolderOnboarding" not in text, entries
        assert "generateSupportingDocumentUploadUrl" not in text, entries

    return call


def _walk(b: Bank, r: dict[str, Any]) -> dict[str, Call]:
    """Each root field, called by the second project `b` on the first one's resources `r`."""

    def rejected(name: str, input: dict[str, Any], typename: str) -> Call:
        return _rejected(b, r, name, input, typename)

    amount = {"value": "1.00", "currency": EUR}
    return {
        **_reads(b),
        **_user_walk(b, r),
        "createSandboxConsent": rejected(
            "createSandboxConsent",
            {"redirectUrl": REDIRECT, "userId": r["user"]},
            "ValidationRejection",
        ),
        "approveSandboxConsent": rejected(
            "approveSandboxConsent", {"consentId": r["consent"]}, "ConsentNotFoundRejection"
        ),
        "refuseSandboxConsent": rejected(
            "refuseSandboxConsent", {"consentId": r["consent"]}, "ConsentNotFoundRejection"
        ),
        "configureWebhookInbox": rejected(
            "configureWebhookInbox",
            {"name": "first-app", "behaviour": "Fail", "clear": True},
            "ValidationRejection",
        ),
        "suspendSandboxAccount": rejected(
            "suspendSandboxAccount", {"accountId": r["account"]}, "AccountNotFoundRejection"
        ),
        "resumeSandboxAccount": rejected(
            "resumeSandboxAccount", {"accountId": r["account"]}, "AccountNotFoundRejection"
        ),
        "updateAccountHolder": rejected(
            "updateAccountHolder",
            {"accountHolderId": r["holder"], "verificationStatus": "Refused"},
            "AccountHolderNotFoundRejection",
        ),
        "createSandboxAccountAdminChange": rejected(
            "createSandboxAccountAdminChange",
            {"accountHolderId": r["holder"]},
            "AccountHolderNotFoundRejection",
        ),
        "simulateManualBankingFee": rejected(
            "simulateManualBankingFee",
            {
                "accountId": r["account"],
                "type": "InactiveAccount",
                "dueAmount": amount,
                "effectiveDate": "2026-01-01T00:00:00.000Z",
            },
            "AccountNotFoundRejection",
        ),
        "simulateIncomingSepaCreditTransferReception": rejected(
            "simulateIncomingSepaCreditTransferReception",
            {
                "creditorIban": r["iban"],
                "creditorName": "X",
                "amount": amount,
                "debtorName": "X",
                "debtorIban": DEBTOR_IBAN,
            },
            "ForbiddenRejection",
        ),
        "simulateOutgoingSepaCreditTransferBooking": rejected(
            "simulateOutgoingSepaCreditTransferBooking",
            {"transactionId": r["incoming"]},
            "TransactionNotFoundRejection",
        ),
        "simulateOutgoingSepaCreditTransferRejection": rejected(
            "simulateOutgoingSepaCreditTransferRejection",
            {"transactionId": r["incoming"], "reasonCode": "AccountClosed"},
            "TransactionNotFoundRejection",
        ),
        **{
            name: rejected(
                name,
                {"transactionId": r["incoming"], "reasonCode": reason},
                "TransactionNotFoundRejection",
            )
            for name, reason in (
                ("simulateIncomingSepaCreditTransferReturn", "NotSpecifiedByBeneficiary"),
                ("simulateIncomingSepaCreditTransferAcceptedRecall", "TransactionDuplicated"),
                ("simulateOutgoingSepaCreditTransferReturn", "NotSpecified"),
                ("simulateOutgoingSepaCreditTransferAcceptedRecall", "NotSpecifiedByOriginator"),
                ("simulateOutgoingSepaDirectDebitCancel", "PaymentUndue"),
                ("simulateOutgoingSepaDirectDebitReject", "NotSpecifiedByPayer"),
                ("simulateOutgoingSepaDirectDebitReturn", "NotSpecifiedByBank"),
                ("simulateOutgoingSepaDirectDebitReverse", "NotSpecifiedByBank"),
                ("simulateIncomingInternationalCreditTransferReturn", "RegulatoryReason"),
                ("simulateIncomingSepaDirectDebitRejection", "AccountClosed"),
                ("simulateIncomingSepaDirectDebitReturn", "AccountClosed"),
                ("simulateOutgoingInternationalCreditTransferReturn", "WrongName"),
                ("simulateIncomingInternalDirectDebitReturn", "RegulatoryReason"),
            )
        },
        **_payments_walk(b, r),
        "simulateIncomingSepaDirectDebitBooking": rejected(
            "simulateIncomingSepaDirectDebitBooking",
            {"transactionId": r["incoming"]},
            "TransactionNotFoundRejection",
        ),
        "updateFundingLimitSettingsChangeRequest": rejected(
            "updateFundingLimitSettingsChangeRequest",
            {"fundingLimitSettingsChangeRequestId": r["change_request"], "status": "Approved"},
            "FundingLimitSettingsChangeRequestNotFoundRejection",
        ),
        # Another project's IBAN is no account of the caller's.
        "simulateOutgoingSepaDirectDebitReception": rejected(
            "simulateOutgoingSepaDirectDebitReception",
            {
                "amount": amount,
                "creditor": {"name": "Utility", "iban": DEBTOR_IBAN, "identifier": "FR12ZZZ1"},
                "debtorIban": r["iban"],
                "executionDate": "2026-01-06T09:00:00.000Z",
                "mandateReference": "M-1",
                "mandateSequence": "OneOff",
                "mandateType": "Core",
            },
            "ForbiddenRejection",
        ),
        "simulateIncomingInternationalCreditTransferReception": rejected(
            "simulateIncomingInternationalCreditTransferReception",
            {
                "amount": amount,
                "creditorIban": r["iban"],
                "creditorName": "Ada",
                "debtorIban": "BR1800360305000010009795493C1",
                "debtorName": "Joao",
            },
            "AccountNotFoundRejection",
        ),
        **_card_walk(b, r),
        **_documents_walk(b, r),
        **_billing_walk(b, r),
        **_merchant_walk(b, r),
        "simulatorJournal": _own_journal(b, r),  # after the calls above, journaled
        **_own_writes(b),  # last: they act, in the second project only
    }


def test_a_second_project_sees_and_changes_nothing_of_the_first(
    sim: Simulator, http: httpx.Client, bank: Bank
) -> None:
    resources = _resources(sim, http, bank)
    other: ProjectCredentials = sim.create_project("sandbox", "Other", [REDIRECT])
    second = Bank(sim, http, other)
    before = _world(sim, bank.project_id)
    assert before["sms_outbox"] and before["webhook_attempts"] and before["inbox"]
    walk = _walk(second, resources)
    assert set(walk) | SHARED == _root_fields(second)  # every root field, by introspection
    for name, call in walk.items():
        call()
        assert _world(sim, bank.project_id) == before, f"{name} changed the first project"
    # The first project still sees its own.
    assert bank.testing.query("{ textMessages { phoneNumber } }")["textMessages"] == [
        {"phoneNumber": PHONE}
    ]
    updated = bank.testing.mutate(
        "updateSandboxUser",
        {**IDENTITY, "id": resources["user"], "firstName": "Mine"},
        "sandboxUser { firstName }",
    )
    assert updated["sandboxUser"] == {"firstName": "Mine"}


def test_users_belong_to_the_project_that_created_or_registered_them(
    sim: Simulator, http: httpx.Client, bank: Bank
) -> None:
    holder = bank.holder()
    rows = sim.sandbox.store.db["users"]
    assert rows.get(holder["user_id"])["project_id"] == bank.project_id
    created = sim.oauth.create_sandbox_user("+33633300000")  # from Python: no project's
    assert rows.get(created["id"])["project_id"] is None
    rejected = bank.testing.mutate("updateSandboxUser", {**IDENTITY, "id": created["id"]})
    assert rejected["__typename"] == "SandboxUserNotFoundRejection"
    # A user registered through the authorization pages belongs to the project of the flow.
    pages = Pages(http, sim.sandbox)
    pages.start(bank.project.client_id)
    pages.post("/oauth2/login/phone", phone_number="+33644400000")
    pages.post("/oauth2/login/code", code=sim.oauth.latest_code("+33644400000"))
    pages.post(
        "/oauth2/login/register", first_name="Ada", last_name="Byron", birth_date="1990-01-01"
    )
    registered = list(rows.rows_where("phone_number = ?", ["+33644400000"]))
    assert [user["project_id"] for user in registered] == [bank.project_id]


def _mutation_fields(b: Bank) -> set[str]:
    schema = b.testing.query("{ __schema { mutationType { fields { name } } } }")["__schema"]
    return {f["name"] for f in schema["mutationType"]["fields"]}


def test_a_user_token_of_another_project_is_refused_on_every_root(
    sim: Simulator, http: httpx.Client, bank: Bank
) -> None:
    """A user access token of a second project walks every Testing API root field: the ones
    the real service keeps from a user (every one but the sandbox-user picker's) are a 403
    before anything runs; the picker's see nothing of the first project; nothing of the first
    project changes."""
    resources = _resources(sim, http, bank)
    other = sim.create_project("sandbox", "Other", [REDIRECT])
    second = Bank(sim, http, other)
    own_user = second.testing.mutate(
        "createSandboxUser",
        {**IDENTITY, "mobilePhoneNumber": "+33611100001"},
        "sandboxUser { id }",
    )["sandboxUser"]["id"]
    token, _ = store_access_token(
        sim.sandbox, project_id=other.project_id, user_id=own_user, scope="openid"
    )
    headers = {"Authorization": f"Bearer {token}"}
    before = _world(sim, bank.project_id)
    roots, mutations = _root_fields(second), _mutation_fields(second)

    def post(query: str, **extra: Any) -> httpx.Response:
        return http.post(
            "/sandbox-testing/graphql", json={"query": query, **extra}, headers=headers
        )

    refused = sorted(roots - USER_TOKEN_FIELDS)
    assert len(refused) > 50 and {"advanceClock", "createSandboxUser"} <= set(refused)
    for name in refused:
        kind = "mutation" if name in mutations else "query"
        for document in (
            f"{kind} {{ {name} }}",  # refused before validation: no arguments needed
            f"{kind} {{ ...F }} fragment F on {kind.title()} {{ {name} }}",
            f"{kind} {{ ... on {kind.title()} {{ a: {name} }} }}",
        ):
            answer = post(document)
            assert answer.status_code == 403, (name, answer.text)
            assert answer.json()["errors"][0]["extensions"]["code"] == "FORBIDDEN"
        assert _world(sim, bank.project_id) == before, f"{name} changed the first project"
    # A refused field beside allowed ones, or in another operation than the one named.
    assert post("{ sandboxUsers { totalCount } webhookRetryPolicies { name } }").status_code == 403
    two = "query A { sandboxUsers { totalCount } } mutation B { advanceClock(seconds: 1) { now } }"
    assert post(two, operationName="B").status_code == 403
    assert post(two).status_code == 403  # no operation named: refused, not guessed

    # The picker's operations: scoped to the token's project.
    users = post("{ sandboxUsers { edges { node { id } } } }").json()["data"]["sandboxUsers"]
    ids = {edge["node"]["id"] for edge in users["edges"]}
    assert resources["user"] not in ids and own_user in ids
    by_id = '{ sandboxUserById(id: "%s") { id } }' % resources["user"]
    assert post(by_id).json()["data"] == {"sandboxUserById": None}
    current = post("{ sandboxUser { id } }").json()
    assert resources["user"] not in str(current)
    endorse = (
        'mutation { endorseSandboxUser(input: {id: "%s"}) { __typename } }' % resources["user"]
    )
    assert post(endorse).json()["data"]["endorseSandboxUser"] == {
        "__typename": "SandboxUserNotFoundRejection"
    }
    assert _world(sim, bank.project_id) == before

"""Mutation success payloads complete under every selection, continued: onboardings and their
documents, renewals and admin changes, merchants, capital deposits, exports and webhooks,
the Testing API's own controls, and last the project-wide ones (tests/payload_walk.py;
the coverage is counted in tests/test_complete_payloads.py).
"""

from __future__ import annotations

from simulator.domain.onboarding import verification_renewals
from tests.payload_walk import (
    ADDRESS,
    ADMIN,
    DEBTOR_IBAN,
    EUR,
    EXPORTS,
    REDIRECT,
    Walker,
    _consent,
    _method,
    _money,
    walker,
)

__all__ = ["walker"]


def test_onboarding_payloads(walker: Walker) -> None:
    bank, w = walker.bank, walker
    individual = w.partner(
        "createIndividualAccountHolderOnboarding",
        {
            "accountInfo": {"country": "FRA", "name": "Main"},
            "accountAdmin": {"email": "ada@example.com", "firstName": "Ada"},
        },
    )["onboarding"]
    w.partner(
        "updateIndividualAccountHolderOnboarding",
        {"onboardingId": individual["id"], "accountAdmin": {"lastName": "Lovelace"}},
    )
    collection = individual["supportingDocumentCollection"]["id"]
    _documents(walker, collection)
    w.partner("finalizeAccountHolderOnboarding", {"onboardingId": individual["id"]})
    company = w.partner(
        "createCompanyAccountHolderOnboarding",
        {"accountInfo": {"country": "DEU"}, "accountAdmin": ADMIN, "company": {"name": "Acme"}},
    )["onboarding"]
    w.partner(
        "updateCompanyAccountHolderOnboarding",
        {"onboardingId": company["id"], "company": {"registrationNumber": "HRB 1234"}},
    )
    w.partner("finalizeAccountHolderOnboarding", {"onboardingId": company["id"]})
    public = w.partner(
        "createPublicIndividualAccountHolderOnboarding",
        {"projectId": bank.project_id, "accountInfo": {"country": "FRA"}, "accountAdmin": {}},
    )["onboarding"]
    w.partner(
        "updatePublicIndividualAccountHolderOnboarding",
        {"onboardingId": public["id"], "accountAdmin": {"firstName": "Ada"}},
    )
    public_company = w.partner(
        "createPublicCompanyAccountHolderOnboarding",
        {
            "projectId": bank.project_id,
            "accountInfo": {"country": "FRA"},
            "accountAdmin": {},
            "company": {},
        },
    )["onboarding"]
    w.partner(
        "updatePublicCompanyAccountHolderOnboarding",
        {"onboardingId": public_company["id"], "company": {"name": "Acme"}},
    )
    _legacy_onboardings(walker)
    _renewals_and_admin_changes(walker)


def _documents(walker: Walker, collection: str) -> None:
    w = walker
    made = w.partner(
        "generateSupportingDocumentUploadUrl",
        {
            "supportingDocumentCollectionId": collection,
            "filename": "id.pdf",
            "supportingDocumentPurpose": "ProofOfIdentity",
        },
    )
    document = made["supportingDocumentId"]
    w.partner(
        "updateSupportingDocument",
        {
            "supportingDocumentId": document,
            "supportingDocumentPurpose": "ProofOfIdentity",
            "supportingDocumentType": "NationalIdCard",
        },
    )
    w.testing(
        "updateSupportingDocumentStatus", {"supportingDocumentId": document, "status": "Uploaded"}
    )
    w.testing(
        "requestSupportingDocuments",
        {
            "supportingDocumentCollectionId": collection,
            "requiredSupportingDocumentPurposes": ["ProofOfIndividualAddress"],
        },
    )
    spare = w.partner(
        "generateSupportingDocumentUploadUrl",
        {
            "supportingDocumentCollectionId": collection,
            "filename": "address.pdf",
            "supportingDocumentPurpose": "ProofOfIndividualAddress",
        },
    )["supportingDocumentId"]
    w.partner("deleteSupportingDocument", {"id": spare})
    again = w.partner(
        "generateSupportingDocumentUploadUrl",
        {
            "supportingDocumentCollectionId": collection,
            "filename": "address.pdf",
            "supportingDocumentPurpose": "ProofOfIndividualAddress",
        },
    )["supportingDocumentId"]
    w.testing(
        "updateSupportingDocumentStatus", {"supportingDocumentId": again, "status": "Uploaded"}
    )
    w.partner(
        "requestSupportingDocumentCollectionReview", {"supportingDocumentCollectionId": collection}
    )
    w.testing(
        "updateSupportingDocumentStatus", {"supportingDocumentId": document, "status": "Validated"}
    )
    w.testing(
        "updateSupportingDocumentCollectionStatus",
        {"supportingDocumentCollectionId": collection, "status": "Approved"},
    )


def _legacy_onboardings(walker: Walker) -> None:
    w = walker
    address = {
        "addressLine1": "1 Unter den Linden",
        "city": "Berlin",
        "postalCode": "10117",
        "country": "DEU",
    }
    legacy = w.partner(
        "onboardIndividualAccountHolder",
        {
            "accountCountry": "DEU",
            "accountName": "Main",
            "email": "ada@example.com",
            "language": "de",
            "employmentStatus": "Employee",
            "monthlyIncome": "Between3000And4500",
            "residencyAddress": address,
        },
    )["onboarding"]
    w.partner(
        "updateIndividualOnboarding", {"onboardingId": legacy["id"], "accountName": "Renamed"}
    )
    # The deprecated finalization is the signed-in user's (a user token).
    user = walker.bank.holder("Grace", "Hopper")["user_id"]
    w.as_user(user, "finalizeOnboarding", {"onboardingId": legacy["id"]})
    legacy_company = w.partner(
        "onboardCompanyAccountHolder",
        {
            "email": "g@example.com",
            "name": "Acme",
            "accountCountry": "FRA",
            "representatives": [
                {"type": "Individual", "firstName": "Grace", "lastName": "Hopper", "roles": ["CEO"]}
            ],
        },
    )["onboarding"]
    w.partner(
        "updateCompanyOnboarding",
        {"onboardingId": legacy_company["id"], "registrationNumber": "RCS 1"},
    )


def _renewals_and_admin_changes(walker: Walker) -> None:
    bank, w = walker.bank, walker
    person = bank.holder()["holder_id"]
    renewal = verification_renewals.start(
        bank.env, bank.project_id, person, ("AccountHolderDetailsRequired",)
    )
    w.partner(
        "updateIndividualVerificationRenewal",
        {
            "verificationRenewalId": renewal["id"],
            "accountAdmin": {"monthlyIncome": "MoreThan4500", "residencyAddress": ADDRESS},
        },
    )
    w.partner("finalizeVerificationRenewal", {"verificationRenewalId": renewal["id"]})
    firm = bank.holder(holder_type="Company", company_name="Acme SAS")["holder_id"]
    renewal = verification_renewals.start(bank.env, bank.project_id, firm)
    w.partner(
        "updateCompanyVerificationRenewal",
        {
            "verificationRenewalId": renewal["id"],
            "accountAdmin": {"email": "ada@example.com", "birthInfo": {"birthDate": "1815-12-10"}},
            "company": {"businessActivityDescription": "Engines", "residencyAddress": ADDRESS},
        },
    )
    opened = w.testing("createSandboxAccountAdminChange", {"accountHolderId": firm})
    change = opened["accountAdminChangeId"]
    w.partner(
        "publicUpdateAccountAdminChange",
        {
            "id": change,
            "reason": "AppointedByBoardDecision",
            "isNewAdminLegalRepresentative": True,
            "isRequesterNewAdmin": True,
            "admin": {
                **ADMIN,
                "phoneNumber": "+33612345678",
                "birthCountry": "USA",
                "birthDate": "1906-12-09",
            },
        },
    )
    for purpose in ("LegalRepresentativeProofOfIdentity", "AdministratorDecisionOfAppointment"):
        made = w.partner(
            "generateSupportingDocumentUploadUrl",
            {
                "supportingDocumentCollectionId": opened["supportingDocumentCollection"]["id"],
                "supportingDocumentPurpose": purpose,
                "filename": f"{purpose}.pdf",
            },
        )
        bank.testing.mutate(
            "updateSupportingDocumentStatus",
            {"supportingDocumentId": made["supportingDocumentId"], "status": "Uploaded"},
        )
    w.partner("publicFinalizeAccountAdminChange", accountAdminChangeId=change)


def test_merchant_payloads(walker: Walker) -> None:
    bank, w = walker.bank, walker
    company = bank.holder(holder_type="Company", company_name="Acme")
    bank.fund(company["account_id"], "500.00")
    profile = w.partner(
        "requestMerchantProfile",
        {
            "accountId": company["account_id"],
            "merchantName": "Paper Goods",
            "productType": "Goods",
            "expectedAverageBasket": {"value": "50", "currency": EUR},
            "expectedMonthlyPaymentVolume": {"value": "3000", "currency": EUR},
        },
    )["merchantProfile"]["id"]
    w.testing(
        "simulateMerchantProfileRequestOutcome",
        {"merchantProfileId": profile, "merchantProfileStatus": "Enabled"},
    )
    w.partner("requestMerchantProfileUpdate", {"merchantProfileId": profile, "merchantName": "B"})
    w.testing(
        "simulateMerchantProfileUpdateRequestOutcome",
        {"merchantProfileId": profile, "requestedUpdateApproved": True},
    )
    second = w.partner(
        "requestMerchantProfileUpdate", {"merchantProfileId": profile, "merchantName": "C"}
    )
    w.partner(
        "cancelMerchantProfileUpdateRequest",
        {"requestUpdateId": second["requestMerchantProfileUpdate"]["id"]},
    )
    sepa = _method(walker, profile, sepaDirectDebitCore={"useSwanSepaCreditorIdentifier": True})
    update = {
        "paymentMethodId": sepa,
        "sepaDirectDebit": {
            "useSwanSepaCreditorIdentifier": False,
            "sepaCreditorIdentifier": "FR12ZZZ123456",
        },
    }
    request = w.partner("requestMerchantPaymentMethodsUpdate", update)["requestId"]
    w.testing(
        "simulateMerchantPaymentMethodUpdateRequestOutcome",
        {"updateRequestId": request, "requestedUpdateApproved": True},
    )
    request = w.partner("requestMerchantPaymentMethodsUpdate", update)["requestId"]
    w.partner("cancelMerchantPaymentMethodUpdateRequest", {"requestUpdateId": request})
    mandate = w.partner(
        "addSepaDirectDebitPaymentMandate",
        {
            "paymentMethodId": sepa,
            "sequence": "Recurrent",
            "signatureDate": "2026-01-05",
            "language": "fr",
            "debtor": {
                "name": "Grace Hopper",
                "IBAN": DEBTOR_IBAN,
                "address": {"addressLine1": "1 rue de la Paix", "city": "Paris", "country": "FRA"},
            },
        },
    )["paymentMandate"]["id"]
    paid = w.partner(
        "initiateSepaDirectDebitMerchantPayment", {"mandateId": mandate, "amount": _money("30.00")}
    )
    w.partner("cancelMerchantPayment", {"merchantPaymentId": paid["merchantPayment"]["id"]})
    w.partner(
        "initiateMerchantPaymentCollection",
        {
            "amount": _money("30.00"),
            "idempotencyKey": "c1",
            "sepaDirectDebit": {"mandateId": mandate},
        },
    )
    _card_and_check_payments(walker, profile)
    _internal_direct_debits(walker, profile)
    w.partner("disableMerchantPaymentMethod", {"merchantPaymentMethodId": sepa})
    w.partner("disableMerchantProfile", {"merchantProfileId": profile})


def _card_and_check_payments(walker: Walker, profile: str) -> None:
    w = walker
    card = _method(walker, profile, card={})
    link = w.partner(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile,
            "amount": _money("42.50"),
            "paymentMethodIds": [card],
            "label": "Order 7",
            "customer": {"name": "Grace Hopper"},
        },
    )["merchantPaymentLink"]["id"]
    details = {"category": "Consumer", "country": "FRA", "scheme": "Visa", "type": "Debit"}
    paid = w.testing(
        "simulateIncomingOnlineCardAuthorization",
        {
            "paymentLinkId": link,
            "authorization": {"status": "Authorized"},
            "threeDS": {"status": "Successful"},
            "cardDetails": details,
        },
    )
    w.testing("simulateIncomingOnlineCardBooking", {"transactionId": paid["paymentId"]})
    other = w.partner(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile,
            "amount": _money("12.50"),
            "paymentMethodIds": [card],
            "label": "Order 8",
        },
    )["merchantPaymentLink"]["id"]
    old = w.testing(
        "simulateIncomingCardAuthorization",
        {
            "paymentLinkId": other,
            "authorization": {"status": "Authorized"},
            "threeDS": {"status": "Successful"},
            "cardDetails": details,
        },
    )
    w.testing("simulateIncomingCardBooking", {"transactionId": old["paymentId"]})
    _method(walker, profile, inPersonCard={})
    w.partner("requestTerminalConnectionToken", {"merchantProfileId": profile})
    intent = w.partner(
        "createInPersonPaymentIntent",
        {"merchantProfileId": profile, "amount": _money("9.90"), "idempotencyKey": "k1"},
    )["paymentIntent"]
    w.testing(
        "simulateIncomingInPersonCardAuthorization",
        {
            "paymentIntentSecret": intent["secret"],
            "authorization": {"status": "Authorized"},
            "cardDetails": {"scheme": "Visa"},
        },
    )
    payment = walker.bank.env.store.db.execute(
        "SELECT id FROM merchant_payments WHERE kind = 'InPersonCard' AND merchant_profile_id = ?",
        [profile],
    ).fetchone()[0]
    w.testing("simulateIncomingInPersonCardSettlement", {"merchantPaymentIds": [payment]})
    _method(walker, profile, check={})
    check = w.testing("generateTestCheck", {})
    made = w.partner(
        "initiateCheckMerchantPayment",
        {
            "merchantProfileId": profile,
            "amount": _money("80.00"),
            "cmc7": check["cmc7"],
            "rlmcKey": check["rlmcKey"],
            "label": "Check 1",
        },
    )
    # The one field left out of the walk: a clear NOT_FOUND, the rest of the payment shown.
    shown = walker.bank.api.post(
        "query($id: ID!) { merchantPayment(id: $id) { id ... on CheckMerchantPayment {"
        " paymentMandate { id } } } }",
        {"id": made["checkMerchantPayment"]["id"]},
    )
    [error] = shown["errors"]
    assert error["extensions"]["code"] == "NOT_FOUND", shown


def _internal_direct_debits(walker: Walker, profile: str) -> None:
    bank, w = walker.bank, walker
    method = _method(walker, profile, internalDirectDebitB2B={"activate": True})
    debtor = bank.holder(holder_type="Company", company_name="Debtor SAS")["account_id"]
    bank.fund(debtor, "300.00")
    mandate = w.partner(
        "addInternalDirectDebitPaymentMandate",
        {"paymentMethodId": method, "debtorAccountId": debtor},
    )["paymentMandate"]["id"]
    registered = w.partner(
        "addReceivedInternalDirectDebitB2bMandate",
        {"paymentMandateId": mandate, "consentRedirectUrl": REDIRECT, "name": "Supplies"},
    )["receivedDirectDebitMandate"]
    bank.approve(_consent({"m": registered}, "m"))
    collected = w.partner(
        "initiateMerchantPaymentCollection",
        {
            "amount": _money("30.00"),
            "idempotencyKey": "c2",
            "internalDirectDebit": {"mandateId": mandate},
        },
    )
    credit = collected["merchantPaymentCollection"]["transactions"]["edges"][0]["node"]["id"]
    w.testing("simulateIncomingInternalDirectDebitBooking", {"transactionId": credit})
    refused = w.partner(
        "initiateMerchantPaymentCollection",
        {
            "amount": _money("10.00"),
            "idempotencyKey": "c3",
            "internalDirectDebit": {"mandateId": mandate},
        },
    )["merchantPaymentCollection"]["transactions"]["edges"][0]["node"]["id"]
    w.testing(
        "simulateIncomingInternalDirectDebitRejection",
        {"transactionId": refused, "reasonCode": "AccountClosed"},
    )
    w.testing(
        "simulateIncomingInternalDirectDebitReturn",
        {"transactionId": credit, "reasonCode": "RefundRequestedByDebtor"},
    )


def test_capital_deposit_payloads(walker: Walker) -> None:
    w = walker
    shareholder = {
        "firstName": "Ada",
        "lastName": "Founder",
        "birthDate": "1990-04-21",
        "nationality": "FRA",
        "capitalDepositAmount": _money("1000.00"),
        "onboardingInfo": {"email": "ada@example.com", "accountCountry": "FRA"},
    }
    case = w.partner(
        "createCapitalDepositCase",
        {
            "companyName": "Paper SAS",
            "onboardingCapitalDepositCompany": {"name": "Paper SAS", "email": "ceo@paper.fr"},
            "individualShareholders": [shareholder],
            "companyShareholders": [],
        },
    )["capitalDepositCase"]
    w.partner(
        "updateCapitalDepositCaseCompany",
        {
            "capitalDepositCaseId": case["id"],
            "companyName": "Paper & Ink SAS",
            "residencyAddress": {"addressLine1": "1 rue X", "city": "Paris", "country": "FRA"},
        },
    )
    w.partner(
        "updateCapitalDepositShareholderAmount",
        {"shareholderId": case["shareholders"][0]["id"], "shareholderAmount": _money("900.00")},
    )
    document = case["documents"][0]["id"]
    w.partner(
        "generateCapitalDepositDocumentUploadUrl",
        {"capitalDepositCaseId": case["id"], "documentId": document, "filename": "doc.pdf"},
    )
    w.testing(
        "simulateCapitalDepositDocumentStatus",
        {"documentId": document, "documentStatus": "Uploaded"},
    )
    w.testing(
        "simulateCapitalDepositDocumentStatus",
        {
            "documentId": document,
            "documentStatus": "Refused",
            "documentRefusalReasonCode": "ExpiredDocument",
        },
    )
    for each in case["documents"]:
        w.testing(
            "simulateCapitalDepositDocumentStatus",
            {"documentId": each["id"], "documentStatus": "Uploaded"},
        )
    w.testing("simulateApproveCapitalDepositCase", {"capitalDepositCaseId": case["id"]})
    other = w.partner(
        "createCapitalDepositCase",
        {
            "companyName": "Other SAS",
            "onboardingCapitalDepositCompany": {"name": "Other SAS"},
            "individualShareholders": [shareholder],
            "companyShareholders": [],
        },
    )["capitalDepositCase"]
    w.partner("cancelCapitalDepositCase", {"id": other["id"]})


def test_export_and_webhook_payloads(walker: Walker) -> None:
    bank, w = walker.bank, walker
    exported = []
    for name in EXPORTS:
        exported.append(w.partner(name, {"filters": {}})["exportId"])
        bank.sim.advance("1m")  # done: at most three run at once
    w.partner("generateExportDownloadLink", {"exportId": exported[0]})
    w.partner("deleteExportFile", {"exportId": exported[0]})
    w.testing("configureWebhookInbox", {"name": "hooks", "behaviour": "Succeed"})
    subscription = w.partner(
        "addWebhookSubscription",
        {
            "label": "Orders",
            "endpoint": "inbox://hooks",
            "eventTypes": ["Account.Created"],
            "status": "Enabled",
            "secret": "s3cret",
        },
    )["webhookSubscription"]
    w.partner(
        "updateWebhookSubscription",
        {
            "id": subscription["id"],
            "label": "Renamed",
            "endpoint": "inbox://hooks",
            "eventTypes": ["Account.Created"],
            "status": "Enabled",
        },
    )
    w.partner("probeWebhookEndpoint", {"endpoint": "inbox://hooks", "secret": "probe"})
    bank.holder("Alan", "Turing")  # an Account.Created event, sent to the inbox
    event = bank.sim.webhooks.events(bank.project)[-1]["id"]
    w.partner("replayWebhookEvent", {"webhookEventId": event, "subscriptionId": subscription["id"]})
    w.partner("removeWebhookSubscription", {"webhookSubscriptionId": subscription["id"]})
    w.testing("setWebhookRetryPolicy", {"name": "every-30s"})
    w.testing("setProjectRateLimit", {"requests": 5000})


def test_testing_api_payloads(walker: Walker) -> None:
    w = walker
    user = w.testing(
        "createSandboxUser",
        {
            "firstName": "Eve",
            "lastName": "Smith",
            "birthDate": "1990-01-01",
            "nationalityCCA3": "FRA",
            "autoConsent": True,
            "mobilePhoneNumber": "+33611100000",
        },
    )["sandboxUser"]["id"]
    w.testing(
        "updateSandboxUser",
        {
            "id": user,
            "firstName": "Eva",
            "lastName": "Smith",
            "autoConsent": True,
            "birthDate": "1990-01-01",
            "nationalityCCA3": "FRA",
        },
    )
    w.testing("endorseSandboxUser", {"id": user})
    identification = w.testing(
        "createSandboxIdentification",
        {"userId": user, "process": "Expert", "levels": {"expert": "Valid"}},
    )["sandboxIdentification"]["id"]
    w.testing(
        "updateSandboxIdentification",
        {"identificationId": identification, "process": "QES", "levels": {"qes": "Valid"}},
    )
    w.testing("createSandboxAccountHolder", {"firstName": "Bea", "lastName": "Coder"})
    spare = w.testing(
        "createSandboxUser",
        {
            "firstName": "Tim",
            "lastName": "Spare",
            "birthDate": "1990-01-01",
            "nationalityCCA3": "FRA",
            "autoConsent": True,
        },
    )["sandboxUser"]["id"]
    w.testing("deleteSandboxUser", {"id": spare})
    w.testing("advanceClock", {"duration": "1h"})
    w.testing("freezeClock")
    w.testing("resumeClock")
    w.testing("freezeClock")


def test_project_wide_payloads_last(walker: Walker) -> None:
    """Last: they change the whole project (its data, its clock)."""
    w = walker
    w.testing("setClock", {"to": "2026-03-01T00:00:00.000Z"})
    w.testing("loadSandboxDataset", {"dataset": "default"})
    w.testing("resetSandboxData")

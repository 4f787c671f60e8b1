"""Account admin changes through the real HTTP app: the bank opens one (the Testing API's
simulator-only `createSandboxAccountAdminChange`), the requester fills it in
(`publicUpdateAccountAdminChange`), sends the documents and finalizes it
(`publicFinalizeAccountAdminChange`); the review of its collection decides. Also what a
supporting document collection says it is about (`accountHolder`, `relatedInfo`...)."""

from __future__ import annotations

from typing import Any

from simulator.domain.onboarding import verification_renewals

from .banking_support import REDIRECT, Bank

CHANGE = """query($id: ID!) { publicAccountAdminChange(accountAdminChangeId: $id) {
  __typename
  ... on AccountAdminChangeBase { id status }
  ... on AccountAdminChange { reason isNewAdminLegalRepresentative isRequesterNewAdmin
    admin { firstName lastName email phoneNumber birthCountry birthDate }
    requester { firstName lastName email phoneNumber }
    accountHolder { name accounts { name } projectInfo { name accentColor logoUri } }
    supportingDocumentCollection { id type statusInfo { status }
      requiredSupportingDocumentPurposes { name }
      accountHolder { id name } relatedInfo { __typename type } } }
} }"""
OPEN = """mutation($input: CreateSandboxAccountAdminChangeInput!) {
  createSandboxAccountAdminChange(input: $input) { __typename
    ... on CreateSandboxAccountAdminChangeSuccessPayload { accountAdminChangeId status
      supportingDocumentCollection { id } }
    ... on Rejection { message } } }"""
FINALIZE = """mutation($id: ID!) { publicFinalizeAccountAdminChange(accountAdminChangeId: $id) {
  __typename ... on PublicFinalizeAccountAdminChangeSuccessPayload { success }
  ... on Rejection { message } } }"""
UPLOAD = """mutation($input: GenerateSupportingDocumentUploadUrlInput!) {
  generateSupportingDocumentUploadUrl(input: $input) { __typename
    ... on GenerateSupportingDocumentUploadUrlSuccessPayload { supportingDocumentId } } }"""
ADMIN = {
    "firstName": "Grace",
    "lastName": "Hopper",
    "email": "grace@example.com",
    "phoneNumber": "+33612345678",
    "birthCountry": "USA",
    "birthDate": "1906-12-09",
}
ANSWER = {
    "reason": "AppointedByBoardDecision",
    "isNewAdminLegalRepresentative": True,
    "isRequesterNewAdmin": True,
    "admin": ADMIN,
}


def open_change(bank: Bank, holder_id: str) -> dict[str, Any]:
    data = bank.testing.query(OPEN, {"input": {"accountHolderId": holder_id}})
    opened: dict[str, Any] = data["createSandboxAccountAdminChange"]
    return opened


def read(bank: Bank, change_id: str) -> Any:
    return bank.api.query(CHANGE, {"id": change_id})["publicAccountAdminChange"]


def finalize(bank: Bank, change_id: str) -> Any:
    return bank.api.query(FINALIZE, {"id": change_id})["publicFinalizeAccountAdminChange"]


def upload_all(bank: Bank, collection_id: str) -> None:
    for purpose in ("LegalRepresentativeProofOfIdentity", "AdministratorDecisionOfAppointment"):
        input = {
            "supportingDocumentCollectionId": collection_id,
            "supportingDocumentPurpose": purpose,
            "filename": f"{purpose}.pdf",
        }
        made = bank.api.query(UPLOAD, {"input": input})["generateSupportingDocumentUploadUrl"]
        bank.testing.mutate(
            "updateSupportingDocumentStatus",
            {"supportingDocumentId": made["supportingDocumentId"], "status": "Uploaded"},
        )


def company(bank: Bank) -> str:
    holder_id: str = bank.holder(holder_type="Company", company_name="Acme SAS")["holder_id"]
    return holder_id


def test_an_admin_change_is_filled_in_finalized_and_verified(bank: Bank) -> None:
    holder = company(bank)
    opened = open_change(bank, holder)
    assert opened["status"] == "Ongoing"
    change_id = opened["accountAdminChangeId"]
    shown = read(bank, change_id)
    assert shown["__typename"] == "AccountAdminChange" and shown["admin"] is None
    assert shown["accountHolder"]["name"] == "Acme SAS"
    assert shown["accountHolder"]["accounts"] and shown["accountHolder"]["projectInfo"]["name"]
    collection = shown["supportingDocumentCollection"]
    assert collection["type"] == "AccountAdminChange"
    assert collection["accountHolder"] == {"id": holder, "name": "Acme SAS"}
    assert collection["relatedInfo"]["__typename"] == (
        "SupportingDocumentCollectionAccountAdminChangeRelatedInfo"
    )
    assert {p["name"] for p in collection["requiredSupportingDocumentPurposes"]} == {
        "LegalRepresentativeProofOfIdentity",
        "AdministratorDecisionOfAppointment",
    }
    assert finalize(bank, change_id)["__typename"] == (
        "AccountAdminChangeMissingInformationRejection"
    )
    updated = bank.api.mutate(
        "publicUpdateAccountAdminChange",
        {"id": change_id, **ANSWER},
        "accountAdminChange { id status admin { firstName birthDate } }",
    )
    assert updated["accountAdminChange"]["admin"] == {
        "firstName": "Grace",
        "birthDate": "1906-12-09",
    }
    missing = finalize(bank, change_id)
    assert missing["__typename"] == "AccountAdminChangeMissingDocumentsRejection"
    assert "AdministratorDecisionOfAppointment" in missing["message"]
    upload_all(bank, collection["id"])
    assert finalize(bank, change_id) == {
        "__typename": "PublicFinalizeAccountAdminChangeSuccessPayload",
        "success": True,
    }
    pending = read(bank, change_id)
    assert pending == {
        "__typename": "NonOngoingAccountAdminChange",
        "id": change_id,
        "status": "Pending",
    }
    late = bank.api.mutate("publicUpdateAccountAdminChange", {"id": change_id, "reason": "Other"})
    assert late["__typename"] == "AccountAdminChangeStatusNotEligibleRejection"
    bank.testing.mutate(
        "updateSupportingDocumentCollectionStatus",
        {"supportingDocumentCollectionId": collection["id"], "status": "Approved"},
    )
    assert read(bank, change_id)["status"] == "Verified"
    assert "AccountHolder.Updated" in bank.events(holder)


def test_bad_details_are_rejected_and_change_nothing(bank: Bank) -> None:
    change_id = open_change(bank, company(bank))["accountAdminChangeId"]
    before = bank.row("account_admin_changes", change_id)
    bad = {
        "id": change_id,
        "reason": "Other",
        "admin": {"email": "not-an-email", "birthDate": "1906-13-40", "birthCountry": "XX"},
        "requester": {"phoneNumber": "12"},
    }
    rejected = bank.api.mutate("publicUpdateAccountAdminChange", bad)
    assert rejected["__typename"] == "ValidationRejection"
    assert sorted(tuple(f["path"]) for f in rejected["fields"]) == [
        ("input", "admin", "birthCountry"),
        ("input", "admin", "birthDate"),
        ("input", "admin", "email"),
        ("input", "requester", "phoneNumber"),
    ]
    assert bank.row("account_admin_changes", change_id) == before


def test_a_requester_other_than_the_new_admin_must_say_who_they_are(bank: Bank) -> None:
    change_id = open_change(bank, company(bank))["accountAdminChangeId"]
    answer = {"id": change_id, **ANSWER, "isRequesterNewAdmin": False}
    bank.api.mutate("publicUpdateAccountAdminChange", answer)
    missing = finalize(bank, change_id)
    assert missing["__typename"] == "AccountAdminChangeMissingInformationRejection"
    assert "requester.email" in missing["message"]


def test_an_unfinalized_change_expires_with_virtual_time(bank: Bank) -> None:
    change_id = open_change(bank, company(bank))["accountAdminChangeId"]
    bank.sim.advance("31d")
    assert read(bank, change_id) == {
        "__typename": "NonOngoingAccountAdminChange",
        "id": change_id,
        "status": "Expired",
    }
    assert finalize(bank, change_id)["__typename"] == "AccountAdminChangeStatusNotEligibleRejection"


def test_only_a_company_of_the_project_changes_its_admin(bank: Bank) -> None:
    individual = bank.holder()["holder_id"]
    assert open_change(bank, individual)["__typename"] == "ValidationRejection"
    assert open_change(bank, "nope")["__typename"] == "AccountHolderNotFoundRejection"
    assert bank.sim.sandbox.store.db["account_admin_changes"].count == 0


def test_another_project_sees_no_admin_change(bank: Bank) -> None:
    change_id = open_change(bank, company(bank))["accountAdminChangeId"]
    before = bank.row("account_admin_changes", change_id)
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    assert read(other, change_id) is None
    theirs = other.api.mutate("publicUpdateAccountAdminChange", {"id": change_id, **ANSWER})
    assert theirs["__typename"] == "AccountAdminChangeNotFoundRejection"
    assert finalize(other, change_id)["__typename"] == "AccountAdminChangeNotFoundRejection"
    assert open_change(other, before["account_holder_id"])["__typename"] == (
        "AccountHolderNotFoundRejection"
    )
    assert bank.row("account_admin_changes", change_id) == before


LINKS = """query($id: ID!) { supportingDocumentCollection(id: $id) {
  type verificationRenewalId accountHolder { id name } onboarding { id } transaction { id }
  projectInfo { id } relatedInfo { __typename type } } }"""


def test_a_renewal_collection_names_its_renewal_and_holder(bank: Bank) -> None:
    holder = bank.holder()["holder_id"]
    renewal = verification_renewals.start(
        bank.env, bank.project_id, holder, ("SupportingDocumentsRequired",)
    )
    links = bank.api.query(LINKS, {"id": renewal["collection_id"]})["supportingDocumentCollection"]
    assert links == {
        "type": "AccountHolderVerificationRenewal",
        "verificationRenewalId": renewal["id"],
        "accountHolder": {"id": holder, "name": "Ada Lovelace"},
        "onboarding": {"id": None},
        "transaction": {"id": None},
        "projectInfo": {"id": bank.project_id},
        "relatedInfo": {
            "__typename": "SupportingDocumentCollectionAccountHolderVerificationRenewalRelatedInfo",
            "type": "AccountHolderVerificationRenewal",
        },
    }


HOLDER = """query($id: ID!) { accountHolder(id: $id) {
  riskInfo { amlRiskLevel amlScore dueDiligenceLevel }
  onboarding { id } accountHolderOnboarding { ... on AccountHolderOnboardingBase { id } }
  externalAccounts(first: 5) { totalCount edges { node { IBAN } } } } }"""


def test_a_holder_shows_its_risk_reading_and_external_accounts(bank: Bank) -> None:
    holder = bank.holder()["holder_id"]
    shown = bank.api.query(HOLDER, {"id": holder})["accountHolder"]
    assert shown["riskInfo"] == {
        "amlRiskLevel": "Low",
        "amlScore": None,
        "dueDiligenceLevel": "Common",
    }
    assert shown["externalAccounts"]["totalCount"] == 0
    # Made without an onboarding: there is none to show.
    assert shown["onboarding"] is None and shown["accountHolderOnboarding"] is None
    flagged = {
        "accountHolderId": holder,
        "hasAdverseMedia": False,
        "hasFrozenAssets": False,
        "isPoliticallyExposed": True,
    }
    bank.api.mutate("updateAccountHolderRiskInfo", flagged)
    external = {
        "accountHolderId": holder,
        "externalId": "ext-1",
        "IBAN": "DE89370400440532013000",
        "BIC": "COBADEFFXXX",
        "holderName": "Ada Lovelace",
        "cashAccountType": "Current",
        "country": "DEU",
        "currency": "EUR",
        "usage": "Private",
        "source": "aggregator",
        "originalCreatedAt": "2024-01-01T00:00:00.000Z",
    }
    assert bank.api.mutate("addExternalAccount", external)["__typename"] == (
        "AddExternalAccountSuccessPayload"
    )
    again = bank.api.query(HOLDER, {"id": holder})["accountHolder"]
    assert again["riskInfo"]["amlRiskLevel"] == "High"
    assert again["riskInfo"]["dueDiligenceLevel"] == "Enhanced"
    assert again["externalAccounts"]["edges"][0]["node"]["IBAN"] == "DE89370400440532013000"


HOLDERS = """query($filters: AccountHolderFilterInput) {
  accountHolders(filters: $filters) { edges { node { id } } } }"""


def test_holders_filter_by_names_birth_date_and_registration(bank: Bank) -> None:
    ada = bank.holder()["holder_id"]
    alan = bank.holder("Alan", "Turing")["holder_id"]
    db = bank.sim.sandbox.store.db
    db.execute("UPDATE account_holders SET registration_number = '552100554' WHERE id = ?", [alan])
    db.execute(
        "UPDATE users SET birth_date = '1912-06-23' WHERE id IN (SELECT m.user_id FROM "
        "account_memberships m JOIN accounts a ON a.id = m.account_id WHERE a.holder_id = ?)",
        [alan],
    )

    def found(**filters: Any) -> list[str]:
        edges = bank.api.query(HOLDERS, {"filters": filters})["accountHolders"]["edges"]
        return [edge["node"]["id"] for edge in edges]

    assert found(firstName="ada") == [ada]
    assert found(lastName="Turing", firstName="Alan") == [alan]
    assert found(birthDate="1912-06-23") == [alan]
    assert found(registrationNumber="552100554") == [alan]
    assert found(verificationRequirements=["TaxIdRequired"]) == []
    assert found(verificationRequirements=[]) == [ada, alan]
    asked = {
        "accountHolderId": alan,
        "verificationStatus": "WaitingForInformation",
        "verificationRequirements": ["TaxIdRequired", "UboDetailsRequired"],
    }
    bank.testing.mutate("updateAccountHolder", asked)
    assert found(verificationRequirements=["TaxIdRequired", "Other"]) == [alan]


ASKED = """query($id: ID!) { accountHolder(id: $id) { verificationStatusInfo { status
  ... on AccountHolderWaitingForInformationVerificationStatusInfo {
    verificationRequirements { id type } } } } }"""


def test_the_bank_asks_a_holder_waiting_for_information_for_requirements(bank: Bank) -> None:
    holder = bank.holder()["holder_id"]
    refused = bank.testing.mutate(
        "updateAccountHolder",
        {"accountHolderId": holder, "verificationRequirements": ["TaxIdRequired"]},
    )
    assert refused == {
        "__typename": "VerificationRequirementsNotUpdatableRejection",
        "message": refused["message"],
        "accountHolderId": holder,
        "accountHolderVerificationStatus": "Verified",
    }
    assert bank.row("account_holders", holder)["verification_requirements"] is None
    asked = {
        "accountHolderId": holder,
        "verificationStatus": "WaitingForInformation",
        "verificationRequirements": ["TaxIdRequired"],
    }
    bank.testing.mutate("updateAccountHolder", asked)
    shown = bank.api.query(ASKED, {"id": holder})["accountHolder"]["verificationStatusInfo"]
    assert [r["type"] for r in shown["verificationRequirements"]] == ["TaxIdRequired"]
    again = bank.api.query(ASKED, {"id": holder})["accountHolder"]["verificationStatusInfo"]
    assert again == shown  # stable ids
    bank.testing.mutate(
        "updateAccountHolder", {"accountHolderId": holder, "verificationStatus": "Verified"}
    )
    assert bank.row("account_holders", holder)["verification_requirements"] is None


PERSON = """query($id: ID!) { accountHolder(id: $id) { info {
  ... on AccountHolderIndividualInfo { employmentStatus monthlyIncome user { id } } } } }"""


def test_a_holder_made_without_onboarding_shows_stand_ins_and_its_person(bank: Bank) -> None:
    holder = bank.holder()
    info = bank.api.query(PERSON, {"id": holder["holder_id"]})["accountHolder"]["info"]
    user = bank.sim.sandbox.store.db.execute(
        "SELECT m.user_id FROM account_memberships m WHERE m.account_id = ?",
        [holder["account_id"]],
    ).fetchone()[0]
    assert info == {
        "employmentStatus": "Employee",
        "monthlyIncome": "Between1500And3000",
        "user": {"id": user},
    }


OPEN_WITH_COLLECTION = """mutation($input: CreateSandboxAccountAdminChangeInput!) {
  createSandboxAccountAdminChange(input: $input) {
    ... on CreateSandboxAccountAdminChangeSuccessPayload { supportingDocumentCollection {
      type accountHolder { id name } onboarding { id } transaction { id } verificationRenewalId
      projectInfo { id name status type tcuDocumentUri(language: "en")
        webBankingSettings { canOpenAccount } } } } } }"""


def test_the_testing_api_shows_what_a_collection_is_about(bank: Bank) -> None:
    holder = company(bank)
    data = bank.testing.query(OPEN_WITH_COLLECTION, {"input": {"accountHolderId": holder}})
    collection = data["createSandboxAccountAdminChange"]["supportingDocumentCollection"]
    assert collection["accountHolder"] == {"id": holder, "name": "Acme SAS"}
    assert collection["onboarding"] == {"id": None} and collection["transaction"] == {"id": None}
    assert collection["verificationRenewalId"] is None
    project = collection["projectInfo"]
    assert project["id"] == bank.project_id and project["tcuDocumentUri"].endswith("/en.pdf")
    assert project["webBankingSettings"]["canOpenAccount"] is True


TESTING_HOLDER = """mutation($input: UpdateAccountHolderInput!) { updateAccountHolder(input: $input) {
  ... on UpdateAccountHolderSuccessPayload { accountHolder { id
  verificationStatusInfo { status
    ... on AccountHolderWaitingForInformationVerificationStatusInfo {
      verificationRequirements { type } } }
  statusInfo { status } residencyAddress { country }
  riskInfo { amlRiskLevel dueDiligenceLevel }
  supportingDocumentCollections(first: 5) { totalCount edges { node { type } } }
  fundingLimitSettingsChangeRequests(first: 5) { totalCount } } } } }"""


def test_the_testing_api_shows_a_holder_as_the_partner_api_does(bank: Bank) -> None:
    holder = company(bank)
    open_change(bank, holder)
    asked = {
        "accountHolderId": holder,
        "verificationStatus": "WaitingForInformation",
        "verificationRequirements": ["OrganizationDetailsRequired"],
    }
    payload = bank.testing.query(TESTING_HOLDER, {"input": asked})["updateAccountHolder"]
    shown = payload["accountHolder"]
    assert shown == {
        "id": holder,
        "verificationStatusInfo": {
            "status": "WaitingForInformation",
            "verificationRequirements": [{"type": "OrganizationDetailsRequired"}],
        },
        "statusInfo": {"status": "Enabled"},
        "residencyAddress": {"country": "FRA"},
        "riskInfo": {"amlRiskLevel": "Low", "dueDiligenceLevel": "Common"},
        # The admin change's collection is the holder's.
        "supportingDocumentCollections": {
            "totalCount": 1,
            "edges": [{"node": {"type": "AccountAdminChange"}}],
        },
        "fundingLimitSettingsChangeRequests": {"totalCount": 0},
    }

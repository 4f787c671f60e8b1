"""Account holder onboardings and supporting document collections, end to end over HTTP."""

from __future__ import annotations

from typing import Any

from simulator import Simulator
from simulator.domain.kernel.events import list_events

from .conftest import GraphQL

INDIVIDUAL = """
    __typename id accountInfo { country name } accountAdmin { email firstName lastName }
    statusInfo { status ... on OnboardingInvalidStatusInfo { errors { field errors } } }
    account { id statusInfo { status } } onboardingUrl
    supportingDocumentCollection { id statusInfo { status }
      requiredSupportingDocumentPurposes { name } }
"""
COMPANY = """
    __typename id company { name registrationNumber }
    statusInfo { status ... on OnboardingInvalidStatusInfo { errors { field errors } } }
    account { id statusInfo { status } holder { id } }
"""
ONBOARDING = f"""
  ... on IndividualAccountHolderOnboarding {{ {INDIVIDUAL} }}
  ... on CompanyAccountHolderOnboarding {{ {COMPANY} }}
"""

CREATE_INDIVIDUAL = f"""
mutation($input: CreateIndividualAccountHolderOnboardingInput!) {{
  createIndividualAccountHolderOnboarding(input: $input) {{
    ... on CreateIndividualAccountHolderOnboardingSuccessPayload {{ onboarding {{ {INDIVIDUAL} }} }}
  }}
}}"""

UPDATE_INDIVIDUAL = f"""
mutation($input: UpdateIndividualAccountHolderOnboardingInput!) {{
  updateIndividualAccountHolderOnboarding(input: $input) {{
    __typename
    ... on UpdateIndividualAccountHolderOnboardingSuccessPayload {{ onboarding {{ {INDIVIDUAL} }} }}
    ... on OnboardingAlreadyFinalizedRejection {{ onboardingId message }}
    ... on OnboardingNotFoundRejection {{ id message }}
  }}
}}"""

FINALIZE = f"""
mutation($id: String!) {{
  finalizeAccountHolderOnboarding(input: {{onboardingId: $id}}) {{
    __typename
    ... on FinalizeAccountHolderOnboardingSuccessPayload {{ onboarding {{ {ONBOARDING} }} }}
    ... on OnboardingNotReadyForFinalizationRejection {{ message onboarding {{ {ONBOARDING} }} }}
    ... on OnboardingAlreadyFinalizedRejection {{ onboardingId }}
    ... on OnboardingNotFoundRejection {{ id }}
  }}
}}"""


def _create(sandbox: GraphQL, admin: dict[str, Any]) -> dict[str, Any]:
    variables = {
        "input": {"accountInfo": {"country": "FRA", "name": "Main"}, "accountAdmin": admin}
    }
    data = sandbox(CREATE_INDIVIDUAL, variables)
    return data["createIndividualAccountHolderOnboarding"]["onboarding"]  # type: ignore[no-any-return]


def test_an_individual_onboarding_is_invalid_until_complete_then_finalized(
    sim: Simulator, sandbox: GraphQL
) -> None:
    onboarding = _create(sandbox, {"email": "ada@example.com", "firstName": "Ada"})
    assert onboarding["statusInfo"] == {
        "status": "Invalid",
        "errors": [{"field": "accountAdmin.lastName", "errors": ["Missing"]}],
    }
    assert (
        onboarding["supportingDocumentCollection"]["statusInfo"]["status"] == "WaitingForDocument"
    )
    assert "/oauth2/auth?response_type=code&client_id=SANDBOX_" in onboarding["onboardingUrl"]
    assert onboarding["onboardingUrl"].endswith(f"&onboardingId={onboarding['id']}")
    early = sandbox(FINALIZE, {"id": onboarding["id"]})["finalizeAccountHolderOnboarding"]
    assert early["__typename"] == "OnboardingNotReadyForFinalizationRejection"

    update = {"onboardingId": onboarding["id"], "accountAdmin": {"lastName": "Lovelace"}}
    updated = sandbox(UPDATE_INDIVIDUAL, {"input": update})
    assert updated["updateIndividualAccountHolderOnboarding"]["onboarding"]["statusInfo"] == {
        "status": "Valid"
    }
    done = sandbox(FINALIZE, {"id": onboarding["id"]})["finalizeAccountHolderOnboarding"]
    assert done["onboarding"]["statusInfo"]["status"] == "Finalized"
    assert done["onboarding"]["account"]["statusInfo"]["status"] == "Opened"

    again = sandbox(UPDATE_INDIVIDUAL, {"input": update})["updateIndividualAccountHolderOnboarding"]
    assert again == {
        "__typename": "OnboardingAlreadyFinalizedRejection",
        "onboardingId": onboarding["id"],
        "message": again["message"],
    }
    twice = sandbox(FINALIZE, {"id": onboarding["id"]})["finalizeAccountHolderOnboarding"]
    assert twice["__typename"] == "OnboardingAlreadyFinalizedRejection"
    env = sim.environment("sandbox")
    kinds = [event["event_type"] for event in list_events(env)]
    assert kinds.count("Onboarding.Created") == 1
    # The update and the finalization: the real service has no finalization event of its own.
    assert kinds.count("Onboarding.Updated") == 2
    assert kinds.count("SupportingDocumentCollection.Created") == 1
    assert "AccountHolder.Created" in kinds


def test_a_company_onboarding_needs_its_registration(sandbox: GraphQL) -> None:
    create = f"""mutation($input: CreateCompanyAccountHolderOnboardingInput!) {{
      createCompanyAccountHolderOnboarding(input: $input) {{
        ... on CreateCompanyAccountHolderOnboardingSuccessPayload {{ onboarding {{ {COMPANY} }} }}
      }} }}"""
    admin = {"email": "grace@example.com", "firstName": "Grace", "lastName": "Hopper"}
    variables = {
        "input": {
            "accountInfo": {"country": "DEU"},
            "accountAdmin": admin,
            "company": {"name": "Acme"},
        }
    }
    onboarding = sandbox(create, variables)["createCompanyAccountHolderOnboarding"]["onboarding"]
    # What was given shows at once (the onboarding app reads the company's country from its
    # first step on); the non-null registration number reads empty until it is given.
    assert onboarding["company"] == {"name": "Acme", "registrationNumber": ""}
    assert onboarding["statusInfo"]["errors"] == [
        {"field": "company.registrationNumber", "errors": ["Missing"]}
    ]
    update = """mutation($input: UpdateCompanyAccountHolderOnboardingInput!) {
      updateCompanyAccountHolderOnboarding(input: $input) { __typename } }"""
    company = {"registrationNumber": "HRB 1234"}
    sandbox(update, {"input": {"onboardingId": onboarding["id"], "company": company}})
    done = sandbox(FINALIZE, {"id": onboarding["id"]})["finalizeAccountHolderOnboarding"]
    assert done["onboarding"]["company"] == {"name": "Acme", "registrationNumber": "HRB 1234"}
    assert done["onboarding"]["account"]["holder"]["id"]


def test_onboardings_are_listed_and_scoped_to_the_project(
    sim: Simulator, sandbox: GraphQL, http: Any
) -> None:
    first = _create(sandbox, {"email": "a@example.com"})
    _create(sandbox, {"email": "b@example.com", "firstName": "B", "lastName": "C"})
    listing = """query($filters: OnboardingFiltersInput) {
      accountHolderOnboardings(first: 10, filters: $filters) {
        totalCount edges { node { ... on IndividualAccountHolderOnboarding { id } } } } }"""
    assert sandbox(listing)["accountHolderOnboardings"]["totalCount"] == 2
    valid = sandbox(listing, {"filters": {"status": ["Valid"]}})["accountHolderOnboardings"]
    assert valid["totalCount"] == 1
    by_email = sandbox(listing, {"filters": {"email": "a@example.com"}})
    assert by_email["accountHolderOnboardings"]["edges"][0]["node"]["id"] == first["id"]

    from .conftest import project_token

    other = GraphQL(
        http,
        "/sandbox/graphql",
        project_token(http, sim.create_project("sandbox", "Other", ["http://localhost/cb"])),
    )
    lookup = "query($id: ID!) { accountHolderOnboarding(id: $id) { __typename } }"
    assert other(lookup, {"id": first["id"]}) == {"accountHolderOnboarding": None}
    assert other(listing)["accountHolderOnboardings"]["totalCount"] == 0
    missing = other(FINALIZE, {"id": first["id"]})["finalizeAccountHolderOnboarding"]
    assert missing == {"__typename": "OnboardingNotFoundRejection", "id": first["id"]}


UPLOAD = """mutation($input: GenerateSupportingDocumentUploadUrlInput!) {
  generateSupportingDocumentUploadUrl(input: $input) {
    __typename
    ... on GenerateSupportingDocumentUploadUrlSuccessPayload {
      supportingDocumentId upload { url fields { key value } } }
    ... on SupportingDocumentUploadNotAllowedRejection { supportingDocumentCollectionStatus }
  } }"""
REVIEW = """mutation($id: ID!) {
  requestSupportingDocumentCollectionReview(input: {supportingDocumentCollectionId: $id}) {
    __typename
    ... on RequestSupportingDocumentCollectionReviewSuccessPayload {
      supportingDocumentCollection { statusInfo { status } } }
  } }"""
DOCUMENT_STATUS = """mutation($id: ID!, $status: SupportingDocumentStatus!) {
  updateSupportingDocumentStatus(input: {supportingDocumentId: $id, status: $status}) {
    __typename
    ... on UpdateSupportingDocumentStatusSuccessPayload {
      supportingDocument { supportingDocumentPurpose
        statusInfo { status ... on SupportingDocumentUploadedStatusInfo { filename } } } }
    ... on SupportingDocumentStatusDoesNotAllowUpdateRejection { status }
  } }"""
COLLECTION_STATUS = """mutation($id: ID!, $status: SupportingDocumentCollectionStatus!) {
  updateSupportingDocumentCollectionStatus(
    input: {supportingDocumentCollectionId: $id, status: $status}) {
    __typename
    ... on SupportingDocumentCollectionStatusNotAllowedRejection { oldStatus newStatus }
  } }"""


def test_documents_are_uploaded_reviewed_and_verify_the_holder(
    sandbox: GraphQL, testing: GraphQL
) -> None:
    admin = {"email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace"}
    onboarding = _create(sandbox, admin)
    collection_id = onboarding["supportingDocumentCollection"]["id"]
    early = sandbox(REVIEW, {"id": collection_id})["requestSupportingDocumentCollectionReview"]
    assert early["__typename"] == "ValidationRejection"

    upload = {
        "supportingDocumentCollectionId": collection_id,
        "filename": "passport.pdf",
        "supportingDocumentPurpose": "ProofOfIdentity",
        "supportingDocumentType": "Passport",
    }
    generated = sandbox(UPLOAD, {"input": upload})["generateSupportingDocumentUploadUrl"]
    document_id = generated["supportingDocumentId"]
    assert generated["upload"]["url"].endswith(f"/supporting-document-uploads/{document_id}")
    refused = testing(DOCUMENT_STATUS, {"id": document_id, "status": "Validated"})
    assert refused["updateSupportingDocumentStatus"] == {
        "__typename": "SupportingDocumentStatusDoesNotAllowUpdateRejection",
        "status": "WaitingForUpload",
    }
    uploaded = testing(DOCUMENT_STATUS, {"id": document_id, "status": "Uploaded"})
    assert uploaded["updateSupportingDocumentStatus"]["supportingDocument"] == {
        "supportingDocumentPurpose": "ProofOfIdentity",
        "statusInfo": {"status": "Uploaded", "filename": "passport.pdf"},
    }
    sandbox(FINALIZE, {"id": onboarding["id"]})
    review = sandbox(REVIEW, {"id": collection_id})["requestSupportingDocumentCollectionReview"]
    assert review["supportingDocumentCollection"]["statusInfo"]["status"] == "PendingReview"
    closed = sandbox(UPLOAD, {"input": upload})["generateSupportingDocumentUploadUrl"]
    assert closed == {
        "__typename": "SupportingDocumentUploadNotAllowedRejection",
        "supportingDocumentCollectionStatus": "PendingReview",
    }
    testing(COLLECTION_STATUS, {"id": collection_id, "status": "Approved"})
    wrong = testing(COLLECTION_STATUS, {"id": collection_id, "status": "PendingReview"})
    assert wrong["updateSupportingDocumentCollectionStatus"] == {
        "__typename": "SupportingDocumentCollectionStatusNotAllowedRejection",
        "oldStatus": "Approved",
        "newStatus": "PendingReview",
    }
    holder = sandbox("{ accountHolders { edges { node { verificationStatus } } } }")[
        "accountHolders"
    ]["edges"]
    assert [edge["node"]["verificationStatus"] for edge in holder] == ["Verified"]


def test_a_document_is_deleted_or_changed_until_it_is_decided(
    sandbox: GraphQL, testing: GraphQL
) -> None:
    onboarding = _create(sandbox, {"email": "ada@example.com"})
    collection_id = onboarding["supportingDocumentCollection"]["id"]
    upload = {
        "supportingDocumentCollectionId": collection_id,
        "filename": "id.pdf",
        "supportingDocumentPurpose": "Other",
    }
    document_id = sandbox(UPLOAD, {"input": upload})["generateSupportingDocumentUploadUrl"][
        "supportingDocumentId"
    ]
    change = """mutation($id: ID!) { updateSupportingDocument(input: {supportingDocumentId: $id,
      supportingDocumentPurpose: ProofOfIdentity}) { __typename
      ... on UpdateSupportingDocumentSuccessPayload { supportingDocument { purpose { name } } }
      ... on SupportingDocumentStatusDoesNotAllowUpdateRejection { status } } }"""
    changed = sandbox(change, {"id": document_id})["updateSupportingDocument"]
    assert changed["supportingDocument"]["purpose"]["name"] == "ProofOfIdentity"
    testing(DOCUMENT_STATUS, {"id": document_id, "status": "Uploaded"})
    testing(DOCUMENT_STATUS, {"id": document_id, "status": "Refused"})
    delete = """mutation($id: ID!) { deleteSupportingDocument(input: {id: $id}) { __typename
      ... on DeleteSupportingDocumentSuccessPayload { id }
      ... on SupportingDocumentStatusDoesNotAllowDeletionRejection { status }
      ... on SupportingDocumentNotFoundRejection { id } } }"""
    assert sandbox(delete, {"id": document_id})["deleteSupportingDocument"] == {
        "__typename": "SupportingDocumentStatusDoesNotAllowDeletionRejection",
        "status": "Refused",
    }
    assert sandbox(change, {"id": document_id})["updateSupportingDocument"]["status"] == "Refused"
    missing = sandbox(delete, {"id": "nope"})["deleteSupportingDocument"]
    assert missing == {"__typename": "SupportingDocumentNotFoundRejection", "id": "nope"}
    other = sandbox(UPLOAD, {"input": upload})["generateSupportingDocumentUploadUrl"]
    deleted = sandbox(delete, {"id": other["supportingDocumentId"]})["deleteSupportingDocument"]
    assert deleted == {
        "__typename": "DeleteSupportingDocumentSuccessPayload",
        "id": other["supportingDocumentId"],
    }
    listing = "{ supportingDocumentCollections(first: 5) { totalCount edges { node { id } } } }"
    assert sandbox(listing)["supportingDocumentCollections"]["totalCount"] == 1

"""The Testing API's `requestSupportingDocuments`: the bank asks for more documents."""

from __future__ import annotations

from .conftest import GraphQL
from .test_onboarding import COLLECTION_STATUS, DOCUMENT_STATUS, REVIEW, UPLOAD, _create

REQUEST = """mutation($input: RequestSupportingDocumentsInput!) {
  requestSupportingDocuments(input: $input) {
    __typename
    ... on RequestSupportingDocumentsSuccessPayload { supportingDocumentCollection {
        statusInfo { status } requiredSupportingDocumentPurposes { name } } }
    ... on SupportingDocumentCollectionNotFoundRejection { id }
    ... on ValidationRejection { message }
  } }"""
ADMIN = {"email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace"}


def _upload(sandbox: GraphQL, testing: GraphQL, collection_id: str, purpose: str) -> None:
    upload = {
        "supportingDocumentCollectionId": collection_id,
        "filename": f"{purpose}.pdf",
        "supportingDocumentPurpose": purpose,
    }
    generated = sandbox(UPLOAD, {"input": upload})["generateSupportingDocumentUploadUrl"]
    testing(DOCUMENT_STATUS, {"id": generated["supportingDocumentId"], "status": "Uploaded"})


def test_requested_purposes_are_required_and_reopen_a_review(
    sandbox: GraphQL, testing: GraphQL
) -> None:
    collection_id = _create(sandbox, ADMIN)["supportingDocumentCollection"]["id"]
    _upload(sandbox, testing, collection_id, "ProofOfIdentity")
    sandbox(REVIEW, {"id": collection_id})

    request = {
        "supportingDocumentCollectionId": collection_id,
        "requiredSupportingDocumentPurposes": ["ProofOfIndividualAddress"],
        "purposesWithDetails": [{"type": "ProofOfOriginOfFunds", "details": "Payslips"}],
    }
    answer = testing(REQUEST, {"input": request})["requestSupportingDocuments"]
    collection = answer["supportingDocumentCollection"]
    assert collection["statusInfo"]["status"] == "WaitingForDocument"
    assert [p["name"] for p in collection["requiredSupportingDocumentPurposes"]] == [
        "ProofOfIdentity",
        "ProofOfIndividualAddress",
        "ProofOfOriginOfFunds",
    ]
    early = sandbox(REVIEW, {"id": collection_id})["requestSupportingDocumentCollectionReview"]
    assert early["__typename"] == "ValidationRejection"
    _upload(sandbox, testing, collection_id, "ProofOfIndividualAddress")
    _upload(sandbox, testing, collection_id, "ProofOfOriginOfFunds")
    review = sandbox(REVIEW, {"id": collection_id})["requestSupportingDocumentCollectionReview"]
    assert review["supportingDocumentCollection"]["statusInfo"]["status"] == "PendingReview"


def test_refusals(sandbox: GraphQL, testing: GraphQL) -> None:
    collection_id = _create(sandbox, ADMIN)["supportingDocumentCollection"]["id"]
    unknown = {"supportingDocumentCollectionId": "nope", "requiredSupportingDocumentPurposes": []}
    assert testing(REQUEST, {"input": unknown})["requestSupportingDocuments"] == {
        "__typename": "SupportingDocumentCollectionNotFoundRejection",
        "id": "nope",
    }
    empty = {"supportingDocumentCollectionId": collection_id}
    refused = testing(REQUEST, {"input": empty})["requestSupportingDocuments"]
    assert refused["__typename"] == "ValidationRejection"
    testing(COLLECTION_STATUS, {"id": collection_id, "status": "Canceled"})
    closed = {**empty, "requiredSupportingDocumentPurposes": ["ProofOfIndividualAddress"]}
    refused = testing(REQUEST, {"input": closed})["requestSupportingDocuments"]
    assert "is Canceled" in refused["message"]

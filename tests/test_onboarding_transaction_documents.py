"""generateTransactionSupportingDocumentUploadUrl: a document about a transaction joins the
transaction's collection, through the real HTTP app."""

from __future__ import annotations

from typing import Any

from .banking_support import REDIRECT, Bank

SUCCESS = "supportingDocumentCollectionId supportingDocumentId upload { url fields { key value } }"
COLLECTION = """query($id: ID!) { supportingDocumentCollection(id: $id) {
  id statusInfo { status } supportingDocuments { id statusInfo { status } } } }"""


def generate(bank: Bank, transaction_id: str, **extra: Any) -> dict[str, Any]:
    input = {
        "transactionId": transaction_id,
        "filename": "invoice.pdf",
        "supportingDocumentPurpose": "ProofOfOriginOfFunds",
        "supportingDocumentType": "Invoice",
        **extra,
    }
    return bank.api.mutate("generateTransactionSupportingDocumentUploadUrl", input, SUCCESS)


def test_documents_join_the_transaction_collection(bank: Bank) -> None:
    account = bank.holder()["account_id"]
    transaction = bank.fund(account)
    first = generate(bank, transaction)
    assert first["__typename"] == "GenerateTransactionSupportingDocumentUploadUrlSuccessPayload"
    assert first["upload"]["url"].endswith(first["supportingDocumentId"])
    assert {"key": "filename", "value": "invoice.pdf"} in first["upload"]["fields"]
    second = generate(bank, transaction, filename="deed.pdf", supportingDocumentType=None)
    collection_id = first["supportingDocumentCollectionId"]
    assert second["supportingDocumentCollectionId"] == collection_id
    row = bank.row("supporting_document_collections", collection_id)
    assert (row["type"], row["transaction_id"], row["onboarding_id"]) == (
        "Transaction",
        transaction,
        None,
    )
    read = bank.api.query(COLLECTION, {"id": collection_id})["supportingDocumentCollection"]
    assert read["statusInfo"]["status"] == "WaitingForDocument"
    assert [d["statusInfo"]["status"] for d in read["supportingDocuments"]] == [
        "WaitingForUpload",
        "WaitingForUpload",
    ]
    assert "SupportingDocumentCollection.Created" in bank.events(collection_id)


def test_a_reviewed_collection_gives_way_to_a_new_one(bank: Bank) -> None:
    transaction = bank.fund(bank.holder()["account_id"])
    first = generate(bank, transaction)
    bank.testing.mutate(
        "updateSupportingDocumentStatus",
        {"supportingDocumentId": first["supportingDocumentId"], "status": "Uploaded"},
    )
    review = bank.api.mutate(
        "requestSupportingDocumentCollectionReview",
        {"supportingDocumentCollectionId": first["supportingDocumentCollectionId"]},
    )
    assert review["__typename"] == "RequestSupportingDocumentCollectionReviewSuccessPayload"
    later = generate(bank, transaction)
    assert later["supportingDocumentCollectionId"] != first["supportingDocumentCollectionId"]


def test_rejections_change_nothing(bank: Bank) -> None:
    transaction = bank.fund(bank.holder()["account_id"])
    before = bank.env.store.db["supporting_documents"].count
    unknown = generate(bank, "nope")
    assert unknown["__typename"] == "TransactionNotFoundRejection"
    assert unknown["transactionId"] == "nope"
    blank = generate(bank, transaction, filename="  ")
    assert blank["__typename"] == "ValidationRejection"
    assert blank["fields"][0]["path"] == ["input", "filename"]
    long = generate(bank, transaction, filename="x" * 300)
    assert long["fields"][0]["code"] == "TooLong"
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    theirs = generate(other, transaction)
    assert theirs["__typename"] == "TransactionNotFoundRejection"
    assert bank.env.store.db["supporting_documents"].count == before

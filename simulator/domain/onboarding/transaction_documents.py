"""Supporting documents of a transaction: the bank may want to see why money moved (an
invoice, a deed of sale); the partner asks for an upload URL per document.

A transaction gets one collection of type `Transaction` while that collection waits for
documents; each upload URL adds a `WaitingForUpload` document to it. Once the collection has
gone to review (`requestSupportingDocumentCollectionReview`) or been decided, the next
upload starts a new collection (a simulator choice: the real union names no rejection for
it). The collection then moves as an onboarding's does (`supporting_documents`), but it
verifies no account holder.

```python
collection, document = new_upload(env, principal, transaction_id, filename="invoice.pdf",
                                  purpose="ProofOfOriginOfFunds", document_type="Invoice")
```
"""

from __future__ import annotations

from ...storage import Database, insert_row, rows_where, update_row
from ...storage.rows import (
    SupportingDocumentCollectionNew,
    SupportingDocumentCollectionRow,
    SupportingDocumentNew,
)
from ..accounts.transactions import find_transaction
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.rejections import Rejected, rejection
from .document_collections import open_collection

__all__ = ["MAX_FILENAME", "new_upload"]

#: The longest file name taken (a simulator choice, as for capital deposit documents).
MAX_FILENAME = 255


def _check_filename(filename: str) -> str:
    name = filename.strip()
    if name and len(name) <= MAX_FILENAME:
        return name
    code, message = (
        ("TooShort", "Give a file name.")
        if not name
        else ("TooLong", f"At most {MAX_FILENAME} characters.")
    )
    raise Rejected(
        rejection(
            "ValidationRejection",
            f"Invalid file name: {message}",
            fields=[{"code": code, "message": message, "path": ["input", "filename"]}],
        )
    )


def _open_collection(
    env: Environment, db: Database, project_id: str, transaction_id: str
) -> SupportingDocumentCollectionRow | SupportingDocumentCollectionNew:
    """The transaction's collection still waiting for documents, or a new one."""
    waiting = list(
        rows_where(
            db,
            "supporting_document_collections",
            "project_id = ? AND transaction_id = ? AND status = 'WaitingForDocument'",
            [project_id, transaction_id],
            order_by="created_at DESC, id DESC",
            limit=1,
        )
    )
    if waiting:
        return waiting[0]
    return open_collection(env, db, project_id, "Transaction", transaction_id=transaction_id)


def new_upload(
    env: Environment,
    principal: Principal,
    transaction_id: str,
    *,
    filename: str,
    purpose: str,
    document_type: str | None,
) -> tuple[str, SupportingDocumentNew]:
    """A document waiting for its file in the transaction's open collection (one
    transaction): the collection's id and the document. A transaction the caller does not
    see is `TransactionNotFoundRejection`."""
    name = _check_filename(filename)
    with env.store.atomic() as db:
        transaction = find_transaction(db, principal, transaction_id)
        project_id = principal.project_id
        collection = _open_collection(env, db, project_id, transaction["id"])
        now = env.now()
        document: SupportingDocumentNew = {
            "id": env.new_id(db, "supporting_document"),
            "project_id": project_id,
            "collection_id": collection["id"],
            "purpose": purpose,
            "document_type": document_type,
            "filename": name,
            "status": "WaitingForUpload",
            "status_at": now,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "supporting_documents", document)
        update_row(db, "supporting_document_collections", collection["id"], {"updated_at": now})
        emit(
            env,
            db,
            "SupportingDocumentCollection.Updated",
            project_id=project_id,
            resource_id=collection["id"],
        )
        return collection["id"], document

"""Opening a supporting-document collection: one shape for every process that asks for
documents (an onboarding, a transaction, a verification renewal, an account admin change).

A new collection waits for documents (`WaitingForDocument`) and says so with a
`SupportingDocumentCollection.Created` event, in the caller's transaction. `collection_type`
is the process it serves; `onboarding_id` or `transaction_id` links it to its resource where
that resource is not the one that keeps the collection's id.

```python
collection = open_collection(env, db, project_id, "Transaction", transaction_id=tx["id"])
```
"""

from __future__ import annotations

from ...storage import Database, insert_row
from ...storage.rows import SupportingDocumentCollectionNew
from ..kernel.context import Environment
from ..kernel.events import emit

__all__ = ["open_collection"]


def open_collection(
    env: Environment,
    db: Database,
    project_id: str,
    collection_type: str,
    *,
    onboarding_id: str | None = None,
    transaction_id: str | None = None,
) -> SupportingDocumentCollectionNew:
    """A new collection of `collection_type`, waiting for documents, and its Created event."""
    now = env.now()
    row: SupportingDocumentCollectionNew = {
        "id": env.new_id(db, "supporting_document_collection"),
        "project_id": project_id,
        "type": collection_type,
        "status": "WaitingForDocument",
        "status_at": now,
        "created_at": now,
        "updated_at": now,
    }
    if onboarding_id is not None:
        row["onboarding_id"] = onboarding_id
    if transaction_id is not None:
        row["transaction_id"] = transaction_id
    insert_row(db, "supporting_document_collections", row)
    emit(
        env,
        db,
        "SupportingDocumentCollection.Created",
        project_id=project_id,
        resource_id=row["id"],
    )
    return row

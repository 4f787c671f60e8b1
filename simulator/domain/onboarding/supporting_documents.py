"""Supporting document collections: the documents the bank asks for to verify a future
account holder, and their review.

Each onboarding gets one collection (type `Onboarding`, status `WaitingForDocument`) with
the purposes it needs. A partner asks for an upload URL per document (the document is then
`WaitingForUpload`); the Sandbox Testing API stands in for the upload and the bank's
review (`updateSupportingDocumentStatus`, `updateSupportingDocumentCollectionStatus`).

| collection from | may become |
|---|---|
| WaitingForDocument | PendingReview (`requestSupportingDocumentCollectionReview`), Canceled |
| PendingReview | Approved, Rejected, WaitingForDocument, Canceled |

The bank may ask for more documents (`request_documents`, the Testing API's
`requestSupportingDocuments`): the purposes join the required ones, and a collection pending
review waits for documents again.

| document from | may become |
|---|---|
| WaitingForUpload | Uploaded, NotUploaded |
| Uploaded | Validated, Refused |

A review decision moves the verification status of the holder the onboarding created:
PendingReview -> Pending, Approved -> Verified, Rejected -> Refused (when that move is
allowed; see `domain.holders`).
"""

from __future__ import annotations

import json
from typing import Any

from ...storage import Database, get_row, insert_row, rows_where, update_row, with_changes
from ...storage.rows import (
    AccountAdminChangeChanges,
    SupportingDocumentChanges,
    SupportingDocumentCollectionChanges,
    SupportingDocumentCollectionRow,
    SupportingDocumentNew,
    SupportingDocumentRow,
)
from ..accounts.holders import update_verification_status
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import with_filters
from ..kernel.rejections import Rejected, rejection
from . import account_admin_changes

__all__ = [
    "COLLECTION_TRANSITIONS",
    "DOCUMENT_TRANSITIONS",
    "REQUIRED_PURPOSES",
    "UPLOAD_PATH",
    "delete_document",
    "find_collection",
    "list_collections",
    "list_documents",
    "new_upload",
    "receive_upload",
    "request_documents",
    "request_review",
    "set_collection_status",
    "set_document_status",
    "update_document",
]

#: The purposes an onboarding's collection asks for, by holder type.
REQUIRED_PURPOSES = {
    "Individual": ("ProofOfIdentity",),
    "Company": ("CompanyRegistration", "LegalRepresentativeProofOfIdentity", "UBODeclaration"),
}
COLLECTION_TRANSITIONS: dict[str, tuple[str, ...]] = {
    "WaitingForDocument": ("PendingReview", "Canceled"),
    "PendingReview": ("Approved", "Rejected", "WaitingForDocument", "Canceled"),
}
DOCUMENT_TRANSITIONS: dict[str, tuple[str, ...]] = {
    "WaitingForUpload": ("Uploaded", "NotUploaded"),
    "Uploaded": ("Validated", "Refused"),
}
#: Documents a partner may still change or delete, in a collection that still takes them.
_CHANGEABLE = ("WaitingForUpload", "Uploaded")
_HOLDER_STATUS = {"PendingReview": "Pending", "Approved": "Verified", "Rejected": "Refused"}


def _touched(env: Environment, db: Database, project_id: str, collection_id: str) -> None:
    """A collection changed (a document added, changed or deleted, a status, a request)."""
    update_row(db, "supporting_document_collections", collection_id, {"updated_at": env.now()})
    emit(
        env,
        db,
        "SupportingDocumentCollection.Updated",
        project_id=project_id,
        resource_id=collection_id,
    )


def _requested(collection: SupportingDocumentCollectionRow) -> list[dict[str, Any]]:
    requested: list[dict[str, Any]] = json.loads(collection.get("requested_purposes") or "[]")
    return requested


def required_purposes(db: Database, collection: SupportingDocumentCollectionRow) -> tuple[str, ...]:
    """The onboarding's purposes, then those the bank asked for since."""
    base: tuple[str, ...] = ()
    if collection["type"] == "AccountAdminChange":
        base = account_admin_changes.REQUIRED_PURPOSES
    elif collection["onboarding_id"]:  # a transaction's collection has no onboarding
        onboarding = get_row(db, "onboardings", collection["onboarding_id"])
        base = REQUIRED_PURPOSES[onboarding["type"]]
    extra = [item["purpose"] for item in _requested(collection) if item["purpose"] not in base]
    return (*base, *extra)


def request_documents(
    env: Environment, project_id: str, collection_id: str, purposes: list[dict[str, Any]]
) -> SupportingDocumentCollectionRow:
    """The bank asks for more documents (the Testing API): each purpose (with optional
    `details`) joins the required ones and a collection under review waits for documents
    again."""
    with env.store.atomic() as db:
        collection = _collection(db, project_id, collection_id)
        if not purposes or collection["status"] not in ("WaitingForDocument", "PendingReview"):
            problem = (
                "Name at least one purpose."
                if not purposes
                else f"Collection {collection_id} is {collection['status']}: documents are "
                "requested while it waits for documents or is pending review."
            )
            raise Rejected(
                rejection(
                    "ValidationRejection",
                    problem,
                    fields=[
                        {
                            "code": "InvalidString",
                            "message": problem,
                            "path": ["input", "supportingDocumentCollectionId"],
                        }
                    ],
                )
            )
        requested = {item["purpose"]: item for item in _requested(collection)}
        requested.update({item["purpose"]: item for item in purposes})
        now = env.now()
        changes: SupportingDocumentCollectionChanges = {
            "requested_purposes": json.dumps(list(requested.values()), sort_keys=True),
            "updated_at": now,
        }
        update_row(db, "supporting_document_collections", collection_id, changes)
        collection = with_changes(collection, changes)
        if collection["status"] == "PendingReview":
            return _move_collection(env, db, collection, "WaitingForDocument")
        _touched(env, db, project_id, collection_id)
        return get_row(db, "supporting_document_collections", collection_id)


def _collection_not_found(collection_id: str) -> dict[str, Any]:
    return rejection(
        "SupportingDocumentCollectionNotFoundRejection",
        f"Supporting document collection {collection_id} was not found.",
        id=collection_id,
    )


def find_collection(
    db: Database, project_id: str, collection_id: str
) -> SupportingDocumentCollectionRow | None:
    rows = list(
        rows_where(
            db,
            "supporting_document_collections",
            "id = ? AND project_id = ?",
            [collection_id, project_id],
        )
    )
    return rows[0] if rows else None


def _collection(
    db: Database, project_id: str, collection_id: str
) -> SupportingDocumentCollectionRow:
    found = find_collection(db, project_id, collection_id)
    if found is None:
        raise Rejected(_collection_not_found(collection_id))
    return found


def _document(db: Database, project_id: str, document_id: str) -> SupportingDocumentRow:
    rows = list(
        rows_where(
            db, "supporting_documents", "id = ? AND project_id = ?", [document_id, project_id]
        )
    )
    if not rows:
        raise Rejected(
            rejection(
                "SupportingDocumentNotFoundRejection",
                f"Supporting document {document_id} was not found.",
                id=document_id,
            )
        )
    return rows[0]


def list_collections(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    descending: bool = False,
) -> Connection:
    """The project's collections by creation; filters `status` and `type` (lists), and
    `account_holder_id` (the collections of the onboarding that made the holder, of its
    verification renewals and of its account admin changes)."""
    where, params = with_filters(
        ("project_id = ?", [principal.project_id]), filters, any_of=("status", "type")
    )
    holder_id = (filters or {}).get("account_holder_id")
    if holder_id is not None:
        # The holder's onboarding's, and those its renewals and admin changes opened.
        where += (
            " AND (onboarding_id IN (SELECT id FROM onboardings WHERE holder_id = ?)"
            " OR id IN (SELECT collection_id FROM verification_renewals"
            " WHERE account_holder_id = ?)"
            " OR id IN (SELECT collection_id FROM account_admin_changes"
            " WHERE account_holder_id = ?))"
        )
        params.extend([holder_id] * 3)
    return paginate(
        env.store.db,
        "supporting_document_collections",
        where,
        params,
        first=first,
        after=after,
        before=before,
        descending=descending,
    )


def list_documents(env: Environment, collection_id: str) -> list[SupportingDocumentRow]:
    return list(
        rows_where(
            env.store.db,
            "supporting_documents",
            "collection_id = ?",
            [collection_id],
            order_by="created_at, id",
        )
    )


def new_upload(
    env: Environment,
    principal: Principal,
    collection_id: str,
    *,
    filename: str,
    purpose: str | None,
    document_type: str | None,
) -> SupportingDocumentNew:
    """A document waiting for its file, in a collection still waiting for documents."""
    if not filename.strip() or purpose is None:
        what = "a file name" if not filename.strip() else "a purpose"
        path = ["input", "filename" if not filename.strip() else "supportingDocumentPurpose"]
        raise Rejected(
            rejection(
                "ValidationRejection",
                f"An upload needs {what}.",
                fields=[{"code": "InvalidType", "message": f"Give {what}.", "path": path}],
            )
        )
    with env.store.atomic() as db:
        collection = _collection(db, principal.project_id, collection_id)
        if collection["status"] != "WaitingForDocument":
            raise Rejected(
                rejection(
                    "SupportingDocumentUploadNotAllowedRejection",
                    f"Collection {collection_id} is {collection['status']}; it takes no upload.",
                    supporting_document_collection_status=collection["status"],
                )
            )
        now = env.now()
        document: SupportingDocumentNew = {
            "id": env.new_id(db, "supporting_document"),
            "project_id": principal.project_id,
            "collection_id": collection_id,
            "purpose": purpose,
            "document_type": document_type,
            "filename": filename,
            "status": "WaitingForUpload",
            "status_at": now,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "supporting_documents", document)
        _touched(env, db, principal.project_id, collection_id)
        return document


def _changeable(
    db: Database, project_id: str, document_id: str, action: str
) -> SupportingDocumentRow:
    """The document, if both it and its collection still allow `action` (Deletion/Update)."""
    document = _document(db, project_id, document_id)
    collection = _collection(db, project_id, document["collection_id"])
    if collection["status"] != "WaitingForDocument":
        raise Rejected(
            rejection(
                f"SupportingDocumentCollectionStatusDoesNotAllow{action}Rejection",
                f"Collection {collection['id']} is {collection['status']}.",
                supporting_document_collection=collection,
                supporting_document_collection_status=collection["status"],
            )
        )
    if document["status"] not in _CHANGEABLE:
        raise Rejected(
            rejection(
                f"SupportingDocumentStatusDoesNotAllow{action}Rejection",
                f"Supporting document {document_id} is {document['status']}.",
                supporting_document=document,
                status=document["status"],
            )
        )
    return document


def delete_document(env: Environment, principal: Principal, document_id: str) -> str:
    with env.store.atomic() as db:
        document = _changeable(db, principal.project_id, document_id, "Deletion")
        db.table("supporting_documents").delete(document_id)
        _touched(env, db, principal.project_id, document["collection_id"])
        return document_id


def update_document(
    env: Environment,
    principal: Principal,
    document_id: str,
    *,
    purpose: str | None,
    document_type: str | None,
) -> SupportingDocumentRow:
    with env.store.atomic() as db:
        document = _changeable(db, principal.project_id, document_id, "Update")
        changes: SupportingDocumentChanges = {"updated_at": env.now()}
        if purpose is not None:
            changes["purpose"] = purpose
        if document_type is not None:
            changes["document_type"] = document_type
        update_row(db, "supporting_documents", document_id, changes)
        _touched(env, db, principal.project_id, document["collection_id"])
        return with_changes(document, changes)


#: What a review of its collection makes of a finalized account admin change.
_ADMIN_CHANGE_STATUS = {
    "PendingReview": "Pending",
    "Approved": "Verified",
    "Rejected": "Refused",
    "WaitingForDocument": "WaitingForInformation",
}


def _move_admin_change(
    env: Environment, db: Database, collection: SupportingDocumentCollectionRow
) -> None:
    """A finalized admin change follows its collection's review (an Ongoing one is still
    being filled in: its collection's status says nothing of it yet)."""
    status = _ADMIN_CHANGE_STATUS.get(collection["status"])
    for change in rows_where(
        db, "account_admin_changes", "collection_id = ? AND status != 'Ongoing'", [collection["id"]]
    ):
        if status and change["status"] != status:
            now = env.now()
            changes: AccountAdminChangeChanges = {
                "status": status,
                "status_at": now,
                "updated_at": now,
            }
            update_row(db, "account_admin_changes", change["id"], changes)
            emit(
                env,
                db,
                "AccountHolder.Updated",
                project_id=change["project_id"],
                resource_id=change["account_holder_id"],
            )


def _move_holder(
    env: Environment, db: Database, collection: SupportingDocumentCollectionRow
) -> None:
    if collection["type"] == "AccountAdminChange":
        _move_admin_change(env, db, collection)
        return
    holder_status = _HOLDER_STATUS.get(collection["status"])
    if not collection["onboarding_id"]:  # a transaction's collection verifies no holder
        return
    onboarding = get_row(db, "onboardings", collection["onboarding_id"])
    holder_id = onboarding.get("holder_id")
    if holder_status is None or not holder_id:
        return
    holder = get_row(db, "account_holders", holder_id)
    if holder_status != holder["verification_status"]:
        update_verification_status(env, collection["project_id"], holder_id, holder_status)


def _move_collection(
    env: Environment,
    db: Database,
    collection: SupportingDocumentCollectionRow,
    status: str,
) -> SupportingDocumentCollectionRow:
    if status not in COLLECTION_TRANSITIONS.get(collection["status"], ()):
        raise Rejected(
            rejection(
                "SupportingDocumentCollectionStatusNotAllowedRejection",
                f"Collection {collection['id']} cannot go from {collection['status']} to {status}.",
                old_status=collection["status"],
                new_status=status,
            )
        )
    now = env.now()
    changes: SupportingDocumentCollectionChanges = {
        "status": status,
        "status_at": now,
        "updated_at": now,
    }
    update_row(db, "supporting_document_collections", collection["id"], changes)
    emit(
        env,
        db,
        "SupportingDocumentCollection.Updated",
        project_id=collection["project_id"],
        resource_id=collection["id"],
    )
    moved = with_changes(collection, changes)
    _move_holder(env, db, moved)
    return moved


def request_review(
    env: Environment, principal: Principal, collection_id: str
) -> SupportingDocumentCollectionRow:
    """Send a collection for review once each required purpose has an uploaded document."""
    with env.store.atomic() as db:
        collection = _collection(db, principal.project_id, collection_id)
        if collection["status"] == "WaitingForDocument":
            uploaded = {
                row["purpose"]
                for row in rows_where(
                    db,
                    "supporting_documents",
                    "collection_id = ? AND status = 'Uploaded'",
                    [collection_id],
                )
            }
            missing = [p for p in required_purposes(db, collection) if p not in uploaded]
            if missing:
                raise Rejected(
                    rejection(
                        "ValidationRejection",
                        f"No uploaded document yet for {', '.join(missing)}.",
                        fields=[
                            {
                                "code": "InvalidString",
                                "message": f"Upload a document for {purpose}.",
                                "path": ["input", "supportingDocumentCollectionId"],
                            }
                            for purpose in missing
                        ],
                    )
                )
        return _move_collection(env, db, collection, "PendingReview")


def set_collection_status(
    env: Environment, project_id: str, collection_id: str, status: str
) -> SupportingDocumentCollectionRow:
    """The bank's decision on a collection (the Testing API)."""
    with env.store.atomic() as db:
        return _move_collection(env, db, _collection(db, project_id, collection_id), status)


def set_document_status(
    env: Environment, project_id: str, document_id: str, status: str, reason_code: str | None
) -> SupportingDocumentRow:
    """The upload arriving, or the bank's decision on one document (the Testing API)."""
    with env.store.atomic() as db:
        document = _document(db, project_id, document_id)
        collection = _collection(db, project_id, document["collection_id"])
        if collection["status"] not in ("WaitingForDocument", "PendingReview"):
            raise Rejected(
                rejection(
                    "SupportingDocumentCollectionStatusDoesNotAllowUpdateRejection",
                    f"Collection {collection['id']} is {collection['status']}.",
                    supporting_document_collection=collection,
                    supporting_document_collection_status=collection["status"],
                )
            )
        if status not in DOCUMENT_TRANSITIONS.get(document["status"], ()):
            raise Rejected(
                rejection(
                    "SupportingDocumentStatusDoesNotAllowUpdateRejection",
                    f"Supporting document {document_id} cannot go from {document['status']} "
                    f"to {status}.",
                    supporting_document=document,
                    status=document["status"],
                )
            )
        now = env.now()
        changes: SupportingDocumentChanges = {"status": status, "status_at": now, "updated_at": now}
        if status == "Refused":
            changes["reason_code"] = reason_code or "Other"
        update_row(db, "supporting_documents", document_id, changes)
        _touched(env, db, project_id, collection["id"])
        return with_changes(document, changes)


#: Where a supporting document's file goes (`generateSupportingDocumentUploadUrl`'s URL).
UPLOAD_PATH = "/{environment}/supporting-document-uploads/{id}"


def receive_upload(env: Environment, document_id: str) -> SupportingDocumentRow | None:
    """The file sent to a document's upload URL: a document waiting for it becomes
    `Uploaded` (the real service's storage notices the file the same way). None when no
    document of this environment waits for a file at that id, which the caller answers 404."""
    rows = list(rows_where(env.store.db, "supporting_documents", "id = ?", [document_id]))
    if not rows or rows[0]["status"] != "WaitingForUpload":
        return None
    try:
        return set_document_status(env, rows[0]["project_id"], document_id, "Uploaded", None)
    except Rejected:  # its collection no longer takes documents
        return None

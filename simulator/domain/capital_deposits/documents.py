"""Capital deposit documents: upload URLs served by the simulator itself, the file arriving,
the bank's review of each document, and the bank's approval of a case (Testing API).

An upload URL is `{public_url}/{environment}/capital-deposit-uploads/{token}`: a `PUT` (or
`POST`) of the file there, within `UPLOAD_LIFETIME` of virtual time, marks the document
Uploaded (the simulator keeps its size, not its bytes). The token is unguessable (from
the file's id secret, `env.new_token`), shown only in the URL (as a presigned URL's signature
is) and stored hashed.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, update_columns
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.projects import hash_secret
from ..kernel.queries import find_visible
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks
from .cases import BEFORE_APPROVAL, change_case, change_shareholder, new_document

__all__ = [
    "UPLOAD_LIFETIME",
    "UPLOAD_PATH",
    "approve_case",
    "get_document",
    "new_upload_url",
    "receive_upload",
    "set_document_status",
]

#: An upload URL works this long (virtual time; a simulator choice).
UPLOAD_LIFETIME = timedelta(hours=1)
#: The path of the upload route under the public URL, per environment.
UPLOAD_PATH = "/{environment}/capital-deposit-uploads/{token}"
#: The next status of an approved case, and what its shareholders become.
_APPROVALS = {
    "PendingInternalReview": ("WaitingForNotaryTransfer", "CapitalTransferred"),
    "WaitingForNotaryTransfer": (
        "WaitingForNotaryShareDepositCertificate",
        "CapitalFundsWiredToNotary",
    ),
}
#: A Validated document of this type moves the case on (status it needs, status reached,
#: the next document asked for).
_MILESTONES = {
    "CapitalShareDepositCertificate": (
        "WaitingForNotaryShareDepositCertificate",
        "WaitingForRegisterExtract",
        "RegisterExtract",
    ),
    "RegisterExtract": ("WaitingForRegisterExtract", "Completed", None),
}


def get_document(env: Environment, principal: Principal, document_id: str) -> dict[str, Any]:
    return find_visible(
        env,
        "capital_deposit_documents",
        ("project_id = ?", [principal.project_id]),
        document_id,
        "Capital deposit document",
    )


def _cannot_upload(document_id: str, why: str) -> dict[str, Any]:
    return rejection(
        "CapitalDepositDocumentCanNotBeUploadedRejection",
        f"Capital deposit document {document_id} cannot be uploaded: {why}.",
        id=document_id,
    )


def _change(
    env: Environment, db: Database, row: dict[str, Any], changes: dict[str, Any]
) -> dict[str, Any]:
    changes = {**changes, "updated_at": env.now()}
    update_columns(db, "capital_deposit_documents", row["id"], changes)
    emit(
        env,
        db,
        "CapitalDepositDocument.Updated",
        project_id=row["project_id"],
        resource_id=row["id"],
    )
    return {**row, **changes}


def new_upload_url(
    env: Environment,
    principal: Principal,
    case_id: str,
    document_id: str,
    filename: str,
    *,
    public_url: str,
) -> str:
    """An upload URL for a Pending or Refused document of an open case."""
    checks = Checks()
    name = checks.text(filename, ["input", "filename"], max_length=255)
    checks.raise_if_any()
    with env.store.atomic() as db:
        cases = list(
            db["capital_deposit_cases"].rows_where(
                "id = ? AND project_id = ?", [case_id, principal.project_id]
            )
        )
        if not cases:  # its union has no case-not-found rejection
            raise Rejected(_cannot_upload(document_id, f"no capital deposit case {case_id}"))
        case = cases[0]
        rows = list(
            db["capital_deposit_documents"].rows_where(
                "id = ? AND case_id = ?", [document_id, case["id"]]
            )
        )
        if not rows:
            raise Rejected(_cannot_upload(document_id, f"case {case_id} has no such document"))
        document = rows[0]
        if case["status"] in ("Canceled", "Completed"):
            raise Rejected(_cannot_upload(document_id, f"case {case_id} is {case['status']}"))
        if document["status"] not in ("Pending", "Refused"):
            raise Rejected(_cannot_upload(document_id, f"it is {document['status']}"))
        token = env.new_token(db, "capital-deposit-upload")
        expires = format_timestamp(parse_timestamp(env.now()) + UPLOAD_LIFETIME)
        _change(
            env,
            db,
            document,
            {"filename": name, "upload_token": hash_secret(token), "upload_expires_at": expires},
        )
    path = UPLOAD_PATH.format(environment=env.name.value, token=token)
    return public_url.rstrip("/") + path


def receive_upload(env: Environment, token: str, size: int) -> dict[str, Any] | None:
    """The file sent to an upload URL: its document becomes Uploaded. None when the URL is
    unknown, used or expired."""
    with env.store.atomic() as db:
        rows = list(
            db["capital_deposit_documents"].rows_where("upload_token = ?", [hash_secret(token)])
        )
        if not rows or (rows[0]["upload_expires_at"] or "") <= env.now():
            return None
        document = rows[0]
        if document["status"] not in ("Pending", "Refused"):
            return None
        return _uploaded(env, db, document, size)


def _uploaded(
    env: Environment, db: Database, document: dict[str, Any], size: int | None
) -> dict[str, Any]:
    document = _change(
        env,
        db,
        document,
        {
            "status": "Uploaded",
            "reason_code": None,
            "upload_token": None,
            "uploaded_at": env.now(),
            "size": size,
        },
    )
    _after_upload(env, db, document)
    return document


def _after_upload(env: Environment, db: Database, document: dict[str, Any]) -> None:
    """A shareholder whose documents are all in waits for verification; a case whose initial
    documents are all in goes to the bank's review."""
    case = get_row(db, "capital_deposit_cases", document["case_id"])
    done = ("Uploaded", "Validated")
    if document.get("shareholder_id"):
        shareholder = get_row(db, "capital_deposit_shareholders", document["shareholder_id"])
        mine = db["capital_deposit_documents"].rows_where("shareholder_id = ?", [shareholder["id"]])
        if shareholder["status"] == "PendingOnboarding" and all(d["status"] in done for d in mine):
            change_shareholder(env, db, shareholder, {"status": "WaitingForVerification"})
    if case["status"] in ("WaitingForInitialRequirements", "WaitingForAdditionalInformation"):
        documents = db["capital_deposit_documents"].rows_where("case_id = ?", [case["id"]])
        if all(d["status"] in done for d in documents):
            change_case(env, db, case, {"status": "PendingInternalReview"})


def set_document_status(
    env: Environment,
    project_id: str,
    document_id: str,
    status: str,
    reason_code: str | None = None,
) -> dict[str, Any]:
    """The Testing API: the file arriving (Uploaded) or the bank's decision on it."""
    with env.store.atomic() as db:
        rows = list(
            db["capital_deposit_documents"].rows_where(
                "id = ? AND project_id = ?", [document_id, project_id]
            )
        )
        if not rows:
            raise Rejected(
                rejection(
                    "CouldNotFindCapitalDepositDocumentRejection",
                    f"Capital deposit document {document_id} was not found.",
                    id=document_id,
                )
            )
        document = rows[0]
        case = get_row(db, "capital_deposit_cases", document["case_id"])
        if case["status"] in ("Canceled", "Completed"):
            raise Rejected(
                rejection(
                    "CouldNotUpdateCapitalDepositDocumentStatusRejection",
                    f"Capital deposit case {case['id']} is {case['status']}.",
                    id=document_id,
                )
            )
        if status == "Uploaded":
            return _uploaded(env, db, document, document.get("size"))
        if status == "Refused":
            return _refuse(env, db, document, case, reason_code)
        if status == "Validated" and document["status"] not in ("Uploaded", "Validated"):
            raise Rejected(
                rejection(
                    "CouldNotUpdateCapitalDepositDocumentStatusRejection",
                    f"Capital deposit document {document_id} is {document['status']}: "
                    "only an uploaded document is validated.",
                    id=document_id,
                )
            )
        document = _change(env, db, document, {"status": status, "reason_code": None})
        if status == "Validated":
            _milestone(env, db, document, case)
        return document


def _refuse(
    env: Environment,
    db: Database,
    document: dict[str, Any],
    case: Mapping[str, Any],
    reason_code: str | None,
) -> dict[str, Any]:
    if document["status"] != "Uploaded":
        raise Rejected(
            rejection(
                "CouldNotRejectCapitalDepositDocumentRejection",
                f"Capital deposit document {document['id']} is {document['status']}: "
                "only an uploaded document is refused.",
                id=document["id"],
            )
        )
    document = _change(
        env,
        db,
        document,
        {"status": "Refused", "reason_code": reason_code or "InvalidDocument"},
    )
    if case["status"] in BEFORE_APPROVAL:
        change_case(env, db, case, {"status": "WaitingForAdditionalInformation"})
    return document


def _milestone(
    env: Environment, db: Database, document: dict[str, Any], case: Mapping[str, Any]
) -> None:
    step = _MILESTONES.get(document["type"])
    if document.get("shareholder_id") or step is None or case["status"] != step[0]:
        return
    case = change_case(env, db, case, {"status": step[1]})
    if step[2] is not None:
        new_document(env, db, case, step[2])


def approve_case(env: Environment, project_id: str, case_id: str) -> dict[str, Any]:
    """The bank's approval, one step: the review passed (the shareholders' capital is
    deposited), then the capital wired to the notary (a deposit certificate is asked for)."""
    with env.store.atomic() as db:
        rows = list(
            db["capital_deposit_cases"].rows_where(
                "id = ? AND project_id = ?", [case_id, project_id]
            )
        )
        if not rows or rows[0]["status"] not in _APPROVALS:
            state = rows[0]["status"] if rows else "unknown"
            raise Rejected(
                rejection(
                    "CouldNotFindCapitalDepositCaseRejection",
                    f"No capital deposit case {case_id} waiting for the bank's approval "
                    f"(it is {state}).",
                    id=case_id,
                )
            )
        case = rows[0]
        status, shareholders = _APPROVALS[case["status"]]
        for row in db["capital_deposit_shareholders"].rows_where("case_id = ?", [case_id]):
            change_shareholder(env, db, row, {"status": shareholders})
        case = change_case(env, db, case, {"status": status})
        if status == "WaitingForNotaryShareDepositCertificate":
            new_document(env, db, case, "CapitalShareDepositCertificate")
        return case

"""External identifications: an identity check a partner ran with its own provider, recorded
for a user (`addExternalIdentification`), and upload URLs for the sides of its identity
document (`generateIdentificationDocumentUploadUrl`).

Only a project token records one (a user token gets `ForbiddenRejection`); the user must be
one the project knows (`users.project_knows_user`), else `UserNotFoundRejection`. The bank
takes the partner's word (a simulator choice): the identification is `Valid` at once. It is
kept apart from the Sandbox identifications a user's `identifications` lists, whose
processes are the bank's own (Expert, PVID, QES), and it sets no identification level.

Each identification gets an identity document id. An upload URL for it is
`{public_url}/{environment}/identification-document-uploads/{token}`: a `PUT` (or `POST`) of
the file there, within `UPLOAD_LIFETIME` of virtual time and once, is recorded (its size,
not its bytes). The token is unguessable (from the file's id secret, `env.new_token`), shown
only in the URL (as a presigned URL's signature is) and stored hashed. An identity document
of another project is `IdentificationDocumentNotFound`.

```python
row = add_external_identification(env, principal, user_id, "kyc-42", {"firstName": "Ada", ...})
url, fields = new_upload_url(env, principal, row["identity_document_id"], "SideA", "a.jpg",
                             public_url="http://127.0.0.1:8000")
```
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import insert_row, rows_where, update_row, with_changes
from ...storage.rows import (
    ExternalIdentificationNew,
    IdentificationDocumentUploadChanges,
    IdentificationDocumentUploadRow,
)
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.projects import hash_secret
from ..kernel.rejections import Rejected, forbidden, rejection
from .users import project_knows_user

__all__ = [
    "UPLOAD_LIFETIME",
    "UPLOAD_PATH",
    "add_external_identification",
    "new_upload_url",
    "receive_upload",
]

#: An upload URL works this long (virtual time; a simulator choice, as for capital deposits).
UPLOAD_LIFETIME = timedelta(hours=1)
#: The path of the upload route under the public URL, per environment.
UPLOAD_PATH = "/{environment}/identification-document-uploads/{token}"
#: The longest external id and file name taken (a simulator choice).
MAX_TEXT = 255
_NAMES = ("firstName", "lastName")
_DATES = ("birthDate", "expiryDate", "issueDate")


def _field_error(code: str, message: str, path: list[str]) -> dict[str, Any]:
    return {"code": code, "message": message, "path": path}


def _text_errors(value: str, path: list[str]) -> list[dict[str, Any]]:
    if not value.strip():
        return [_field_error("TooShort", "Give a value.", path)]
    if len(value) > MAX_TEXT:
        return [_field_error("TooLong", f"At most {MAX_TEXT} characters.", path)]
    return []


def _document_errors(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What is wrong with the identity document: blank names, dates not YYYY-MM-DD."""
    base = ["input", "identityDocument"]
    errors = [e for name in _NAMES for e in _text_errors(document[name], [*base, name])]
    if not [name for name in document["allFirstNames"] if name.strip()]:
        errors.append(_field_error("TooShort", "Give at least one.", [*base, "allFirstNames"]))
    for name in _DATES:
        value = document.get(name)
        if value is None:
            continue
        try:
            date.fromisoformat(value)
            if len(value) != len("2000-01-01"):
                raise ValueError(value)
        except ValueError:
            errors.append(_field_error("InvalidString", "Use YYYY-MM-DD.", [*base, name]))
    return errors


def _validated(external_id: str, document: Mapping[str, Any]) -> None:
    errors = _text_errors(external_id, ["input", "externalId"]) + _document_errors(document)
    if errors:
        raise Rejected(
            rejection("ValidationRejection", "The identification is not valid.", fields=errors)
        )


def add_external_identification(
    env: Environment,
    principal: Principal,
    user_id: str,
    external_id: str,
    document: Mapping[str, Any],
) -> ExternalIdentificationNew:
    """Record the partner's identification of a user (one transaction; event `User.Updated`)."""
    if principal.user_id is not None:
        raise Rejected(forbidden("addExternalIdentification takes a project access token."))
    _validated(external_id, document)
    with env.store.atomic() as db:
        if not project_knows_user(env, principal.project_id, user_id):
            message = f"User {user_id} was not found."
            raise Rejected(rejection("UserNotFoundRejection", message, id=user_id))
        now = env.now()
        row: ExternalIdentificationNew = {
            "id": env.new_id(db, "external_identification"),
            "project_id": principal.project_id,
            "user_id": user_id,
            "external_id": external_id.strip(),
            "identity_document": json.dumps(dict(document), sort_keys=True),
            "identity_document_id": env.new_id(db, "identity_document"),
            "status": "Valid",
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "external_identifications", row)
        emit(env, db, "User.Updated", project_id=principal.project_id, resource_id=user_id)
        return row


def new_upload_url(
    env: Environment,
    principal: Principal,
    document_id: str,
    side: str,
    filename: str,
    *,
    public_url: str,
) -> tuple[str, list[dict[str, str]]]:
    """An upload URL (and the form fields to send with it) for one side of the identity
    document of one of the project's external identifications."""
    if principal.user_id is not None:
        raise Rejected(forbidden("generateIdentificationDocumentUploadUrl takes a project token."))
    errors = _text_errors(filename, ["input", "fileName"])
    if errors:
        raise Rejected(rejection("ValidationRejection", "Invalid file name.", fields=errors))
    with env.store.atomic() as db:
        found = list(
            rows_where(
                db,
                "external_identifications",
                "identity_document_id = ? AND project_id = ?",
                [document_id, principal.project_id],
            )
        )
        if not found:
            message = f"Identification document {document_id} was not found."
            raise Rejected(rejection("IdentificationDocumentNotFoundRejection", message))
        token = env.new_token(db, "identification-document-upload")
        now = env.now()
        insert_row(
            db,
            "identification_document_uploads",
            {
                "token": hash_secret(token),
                "project_id": principal.project_id,
                "identification_id": found[0]["id"],
                "side": side,
                "filename": filename.strip(),
                "expires_at": format_timestamp(parse_timestamp(now) + UPLOAD_LIFETIME),
                "created_at": now,
            },
        )
    path = UPLOAD_PATH.format(environment=env.name.value, token=token)
    fields = [{"key": "fileName", "value": filename.strip()}, {"key": "side", "value": side}]
    return public_url.rstrip("/") + path, fields


def receive_upload(
    env: Environment, token: str, size: int
) -> IdentificationDocumentUploadRow | None:
    """The file sent to an upload URL, recorded. None when the URL is unknown, used or
    expired (the route answers 404)."""
    with env.store.atomic() as db:
        digest = hash_secret(token)
        rows = list(rows_where(db, "identification_document_uploads", "token = ?", [digest]))
        if not rows or rows[0]["uploaded_at"] or rows[0]["expires_at"] <= env.now():
            return None
        changes: IdentificationDocumentUploadChanges = {"uploaded_at": env.now(), "size": size}
        update_row(db, "identification_document_uploads", digest, changes)
        row = with_changes(rows[0], changes)
        (user_id,) = db.execute(
            "SELECT user_id FROM external_identifications WHERE id = ?", [row["identification_id"]]
        ).fetchone()
        emit(env, db, "User.Updated", project_id=row["project_id"], resource_id=user_id)
        return row

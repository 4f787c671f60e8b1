"""`addExternalIdentification` and `generateIdentificationDocumentUploadUrl`
(`domain/users/external_identifications.py`)."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType
from ariadne.types import SchemaBindable

from ....domain.users import external_identifications as domain
from ....graphql_compat import ResolveInfo
from ...mutations import returns_rejections
from .._helpers import caller

__all__ = ["bindables"]

mutation = MutationType()
bindables: list[SchemaBindable] = [mutation]

#: The identity document's input fields as the real schema names them (the domain keeps the
#: document as given).
_DOCUMENT_FIELDS = {
    "type": "type",
    "first_name": "firstName",
    "last_name": "lastName",
    "all_first_names": "allFirstNames",
    "birth_last_name": "birthLastName",
    "birth_date": "birthDate",
    "birth_city": "birthCity",
    "birth_country": "birthCountry",
    "gender": "gender",
    "nationality": "nationality",
    "number": "number",
    "issuing_country": "issuingCountry",
    "issue_date": "issueDate",
    "expiry_date": "expiryDate",
    "mrz": "mrz",
}


@mutation.field("addExternalIdentification")
@returns_rejections
def resolve_add(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    given = input["identity_document"]
    document = {name: given.get(key) for key, name in _DOCUMENT_FIELDS.items()}
    row = domain.add_external_identification(
        env, principal, input["user_id"], input["external_id"], document
    )
    return {
        "__typename": "AddExternalIdentificationSuccessPayload",
        **row,
        "face_photo_document_id": None,
    }


@mutation.field("generateIdentificationDocumentUploadUrl")
@returns_rejections
def resolve_upload_url(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    url, fields = domain.new_upload_url(
        env,
        principal,
        input["identification_document_id"],
        input["document_file_side"],
        input["file_name"],
        public_url=info.context.base_url,
    )
    return {
        "__typename": "GenerateIdentificationDocumentUploadUrlSuccessPayload",
        "upload": {"url": url, "fields": fields},
    }

"""addExternalIdentification and generateIdentificationDocumentUploadUrl through the real HTTP
app: a partner's own identity check recorded for a user, and single-use upload URLs for its
identity document that expire on the virtual clock."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from .banking_support import REDIRECT, Bank, Client

ADDED = "id userId externalId status identityDocumentId facePhotoDocumentId createdAt updatedAt"
DOCUMENT = {
    "type": "Passport",
    "firstName": "Ada",
    "lastName": "Lovelace",
    "allFirstNames": ["Ada", "Augusta"],
    "birthDate": "1815-12-10",
    "gender": "Female",
    "nationality": "GBR",
    "expiryDate": "2031-05-01",
}


def add(client: Client, user_id: str, **document: Any) -> dict[str, Any]:
    input = {
        "userId": user_id,
        "externalId": "kyc-42",
        "identityDocument": {**DOCUMENT, **document},
    }
    return client.mutate("addExternalIdentification", input, ADDED)


def upload_url(client: Client, document_id: str, file_name: str = "a.jpg") -> dict[str, Any]:
    input = {
        "identificationDocumentId": document_id,
        "documentFileSide": "SideA",
        "fileName": file_name,
    }
    return client.mutate(
        "generateIdentificationDocumentUploadUrl", input, "upload { url fields { key value } }"
    )


def test_an_external_identification_is_recorded(bank: Bank) -> None:
    user = bank.holder()["user_id"]
    added = add(bank.api, user)
    assert added["__typename"] == "AddExternalIdentificationSuccessPayload"
    assert (added["userId"], added["externalId"], added["status"]) == (user, "kyc-42", "Valid")
    assert added["identityDocumentId"] and added["facePhotoDocumentId"] is None
    assert added["createdAt"] == added["updatedAt"] == bank.env.now()
    row = bank.row("external_identifications", added["id"])
    assert '"allFirstNames": ["Ada", "Augusta"]' in row["identity_document"]
    assert "User.Updated" in bank.events(user)


def test_identification_rejections_change_nothing(bank: Bank) -> None:
    user = bank.holder()["user_id"]
    assert add(bank.api, "nope")["__typename"] == "UserNotFoundRejection"
    invalid = add(bank.api, user, firstName=" ", birthDate="10/12/1815", allFirstNames=[])
    assert invalid["__typename"] == "ValidationRejection"
    paths = sorted(field["path"][-1] for field in invalid["fields"])
    assert paths == ["allFirstNames", "birthDate", "firstName"]
    assert add(bank.user_client(user), user)["__typename"] == "ForbiddenRejection"
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    assert add(other.api, user)["__typename"] == "UserNotFoundRejection"
    assert bank.env.store.db["external_identifications"].count == 0


def test_upload_urls_are_scoped_single_use_and_expire(bank: Bank) -> None:
    user = bank.holder()["user_id"]
    document = add(bank.api, user)["identityDocumentId"]
    answer = upload_url(bank.api, document)
    assert answer["__typename"] == "GenerateIdentificationDocumentUploadUrlSuccessPayload"
    assert {"key": "side", "value": "SideA"} in answer["upload"]["fields"]
    path = urlsplit(answer["upload"]["url"]).path
    assert path.startswith("/sandbox/identification-document-uploads/")
    sent = bank.http.put(path, content=b"jpeg bytes")
    assert sent.status_code == 200 and sent.json() == {
        "side": "SideA",
        "fileName": "a.jpg",
        "size": 10,
    }
    assert bank.http.put(path, content=b"again").status_code == 404  # used
    late = urlsplit(upload_url(bank.api, document)["upload"]["url"]).path
    bank.sim.advance("2h")
    assert bank.http.put(late, content=b"late").status_code == 404  # expired
    assert bank.http.put("/sandbox/identification-document-uploads/nope").status_code == 404
    unknown = upload_url(bank.api, "nope")
    assert unknown["__typename"] == "IdentificationDocumentNotFoundRejection"
    assert upload_url(bank.api, document, " ")["__typename"] == "ValidationRejection"
    assert upload_url(bank.user_client(user), document)["__typename"] == "ForbiddenRejection"
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    theirs = upload_url(other.api, document)
    assert theirs["__typename"] == "IdentificationDocumentNotFoundRejection"
    assert bank.env.store.db["identification_document_uploads"].count == 2

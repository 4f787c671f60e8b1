"""Live tokens of the routes whose path is a credential, for the fuzzers: a capital deposit
document's upload, an identity document's upload and an export's download, each made as a
partner makes them (through the API), so that a fuzzed request with one of them reaches the
route's handler (an upload's body, a download's answer) and not only its 404."""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx

from simulator import ProjectCredentials, Simulator

from .banking_support import Bank

EUR = "EUR"


def _token(url: str) -> tuple[str, str]:
    """The credential segment (`export-downloads`) and the token of a link."""
    *_, segment, token = urlsplit(url).path.split("/")
    return segment, token


def _capital_deposit(bank: Bank) -> str:
    shareholder = {
        "firstName": "Ada",
        "lastName": "Founder",
        "birthDate": "1990-04-21",
        "nationality": "FRA",
        "capitalDepositAmount": {"value": "1000.00", "currency": EUR},
        "onboardingInfo": {"email": "ada@example.com", "accountCountry": "FRA"},
    }
    case = bank.api.mutate(
        "createCapitalDepositCase",
        {
            "companyName": "Fuzz SAS",
            "onboardingCapitalDepositCompany": {"name": "Fuzz SAS", "email": "ceo@fuzz.fr"},
            "individualShareholders": [shareholder],
            "companyShareholders": [],
        },
        "capitalDepositCase { id documents { id } }",
    )["capitalDepositCase"]
    answer = bank.api.mutate(
        "generateCapitalDepositDocumentUploadUrl",
        {"capitalDepositCaseId": case["id"], "documentId": case["documents"][0]["id"],
         "filename": "doc.pdf"},
        "uploadUrl",
    )  # fmt: skip
    return str(answer["uploadUrl"])


def _identity_document(bank: Bank) -> str:
    document = {
        "type": "Passport", "firstName": "Ada", "lastName": "Lovelace",
        "allFirstNames": ["Ada"], "birthDate": "1815-12-10", "gender": "Female",
        "nationality": "GBR", "expiryDate": "2031-05-01",
    }  # fmt: skip
    added = bank.api.mutate(
        "addExternalIdentification",
        {"userId": bank.holder()["user_id"], "externalId": "fuzz", "identityDocument": document},
        "identityDocumentId",
    )
    answer = bank.api.mutate(
        "generateIdentificationDocumentUploadUrl",
        {"identificationDocumentId": added["identityDocumentId"], "documentFileSide": "SideA",
         "fileName": "a.jpg"},
        "upload { url }",
    )  # fmt: skip
    return str(answer["upload"]["url"])


def _export(bank: Bank) -> str:
    export_id = bank.api.mutate("exportAccountData", {"filters": {}}, "exportId")["exportId"]
    bank.sim.advance("1m")
    answer = bank.api.mutate("generateExportDownloadLink", {"exportId": export_id}, "link")
    return str(answer["link"])


def file_tokens(sim: Simulator, http: httpx.Client, project: ProjectCredentials) -> dict[str, str]:
    """A live token for each credential segment of the Sandbox (`export-downloads`: ...)."""
    bank = Bank(sim, http, project)
    return dict(
        _token(url) for url in (_capital_deposit(bank), _identity_document(bank), _export(bank))
    )

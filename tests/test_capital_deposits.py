"""Capital deposits: a case with its company's and shareholders' onboardings and documents,
uploads to the simulator's own URL, the bank's review and approvals (Testing API), the
company's and amounts' changes, cancellation, queries, rejections and project scoping."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from .banking_support import REDIRECT, Bank

CASE = (
    "id companyName companyAccountId status statusInfo { __typename status "
    "... on CapitalDepositCaseCanceledStatusInfo { reasonType } } "
    "totalCapitalDepositAmount { value currency } companyOnboarding { id accountName } "
    "shareholders { id status capitalDepositAmount { value } onboarding { id } "
    "info { __typename ... on IndividualShareholder { type firstName lastName nationality } "
    "... on CompanyShareholder { type name } } documents { id type } } "
    "documents { id type status statusInfo { status "
    "... on CapitalDepositDocumentRefusedStatusInfo { reasonCode } } uploadedAt "
    "relatedShareholder { id } relatedCapitalDepositCase { id } }"
)
EUR = "EUR"


def individual(first: str, amount: str) -> dict[str, Any]:
    return {
        "firstName": first,
        "lastName": "Founder",
        "birthDate": "1990-04-21",
        "nationality": "FRA",
        "capitalDepositAmount": {"value": amount, "currency": EUR},
        "onboardingInfo": {"email": f"{first.lower()}@example.com", "accountCountry": "FRA"},
    }


def create(bank: Bank, **extra: Any) -> dict[str, Any]:
    payload = bank.api.mutate(
        "createCapitalDepositCase",
        {
            "companyName": "Paper Goods SAS",
            "onboardingCapitalDepositCompany": {"name": "Paper Goods SAS", "email": "ceo@pg.fr"},
            "individualShareholders": [individual("Ada", "600.00"), individual("Alan", "400.00")],
            "companyShareholders": [
                {
                    "name": "Holding SA",
                    "capitalDepositAmount": {"value": "1000.00", "currency": EUR},
                    "onboardingInfo": {"name": "Holding SA"},
                }
            ],
            **extra,
        },
        f"capitalDepositCase {{ {CASE} }}",
    )
    assert payload["__typename"] == "CreateCapitalDepositCaseSuccessPayload", payload
    return dict(payload["capitalDepositCase"])


def read(bank: Bank, case_id: str) -> dict[str, Any]:
    query = "query($id: ID!) { capitalDepositCase(id: $id) { %s } }" % CASE
    return dict(bank.api.query(query, {"id": case_id})["capitalDepositCase"])


def upload(bank: Bank, case_id: str, document_id: str) -> Any:
    answer = bank.api.mutate(
        "generateCapitalDepositDocumentUploadUrl",
        {"capitalDepositCaseId": case_id, "documentId": document_id, "filename": "doc.pdf"},
        "uploadUrl",
    )
    url = urlsplit(answer["uploadUrl"])
    assert answer["uploadUrl"].startswith(bank.sim.public_url)  # never from the Host header
    return bank.http.put(url.path, content=b"%PDF-1.4 simulated")


def test_create_upload_review_approve_complete(bank: Bank) -> None:
    case = create(bank)
    assert case["statusInfo"]["status"] == "WaitingForInitialRequirements"
    assert case["status"] == "Initiated"
    assert case["totalCapitalDepositAmount"] == {"value": "2000.00", "currency": EUR}
    assert case["companyOnboarding"]["id"]
    kinds = [s["info"]["__typename"] for s in case["shareholders"]]
    assert kinds == ["IndividualShareholder", "IndividualShareholder", "CompanyShareholder"]
    assert {s["status"] for s in case["shareholders"]} == {"PendingOnboarding"}
    assert [d["type"] for d in case["documents"]] == [
        "ArticlesOfIncorporation",
        "CompanyLeaseAgreement",
        "ProofOfIdentity",
        "ProofOfIndividualAddress",
        "ProofOfIdentity",
        "ProofOfIndividualAddress",
        "RegisterExtract",
    ]
    for document in case["documents"]:
        response = upload(bank, case["id"], document["id"])
        assert response.status_code == 200, response.text
        assert response.json()["status"] == "Uploaded"
    case = read(bank, case["id"])
    assert case["statusInfo"]["status"] == "PendingInternalReview"
    assert {s["status"] for s in case["shareholders"]} == {"WaitingForVerification"}
    assert case["documents"][0]["uploadedAt"] == bank.env.now()[:10]
    approve = {"capitalDepositCaseId": case["id"]}
    assert bank.testing.mutate("simulateApproveCapitalDepositCase", approve, "id")["id"]
    assert read(bank, case["id"])["statusInfo"]["status"] == "WaitingForNotaryTransfer"
    bank.testing.mutate("simulateApproveCapitalDepositCase", approve)
    case = read(bank, case["id"])
    assert case["statusInfo"]["status"] == "WaitingForNotaryShareDepositCertificate"
    assert {s["status"] for s in case["shareholders"]} == {"CapitalFundsWiredToNotary"}
    for expected in ("CapitalShareDepositCertificate", "RegisterExtract"):
        [document] = [
            d for d in case["documents"] if d["type"] == expected and d["status"] == "Pending"
        ]
        decide(bank, document["id"], "Uploaded")
        decide(bank, document["id"], "Validated")
        case = read(bank, case["id"])
    assert case["statusInfo"]["status"] == "Completed"
    events = [e for e in bank.events(case["id"]) if e.startswith("CapitalDepositCaseEvent")]
    assert events[0] == "CapitalDepositCaseEvent.Created" and len(events) >= 6
    assert bank.events(case["shareholders"][0]["id"])[0] == "Shareholder.Created"
    assert "CapitalDepositDocument.Updated" in bank.events(case["documents"][0]["id"])


def decide(bank: Bank, document_id: str, status: str, **extra: Any) -> dict[str, Any]:
    return bank.testing.mutate(
        "simulateCapitalDepositDocumentStatus",
        {"documentId": document_id, "documentStatus": status, **extra},
        "id",
    )


def test_refused_document_then_uploaded_again(bank: Bank) -> None:
    case = create(bank)
    first = case["documents"][0]["id"]
    refused = decide(bank, first, "Refused", documentRefusalReasonCode="MissingSignature")
    assert refused["__typename"] == "CouldNotRejectCapitalDepositDocumentRejection"  # no file yet
    decide(bank, first, "Uploaded")
    decide(bank, first, "Refused", documentRefusalReasonCode="MissingSignature")
    case = read(bank, case["id"])
    assert case["statusInfo"]["status"] == "WaitingForAdditionalInformation"
    assert case["documents"][0]["statusInfo"] == {
        "status": "Refused",
        "reasonCode": "MissingSignature",
    }
    assert upload(bank, case["id"], first).status_code == 200  # a refused one is sent again
    # Validating a document that has no file is refused.
    second = case["documents"][1]["id"]
    invalid = decide(bank, second, "Validated")
    assert invalid["__typename"] == "CouldNotUpdateCapitalDepositDocumentStatusRejection"


def test_upload_urls_are_single_use_and_expire(bank: Bank) -> None:
    case = create(bank)
    document = case["documents"][0]["id"]
    answer = bank.api.mutate(
        "generateCapitalDepositDocumentUploadUrl",
        {"capitalDepositCaseId": case["id"], "documentId": document, "filename": "a.pdf"},
        "uploadUrl",
    )
    path = urlsplit(answer["uploadUrl"]).path
    bank.sim.advance("2h")
    expired = bank.http.put(path, content=b"late")
    assert expired.status_code == 404 and expired.json()["errors"][0]["extensions"]["code"]
    assert upload(bank, case["id"], document).status_code == 200
    again = bank.api.mutate(
        "generateCapitalDepositDocumentUploadUrl",
        {"capitalDepositCaseId": case["id"], "documentId": document, "filename": "b.pdf"},
    )
    assert again["__typename"] == "CapitalDepositDocumentCanNotBeUploadedRejection"
    assert bank.http.put("/sandbox/capital-deposit-uploads/nope", content=b"x").status_code == 404
    assert bank.http.get(path).status_code == 405


def test_company_amounts_and_cancel(bank: Bank) -> None:
    case = create(bank)
    renamed = bank.api.mutate(
        "updateCapitalDepositCaseCompany",
        {
            "capitalDepositCaseId": case["id"],
            "companyName": "Paper & Ink SAS",
            "residencyAddress": {"addressLine1": "1 rue X", "city": "Paris", "country": "FRA"},
        },
        "capitalDepositCase { companyName }",
    )
    assert renamed["capitalDepositCase"]["companyName"] == "Paper & Ink SAS"
    shareholder = case["shareholders"][0]["id"]
    changed = bank.api.mutate(
        "updateCapitalDepositShareholderAmount",
        {"shareholderId": shareholder, "shareholderAmount": {"value": "900.00", "currency": EUR}},
        "shareholder { capitalDepositAmount { value } }",
    )
    assert changed["shareholder"]["capitalDepositAmount"]["value"] == "900.00"
    assert read(bank, case["id"])["totalCapitalDepositAmount"]["value"] == "2300.00"
    bad = bank.api.mutate(
        "updateCapitalDepositShareholderAmount",
        {"shareholderId": shareholder, "shareholderAmount": {"value": "-1", "currency": EUR}},
    )
    assert bad["__typename"] == "ValidationRejection"
    canceled = bank.api.mutate(
        "cancelCapitalDepositCase", {"id": case["id"]}, f"capitalDepositCase {{ {CASE} }}"
    )["capitalDepositCase"]
    assert canceled["statusInfo"] == {
        "__typename": "CapitalDepositCaseCanceledStatusInfo",
        "status": "Canceled",
        "reasonType": "CapitalDepositWithdrawn",
    }
    assert {s["status"] for s in read(bank, case["id"])["shareholders"]} == {
        "CapitalDepositCanceled"
    }
    twice = bank.api.mutate("cancelCapitalDepositCase", {"id": case["id"]})
    assert twice["__typename"] == "CapitalDepositCaseCanNotBeCanceledRejection"
    fixed = bank.api.mutate(
        "updateCapitalDepositCaseCompany", {"capitalDepositCaseId": case["id"], "companyName": "X"}
    )
    assert fixed["__typename"] == "CapitalDepositCaseCompanyCannotBeUpdatedRejection"
    amount = bank.api.mutate(
        "updateCapitalDepositShareholderAmount",
        {"shareholderId": shareholder, "shareholderAmount": {"value": "1.00", "currency": EUR}},
    )
    assert amount["__typename"] == "CapitalDepositCaseCanNotBeUpdatedRejection"


def test_lists_and_queries(bank: Bank) -> None:
    first = create(bank)
    bank.sim.advance("1s")  # created one after the other
    second = create(bank, companyName="Ink Works SARL")
    bank.api.mutate("cancelCapitalDepositCase", {"id": second["id"]})
    listed = bank.api.query(
        "{ capitalDepositCases(first: 10, orderBy: {field: createdAt, direction: Desc}) "
        "{ totalCount edges { node { id } } } }"
    )["capitalDepositCases"]
    assert [e["node"]["id"] for e in listed["edges"]] == [second["id"], first["id"]]
    canceled = bank.api.query(
        "{ capitalDepositCases(first: 10, filters: {statuses: [Canceled]}) { totalCount } }"
    )["capitalDepositCases"]
    assert canceled["totalCount"] == 1
    searched = bank.api.query(
        '{ capitalDepositCases(first: 10, filters: {search: "Ink"}) { edges { node { id } } } }'
    )["capitalDepositCases"]["edges"]
    assert [e["node"]["id"] for e in searched] == [second["id"]]
    document = first["documents"][2]
    by_id = bank.api.query(
        "query($d: ID!, $s: ID!) { capitalDepositDocument(id: $d) { type relatedShareholder "
        "{ id } } shareholder(id: $s) { id relatedCapitalDepositCase { id } } }",
        {"d": document["id"], "s": document["relatedShareholder"]["id"]},
    )
    assert by_id["capitalDepositDocument"]["type"] == "ProofOfIdentity"
    assert by_id["shareholder"]["relatedCapitalDepositCase"]["id"] == first["id"]


def test_rejections(bank: Bank) -> None:
    empty = bank.api.mutate(
        "createCapitalDepositCase",
        {
            "companyName": " ",
            "onboardingCapitalDepositCompany": {},
            "individualShareholders": [],
            "companyShareholders": [],
        },
    )
    assert empty["__typename"] == "ValidationRejection"
    paths = {".".join(field["path"]) for field in empty["fields"]}
    assert {"input.companyName", "input.individualShareholders"} <= paths
    bad_person = bank.api.mutate(
        "createCapitalDepositCase",
        {
            "companyName": "X",
            "onboardingCapitalDepositCompany": {},
            "individualShareholders": [{**individual("Ada", "1.00"), "birthDate": "21/04/1990"}],
            "companyShareholders": [],
        },
    )
    assert bad_person["fields"][0]["path"] == ["input", "individualShareholders", "0", "birthDate"]
    assert bank.env.store.db["capital_deposit_cases"].count == 0
    missing = bank.api.mutate("cancelCapitalDepositCase", {"id": "nope"})
    assert (missing["__typename"], missing["id"]) == (
        "CapitalDepositCaseCanNotBeFoundRejection",
        "nope",
    )
    approve = bank.testing.mutate(
        "simulateApproveCapitalDepositCase", {"capitalDepositCaseId": "x"}
    )
    assert approve["__typename"] == "CouldNotFindCapitalDepositCaseRejection"
    early = create(bank)  # not reviewed yet: nothing to approve
    answer = bank.testing.mutate(
        "simulateApproveCapitalDepositCase", {"capitalDepositCaseId": early["id"]}
    )
    assert answer["__typename"] == "CouldNotFindCapitalDepositCaseRejection"
    body = bank.api.post('{ capitalDepositCase(id: "nope") { id } }')
    assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND"


@pytest.fixture
def other(bank: Bank) -> Bank:
    return Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))


def test_another_project_sees_and_changes_nothing(bank: Bank, other: Bank) -> None:
    case = create(bank)
    document = case["documents"][0]["id"]
    shareholder = case["shareholders"][0]["id"]
    before = read(bank, case["id"])
    for name, input, typename in (
        (
            "cancelCapitalDepositCase",
            {"id": case["id"]},
            "CapitalDepositCaseCanNotBeFoundRejection",
        ),
        (
            "updateCapitalDepositCaseCompany",
            {"capitalDepositCaseId": case["id"], "companyName": "Mine"},
            "CapitalDepositCaseCanNotBeFoundRejection",
        ),
        (
            "updateCapitalDepositShareholderAmount",
            {"shareholderId": shareholder, "shareholderAmount": {"value": "1", "currency": EUR}},
            "CapitalDepositShareholderCannotBeFoundRejection",
        ),
        (
            "generateCapitalDepositDocumentUploadUrl",
            {"capitalDepositCaseId": case["id"], "documentId": document, "filename": "a.pdf"},
            "CapitalDepositDocumentCanNotBeUploadedRejection",
        ),
    ):
        answer = other.api.mutate(name, input)
        assert answer["__typename"] == typename, (name, answer)
    assert other.api.query("{ capitalDepositCases(first: 5) { totalCount } }") == {
        "capitalDepositCases": {"totalCount": 0}
    }
    for query in (
        '{ capitalDepositCase(id: "%s") { id } }' % case["id"],
        '{ capitalDepositDocument(id: "%s") { id } }' % document,
        '{ shareholder(id: "%s") { id } }' % shareholder,
    ):
        assert other.api.post(query)["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    assert read(bank, case["id"]) == before

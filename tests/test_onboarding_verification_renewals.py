"""Verification renewals through the real HTTP app: the bank opens one (domain), the partner
reads it (`verificationRenewal`), answers it (`update*VerificationRenewal`) and sends it to
review (`finalizeVerificationRenewal`); the bank decides."""

from __future__ import annotations

from typing import Any

from simulator.domain.onboarding import verification_renewals

from .banking_support import REDIRECT, Bank

RENEWAL = """query($id: ID!) { verificationRenewal(id: $id) {
  __typename id accountHolderId status dueDate supportTicketId
  info {
    ... on IndividualVerificationRenewalInfo { type additionalDetails
      accountAdmin { firstName lastName employmentStatus monthlyIncome
        residencyAddress { addressLine1 city postalCode country } } }
    ... on CompanyVerificationRenewalInfo { type
      accountAdmin { firstName lastName email birthInfo { birthDate } }
      company { verificationRenewalId name monthlyPaymentVolume
        ultimateBeneficialOwners { firstName ownership { type totalPercentage } } } }
  }
  ... on WaitingForInformationVerificationRenewal { verificationRequirements accountCountries
    supportingDocumentCollection { id statusInfo { status } } }
  ... on CompletedVerificationRenewal { completedAt }
} }"""
ADDRESS = {
    "addressLine1": "1 rue de la Paix",
    "city": "Paris",
    "postalCode": "75002",
    "country": "FRA",
}
SUCCESS = "verificationRenewal { id status }"


def read(bank: Bank, renewal_id: str) -> Any:
    return bank.api.query(RENEWAL, {"id": renewal_id})["verificationRenewal"]


def test_an_individual_renewal_is_answered_and_completed(bank: Bank) -> None:
    holder = bank.holder()["holder_id"]
    requirements = ("AccountHolderDetailsRequired", "SupportingDocumentsRequired")
    renewal = verification_renewals.start(bank.env, bank.project_id, holder, requirements)
    shown = read(bank, renewal["id"])
    assert shown["__typename"] == "WaitingForInformationVerificationRenewal"
    assert shown["accountHolderId"] == holder and shown["supportTicketId"] is None
    assert shown["info"]["accountAdmin"]["firstName"] == "Ada"
    assert shown["verificationRequirements"] == list(requirements)
    assert shown["supportingDocumentCollection"]["statusInfo"]["status"] == "WaitingForDocument"
    assert shown["accountCountries"]
    early = bank.api.mutate("finalizeVerificationRenewal", {"verificationRenewalId": renewal["id"]})
    assert early["__typename"] == "ValidationRejection"
    assert ["input", "accountAdmin", "residencyAddress", "city"] in [
        f["path"] for f in early["fields"]
    ]
    answer = {
        "verificationRenewalId": renewal["id"],
        "accountAdmin": {"monthlyIncome": "MoreThan4500", "residencyAddress": ADDRESS},
        "additionalDetails": "Moved to Paris.",
    }
    updated = bank.api.mutate("updateIndividualVerificationRenewal", answer, SUCCESS)
    assert updated["verificationRenewal"]["status"] == "WaitingForInformation"
    admin = read(bank, renewal["id"])["info"]["accountAdmin"]
    assert (admin["firstName"], admin["monthlyIncome"]) == ("Ada", "MoreThan4500")
    assert admin["residencyAddress"]["city"] == "Paris"
    done = bank.api.mutate(
        "finalizeVerificationRenewal", {"verificationRenewalId": renewal["id"]}, SUCCESS
    )
    assert done["verificationRenewal"]["status"] == "Pending"
    again = bank.api.mutate("updateIndividualVerificationRenewal", answer)
    assert again["__typename"] == "VerificationRenewalUpdateNotAllowedRejection"
    verification_renewals.decide(bank.env, bank.project_id, renewal["id"], "Completed")
    final = read(bank, renewal["id"])
    assert final["__typename"] == "CompletedVerificationRenewal" and final["completedAt"]
    assert "AccountHolder.Updated" in bank.events(holder)


def test_a_company_renewal_takes_company_answers_only(bank: Bank) -> None:
    holder = bank.holder(holder_type="Company", company_name="Acme SAS")["holder_id"]
    renewal = verification_renewals.start(bank.env, bank.project_id, holder)
    wrong = bank.api.mutate(
        "updateIndividualVerificationRenewal", {"verificationRenewalId": renewal["id"]}
    )
    assert wrong["__typename"] == "VerificationRenewalUpdateNotAllowedRejection"
    answer = {
        "verificationRenewalId": renewal["id"],
        "accountAdmin": {"email": "ada@example.com", "birthInfo": {"birthDate": "1815-12-10"}},
        "company": {
            "businessActivityDescription": "Engines",
            "residencyAddress": ADDRESS,
            "ultimateBeneficialOwners": [
                {"firstName": "Ada", "ownership": {"type": "Direct", "totalPercentage": 60.0}}
            ],
        },
    }
    bank.api.mutate("updateCompanyVerificationRenewal", answer, SUCCESS)
    info = read(bank, renewal["id"])["info"]
    assert info["company"]["name"] == "Acme SAS"
    assert info["company"]["verificationRenewalId"] == renewal["id"]
    assert info["company"]["ultimateBeneficialOwners"][0]["ownership"]["totalPercentage"] == 60.0
    assert info["accountAdmin"]["birthInfo"]["birthDate"] == "1815-12-10"
    done = bank.api.mutate("finalizeVerificationRenewal", {"verificationRenewalId": renewal["id"]})
    assert done["__typename"] == "FinalizeVerificationRenewalSuccessPayload"


def test_another_project_sees_no_renewal(bank: Bank) -> None:
    holder = bank.holder()["holder_id"]
    renewal = verification_renewals.start(bank.env, bank.project_id, holder)
    before = bank.row("verification_renewals", renewal["id"])
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    assert other.api.query(RENEWAL, {"id": renewal["id"]})["verificationRenewal"] is None
    for name in ("updateIndividualVerificationRenewal", "finalizeVerificationRenewal"):
        theirs = other.api.mutate(name, {"verificationRenewalId": renewal["id"]})
        assert theirs["__typename"] == "VerificationRenewalNotFoundRejection"
        assert theirs["id"] == renewal["id"]
    assert bank.api.query(RENEWAL, {"id": "nope"})["verificationRenewal"] is None
    assert bank.row("verification_renewals", renewal["id"]) == before

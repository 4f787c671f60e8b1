"""Merchant payment methods: request (all or nothing), the bank's review through the Testing
API, SEPA creditor identifier change requests, disabling; rejections and webhook events."""

from __future__ import annotations

from typing import Any

import pytest

from .banking_support import Bank
from .merchant_support import (
    company_account,
    enabled_profile,
    method,
    method_outcome,
    request_methods,
    request_profile,
    sepa_core_method,
)

SWAN = {"useSwanSepaCreditorIdentifier": True}
OWN = {"useSwanSepaCreditorIdentifier": False, "sepaCreditorIdentifier": "FR12ZZZ123456"}


def _invalid(result: dict[str, Any]) -> list[tuple[str, str]]:
    assert result["__typename"] == "InvalidPaymentMethodRequestRejection", result
    return [(error["type"], error["code"]) for error in result["paymentMethods"]]


def test_requested_methods_are_pending_review(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    result = request_methods(
        bank,
        profile_id,
        sepaDirectDebitCore=SWAN,
        sepaDirectDebitB2B=OWN,
        internalDirectDebitB2B={},
        check={"activate": True},
    )
    assert result["__typename"] == "RequestMerchantPaymentMethodsSuccessPayload"
    created = result["merchantProfile"]["merchantPaymentMethods"]
    assert [(row["type"], row["statusInfo"]["status"]) for row in created] == [
        ("Check", "PendingReview"),
        ("InternalDirectDebitB2b", "PendingReview"),
        ("SepaDirectDebitB2b", "PendingReview"),
        ("SepaDirectDebitCore", "PendingReview"),
    ]
    core = method(bank, created[-1]["id"])
    assert core["__typename"] == "SepaDirectDebitCoreMerchantPaymentMethod"
    assert core["methodId"] == core["id"]
    assert core["version"] == 1
    assert core["createdAt"] == bank.sim.clock.now().date().isoformat()
    assert core["statusInfo"]["__typename"] == "PendingMerchantPaymentMethodStatusInfo"
    assert core["useSwanSepaCreditorIdentifier"] is True
    assert core["sepaCreditorIdentifier"] is None
    assert core["merchantProfile"] == {"id": profile_id}
    assert bank.events(core["id"]) == ["MerchantPaymentMethod.Created"]


def test_a_request_is_all_or_nothing(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    sepa_core_method(bank, profile_id, status="PendingReview")
    result = request_methods(
        bank,
        profile_id,
        sepaDirectDebitCore=SWAN,
        sepaDirectDebitB2B={"useSwanSepaCreditorIdentifier": False},
        card={"activate": False},
        check={},
    )
    assert _invalid(result) == [
        ("Card", "AlreadyInactive"),
        ("SepaDirectDebitB2b", "InvalidSepaDirectDebitConfiguration"),
        ("SepaDirectDebitCore", "AlreadyActive"),
    ]
    types = bank.env.store.db.execute("SELECT type FROM merchant_payment_methods").fetchall()
    assert types == [("SepaDirectDebitCore",)]  # the check was not added either
    assert _invalid(request_methods(bank, profile_id)) == [
        ("MerchantPaymentMethod", "MissingPaymentMethod")
    ]
    both = request_methods(
        bank, profile_id, sepaDirectDebitB2B={**OWN, "useSwanSepaCreditorIdentifier": True}
    )
    assert _invalid(both) == [("SepaDirectDebitB2b", "InvalidSepaDirectDebitConfiguration")]


def test_activate_false_switches_a_method_off(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    result = request_methods(bank, profile_id, sepaDirectDebitCore={**SWAN, "activate": False})
    assert result["merchantProfile"]["merchantPaymentMethods"][0]["statusInfo"] == {
        "status": "Disabled"
    }
    again = sepa_core_method(bank, profile_id, status="Suspended")
    assert again != method_id
    suspended = request_methods(bank, profile_id, sepaDirectDebitCore=SWAN)
    assert _invalid(suspended) == [("SepaDirectDebitCore", "Suspended")]


def test_methods_whatever_the_profiles_status_but_disabled(bank: Bank) -> None:
    account_id = company_account(bank)["account_id"]
    pending = request_profile(bank, account_id)["merchantProfile"]["id"]
    requested = request_methods(bank, pending, check={})
    assert requested["__typename"] == "RequestMerchantPaymentMethodsSuccessPayload"
    bank.api.mutate("disableMerchantProfile", {"merchantProfileId": pending})
    assert request_methods(bank, pending, card={})["__typename"] == "ForbiddenRejection"
    missing = request_methods(bank, "nope", check={})
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "nope")


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        (["Enabled"], "Enabled"),
        (["Enabled", "Suspended", "Enabled"], "Enabled"),
        (["WaitingForInformation", "PendingReview", "Enabled"], "Enabled"),
        (["WaitingForInformation", "Rejected"], "Rejected"),
        (["Disabled"], "Disabled"),
    ],
)
def test_method_outcomes(bank: Bank, steps: list[str], expected: str) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id, status="PendingReview")
    extra: dict[str, Any] = {
        "Rejected": {"merchantPaymentMethodRejectionReason": "UnsupportedActivity"},
        "WaitingForInformation": {
            "merchantVerificationRequirements": {
                "fields": ["MerchantWebsite"],
                "supportingDocumentPurposes": ["ProofOfIdentity"],
            }
        },
    }
    for status in steps:
        result = method_outcome(bank, method_id, status, **extra.get(status, {}))
        assert result["__typename"] == "SepaDirectDebitCoreMerchantPaymentMethod", result
        assert result["statusInfo"]["status"] == status
        if status == "WaitingForInformation":
            assert result["statusInfo"]["verificationRequirements"] == [
                {"__typename": "MerchantRequirements", "fields": ["MerchantWebsite"]},
                {
                    "__typename": "SupportingDocumentRequirements",
                    "supportingDocumentPurposes": ["ProofOfIdentity"],
                },
            ]
    assert method(bank, method_id)["statusInfo"]["status"] == expected
    assert bank.events(method_id) == ["MerchantPaymentMethod.Created"] + [
        "MerchantPaymentMethod.Updated"
    ] * len(steps)


def test_method_outcome_rejections(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id, status="PendingReview")
    no_reason = method_outcome(bank, method_id, "Rejected")
    assert no_reason["__typename"] == "RejectionReasonMandatoryRejection"
    no_needs = method_outcome(bank, method_id, "WaitingForInformation")
    assert no_needs["__typename"] == "VerificationRequirementsMandatoryRejection"
    wrong = method_outcome(bank, method_id, "Suspended")
    assert wrong["__typename"] == "MerchantPaymentMethodWrongStatusRejection"
    bank.api.mutate(
        "requestMerchantProfileUpdate", {"merchantProfileId": profile_id, "merchantName": "B"}
    )
    waiting = method_outcome(bank, method_id, "Enabled")
    assert waiting["__typename"] == "MerchantProfileUpdateRequestPendingRejection"
    missing = method_outcome(bank, "nope", "Enabled")
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "nope")


def test_disable_a_method(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    result = bank.api.mutate(
        "disableMerchantPaymentMethod",
        {"merchantPaymentMethodId": method_id},
        "merchantPaymentMethodId",
    )
    assert result["merchantPaymentMethodId"] == method_id
    assert method(bank, method_id)["statusInfo"]["status"] == "Disabled"
    again = bank.api.mutate("disableMerchantPaymentMethod", {"merchantPaymentMethodId": method_id})
    assert again["__typename"] == "MerchantPaymentMethodWrongStatusRejection"
    missing = bank.api.mutate("disableMerchantPaymentMethod", {"merchantPaymentMethodId": "x"})
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "x")


def _update(bank: Bank, method_id: str, **sepa: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "requestMerchantPaymentMethodsUpdate",
        {"paymentMethodId": method_id, "sepaDirectDebit": sepa or OWN},
        "paymentMethodId requestId",
    )


def test_a_creditor_identifier_change_once_approved(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    request_id = _update(bank, method_id)["requestId"]
    assert bank.events(request_id) == ["MerchantPaymentMethodUpdateRequest.Created"]
    pending = method(bank, method_id)
    assert pending["updateRequest"] == {"id": request_id, "sepaCreditorIdentifier": "FR12ZZZ123456"}
    assert pending["useSwanSepaCreditorIdentifier"] is True  # unchanged until approved
    query = """query($id: ID!) { merchantPaymentMethodUpdateRequest(id: $id) { __typename id
      ... on SepaDirectDebitPaymentMethodUpdateRequest { useSwanSepaCreditorIdentifier } } }"""
    assert bank.api.query(query, {"id": request_id})["merchantPaymentMethodUpdateRequest"] == {
        "__typename": "SepaDirectDebitPaymentMethodUpdateRequest",
        "id": request_id,
        "useSwanSepaCreditorIdentifier": False,
    }
    assert _update(bank, method_id)["__typename"] == "MerchantPaymentMethodWrongStatusRejection"
    outcome = bank.testing.mutate(
        "simulateMerchantPaymentMethodUpdateRequestOutcome",
        {"updateRequestId": request_id, "requestedUpdateApproved": True},
        "updateRequestId",
    )
    assert outcome["updateRequestId"] == request_id
    approved = method(bank, method_id)
    assert approved["version"] == 2
    assert approved["sepaCreditorIdentifier"] == "FR12ZZZ123456"
    assert approved["useSwanSepaCreditorIdentifier"] is False
    assert approved["updateRequest"] is None
    twice = bank.testing.mutate(
        "simulateMerchantPaymentMethodUpdateRequestOutcome",
        {"updateRequestId": request_id, "requestedUpdateApproved": True},
    )
    assert twice["__typename"] == "ForbiddenRejection"


def test_a_creditor_identifier_change_refused_or_canceled(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    refused = _update(bank, method_id)["requestId"]
    bank.testing.mutate(
        "simulateMerchantPaymentMethodUpdateRequestOutcome",
        {"updateRequestId": refused, "requestedUpdateApproved": False},
    )
    assert method(bank, method_id)["version"] == 1
    late = bank.api.mutate("cancelMerchantPaymentMethodUpdateRequest", {"requestUpdateId": refused})
    assert late["__typename"] == "UpdateRequestNotPendingReviewRejection"
    second = _update(bank, method_id)["requestId"]
    canceled = bank.api.mutate(
        "cancelMerchantPaymentMethodUpdateRequest", {"requestUpdateId": second}, "requestUpdateId"
    )
    assert canceled["requestUpdateId"] == second
    assert method(bank, method_id)["updateRequest"] is None
    missing = bank.api.mutate("cancelMerchantPaymentMethodUpdateRequest", {"requestUpdateId": "x"})
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "x")
    unknown = bank.testing.mutate(
        "simulateMerchantPaymentMethodUpdateRequestOutcome",
        {"updateRequestId": "x", "requestedUpdateApproved": True},
    )
    assert unknown["__typename"] == "NotFoundRejection"


def test_creditor_identifier_change_rejections(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    pending = sepa_core_method(bank, profile_id, status="PendingReview")
    assert _update(bank, pending)["__typename"] == "MerchantPaymentMethodWrongStatusRejection"
    invalid = _update(
        bank, pending, useSwanSepaCreditorIdentifier=False, sepaCreditorIdentifier="x"
    )
    assert invalid["__typename"] == "MerchantPaymentMethodSepaDirectDebitInvalidRejection"
    check = request_methods(bank, profile_id, check={})["merchantProfile"]["merchantPaymentMethods"]
    check_id = next(row["id"] for row in check if row["type"] == "Check")
    not_sepa = _update(bank, check_id)
    assert not_sepa["__typename"] == "MerchantPaymentMethodSepaDirectDebitInvalidRejection"
    missing = _update(bank, "nope")
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "nope")

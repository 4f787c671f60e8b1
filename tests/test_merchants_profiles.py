"""Merchant profiles: request (PendingReview), the bank's review through the Testing API,
change requests, disabling; their rejections, webhook events and scoping."""

from __future__ import annotations

import httpx
import pytest

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset

from .banking_support import REDIRECT, Bank
from .merchant_support import (
    company_account,
    enabled_profile,
    method,
    method_outcome,
    profile,
    profile_outcome,
    request_profile,
    sepa_core_method,
)

UPDATE = "requestMerchantProfileUpdate { id status merchantName } merchantProfile { merchantName }"


def test_a_profile_is_pending_review_until_the_bank_enables_it(bank: Bank) -> None:
    account_id = company_account(bank)["account_id"]
    result = request_profile(
        bank,
        account_id,
        merchantWebsiteUrl="https://paper.example",
        accentColor="1a2b3c",
        additionalInformation=[
            {"defaultInformation": {"type": "NumberOfEmployees", "value": "12"}},
            {"otherInformation": {"description": "Shops", "value": "3"}},
        ],
    )
    assert result["__typename"] == "RequestMerchantProfileSuccessPayload"
    created = result["merchantProfile"]
    assert created["accountId"] == account_id
    assert created["statusInfo"] == {"status": "PendingReview"}
    assert created["expectedAverageBasket"] == {"value": "50.00", "currency": "EUR"}
    # The bucket is derived from the older amount input.
    assert created["expectedMonthlyMerchantProcessingVolume"] == "LessThan5000"
    assert created["accentColor"] == "#1a2b3c"
    assert [item["__typename"] for item in created["additionalInformation"]] == [
        "DefaultAdditionalInformation",
        "OtherAdditionalInformation",
    ]
    assert created["merchantPaymentMethods"] == []
    assert bank.events(created["id"]) == ["MerchantProfile.Created"]
    enabled = profile_outcome(bank, created["id"])  # Enabled when no status is given
    assert enabled["merchantProfile"]["statusInfo"] == {"status": "Enabled"}
    read = profile(bank, created["id"])
    assert read["statusInfo"]["enabledAt"] == bank.sim.clock.now().date().isoformat()
    assert bank.events(created["id"]) == ["MerchantProfile.Created", "MerchantProfile.Updated"]


def test_profiles_list_and_account_field(bank: Bank) -> None:
    first = enabled_profile(bank)
    bank.sim.advance("1h")  # the virtual clock is frozen: order by time needs a step
    account_id = company_account(bank)["account_id"]
    second = request_profile(bank, account_id)["merchantProfile"]["id"]
    listed = bank.api.query(
        "{ merchantProfiles { totalCount edges { node { id statusInfo { status } } } } }"
    )["merchantProfiles"]
    assert [edge["node"]["id"] for edge in listed["edges"]] == [first, second]
    pending = bank.api.query(
        "{ merchantProfiles(filters: {status: [PendingReview]}) { edges { node { id } } } }"
    )["merchantProfiles"]["edges"]
    assert [edge["node"]["id"] for edge in pending] == [second]
    newest = bank.api.query(
        "{ merchantProfiles(first: 1, orderBy: {field: createdAt, direction: Desc}) "
        "{ edges { node { id } } } }"
    )["merchantProfiles"]["edges"]
    assert [edge["node"]["id"] for edge in newest] == [second]
    query = "query($id: ID!) { account(accountId: $id) { merchantProfiles { totalCount } } }"
    assert bank.api.query(query, {"id": account_id})["account"]["merchantProfiles"] == {
        "totalCount": 1
    }


def test_request_rejections(bank: Bank) -> None:
    individual = bank.holder()["account_id"]
    assert request_profile(bank, individual)["__typename"] == "ForbiddenRejection"
    missing = request_profile(bank, "no-such-account")
    assert missing["__typename"] == "AccountNotFoundRejection"
    assert missing["id"] == "no-such-account"
    account_id = company_account(bank)["account_id"]
    invalid = request_profile(
        bank,
        account_id,
        merchantName=" ",
        expectedAverageBasket={"value": "-1", "currency": "EUR"},
        merchantWebsiteUrl="ftp://x",
        accentColor="red",
    )
    assert invalid["__typename"] == "ValidationRejection"
    assert {tuple(field["path"]) for field in invalid["fields"]} == {
        ("input", "merchantName"),
        ("input", "expectedAverageBasket", "value"),
        ("input", "merchantWebsiteUrl"),
        ("input", "accentColor"),
    }
    no_volume = bank.api.mutate(
        "requestMerchantProfile",
        {
            "accountId": account_id,
            "merchantName": "Shop",
            "productType": "Services",
            "expectedAverageBasket": {"value": "5", "currency": "EUR"},
        },
    )
    assert no_volume["__typename"] == "ValidationRejection"


def test_a_user_needs_can_manage_account_membership(bank: Bank) -> None:
    holder = company_account(bank)
    user = bank.user_client(holder["user_id"])  # the legal representative: every right
    created = user.mutate(
        "requestMerchantProfile",
        {"accountId": holder["account_id"], **_input()},
        "merchantProfile { id }",
    )
    assert created["__typename"] == "RequestMerchantProfileSuccessPayload"
    bank.env.store.db.execute(
        "UPDATE account_memberships SET can_manage_account_membership = 0 WHERE account_id = ?",
        [holder["account_id"]],
    )
    refused = user.mutate("requestMerchantProfile", {"accountId": holder["account_id"], **_input()})
    assert refused["__typename"] == "ForbiddenRejection"


def _input() -> dict[str, object]:
    return {
        "merchantName": "Shop",
        "productType": "Services",
        "expectedAverageBasket": {"value": "5", "currency": "EUR"},
        "expectedMonthlyMerchantProcessingVolume": "MoreThan100000",
    }


def test_a_change_request_reaches_the_profile_once_approved(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    result = bank.api.mutate(
        "requestMerchantProfileUpdate",
        {"merchantProfileId": profile_id, "merchantName": "Paper & Ink"},
        UPDATE,
    )
    request = result["requestMerchantProfileUpdate"]
    assert request["status"] == "PendingReview"
    assert result["merchantProfile"]["merchantName"] == "Paper Goods"  # unchanged meanwhile
    assert bank.events(request["id"]) == ["MerchantProfileUpdateRequest.Created"]
    again = bank.api.mutate(
        "requestMerchantProfileUpdate", {"merchantProfileId": profile_id, "merchantName": "X"}
    )
    assert again["__typename"] == "ForbiddenRejection"  # one pending request at a time
    outcome = bank.testing.mutate(
        "simulateMerchantProfileUpdateRequestOutcome",
        {"merchantProfileId": profile_id, "requestedUpdateApproved": True},
        "updateRequestId",
    )
    assert outcome["updateRequestId"] == request["id"]
    read = profile(bank, profile_id)
    assert read["merchantName"] == "Paper & Ink"
    assert read["requestMerchantProfileUpdate"]["status"] == "Enabled"
    query = "query($id: ID!) { merchantProfileUpdateRequest(id: $id) { status merchantName } }"
    assert bank.api.query(query, {"id": request["id"]})["merchantProfileUpdateRequest"] == {
        "status": "Enabled",
        "merchantName": "Paper & Ink",
    }
    none_pending = bank.testing.mutate(
        "simulateMerchantProfileUpdateRequestOutcome",
        {"merchantProfileId": profile_id, "requestedUpdateApproved": True},
    )
    assert none_pending["__typename"] == "NotFoundRejection"


def test_a_change_request_refused_or_canceled(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    first = bank.api.mutate(
        "requestMerchantProfileUpdate",
        {"merchantProfileId": profile_id, "merchantName": "A"},
        UPDATE,
    )["requestMerchantProfileUpdate"]["id"]
    bank.testing.mutate(
        "simulateMerchantProfileUpdateRequestOutcome",
        {"merchantProfileId": profile_id, "requestedUpdateApproved": False},
    )
    assert profile(bank, profile_id)["merchantName"] == "Paper Goods"
    late = bank.api.mutate("cancelMerchantProfileUpdateRequest", {"requestUpdateId": first})
    assert late["__typename"] == "UpdateRequestNotPendingReviewRejection"
    assert late["requestUpdateId"] == first
    second = bank.api.mutate(
        "requestMerchantProfileUpdate",
        {"merchantProfileId": profile_id, "merchantName": "B"},
        UPDATE,
    )["requestMerchantProfileUpdate"]["id"]
    canceled = bank.api.mutate(
        "cancelMerchantProfileUpdateRequest", {"requestUpdateId": second}, "requestUpdateId"
    )
    assert canceled["requestUpdateId"] == second
    assert profile(bank, profile_id)["requestMerchantProfileUpdate"]["status"] == "Canceled"
    missing = bank.api.mutate("cancelMerchantProfileUpdateRequest", {"requestUpdateId": "nope"})
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "nope")


def test_a_change_request_needs_an_enabled_profile_and_a_change(bank: Bank) -> None:
    account_id = company_account(bank)["account_id"]
    pending = request_profile(bank, account_id)["merchantProfile"]["id"]
    result = bank.api.mutate(
        "requestMerchantProfileUpdate", {"merchantProfileId": pending, "merchantName": "A"}
    )
    assert result["__typename"] == "ForbiddenRejection"  # no wrong-status member in the union
    assert "PendingReview" in result["message"]
    empty = bank.api.mutate("requestMerchantProfileUpdate", {"merchantProfileId": pending})
    assert empty["__typename"] == "ValidationRejection"
    unknown = bank.api.mutate(
        "requestMerchantProfileUpdate", {"merchantProfileId": "nope", "merchantName": "A"}
    )
    assert unknown["__typename"] == "ForbiddenRejection"
    assert "nope" in unknown["message"]


def test_disabling_a_profile_disables_its_methods(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    result = bank.api.mutate(
        "disableMerchantProfile",
        {"merchantProfileId": profile_id},
        "merchantProfile { statusInfo { status } merchantPaymentMethods { statusInfo { status } } }",
    )
    assert result["merchantProfile"] == {
        "statusInfo": {"status": "Disabled"},
        "merchantPaymentMethods": [{"statusInfo": {"status": "Disabled"}}],
    }
    assert bank.events(method_id)[-1] == "MerchantPaymentMethod.Updated"
    missing = bank.api.mutate("disableMerchantProfile", {"merchantProfileId": "nope"})
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "nope")


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        ([("Rejected", "DuplicateProfile")], "Rejected"),
        ([("Enabled", None), ("Suspended", None)], "Suspended"),
        ([("Enabled", None), ("Suspended", None), ("Enabled", None)], "Enabled"),
        ([("Disabled", None)], "Disabled"),
    ],
)
def test_profile_outcomes(bank: Bank, steps: list[tuple[str, str | None]], expected: str) -> None:
    account_id = company_account(bank)["account_id"]
    profile_id = request_profile(bank, account_id)["merchantProfile"]["id"]
    for status, reason in steps:
        extra = {"merchantProfileRejectionReason": reason} if reason else {}
        profile_outcome(bank, profile_id, merchantProfileStatus=status, **extra)
    read = profile(bank, profile_id)
    assert read["statusInfo"]["status"] == expected
    if expected == "Rejected":
        assert read["statusInfo"]["rejectionReason"] == "DuplicateProfile"


def test_profile_outcome_rejections(bank: Bank) -> None:
    account_id = company_account(bank)["account_id"]
    profile_id = request_profile(bank, account_id)["merchantProfile"]["id"]
    no_reason = profile_outcome(bank, profile_id, merchantProfileStatus="Rejected")
    assert no_reason["__typename"] == "RejectionReasonMandatoryRejection"
    wrong = profile_outcome(bank, profile_id, merchantProfileStatus="Suspended")
    assert wrong["__typename"] == "MerchantProfileWrongStatusRejection"
    assert (wrong["currentStatus"], wrong["expectedStatus"]) == ("PendingReview", "Enabled")
    back = profile_outcome(bank, profile_id, merchantProfileStatus="PendingReview")
    assert back["__typename"] == "ForbiddenRejection"
    missing = profile_outcome(bank, "nope")
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "nope")


def test_another_projects_profile_is_not_found(
    sim: Simulator, http: httpx.Client, bank: Bank
) -> None:
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    other = Bank(sim, http, sim.create_project("sandbox", "Other", [REDIRECT]))
    assert other.api.query(
        "query($id: ID!) { merchantProfile(id: $id) { id } }", {"id": profile_id}
    ) == {"merchantProfile": None}
    assert other.api.query("{ merchantProfiles { totalCount } }")["merchantProfiles"] == {
        "totalCount": 0
    }
    for name, input in (
        ("disableMerchantProfile", {"merchantProfileId": profile_id}),
        ("requestMerchantPaymentMethods", {"merchantProfileId": profile_id, "check": {}}),
        ("disableMerchantPaymentMethod", {"merchantPaymentMethodId": method_id}),
    ):
        assert other.api.mutate(name, input)["__typename"] == "NotFoundRejection", name
    for name, input in (
        ("simulateMerchantProfileRequestOutcome", {"merchantProfileId": profile_id}),
        (
            "simulateMerchantProfileUpdateRequestOutcome",
            {"merchantProfileId": profile_id, "requestedUpdateApproved": True},
        ),
    ):
        assert other.testing.mutate(name, input)["__typename"] == "NotFoundRejection", name
    foreign = method_outcome(other, method_id, "Suspended")
    assert (foreign["__typename"], foreign["id"]) == ("NotFoundRejection", method_id)
    assert profile(bank, profile_id)["statusInfo"]["status"] == "Enabled"
    assert method(bank, method_id)["statusInfo"]["status"] == "Enabled"


def test_the_default_dataset_has_a_merchant(bank: Bank) -> None:
    load_dataset(bank.env, bank.project_id, "default")
    listed = bank.api.query(
        "{ merchantProfiles { edges { node { merchantName statusInfo { status } "
        "merchantPaymentMethods { type statusInfo { status } "
        "... on SepaDirectDebitCoreMerchantPaymentMethod { useSwanSepaCreditorIdentifier } } } } } }"
    )["merchantProfiles"]["edges"]
    assert [edge["node"] for edge in listed] == [
        {
            "merchantName": "Analytical Engines",
            "statusInfo": {"status": "Enabled"},
            "merchantPaymentMethods": [
                {
                    "type": "SepaDirectDebitCore",
                    "statusInfo": {"status": "Enabled"},
                    "useSwanSepaCreditorIdentifier": True,
                },
                {"type": "Check", "statusInfo": {"status": "PendingReview"}},
                {"type": "InternalDirectDebitStandard", "statusInfo": {"status": "Enabled"}},
            ],
        }
    ]

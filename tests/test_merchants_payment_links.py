"""Merchant payment links: `createMerchantPaymentLink`, `merchantPaymentLink`, and the link read
by its id alone on the unauthenticated API (docs/merchants.md, "Payment links")."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from simulator import Simulator
from simulator.domain.kernel.events import list_events

from .banking_support import Bank
from .conftest import GraphQL, project_token
from .merchant_support import enabled_profile, method_outcome, request_methods, sepa_core_method
from .oauth_pages import REDIRECT_URI

LINK = """id url projectId amount { value currency } sequence label reference externalReference
  redirectUrl cancelRedirectUrl language requestedExecutionAt createdAt
  billingAddress { addressLine1 city country } customer { name iban externalCustomerId }
  merchantProfile { id merchantName }
  paymentMethods { __typename id type }
  statusInfo { __typename status
    ... on ActiveMerchantPaymentLinkStatusInfo { expiresAt }
    ... on ExpiredMerchantPaymentLinkStatusInfo { expiredAt } }"""
PUBLIC_LINK = """query Link($id: ID!) {
  nonEEACountries
  merchantPaymentLink(id: $id) {
    id projectId url statusInfo { status } amount { value currency } redirectUrl sequence
    merchantProfile { id accentColor merchantLogoUrl merchantName
      merchantPaymentMethods { id type } }
    billingAddress { addressLine1 city country postalCode state }
    customer { externalCustomerId iban name } paymentMethods { type id } label language
  } }"""


@pytest.fixture
def sim_other_project(sim: Simulator, http: httpx.Client) -> GraphQL:
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    return GraphQL(http, "/sandbox/graphql", project_token(http, other))


def _create(bank: Bank, **input: Any) -> dict[str, Any]:
    return bank.api.mutate("createMerchantPaymentLink", input, f"merchantPaymentLink {{ {LINK} }}")


def _linkable(bank: Bank) -> tuple[str, str]:
    profile_id = enabled_profile(bank)
    return profile_id, sepa_core_method(bank, profile_id)


def test_a_link_is_made_read_and_expires(bank: Bank) -> None:
    profile_id, method_id = _linkable(bank)
    made = _create(
        bank,
        merchantProfileId=profile_id,
        amount={"value": "42.50", "currency": "EUR"},
        paymentMethodIds=[method_id],
        label="Order 12",
        reference="ORDER-12",
        redirectUrl="https://shop.example/paid",
        language="fr",
        billingAddress={"addressLine1": "1 rue de la Paix", "city": "Paris", "country": "FRA"},
        customer={"name": "Grace Hopper", "externalCustomerId": "c-1"},
    )
    assert made["__typename"] == "CreateMerchantPaymentLinkSuccessPayload"
    link = made["merchantPaymentLink"]
    assert link["amount"] == {"value": "42.50", "currency": "EUR"}
    assert link["sequence"] == "OneOff"
    assert link["paymentMethods"] == [
        {"__typename": "SepaDirectDebitCoreMerchantPaymentMethod", "id": method_id,
         "type": "SepaDirectDebitCore"}
    ]  # fmt: skip
    assert link["billingAddress"]["city"] == "Paris"
    assert link["customer"] == {"name": "Grace Hopper", "iban": None, "externalCustomerId": "c-1"}
    assert link["url"].endswith(f"/payment-links/{link['id']}")
    assert link["statusInfo"] == {
        "__typename": "ActiveMerchantPaymentLinkStatusInfo",
        "status": "Active",
        "expiresAt": "2026-02-04T09:00:00.000Z",
    }
    query = f"query($id: ID!) {{ merchantPaymentLink(id: $id) {{ {LINK} }} }}"
    assert bank.api.query(query, {"id": link["id"]})["merchantPaymentLink"] == link
    events = [
        e
        for e in list_events(bank.sim.sandbox)
        if e["event_type"].startswith("MerchantPaymentLink")
    ]
    assert [(e["event_type"], e["resource_id"]) for e in events] == [
        ("MerchantPaymentLink.Created", link["id"])
    ]
    bank.sim.advance("31d")
    expired = bank.api.query(query, {"id": link["id"]})["merchantPaymentLink"]["statusInfo"]
    assert expired["status"] == "Expired" and expired["expiredAt"] == "2026-02-04T09:00:00.000Z"


def test_rejections_change_nothing(bank: Bank) -> None:
    profile_id, method_id = _linkable(bank)
    amount = {"value": "10", "currency": "EUR"}
    base = {"merchantProfileId": profile_id, "amount": amount, "paymentMethodIds": [method_id]}
    bad = _create(bank, **{**base, "amount": {"value": "0", "currency": "EUR"},
                           "expiresAt": "2025-01-01T00:00:00Z", "paymentMethodIds": []})  # fmt: skip
    assert bad["__typename"] == "ValidationRejection"
    assert {tuple(f["path"]) for f in bad["fields"]} >= {
        ("input", "amount", "value"),
        ("input", "expiresAt"),
        ("input", "paymentMethodIds"),
    }
    assert _create(bank, **{**base, "merchantProfileId": "nope"})["__typename"] == (
        "ForbiddenRejection"
    )
    pending = request_methods(bank, profile_id, card={})["merchantProfile"][
        "merchantPaymentMethods"
    ][-1]["id"]
    inactive = _create(bank, **{**base, "paymentMethodIds": [method_id, pending]})
    assert inactive["__typename"] == "MerchantPaymentMethodNotActiveRejection"
    assert inactive["paymentMethodIds"] == [pending]
    check = request_methods(bank, profile_id, check={})["merchantProfile"][
        "merchantPaymentMethods"
    ][-1]["id"]
    method_outcome(bank, check, "Enabled")
    assert _create(bank, **{**base, "paymentMethodIds": [check]})["__typename"] == (
        "PaymentMethodNotCompatibleRejection"
    )
    bank.testing.mutate(
        "simulateMerchantProfileRequestOutcome",
        {"merchantProfileId": profile_id, "merchantProfileStatus": "Suspended"},
    )
    wrong = _create(bank, **base)
    assert wrong["__typename"] == "MerchantProfileWrongStatusRejection"
    assert (wrong["currentStatus"], wrong["expectedStatus"]) == ("Suspended", "Enabled")
    assert bank.sim.sandbox.store.db["merchant_payment_links"].count == 0


def test_links_are_scoped_to_the_project(bank: Bank, sim_other_project: GraphQL) -> None:
    profile_id, method_id = _linkable(bank)
    link = _create(
        bank,
        merchantProfileId=profile_id,
        amount={"value": "5", "currency": "EUR"},
        paymentMethodIds=[method_id],
    )["merchantPaymentLink"]
    query = "query($id: ID!) { merchantPaymentLink(id: $id) { id } }"
    assert sim_other_project(query, {"id": link["id"]}) == {"merchantPaymentLink": None}


def test_the_payment_page_reads_the_link_by_its_id_alone(bank: Bank) -> None:
    profile_id, method_id = _linkable(bank)
    link = _create(
        bank,
        merchantProfileId=profile_id,
        amount={"value": "19.90", "currency": "EUR"},
        paymentMethodIds=[method_id],
    )["merchantPaymentLink"]
    public = GraphQL(bank.http, "/sandbox-unauthenticated/graphql", None)
    page = public(PUBLIC_LINK, {"id": link["id"]})
    seen = page["merchantPaymentLink"]
    assert seen["projectId"] == bank.project.project_id
    assert seen["merchantProfile"]["id"] == profile_id
    # Nested fields read the link's own project (not the caller's: there is none).
    assert seen["merchantProfile"]["merchantPaymentMethods"] == [
        {"id": method_id, "type": "SepaDirectDebitCore"}
    ]
    assert seen["paymentMethods"] == [{"type": "SepaDirectDebitCore", "id": method_id}]
    assert "USA" in page["nonEEACountries"]
    assert public(PUBLIC_LINK, {"id": "nope"})["merchantPaymentLink"] is None
    # The merchant's account, payments and pending changes are served masked there.
    masked = public(
        "query($id: ID!) { merchantPaymentLink(id: $id) { merchantProfile {"
        " accountId merchantPayments { totalCount } } } }",
        {"id": link["id"]},
    )["merchantPaymentLink"]["merchantProfile"]
    assert masked == {"accountId": "", "merchantPayments": None}

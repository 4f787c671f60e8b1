"""A merchant's payment page on the unauthenticated API (docs/merchants.md, "The payment
page"): the customer reads the link, adds a card or signs a SEPA direct debit mandate, and
pays; the merchant's account receives it, and nothing of the merchant's business shows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from simulator.domain.kernel.events import list_events
from simulator.domain.merchants.public_payments import DECLINED_TOKEN

from .banking_support import Bank
from .conftest import REDIRECT_URI, GraphQL, LiveServer
from .merchant_support import (
    add_mandate,
    enabled_profile,
    method_outcome,
    request_methods,
    sepa_core_method,
)

PATH = "/sandbox-unauthenticated/graphql"

# The payment page's operations, written for these tests in the shape a page sends them.
PAGE = """query Page($id: ID!) {
  nonEEACountries
  merchantPaymentLink(id: $id) {
    id projectId url statusInfo { status } amount { value currency } redirectUrl sequence
    label reference language
    merchantProfile { id merchantName accentColor merchantLogoUrl
      merchantPaymentMethods { id type } }
    paymentMethods { id type }
  } }"""
ADD_CARD = """mutation AddCard($input: AddCardPaymentMandateInput!) {
  unauthenticatedAddCardPaymentMandate(input: $input) {
    __typename
    ... on AddCardPaymentMandateSuccessPayload { paymentMandate { id __typename } }
    ... on Rejection { message }
  } }"""
PAY_BY_CARD = """mutation PayByCard(
  $input: UnauthenticatedInitiateMerchantCardPaymentFromPaymentLinkInput!) {
  unauthenticatedInitiateMerchantCardPaymentFromPaymentLink(input: $input) {
    __typename
    ... on UnauthenticatedInitiateMerchantCardPaymentFromPaymentLinkSuccessPayload {
      paymentId redirectUrl }
    ... on Rejection { message }
  } }"""
SIGN = """mutation Sign($input: AddSepaDirectDebitPaymentMandateFromPaymentLinkInput!) {
  addSepaDirectDebitPaymentMandateFromPaymentLink(input: $input) {
    __typename
    ... on AddSepaDirectDebitPaymentMandateFromPaymentLinkSuccessPayload {
      paymentMandate { id mandateDocumentUrl } }
    ... on ValidationRejection { fields { path message } }
    ... on Rejection { message }
  } }"""
PAY_BY_DEBIT = """mutation PayByDebit(
  $input: UnauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLinkInput!) {
  unauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLink(input: $input) {
    __typename
    ... on UnauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLinkSuccessPayload {
      merchantPaymentCollection { id statusInfo { status } createdAt } }
    ... on ValidationRejection { fields { code message path } }
    ... on Rejection { message }
  } }"""
MASKED = """query Masked($id: ID!) {
  merchantPaymentLink(id: $id) { merchantProfile {
    accountId expectedAverageBasket { value currency } expectedMonthlyPaymentVolume { value }
    expectedMonthlyMerchantProcessingVolume invoiceExampleUrl
    additionalInformation { __typename }
    merchantPaymentLinks { totalCount } merchantPayments { totalCount }
    requestMerchantProfileUpdate { id } requestedMerchantProfileUpdates { id }
    merchantPaymentMethods { rollingReserve { percentage }
      ... on SepaDirectDebitCoreMerchantPaymentMethod { updateRequest { id } } } } } }"""
DEBTOR = {
    "name": "Grace Hopper",
    "iban": "DE89370400440532013000",
    "address": {"addressLine1": "1 Hauptstrasse", "city": "Berlin", "country": "DEU"},
}


@pytest.fixture
def page(bank: Bank) -> Iterator[GraphQL]:
    """The payment page's client: no token, through a real uvicorn."""
    with LiveServer(bank.sim) as server, httpx.Client(base_url=server.base_url) as client:
        yield GraphQL(client, PATH, None)


@pytest.fixture
def sim_other(bank: Bank) -> Bank:
    """A second project of the same Sandbox, with its own merchants."""
    other = bank.sim.create_project("sandbox", "Other shop", [REDIRECT_URI])
    return Bank(bank.sim, bank.http, other)


def _link(bank: Bank, profile_id: str, method_ids: list[str], **extra: Any) -> str:
    made = bank.api.mutate(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile_id,
            "amount": {"value": "42.50", "currency": "EUR"},
            "paymentMethodIds": method_ids,
            "label": "Order 7",
            **extra,
        },
        "merchantPaymentLink { id }",
    )
    return str(made["merchantPaymentLink"]["id"])


def _card_method(bank: Bank, profile_id: str) -> str:
    added = request_methods(bank, profile_id, card={})
    method_id = str(added["merchantProfile"]["merchantPaymentMethods"][-1]["id"])
    method_outcome(bank, method_id, "Enabled")
    return method_id


def _merchant(bank: Bank) -> tuple[str, str, str]:
    """An Enabled profile with an Enabled card method and an Enabled SEPA Core method."""
    profile_id = enabled_profile(bank)
    return profile_id, _card_method(bank, profile_id), sepa_core_method(bank, profile_id)


def _account_of(bank: Bank, profile_id: str) -> str:
    read = bank.api.query(
        "query($id: ID!) { merchantProfile(id: $id) { accountId } }", {"id": profile_id}
    )
    return str(read["merchantProfile"]["accountId"])


def _transactions(bank: Bank, account_id: str) -> list[dict[str, Any]]:
    read = bank.api.query(
        "query($id: ID!) { account(accountId: $id) { transactions { edges { node {"
        " id type statusInfo { status } amount { value } } } } } }",
        {"id": account_id},
    )
    return [edge["node"] for edge in read["account"]["transactions"]["edges"]]


def _add_card(page: GraphQL, link_id: str, method_id: str, token: str = "tok_4242") -> Any:
    input = {"paymentLinkId": link_id, "paymentMethodId": method_id, "token": token,
             "sequence": "OneOff"}  # fmt: skip
    return page(ADD_CARD, {"input": input})["unauthenticatedAddCardPaymentMandate"]


def _pay_by_card(page: GraphQL, link_id: str, mandate_id: str) -> Any:
    input = {"paymentLinkId": link_id, "cardPaymentMandateId": mandate_id,
             "preferredScheme": "CartesBancaires"}  # fmt: skip
    answer = page(PAY_BY_CARD, {"input": input})
    return answer["unauthenticatedInitiateMerchantCardPaymentFromPaymentLink"]


def test_a_customer_pays_a_link_by_card_and_the_merchant_is_paid_next_day(
    bank: Bank, page: GraphQL
) -> None:
    profile_id, card_id, sepa_id = _merchant(bank)
    link_id = _link(bank, profile_id, [card_id, sepa_id], redirectUrl="https://shop.example/ok")
    answer = page.post(PAGE, {"id": link_id})
    assert answer.headers["RateLimit-Limit"]  # rate-limited like the other APIs
    shown = answer.json()["data"]["merchantPaymentLink"]
    assert shown["statusInfo"] == {"status": "Active"}
    assert shown["paymentMethods"] == [
        {"id": card_id, "type": "Card"},
        {"id": sepa_id, "type": "SepaDirectDebitCore"},
    ]
    added = _add_card(page, link_id, card_id)
    assert added["__typename"] == "AddCardPaymentMandateSuccessPayload", added
    assert added["paymentMandate"]["__typename"] == "CardPaymentMandate"
    paid = _pay_by_card(page, link_id, added["paymentMandate"]["id"])
    assert paid["redirectUrl"] == "https://shop.example/ok", paid
    account_id = _account_of(bank, profile_id)
    [credit] = _transactions(bank, account_id)
    assert credit == {"id": paid["paymentId"], "type": "CardInCredit",
                      "statusInfo": {"status": "Pending"}, "amount": {"value": "42.50"}}  # fmt: skip
    assert page(PAGE, {"id": link_id})["merchantPaymentLink"]["statusInfo"]["status"] == (
        "Completed"
    )
    events = [e["event_type"] for e in list_events(bank.env, bank.project_id)]
    assert "MerchantPaymentLink.Updated" in events and "Transaction.Pending" in events
    bank.sim.advance("1d")
    assert _transactions(bank, account_id)[0]["statusInfo"] == {"status": "Booked"}


def test_a_card_is_refused_without_changing_anything(bank: Bank, page: GraphQL) -> None:
    profile_id, card_id, sepa_id = _merchant(bank)
    link_id = _link(bank, profile_id, [card_id, sepa_id])
    other_link = _link(bank, profile_id, [card_id])
    refusals = {
        "nope": ("NotFoundRejection", card_id, "tok_1"),
        link_id: ("NotFoundRejection", card_id, "4242 4242"),  # no token of the card form
    }
    for link, (kind, method, token) in refusals.items():
        assert _add_card(page, link, method, token)["__typename"] == kind
    assert _add_card(page, link_id, sepa_id)["__typename"] == (
        "PaymentMethodNotCompatibleRejection"
    )
    declined = _add_card(page, link_id, card_id, DECLINED_TOKEN)["paymentMandate"]["id"]
    assert _pay_by_card(page, link_id, declined)["__typename"] == (
        "MerchantCardPaymentDeclinedRejection"
    )
    elsewhere = _add_card(page, other_link, card_id)["paymentMandate"]["id"]
    assert _pay_by_card(page, link_id, elsewhere)["__typename"] == "NotFoundRejection"
    assert _transactions(bank, _account_of(bank, profile_id)) == []
    # Paid once: no second card, no second payment.
    good = _add_card(page, link_id, card_id)["paymentMandate"]["id"]
    assert _pay_by_card(page, link_id, good)["__typename"].endswith("SuccessPayload")
    assert _add_card(page, link_id, card_id)["__typename"] == (
        "AlreadyCompletedPaymentLinkRejection"
    )
    assert _pay_by_card(page, link_id, good)["__typename"] == "ForbiddenRejection"
    bank.sim.advance("31d")
    assert _add_card(page, other_link, card_id)["__typename"] == "ExpiredPaymentLinkRejection"


def _sign(page: GraphQL, link_id: str, **debtor: Any) -> Any:
    input = {"paymentLinkId": link_id, "debtor": {**DEBTOR, **debtor}, "language": "de"}
    return page(SIGN, {"input": input})["addSepaDirectDebitPaymentMandateFromPaymentLink"]


def _pay_by_debit(page: GraphQL, link_id: str, mandate_id: str, key: str | None = None) -> Any:
    input = {"paymentLinkId": link_id, "mandateId": mandate_id, "idempotencyKey": key}
    answer = page(PAY_BY_DEBIT, {"input": input})
    return answer["unauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLink"]


def test_a_customer_signs_a_mandate_and_pays_by_direct_debit(bank: Bank, page: GraphQL) -> None:
    profile_id, card_id, sepa_id = _merchant(bank)
    link_id = _link(bank, profile_id, [card_id, sepa_id], reference="ORDER-7")
    signed = _sign(page, link_id)
    assert signed["__typename"] == "AddSepaDirectDebitPaymentMandateFromPaymentLinkSuccessPayload"
    mandate_id = signed["paymentMandate"]["id"]
    read = bank.api.query(
        "query($id: ID!) { paymentMandate(id: $id) { statusInfo { status }"
        " ... on SEPAPaymentDirectDebitMandate { sequence signatureDate debtor { name iban } } } }",
        {"id": mandate_id},
    )["paymentMandate"]
    assert read["statusInfo"] == {"status": "Enabled"} and read["sequence"] == "OneOff"
    assert read["debtor"] == {"name": "Grace Hopper", "iban": DEBTOR["iban"]}
    paid = _pay_by_debit(page, link_id, mandate_id, key="order-7")
    collection = paid["merchantPaymentCollection"]
    assert collection["statusInfo"] == {"status": "Initiated"}, paid
    # The same key answers the same payment, even once the link is paid.
    assert _pay_by_debit(page, link_id, mandate_id, key="order-7") == paid
    payment = bank.api.query(
        "query($id: ID!) { merchantPayment(id: $id) { statusInfo { status }"
        " amount { value } reference } }",
        {"id": collection["id"]},
    )["merchantPayment"]
    assert payment == {"statusInfo": {"status": "Initiated"}, "amount": {"value": "42.50"},
                       "reference": "ORDER-7"}  # fmt: skip
    [debit] = _transactions(bank, _account_of(bank, profile_id))
    assert debit["type"] == "SepaDirectDebitIn" and debit["statusInfo"]["status"] == "Pending"
    assert _pay_by_debit(page, link_id, mandate_id)["__typename"] == "ForbiddenRejection"
    events = [(e["event_type"], e["resource_id"]) for e in list_events(bank.env, bank.project_id)]
    assert ("MerchantPayment.Created", collection["id"]) in events
    assert ("MerchantPaymentLink.Updated", link_id) in events


def test_a_mandate_is_refused_without_changing_anything(bank: Bank, page: GraphQL) -> None:
    profile_id, card_id, sepa_id = _merchant(bank)
    link_id = _link(bank, profile_id, [sepa_id])
    own_iban = bank.api.query(
        "query($id: ID!) { account(accountId: $id) { IBAN } }",
        {"id": _account_of(bank, profile_id)},
    )["account"]["IBAN"]
    assert _sign(page, link_id, iban="DE00 1234")["__typename"] == "IBANNotValidRejection"
    assert _sign(page, link_id, iban=own_iban)["__typename"] == "DebtorAccountNotAllowedRejection"
    unnamed = _sign(page, link_id, name="")
    assert unnamed["__typename"] == "ValidationRejection"
    assert unnamed["fields"][0]["path"] == ["input", "debtor", "name"]
    card_only = _link(bank, profile_id, [card_id])
    assert _sign(page, card_only)["__typename"] == "PaymentMethodNotCompatibleRejection"
    assert _sign(page, "nope")["__typename"] == "NotFoundRejection"
    assert bank.env.store.db["payment_mandates"].count == 0
    # A mandate the merchant declared for a method the link does not take pays nothing.
    other_method = sepa_core_method(bank, enabled_profile(bank))
    declared = add_mandate(bank, other_method)["paymentMandate"]["id"]
    assert _pay_by_debit(page, link_id, declared)["__typename"] == "BadRequestRejection"
    signed = _sign(page, link_id)["paymentMandate"]["id"]
    assert _pay_by_debit(page, link_id, signed, key="k")["__typename"].endswith("SuccessPayload")
    assert _pay_by_debit(page, link_id, declared, key="k")["__typename"] == (
        "IdempotencyConflictRejection"
    )


def test_the_page_never_shows_the_merchant_s_business(bank: Bank, page: GraphQL) -> None:
    profile_id, card_id, sepa_id = _merchant(bank)
    link_id = _link(bank, profile_id, [card_id, sepa_id])
    partner = bank.api.query(
        "query($id: ID!) { merchantProfile(id: $id) { expectedAverageBasket { value } } }",
        {"id": profile_id},
    )["merchantProfile"]
    assert partner["expectedAverageBasket"]["value"] != "0"
    profile = page(MASKED, {"id": link_id})["merchantPaymentLink"]["merchantProfile"]
    assert profile == {
        "accountId": "",
        "expectedAverageBasket": {"value": "0.00", "currency": "EUR"},
        "expectedMonthlyPaymentVolume": {"value": "0.00"},
        "expectedMonthlyMerchantProcessingVolume": "LessThan5000",
        "invoiceExampleUrl": None,
        "additionalInformation": [],
        "merchantPaymentLinks": None,
        "merchantPayments": None,
        "requestMerchantProfileUpdate": None,
        "requestedMerchantProfileUpdates": None,
        "merchantPaymentMethods": [
            {"rollingReserve": None},
            {"rollingReserve": None, "updateRequest": None},
        ],
    }


def test_a_b2b_link_takes_businesses_only(bank: Bank, page: GraphQL) -> None:
    profile_id = enabled_profile(bank)
    added = request_methods(
        bank, profile_id, sepaDirectDebitB2B={"useSwanSepaCreditorIdentifier": True}
    )
    b2b_id = str(added["merchantProfile"]["merchantPaymentMethods"][-1]["id"])
    method_outcome(bank, b2b_id, "Enabled")
    link_id = _link(bank, profile_id, [b2b_id])
    person = bank.holder()
    consumer_iban = bank.row("accounts", person["account_id"])["iban"]
    assert _sign(page, link_id, iban=consumer_iban)["__typename"] == "SchemeWrongRejection"
    signed = _sign(page, link_id)["paymentMandate"]["id"]
    scheme = bank.api.query(
        "query($id: ID!) { paymentMandate(id: $id) {"
        " ... on SEPAPaymentDirectDebitMandate { scheme sequence } } }",
        {"id": signed},
    )["paymentMandate"]
    assert scheme == {"scheme": "SepaDirectDebitB2b", "sequence": "OneOff"}
    assert bank.row("payment_mandates", signed)["language"] == "de"


def test_another_project_s_mandate_or_environment_pays_nothing(
    bank: Bank, page: GraphQL, sim_other: Bank
) -> None:
    profile_id, card_id, sepa_id = _merchant(bank)
    link_id = _link(bank, profile_id, [card_id, sepa_id])
    other_profile, other_card, other_sepa = _merchant(sim_other)
    other_link = _link(sim_other, other_profile, [other_card, other_sepa])
    theirs = _sign(page, other_link)["paymentMandate"]["id"]
    assert _pay_by_debit(page, link_id, theirs)["__typename"] == "NotFoundRejection"
    their_card = _add_card(page, other_link, other_card)["paymentMandate"]["id"]
    assert _pay_by_card(page, link_id, their_card)["__typename"] == "NotFoundRejection"
    # A method of another project's profile is none of this link's.
    assert _add_card(page, link_id, other_card)["__typename"] == "NotFoundRejection"
    assert _transactions(bank, _account_of(bank, profile_id)) == []
    live = GraphQL(bank.http, "/live-unauthenticated/graphql", None)
    assert _add_card(live, link_id, card_id)["__typename"] == "NotFoundRejection"
    assert _sign(live, link_id)["__typename"] == "NotFoundRejection"

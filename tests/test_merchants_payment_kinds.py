"""Merchant payments by card (a paid payment link, a terminal) and by check; collections under
a mandate; a profile's payment links and change requests (docs/merchants.md)."""

from __future__ import annotations

from typing import Any

import httpx

from simulator import Simulator
from simulator.domain.kernel.events import list_events

from .banking_support import REDIRECT, Bank
from .merchant_support import (
    card_link,
    enabled_profile,
    mandate_for,
    method_outcome,
    pay_link,
    request_methods,
)

PAYMENT = """__typename id amount { value } label reference
  statusInfo { status ... on MerchantPaymentRejected { rejectedReasonCode } }
  balance { totalAuthorized { value } totalCaptured { value } availableToCancel { value } }
  paymentMethod { type } merchantProfile { id }
  transactions { totalCount edges { node { id statusInfo { status } } } }
  ... on OnlineCardMerchantPayment { paymentLink { id statusInfo { status } }
    threeDs { statusInfo { status ... on FailedThreeDsStatusInfo { reasonCode } } }
    paymentMandate { id ... on CardPaymentMandate { card { scheme type lastDigits }
      accountHolder { id } } } }
  ... on InPersonCardMerchantPayment { paymentMandate { id } }"""


def payments_of(bank: Bank, profile_id: str, **filters: Any) -> list[dict[str, Any]]:
    query = f"""query($id: ID!, $filters: MerchantPaymentFiltersInput) {{ merchantProfile(id: $id) {{
      merchantPayments(filters: $filters) {{ edges {{ node {{ {PAYMENT} }} }} }} }} }}"""
    data = bank.api.query(query, {"id": profile_id, "filters": filters})
    return [edge["node"] for edge in data["merchantProfile"]["merchantPayments"]["edges"]]


def enabled_method(bank: Bank, profile_id: str, kind: str) -> str:
    added = request_methods(bank, profile_id, **{kind: {}})
    method_id = str(added["merchantProfile"]["merchantPaymentMethods"][-1]["id"])
    method_outcome(bank, method_id, "Enabled")
    return method_id


def test_a_paid_link_is_an_online_card_merchant_payment(bank: Bank) -> None:
    link_id, _account = card_link(bank, amount="42.50")
    profile_id = bank.row("merchant_payment_links", link_id)["merchant_profile_id"]
    paid = pay_link(bank, link_id)
    [payment] = payments_of(bank, profile_id)
    assert payment["__typename"] == "OnlineCardMerchantPayment"
    assert payment["statusInfo"]["status"] == "Authorized"
    assert payment["amount"]["value"] == "42.50" and payment["label"] == "Order 7"
    assert payment["balance"]["totalAuthorized"]["value"] == "42.50"
    assert payment["balance"]["availableToCancel"]["value"] == "0.00"
    cancel = bank.api.mutate("cancelMerchantPayment", {"merchantPaymentId": payment["id"]})
    assert cancel["__typename"] == "MerchantPaymentMethodNotCompatibleRejection"
    assert payment["paymentLink"] == {"id": link_id, "statusInfo": {"status": "Completed"}}
    assert payment["threeDs"]["statusInfo"]["status"] == "Succeeded"
    mandate = payment["paymentMandate"]
    assert mandate["id"] == paid["cardMandateId"]
    assert mandate["card"]["scheme"] == "Visa" and mandate["card"]["type"] == "Debit"
    [credit] = payment["transactions"]["edges"]
    assert credit["node"]["id"] == paid["paymentId"]
    # The card network settles the credit: the payment is captured.
    bank.testing.mutate("simulateIncomingOnlineCardBooking", {"transactionId": paid["paymentId"]})
    [captured] = payments_of(bank, profile_id, status=["Captured"])
    assert captured["balance"]["totalCaptured"]["value"] == "42.50"
    events = [e["event_type"] for e in list_events(bank.env, bank.project_id)]
    assert {
        "MerchantPayment.Created",
        "MerchantPayment.Authorized",
        "MerchantPayment.Captured",
    } <= set(events)


def test_a_declined_card_is_a_rejected_payment(bank: Bank) -> None:
    link_id, _account = card_link(bank)
    profile_id = bank.row("merchant_payment_links", link_id)["merchant_profile_id"]
    pay_link(
        bank, link_id, threeDS={"status": "Failed", "rejectedReasonCode": "AuthenticationExpired"}
    )
    [payment] = payments_of(bank, profile_id)
    assert payment["statusInfo"] == {
        "status": "Rejected",
        "rejectedReasonCode": "SoftDecline3dsExpiration",
    }
    assert payment["threeDs"]["statusInfo"] == {
        "status": "Failed",
        "reasonCode": "AuthenticationExpired",
    }
    assert payment["balance"]["totalAuthorized"]["value"] == "0.00"


CHECK = """fnciInfo { colorCode cpt1 cpt2 cpt3 holderEstablishment responseCode }
  checkMerchantPayment { __typename id statusInfo { status } amount { value }
    transactions { edges { node { id type statusInfo { status } } } } }"""


def check_input(bank: Bank, profile_id: str, result: str | None = None) -> dict[str, Any]:
    generated = bank.testing.mutate(
        "generateTestCheck", {"fnciResult": result} if result else {}, "cmc7 rlmcKey"
    )
    return {
        "merchantProfileId": profile_id,
        "amount": {"value": "120.00", "currency": "EUR"},
        "cmc7": generated["cmc7"],
        "rlmcKey": generated["rlmcKey"],
        "label": "Invoice 12",
    }


def test_a_check_payment_is_checked_deposited_and_captured(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    no_method = bank.api.mutate("initiateCheckMerchantPayment", check_input(bank, profile_id))
    assert no_method["__typename"] == "ForbiddenRejection"
    enabled_method(bank, profile_id, "check")
    input = check_input(bank, profile_id)
    made = bank.api.mutate("initiateCheckMerchantPayment", input, CHECK)
    assert made["__typename"] == "InitiateCheckMerchantPaymentSuccessPayload", made
    assert made["fnciInfo"]["colorCode"] == "Green" and made["fnciInfo"]["cpt1"] == 0
    payment = made["checkMerchantPayment"]
    assert (payment["__typename"], payment["statusInfo"]["status"]) == (
        "CheckMerchantPayment",
        "Initiated",
    )
    [deposit] = payment["transactions"]["edges"]
    assert (deposit["node"]["type"], deposit["node"]["statusInfo"]["status"]) == (
        "CheckIn",
        "Pending",
    )
    # The same check again is a duplicate; a red one is refused with the registry's answer.
    again = bank.api.mutate("initiateCheckMerchantPayment", input)
    assert (again["__typename"], again["id"]) == ("DuplicateCheckRejection", payment["id"])
    red = bank.api.mutate(
        "initiateCheckMerchantPayment", check_input(bank, profile_id, "IrregularRed"), CHECK
    )
    assert red["__typename"] == "CheckRejection" and red["fnciInfo"]["colorCode"] == "Red"
    bad_key = bank.api.mutate("initiateCheckMerchantPayment", {**input, "rlmcKey": "00"})
    assert [f["path"] for f in bad_key["fields"]] == [["input", "rlmcKey"]]
    # The check clears: the payment is captured.
    bank.testing.mutate("simulateIncomingCheckBooking", {"transactionId": deposit["node"]["id"]})
    [captured] = payments_of(bank, profile_id, status=["Captured"])
    assert captured["id"] == payment["id"]
    assert bank.env.store.db["merchant_payments"].count == 1


IN_PERSON = """mutation($input: SimulateIncomingInPersonCardAuthorizationInput!) {
  simulateIncomingInPersonCardAuthorization(input: $input) { __typename
    ... on SimulateIncomingInPersonCardAuthorizationSuccessPayload { paymentIntentId }
    ... on Rejection { message } } }"""

SETTLE = """mutation($input: SimulateIncomingInPersonCardSettlementInput!) {
  simulateIncomingInPersonCardSettlement(input: $input) { __typename
    ... on SimulateIncomingInPersonCardSettlementSuccessPayload { merchantPayments {
      __typename id statusInfo { status } balance { totalCaptured { value } } paymentLink { id }
      paymentMandate { __typename id }
      merchantProfile { merchantPayments(filters: { status: [Captured] }) { totalCount }
        merchantPaymentLinks { totalCount } } } }
    ... on MerchantPaymentsAlreadySettledRejection { merchantPaymentIds } } }"""


def authorize(bank: Bank, secret: str, status: str = "Authorized") -> dict[str, Any]:
    input = {
        "paymentIntentSecret": secret,
        "authorization": {"status": status},
        "cardDetails": {"scheme": "Visa"},
    }
    body = bank.testing.post(IN_PERSON, {"input": input})
    assert "errors" not in body, body
    return dict(body["data"]["simulateIncomingInPersonCardAuthorization"])


def test_an_in_person_intent_is_paid_and_settled(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    input = {"merchantProfileId": profile_id, "amount": {"value": "9.90", "currency": "EUR"}}
    refused = bank.api.mutate("createInPersonPaymentIntent", input)
    assert refused["__typename"] == "ForbiddenRejection"  # no in-person card method yet
    enabled_method(bank, profile_id, "inPersonCard")
    token = bank.api.mutate(
        "requestTerminalConnectionToken", {"merchantProfileId": profile_id}, "connectionToken"
    )
    assert token["connectionToken"].startswith("tct_")
    [stored] = bank.env.store.db["terminal_connection_tokens"].rows
    assert (
        stored["token_hash"] != token["connectionToken"]
        and stored["expires_at"] > stored["created_at"]
    )
    made = bank.api.mutate(
        "createInPersonPaymentIntent", {**input, "idempotencyKey": "k1"}, "paymentIntent { secret }"
    )
    secret = made["paymentIntent"]["secret"]
    assert authorize(bank, "unknown")["__typename"] == "NotFoundRejection"
    paid = authorize(bank, secret)
    assert paid["__typename"] == "SimulateIncomingInPersonCardAuthorizationSuccessPayload"
    assert authorize(bank, secret)["__typename"] == "ForbiddenRejection"  # paid once
    [payment] = payments_of(bank, profile_id)
    assert (payment["__typename"], payment["statusInfo"]["status"]) == (
        "InPersonCardMerchantPayment",
        "Authorized",
    )
    settled = bank.testing.post(SETTLE, {"input": {"merchantPaymentIds": [payment["id"]]}})
    result = settled["data"]["simulateIncomingInPersonCardSettlement"]
    assert result["merchantPayments"][0]["statusInfo"]["status"] == "Captured"
    assert result["merchantPayments"][0]["balance"]["totalCaptured"]["value"] == "9.90"
    # The Testing API's payment shows its profile's payments and links, as the partner API's.
    assert result["merchantPayments"][0]["paymentLink"] is None
    # Its card mandate, as the partner API resolves it (the Testing API takes the field).
    assert result["merchantPayments"][0]["paymentMandate"]["__typename"] == "CardPaymentMandate"
    assert result["merchantPayments"][0]["merchantProfile"] == {
        "merchantPayments": {"totalCount": 1},
        "merchantPaymentLinks": {"totalCount": 0},
    }
    again = bank.testing.post(SETTLE, {"input": {"merchantPaymentIds": [payment["id"]]}})
    assert again["data"]["simulateIncomingInPersonCardSettlement"] == {
        "__typename": "MerchantPaymentsAlreadySettledRejection",
        "merchantPaymentIds": [payment["id"]],
    }


def test_another_project_sees_nothing(bank: Bank, sim: Simulator, http: httpx.Client) -> None:
    other_bank = Bank(sim, http, sim.create_project("sandbox", "Other", [REDIRECT]))
    profile_id = enabled_profile(bank)
    enabled_method(bank, profile_id, "inPersonCard")
    enabled_method(bank, profile_id, "check")
    input = {"merchantProfileId": profile_id, "amount": {"value": "9.90", "currency": "EUR"}}
    secret = bank.api.mutate("createInPersonPaymentIntent", input, "paymentIntent { secret }")
    for name, extra in (
        ("createInPersonPaymentIntent", input),
        ("requestTerminalConnectionToken", {"merchantProfileId": profile_id}),
        ("initiateCheckMerchantPayment", check_input(other_bank, profile_id)),
    ):
        assert other_bank.api.mutate(name, extra)["__typename"] == "NotFoundRejection", name
    stolen = authorize(other_bank, secret["paymentIntent"]["secret"])
    assert stolen["__typename"] == "NotFoundRejection"
    assert bank.env.store.db["merchant_payments"].count == 0


def test_collections_under_a_sepa_mandate(bank: Bank) -> None:
    _method, mandate_id = mandate_for(bank)
    input = {"amount": {"value": "30.00", "currency": "EUR"}, "idempotencyKey": "c1"}
    neither = bank.api.mutate("initiateMerchantPaymentCollection", input)
    assert neither["__typename"] == "ValidationRejection"
    selection = "merchantPaymentCollection { id statusInfo { status } transactions { totalCount } }"
    made = bank.api.mutate(
        "initiateMerchantPaymentCollection",
        {**input, "sepaDirectDebit": {"mandateId": mandate_id}},
        selection,
    )
    collection = made["merchantPaymentCollection"]
    assert collection["statusInfo"]["status"] == "Initiated"
    assert collection["transactions"]["totalCount"] == 1
    again = bank.api.mutate(
        "initiateMerchantPaymentCollection",
        {**input, "sepaDirectDebit": {"mandateId": mandate_id}},
        selection,
    )
    assert again["merchantPaymentCollection"]["id"] == collection["id"]
    unknown = bank.api.mutate(
        "initiateMerchantPaymentCollection",
        {**input, "idempotencyKey": "c2", "internalDirectDebit": {"mandateId": "nope"}},
    )
    assert unknown["__typename"] == "NotFoundRejection"


LINKS = """query($id: ID!, $filters: MerchantPaymentLinkFiltersInput!) { merchantProfile(id: $id) {
  requestedMerchantProfileUpdates { id } expectedMonthlyPaymentVolume { value } invoiceExampleUrl
  supportingDocumentCollections { totalCount }
  merchantPaymentLinks(filters: $filters, first: 10) { totalCount
    edges { node { id statusInfo { status } } } } } }"""


def test_a_profile_lists_its_links_by_status(bank: Bank) -> None:
    link_id, _account = card_link(bank)
    profile_id = bank.row("merchant_payment_links", link_id)["merchant_profile_id"]
    [method_id] = bank.env.store.db.execute(
        "SELECT id FROM merchant_payment_methods WHERE merchant_profile_id = ? AND type = 'Card'",
        [profile_id],
    ).fetchone()
    second = bank.api.mutate(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile_id,
            "amount": {"value": "10.00", "currency": "EUR"},
            "paymentMethodIds": [method_id],
        },
        "merchantPaymentLink { id }",
    )["merchantPaymentLink"]["id"]
    pay_link(bank, link_id)

    def listed(**filters: Any) -> list[str]:
        data = bank.api.query(LINKS, {"id": profile_id, "filters": filters})["merchantProfile"]
        assert data["requestedMerchantProfileUpdates"] == []
        assert data["expectedMonthlyPaymentVolume"] == {"value": "3000.00"}
        assert data["supportingDocumentCollections"] == {"totalCount": 0}
        return [edge["node"]["id"] for edge in data["merchantPaymentLinks"]["edges"]]

    # Made at the same virtual instant: ordered by id then.
    assert sorted(listed()) == sorted([link_id, second])
    assert listed(status=["Completed"]) == [link_id]
    assert listed(status=["Active"]) == [second]
    assert listed(amountSmallerThan="20") == [second]
    bank.sim.advance("31d")
    assert sorted(listed(status=["Expired", "Completed"])) == sorted([link_id, second])
    assert listed(status=["Active"]) == []


def test_a_card_merchant_acquirer_and_sub_merchant_are_accepted(bank: Bank) -> None:
    """The Testing API's `Merchant` takes the acquirer's and sub-merchant's ids (not kept)."""
    account_id = bank.holder()["account_id"]
    bank.fund(account_id)
    card_id = bank.enabled_card(account_id)
    merchant = {"acquirerId": "ACQ-1", "subMerchantId": "SUB-7"}
    result = bank.authorize(card_id, merchant=merchant)
    assert result["__typename"] == "SimulateOutgoingCardAuthorizationSuccessPayload", result


def test_reset_sandbox_data_deletes_links_intents_and_payments(bank: Bank) -> None:
    link_id, _account = card_link(bank)
    pay_link(bank, link_id)
    profile_id = bank.row("merchant_payment_links", link_id)["merchant_profile_id"]
    enabled_method(bank, profile_id, "inPersonCard")
    input = {"merchantProfileId": profile_id, "amount": {"value": "5.00", "currency": "EUR"}}
    bank.api.mutate("createInPersonPaymentIntent", input, "paymentIntent { secret }")
    bank.api.mutate("requestTerminalConnectionToken", {"merchantProfileId": profile_id})
    assert bank.testing.mutate("resetSandboxData")["__typename"] == "ResetSandboxDataSuccessPayload"
    db = bank.env.store.db
    for table in (
        "merchant_payments",
        "merchant_payment_links",
        "in_person_payment_intents",
        "terminal_connection_tokens",
        "merchant_profiles",
    ):
        assert db[table].count_where("project_id = ?", [bank.project_id]) == 0, table


def test_collections_under_an_internal_mandate(bank: Bank) -> None:
    from .test_internal_direct_debits import add_mandate, internal_method

    method_id = internal_method(bank, enabled_profile(bank))
    debtor = str(bank.holder()["account_id"])
    mandate_id = add_mandate(bank, method_id, debtor, reference="SUB-9")["paymentMandate"]["id"]
    input = {
        "amount": {"value": "12.00", "currency": "EUR"},
        "reference": "INV-9",
        "idempotencyKey": "i1",
        "internalDirectDebit": {"mandateId": mandate_id},
    }
    selection = """merchantPaymentCollection { id statusInfo { status }
      transactions { edges { node { type reference statusInfo { status } } } } }"""
    made = bank.api.mutate("initiateMerchantPaymentCollection", input, selection)
    collection = made["merchantPaymentCollection"]
    [credit] = collection["transactions"]["edges"]
    assert credit["node"] == {
        "type": "InternalDirectDebitIn",
        "reference": "INV-9",
        "statusInfo": {"status": "Pending"},
    }
    again = bank.api.mutate("initiateMerchantPaymentCollection", input, selection)
    assert again["merchantPaymentCollection"]["id"] == collection["id"]
    changed = bank.api.mutate(
        "initiateMerchantPaymentCollection",
        {**input, "amount": {"value": "13.00", "currency": "EUR"}},
    )
    assert changed["__typename"] == "IdempotencyConflictRejection"
    late = bank.api.mutate(
        "initiateMerchantPaymentCollection",
        {
            **input,
            "idempotencyKey": "i2",
            "internalDirectDebit": {
                "mandateId": mandate_id,
                "requestedExecutionAt": "2099-01-01T00:00:00Z",
            },
        },
    )
    assert [f["path"] for f in late["fields"]] == [
        ["input", "internalDirectDebit", "requestedExecutionAt"]
    ]
    assert bank.env.store.db["internal_direct_debits"].count == 1


def test_an_intent_replayed_gets_a_new_secret_and_bad_input_changes_nothing(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    enabled_method(bank, profile_id, "inPersonCard")
    input = {
        "merchantProfileId": profile_id,
        "amount": {"value": "9.90", "currency": "EUR"},
        "idempotencyKey": "k1",
    }
    first = bank.api.mutate("createInPersonPaymentIntent", input, "paymentIntent { secret }")
    second = bank.api.mutate("createInPersonPaymentIntent", input, "paymentIntent { secret }")
    old, new = first["paymentIntent"]["secret"], second["paymentIntent"]["secret"]
    assert old != new and old.split("_secret_")[0] == new.split("_secret_")[0]
    assert authorize(bank, old)["__typename"] == "NotFoundRejection"  # replaced
    bad = bank.api.mutate(
        "createInPersonPaymentIntent",
        {
            **input,
            "idempotencyKey": None,
            "amount": {"value": "-1", "currency": "EUR"},
            "reference": "R" * 36,
        },
    )
    assert sorted(f["path"] for f in bad["fields"]) == [
        ["input", "amount", "value"],
        ["input", "reference"],
    ]
    assert bank.env.store.db["in_person_payment_intents"].count == 1
    assert authorize(bank, new)["__typename"].endswith("SuccessPayload")

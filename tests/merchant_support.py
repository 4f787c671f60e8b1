"""Helpers of the merchant tests: a company account, its merchant profile, its methods."""

from __future__ import annotations

from typing import Any

from .banking_support import DEBTOR_IBAN, Bank

PROFILE_FIELDS = """id accountId merchantName productType expectedAverageBasket { value currency }
  expectedMonthlyMerchantProcessingVolume merchantWebsiteUrl accentColor
  additionalInformation { __typename ... on DefaultAdditionalInformation { type value }
    ... on OtherAdditionalInformation { description value } }
  statusInfo { status ... on EnabledMerchantProfileStatusInfo { enabledAt }
    ... on RejectedMerchantProfileStatusInfo { rejectedAt rejectionReason }
    ... on DisabledMerchantProfileStatusInfo { disabledAt } }
  requestMerchantProfileUpdate { id status merchantName }
  merchantPaymentMethods { __typename id methodId type version statusInfo { status } }"""

METHOD_FIELDS = """__typename id methodId type version createdAt merchantProfile { id }
  statusInfo { __typename status
    ... on RejectedMerchantPaymentMethodStatusInfo { rejectionReason }
    ... on WaitingForInformationMerchantPaymentMethodStatusInfo { waitingForInformationAt
      verificationRequirements { __typename
        ... on MerchantRequirements { fields }
        ... on SupportingDocumentRequirements { supportingDocumentPurposes } } } }
  ... on SepaDirectDebitCoreMerchantPaymentMethod { sepaCreditorIdentifier
    useSwanSepaCreditorIdentifier updateRequest { id sepaCreditorIdentifier } }"""

PROFILE_INPUT = {
    "merchantName": "Paper Goods",
    "productType": "Goods",
    "expectedAverageBasket": {"value": "50", "currency": "EUR"},
    "expectedMonthlyPaymentVolume": {"value": "3000", "currency": "EUR"},
}


def company_account(bank: Bank) -> dict[str, Any]:
    """A verified company holder with one account and a legal representative user."""
    return bank.holder(holder_type="Company", company_name="Acme")


def request_profile(bank: Bank, account_id: str, **extra: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "requestMerchantProfile",
        {"accountId": account_id, **PROFILE_INPUT, **extra},
        f"merchantProfile {{ {PROFILE_FIELDS} }}",
    )


def profile(bank: Bank, profile_id: str) -> dict[str, Any]:
    query = f"query($id: ID!) {{ merchantProfile(id: $id) {{ {PROFILE_FIELDS} }} }}"
    return dict(bank.api.query(query, {"id": profile_id})["merchantProfile"])


def method(bank: Bank, method_id: str) -> dict[str, Any]:
    query = f"query($id: ID!) {{ merchantPaymentMethod(id: $id) {{ {METHOD_FIELDS} }} }}"
    return dict(bank.api.query(query, {"id": method_id})["merchantPaymentMethod"])


def profile_outcome(bank: Bank, profile_id: str, **input: Any) -> dict[str, Any]:
    return bank.testing.mutate(
        "simulateMerchantProfileRequestOutcome",
        {"merchantProfileId": profile_id, **input},
        "merchantProfile { id statusInfo { status } }",
    )


def enabled_profile(bank: Bank) -> str:
    """A company account's merchant profile, accepted by the bank."""
    account_id = company_account(bank)["account_id"]
    profile_id = str(request_profile(bank, account_id)["merchantProfile"]["id"])
    profile_outcome(bank, profile_id, merchantProfileStatus="Enabled")
    return profile_id


def request_methods(bank: Bank, profile_id: str, **methods: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "requestMerchantPaymentMethods",
        {"merchantProfileId": profile_id, **methods},
        "merchantProfile { merchantPaymentMethods { id type statusInfo { status } } }",
    )


OUTCOME = f"""mutation($input: SimulateMerchantPaymentMethodRequestOutcomeInput!) {{
  simulateMerchantPaymentMethodRequestOutcome(input: $input) {{ __typename
    ... on Rejection {{ message }} ... on NotFoundRejection {{ missingId: id }}
    ... on MerchantPaymentMethod {{ {METHOD_FIELDS} }} }} }}"""


def method_outcome(bank: Bank, method_id: str, status: str, **input: Any) -> dict[str, Any]:
    """`simulateMerchantPaymentMethodRequestOutcome`: the method (its payload is the
    method's own type, not a success payload) or a rejection."""
    variables = {
        "input": {
            "merchantPaymentMethodId": method_id,
            "merchantPaymentMethodStatus": status,
            **input,
        }
    }
    body = bank.testing.post(OUTCOME, variables)
    assert "errors" not in body, body
    result = dict(body["data"]["simulateMerchantPaymentMethodRequestOutcome"])
    if "missingId" in result:  # aliased: a method's `id` is an ID!, the rejection's a String!
        result["id"] = result.pop("missingId")
    return result


def sepa_core_method(bank: Bank, profile_id: str, status: str = "Enabled") -> str:
    """A SEPA Core method of the profile, using the bank's creditor identifier."""
    added = request_methods(
        bank, profile_id, sepaDirectDebitCore={"useSwanSepaCreditorIdentifier": True}
    )
    created = added["merchantProfile"]["merchantPaymentMethods"][-1]  # the newest
    # The bank's review enables it first; only an Enabled method can be suspended.
    for step in {"PendingReview": [], "Suspended": ["Enabled", "Suspended"]}.get(status, [status]):
        method_outcome(bank, created["id"], step)
    return str(created["id"])


# -- SEPA direct debit mandates a merchant declares ---------------------------------------

MANDATE = """paymentMandate { id accountHolder { id }
  statusInfo { status ... on PaymentMandateCanceledStatusInfo { reason } }
  ... on SEPAPaymentDirectDebitMandate { reference scheme sequence signatureDate
    creditor { name identifier } debtor { name iban country address { city country } } } }"""

DEBTOR = {
    "name": "Grace Hopper",
    "IBAN": DEBTOR_IBAN,
    "address": {"addressLine1": "1 rue de la Paix", "city": "Paris", "country": "FRA"},
}


def add_mandate(bank: Bank, method_id: str, **extra: Any) -> dict[str, Any]:
    input = {
        "paymentMethodId": method_id,
        "debtor": DEBTOR,
        "sequence": "Recurrent",
        "signatureDate": "2026-01-05",
        "language": "fr",
        **extra,
    }
    return bank.api.mutate("addSepaDirectDebitPaymentMandate", input, MANDATE)


def mandate_for(bank: Bank, **extra: Any) -> tuple[str, str]:
    """An Enabled SEPA Core method of an Enabled profile, and a mandate declared for it."""
    profile_id = enabled_profile(bank)
    method_id = sepa_core_method(bank, profile_id)
    added = add_mandate(bank, method_id, **extra)
    assert added["__typename"] == "AddSepaDirectDebitPaymentMandateSuccessPayload", added
    return method_id, str(added["paymentMandate"]["id"])


# -- card payments to a merchant's payment link --------------------------------------------


def card_link(bank: Bank, profile_id: str | None = None, amount: str = "42.50") -> tuple[str, str]:
    """An Active payment link taking an Enabled card method of an Enabled profile (a new one
    unless `profile_id`), and the profile's account."""
    profile_id = profile_id or enabled_profile(bank)
    added = request_methods(bank, profile_id, card={})
    method_id = added["merchantProfile"]["merchantPaymentMethods"][-1]["id"]
    method_outcome(bank, method_id, "Enabled")
    made = bank.api.mutate(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile_id,
            "amount": {"value": amount, "currency": "EUR"},
            "paymentMethodIds": [method_id],
            "label": "Order 7",
            "customer": {"name": "Grace Hopper"},
        },
        "merchantPaymentLink { id merchantProfile { accountId } }",
    )
    link = made["merchantPaymentLink"]
    return str(link["id"]), str(link["merchantProfile"]["accountId"])


#: The card of a customer paying a link (`cardDetails`).
CUSTOMER_CARD = {"category": "Consumer", "country": "FRA", "scheme": "Visa", "type": "Debit"}


def pay_link(
    bank: Bank,
    link_id: str,
    name: str = "simulateIncomingOnlineCardAuthorization",
    **extra: Any,
) -> dict[str, Any]:
    """A customer's card pays the link (Authorized, 3DS Successful unless `extra` says)."""
    input = {
        "paymentLinkId": link_id,
        "authorization": {"status": "Authorized"},
        "threeDS": {"status": "Successful"},
        "cardDetails": CUSTOMER_CARD,
        **extra,
    }
    return bank.testing.mutate(name, input, "paymentId cardMandateId paymentLinkId")

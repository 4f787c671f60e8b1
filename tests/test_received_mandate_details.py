"""A received SEPA mandate's creditor address (as the Testing API's debit gives it) and the
transactions presented under it (issue 25)."""

from __future__ import annotations

from .banking_support import ADDRESS, Bank
from .test_payments_direct_debits import receive

MANDATES = """query($id: ID!) { account(accountId: $id) { receivedDirectDebitMandates {
  edges { node { ... on SEPAReceivedDirectDebitMandate { reference
    creditor { name address { addressLine1 city postalCode country state } }
    transactions { totalCount edges { node { amount { value } reference } } } } } } } } }"""


def mandates(bank: Bank, account_id: str) -> list[dict[str, object]]:
    found = bank.api.query(MANDATES, {"id": account_id})["account"]
    return [edge["node"] for edge in found["receivedDirectDebitMandates"]["edges"]]


def test_the_creditor_address_and_the_debits_of_a_received_mandate(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "300.00")
    receive(bank, account_id, "40.00")
    [first] = mandates(bank, account_id)
    # The first debit gave no address: every line is unknown.
    assert first["creditor"]["address"] == dict.fromkeys(  # type: ignore[index]
        ("addressLine1", "city", "postalCode", "country", "state")
    )
    creditor = {
        "name": "Utility Co",
        "iban": "FR7630006000011234567890189",
        "identifier": "FR12ZZZ123456",
        "address": ADDRESS,
    }
    receive(bank, account_id, "12.00", creditor=creditor)
    # Another creditor's debit on the same account is not under this mandate.
    receive(bank, account_id, "7.00", mandateReference="OTHER-1")
    by_reference = {str(m["reference"]): m for m in mandates(bank, account_id)}
    mandate = by_reference["MANDATE-42"]
    assert mandate["creditor"]["address"] == {  # type: ignore[index]
        "addressLine1": "1 rue de la Paix",
        "city": "Paris",
        "postalCode": "75002",
        "country": "FRA",
        "state": None,
    }
    debits = mandate["transactions"]
    assert debits["totalCount"] == 2  # type: ignore[index]
    assert sorted(e["node"]["amount"]["value"] for e in debits["edges"]) == ["12.00", "40.00"]  # type: ignore[index]
    assert by_reference["OTHER-1"]["transactions"]["totalCount"] == 1  # type: ignore[index]


def test_a_bad_creditor_address_refuses_the_debit(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "300.00")
    creditor = {
        "name": "Utility Co",
        "iban": "FR7630006000011234567890189",
        "identifier": "FR12ZZZ123456",
        "address": {**ADDRESS, "addressLine1": "x" * 71},
    }
    result = receive(bank, account_id, "12.00", creditor=creditor)
    assert result["__typename"] != "SimulateOutgoingSepaDirectDebitReceptionSuccessPayload"
    assert mandates(bank, account_id) == []
    assert bank.env.store.db["transactions"].count_where("type = 'SepaDirectDebitOut'") == 0

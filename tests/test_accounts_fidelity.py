"""The accounts family's real operations: openAccount, updateAccountHolder, allowSdd and
denySdd, virtual IBANs, account and transaction statements, projectInfo, and the connection
convention (`before`, `orderBy`)."""

from __future__ import annotations

import pytest
from schwifty import IBAN

from .banking_support import DEBTOR_IBAN, Bank


@pytest.fixture
def ada(bank: Bank) -> dict:
    return bank.holder()


def test_open_account_for_a_verified_holder(bank: Bank, ada: dict) -> None:
    opened = bank.api.mutate(
        "openAccount",
        {"accountHolderId": ada["holder_id"], "language": "de"},
        "account { id name language country IBAN legalRepresentativeMembership { id } "
        "holder { accounts { totalCount } } }",
    )
    account = opened["account"]
    assert (account["name"], account["language"], account["country"]) == (
        "Ada Lovelace's account",
        "de",
        "FRA",
    )
    assert IBAN(account["IBAN"]).country_code == "FR"
    assert account["holder"]["accounts"]["totalCount"] == 2
    assert bank.events(account["id"]) == ["Account.Created"]
    assert bank.row("account_memberships", account["legalRepresentativeMembership"]["id"])[
        "legal_representative"
    ]
    pending = bank.holder("Alan", "Turing", verification_status="Pending")
    refused = bank.api.mutate("openAccount", {"accountHolderId": pending["holder_id"]})
    assert refused["__typename"] == "AccountHolderVerificationStatusNotEligibleRejection"
    unknown = bank.api.mutate("openAccount", {"accountHolderId": "nope"})
    assert unknown == {
        "__typename": "AccountHolderNotFoundRejection",
        "message": "Account holder nope was not found.",
    }


def test_open_account_stops_at_the_creation_limit(bank: Bank, ada: dict) -> None:
    for _ in range(9):
        bank.api.mutate("openAccount", {"accountHolderId": ada["holder_id"]})
    over = bank.api.mutate("openAccount", {"accountHolderId": ada["holder_id"]})
    assert over["__typename"] == "AccountHolderAccountsCreationLimitRejection"
    info = bank.api.query(
        "{ projectInfo { id name oAuthClientId multipleAccountsSettings "
        "{ canOpenAccount accountCreationLimit } } }"
    )["projectInfo"]
    assert info["id"] == bank.project_id
    assert info["oAuthClientId"].startswith("SANDBOX_")
    assert info["multipleAccountsSettings"]["accountCreationLimit"] == 10


def test_update_account_holder_tax_numbers(bank: Bank, ada: dict) -> None:
    result = bank.api.mutate(
        "updateAccountHolder",
        {"accountHolderId": ada["holder_id"], "taxIdentificationNumber": "1234567890123"},
        "accountHolder { info { ... on AccountHolderIndividualInfo { taxIdentificationNumber } } }",
    )
    assert result["accountHolder"]["info"] == {"taxIdentificationNumber": "1234567890123"}
    assert bank.events(ada["holder_id"])[-1] == "AccountHolder.Updated"
    vat = bank.api.mutate(
        "updateAccountHolder", {"accountHolderId": ada["holder_id"], "vatNumber": "FR1"}
    )
    assert vat["__typename"] == "ValidationRejection"


def test_allow_and_deny_sdd(bank: Bank, ada: dict) -> None:
    account = ada["account_id"]
    denied = bank.api.mutate("denySdd", {"accountId": account}, "account { blockSDD }")
    assert denied["account"] == {"blockSDD": True}
    allowed = bank.api.mutate("allowSdd", {"accountId": account}, "account { blockSDD }")
    assert allowed["account"] == {"blockSDD": False}
    assert bank.api.mutate("allowSdd", {"accountId": "nope"})["__typename"] == (
        "AccountNotFoundRejection"
    )


def test_virtual_ibans_credit_their_account(bank: Bank, ada: dict) -> None:
    account = ada["account_id"]
    entry = bank.api.mutate(
        "addVirtualIbanEntry",
        {"accountId": account},
        "virtualIbanEntry { id IBAN BIC status blockSDD }",
    )["virtualIbanEntry"]
    assert (entry["status"], entry["blockSDD"], entry["BIC"]) == ("Enabled", False, "SIMUFRP1XXX")
    assert IBAN(entry["IBAN"]).country_code == "FR"
    assert entry["IBAN"] != bank.row("accounts", account)["iban"]
    incoming = bank.testing.mutate(
        "simulateIncomingSepaCreditTransferReception",
        {
            "creditorIban": entry["IBAN"],
            "creditorName": "Ada Lovelace",
            "amount": {"value": "7.00", "currency": "EUR"},
            "debtorName": "Grace Hopper",
            "debtorIban": DEBTOR_IBAN,
        },
        "transactionId",
    )
    assert bank.row("transactions", incoming["transactionId"])["account_id"] == account
    denied = bank.api.mutate(
        "denySddVirtualIbanEntry", {"ibanEntryId": entry["id"]}, "virtualIbanEntry { blockSDD }"
    )
    assert denied["virtualIbanEntry"] == {"blockSDD": True}
    canceled = bank.api.mutate(
        "cancelVirtualIbanEntry",
        {"virtualIbanEntryId": entry["id"]},
        "virtualIbanEntry { status }",
    )
    assert canceled["virtualIbanEntry"] == {"status": "Canceled"}
    listed = bank.api.query(
        "query($id: ID!) { account(accountId: $id) { virtualIbanEntries(filters: "
        "{status: [Canceled]}) { totalCount } } }",
        {"id": account},
    )
    assert listed["account"]["virtualIbanEntries"]["totalCount"] == 1
    missing = bank.api.mutate("cancelVirtualIbanEntry", {"virtualIbanEntryId": "nope"})
    assert missing == {
        "__typename": "IbanEntryNotFoundRejection",
        "message": "Virtual IBAN entry nope was not found.",
        "id": "nope",
    }


STATEMENT = """mutation($input: GenerateAccountStatementInput!) {
  generateAccountStatement(input: $input) { id period status format
    openingBalance { value } closingBalance { value } totalCredits { value }
    totalDebits { value } fees { value }
    statusInfo { status ... on GeneratedStatusInfo { url } } } }"""


def test_account_statement_on_the_virtual_clock(bank: Bank, ada: dict) -> None:
    account = ada["account_id"]
    bank.fund(account, "100.00")
    bank.sim.advance("1d")
    bank.fund(account, "20.00")
    bank.testing.mutate(
        "simulateManualBankingFee",
        {
            "accountId": account,
            "type": "DocumentIssuance",
            "dueAmount": {"value": "5.00", "currency": "EUR"},
            "effectiveDate": "2026-01-06T09:00:00.000Z",
        },
    )
    bank.sim.advance("1h")
    statement = bank.api.query(
        STATEMENT,
        {
            "input": {
                "accountId": account,
                "openingDate": "2026-01-06T00:00:00.000Z",
                "closingDate": "2026-01-06T10:00:00.000Z",
            }
        },
    )["generateAccountStatement"]
    assert {key: value for key, value in statement.items() if key != "id"} == {
        "period": "Custom",
        "status": "Available",
        "format": "PDF",
        "openingBalance": {"value": "100.00"},
        "closingBalance": {"value": "115.00"},
        "totalCredits": {"value": "20.00"},
        "totalDebits": {"value": "5.00"},
        "fees": {"value": "5.00"},
        "statusInfo": {
            "status": "Generated",
            "url": f"http://localhost:8000/sandbox-documents/account-statements/{statement['id']}.pdf",
        },
    }
    again = bank.api.query(
        "query($id: ID!, $account: ID!) { accountStatement(id: $id) { account { id } closingBalance { value } } "
        "account(accountId: $account) { statements { totalCount } } }",
        {"id": statement["id"], "account": account},
    )
    assert again["accountStatement"]["account"] == {"id": account}
    assert again["account"]["statements"]["totalCount"] == 1
    late = bank.api.post(
        STATEMENT,
        {
            "input": {
                "accountId": account,
                "openingDate": "2026-01-06T00:00:00.000Z",
                "closingDate": "2027-01-01T00:00:00.000Z",
            }
        },
    )
    assert late["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_transaction_statement_expires(bank: Bank, ada: dict) -> None:
    booked = bank.fund(ada["account_id"], "10.00")
    generated = bank.api.mutate(
        "generateTransactionStatement",
        {"transactionId": booked},
        "transactionStatement { id statusInfo { status "
        "... on GeneratedTransactionStatementStatusInfo { expiresAt } } transaction { id } }",
    )["transactionStatement"]
    assert generated["statusInfo"] == {
        "status": "Generated",
        "expiresAt": "2026-01-05T10:00:00.000Z",
    }
    assert generated["transaction"] == {"id": booked}
    bank.sim.advance("2h")
    read = bank.api.query(
        "query($id: ID!) { transactionStatement(id: $id) { statusInfo { status } } }",
        {"id": generated["id"]},
    )
    assert read["transactionStatement"]["statusInfo"] == {"status": "Expired"}
    unknown = bank.api.mutate("generateTransactionStatement", {"transactionId": "nope"})
    assert unknown["__typename"] == "TransactionNotFoundRejection"


def test_accounts_page_backwards_and_in_order(bank: Bank) -> None:
    ids = []
    for n in range(3):
        ids.append(bank.holder(f"User{n}", "Test")["account_id"])
        bank.sim.advance("1m")
    newest = bank.api.query(
        "{ accounts(first: 2, orderBy: {field: createdAt, direction: Desc}) "
        "{ edges { node { id } } pageInfo { endCursor } } }"
    )["accounts"]
    assert [edge["node"]["id"] for edge in newest["edges"]] == [ids[2], ids[1]]
    last = bank.api.query("{ accounts(first: 3) { pageInfo { endCursor } } }")["accounts"]
    before = bank.api.query(
        "query($c: String) { accounts(first: 1, before: $c) { edges { node { id } } "
        "pageInfo { hasPreviousPage hasNextPage } } }",
        {"c": last["pageInfo"]["endCursor"]},
    )["accounts"]
    assert [edge["node"]["id"] for edge in before["edges"]] == [ids[1]]
    assert before["pageInfo"] == {"hasPreviousPage": True, "hasNextPage": True}


def test_open_account_needs_usable_accounts_and_a_legal_representative(bank: Bank) -> None:
    from simulator.domain.sandbox.datasets import load_dataset

    load_dataset(bank.env, bank.project_id, "default")
    db = bank.env.store.db
    holders = {
        row["company_name"] or row["first_name"]: row["id"] for row in db["account_holders"].rows
    }
    users = {row["first_name"]: row["id"] for row in db["users"].rows}
    company = holders["Analytical Engines SAS"]
    # Ada is a member of the company's account, not its legal representative.
    member = bank.user_client(users["Ada"]).mutate("openAccount", {"accountHolderId": company})
    assert member["__typename"] == "AccountMembershipNotEligibleRejection"
    before = db["accounts"].count
    [alan_account] = db["accounts"].rows_where("holder_id = ?", [holders["Alan"]])
    bank.testing.mutate("suspendSandboxAccount", {"accountId": alan_account["id"]})
    suspended = bank.api.mutate("openAccount", {"accountHolderId": holders["Alan"]})
    assert suspended["__typename"] == "AccountHolderAccountsSuspendedStatusNotEligibleRejection"
    # Every account closed: none left to take the legal representative from.
    db["accounts"].update(alan_account["id"], {"status": "Closed"})
    closed = bank.api.mutate("openAccount", {"accountHolderId": holders["Alan"]})
    assert closed["__typename"] == "AccountHolderAccountsStatusNotEligibleRejection"
    assert db["accounts"].count == before
    legal = bank.user_client(users["Charles"]).mutate("openAccount", {"accountHolderId": company})
    assert legal["__typename"] == "OpenAccountSuccessPayload"

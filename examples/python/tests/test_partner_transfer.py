"""A transfer and its consent: the client starts it, the user approves it on the consent
page (the fixture's `approve` walks the page as the user), the clock settles it."""

import pytest
from partner_app import BankClient, BankError

REDIRECT = "http://localhost:3000/transfers/done"


@pytest.fixture
def bank(banking_server, sandbox_user_token):
    client = BankClient(banking_server.base_url, sandbox_user_token)
    yield client
    client.close()


def ada_account(bank):
    return next(a for a in bank.accounts() if a["name"] == "Ada's current account")


def test_a_transfer_approved_by_the_user(banking_sim, bank, sandbox_user_token):
    started = bank.transfer(
        ada_account(bank)["id"],
        "25.00",
        "Charles Babbage",
        "FR7630006000011234567890189",
        "INV-1",
        REDIRECT,
    )
    assert started["status"] == "ConsentPending"
    back = sandbox_user_token.approve(started["consent_url"])
    assert back["status"] == "Accepted" and back["resourceId"] == started["payment_id"]
    status = bank.payment_status(started["payment_id"])
    assert status in {"Initiated", "Booked"}


def test_a_refused_consent_rejects_the_payment(bank, sandbox_user_token):
    started = bank.transfer(
        ada_account(bank)["id"],
        "25.00",
        "Charles Babbage",
        "FR7630006000011234567890189",
        "INV-2",
        REDIRECT,
    )
    back = sandbox_user_token.approve(started["consent_url"], decision="refuse")
    assert back["status"] == "CustomerRefused"
    assert bank.payment_status(started["payment_id"]) == "Rejected"


def test_a_bad_iban_is_refused(bank):
    with pytest.raises(BankError):
        bank.transfer(ada_account(bank)["id"], "25.00", "X", "FR76 not an iban", "R", REDIRECT)

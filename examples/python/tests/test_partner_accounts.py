"""The partner's client reads accounts over HTTP, from a simulator the plugin serves."""

from partner_app import BankClient
from partner_app.client import client_credentials_token


def test_a_user_sees_their_accounts(banking_server, sandbox_user_token):
    bank = BankClient(banking_server.base_url, sandbox_user_token)
    names = {account["name"] for account in bank.accounts()}
    assert "Ada's current account" in names
    bank.close()


def test_the_project_token_from_the_client_credentials(banking_server, sandbox_project):
    token = client_credentials_token(
        banking_server.base_url, sandbox_project.client_id, sandbox_project.client_secret
    )
    bank = BankClient(banking_server.base_url, token)
    assert len(bank.accounts()) == 3  # the default dataset: two individuals and a company
    bank.close()

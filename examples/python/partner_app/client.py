"""The partner's API client: plain httpx, nothing of the simulator (it runs against the real
API in production, against the simulator in tests: only the base URL changes)."""

from __future__ import annotations

from typing import Any

import httpx

ACCOUNTS = """
query Accounts { accounts(first: 20) { edges { node { id name IBAN
  balances { available { value currency } } } } } }
"""
TRANSFER = """
mutation Transfer($input: InitiateCreditTransfersInput!) {
  initiateCreditTransfers(input: $input) {
    __typename
    ... on InitiateCreditTransfersSuccessPayload {
      payment { id statusInfo { status
        ... on PaymentConsentPending { consent { id consentUrl } } } }
    }
    ... on Rejection { message }
  }
}
"""
PAYMENT = "query Payment($id: ID!) { payment(id: $id) { id statusInfo { status } } }"
SUBSCRIBE = """
mutation Subscribe($input: AddWebhookSubscriptionInput!) {
  addWebhookSubscription(input: $input) {
    __typename
    ... on WebhookSubscriptionSuccessPayload { webhookSubscription { id } }
  }
}
"""


class BankError(Exception):
    """The API refused a call (an error, or a rejection payload)."""


def client_credentials_token(base_url: str, client_id: str, client_secret: str) -> str:
    """A project access token (OAuth 2.0 client credentials)."""
    answer = httpx.post(
        f"{base_url}/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": client_id,
            "client_secret": client_secret,
        },
    )
    answer.raise_for_status()
    return str(answer.json()["access_token"])


class BankClient:
    """The GraphQL API with one access token (a project's or a user's)."""

    def __init__(self, base_url: str, token: str) -> None:
        self.http = httpx.Client(
            base_url=base_url, headers={"Authorization": f"Bearer {token}"}, timeout=10
        )

    def close(self) -> None:
        self.http.close()

    def graphql(self, query: str, **variables: Any) -> dict[str, Any]:
        answer = self.http.post("/sandbox/graphql", json={"query": query, "variables": variables})
        body = answer.json()
        if answer.status_code != 200 or body.get("errors"):
            raise BankError(body.get("errors") or answer.text)
        return dict(body["data"])

    def accounts(self) -> list[dict[str, Any]]:
        edges = self.graphql(ACCOUNTS)["accounts"]["edges"]
        return [edge["node"] for edge in edges]

    def transfer(
        self, account_id: str, amount: str, name: str, iban: str, reference: str, redirect: str
    ) -> dict[str, Any]:
        """Start a SEPA transfer: the payment, and the consent URL the user must approve."""
        transfer = {
            "amount": {"value": amount, "currency": "EUR"},
            "sepaBeneficiary": {"name": name, "iban": iban},
            "reference": reference,
        }
        answer = self.graphql(
            TRANSFER,
            input={
                "accountId": account_id,
                "consentRedirectUrl": redirect,
                "creditTransfers": [transfer],
            },
        )["initiateCreditTransfers"]
        if "payment" not in answer:
            raise BankError(answer.get("message", answer["__typename"]))
        payment = answer["payment"]
        return {
            "payment_id": payment["id"],
            "status": payment["statusInfo"]["status"],
            "consent_url": payment["statusInfo"]["consent"]["consentUrl"],
        }

    def payment_status(self, payment_id: str) -> str:
        return str(self.graphql(PAYMENT, id=payment_id)["payment"]["statusInfo"]["status"])

    def subscribe(self, endpoint: str, secret: str, event_types: list[str]) -> str:
        answer = self.graphql(
            SUBSCRIBE,
            input={
                "label": "partner app",
                "endpoint": endpoint,
                "secret": secret,
                "eventTypes": event_types,
                "status": "Enabled",
            },
        )["addWebhookSubscription"]
        if "webhookSubscription" not in answer:
            raise BankError(answer["__typename"])
        return str(answer["webhookSubscription"]["id"])

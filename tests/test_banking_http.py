"""The banking flow over real HTTP (uvicorn on loopback): same behaviour as in-process."""

from __future__ import annotations

from typing import Any

import httpx

from simulator import Simulator
from simulator.domain.accounts.accounts import create_account_holder

REDIRECT = "http://localhost:3000/callback"


def test_card_and_transfer_over_http(sim: Simulator, live_server: Any) -> None:
    project = sim.create_project("sandbox", "HTTP", [REDIRECT])
    created = create_account_holder(
        sim.sandbox,
        project.project_id,
        first_name="Ada",
        last_name="Lovelace",
        legal_representative_phone="+33612345001",
    )
    with httpx.Client(base_url=live_server.base_url) as client:

        def token() -> str:  # project tokens live 1 h of virtual time: ask again each call
            return client.post(
                "/oauth2/token",
                data={
                    "grant_type": "client_credentials",
                    "client_id": project.client_id,
                    "client_secret": project.client_secret,
                },
            ).json()["access_token"]

        def call(path: str, query: str, variables: dict[str, Any] | None = None) -> Any:
            response = client.post(
                path,
                json={"query": query, "variables": variables or {}},
                headers={"Authorization": f"Bearer {token()}"},
            )
            assert response.status_code == 200, response.text
            body = response.json()
            assert "errors" not in body, body
            return body["data"]

        testing = "/sandbox-testing/graphql"
        sandbox = "/sandbox/graphql"
        incoming = call(
            testing,
            """mutation($iban: IBAN!) { simulateIncomingSepaCreditTransferReception(input: {
                 creditorIban: $iban, creditorName: "Ada Lovelace",
                 amount: {value: "100.00", currency: "EUR"}, debtorName: "Grace",
                 debtorIban: "DE89370400440532013000"}) {
                 ... on SimulateIncomingSepaCreditTransferReceptionSuccessPayload {
                   transactionId } } }""",
            {"iban": sim.sandbox.store.db["accounts"].get(created["account_id"])["iban"]},
        )["simulateIncomingSepaCreditTransferReception"]
        assert incoming["transactionId"]
        call(testing, 'mutation { advanceClock(input: {duration: "1d"}) { __typename } }')
        initiated = call(
            sandbox,
            """mutation($id: ID!) { initiateCreditTransfers(input: {accountId: $id,
                 consentRedirectUrl: "http://localhost:3000/callback",
                 creditTransfers: [{amount: {value: "30.00", currency: "EUR"},
                   sepaBeneficiary: {name: "Carol", iban: "FR7630006000011234567890189"}}]}) {
                 ... on InitiateCreditTransfersSuccessPayload { payment { id statusInfo {
                   ... on PaymentConsentPending { consent { id consentUrl } } } } } } }""",
            {"id": created["account_id"]},
        )["initiateCreditTransfers"]
        consent = initiated["payment"]["statusInfo"]["consent"]
        assert consent["consentUrl"] == f"{live_server.base_url}/oauth2/consents/{consent['id']}"
        call(
            testing,
            """mutation($id: ID!) { approveSandboxConsent(input: {consentId: $id}) {
                 ... on ApproveSandboxConsentSuccessPayload { status } } }""",
            {"id": consent["id"]},
        )
        call(testing, 'mutation { advanceClock(input: {duration: "1d"}) { __typename } }')
        account = call(
            sandbox,
            """query($id: ID!) { account(accountId: $id) {
                 balances { available { value } booked { value } }
                 transactions(orderBy: {direction: Desc}, first: 1) { edges { node {
                   statusInfo { status ... on BookedTransactionStatusInfo {
                     balanceAfter { amount { value } } } }
                 } } } } }""",
            {"id": created["account_id"]},
        )["account"]
        assert account["balances"] == {
            "available": {"value": "70.00"},
            "booked": {"value": "70.00"},
        }
        [edge] = account["transactions"]["edges"]
        assert edge["node"]["statusInfo"]["balanceAfter"] == {"amount": {"value": "70.00"}}
        rejection = call(
            sandbox,
            """mutation { cancelTransaction(input: {transactionId: "nope"}) {
                 ... on Rejection { message } } }""",
        )
        assert rejection == {"cancelTransaction": {"message": "No cancelable transaction nope."}}

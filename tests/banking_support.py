"""Fixtures and helpers of the banking tests (loaded by tests/conftest.py as a plugin).

`bank` is a project with a sandbox and a Testing API client, plus shortcuts: create a
holder, fund an account, approve a consent, get a user token, run any mutation selecting
every field of every rejection it can return.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from graphql import (
    GraphQLEnumType,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    get_named_type,
)

from simulator import ProjectCredentials, Simulator
from simulator.domain.accounts import accounts
from simulator.domain.kernel.context import Principal
from simulator.domain.sandbox import simulation
from simulator.oauth.tokens import store_access_token
from simulator.server.app import partner_schema
from simulator.server.app import testing_schema as build_testing_schema

REDIRECT = "http://localhost:3000/callback"
DEBTOR_IBAN = "DE89370400440532013000"
BENEFICIARY_IBAN = "FR7630006000011234567890189"
#: addCard's four switches, which the real input requires.
CARD_SWITCHES = {
    "withdrawal": True,
    "international": True,
    "nonMainCurrencyTransactions": True,
    "eCommerce": True,
}
#: A card's consent, while it waits for it (in its statusInfo).
CARD_CONSENT = "statusInfo { status ... on CardConsentPendingStatusInfo { consent { id status } } }"
ADDRESS = {
    "addressLine1": "1 rue de la Paix",
    "city": "Paris",
    "postalCode": "75002",
    "country": "FRA",
}

AUTHORIZE = """mutation($input: SimulateOutgoingCardAuthorizationInput!) {
  simulateOutgoingCardAuthorization(input: $input) { __typename
    ... on SimulateOutgoingCardAuthorizationSuccessPayload { transactionId }
    ... on SimulateOutgoingCardAuthorizationRejectPayload { transactionId rejectedReason }
    ... on Rejection { message } ... on CardNotFoundRejection { id } } }"""


def card_consent_id(card: dict[str, Any]) -> str:
    """The id of the consent a ConsentPending card (selected with CARD_CONSENT) waits for."""
    return str(card["statusInfo"]["consent"]["id"])


def _selection(graphql_type: Any, depth: int = 0) -> str:
    """Every scalar/enum field of an object, with small objects (Amount, ValidationError)."""
    named = get_named_type(graphql_type)
    if isinstance(named, GraphQLScalarType | GraphQLEnumType):
        return ""
    assert isinstance(named, GraphQLObjectType)
    parts = []
    for name, field in named.fields.items():
        inner = get_named_type(field.type)
        if isinstance(inner, GraphQLScalarType | GraphQLEnumType):
            parts.append(name)
        elif depth < 1 and isinstance(inner, GraphQLObjectType):
            parts.append(f"{name} {{ {_selection(inner, depth + 1)} }}")
    return " ".join(parts)


def rejection_fragments(schema: GraphQLSchema, mutation: str) -> str:
    """Inline fragments selecting every field of every rejection a mutation can return."""
    assert schema.mutation_type is not None
    payload = get_named_type(schema.mutation_type.fields[mutation].type)
    members = payload.types if isinstance(payload, GraphQLUnionType) else []
    return " ".join(
        f"... on {member.name} {{ {_selection(member)} }}"
        for member in members
        if member.name.endswith("Rejection")
    )


def input_type(schema: GraphQLSchema, mutation: str) -> str | None:
    assert schema.mutation_type is not None
    argument = schema.mutation_type.fields[mutation].args.get("input")
    return str(argument.type) if argument is not None else None


class Client:
    """One endpoint; its token is fetched again when the clock has moved past its expiry."""

    def __init__(
        self, http: httpx.Client, path: str, new_token: Callable[[], str], schema: GraphQLSchema
    ) -> None:
        self.http = http
        self.path = path
        self.new_token = new_token
        self.token = new_token()
        self.schema = schema

    def post(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        for _ in range(2):
            response = self.http.post(
                self.path,
                json={"query": query, "variables": variables or {}},
                # No token (the unauthenticated API's client): no header at all.
                headers={"Authorization": f"Bearer {self.token}"} if self.token else {},
            )
            if response.status_code != 401:
                break
            self.token = self.new_token()
        assert response.status_code in (200, 400), response.text
        return response.json()

    def query(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        """A query that must succeed; returns `data`."""
        body = self.post(query, variables)
        assert "errors" not in body, body
        return body["data"]

    def mutate(
        self, name: str, input: dict[str, Any] | None = None, success: str = ""
    ) -> dict[str, Any]:
        """Run mutation `name`; returns its payload with `__typename`, every rejection field,
        and the `success` selection (for the success payload)."""
        declared = input_type(self.schema, name)
        variables = f"($input: {declared})" if declared else ""
        argument = "(input: $input)" if declared else ""
        payload = get_named_type(self.schema.mutation_type.fields[name].type)  # type: ignore[union-attr]
        success_type = next(
            member.name
            for member in (payload.types if isinstance(payload, GraphQLUnionType) else [payload])
            if not member.name.endswith("Rejection")
        )
        success_part = f"... on {success_type} {{ {success} }}" if success else ""
        query = (
            f"mutation{variables} {{ {name}{argument} {{ __typename "
            f"{rejection_fragments(self.schema, name)} {success_part} }} }}"
        )
        body = self.post(query, {"input": input} if declared else None)
        assert "errors" not in body, body
        return body["data"][name]


#: A payment's id, status and consent, as the real schema reaches them (`statusInfo`).
PAYMENT_SELECTION = (
    "payment { id statusInfo { status ... on PaymentConsentPending { consent { id status } } } }"
)


def with_payment_shortcuts(result: dict[str, Any]) -> dict[str, Any]:
    """An `initiateCreditTransfers` payload with `payment.status` and `consent` lifted out
    of `payment.statusInfo`, so that tests read them in one step."""
    if "payment" not in result:
        return result
    info = result["payment"]["statusInfo"]
    return {
        **result,
        "payment": {**result["payment"], "status": info["status"]},
        "consent": info.get("consent"),
    }


class Bank:
    """A project in the Sandbox with helpers for the banking tests."""

    def __init__(self, sim: Simulator, http: httpx.Client, project: ProjectCredentials) -> None:
        self.sim = sim
        self.http = http
        self.project = project
        self.env = sim.sandbox
        self.project_id = project.project_id
        self.principal = Principal(self.env.name, project.project_id)
        self.api = Client(http, "/sandbox/graphql", self._project_token, partner_schema())
        self.testing = Client(
            http, "/sandbox-testing/graphql", self._project_token, build_testing_schema()
        )
        self._phones = 0

    def _project_token(self) -> str:
        response = self.http.post(
            "/oauth2/token",
            data={
                "grant_type": "client_credentials",
                "client_id": self.project.client_id,
                "client_secret": self.project.client_secret,
            },
        )
        assert response.status_code == 200, response.text
        return response.json()["access_token"]

    def next_phone(self) -> str:
        self._phones += 1
        return f"+336999{self._phones:05d}"

    def holder(self, first: str = "Ada", last: str = "Lovelace", **kw: Any) -> dict[str, Any]:
        """A verified holder with one account and a legal representative user."""
        kw.setdefault("legal_representative_phone", self.next_phone())
        return accounts.create_account_holder(
            self.env, self.project_id, first_name=first, last_name=last, **kw
        )

    def user_client(self, user_id: str) -> Client:
        """A client with a user access token (as the OAuth flow would issue)."""

        def new_token() -> str:
            token, _ = store_access_token(
                self.env, project_id=self.project_id, user_id=user_id, scope="openid"
            )
            return token

        return Client(self.http, "/sandbox/graphql", new_token, partner_schema())

    def fund(self, account_id: str, amount: str = "1000.00") -> str:
        """Money arrives on an account and is booked at once."""
        result = self.testing.mutate(
            "simulateIncomingSepaCreditTransferReception",
            {
                "creditorIban": self.row("accounts", account_id)["iban"],
                "creditorName": "Ada Lovelace",
                "amount": {"value": amount, "currency": "EUR"},
                "debtorName": "Grace Hopper",
                "debtorIban": DEBTOR_IBAN,
            },
            "transactionId",
        )
        # The Testing API books outgoing transfers only; an incoming one settles on the
        # clock, so the helper books it through the domain instead of moving time.
        booked = simulation.book_transfer(self.env, self.project_id, result["transactionId"])
        assert booked["status"] == "Booked", booked
        return str(result["transactionId"])

    def approve(self, consent_id: str) -> dict[str, Any]:
        return self.testing.mutate(
            "approveSandboxConsent",
            {"consentId": consent_id},
            "consentId status resourceId redirectUrl",
        )

    def refuse(self, consent_id: str) -> dict[str, Any]:
        return self.testing.mutate(
            "refuseSandboxConsent",
            {"consentId": consent_id},
            "consentId status resourceId redirectUrl",
        )

    def legal_membership(self, account_id: str) -> str:
        row = self.env.store.db.execute(
            "SELECT id FROM account_memberships WHERE account_id = ? AND legal_representative = 1",
            [account_id],
        ).fetchone()
        return str(row[0])

    def add_card(
        self, account_id: str, success: str = "", consent: str = "id status", **input: Any
    ) -> dict[str, Any]:
        """`addCard` for the account's legal representative, every switch on unless given;
        the payload selects `card { id statusInfo }` with the `consent` fields of a
        ConsentPending card, and `success`."""
        pending = CARD_CONSENT.replace("consent { id status }", f"consent {{ {consent} }}")
        return self.api.mutate(
            "addCard",
            {
                "accountMembershipId": self.legal_membership(account_id),
                "consentRedirectUrl": REDIRECT,
                **CARD_SWITCHES,
                **input,
            },
            f"card {{ id {pending} }} {success}",
        )

    def enabled_card(self, account_id: str, **input: Any) -> str:
        """A virtual card of the legal representative, its consent approved (Enabled)."""
        added = self.add_card(account_id, **input)
        self.approve(card_consent_id(added["card"]))
        return str(added["card"]["id"])

    def single_use_card(self, account_id: str, limit: str = "100.00") -> str:
        """An Enabled single-use virtual card that may spend `limit` once."""
        added = self.api.mutate(
            "addSingleUseVirtualCard",
            {
                "accountMembershipId": self.legal_membership(account_id),
                "consentRedirectUrl": REDIRECT,
                "spendingLimit": {
                    "amount": {"value": limit, "currency": "EUR"},
                    "period": "Always",
                },
            },
            f"card {{ id {CARD_CONSENT} }}",
        )
        self.approve(card_consent_id(added["card"]))
        return str(added["card"]["id"])

    def print_card(self, card_id: str) -> str:
        """Print an Enabled card's physical card (consent approved): ToActivate; returns
        the identifier printed on it."""
        printed = self.api.mutate(
            "printPhysicalCard",
            {"cardId": card_id, "address": ADDRESS, "consentRedirectUrl": REDIRECT},
            "physicalCard { statusInfo { ... on PhysicalCardConsentPendingStatusInfo "
            "{ consent { id } } } }",
        )
        self.approve(printed["physicalCard"]["statusInfo"]["consent"]["id"])
        received = self.testing.mutate(
            "physicalCardReception", {"cardId": card_id}, "physicalCardIdentifier"
        )
        return str(received["physicalCardIdentifier"])

    def activated_card(self, account_id: str, **input: Any) -> str:
        """An Enabled card whose physical card is printed, received and Activated."""
        card_id = self.enabled_card(account_id, **input)
        identifier = self.print_card(card_id)
        activated = self.api.mutate(
            "activatePhysicalCard",
            {"identifier": identifier, "consentRedirectUrl": REDIRECT},
            "consent { id }",
        )
        self.approve(activated["consent"]["id"])
        return card_id

    def authorize(self, card_id: str, amount: str = "20.00", **extra: Any) -> dict[str, Any]:
        """`simulateOutgoingCardAuthorization`: `transactionId`, and `rejectedReason` when
        it was declined (None when accepted)."""
        input = {
            "cardId": card_id,
            "amount": {"value": amount, "currency": "EUR"},
            "merchant": {"name": "Shop", **extra.pop("merchant", {})},
            **extra,
        }
        body = self.testing.post(AUTHORIZE, {"input": input})
        assert "errors" not in body, body
        result: dict[str, Any] = body["data"]["simulateOutgoingCardAuthorization"]
        if result["__typename"] == "SimulateOutgoingCardAuthorizationSuccessPayload":
            result["rejectedReason"] = None
        return result

    def transfer(self, account_id: str, amount: str, **extra: Any) -> dict[str, Any]:
        result = self.api.mutate(
            "initiateCreditTransfers",
            {
                "accountId": account_id,
                "consentRedirectUrl": REDIRECT,
                "creditTransfers": [
                    {
                        "amount": {"value": amount, "currency": "EUR"},
                        "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
                        "reference": "INV-1",
                    }
                ],
                **extra,
            },
            PAYMENT_SELECTION,
        )
        return with_payment_shortcuts(result)

    def row(self, table: str, row_id: str) -> dict[str, Any]:
        return self.env.store.db[table].get(row_id)

    def events(self, resource_id: str) -> list[str]:
        return [
            row[0]
            for row in self.env.store.db.execute(
                "SELECT event_type FROM events WHERE resource_id = ? ORDER BY sequence",
                [resource_id],
            ).fetchall()
        ]


@pytest.fixture
def bank(sim: Simulator, http: httpx.Client, project: ProjectCredentials) -> Bank:
    return Bank(sim, http, project)


__all__ = [
    "ADDRESS",
    "BENEFICIARY_IBAN",
    "CARD_CONSENT",
    "CARD_SWITCHES",
    "DEBTOR_IBAN",
    "PAYMENT_SELECTION",
    "REDIRECT",
    "Bank",
    "Client",
    "bank",
    "card_consent_id",
    "with_payment_shortcuts",
]

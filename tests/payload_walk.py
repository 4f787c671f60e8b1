"""The payload walk of tests/test_complete_payloads*.py (issue 34, point 3, second half).

`Walker` asks each mutation once with a document that selects every field of its success
payload, objects nested `DEPTH` levels deep (the `selection` of test_complete_answers.py:
each union and interface with every type it can be, each list with its arguments'
defaults), through a real server; the answer must be the success payload and carry no error
at all, above all no null for a non-null field. The helpers chain the steps of the flows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

import httpx
import pytest
from graphql import GraphQLSchema, GraphQLUnionType, get_named_type

from simulator import Simulator
from simulator.domain.sandbox import simulation
from simulator.server.app import unauthenticated_schema
from tests.banking_support import Bank, Client
from tests.conftest import REDIRECT_URI, LiveServer
from tests.test_complete_answers import NO_LIMITS, _fields

#: How deep below the success payload the walk selects objects.
DEPTH = 4
#: The Sandbox's unauthenticated API (`Walker.public`).
UNAUTHENTICATED = "/sandbox-unauthenticated/graphql"
#: Its fields with a required argument and no default, asked with these values (each other
#: such field of its schema is only reached through a masked field that answers null).
PUBLIC_ARGUMENTS = MappingProxyType(
    {
        "ProjectInfo.tcuDocumentUri": '(language: "fr")',
        "CardProduct.cardPrintingAvailableShippingProviders": "(shippingAddressCountry: FRA)",
        "MerchantProfile.merchantPaymentLinks": "(first: 10)",
        "MerchantProfile.merchantPayments": "(first: 10)",
    }
)


def payload_document(
    schema: GraphQLSchema,
    name: str,
    deepest: int = DEPTH,
    given: Mapping[str, str] = MappingProxyType({}),
) -> str:
    """`name` with its `input` (when it has one), every field of its success payloads
    `DEPTH` deep (less where the document would pass the server's bounds; the fields of
    `given` with those arguments: `selection`), and each rejection's message."""
    assert schema.mutation_type is not None
    mutation = schema.mutation_type.fields[name]
    payload = get_named_type(mutation.type)
    members = payload.types if isinstance(payload, GraphQLUnionType) else [payload]
    successes = [m for m in members if not m.name.endswith("Rejection")]
    # Each argument as a variable of its own type (`input` for all but a few).
    declared = ", ".join(f"${arg}: {spec.type}" for arg, spec in mutation.args.items())
    passed = ", ".join(f"{arg}: ${arg}" for arg in mutation.args)
    head = f"mutation({declared})" if declared else "mutation"
    call = f"{name}({passed})" if passed else name
    for depth in range(deepest, 0, -1):
        # Several success types alias their fields by type, as their field types may differ.
        parts = [
            f"... on {kind.name} {{ {_fields(schema, kind, depth, kind.name if len(successes) > 1 else None, NO_VALUE, given)} }}"
            for kind in successes
        ]
        parts += [
            f"... on {kind.name} {{ message }}"
            for kind in members
            if kind not in successes and "message" in kind.fields
        ]
        document = f"{head} {{ {call} {{ __typename {' '.join(parts)} }} }}"
        if len(re.findall(r"[A-Za-z_]\w*|[{}():.$!]", document)) < 14_000:
            return document
    raise AssertionError(f"{name}: no depth fits")


#: Fields the real schema types non-null that have nothing to show for one type, left out of
#: the walk: each answers a clear NOT_FOUND error (never a null, never INTERNAL_SERVER_ERROR),
#: which the merchant steps check (`_card_and_check_payments`).
NO_VALUE = frozenset(
    {
        # Deprecated there; a check is paid with no mandate.
        "CheckMerchantPayment.paymentMandate",
    }
)


def _plain(value: Any) -> Any:
    """An answer with the aliases of interfaces and unions (`<Type>_<field>`) taken off,
    so that a step reads the next ids by their field names."""
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if not isinstance(value, dict):
        return value
    prefix = f"{value.get('__typename')}_"
    return {key.removeprefix(prefix): _plain(item) for key, item in value.items()}


@dataclass
class Walker:
    """The bank's three APIs, each mutation asked with its whole success payload."""

    bank: Bank
    walked: set[str] = field(default_factory=set)

    def partner(
        self, name: str, input: dict[str, Any] | None = None, **arguments: Any
    ) -> dict[str, Any]:
        return self._walk(self.bank.api, name, input, arguments)

    def testing(self, name: str, input: dict[str, Any] | None = None) -> dict[str, Any]:
        return self._walk(self.bank.testing, name, input)

    def as_user(
        self, user_id: str, name: str, input: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        return self._walk(self.bank.user_client(user_id), name, input)

    def public(self, name: str, input: dict[str, Any] | None = None) -> dict[str, Any]:
        """`name` on the unauthenticated API (no token at all)."""
        return self._walk(self.unauthenticated, name, input, given=PUBLIC_ARGUMENTS)

    @cached_property
    def unauthenticated(self) -> Client:
        return Client(self.bank.http, UNAUTHENTICATED, lambda: "", unauthenticated_schema())

    def _walk(
        self,
        client: Client,
        name: str,
        input: dict[str, Any] | None,
        arguments: dict[str, Any] | None = None,
        given: Mapping[str, str] = MappingProxyType({}),
    ) -> dict[str, Any]:
        variables = {**({"input": input} if input is not None else {}), **(arguments or {})}
        for depth in range(DEPTH, 0, -1):
            # A mutation runs once: a document past the server's bounds is refused before it
            # runs, and asked again one level less deep.
            body = client.post(payload_document(client.schema, name, depth, given), variables)
            codes = {(e.get("extensions") or {}).get("code") for e in body.get("errors") or []}
            if codes != {"OPERATION_LIMIT_EXCEEDED"}:
                break
        errors = body.get("errors") or []
        messages = [f"{e.get('path')}: {e['message']}" for e in errors][:10]
        assert errors == [], "\n".join([name, *messages])
        payload: dict[str, Any] = body["data"][name]
        assert not payload["__typename"].endswith("Rejection"), (name, payload)
        self.walked.add(name)
        plain: dict[str, Any] = _plain(payload)
        return plain


@pytest.fixture(scope="module")
def walker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Walker]:
    data_dir: Path = tmp_path_factory.mktemp("payloads") / "data"
    with Simulator(data_dir, limits=NO_LIMITS, reproducible_ids=True) as sim:
        project = sim.create_project("sandbox", "Payloads", [REDIRECT_URI])
        with LiveServer(sim) as server, httpx.Client(base_url=server.base_url, timeout=120) as http:
            yield Walker(Bank(sim, http, project))


REDIRECT = "http://localhost:3000/callback"
EUR = "EUR"
ADDRESS = {
    "addressLine1": "1 rue de la Paix",
    "city": "Paris",
    "postalCode": "75002",
    "country": "FRA",
}
SWITCHES = {
    "withdrawal": True,
    "international": True,
    "nonMainCurrencyTransactions": True,
    "eCommerce": True,
}


def _money(value: str) -> dict[str, str]:
    return {"value": value, "currency": EUR}


def _consent(payload: dict[str, Any], *path: str) -> str:
    """The id of the consent a payload's object waits for (under `path`)."""
    node: Any = payload
    for key in path:
        node = node[key]
    return str(node["statusInfo"]["consent"]["id"])


DEBTOR_IBAN = "DE89370400440532013000"
BENEFICIARY_IBAN = "FR7630006000011234567890189"


def _sent(bank: Bank, payment_id: str) -> str:
    """The transaction of a payment of one transfer."""
    row = bank.env.store.db.execute(
        "SELECT id FROM transactions WHERE payment_id = ? ORDER BY id", [payment_id]
    ).fetchone()
    return str(row[0])


def _transfer(walker: Walker, account: str, value: str = "10.00") -> str:
    """A transfer out, approved: its transaction (Pending)."""
    paid = walker.partner(
        "initiateCreditTransfers",
        {
            "accountId": account,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [
                {
                    "amount": _money(value),
                    "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
                }
            ],
        },
    )
    walker.bank.approve(_consent(paid, "payment"))
    return _sent(walker.bank, paid["payment"]["id"])


def _incoming(walker: Walker, account: str, value: str = "30.00") -> str:
    """A transfer in, Booked (through the domain: it settles on the clock)."""
    received = str(
        walker.testing(
            "simulateIncomingSepaCreditTransferReception",
            {
                "creditorIban": walker.bank.row("accounts", account)["iban"],
                "creditorName": "Ada Lovelace",
                "amount": _money(value),
                "debtorName": "Grace Hopper",
                "debtorIban": DEBTOR_IBAN,
            },
        )["transactionId"]
    )
    simulation.book_transfer(walker.bank.env, walker.bank.project_id, received)
    return received


def _days_ahead(bank: Bank, days: int) -> str:
    moment = datetime.fromisoformat(bank.env.now().replace("Z", "+00:00")) + timedelta(days=days)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


#: Walked in a loop (named here for the count of test_the_catalogue_names_every_mutation).
EXPORTS = (
    "exportAccountData",
    "exportAccountHolderData",
    "exportAccountMembershipData",
    "exportCardData",
    "exportOnboardingData",
    "exportTransactionData",
    "exportUserData",
)
BALANCES = ("addExternalAccountBalance", "addOrUpdateExternalAccountBalance")
PERMISSIONS = {
    "canViewAccount": True,
    "canManageBeneficiaries": False,
    "canInitiatePayments": True,
    "canManageAccountMembership": False,
}


ADMIN = {"email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace"}


def _method(walker: Walker, profile: str, **kind: Any) -> str:
    """A payment method of the profile, enabled by the bank's review."""
    added = walker.partner("requestMerchantPaymentMethods", {"merchantProfileId": profile, **kind})
    method = added["merchantProfile"]["merchantPaymentMethods"][-1]["id"]
    walker.testing(
        "simulateMerchantPaymentMethodRequestOutcome",
        {"merchantPaymentMethodId": method, "merchantPaymentMethodStatus": "Enabled"},
    )
    return str(method)

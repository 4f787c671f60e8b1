"""Ids of another project: every mutation of the partner and Testing APIs that names a
resource answers its `<Resource>NotFoundRejection` (as for an unknown id), and the other
project's data is unchanged. Driven by the schemas, so a new mutation is checked too."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from graphql import (
    GraphQLInputObjectType,
    GraphQLSchema,
    get_named_type,
    is_enum_type,
    is_input_object_type,
    is_list_type,
    is_non_null_type,
    is_union_type,
)

from simulator import Simulator
from simulator.domain.consents.consents import create_consent
from simulator.domain.sandbox.datasets import load_dataset
from simulator.domain.users.users import create_user
from simulator.server.app import partner_schema
from simulator.server.app import testing_schema as build_testing_schema

from .banking_support import ADDRESS, BENEFICIARY_IBAN, DEBTOR_IBAN, REDIRECT, Bank

#: A beneficiary's details on the ABA route (international transfers in US dollars).
INTERNATIONAL_DETAILS = [
    {"key": key, "value": value}
    for key, value in (
        ("abartn", "026009593"),
        ("accountNumber", "12345678"),
        ("accountType", "CHECKING"),
        ("address.country", "US"),
        ("address.city", "Boston"),
        ("address.firstLine", "1 Main Street"),
        ("address.postCode", "02108"),
    )
]
#: The table holding each kind of id an input names.
ID_TABLES = {
    "accountId": "accounts",
    "accountHolderId": "account_holders",
    "accountMembershipId": "account_memberships",
    "cardId": "cards",
    "transactionId": "transactions",
    "consentId": "consents",
    "subscriptionId": "webhook_subscriptions",
    "eventId": "events",
    "webhookEventId": "events",
    "paymentMethodId": "merchant_payment_methods",
    "mandateId": "payment_mandates",
    "merchantProfileId": "merchant_profiles",
}
#: Valid values for the other required fields, by name.
VALUES: dict[str, Any] = {
    "filename": "invoice.pdf",
    "consentRedirectUrl": REDIRECT,
    "amount": {"value": "1.00", "currency": "EUR"},
    "email": "eve@example.com",
    "restrictedTo": {"firstName": "Eve", "lastName": "Doe", "phoneNumber": "+33612340000"},
    "creditTransfers": [
        {
            "amount": {"value": "1.00", "currency": "EUR"},
            "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
        }
    ],
    "debtorName": "Grace",
    "debtorIban": DEBTOR_IBAN,
    "merchantName": "Shop",
    # A well-formed check (its key matches), so that the profile is what is looked up.
    "cmc7": "0000001040300099999000000000001",
    "rlmcKey": "15",
    "expectedAverageBasket": {"value": "1.00", "currency": "EUR"},
    "canViewAccount": True,
    "canManageBeneficiaries": False,
    "canInitiatePayments": False,
    "canManageAccountMembership": False,
    "memberships": [
        {
            "email": "eve@example.com",
            "restrictedTo": {"firstName": "Eve", "lastName": "Doe", "phoneNumber": "+33612340000"},
            "canViewAccount": True,
            "canManageBeneficiaries": False,
            "canInitiatePayments": False,
            "canManageAccountMembership": False,
        }
    ],
    "signature": "not-a-signature",
    "withdrawal": True,
    "international": True,
    "nonMainCurrencyTransactions": True,
    "eCommerce": True,
    "identifier": "000000000",
    "address": ADDRESS,
    "spendingLimit": {"amount": {"value": "10.00", "currency": "EUR"}, "period": "Always"},
    "name": "Carol",
    "iban": BENEFICIARY_IBAN,
    "sepaBeneficiaries": [{"name": "Carol", "iban": BENEFICIARY_IBAN}],
    "openingDate": "2026-01-01T00:00:00.000Z",
    "closingDate": "2026-01-05T00:00:00.000Z",
    "effectiveDate": "2026-01-05T09:00:00.000Z",
    "fundingLimit": {"amount": {"value": "100.00", "currency": "EUR"}},
    "instantFundingLimit": {"amount": {"value": "10.00", "currency": "EUR"}},
    "fundingLimitAmount": {"value": "100.00", "currency": "EUR"},
    "instantFundingLimitAmount": {"value": "10.00", "currency": "EUR"},
    "fundingLimitRollingDays": 30,
    "debtor": {"name": "Grace", "IBAN": DEBTOR_IBAN, "address": {"country": "FRA"}},
    "signatureDate": "2026-01-02",
    "sepaDirectDebit": {"useSwanSepaCreditorIdentifier": True},
    "paymentMethodIds": ["any-method"],
    "requestedUpdateApproved": True,
    "targetAmount": {"value": "1.00", "currency": "USD"},
    "currency": "USD",
    "details": INTERNATIONAL_DETAILS,
    "internationalCreditTransferDetails": [],
    "debtorAccountId": "an-account-of-the-caller",  # the method is looked up first
    "repaymentCycleId": "a-cycle",
    "creditLimitSettings": {"amount": {"value": "100.00", "currency": "EUR"}},
    "cycleLength": {"monthly": {"dayOfMonth": 5}},
    "repaymentSettings": {
        "repaymentMethod": {
            "sepaDirectDebitB2B": {"IBAN": DEBTOR_IBAN, "name": "Eve", "address": ADDRESS}
        }
    },
    "repaymentId": "a-repayment",
    "payoutLabel": "Loan 1",
    "externalId": "ext-1",
    "IBAN": DEBTOR_IBAN,
    "BIC": "COBADEFFXXX",
    "holderName": "Eve",
    "source": "Aggregator",
    "originalCreatedAt": "2026-01-01T00:00:00.000Z",
    "hasAdverseMedia": False,
    "hasFrozenAssets": False,
    "isPoliticallyExposed": False,
    "allowBulkCreditTransfersWithoutBeneficiaryVerification": True,
    "country": "DEU",
}
#: Fields (optional, or named alike elsewhere) some mutations need to get past their input
#: checks, by mutation.
EXTRA_VALUES: dict[str, dict[str, Any]] = {
    "closeAccount": {"reason": {"type": "ClosingRequested"}},
    "requestMerchantProfile": {"expectedMonthlyMerchantProcessingVolume": "LessThan5000"},
    "requestMerchantProfileUpdate": {"merchantName": "Renamed"},
    "initiateInternationalCreditTransfer": {
        "internationalBeneficiary": {
            "name": "Carol",
            "currency": "USD",
            "route": "Aba",
            "details": INTERNATIONAL_DETAILS,
        }
    },
    "scheduleStandingOrder": {
        "amount": {"value": "1.00", "currency": "EUR"},
        "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
    },
}
#: Mutations whose real payload has no not-found rejection: an id the caller cannot see gets
#: this one instead (it names the requested id in its message).
NOT_VISIBLE = {
    "addCard": "AccountMembershipNotAllowedRejection",
    "addSingleUseVirtualCard": "AccountMembershipNotAllowedRejection",
    "viewCardNumbersWithConsent": "CardSensitiveInfoNoLongerAvailableRejection",
    "physicalCardReception": "SimulationRejection",
    "simulateManualProvisioning": "SimulationRejection",
    "simulateInsuranceSubscriptionEnablement": "BadRequestRejection",
    "simulatePhysicalCardDelivery": "SimulationRejection",
    "simulateOutgoingCardAdvice": "ForbiddenRejection",
    "simulateCardTransactionEnrichment": "ForbiddenRejection",
    "addAccountMembership": "ForbiddenRejection",
    "addAccountMemberships": "ForbiddenRejection",
    "updateAccountMembership": "UserNotAllowedToManageAccountMembershipRejection",
    "suspendAccountMembership": "UserNotAllowedToManageAccountMembershipRejection",
    "resumeAccountMembership": "UserNotAllowedToManageAccountMembershipRejection",
    "sendAccountMembershipInviteNotification": "UserNotAllowedToManageAccountMembershipRejection",
    "updateAccountHolderFundingLimits": "InternalErrorRejection",
    # Its union's not-found member is the update request's, not the profile's.
    "requestMerchantProfileUpdate": "ForbiddenRejection",
    "simulateCreditLimitUpdated": "SimulateCreditLimitUpdatedRejection",
}
#: Mutations that act for a user: called with a user token of the caller's project.
AS_USER = {"bindAccountMembership", "acceptConsent"}
TABLES = sorted(set(ID_TABLES.values()) | {"payments", "account_balances", "events"})


def _fill(name: str, graphql_type: Any) -> Any:
    if name in VALUES:
        return VALUES[name]
    named = get_named_type(graphql_type)
    if is_enum_type(named):
        return next(iter(named.values))
    raise AssertionError(f"no value for required input field {name!r}: add it to VALUES")


def _resource_mutations(schema: GraphQLSchema) -> list[tuple[str, str, GraphQLInputObjectType]]:
    """(mutation, id field, input type) for each mutation whose input names a resource."""
    assert schema.mutation_type is not None
    found = []
    for name, field in schema.mutation_type.fields.items():
        argument = field.args.get("input")
        if argument is None:
            continue
        input_type = get_named_type(argument.type)
        assert is_input_object_type(input_type)
        ids = [key for key in input_type.fields if key in ID_TABLES]
        if ids:
            found.append((name, ids[0], input_type))
    return found


CASES = [
    (api, name, id_field, input_type)
    for api, schema in (("partner", partner_schema()), ("testing", build_testing_schema()))
    for name, id_field, input_type in _resource_mutations(schema)
]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Simulator, dict[str, str]]]:
    """One simulator for the module, and one id of each kind, all in another project of its
    Sandbox. Each test still gets a project of its own (`bank`) and compares the whole store
    before and after its call; what the module shares is the set-up that takes the time (a
    simulator, a dataset, their closing: three quarters of the file's time, built per test)."""
    data = tmp_path_factory.mktemp("scoping") / "data"
    with Simulator(data, reproducible_ids=True) as sim:
        other = sim.create_project("sandbox", "Other", [REDIRECT])
        load_dataset(sim.sandbox, other.project_id, "default")
        sim.webhooks.subscribe(other, "inbox://other", ["Account.Created"], secret="x")
        create_consent(sim.sandbox, other.project_id, redirect_url=REDIRECT)
        db = sim.sandbox.store.db
        ids = {
            field: db.execute(
                f"SELECT id FROM [{table}] WHERE project_id = ? ORDER BY id LIMIT 1",
                [other.project_id],
            ).fetchone()[0]
            for field, table in ID_TABLES.items()
        }
        yield sim, ids


@pytest.fixture
def sim(shared: tuple[Simulator, dict[str, str]]) -> Simulator:
    """The module's simulator (in place of conftest's, a new one per test)."""
    return shared[0]


@pytest.fixture
def foreign(shared: tuple[Simulator, dict[str, str]]) -> dict[str, str]:
    return shared[1]


@pytest.fixture(scope="module")
def phones() -> Iterator[str]:
    """Phone numbers no user of the module's Sandbox has (a user's number is unique there)."""
    return (f"+336998{number:05d}" for number in itertools.count(1))


def _snapshot(bank: Bank) -> list[list[Any]]:
    db = bank.env.store.db
    return [list(db[table].rows) for table in TABLES]


def test_every_resource_mutation_is_covered() -> None:
    names = {name for _, name, _, _ in CASES}
    assert {
        "initiateCreditTransfers",
        "addCard",
        "cancelConsent",
        "simulateOutgoingCardDebit",
    } <= names
    assert len(CASES) >= 30


@pytest.mark.parametrize(
    ("api", "name", "id_field", "input_type"), CASES, ids=[case[1] for case in CASES]
)
def test_another_projects_id_is_not_found(
    bank: Bank,
    foreign: dict[str, str],
    phones: Iterator[str],
    api: str,
    name: str,
    id_field: str,
    input_type: GraphQLInputObjectType,
) -> None:
    extra = EXTRA_VALUES.get(name, {})
    value = {
        key: (foreign[key] if key in ID_TABLES else extra.get(key) or _fill(key, field.type))
        for key, field in input_type.fields.items()
        if is_non_null_type(field.type) or key in (id_field, "consentRedirectUrl")
    } | extra
    # A list-typed id field (none today) would need a list here.
    assert not is_list_type(input_type.fields[id_field].type)
    client = bank.api if api == "partner" else bank.testing
    if name in AS_USER:  # a user's token (the invited user's), before any id is read
        client = bank.user_client(create_user(bank.env, next(phones))["id"])
    before = _snapshot(bank)
    payload = get_named_type(client.schema.mutation_type.fields[name].type)  # type: ignore[union-attr]
    if not is_union_type(payload):  # a plain object (generateAccountStatement): a NOT_FOUND error
        query = f"mutation($input: {input_type}!) {{ {name}(input: $input) {{ __typename }} }}"
        [error] = client.post(query, {"input": value})["errors"]
        assert error["extensions"]["code"] == "NOT_FOUND", error
        assert foreign[id_field] in error["message"], error
        assert _snapshot(bank) == before
        return
    result = client.mutate(name, value)
    if name in NOT_VISIBLE:
        assert result["__typename"] == NOT_VISIBLE[name], result
        assert foreign[id_field] in result["message"], result  # the requested id
        assert _snapshot(bank) == before
        return
    members = {member.name for member in getattr(payload, "types", ())}
    if any(member.endswith("NotFoundRejection") for member in members):
        assert result["__typename"].endswith("NotFoundRejection"), result
        # It names the requested id (in its `id` field, or its message when it has none).
        assert any(foreign[id_field] in str(field) for field in result.values()), result
    else:  # the real union has no not-found rejection (cancelTransaction, ...): Forbidden
        assert result["__typename"] == "ForbiddenRejection", result
    assert _snapshot(bank) == before

"""Schema-wide rules: every mutation's payload union can be selected whole, every
rejection implements Rejection, every partner mutation takes one `input`."""

from __future__ import annotations

import pytest
from graphql import GraphQLSchema, GraphQLUnionType, get_named_type, parse, validate

from simulator.server.app import partner_schema
from simulator.server.app import testing_schema as build_testing_schema

from .banking_support import _selection

SCHEMAS = {"partner": partner_schema, "testing": build_testing_schema}


def _everything(schema: GraphQLSchema, name: str) -> str:
    assert schema.mutation_type is not None
    field = schema.mutation_type.fields[name]
    payload = get_named_type(field.type)
    members = payload.types if isinstance(payload, GraphQLUnionType) else [payload]
    fragments = " ".join(
        f"... on {member.name} {{ __typename {_selection(member)} }}" for member in members
    )
    if not field.args:
        return f"mutation {{ {name} {{ {fragments} }} }}"
    # Every argument as a variable (`input`, or the few the real schema takes directly).
    declared = ", ".join(f"${arg}: {value.type}" for arg, value in field.args.items())
    passed = ", ".join(f"{arg}: ${arg}" for arg in field.args)
    return f"mutation({declared}) {{ {name}({passed}) {{ {fragments} }} }}"


@pytest.mark.parametrize("api", sorted(SCHEMAS))
def test_every_payload_union_can_be_selected_whole(api: str) -> None:
    """Same-named fields of two union members must have the same type (GraphQL's
    OverlappingFieldsCanBeMerged), or a partner could not select both members."""
    schema = SCHEMAS[api]()
    assert schema.mutation_type is not None
    for name in schema.mutation_type.fields:
        if name in CONFLICTING_THERE:
            continue
        errors = validate(schema, parse(_everything(schema, name)))
        assert errors == [], (name, [error.message for error in errors])


#: Mutations whose union members the real schema itself gives conflicting same-named fields
#: (kept as they are; a partner aliases one of them).
CONFLICTING_THERE = (
    "simulateManualBankingFee",  # the success payload's `id: ID!`, AccountNotFoundRejection's `String!`
    # The payment method types' `id: ID!`, NotFoundRejection's `String!`.
    "simulateMerchantPaymentMethodRequestOutcome",
    "generateCreditStatement",  # CreditStatement's `id: ID!`, AccountNotFoundRejection's `String!`
)


@pytest.mark.parametrize("api", sorted(SCHEMAS))
def test_every_rejection_implements_rejection(api: str) -> None:
    schema = SCHEMAS[api]()
    rejection = schema.type_map["Rejection"]
    for name, graphql_type in schema.type_map.items():
        if name.endswith("Rejection") and name not in ("Rejection", *NOT_REJECTIONS_THERE):
            assert rejection in graphql_type.interfaces, name  # type: ignore[union-attr]


#: Rejections the real schema declares without the Rejection interface (kept as they are).
NOT_REJECTIONS_THERE = (
    "AccountMembershipNotReadyToBeUpdatedRejection",
    "LegalRepresentativeEmailCannotBeUpdatedRejection",
    "LegalRepresentativePermissionsCannotBeUpdatedRejection",
    "UserAlreadyDeactivatedRejection",
    "UserCannotBeDeactivatedRejection",
    "MissingBirthDateRejection",
    "SimulationRejection",  # the Testing API's
    "SimulateCreditLimitUpdatedRejection",  # the Testing API's: a `code` and a message
    "MerchantPaymentsAlreadySettledRejection",  # the Testing API's: the ids only
)
#: Success payloads the real schema names otherwise than `<Mutation>SuccessPayload`.
SUCCESS_NAMES = {
    "deactivateUser": "DeactivateUserSuccess",
    "addSingleUseVirtualCard": "AddSingleUseVirtualCardSuccessForUserPayload",
    "addWebhookSubscription": "WebhookSubscriptionSuccessPayload",
    "updateWebhookSubscription": "WebhookSubscriptionSuccessPayload",
    **{
        f"export{kind}Data": "ExportDataSuccessPayload"
        for kind in (
            "Account",
            "AccountHolder",
            "AccountMembership",
            "Card",
            "Onboarding",
            "Transaction",
            "User",
        )
    },
    "startUserCreation": "StartUserCreationSuccess",
    "updateAccountSettings": "UpdateAccountSettingsSuccess",
    "initiateInternationalCreditTransfer": "InitiateInternationalCreditTransferResponseSuccessPayload",
}
#: Mutations the real schema gives other arguments than one `input`.
OTHER_ARGUMENTS_THERE = {"publicFinalizeAccountAdminChange": ["accountAdminChangeId"]}
#: Mutations the real schema answers with a plain object rather than a payload union.
NOT_UNIONS_THERE = ("generateAccountStatement",)  # returns `Statement!`
#: Mutations whose real payload union has no success payload but the resource itself.
RESOURCE_MEMBERS = {"generateCreditStatement": "CreditStatement"}


def test_every_partner_mutation_takes_one_input_and_returns_a_union() -> None:
    schema = partner_schema()
    assert schema.mutation_type is not None
    for name, field in schema.mutation_type.fields.items():
        assert list(field.args) == OTHER_ARGUMENTS_THERE.get(name, ["input"]), name
        if name in NOT_UNIONS_THERE:
            continue
        payload = get_named_type(field.type)
        assert isinstance(payload, GraphQLUnionType), name
        success = SUCCESS_NAMES.get(name, f"{name[0].upper()}{name[1:]}SuccessPayload")
        success = RESOURCE_MEMBERS.get(name, success)
        assert any(member.name == success for member in payload.types), name

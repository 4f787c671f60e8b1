"""Testing API resolvers of the banking domain: incoming transfers, settlements, card
network events, fees, verification reviews, account suspension, consent decisions,
datasets and reset. Simulator-only; each acts inside the caller's project."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from graphql import GraphQLResolveInfo

from ..api.context import RequestContext
from ..api.mutations import returns_rejections
from ..domain import account_lifecycle, consents, holders, simulation
from ..domain.datasets import load_dataset
from ..domain.rejections import Rejected, forbidden, validation, validation_error
from ..domain.transactions import OUTGOING_TRANSFER_TYPES
from ..exceptions import ConfigurationError

mutation = ObjectType("Mutation")
bindables = [mutation]


def _project(info: GraphQLResolveInfo) -> tuple[Any, str]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal.project_id


def _transaction_payload(name: str, row: dict[str, Any]) -> dict[str, Any]:
    return {
        "__typename": f"{name}SuccessPayload",
        "transaction_id": row["id"],
        "status": row["status"],
        "status_reason": row.get("status_reason"),
    }


def _amount(input: dict[str, Any]) -> tuple[Any, Any]:
    amount = input.get("amount") or {}
    return amount.get("value"), amount.get("currency")


def _transfer_payload(name: str, row: dict[str, Any]) -> dict[str, Any]:
    return {"__typename": f"{name}SuccessPayload", "transaction_id": row["id"]}


def _as_forbidden(rejected: Rejected, *allowed: str) -> Rejected:
    """The rejection itself when its type is a member of the payload's union, else the same
    message as a `ForbiddenRejection` (the real unions of these mutations are that narrow)."""
    if rejected.payload["__typename"] in ("ForbiddenRejection", *allowed):
        return rejected
    return Rejected(forbidden(rejected.payload["message"]))


@mutation.field("simulateIncomingSepaCreditTransferReception")
@returns_rejections
def resolve_incoming(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    try:
        row = simulation.simulate_incoming_transfer(
            env,
            project_id,
            creditor_iban=input["creditor_iban"],
            amount=value,
            currency=currency,
            debtor_name=input["debtor_name"],
            debtor_iban=input["debtor_iban"],
            label=input.get("label"),
            mode="InstantWithoutFallback" if input.get("is_instant") else "Regular",
        )
    except Rejected as rejected:
        raise _as_forbidden(rejected) from None
    return _transfer_payload("SimulateIncomingSepaCreditTransferReception", row)


@mutation.field("simulateOutgoingSepaCreditTransferBooking")
@returns_rejections
def resolve_booking(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    try:
        row = simulation.book_transfer(
            env, project_id, input["transaction_id"], types=OUTGOING_TRANSFER_TYPES
        )
    except Rejected as rejected:
        raise _as_forbidden(rejected, "TransactionNotFoundRejection") from None
    return _transfer_payload("SimulateOutgoingSepaCreditTransferBooking", row)


@mutation.field("simulateOutgoingSepaCreditTransferRejection")
@returns_rejections
def resolve_rejection(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    try:
        row = simulation.reject_transfer(
            env,
            project_id,
            input["transaction_id"],
            input["reason_code"],
            types=OUTGOING_TRANSFER_TYPES,
        )
    except Rejected as rejected:
        raise _as_forbidden(rejected, "TransactionNotFoundRejection") from None
    return _transfer_payload("SimulateOutgoingSepaCreditTransferRejection", row)


@mutation.field("simulateCardAuthorization")
@returns_rejections
def resolve_authorization(
    _: Any, info: GraphQLResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    row = simulation.simulate_card_authorization(
        env,
        project_id,
        input["card_id"],
        amount=value,
        currency=currency,
        merchant_name=input["merchant_name"],
        merchant_category=input.get("merchant_category"),
        merchant_city=input.get("merchant_city"),
        merchant_country=input.get("merchant_country"),
        is_online=bool(input.get("is_online")),
        is_withdrawal=bool(input.get("is_withdrawal")),
        outcome=input.get("outcome") or "Accepted",
        decline_reason=input.get("decline_reason"),
    )
    return _transaction_payload("SimulateCardAuthorization", row)


@mutation.field("simulateCardAuthorizationRelease")
@returns_rejections
def resolve_release(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = simulation.release_card_authorization(env, project_id, input["transaction_id"])
    return _transaction_payload("SimulateCardAuthorizationRelease", row)


@mutation.field("simulateCardDebit")
@returns_rejections
def resolve_debit(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    amount = input.get("amount")
    if amount is not None and amount.get("currency") != "EUR":
        raise Rejected(
            validation(
                [
                    validation_error(
                        "UnsupportedCurrency",
                        "The simulated bank handles EUR only.",
                        ["input", "amount", "currency"],
                    )
                ]
            )
        )
    row = simulation.simulate_card_debit(
        env, project_id, input["transaction_id"], amount["value"] if amount else None
    )
    return _transaction_payload("SimulateCardDebit", row)


@mutation.field("simulateCardCredit")
@returns_rejections
def resolve_credit(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    row = simulation.simulate_card_credit(
        env,
        project_id,
        input["card_id"],
        amount=value,
        currency=currency,
        merchant_name=input["merchant_name"],
        original_transaction_id=input.get("original_transaction_id"),
    )
    return _transaction_payload("SimulateCardCredit", row)


@mutation.field("simulateFee")
@returns_rejections
def resolve_fee(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    row = simulation.charge_fee(
        env,
        project_id,
        input["account_id"],
        amount=value,
        currency=currency,
        fee_type=input.get("fees_type") or "BankingFee",
        label=input.get("label"),
    )
    return _transaction_payload("SimulateFee", row)


@mutation.field("updateSandboxAccountHolderVerificationStatus")
@returns_rejections
def resolve_verification(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    holder = holders.update_verification_status(
        env, project_id, input["account_holder_id"], input["verification_status"]
    )
    return {
        "__typename": "UpdateSandboxAccountHolderVerificationStatusSuccessPayload",
        "account_holder_id": holder["id"],
        "verification_status": holder["verification_status"],
    }


@mutation.field("suspendSandboxAccount")
@returns_rejections
def resolve_suspend(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    account = account_lifecycle.suspend_account(
        env, project_id, input["account_id"], input.get("reason")
    )
    return {
        "__typename": "SuspendSandboxAccountSuccessPayload",
        "account_id": account["id"],
        "status": account["status"],
    }


@mutation.field("resumeSandboxAccount")
@returns_rejections
def resolve_resume(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    account = account_lifecycle.resume_account(env, project_id, input["account_id"])
    return {
        "__typename": "ResumeSandboxAccountSuccessPayload",
        "account_id": account["id"],
        "status": account["status"],
    }


def _decision(name: str, consent: dict[str, Any]) -> dict[str, Any]:
    return {
        "__typename": f"{name}SandboxConsentSuccessPayload",
        "consent_id": consent["id"],
        "status": consent["status"],
        "resource_id": consent.get("resource_id"),
        "redirect_url": consents.consent_redirect_url(consent),
    }


@mutation.field("approveSandboxConsent")
@returns_rejections
def resolve_approve(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    return _decision("Approve", consents.decide_consent(env, project_id, input["consent_id"], True))


@mutation.field("refuseSandboxConsent")
@returns_rejections
def resolve_refuse(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    return _decision("Refuse", consents.decide_consent(env, project_id, input["consent_id"], False))


@mutation.field("loadSandboxDataset")
@returns_rejections
def resolve_load(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    try:
        loaded = load_dataset(env, project_id, _dataset_name(input["dataset"]))
    except ConfigurationError as error:
        raise Rejected(
            validation([validation_error("InvalidValue", str(error), ["input", "dataset"])])
        ) from None
    return {"__typename": "LoadSandboxDatasetSuccessPayload", **loaded}


def _dataset_name(name: str) -> str:
    # Only datasets by name over the API: a path would read the server's files.
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ConfigurationError(f"No dataset {name!r}: give a dataset name such as workshop.")
    return name


@mutation.field("resetSandboxData")
def resolve_reset(_: Any, info: GraphQLResolveInfo) -> dict[str, Any]:
    env, project_id = _project(info)
    deleted = simulation.reset_project_data(env, project_id)
    return {"__typename": "ResetSandboxDataSuccessPayload", "deleted": sum(deleted.values())}

"""Testing API resolvers of the banking domain: incoming transfers, settlements, card
network events, consent decisions, datasets and reset (accounts and holders are in
`accounts`). Each acts inside the caller's project."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.accounts.transactions import OUTGOING_TRANSFER_TYPES
from ...domain.consents import consents
from ...domain.kernel.rejections import Rejected, forbidden, validation, validation_error
from ...domain.sandbox import simulation
from ...domain.sandbox.datasets import load_dataset
from ...exceptions import ConfigurationError
from ...graphql_compat import ResolveInfo
from ...storage.rows import ConsentRow, TransactionRow

mutation = ObjectType("Mutation")
bindables = [mutation]


def _project(info: ResolveInfo) -> tuple[Any, str]:
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


def _transfer_payload(name: str, row: TransactionRow) -> dict[str, Any]:
    return {"__typename": f"{name}SuccessPayload", "transaction_id": row["id"]}


def _as_forbidden(rejected: Rejected, *allowed: str) -> Rejected:
    """The rejection itself when its type is a member of the payload's union, else the same
    message as a `ForbiddenRejection` (the real unions of these mutations are that narrow)."""
    if rejected.payload["__typename"] in ("ForbiddenRejection", *allowed):
        return rejected
    return Rejected(forbidden(rejected.payload["message"]))


@mutation.field("simulateIncomingSepaCreditTransferReception")
@returns_rejections
def resolve_incoming(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
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
            reference=input.get("end_to_end_id"),
            mode="InstantWithoutFallback" if input.get("is_instant") else "Regular",
            addresses={
                "creditorAddress": input.get("creditor_address"),
                "debtorAddress": input.get("debtor_address"),
            },
        )
    except Rejected as rejected:
        raise _as_forbidden(rejected) from None
    return _transfer_payload("SimulateIncomingSepaCreditTransferReception", row)


@mutation.field("simulateOutgoingSepaCreditTransferBooking")
@returns_rejections
def resolve_booking(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
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
def resolve_rejection(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
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


def _decision(name: str, consent: ConsentRow) -> dict[str, Any]:
    return {
        "__typename": f"{name}SandboxConsentSuccessPayload",
        "consent_id": consent["id"],
        "status": consent["status"],
        "resource_id": consent.get("resource_id"),
        "redirect_url": consents.consent_redirect_url(consent),
    }


@mutation.field("approveSandboxConsent")
@returns_rejections
def resolve_approve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    return _decision("Approve", consents.decide_consent(env, project_id, input["consent_id"], True))


@mutation.field("refuseSandboxConsent")
@returns_rejections
def resolve_refuse(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    return _decision("Refuse", consents.decide_consent(env, project_id, input["consent_id"], False))


@mutation.field("loadSandboxDataset")
@returns_rejections
def resolve_load(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
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
def resolve_reset(_: Any, info: ResolveInfo) -> dict[str, Any]:
    env, project_id = _project(info)
    deleted = simulation.reset_project_data(env, project_id)
    return {"__typename": "ResetSandboxDataSuccessPayload", "deleted": sum(deleted.values())}

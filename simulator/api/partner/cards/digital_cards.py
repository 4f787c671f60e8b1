"""Digital cards (a card in a phone's wallet): their mutations, their types, and
`Card.digitalCards`."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType

from ....domain.cards import digital_cards as domain
from ....graphql_compat import ResolveInfo
from ...mutations import required_input, returns_union_rejections
from .._helpers import caller, connection_resolver, consent_row

mutation = MutationType()
card = ObjectType("Card")
pending = ObjectType("PendingDigitalCard")
complete = ObjectType("CompleteDigitalCard")
consent_pending = ObjectType("DigitalCardConsentPendingStatusInfo")

#: Statuses of a digital card still on its way into the wallet (a PendingDigitalCard).
PENDING_STATUSES = ("ConsentPending", "Pending", "Declined")


def node(row: dict[str, Any]) -> dict[str, Any]:
    """A digital card row tagged with its concrete type."""
    kind = "PendingDigitalCard" if row["status"] in PENDING_STATUSES else "CompleteDigitalCard"
    return {**row, "__typename": kind}


digital_card = InterfaceType("DigitalCard", lambda row, *_: node(row)["__typename"])
bindables: list[Any] = [mutation, card, digital_card, pending, complete, consent_pending]
card.set_field(
    "digitalCards",
    connection_resolver(domain.list_digital_cards, lambda row: {"card_id": row["id"]}),
)


def _common(bindable: ObjectType) -> None:
    bindable.set_field("cardContractId", lambda row, _: row["card_id"])
    bindable.set_field(
        "walletProvider",
        lambda row, _: {
            "id": row["wallet_provider"],
            "name": domain.WALLET_PROVIDERS.get(row["wallet_provider"], row["wallet_provider"]),
        },
    )


_common(pending)
_common(complete)


@pending.field("statusInfo")
def resolve_pending_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    return {"__typename": f"DigitalCard{status}StatusInfo", "status": status, "row": row}


@consent_pending.field("consent")
def resolve_consent(info_row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    row = info_row["row"]
    return consent_row(env, row.get("activation_consent_id") or row.get("consent_id"))


@pending.field("inAppProvisioningData")
def resolve_provisioning_data(
    row: dict[str, Any], _: ResolveInfo, signature_data: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """Stand-in values while the wallet provisions the card: stable, derived from the
    digital card and the wallet's nonce, and encrypting nothing."""
    if row["status"] != "Pending":
        return None
    nonce = (signature_data or {}).get("nonce") or ""

    def derived(label: str) -> str:
        digest = hashlib.sha256(f"{label}:{row['id']}:{nonce}".encode()).digest()
        return base64.b64encode(digest).decode()

    return {
        "activation_data": derived("activation"),
        "encrypted_data": derived("encrypted"),
        "ephemeral_public_key": derived("key"),
        "iv": derived("iv")[:24],
        "oaep_hashing_algorithm": "SHA256",
        "public_key_fingerprint": derived("fingerprint")[:40],
    }


@complete.field("statusInfo")
def resolve_complete_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    return {
        "__typename": f"DigitalCard{status}StatusInfo",
        "status": status,
        "enabled_at": row.get("enabled_at") or row["created_at"],
        "suspended_at": row.get("suspended_at"),
        "canceled_at": row.get("canceled_at"),
    }


complete.set_field("cardMaskedNumber", lambda row, _: row.get("masked_number") or "")
complete.set_field(
    "device", lambda row, _: {"name": row.get("device_name"), "type": row.get("device_type")}
)


@mutation.field("addDigitalCard")
@returns_union_rejections
def resolve_add(_: Any, info: ResolveInfo, input: dict[str, Any] | None = None) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    [row] = domain.add_digital_cards(
        env,
        principal,
        [input["card_id"]],
        wallet_provider=input["wallet_provider"],
        consent_redirect_url=input["consent_redirect_url"],
    )
    return {"__typename": "AddDigitalCardSuccessPayload", "digital_card": row}


@mutation.field("addDigitalCards")
@returns_union_rejections
def resolve_add_many(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    rows = domain.add_digital_cards(
        env,
        principal,
        list(input["card_ids"]),
        wallet_provider=input["wallet_provider"],
        consent_redirect_url=input["consent_redirect_url"],
        purpose="AddDigitalCards",
    )
    return {"__typename": "AddDigitalCardsSuccessPayload", "digital_cards": rows}


@mutation.field("activateDigitalCard")
@returns_union_rejections
def resolve_activate(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    row = domain.activate_digital_card(
        env, principal, input["digital_card_id"], input["consent_redirect_url"]
    )
    # Activated at once (a Sandbox user's auto-consent): still answered as the pending card
    # the real payload promises, in the status it reached.
    return {"__typename": "ActivateDigitalCardSuccessPayload", "digital_card": row}


@mutation.field("cancelDigitalCard")
@returns_union_rejections
def resolve_cancel(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    row = domain.cancel_digital_card(env, principal, input["digital_card_id"])
    return {"__typename": "CancelDigitalCardSuccessPayload", "digital_card": node(row)}

"""Testing API resolvers of the cards: card network operations and the physical card's
printing, delivery and renewal. Each acts inside the caller's project."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from ariadne import ObjectType

from ...api.context import RequestContext
from ...api.mutations import returns_union_rejections
from ...api.partner.cards.cards import physical_card
from ...clock import format_timestamp, parse_timestamp
from ...domain.cards import card_network
from ...domain.cards.card_support import card_not_found, physical_card_wrong_status
from ...domain.cards.cards import change_card
from ...domain.cards.physical_cards import renew_in
from ...domain.kernel.rejections import Rejected
from ...domain.sandbox import simulation
from ...graphql_compat import ResolveInfo
from ...storage import rows_where
from ...storage.rows import CardRow

mutation = ObjectType("Mutation")
# The physical card reads the same in both APIs.
bindables = [mutation, physical_card]

#: A printed card arrives this long after its delivery starts (a simulator choice).
DELIVERY_DELAY = timedelta(days=3)


def _project(info: ResolveInfo) -> tuple[Any, str]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal.project_id


#: The inputs that carry the card network's details (`domain/cards/card_details.py`).
_NETWORK = (
    "original_amount",
    "terminal_id",
    "authorization_type",
    "transaction_transport_type",
    "operation_type",
    "expiration_date_time",
    "allows_partial_authorization",
    "card_type",
    "merchant",
    "card_transaction_category",
)


def _network(input: dict[str, Any]) -> dict[str, Any]:
    return {key: input[key] for key in _NETWORK if input.get(key) is not None}


def _amount(input: dict[str, Any]) -> tuple[Any, Any]:
    amount = input.get("amount") or {}
    return amount.get("value"), amount.get("currency")


@mutation.field("simulateOutgoingCardAuthorization")
@returns_union_rejections
def resolve_authorization(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    merchant = input.get("merchant") or {}
    row = simulation.simulate_card_authorization(
        env,
        project_id,
        input["card_id"],
        amount=value,
        currency=currency,
        merchant_name=merchant.get("name") or "Simulated merchant",
        merchant_category=merchant.get("code"),
        merchant_city=merchant.get("city"),
        merchant_country=merchant.get("country"),
        category=input.get("card_transaction_category") or "InStore",
        card_type=input.get("card_type") or "Virtual",
        outcome=input.get("outcome") or "Accepted",
        network=_network(input),
    )
    if row["status"] == "Rejected":
        return {
            "__typename": "SimulateOutgoingCardAuthorizationRejectPayload",
            "transaction_id": row["id"],
            "rejected_reason": row["status_reason"],
        }
    return {
        "__typename": "SimulateOutgoingCardAuthorizationSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateOutgoingCardAuthorizationRelease")
@returns_union_rejections
def resolve_release(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = simulation.release_card_authorization(env, project_id, input["transaction_id"])
    return {
        "__typename": "SimulateOutgoingCardAuthorizationReleaseSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateOutgoingCardDebit")
@returns_union_rejections
def resolve_debit(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    row = simulation.simulate_card_debit(
        env, project_id, input["transaction_id"], value, currency=currency, network=_network(input)
    )
    return {"__typename": "SimulateOutgoingCardDebitSuccessPayload", "transaction_id": row["id"]}


@mutation.field("simulateOutgoingCardCredit")
@returns_union_rejections
def resolve_credit(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    row = simulation.simulate_card_credit(
        env,
        project_id,
        input["card_id"],
        amount=value,
        currency=currency,
        merchant_name=input.get("merchant_name") or "Simulated merchant",
        original_transaction_id=input.get("origin_transaction_id"),
        network={**_network(input), **_credit_merchant(input)},
    )
    return {"__typename": "SimulateOutgoingCardCreditSuccessPayload", "transaction_id": row["id"]}


def _credit_merchant(input: dict[str, Any]) -> dict[str, Any]:
    # A refund names its merchant field by field (the authorization nests them).
    keys = {
        "merchant_id": "merchant_id",
        "merchant_category_code": "merchant_category",
        "merchant_city": "merchant_city",
        "merchant_postal_code": "merchant_postal_code",
        "merchant_country": "merchant_country",
    }
    return {column: input[key] for key, column in keys.items() if input.get(key) is not None}


def _printed(env: Any, db: Any, project_id: str, card_id: str) -> CardRow | None:
    """The card, if it has a printed physical card not yet activated; else None."""
    rows = list(rows_where(db, "cards", "id = ? AND project_id = ?", [card_id, project_id]))
    card = rows[0] if rows else None
    return card if card and card.get("physical_status") == "ToActivate" else None


def _simulation_rejection(code: str, message: str) -> dict[str, Any]:
    return {"__typename": "SimulationRejection", "code": code, "message": message}


@mutation.field("physicalCardReception")
def resolve_reception(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    with env.store.atomic() as db:
        card = _printed(env, db, project_id, input["card_id"])
        if card is None:
            return _simulation_rejection(
                "CouldNotObtainIdentifier",
                f"Card {input['card_id']} has no printed physical card waiting for activation.",
            )
        change_card(env, db, card, {"physical_estimated_delivery": env.now()})
        return {
            "__typename": "PhysicalCardReceptionSuccessPayload",
            "physical_card_identifier": card["physical_identifier"],
        }


@mutation.field("simulatePhysicalCardDelivery")
def resolve_delivery(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    with env.store.atomic() as db:
        card = _printed(env, db, project_id, input["card_id"])
        if card is None:
            return _simulation_rejection(
                "CouldNotUpdateDeliveryInformation",
                f"Card {input['card_id']} has no printed physical card on its way.",
            )
        arrives = format_timestamp(parse_timestamp(env.now()) + DELIVERY_DELAY)
        change_card(
            env,
            db,
            card,
            {
                "physical_tracking_number": input.get("tracking_number") or f"TRK{card['id'][-8:]}",
                "physical_estimated_delivery": arrives,
            },
        )
        return {"__typename": "SimulationSuccessfulResponse", "noop": None}


@mutation.field("simulatePhysicalCardRenewalProcess")
@returns_union_rejections
def resolve_renewal(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    with env.store.atomic() as db:
        rows = list(
            db["cards"].rows_where("id = ? AND project_id = ?", [input["card_id"], project_id])
        )
        if not rows:
            raise Rejected(card_not_found(input["card_id"]))
        card = rows[0]
        expected = "Activated" if input["status"] == "ToRenew" else "ToRenew"
        current = card.get("physical_status")
        if current != expected:
            identifier = card.get("physical_identifier") or card["id"]
            raise Rejected(physical_card_wrong_status(identifier, current or "None", expected))
        if input["status"] == "ToRenew":
            card = change_card(env, db, card, {"physical_status": "ToRenew"})
        else:
            card = renew_in(env, db, card)
        return {
            "__typename": "SimulatePhysicalCardRenewalProcessSuccessPayload",
            "physical_card": card,
        }


# -- after the authorization ------------------------------------------------------------------


def _reverse(kind: str, resolve: Any) -> Any:
    @returns_union_rejections
    def resolver(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        env, project_id = _project(info)
        value, currency = _amount(input)
        row = resolve(
            env,
            project_id,
            input["transaction_id"],
            value,
            currency=currency,
            network=_network(input),
        )
        return {
            "__typename": f"SimulateOutgoingCard{kind}ReverseSuccessPayload",
            "transaction_id": row["id"],
        }

    return resolver


mutation.set_field(
    "simulateOutgoingCardDebitReverse", _reverse("Debit", card_network.reverse_card_debit)
)
mutation.set_field(
    "simulateOutgoingCardCreditReverse", _reverse("Credit", card_network.reverse_card_credit)
)

#: The card payment category each operation type of a forced debit is recorded as.
_CATEGORY_OF_OPERATION = {
    "AtmWithdrawal": "Withdrawal",
    "OtcWithdrawal": "Withdrawal",
    "RemoteDebit": "eCommerce",
    "SecureRemoteDebit": "eCommerceWith3DS",
}


@mutation.field("simulateOutgoingCardDebitWithoutAuthorization")
@returns_union_rejections
def resolve_debit_without_authorization(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    row = card_network.debit_without_authorization(
        env,
        project_id,
        input["card_id"],
        amount=value,
        currency=currency,
        merchant=input.get("merchant"),
        category=_CATEGORY_OF_OPERATION.get(input.get("operation_type") or "", "InStore"),
        network=_network(input),
    )
    return {
        "__typename": "SimulateOutgoingCardDebitWithoutAuthorizationSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateOutgoingCardAdvice")
@returns_union_rejections
def resolve_advice(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    value, currency = _amount(input)
    row = card_network.card_advice(
        env,
        project_id,
        input["transaction_id"],
        amount=value,
        currency=currency,
        outcome=input.get("outcome") or "Accepted",
        network=_network(input),
    )
    if row["status"] == "Rejected":
        return {
            "__typename": "SimulateOutgoingCardAuthorizationRejectPayload",
            "transaction_id": row["id"],
            "rejected_reason": row["status_reason"],
        }
    return {
        "__typename": "SimulateOutgoingCardAuthorizationSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateCardTransactionEnrichment")
@returns_union_rejections
def resolve_enrichment(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    info_fields = {key: value for key, value in input.items() if key != "transaction_id"}
    enrichment = card_network.enrich_card_transaction(
        env, project_id, input["transaction_id"], info_fields
    )
    return {
        "__typename": "SimulateCardTransactionEnrichmentSuccessPayload",
        "transaction_id": input["transaction_id"],
        "enriched_data": enrichment,
    }

"""The card mutations (cards and physical cards), and CardTransaction's own fields."""

from __future__ import annotations

import json
from typing import Any

from ariadne import MutationType, ObjectType

from ....domain.accounts.billing import project_owner
from ....domain.cards import cards as domain
from ....domain.cards import physical_cards as physical
from ....domain.cards.card_support import confidential_numbers
from ....domain.kernel.rejections import Rejected
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import CardRow
from ...mutations import required_input, returns_union_rejections
from .._helpers import amount, caller

mutation = MutationType()

card_transaction = ObjectType("CardTransaction")
bindables: list[ObjectType] = [mutation, card_transaction]

_SWITCHES = ("withdrawal", "international", "non_main_currency_transactions", "e_commerce")


_CONFIG_KEYS = (
    "account_membership_id",
    "name",
    "spending_limit",
    "physical_card",
    "card_contract_expiry_date",
    "view_card_number",
    *_SWITCHES,
)


def _config(input: dict[str, Any]) -> dict[str, Any]:
    return {key: input[key] for key in _CONFIG_KEYS if input.get(key) is not None}


@mutation.field("addCard")
@returns_union_rejections
def resolve_add_card(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    config = _config(input)
    added, _consent = domain.add_card(
        env,
        principal,
        config.pop("account_membership_id"),
        consent_redirect_url=input["consent_redirect_url"],
        card_product_id=input.get("card_product_id"),
        **config,
    )
    return {"__typename": "AddCardSuccessPayload", "card": added}


@mutation.field("addSingleUseVirtualCard")
@returns_union_rejections
def resolve_add_single_use(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    config = _config(input)
    added, _consent = domain.add_card(
        env,
        principal,
        config.pop("account_membership_id"),
        consent_redirect_url=input["consent_redirect_url"],
        card_type="SingleUseVirtual",
        card_product_id=input.get("card_product_id"),
        **config,
    )
    account = get_row(env.store.db, "accounts", added["account_id"])
    if account["holder_id"] == project_owner(env, principal.project_id):
        # The project owner's own card comes with its numbers, as the real service answers.
        return {
            "__typename": "AddSingleUseVirtualCardSuccessForProjectOwnerPayload",
            "card": added,
            "confidential": confidential_numbers(added),
        }
    return {"__typename": "AddSingleUseVirtualCardSuccessForUserPayload", "card": added}


def _add_many(info: ResolveInfo, input: dict[str, Any], card_type: str) -> list[Any]:
    env, principal = caller(info)
    cards, _consent = domain.add_cards(
        env,
        principal,
        [_config(one) for one in input["cards"]],
        consent_redirect_url=input["consent_redirect_url"],
        card_type=card_type,
        purpose="AddCards",
        card_product_id=input.get("card_product_id"),
    )
    return cards


@mutation.field("addCards")
@returns_union_rejections
def resolve_add_cards(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return {"__typename": "AddCardsSuccessPayload", "cards": _add_many(info, input, "Virtual")}


@mutation.field("addCardsWithGroupDelivery")
@returns_union_rejections
def resolve_add_cards_with_group_delivery(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, principal = caller(info)
    cards = physical.add_cards_with_group_delivery(
        env,
        principal,
        input["cards"],
        group_address=input["group_delivery_address"],
        consent_redirect_url=input["consent_redirect_url"],
        card_product_id=input.get("card_product_id"),
    )
    return {"__typename": "AddCardsWithGroupDeliverySuccessPayload", "cards": cards}


@mutation.field("addSingleUseVirtualCards")
@returns_union_rejections
def resolve_add_single_use_cards(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    cards = _add_many(info, input, "SingleUseVirtual")
    return {"__typename": "AddSingleUseVirtualCardsSuccessPayload", "cards": cards}


@mutation.field("updateCard")
@returns_union_rejections
def resolve_update_card(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    changes = {
        key: value for key, value in input.items() if key not in ("card_id", "consent_redirect_url")
    }
    consent = domain.update_card(
        env,
        principal,
        input["card_id"],
        changes,
        consent_redirect_url=input["consent_redirect_url"],
    )
    return {"__typename": "UpdateCardSuccessPayload", "consent": consent}


@mutation.field("cancelCard")
@returns_union_rejections
def resolve_cancel_card(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    return {
        "__typename": "CancelCardSuccessPayload",
        "card": domain.cancel_card(env, principal, input["card_id"]),
    }


def _physical_payload(name: str, row: CardRow, **extra: Any) -> dict[str, Any]:
    return {"__typename": f"{name}SuccessPayload", "physical_card": row, **extra}


@mutation.field("printPhysicalCard")
@returns_union_rejections
def resolve_print(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = physical.print_physical_card(
        env,
        principal,
        input["card_id"],
        address=input["address"],
        consent_redirect_url=input["consent_redirect_url"],
        custom_options=input.get("physical_card_custom_options"),
        choose_pin=input.get("choose_pin"),
        choose_pin_code=input.get("choose_pin_code"),
    )
    return _physical_payload("PrintPhysicalCard", row)


@mutation.field("activatePhysicalCard")
@returns_union_rejections
def resolve_activate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row, consent = physical.activate_physical_card(
        env, principal, input["identifier"], input["consent_redirect_url"]
    )
    return _physical_payload("ActivatePhysicalCard", row, consent=consent)


@mutation.field("suspendPhysicalCard")
@returns_union_rejections
def resolve_suspend(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    row = physical.suspend_physical_card(env, principal, input["card_id"])
    return _physical_payload("SuspendPhysicalCard", row)


@mutation.field("resumePhysicalCard")
@returns_union_rejections
def resolve_resume(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    row, consent = physical.resume_physical_card(
        env, principal, input["card_id"], input["consent_redirect_url"]
    )
    return _physical_payload("ResumePhysicalCard", row, consent=consent)


@mutation.field("cancelPhysicalCard")
@returns_union_rejections
def resolve_cancel_physical(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    row = physical.cancel_physical_card(env, principal, input["card_id"], input["reason"])
    return _physical_payload("CancelPhysicalCard", row)


@mutation.field("confirmPhysicalCardRenewal")
@returns_union_rejections
def resolve_confirm_renewal(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = physical.confirm_physical_card_renewal(
        env, principal, input["card_id"], input["address"], input.get("custom_options")
    )
    return _physical_payload("ConfirmPhysicalCardRenewal", row)


@mutation.field("cancelPhysicalCardRenewal")
@returns_union_rejections
def resolve_cancel_renewal(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = physical.cancel_physical_card_renewal(env, principal, input["card_id"])
    return _physical_payload("CancelPhysicalCardRenewal", row)


def _consent_only(name: str) -> Any:
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        env, principal = caller(info)
        redirect = input["consent_redirect_url"]
        if name == "ViewPhysicalCardPin":
            consent = physical.view_physical_card_pin(env, principal, input["card_id"], redirect)
        else:
            consent = physical.view_card_numbers(
                env, principal, input["card_id"], redirect, physical=name != "ViewCardNumbers"
            )
        return {"__typename": f"{name}SuccessPayload", "consent": consent}

    return returns_union_rejections(resolve)


mutation.set_field("viewCardNumbers", _consent_only("ViewCardNumbers"))
mutation.set_field("viewPhysicalCardNumbers", _consent_only("ViewPhysicalCardNumbers"))
mutation.set_field("viewPhysicalCardPin", _consent_only("ViewPhysicalCardPin"))


@mutation.field("viewCardNumbersWithConsent")
@returns_union_rejections
def resolve_view_with_consent(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    consent_id = input["consent_id"]
    # An AddCard consent shows the numbers too when the card asked for it (viewCardNumber).
    rows = list(
        env.store.db["consents"].rows_where(
            "id = ? AND project_id = ? AND (purpose = 'ViewCardNumbers' OR (purpose = 'AddCard' "
            "AND resource_id IN (SELECT id FROM cards WHERE view_card_number = 1)))",
            [consent_id, principal.project_id],
        )
    )
    if not rows or rows[0]["status"] != "Accepted":
        raise Rejected(
            {
                "__typename": "CardSensitiveInfoNoLongerAvailableRejection",
                "message": f"Consent {consent_id} is not an Accepted consent to view card numbers.",
            }
        )
    card = domain.find_card(env.store.db, principal, rows[0]["resource_id"])
    membership = get_row(env.store.db, "account_memberships", card["account_membership_id"])
    user = get_row(env.store.db, "users", membership["user_id"]) if membership["user_id"] else None
    names = (user["first_name"], user["last_name"]) if user is not None else ()
    holder = " ".join(part for part in names if part)
    # Simulator pages would show the numbers; nothing real sits behind these addresses.
    base = f"https://card-numbers.invalid/{card['id']}"
    return {
        "__typename": "ViewCardNumbersWithConsentSuccessPayload",
        "cardholder_name": holder or str(membership.get("email") or ""),
        "pan_iframe_url": f"{base}/pan?consent={consent_id}",
        "cvv_iframe_url": f"{base}/cvv?consent={consent_id}",
        "expiry_date_iframe_url": f"{base}/expiry-date?consent={consent_id}",
    }


# -- CardTransaction's own fields -------------------------------------------------------------


@card_transaction.field("merchant")
def resolve_merchant(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return {
        "__typename": "CardOutMerchant",
        "merchant_id": row.get("merchant_id") or row["counterparty"],
        "merchant_name": row.get("merchant_name") or row["counterparty"],
        "merchant_city": row.get("merchant_city") or "",
        "merchant_country": row.get("merchant_country"),
        "merchant_postal_code": row.get("merchant_postal_code"),
        "merchant_category_code": row.get("merchant_category") or "5999",
        "category": row.get("card_category") or "Other",
    }


@card_transaction.field("cardDetails")
def resolve_card_details(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    if not row.get("card_id"):
        return None
    card = get_row(env.store.db, "cards", row["card_id"])
    return {"__typename": "CardOutDetails", "card": card, "masked_pan": card["masked_number"]}


@card_transaction.field("originalAmount")
def resolve_original_amount(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    # The amount in the merchant's currency, as the network stated it.
    if row.get("original_amount") and row.get("original_currency"):
        return amount(row["original_amount"], row["original_currency"])
    return amount(row["amount"])


card_transaction.set_field(
    "enrichedTransactionInfo",
    lambda row, _: json.loads(row["enrichment"]) if row.get("enrichment") else None,
)

"""The fields every transaction type has beyond the first ones the simulator served: statements,
supporting documents, reservations, beneficiaries, fee parties, merchant categories.

The values follow the stored transaction: a statement can be generated once it is booked; a
debit reserves its amount until it books or is released; an outgoing transfer's beneficiary
is the account's trusted beneficiary with the same IBAN when there is one. What the
simulator has no process for is a constant, said so in the SDL (no supporting-document
collections on transactions, no currency exchange, no terminal).

The transaction types the simulator does not produce yet (checks, internal transfers and
direct debits, the newer in-person and online card types) get the common fields too, so a
client's fragments on them validate and would resolve.
"""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from graphql import GraphQLEnumType

from ....domain.kernel.money import to_decimal
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from .._helpers import amount, caller
from .transactions import COMMON_FIELDS, mask_iban

#: Transaction types that exist in the schema and the ones this module completes.
_ALL = (
    "SEPACreditTransferTransaction",
    "CardTransaction",
    "FeeTransaction",
    "SEPADirectDebitTransaction",
    "InternationalCreditTransferTransaction",
    "CheckTransaction",
    "InternalCreditTransfer",
    "InternalDirectDebitTransaction",
    "InPersonCardTransaction",
    "OnlineCardTransaction",
)
_types = {name: ObjectType(name) for name in _ALL}
card_merchant = ObjectType("CardOutMerchant")
enriched = ObjectType("EnrichedTransactionInfo")
bindables: list[ObjectType] = [*_types.values(), card_merchant, enriched]

#: The simulator's name for the bank that charges fees (as billing books them).
BANK_NAME = "Simulated bank"
#: The bank's own fee account number (a documented constant: no such account exists here).
BANK_FEE_ACCOUNT_NUMBER = "00000000001"

#: Stored merchant categories (the datasets' names, or card-network codes) and what the
#: real `MerchantCategoryDescription` calls them; anything else is a specialty retail store.
MERCHANT_CATEGORIES = {
    "Electronics": "ElectronicSales",
    "5732": "ElectronicSales",
    "Fuel": "ServiceStationsWithOrWithoutAncillaryServices",
    "5541": "ServiceStationsWithOrWithoutAncillaryServices",
    "Groceries": "GroceryStoresSupermarkets",
    "5411": "GroceryStoresSupermarkets",
    "Health": "DrugStoresPharmacies",
    "5912": "DrugStoresPharmacies",
    "Home": "HomeSupplyWarehouseStores",
    "5200": "HomeSupplyWarehouseStores",
    "Online shopping": "DirectMarketingCatalogMerchants",
    "5964": "DirectMarketingCatalogMerchants",
    "Restaurants": "EatingPlacesRestaurants",
    "5812": "EatingPlacesRestaurants",
    "Sports": "SportingGoodsStores",
    "5941": "SportingGoodsStores",
    "Subscriptions": "DirectMarketingContinuitySubscriptionMerchants",
    "5968": "DirectMarketingContinuitySubscriptionMerchants",
    "Transport": "TransportationSuburbanAndLocalCommuterPassengerIncludingFerries",
    "4111": "TransportationSuburbanAndLocalCommuterPassengerIncludingFerries",
}
_DEFAULT_CATEGORY = "MiscellaneousAndSpecialtyRetailStores"

#: Transaction types that hold money back on the account until they book or are released.
_RESERVING = ("CardOutDebit", "SepaDirectDebitOut")


def _statement(row: dict[str, Any], _: ResolveInfo) -> bool:
    # A statement of a transaction exists once it is booked.
    return bool(row["status"] == "Booked")


def _no_collections(_row: dict[str, Any], _info: ResolveInfo, **_: Any) -> dict[str, Any]:
    # Supporting documents are collected for holders and onboardings here, never per payment.
    return {
        "total_count": 0,
        "page_info": {
            "has_next_page": False,
            "has_previous_page": False,
            "start_cursor": None,
            "end_cursor": None,
        },
        "edges": [],
    }


def _reserved_amount(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    if row["type"] not in _RESERVING or row["status"] == "Rejected":
        return None
    return amount(row["amount"], row["currency"])


def _reserved_released_at(row: dict[str, Any], _: ResolveInfo) -> str | None:
    if row["type"] not in _RESERVING or row["status"] in ("Pending", "Rejected"):
        return None
    # Booking or releasing ends the reservation.
    if row["status"] == "Booked":
        return row.get("booking_date") or row.get("status_changed_at")
    return row.get("status_changed_at")


def _return_reason(row: dict[str, Any], info: ResolveInfo) -> str | None:
    if not row["type"].endswith(("Return", "Recall", "Reversal")):
        return None
    codes = info.schema.type_map["TransactionReasonCode"]
    assert isinstance(codes, GraphQLEnumType)
    stored = row.get("status_reason")
    return stored if stored in codes.values else None


for _type in _types.values():
    _type.set_field("statementCanBeGenerated", _statement)
    _type.set_field("supportingDocumentCollections", _no_collections)
# The types resolved nowhere else get the fields every transaction shares (checks and
# internal direct debits get them from their families' modules).
for _name in ("InternalCreditTransfer", "InPersonCardTransaction", "OnlineCardTransaction"):
    for _field, _resolver in COMMON_FIELDS.items():
        _types[_name].set_field(_field, _resolver)
for _name in ("CheckTransaction", "InternalCreditTransfer", "InternalDirectDebitTransaction"):
    _types[_name].set_field("returnReason", _return_reason)
for _name in ("CardTransaction", "SEPADirectDebitTransaction"):
    _types[_name].set_field("reservedAmount", _reserved_amount)
    _types[_name].set_field("reservedAmountReleasedAt", _reserved_released_at)
for _name in (
    "SEPACreditTransferTransaction",
    "SEPADirectDebitTransaction",
    "InternationalCreditTransferTransaction",
):
    _types[_name].set_field("returnReason", _return_reason)


card = _types["CardTransaction"]


@card.field("authorizationType")
def resolve_authorization_type(row: dict[str, Any], _: ResolveInfo) -> str | None:
    # As the network stated it; else a card payment is authorized for its final amount.
    if row["type"] != "CardOutDebit":
        return None
    return str(row.get("authorization_type") or "Classic")


@card.field("currencyExchange")
def resolve_currency_exchange(row: dict[str, Any], _: ResolveInfo) -> list[dict[str, Any]]:
    # A payment in another currency was converted to the account's at the network's rate.
    source = row.get("original_currency")
    if not source or source == row.get("currency", "EUR") or not row.get("original_amount"):
        return []
    rate = to_decimal(row["amount"]) / to_decimal(row["original_amount"])
    return [
        {
            "contract_identification": None,
            "exchange_rate": float(round(rate, 6)),
            "quotation_date": str(row.get("execution_date") or row["created_at"])[:10],
            "source_currency": source,
            "target_currency": row.get("currency") or "EUR",
            "unit_currency": source,
        }
    ]


# An incoming card payment (a customer paying a merchant's link) is in the account's
# currency too.
# The simulator keeps no card mandate nor the customer's card: no `cardDetails` nor
# `merchant` (both nullable).
online_card = _types["OnlineCardTransaction"]
online_card.set_field("currencyExchange", resolve_currency_exchange)
online_card.set_field("originalAmount", lambda row, _: amount(row["amount"], row["currency"]))
online_card.set_field("cardDetails", lambda row, _: None)
online_card.set_field("merchant", lambda row, _: None)


@card.field("transactionTransportType")
def resolve_transport_type(row: dict[str, Any], _: ResolveInfo) -> str | None:
    if row.get("transport_type"):
        return str(row["transport_type"])
    return "RealTimeAuthorized" if row["type"] == "CardOutDebit" else None


sepa = _types["SEPACreditTransferTransaction"]


@sepa.field("beneficiary")
def resolve_beneficiary(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    if row["side"] != "Debit" or not row.get("counterparty_iban"):
        return None
    env, _ = caller(info)
    trusted = list(
        env.store.db["trusted_beneficiaries"].rows_where(
            "account_id = ? AND iban = ? AND status = 'Enabled'",
            [row["account_id"], row["counterparty_iban"]],
            order_by="created_at, id",
            limit=1,
        )
    )
    if trusted:
        return {**trusted[0], "__typename": "TrustedSepaBeneficiary"}
    return {
        "__typename": "UnsavedSepaBeneficiary",
        "name": row["counterparty"],
        "iban": row["counterparty_iban"],
        "address": None,
    }


fee = _types["FeeTransaction"]


@fee.field("creditor")
def resolve_fee_creditor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["side"] == "Credit":
        return {"__typename": "FeeInCreditor", **_own_account(row, info)}
    return {
        "__typename": "FeeOutCreditor",
        "name": BANK_NAME,
        "account_number": BANK_FEE_ACCOUNT_NUMBER,
    }


@fee.field("debtor")
def resolve_fee_debtor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    if row["side"] == "Credit":
        return {
            "__typename": "FeeInDebtor",
            "name": BANK_NAME,
            "account_number": BANK_FEE_ACCOUNT_NUMBER,
        }
    return {"__typename": "FeeOutDebtor", **_own_account(row, info)}


def _own_account(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    account = get_row(env.store.db, "accounts", row["account_id"])
    return {"name": account["name"], "account_number": account["number"]}


@card_merchant.field("merchantCategoryDescription")
def resolve_category_description(merchant: dict[str, Any], _: ResolveInfo) -> str:
    code = str(merchant.get("merchant_category_code") or "")
    return MERCHANT_CATEGORIES.get(code, _DEFAULT_CATEGORY)


@enriched.field("logoUrl")
def resolve_logo_url(info: dict[str, Any], _: ResolveInfo) -> str | None:
    # Enrichment here names the merchant and category; a logo only when the dataset gave one.
    logo = info.get("logo_url") or info.get("logoUrl")
    return str(logo) if logo else None


__all__ = ["BANK_FEE_ACCOUNT_NUMBER", "BANK_NAME", "MERCHANT_CATEGORIES", "bindables"]


international = _types["InternationalCreditTransferTransaction"]


@international.field("creditor")
def resolve_international_creditor(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    # Only incoming international transfers (and their returns) are simulated: the account
    # is the creditor, the sender abroad the debtor.
    env, _ = caller(info)
    account = get_row(env.store.db, "accounts", row["account_id"])
    return {
        "__typename": "InternationalCreditTransferInCreditor",
        "name": account["name"],
        "iban": account["iban"],
        "bic": account["bic"],
        "masked_iban": mask_iban(str(account["iban"])),
        "virtual_iban_entry_id": None,
    }


@international.field("debtor")
def resolve_international_debtor(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return {
        "__typename": "InternationalCreditTransferInDebtor",
        "name": row["counterparty"],
        "account_number": row.get("counterparty_iban") or "",
        "bic": row.get("counterparty_bic"),
    }


@international.field("currencyExchange")
def resolve_international_exchange(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    # The simulated transfers arrive in the account's currency: a rate of 1, no fees.
    moved = amount(row["amount"], row["currency"])
    return {"exchange_rate": "1", "source_amount": moved, "target_amount": moved}


international.set_field("instructedAmount", lambda row, _: amount(row["amount"], row["currency"]))
international.set_field("intermediaryBankFees", lambda _row, _: [])

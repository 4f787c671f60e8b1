"""The project's settings as the web banking and onboarding apps read them (`ProjectInfo`),
and the membership fields that follow from its account and user (`AccountMembership`).

The real service keeps these settings per project, changed through its dashboard and support
team; the simulator has no such process, so they are documented constants that match what
it simulates: the web banking may do everything the simulator implements (`true`) and
nothing it does not (`false`: checks, internal direct debits); supporting documents are
collected by the partner through the API; onboarding asks for neither supporting documents
nor beneficial owners before it is finalized.
"""

from __future__ import annotations

import json
from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable

from ....domain.cards.member_spending import spent_by_member
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import AccountMembershipRow, AccountRow
from .._helpers import amount, caller

project_info = ObjectType("ProjectInfo")
membership = ObjectType("AccountMembership")
web_banking = ObjectType("WebBankingSettings")
bindables: list[SchemaBindable] = [project_info, membership, web_banking]

#: What the web banking app may offer, by the real setting's name.
WEB_BANKING_SETTINGS = {
    "can_add_new_members": True,
    "can_create_merchant_payment_links": True,
    "can_create_merchant_profile": True,
    "can_initiate_check_merchant_payments": False,
    "can_initiate_payments_to_new_beneficiaries": True,
    "can_manage_virtual_ibans": True,
    "can_open_account": True,
    "can_order_physical_cards": True,
    "can_order_virtual_cards": True,
    "can_request_checks_payment_method": False,
    "can_request_internal_direct_debit_b2b_payment_method": False,
    "can_request_internal_direct_debit_core_payment_method": False,
    "can_request_online_cards_payment_method": True,
    "can_request_sepa_direct_debit_b2b_payment_method": True,
    "can_request_sepa_direct_debit_core_payment_method": True,
    "can_update_cards": True,
    "can_view_account_details": True,
    "can_view_account_statement": True,
    "can_view_members": True,
    "can_view_payment_list": True,
}
#: The settings whose snake_case name the automatic mapping would spell otherwise.
_B2B_FIELDS = {
    "canRequestInternalDirectDebitB2BPaymentMethod": (
        "can_request_internal_direct_debit_b2b_payment_method"
    ),
    "canRequestSepaDirectDebitB2BPaymentMethod": (
        "can_request_sepa_direct_debit_b2b_payment_method"
    ),
}

for _field, _key in _B2B_FIELDS.items():
    web_banking.set_field(_field, lambda settings, _, key=_key: settings[key])


@project_info.field("webBankingSettings")
def resolve_web_banking(_: dict[str, Any], __: ResolveInfo) -> dict[str, bool]:
    return dict(WEB_BANKING_SETTINGS)


@project_info.field("supportingDocumentSettings")
def resolve_document_settings(_: dict[str, Any], __: ResolveInfo) -> dict[str, Any]:
    # The partner collects documents through the API (generateSupportingDocumentUploadUrl).
    return {"collect_mode": "API", "communication_language": "en", "email_contact": None}


@project_info.field("B2BMembershipIDVerification")
def resolve_b2b_id_verification(_: dict[str, Any], __: ResolveInfo) -> bool:
    # Members of company accounts are verified as any other member here.
    return True


@project_info.field("tcuDocumentUri")
def resolve_tcu_uri(project: dict[str, Any], _: ResolveInfo, language: str) -> str:
    return f"https://cdn.invalid/terms/{project['id']}/{language}.pdf"


@project_info.field("requireSupportingDocumentsDuringOnboarding")
@project_info.field("requireUbosDuringOnboarding")
def resolve_onboarding_requirement(_: dict[str, Any], __: ResolveInfo) -> bool:
    # Finalizing an onboarding needs neither here; documents are asked for afterwards.
    return False


@project_info.field("customConsentSubdomain")
def resolve_consent_subdomain(_: dict[str, Any], __: ResolveInfo) -> None:
    return None


@project_info.field("expectedMerchantProfileAdditionalInformation")
def resolve_merchant_information(_: dict[str, Any], __: ResolveInfo) -> list[str]:
    return []


#: The identification levels that verify a member's identity (a qualified signature, an
#: expert check, or remote video identification).
ACCEPTED_LEVELS = ["Expert", "PVID", "QES"]
#: Account countries as the card networks and `AccountCountry` name them.
_ALPHA3 = {"FR": "FRA", "DE": "DEU", "ES": "ESP", "IT": "ITA", "NL": "NLD", "BE": "BEL"}


@membership.field("acceptedIdentificationLevels")
def resolve_accepted_levels(_: dict[str, Any], __: ResolveInfo) -> list[str]:
    return list(ACCEPTED_LEVELS)


@membership.field("hasRequiredIdentificationLevel")
def resolve_has_required_level(row: dict[str, Any], info: ResolveInfo) -> bool | None:
    if not row.get("user_id"):
        return None  # nobody is bound yet
    env, _ = caller(info)
    user = get_row(env.store.db, "users", row["user_id"])
    levels = user["identification_levels"]
    held = json.loads(levels) if isinstance(levels, str) else levels
    return any(level in ACCEPTED_LEVELS for level in held)


def _account(row: dict[str, Any], info: ResolveInfo) -> AccountRow:
    env, _ = caller(info)
    return get_row(env.store.db, "accounts", row["account_id"])


@membership.field("accountCountry")
def resolve_account_country(row: dict[str, Any], info: ResolveInfo) -> str:
    country = str(_account(row, info)["country"])
    return _ALPHA3.get(country, country)


@membership.field("accountHolderType")
def resolve_holder_type(row: dict[str, Any], info: ResolveInfo) -> str:
    env, _ = caller(info)
    holder = get_row(env.store.db, "account_holders", _account(row, info)["holder_id"])
    return str(holder["type"])


@membership.field("residencyAddress")
def resolve_residency_address(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    stored = row.get("residency_address")
    return json.loads(stored) if stored else None


@membership.field("spendingLimits")
def resolve_member_limits(row: dict[str, Any], _: ResolveInfo) -> list[dict[str, Any]] | None:
    # A member's own limit (set by the partner for the holder), across all its cards.
    if not row.get("spending_limit_value"):
        return None
    return [
        {
            "type": "AccountHolder",
            "amount": amount(row["spending_limit_value"]),
            "period": row["spending_limit_period"],
            "mode": row.get("spending_limit_mode"),
        }
    ]


@membership.field("spending")
def resolve_member_spending(row: AccountMembershipRow, info: ResolveInfo) -> dict[str, Any] | None:
    if not row.get("spending_limit_value"):
        return None
    env, _ = caller(info)
    return {
        "amount": amount(spent_by_member(env, env.store.db, row)),
        "period": row["spending_limit_period"],
        "mode": row.get("spending_limit_mode"),
    }


__all__ = ["ACCEPTED_LEVELS", "WEB_BANKING_SETTINGS", "bindables"]

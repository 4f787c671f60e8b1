"""Account holders: queries, their info and status objects, and updateAccountHolder."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import accounts as account_domain
from ....domain.accounts import holders as domain
from ....graphql_compat import ResolveInfo
from ....storage.rows import AccountHolderRow
from ...mutations import returns_rejections
from .._helpers import caller, connection_resolver, item_resolver
from .accounts import COUNTRY_CODES

query = QueryType()
mutation = MutationType()

holder = ObjectType("AccountHolder")
bindables: list[SchemaBindable] = [query, mutation, holder]

#: The date field each verification status info carries, by status.
_VERIFICATION_DATES = {
    "WaitingForInformation": "waiting_for_information_at",
    "Pending": "pending_at",
    "Verified": "verified_at",
    "Refused": "refused_at",
}

query.set_field("accountHolders", connection_resolver(domain.list_holders))
query.set_field("accountHolder", item_resolver(domain.get_holder))


@holder.field("info")
def resolve_info(row: AccountHolderRow, _: ResolveInfo) -> dict[str, Any]:
    return {
        "__typename": f"AccountHolder{row['type']}Info",
        # The onboarding's fields resolve from the holder (api/partner/onboarding/).
        "holder": row,
        "type": row["type"],
        "name": account_domain.holder_display_name(row),
        "tax_identification_number": row.get("tax_identification_number"),
        "vat_number": row.get("vat_number"),
        "registration_number": row.get("registration_number"),
    }


@holder.field("statusInfo")
def resolve_status_info(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    return {
        "__typename": f"AccountHolder{status}StatusInfo",
        "status": status,
        "reason": row.get("status_reason") or f"{status} by the bank",
    }


@holder.field("verificationStatusInfo")
def resolve_verification(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["verification_status"]
    info: dict[str, Any] = {
        "__typename": f"AccountHolder{status}VerificationStatusInfo",
        "status": status,
        "account_holder_id": row["id"],
        "verification_requirements": row.get("verification_requirements"),
        "reason": row.get("verification_refusal_reason") or "Refused by the bank's review",
    }
    if status in _VERIFICATION_DATES:
        info[_VERIFICATION_DATES[status]] = row.get("verification_changed_at") or row["created_at"]
    return info


#: A simulated address per account country (street, postal code, city): the bank's records of
#: a holder the simulator made without an onboarding (a dataset's) need one to show.
_SIMULATED_ADDRESSES = {
    "FR": ("rue de Rivoli", "75001", "Paris"),
    "DE": ("Friedrichstrasse", "10117", "Berlin"),
    "ES": ("Calle de Alcala", "28014", "Madrid"),
    "IT": ("Via del Corso", "00186", "Roma"),
    "NL": ("Damrak", "1012 LG", "Amsterdam"),
    "BE": ("Rue Neuve", "1000", "Bruxelles"),
}


@holder.field("residencyAddress")
def resolve_address(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    """The address the holder's onboarding gave, else a simulated one in the country of its
    first account (the same for the same holder: its street number comes from its id)."""
    env, _ = caller(info)
    given = _onboarding_address(env.store.db, row)
    if given is not None:
        return given
    first = next(
        env.store.db.query(
            "SELECT country FROM accounts WHERE holder_id = ? ORDER BY created_at, id LIMIT 1",
            [row["id"]],
        ),
        None,
    )
    country = first["country"] if first else "FR"
    street, postal_code, city = _SIMULATED_ADDRESSES.get(country, _SIMULATED_ADDRESSES["FR"])
    number = int(hashlib.sha256(row["id"].encode()).hexdigest()[:4], 16) % 150 + 1
    return {
        "address_line_1": f"{number} {street}",
        "address_line_2": None,
        "city": city,
        "postal_code": postal_code,
        "state": None,
        "country": COUNTRY_CODES.get(country),
    }


def _onboarding_address(db: Any, row: dict[str, Any]) -> dict[str, Any] | None:
    """The residency address the onboarding that made this holder gave (its company's for a
    company, its admin's for a person), when it gave a street and a city."""
    found = db.execute(
        "SELECT company, account_admin FROM onboardings WHERE holder_id = ? LIMIT 1", [row["id"]]
    ).fetchone()
    if found is None:
        return None
    for text in found if row["type"] == "Company" else found[1:]:
        address = (json.loads(text) if text else {}).get("address") or {}
        if address.get("addressLine1") and address.get("city"):
            return {
                "address_line_1": address.get("addressLine1"),
                "address_line_2": address.get("addressLine2"),
                "city": address.get("city"),
                "postal_code": address.get("postalCode"),
                "state": address.get("state"),
                "country": address.get("country"),
            }
    return None


holder.set_field("createdDate", lambda row, *_: row["created_at"])
holder.set_field("updatedDate", lambda row, *_: row.get("updated_at") or row["created_at"])
holder.set_field(
    "accounts",
    connection_resolver(account_domain.list_accounts, lambda row: {"account_holder_id": row["id"]}),
)


@mutation.field("updateAccountHolder")
@returns_rejections
def resolve_update_holder(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    updated = domain.update_holder(
        env,
        principal,
        input["account_holder_id"],
        tax_identification_number=input.get("tax_identification_number"),
        vat_number=input.get("vat_number"),
    )
    return {"__typename": "UpdateAccountHolderSuccessPayload", "account_holder": updated}

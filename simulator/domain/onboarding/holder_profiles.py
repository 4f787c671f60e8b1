"""What an account holder's info shows beyond its names: what its onboarding said (the
company's activity, type, people and addresses; the person's work and income), and the
person behind an individual holder.

A holder made without an onboarding (a dataset's, `createSandboxAccountHolder`'s), or whose
onboarding left a field out, shows the Sandbox stand-in of each field the real type has
non-null (`STAND_INS`, as the verification renewals assume them too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...storage import Database, rows_where
from ...storage.rows import UserRow
from . import company_people
from .onboarding import holder_onboarding, stored_json

__all__ = ["STAND_INS", "company_profile", "individual_profile", "legal_representative"]

#: What the Sandbox shows of a non-null field nobody gave.
STAND_INS = {
    "business_activity": "Other",
    "business_activity_description": "",
    "monthly_payment_volume": "LessThan10000",
    "employment_status": "Employee",
    "monthly_income": "Between1500And3000",
}


def _said(db: Database, holder_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The account admin and company its onboarding holds (empty without one)."""
    onboarding = holder_onboarding(db, holder_id)
    if onboarding is None:
        return {}, {}
    return stored_json(onboarding, "account_admin"), stored_json(onboarding, "company")


def company_profile(db: Database, holder_id: str) -> dict[str, Any]:
    """`AccountHolderCompanyInfo`'s onboarding fields (snake_case keys)."""
    admin, company = _said(db, holder_id)
    related = company.get("relatedIndividuals") or []
    owners = company.get("individualUltimateBeneficialOwners")
    people = company.get("representatives")
    activity = company.get("legacyBusinessActivity") or company_people.ACTIVITY_OF.get(
        company.get("businessActivity") or ""
    )
    address = company.get("legalRepresentativePersonalAddress") or admin.get("address")
    return {
        "business_activity": activity or STAND_INS["business_activity"],
        "business_activity_description": company.get("businessActivityDescription")
        or STAND_INS["business_activity_description"],
        "company_registration_date": company.get("registrationDate"),
        "company_type": company.get("companyType"),
        "monthly_payment_volume": company.get("monthlyPaymentVolume")
        or STAND_INS["monthly_payment_volume"],
        "individual_ultimate_beneficial_owners": [
            company_people.owner_shown(owner)
            for owner in (
                owners if owners is not None else company_people.owners_of_related(related)
            )
        ],
        "representatives": [
            company_people.representative_shown(person)
            for person in (
                people if people is not None else company_people.representatives_of_related(related)
            )
        ],
        "trade_name": company.get("tradeName"),
        "legal_representative_personal_address": company_people.address_shown(address),
    }


def individual_profile(db: Database, holder_id: str) -> dict[str, Any]:
    """`AccountHolderIndividualInfo`'s onboarding fields (snake_case keys)."""
    admin, _ = _said(db, holder_id)
    return {
        "employment_status": admin.get("employmentStatus") or STAND_INS["employment_status"],
        "monthly_income": admin.get("monthlyIncome") or STAND_INS["monthly_income"],
    }


def legal_representative(db: Database, holder: Mapping[str, Any]) -> UserRow | None:
    """The user behind the holder: the one its onboarding signed in, else the legal
    representative of its first account (None for a holder nobody represents yet)."""
    onboarding = holder_onboarding(db, holder["id"])
    user_id = onboarding["user_id"] if onboarding else None
    if user_id is None:
        found = db.execute(
            "SELECT m.user_id FROM accounts a JOIN account_memberships m ON m.account_id = a.id "
            "WHERE a.holder_id = ? AND m.legal_representative = 1 AND m.user_id IS NOT NULL "
            "ORDER BY a.created_at, a.id, m.created_at, m.id LIMIT 1",
            [holder["id"]],
        ).fetchone()
        user_id = found[0] if found else None
    users = list(rows_where(db, "users", "id = ?", [user_id])) if user_id else []
    return users[0] if users else None

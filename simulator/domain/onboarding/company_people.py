"""A company's people and addresses as the older onboarding operations take them: its
individual beneficial owners, its representatives (people or companies), the legal
representative's personal address, and its business activity (the older `BusinessActivity`
list, kept beside the `BusinessActivityCategory` the newer operations use).

`checked` validates what the partner sends (a `ValidationRejection` naming every field,
nothing stored) and returns what the onboarding keeps; `owner_shown`, `representative_shown`
and `address_shown` turn what is kept into what the API shows. The same onboarding's
`company.businessActivity` (the newer category) follows the older activity when the partner
gives one (`CATEGORY_OF`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from ..kernel.rejections import Rejected, validation, validation_error

__all__ = [
    "ACTIVITY_OF",
    "CATEGORY_OF",
    "address_shown",
    "checked",
    "owner_shown",
    "representative_shown",
]

#: Each older business activity and the newer category that covers it.
CATEGORY_OF = {
    "AdministrativeServices": "AdministrativeAndSupportServiceActivities",
    "Agriculture": "AgricultureForestryAndFishing",
    "Arts": "ArtsSportsAndRecreation",
    "BusinessAndRetail": "WholesaleAndRetailTrade",
    "Construction": "Construction",
    "Education": "Education",
    "ElectricalDistributionAndWaterSupply": "ElectricityGasSteamAndAirConditioningSupply",
    "FinancialAndInsuranceOperations": "FinancialAndInsuranceActivities",
    "Health": "HumanHealthAndSocialWork",
    "Housekeeping": "HouseholdEmployerAndOwnUseActivities",
    "InformationAndCommunication": "TelecommunicationItAndInformationServices",
    "LodgingAndFoodServices": "AccommodationAndFoodService",
    "ManufacturingAndMining": "Manufacturing",
    "Other": "OtherServiceActivities",
    "PublicAdministration": "PublicAdministrationAndDefenceSocialSecurity",
    "RealEstate": "RealEstateActivities",
    "ScientificActivities": "ProfessionalScientificAndTechnicalActivities",
    "Transportation": "TransportationAndStorage",
}
#: Each newer category and the older activity that shows it (the finer ones folded in).
ACTIVITY_OF = {category: activity for activity, category in CATEGORY_OF.items()} | {
    "MiningAndQuarrying": "ManufacturingAndMining",
    "PublishingBroadcastingAndContentProductionAndDistribution": "InformationAndCommunication",
    "WaterSupplySewerageWasteManagementAndRemediation": "ElectricalDistributionAndWaterSupply",
    "ExtraterritorialOrganisationsAndBodies": "PublicAdministration",
}
#: What an address needs to be shown (`AddressInformation` has them non-null).
_ADDRESS_NEEDS = ("address_line_1", "city", "postal_code", "country")


def _snake(key: str) -> str:
    out = "".join(f"_{c.lower()}" if c.isupper() else c for c in key)
    return out.replace("line1", "line_1").replace("line2", "line_2")


def _snaked(values: Mapping[str, Any] | None) -> dict[str, Any]:
    return {_snake(key): value for key, value in (values or {}).items() if value is not None}


def _past_date(value: Any, today: str, path: list[str | int], errors: list[Any]) -> None:
    if value is None:
        return
    try:
        born = date.fromisoformat(str(value))
        if born.isoformat() != value or born.isoformat() > today[:10]:
            raise ValueError
    except ValueError:
        message = f"Not a past date written YYYY-MM-DD: {value!r}."
        errors.append(validation_error("InvalidDate", message, [*path, "birthDate"]))


def _owner_errors(owner: Mapping[str, Any], today: str, path: list[str | int]) -> list[Any]:
    errors: list[Any] = []
    _past_date(owner.get("birth_date"), today, path, errors)
    share = owner.get("total_capital_percentage")
    if share is not None and not 0 <= float(share) <= 100:
        message = f"A share of the capital is between 0 and 100, got {share}."
        errors.append(validation_error("OutOfRange", message, [*path, "totalCapitalPercentage"]))
    return errors


def _representative_errors(
    person: Mapping[str, Any], today: str, path: list[str | int]
) -> list[Any]:
    errors: list[Any] = []
    needs = ("first_name", "last_name") if person["type"] == "Individual" else ("entity_name",)
    for name in needs:
        if not str(person.get(name) or "").strip():
            camel = "".join(p.title() if i else p for i, p in enumerate(name.split("_")))
            message = f"A {person['type'].lower()} representative needs its {camel}."
            errors.append(validation_error("Missing", message, [*path, camel]))
    _past_date(person.get("birth_date"), today, path, errors)
    return errors


def _address_errors(address: Mapping[str, Any], path: list[str | int]) -> list[Any]:
    snaked = _snaked(address)
    return [
        validation_error("Missing", "This field is required.", [*path, name])
        for key, name in zip(
            _ADDRESS_NEEDS, ("addressLine1", "city", "postalCode", "country"), strict=True
        )
        if not str(snaked.get(key) or "").strip()
    ]


def checked(values: Mapping[str, Any], today: str) -> dict[str, Any]:
    """What the onboarding keeps of the older company input's people, addresses and activity
    (`values`: the input with camelCase keys at the top); rejects every invalid field."""
    errors: list[Any] = []
    kept: dict[str, Any] = {}
    owners = values.get("individualUltimateBeneficialOwners")
    if owners is not None:
        for index, owner in enumerate(owners):
            path: list[str | int] = ["input", "individualUltimateBeneficialOwners", index]
            errors += _owner_errors(owner, today, path)
        kept["individualUltimateBeneficialOwners"] = [_snaked(owner) for owner in owners]
    people = values.get("representatives")
    if people is not None:
        for index, person in enumerate(people):
            errors += _representative_errors(person, today, ["input", "representatives", index])
        kept["representatives"] = [_snaked(person) for person in people]
    address = values.get("legalRepresentativePersonalAddress")
    if address is not None:
        errors += _address_errors(address, ["input", "legalRepresentativePersonalAddress"])
        kept["legalRepresentativePersonalAddress"] = _snaked(address)
    if errors:
        raise Rejected(validation(errors))
    activity = values.get("businessActivity")
    if activity is not None:
        kept["legacyBusinessActivity"] = activity
        kept["businessActivity"] = CATEGORY_OF[activity]
    return kept


def address_shown(address: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """An `AddressInformation`, or None when the address lacks a part it needs."""
    snaked = _snaked(address)
    return snaked if all(snaked.get(key) for key in _ADDRESS_NEEDS) else None


def owner_shown(owner: Mapping[str, Any]) -> dict[str, Any]:
    """An `IndividualUltimateBeneficialOwner`: a type left out is HasCapital with a share of
    the capital, Other without."""
    share = owner.get("total_capital_percentage")
    kind = owner.get("type") or ("HasCapital" if share is not None else "Other")
    info: dict[str, Any] = {"__typename": f"IndividualUltimateBeneficialOwnerType{kind}"}
    info |= {"type": kind, "total_capital_percentage": share}
    info |= {"direct": owner.get("direct"), "indirect": owner.get("indirect")}
    born = owner.get("birth_date")
    return {
        **owner,
        "birth_date": f"{born}T00:00:00.000Z" if born else None,
        "info": info,
        "residency_address": address_shown(owner.get("residency_address")),
        "identity_document_details": owner.get("identity_document_details"),
    }


def representative_shown(person: Mapping[str, Any]) -> dict[str, Any]:
    """A `Representative`: an `IndividualRepresentative` or a `CompanyRepresentative`."""
    return {
        **person,
        "__typename": f"{person['type']}Representative",
        "residency_address": address_shown(person.get("residency_address")),
    }


def _birth(person: Mapping[str, Any]) -> dict[str, Any]:
    birth = person.get("birth_info") or {}
    return {
        "birth_date": birth.get("birth_date"),
        "birth_city": birth.get("city"),
        "birth_city_postal_code": birth.get("postal_code"),
        "birth_country_code": birth.get("country"),
    }


def owners_of_related(related: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The beneficial owners among a newer onboarding's related individuals, as the older
    input would have given them (a share of the capital makes them HasCapital)."""
    owners = []
    for person in related:
        if "UltimateBeneficialOwner" not in person.get("type", ""):
            continue
        ownership = (person.get("ultimate_beneficial_owner") or {}).get("ownership") or {}
        owners.append(
            {
                "first_name": person.get("first_name"),
                "last_name": person.get("last_name"),
                **_birth(person),
                "tax_identification_number": person.get("tax_identification_number"),
                "residency_address": person.get("address"),
                "type": "HasCapital" if ownership else "Other",
                "total_capital_percentage": ownership.get("total_percentage"),
                "direct": ownership.get("type") == "Direct" if ownership else None,
                "indirect": ownership.get("type") == "Indirect" if ownership else None,
            }
        )
    return owners


def representatives_of_related(related: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The legal representatives among a newer onboarding's related individuals."""
    return [
        {
            "type": "Individual",
            "roles": (person.get("legal_representative") or {}).get("roles") or [],
            "first_name": person.get("first_name"),
            "last_name": person.get("last_name"),
            "preferred_first_name": person.get("preferred_first_name"),
            "nationality": person.get("nationality"),
            **_birth(person),
            "residency_address": person.get("address"),
        }
        for person in related
        if person.get("type", "").startswith("LegalRepresentative")
    ]

"""`publicCompanyInfoRegistryData` / `companyInfoRegistryData`: the Sandbox registry's
fictional companies (docs/onboarding.md, "Company registry")."""

from __future__ import annotations

import pytest

from simulator.domain.onboarding.company_registry import REGISTRY, vat_number

from .conftest import GraphQL

QUERY = """query($input: %sInput!) {
  %s(input: $input) { name registrationNumber legalFormCode tradeName vatNumber websites
    businessActivityDescription } }"""


@pytest.mark.parametrize("field", ["publicCompanyInfoRegistryData", "companyInfoRegistryData"])
def test_a_siren_of_the_registry_prefills_a_company(sandbox: GraphQL, field: str) -> None:
    query = QUERY % (field[0].upper() + field[1:], field)
    found = sandbox(
        query, {"input": {"registrationNumber": "900 000 019", "residencyAddressCountry": "FRA"}}
    )
    assert found[field] == {
        "name": "Atelier Lovelace SAS",
        "registrationNumber": "900000019",
        "legalFormCode": "5710",
        "tradeName": "Atelier Lovelace",
        "vatNumber": "FR25900000019",
        "websites": ["https://atelier-lovelace.example"],
        "businessActivityDescription": "Design and manufacture of calculating machines",
    }
    # A valid SIREN the registry does not hold: null. No SIREN at all: an input error.
    unknown = {"registrationNumber": "900000043", "residencyAddressCountry": "FRA"}
    assert sandbox(query, {"input": unknown}) == {field: None}
    bad = sandbox.post(query, {"input": {**unknown, "registrationNumber": "900000044"}}).json()
    assert bad["data"] == {field: None}
    assert bad["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_every_registry_entry_is_a_valid_siren_with_its_vat_number() -> None:
    assert vat_number("404833048") == "FR83404833048"  # the key formula, on a known number
    assert all(len(siren) == 9 for siren in REGISTRY)

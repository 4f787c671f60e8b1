"""The company registry without a token (issue 25): `companyInfoBySiren` and
`companyUboByCompanyRefAndHeadquarterCountry` on the unauthenticated API, and the type it
serves under the real API's name (docs/onboarding.md, "Without a token")."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from graphql import GraphQLObjectType

from simulator.api.unauthenticated import served
from simulator.api.unauthenticated.restricted import Cut, restricted
from simulator.server.app import partner_schema, unauthenticated_schema

from .conftest import GraphQL

PATH = "/sandbox-unauthenticated/graphql"

BY_SIREN = """query Siren($input: CompanyInfoBySirenInput!) {
  companyInfoBySiren(input: $input) {
    __typename
    ... on CompanyInfoBySirenSuccessPayload {
      companyInfo { __typename companyName siren tradeName vatNumber taxIdentificationNumber
        headquarters { address zipCode town } legalRepresentativePersonalAddress { city } } }
    ... on Rejection { message }
  } }"""
OWNERS = """query Owners($input: CompanyUboByCompanyRefAndHeadquarterCountryInput!) {
  companyUboByCompanyRefAndHeadquarterCountry(input: $input) {
    individualUltimateBeneficialOwners {
      firstName lastName gender birthDate birthCity birthCityPostalCode birthCountryCode
      identityDocumentDetails { number }
      info { __typename type
        ... on IndividualUltimateBeneficialOwnerTypeHasCapital {
          totalCapitalPercentage direct indirect } } } } }"""


@pytest.fixture
def public(http: httpx.Client) -> GraphQL:
    return GraphQL(http, PATH, None)


def _by_siren(public: GraphQL, siren: str, country: str = "FRA") -> dict[str, Any]:
    variables = {"input": {"siren": siren, "headquarterCountry": country}}
    found: dict[str, Any] = public(BY_SIREN, variables)["companyInfoBySiren"]
    return found


def test_a_registry_company_is_found_by_its_siren_without_a_token(public: GraphQL) -> None:
    found = _by_siren(public, "900 000 019")
    assert found["__typename"] == "CompanyInfoBySirenSuccessPayload"
    assert found["companyInfo"] == {
        "__typename": "CompanyInfo",
        "companyName": "Atelier Lovelace SAS",
        "siren": "900000019",
        "tradeName": "Atelier Lovelace",
        "vatNumber": "FR25900000019",
        "taxIdentificationNumber": None,
        "headquarters": {"address": "12 rue des Machines", "zipCode": "75011", "town": "Paris"},
        "legalRepresentativePersonalAddress": None,
    }


@pytest.mark.parametrize(
    ("siren", "country", "refused"),
    [
        ("900000019", "DEU", "NotSupportedCountryRejection"),
        ("900000018", "FRA", "InvalidSirenNumberRejection"),  # the check digit is wrong
        ("12345", "FRA", "InvalidSirenNumberRejection"),
        ("900000043", "FRA", "InvalidSirenNumberRejection"),  # a SIREN the registry lacks
    ],
)
def test_what_the_registry_cannot_answer_is_a_typed_rejection(
    public: GraphQL, siren: str, country: str, refused: str
) -> None:
    found = _by_siren(public, siren, country)
    assert found["__typename"] == refused and found["message"]


def test_a_company_s_beneficial_owners_as_the_registry_lists_them(public: GraphQL) -> None:
    variables = {"input": {"companyRef": "900000019", "headquarterCountry": "FRA"}}
    owners = public(OWNERS, variables)["companyUboByCompanyRefAndHeadquarterCountry"][
        "individualUltimateBeneficialOwners"
    ]
    assert [
        (o["firstName"], o["lastName"], o["info"]["totalCapitalPercentage"]) for o in owners
    ] == [
        ("Ada", "Lovelace", 60.0),
        ("Charles", "Babbage", 40.0),
    ]
    assert owners[0]["info"] == {
        "__typename": "IndividualUltimateBeneficialOwnerTypeHasCapital",
        "type": "HasCapital",
        "totalCapitalPercentage": 60.0,
        "direct": True,
        "indirect": False,
    }
    assert owners[0]["birthDate"].startswith("1815-12-10") and owners[0]["gender"] == "Female"
    assert owners[0]["identityDocumentDetails"] is None
    legal = public(OWNERS, {"input": {"companyRef": "900000027", "headquarterCountry": "FRA"}})
    info = legal["companyUboByCompanyRefAndHeadquarterCountry"][
        "individualUltimateBeneficialOwners"
    ]
    assert [o["info"]["__typename"] for o in info] == [
        "IndividualUltimateBeneficialOwnerTypeLegalRepresentative"
    ]
    for company, country in (("900000043", "FRA"), ("900000019", "DEU")):
        variables = {"input": {"companyRef": company, "headquarterCountry": country}}
        none = public(OWNERS, variables)["companyUboByCompanyRefAndHeadquarterCountry"]
        assert none == {"individualUltimateBeneficialOwners": []}


def test_the_registry_card_is_served_as_company_info_and_the_partner_one_is_not() -> None:
    schema = unauthenticated_schema()
    card = schema.get_type("CompanyInfo")
    assert isinstance(card, GraphQLObjectType) and "siren" in card.fields
    assert schema.get_type("SirenCompanyInfo") is None
    # The partner API keeps its own CompanyInfo (an onboarding's company), untouched.
    partner = partner_schema().get_type("CompanyInfo")
    assert isinstance(partner, GraphQLObjectType) and "registrationNumber" in partner.fields
    assert served()["renamed"]["SirenCompanyInfo"] == "CompanyInfo"


def test_a_rename_onto_a_name_in_use_is_an_error() -> None:
    table = served()
    with pytest.raises(TypeError, match="CompanyInfo"):
        restricted(
            partner_schema(),
            Cut(
                {"Query": ["companyInfoRegistryData", "projectInfo"]},
                renamed={"ProjectInfo": "CompanyInfo"},
            ),
        )
    assert "CompanyInfo" in table["renamed"].values()

"""The unauthenticated API's answers complete under every selection (issue 34, point 3).

Through a real server and without any token, as a sign-in page, an onboarding form, a card
page and a payment page call it: each mutation runs once in the flows of those pages with
every field of its success payload selected (`Walker.public` of payload_walk.py), and each
root field is read (`read`) with every field it reaches, `DEPTH` levels deep (each union and
interface with every type it can be), by the ids of the resources the flows leave in each of
their states and, for each shipped dataset, by every id its data holds. Any error fails, above
all a null for a non-null field, and so does a root answering null for an id that exists.

`test_every_root_and_mutation_is_walked` counts the coverage (it prints "walked n of N") and
keeps those not walked, each with why, in `NOT_WALKED` (none).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from graphql import GraphQLSchema, get_named_type, is_leaf_type

from simulator import Simulator
from simulator.domain.onboarding import company_registry, verification_renewals
from simulator.server.app import unauthenticated_schema
from tests.banking_support import Bank, Client
from tests.conftest import REDIRECT_URI, LiveServer
from tests.merchant_support import enabled_profile, method_outcome, request_methods
from tests.merchant_support import sepa_core_method as _sepa_core_method
from tests.payload_walk import (
    ADDRESS,
    PUBLIC_ARGUMENTS,
    REDIRECT,
    UNAUTHENTICATED,
    Walker,
    _days_ahead,
    walker,
)
from tests.test_complete_answers import NO_LIMITS, selection

__all__ = ["walker"]

#: How deep below a root field the walk selects objects (as test_complete_answers does).
DEPTH = 5

#: The roots and mutations not walked, and why (none: each one has a resource to name).
NOT_WALKED: dict[str, str] = {}

INDIVIDUAL = {
    "email": "ada@example.com",
    "language": "fr",
    "employmentStatus": "Employee",
    "monthlyIncome": "Between1500And3000",
    "residencyAddress": ADDRESS,
    "taxIdentificationNumber": "12345678901",
}
OWNER = {
    "firstName": "Ada",
    "lastName": "Lovelace",
    "birthDate": "1815-12-10",
    "birthCountryCode": "GBR",
    "totalCapitalPercentage": 60.0,
    "direct": True,
    "type": "HasCapital",
    "residencyAddress": ADDRESS,
}
DEBTOR = {
    "name": "Grace Hopper",
    "iban": "DE89370400440532013000",
    "address": {"addressLine1": "1 Hauptstrasse", "city": "Berlin", "country": "DEU"},
}


def root_document(schema: GraphQLSchema, root: str, deepest: int = DEPTH) -> str:
    """`root` with its arguments as variables and every field it reaches, `deepest` levels
    deep (fewer where the document would pass the server's 15,000 tokens)."""
    assert schema.query_type is not None
    field = schema.query_type.fields[root]
    declared = ", ".join(f"${arg}: {spec.type}" for arg, spec in field.args.items())
    given = ", ".join(f"{arg}: ${arg}" for arg in field.args)
    head = f"query({declared})" if declared else "query"
    call = f"{root}({given})" if given else root
    if is_leaf_type(get_named_type(field.type)):
        return f"{head} {{ {call} }}"
    for depth in range(deepest, 0, -1):
        document = f"{head} {{ {call} {{ {selection(schema, field.type, depth, given=PUBLIC_ARGUMENTS)} }} }}"
        if len(re.findall(r"[A-Za-z_]\w*|[{}():.$!]", document)) < 14_000:
            return document
    raise AssertionError(f"{root}: no depth fits")


def read(client: Client, root: str, **arguments: Any) -> Any:
    """`root` asked with `arguments` and every field it reaches: no error at all, and an
    answer (each id given names a resource that exists)."""
    for depth in range(DEPTH, 0, -1):
        body = client.post(root_document(client.schema, root, depth), arguments)
        codes = {(e.get("extensions") or {}).get("code") for e in body.get("errors") or []}
        if codes != {"OPERATION_LIMIT_EXCEEDED"}:
            break
    errors = body.get("errors") or []
    assert errors == [], [root, *[f"{e.get('path')}: {e['message']}" for e in errors][:10]]
    assert body["data"][root] is not None, (root, arguments)
    return body["data"][root]


def _public(bank: Bank) -> Client:
    return Client(bank.http, UNAUTHENTICATED, lambda: "", unauthenticated_schema())


def test_onboarding_pages(walker: Walker) -> None:
    bank, w = walker.bank, walker
    page = w.unauthenticated
    # The project's card products are its own, though the caller has no project.
    assert read(page, "projectInfoById", id=bank.project_id)["cardProducts"]
    read(page, "nonEEACountries")
    started = w.public(
        "unauthenticatedOnboardPublicIndividualAccountHolder",
        {"projectId": bank.project_id, "accountCountry": "DEU"},
    )["onboarding"]
    read(page, "onboardingInfo", id=started["id"])
    w.public(
        "unauthenticatedUpdateIndividualOnboarding", {"onboardingId": started["id"], **INDIVIDUAL}
    )
    collection = started["supportingDocumentCollection"]["id"]
    _documents(walker, collection)
    read(page, "onboardingInfo", id=started["id"])
    company = w.public(
        "unauthenticatedOnboardPublicCompanyAccountHolder", {"projectId": bank.project_id}
    )["onboarding"]
    read(page, "onboardingInfo", id=company["id"])
    w.public(
        "unauthenticatedUpdateCompanyOnboarding",
        {
            "onboardingId": company["id"],
            "name": "Atelier Lovelace SAS",
            "companyType": "Company",
            "registrationNumber": "900000019",
            "residencyAddress": ADDRESS,
            "email": "ada@example.com",
            "businessActivity": "ScientificActivities",
            "individualUltimateBeneficialOwners": [OWNER],
            "legalRepresentativePersonalAddress": ADDRESS,
        },
    )
    read(page, "onboardingInfo", id=company["id"])
    read(page, "supportingDocumentCollection", id=company["supportingDocumentCollection"]["id"])
    # Finalized by the user who signed in (the deprecated flow these mutations belong to).
    user = bank.holder("Grace", "Hopper")["user_id"]
    finalized = bank.user_client(user).mutate("finalizeOnboarding", {"onboardingId": started["id"]})
    assert finalized["__typename"] == "FinalizeOnboardingSuccessPayload", finalized
    read(page, "onboardingInfo", id=started["id"])
    read(page, "supportingDocumentCollection", id=collection)


COMPANY = {
    "name": "Acme",
    "isRegistered": False,
    "typeOfRepresentation": "PowerOfAttorney",
    "monthlyPaymentVolume": "LessThan10000",
    "vatNumber": "DE123456789",
    "tradeName": "Acme",
    "businessActivity": "ScientificActivities",
    "businessActivityDescription": "Engines",
}


def test_onboardings_of_every_country(walker: Walker) -> None:
    """Each account country's onboardings, individual and company, filled in (each country
    asks for fields of its own)."""
    w, page = walker, walker.unauthenticated
    countries = unauthenticated_schema().get_type("AccountCountry")
    for country in getattr(countries, "values", {}):
        project = {"projectId": w.bank.project_id, "accountCountry": country}
        person = w.public("unauthenticatedOnboardPublicIndividualAccountHolder", project)
        filled = {"onboardingId": person["onboarding"]["id"], **INDIVIDUAL}
        w.public("unauthenticatedUpdateIndividualOnboarding", filled)
        firm = w.public("unauthenticatedOnboardPublicCompanyAccountHolder", project)
        filled = {"onboardingId": firm["onboarding"]["id"], **COMPANY}
        w.public("unauthenticatedUpdateCompanyOnboarding", filled)
        for onboarding in (person, firm):
            read(page, "onboardingInfo", id=onboarding["onboarding"]["id"])


def _documents(walker: Walker, collection: str) -> None:
    """Documents uploaded, one deleted, the collection sent for review (each state read)."""
    w, page = walker, walker.unauthenticated
    upload = {"supportingDocumentCollectionId": collection, "filename": "id.pdf"}
    made = w.public(
        "generateSupportingDocumentUploadUrl",
        {**upload, "supportingDocumentPurpose": "ProofOfIdentity"},
    )
    read(page, "supportingDocumentCollection", id=collection)
    w.public("deleteSupportingDocument", {"id": made["supportingDocumentId"]})
    for purpose in ("ProofOfIdentity", "ProofOfIndividualAddress"):
        again = w.public(
            "generateSupportingDocumentUploadUrl", {**upload, "supportingDocumentPurpose": purpose}
        )
        walker.bank.testing.mutate(
            "updateSupportingDocumentStatus",
            {"supportingDocumentId": again["supportingDocumentId"], "status": "Uploaded"},
        )
    read(page, "supportingDocumentCollection", id=collection)
    w.public(
        "requestSupportingDocumentCollectionReview", {"supportingDocumentCollectionId": collection}
    )
    read(page, "supportingDocumentCollection", id=collection)


def _link(bank: Bank, profile: str, methods: list[str], **options: Any) -> str:
    made = bank.api.mutate(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile,
            "amount": {"value": "42.50", "currency": "EUR"},
            "paymentMethodIds": methods,
            "label": "Order 7",
            "reference": "ORDER-7",
            "redirectUrl": "https://shop.example/ok",
            "customer": {"name": "Grace Hopper", "externalCustomerId": "c-7"},
            **options,
        },
        "merchantPaymentLink { id }",
    )
    assert "merchantPaymentLink" in made, made
    return str(made["merchantPaymentLink"]["id"])


def test_payment_pages(walker: Walker) -> None:
    bank, w = walker.bank, walker
    page = w.unauthenticated
    profile = enabled_profile(bank)
    card = str(
        request_methods(bank, profile, card={})["merchantProfile"]["merchantPaymentMethods"][-1][
            "id"
        ]
    )
    method_outcome(bank, card, "Enabled")
    sepa = _sepa_core_method(bank, profile)
    by_card = _link(bank, profile, [card, sepa])
    read(page, "merchantPaymentLink", id=by_card)
    mandate = w.public(
        "unauthenticatedAddCardPaymentMandate",
        {
            "paymentLinkId": by_card,
            "paymentMethodId": card,
            "token": "tok_4242",
            "sequence": "OneOff",
        },
    )["paymentMandate"]["id"]
    w.public(
        "unauthenticatedInitiateMerchantCardPaymentFromPaymentLink",
        {
            "paymentLinkId": by_card,
            "cardPaymentMandateId": mandate,
            "preferredScheme": "CartesBancaires",
        },
    )
    read(page, "merchantPaymentLink", id=by_card)
    by_debit = _link(bank, profile, [sepa])
    signed = w.public(
        "addSepaDirectDebitPaymentMandateFromPaymentLink",
        {"paymentLinkId": by_debit, "debtor": DEBTOR, "language": "de"},
    )["paymentMandate"]["id"]
    w.public(
        "unauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLink",
        {"paymentLinkId": by_debit, "mandateId": signed, "idempotencyKey": "order-7"},
    )
    read(page, "merchantPaymentLink", id=by_debit)
    # A business's link (SEPA B2B), with every option a link takes.
    added = request_methods(
        bank, profile, sepaDirectDebitB2B={"useSwanSepaCreditorIdentifier": True}
    )
    b2b = str(added["merchantProfile"]["merchantPaymentMethods"][-1]["id"])
    method_outcome(bank, b2b, "Enabled")
    business = _link(
        bank,
        profile,
        [b2b, card],
        sequence="Recurrent",
        language="de",
        cancelRedirectUrl="https://shop.example/cancel",
        externalReference="ext-7",
        billingAddress={"addressLine1": "1 Hauptstrasse", "city": "Berlin", "country": "DEU"},
        requestedExecutionAt=_days_ahead(bank, 3),
    )
    read(page, "merchantPaymentLink", id=business)
    mandate = w.public(
        "addSepaDirectDebitPaymentMandateFromPaymentLink",
        {"paymentLinkId": business, "debtor": DEBTOR, "language": "de"},
    )["paymentMandate"]["id"]
    w.public(
        "unauthenticatedInitiateMerchantSddPaymentCollectionFromPaymentLink",
        {"paymentLinkId": business, "mandateId": mandate},
    )
    read(page, "merchantPaymentLink", id=business)


def test_registry_pages(walker: Walker) -> None:
    page = walker.unauthenticated
    for siren in company_registry.REGISTRY:
        read(page, "companyInfoBySiren", input={"siren": siren, "headquarterCountry": "FRA"})
    for siren in company_registry.BENEFICIAL_OWNERS:
        read(
            page,
            "companyUboByCompanyRefAndHeadquarterCountry",
            input={"companyRef": siren, "headquarterCountry": "FRA"},
        )


def test_what_the_partner_api_made(walker: Walker) -> None:
    """Onboardings of every kind and documents of every status, made through the partner
    and Testing APIs, read as their pages read them."""
    bank = walker.bank
    made = []
    for name, input in (
        (
            "createIndividualAccountHolderOnboarding",
            {
                "accountInfo": {"country": "FRA", "name": "Main"},
                "accountAdmin": {"email": "ada@example.com", "firstName": "Ada", "lastName": "L"},
            },
        ),
        (
            "createCompanyAccountHolderOnboarding",
            {
                "accountInfo": {"country": "DEU"},
                "accountAdmin": {"email": "ada@example.com", "firstName": "Ada", "lastName": "L"},
                "company": {"name": "Acme", "registrationNumber": "HRB 1234"},
            },
        ),
    ):
        made.append(bank.api.mutate(name, input, "onboarding { id }")["onboarding"]["id"])
    legacy = bank.api.mutate(
        "onboardCompanyAccountHolder",
        {
            "email": "g@example.com",
            "name": "Acme",
            "accountCountry": "FRA",
            "businessActivity": "ScientificActivities",
            "individualUltimateBeneficialOwners": [OWNER],
            "legalRepresentativePersonalAddress": ADDRESS,
            "representatives": [
                {
                    "type": "Individual",
                    "firstName": "Grace",
                    "lastName": "Hopper",
                    "roles": ["CEO"],
                },
                {"type": "Company", "entityName": "Holding SAS", "legalForm": "SAS"},
            ],
        },
        "onboarding { id supportingDocumentCollection { id } }",
    )["onboarding"]
    for onboarding in made:
        finalized = bank.api.mutate("finalizeAccountHolderOnboarding", {"onboardingId": onboarding})
        assert finalized["__typename"].endswith("SuccessPayload"), finalized
    _documents_of_each_status(bank, legacy["supportingDocumentCollection"]["id"])
    # A collection in each status the bank's review leaves it in (each a new onboarding's).
    for steps in (["PendingReview"], ["PendingReview", "Approved"], ["PendingReview", "Rejected"],
                  ["Canceled"]):  # fmt: skip
        fresh = bank.api.mutate(
            "onboardCompanyAccountHolder",
            {"email": "g@example.com", "name": "Acme", "accountCountry": "FRA"},
            "onboarding { supportingDocumentCollection { id } }",
        )["onboarding"]["supportingDocumentCollection"]["id"]
        _documents_of_each_status(bank, fresh)
        for status in steps:
            moved = bank.testing.mutate(
                "updateSupportingDocumentCollectionStatus",
                {"supportingDocumentCollectionId": fresh, "status": status},
            )
            assert moved["__typename"].endswith("SuccessPayload"), (status, moved)
    _other_collections(bank)
    _read_every_resource(bank, walker.unauthenticated)


#: A document's purpose -> the statuses the Testing API moves it through.
STATUSES = {
    "ProofOfIdentity": ("Uploaded", "Validated"),
    "ProofOfCompanyIncome": ("Uploaded", "Refused"),
    "UBODeclaration": ("Uploaded",),
    "CompanyRegistration": (),
}


def _documents_of_each_status(bank: Bank, collection: str) -> None:
    for purpose, steps in STATUSES.items():
        document = bank.api.mutate(
            "generateSupportingDocumentUploadUrl",
            {
                "supportingDocumentCollectionId": collection,
                "supportingDocumentPurpose": purpose,
                "filename": f"{purpose}.pdf",
            },
            "supportingDocumentId",
        )["supportingDocumentId"]
        for step in steps:
            update = {"supportingDocumentId": document, "status": step}
            if step == "Refused":
                update["reasonCode"] = "InvalidDocument"
            changed = bank.testing.mutate("updateSupportingDocumentStatus", update)
            assert changed["__typename"].endswith("SuccessPayload"), changed


def _other_collections(bank: Bank) -> None:
    """A collection of each other kind: a transaction's, a renewal's, an admin change's."""
    holder = bank.holder(holder_type="Company", company_name="Acme SAS")
    booked = bank.fund(holder["account_id"])
    bank.api.mutate(
        "generateTransactionSupportingDocumentUploadUrl",
        {
            "transactionId": booked,
            "filename": "invoice.pdf",
            "supportingDocumentPurpose": "ProofOfOriginOfFunds",
            "supportingDocumentType": "Invoice",
        },
        "supportingDocumentId",
    )
    verification_renewals.start(bank.env, bank.project_id, holder["holder_id"])
    opened = bank.testing.mutate(
        "createSandboxAccountAdminChange",
        {"accountHolderId": holder["holder_id"]},
        "accountAdminChangeId",
    )
    assert "accountAdminChangeId" in opened, opened


def _read_every_resource(bank: Bank, page: Client) -> None:
    """Every onboarding, document collection and payment link of the project, by its id."""
    for onboarding in _ids(bank, "onboardings"):
        read(page, "onboardingInfo", id=onboarding)
    for collection in _ids(bank, "supporting_document_collections"):
        read(page, "supportingDocumentCollection", id=collection)
    for link in _ids(bank, "merchant_payment_links"):
        read(page, "merchantPaymentLink", id=link)


def _revealed(bank: Bank, mutation: str, card: str) -> str:
    """The id of an accepted consent to `mutation` on the card (the card page's token)."""
    asked = bank.api.mutate(
        mutation, {"cardId": card, "consentRedirectUrl": REDIRECT}, "consent { id }"
    )
    assert "consent" in asked, asked
    bank.approve(asked["consent"]["id"])
    return str(asked["consent"]["id"])


def test_card_pages_last(walker: Walker) -> None:
    """Last: the masked numbers are read after the clock has moved."""
    bank, page = walker.bank, walker.unauthenticated
    account = bank.holder()["account_id"]
    card = bank.enabled_card(account)
    bank.print_card(card)
    bank.testing.mutate("simulatePhysicalCardDelivery", {"cardId": card, "trackingNumber": "TRK1"})
    # A link read again once past its expiry (30 days).
    profile = enabled_profile(bank)
    link = _link(bank, profile, [_sepa_core_method(bank, profile)])
    numbers = _revealed(bank, "viewCardNumbers", card)
    pin = _revealed(bank, "viewPhysicalCardPin", card)
    read(page, "cardInfos", input={"token": numbers, "requestId": "r-1"})
    read(page, "cardPINInfos", input={"cardId": card, "requestId": pin})
    # A single-use card's page, and a page whose card was canceled once it was shown.
    single = _revealed(bank, "viewCardNumbers", bank.single_use_card(account))
    read(page, "cardInfos", input={"token": single})
    other = bank.enabled_card(account)
    shown = _revealed(bank, "viewCardNumbers", other)
    canceled = bank.api.mutate("cancelCard", {"cardId": other}, "card { id }")
    assert canceled["__typename"] == "CancelCardSuccessPayload", canceled
    read(page, "cardInfos", input={"token": shown})
    bank.sim.advance("6m")
    masked = read(page, "cardInfos", input={"token": numbers})
    assert masked["cardInfos"]["__typename"] == "MaskedCardInfo"
    read(page, "cardInfos", input={"token": shown})
    read(page, "merchantPaymentLink", id=link)
    _read_every_resource(bank, page)


@pytest.fixture(scope="module", params=["default", "workshop"])
def dataset(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Bank]:
    from simulator.domain.sandbox.datasets import load_dataset

    data_dir: Path = tmp_path_factory.mktemp(f"public-{request.param}") / "data"
    with Simulator(data_dir, limits=NO_LIMITS) as sim:
        project = sim.create_project("sandbox", "Walk", [REDIRECT_URI])
        load_dataset(sim.sandbox, project.project_id, request.param)
        with LiveServer(sim) as server, httpx.Client(base_url=server.base_url, timeout=120) as http:
            yield Bank(sim, http, project)


def _ids(bank: Bank, table: str, where: str = "1") -> list[str]:
    rows = bank.env.store.db.execute(
        f"SELECT id FROM {table} WHERE project_id = ? AND {where} ORDER BY id",
        [bank.project_id],
    )
    return [str(row[0]) for row in rows]


def test_every_root_reads_the_dataset(dataset: Bank) -> None:
    """Every root, by every id of the dataset it takes (a card page by each card's token)."""
    bank, page = dataset, _public(dataset)
    read(page, "projectInfoById", id=bank.project_id)
    read(page, "nonEEACountries")
    _read_every_resource(bank, page)
    for card in _ids(bank, "cards", "status = 'Enabled'"):
        read(page, "cardInfos", input={"token": _revealed(bank, "viewCardNumbers", card)})
    for card in _ids(bank, "cards", "physical_status = 'Activated'"):
        pin = _revealed(bank, "viewPhysicalCardPin", card)
        read(page, "cardPINInfos", input={"cardId": card, "requestId": pin})


def _walked() -> tuple[set[str], set[str]]:
    """The mutations and roots this module walks, read from its own text."""
    source = Path(__file__).read_text(encoding="utf-8")
    mutations = set(re.findall(r'\.public\(\s*"(\w+)"', source))
    roots = set(re.findall(r'read\(\s*\w+,\s*"(\w+)"', source))
    return mutations, roots


def test_every_root_and_mutation_is_walked(capsys: pytest.CaptureFixture[str]) -> None:
    schema = unauthenticated_schema()
    assert schema.query_type is not None and schema.mutation_type is not None
    mutations, roots = _walked()
    for kind, names, mine in (
        ("mutations' success payloads", set(schema.mutation_type.fields), mutations),
        ("root fields", set(schema.query_type.fields), roots),
    ):
        with capsys.disabled():
            print(f"\nunauthenticated API: walked {len(names & mine)} of {len(names)} {kind}")
        assert names - mine == set(NOT_WALKED) & names, sorted(names - mine)

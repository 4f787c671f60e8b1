"""Operations shaped like the real partner front-end's, through a real server (issue 25).

The open-source web banking and onboarding apps that partners fork send large selections:
every transaction type with its status infos and counterparties, cards with their product
and insurance, memberships with identification levels, the project's web banking settings.
Each scenario here is our own document with the same shape as one of the app's pages; it
must validate against the schema AND resolve without an error on the `default` dataset,
served by uvicorn on loopback.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from graphql import parse, validate

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset
from simulator.server.app import partner_schema
from tests.conftest import REDIRECT_URI, LiveServer, project_token

AMOUNT = "amount { value currency }"

TRANSACTION = f"""
fragment TransactionRow on Transaction {{
  __typename id type side label reference externalReference counterparty
  executionDate requestedExecutionAt createdAt updatedAt paymentProduct
  paymentMethodIdentifier isCancelable statementCanBeGenerated originTransactionId
  {AMOUNT}
  supportingDocumentCollections(first: 5) {{ totalCount edges {{ node {{ id }} }} }}
  statusInfo {{
    __typename status
    ... on PendingTransactionStatusInfo {{ pendingEndDate }}
    ... on BookedTransactionStatusInfo {{ bookingDate valueDate }}
    ... on UpcomingTransactionStatusInfo {{ executionDate }}
    ... on RejectedTransactionStatusInfo {{ rejectedReason: reason }}
    ... on CanceledTransactionStatusInfo {{ canceledDate }}
    ... on ReleasedTransactionStatusInfo {{ reason releaseDate }}
  }}
  ... on CardTransaction {{
    authorizationType transactionTransportType terminalId reservedAmountReleasedAt
    reservedAmount {{ value currency }}
    currencyExchange {{ exchangeRate sourceCurrency targetCurrency quotationDate }}
    enrichedTransactionInfo {{ enrichedMerchantName category logoUrl }}
    merchant {{
      __typename
      ... on CardOutMerchant {{
        merchantName merchantCity merchantCategoryCode merchantCategoryDescription
        merchantAcquirerId subMerchantId
      }}
      ... on CardInMerchant {{ merchantProfile {{ id }} }}
    }}
    cardDetails {{
      __typename
      ... on CardOutDetails {{ maskedPan card {{ id }} }}
      ... on CardInDetails {{ paymentMandate {{ id }} }}
    }}
  }}
  ... on SEPACreditTransferTransaction {{
    returnReason categoryPurpose
    beneficiary {{
      __typename
      ... on TrustedSepaBeneficiary {{ id name label iban }}
      ... on UnsavedSepaBeneficiary {{ name iban }}
    }}
    creditor {{ name maskedIBAN ... on SEPACreditTransferInCreditor {{ virtualIBANEntryId }} }}
    debtor {{ name maskedIBAN }}
  }}
  ... on SEPADirectDebitTransaction {{
    returnReason reservedAmountReleasedAt reservedAmount {{ value }}
  }}
  ... on FeeTransaction {{
    feesType creditor {{ name accountNumber }} debtor {{ name accountNumber }}
  }}
  ... on InternationalCreditTransferTransaction {{
    returnReason
    international: currencyExchange {{ exchangeRate }}
    instructedAmount {{ value }}
  }}
  ... on CheckTransaction {{ cmc7 rlmcKey returnReason }}
  ... on InternalCreditTransfer {{
    returnReason
    creditor {{ __typename ... on InternalCreditTransferOutCreditor {{ name accountNumber }} }}
    debtor {{ __typename ... on InternalCreditTransferInDebtor {{ name accountNumber }} }}
  }}
  ... on InternalDirectDebitTransaction {{ returnReason mandate {{ id }} }}
}}
"""

CARD = f"""
fragment CardPanel on Card {{
  id type name cardMaskedNumber expiryDate cardContractExpiryDate cardPackage
  cardDesignUrl withdrawal international eCommerce nonMainCurrencyTransactions
  statusInfo {{ status }}
  cardProduct {{
    id name status cardPackage fundingType applicableToPhysicalCards
    cardDesigns {{ id status accentColor cardBackground {{ name cardBackgroundUrl }} }}
    individualSpendingLimit {{ period {AMOUNT} }}
    insurance {{ availableInsurancePackages {{ id name level }} }}
  }}
  insuranceSubscription {{
    id claimsUrl
    package {{ id name level noticeUrl }}
    statusInfo {{
      status
      ... on CardInsuranceSubscriptionEnabledStatusInfo {{ enabledAt }}
      ... on CardInsuranceSubscriptionCanceledStatusInfo {{ canceledAt }}
    }}
  }}
  spendingLimits {{
    type period {AMOUNT}
    mode {{
      __typename
      ... on SpendingLimitRollingMode {{ rollingValue }}
      ... on SpendingLimitCalendarDayMode {{ startHour }}
      ... on SpendingLimitCalendarWeekMode {{ startHour startWeekDay }}
      ... on SpendingLimitCalendarMonthMode {{ startHour startMonthDay }}
    }}
  }}
  spending {{ period {AMOUNT} timeRange {{ start end }} }}
  physicalCard {{ statusInfo {{ status }} }}
}}
"""

SCENARIOS: dict[str, str] = {
    "account area (the signed-in user, memberships, project settings)": """
query AccountArea {
  user {
    id firstName lastName preferredLastName birthLastName birthCity fullName birthDate
    mobilePhoneNumber emailAddresses verifiedEmails nationalityCCA3
    identificationLevels { expert PVID QES }
    authenticators { type otpPhoneNumber }
    accountMemberships(first: 10) {
      edges { node {
        id canViewAccount canInitiatePayments canManageCards canManageBeneficiaries
        canManageAccountMembership legalRepresentative
        hasRequiredIdentificationLevel acceptedIdentificationLevels accountCountry
        accountHolderType statusInfo { status }
        account { id name IBAN holder { id info { name } } }
      } }
    }
  }
  projectInfo {
    id name accentColor logoUri B2BMembershipIDVerification tcuDocumentUri(language: "en")
    webBankingSettings {
      canAddNewMembers canViewMembers canViewPaymentList canViewAccountDetails
      canViewAccountStatement canOrderVirtualCards canOrderPhysicalCards canUpdateCards
      canInitiatePaymentsToNewBeneficiaries canCreateMerchantProfile canManageVirtualIbans
      canRequestSepaDirectDebitB2BPaymentMethod canRequestInternalDirectDebitB2BPaymentMethod
    }
    supportingDocumentSettings { collectMode communicationLanguage emailContact }
  }
}
""",
    "transaction list (every type, status infos, counterparties)": TRANSACTION
    + """
query TransactionList($accountId: ID!) {
  account(accountId: $accountId) {
    id
    transactions(first: 50, filters: { status: [Booked, Pending, Upcoming, Rejected] }) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { ...TransactionRow } }
    }
  }
}
""",
    "transaction details": TRANSACTION
    + """
query TransactionDetails($id: ID!) { transaction(id: $id) { ...TransactionRow } }
""",
    "upcoming transactions": TRANSACTION
    + """
query Upcoming($accountId: ID!) {
  account(accountId: $accountId) {
    transactions(first: 10, filters: { status: [Upcoming] }) {
      edges { node { ...TransactionRow } }
    }
  }
}
""",
    "card list of a membership": CARD
    + """
query MembershipCards($membershipId: ID!) {
  accountMembership(id: $membershipId) {
    id accountCountry
    cards(first: 20, orderBy: { field: createdAt, direction: Desc }) {
      totalCount edges { node { ...CardPanel } }
    }
  }
}
""",
    "card page (insurance, product, limits)": CARD
    + TRANSACTION
    + """
query CardPage($cardId: ID!) {
  card(cardId: $cardId) {
    ...CardPanel
    accountMembership { id user { id preferredLastName } }
    transactions(first: 10) { edges { node { ...TransactionRow } } }
  }
}
""",
    "identity checks of the signed-in user": """
query LastIdentification {
  user {
    id identificationLevels { expert PVID QES }
    identifications(first: 1, orderBy: { field: createdAt, direction: Desc }) {
      totalCount
      edges { node {
        id status process createdAt updatedAt identityDocumentType
        documents { __typename }
        levels {
          expert { __typename ... on ValidIdentificationLevelStatusInfo { status } }
          pvid { __typename ... on PendingIdentificationLevelStatusInfo { status } }
          qes { __typename ... on NotStartedIdentificationLevelStatusInfo { status } }
        }
      } }
    }
    invalid: identifications(first: 5, filters: { statuses: [Invalid] }) {
      edges { node { id levels {
        pvid { ... on InvalidIdentificationLevelStatusInfo { status reasons } }
      } } }
    }
  }
}
""",
    "company onboarding (company info, related people, legal representative)": """
mutation CompanyOnboarding {
  createCompanyAccountHolderOnboarding(input: {
    accountInfo: { country: DEU, name: "Operations" }
    accountAdmin: {
      email: "grace@example.org", firstName: "Grace", lastName: "Hopper"
      typeOfRepresentation: LegalRepresentative
      birthInfo: { birthDate: "1906-12-09", city: "New York", country: "USA" }
      address: { addressLine1: "Unter den Linden 1", city: "Berlin", postalCode: "10117",
                 country: "DEU" }
      unitedStatesTaxInfo: { isUnitedStatesPerson: true }
    }
    company: {
      name: "Compilers GmbH", registrationNumber: "HRB 12345"
      businessActivity: ProfessionalScientificAndTechnicalActivities
      businessActivityCode: "62.01", headcount: Between11And50, registrationDate: "2019-03-01"
      address: { addressLine1: "Friedrichstr. 2", city: "Berlin", postalCode: "10117",
                 country: "DEU" }
      relatedCompanies: [{ entityName: "Holding AG", registrationCountry: "CHE",
                           roles: ["Shareholder"] }]
      relatedIndividuals: [
        { type: LegalRepresentativeAndUltimateBeneficialOwner, firstName: "Grace",
          lastName: "Hopper", legalRepresentative: { roles: ["Managing director"] },
          ultimateBeneficialOwner: { qualificationType: Ownership,
                                     ownership: { totalPercentage: 60, type: Direct } } }
        { type: UltimateBeneficialOwner, firstName: "Jean", lastName: "Sammet",
          ultimateBeneficialOwner: { qualificationType: Control,
                                     controlTypes: [VotingRights] } }
      ]
    }
  }) {
    __typename
    ... on CreateCompanyAccountHolderOnboardingSuccessPayload {
      onboarding {
        id projectInfo { id name }
        accountAdmin {
          email typeOfRepresentation
          birthInfo { birthDate city country postalCode }
          address { addressLine1 city postalCode country }
          unitedStatesTaxInfo { isUnitedStatesPerson unitedStatesTaxIdentificationNumber }
        }
        company {
          name registrationNumber businessActivity businessActivityCode headcount
          registrationDate forecastYearlyIncome monthlyPaymentVolume companyType
          regulatoryClassification
          address { addressLine1 city country }
          relatedCompanies { entityName registrationCountry roles }
          relatedIndividuals {
            __typename
            ... on CompanyRelatedIndividualInfo { type firstName lastName }
            ... on CompanyLegalRepresentativeAndUltimateBeneficialOwner {
              legalRepresentative { roles }
              ultimateBeneficialOwner { qualificationType ownership { totalPercentage type } }
            }
            ... on CompanyUltimateBeneficialOwner {
              ultimateBeneficialOwner { qualificationType controlTypes }
            }
          }
        }
      }
    }
  }
}
""",
    "account settings (partnership, legal documents, credit)": """
query AccountSettings($accountId: ID!) {
  account(accountId: $accountId) {
    id name language
    partnershipStatusInfo {
      status
      ... on PartnershipAcceptedStatusInfo { acceptedDate }
      ... on PartnershipCancelingStatusInfo { canceledAfter }
      ... on PartnershipCanceledStatusInfo { canceledDate reason }
    }
    legalDocuments(first: 5, filters: { status: Active }) {
      totalCount
      edges { node { id type language url statusInfo { status } } }
    }
    creditLimitSettings { id statusInfo { status } authorizedAmount { value } }
  }
}
""",
    "beneficiaries (trusted, of every kind)": """
query Beneficiaries($accountId: ID!) {
  account(accountId: $accountId) {
    trustedBeneficiaries(first: 20) {
      totalCount
      edges { node {
        __typename id name label type createdAt updatedAt statusInfo { status }
        ... on TrustedSepaBeneficiary { iban address { city } }
        ... on TrustedInternalBeneficiary { accountId }
        ... on TrustedInternationalBeneficiary {
          currency route details { key value }
        }
      } }
    }
  }
}
""",
    "members of an account": """
query Members($accountId: ID!) {
  account(accountId: $accountId) {
    memberships(first: 20) {
      edges { node {
        id email legalRepresentative canManageCards accountCountry accountHolderType
        acceptedIdentificationLevels hasRequiredIdentificationLevel taxIdentificationNumber
        residencyAddress { addressLine1 city postalCode country }
        spendingLimits { period mode { __typename } }
        spending { period timeRange { start } }
        statusInfo { status }
        user { id firstName preferredLastName birthLastName identificationLevels { PVID } }
      } }
    }
  }
}
""",
    "project settings (cards, web banking, documents)": """
query ProjectSettings {
  projectInfo {
    id name status type tcuDocumentId requireSupportingDocumentsDuringOnboarding
    requireUbosDuringOnboarding customConsentSubdomain
    expectedMerchantProfileAdditionalInformation
    activeCardSettings { id accentColor cardBackground { name cardTextColor } }
    cardProducts {
      id name defaultCardProduct status cardPrintingHub
      cardPrintingAvailableShippingProviders(shippingAddressCountry: "FRA")
      companySpendingLimit { period amount { value } }
      insurance { defaultInsurancePackage { id level } }
    }
    webBankingSettings { canOpenAccount canCreateMerchantPaymentLinks }
    supportingDocumentSettings { collectMode }
  }
}
""",
    "onboarding (project settings, collections)": """
query Onboardings {
  accountHolderOnboardings(first: 10) {
    edges { node {
      __typename
      ... on AccountHolderOnboardingBase {
        id projectInfo { id name webBankingSettings { canOpenAccount } }
        supportingDocumentCollection { id statusInfo { status } }
      }
    } }
  }
}
""",
    "account holder verification": """
query HolderVerification {
  accountHolders(first: 10) {
    edges { node {
      id
      info { __typename name ... on AccountHolderIndividualInfo { acquisitionChannel } }
      verificationStatusInfo {
        status
        ... on AccountHolderWaitingForInformationVerificationStatusInfo {
          WaitingForInformationAt verificationRequirements { id type }
        }
      }
      supportingDocumentCollections(first: 5) {
        totalCount
        edges { node { id supportingDocuments { id supportingDocumentPurpose } } }
      }
      riskInfo { amlRiskLevel amlScore dueDiligenceLevel }
      externalAccounts(first: 5) { totalCount edges { node { id IBAN holderName } } }
      accountHolderOnboarding { __typename ... on AccountHolderOnboardingBase { id } }
      onboarding { id }
    } }
  }
}
""",
}

#: The account admin change page: one selection for the query and the update's answer.
ADMIN_CHANGE = """
fragment ChangeShown on AccountAdminChange {
  id reason isNewAdminLegalRepresentative isRequesterNewAdmin
  accountHolder { name accounts { name } projectInfo { name accentColor logoUri } }
  admin { firstName lastName email phoneNumber birthCountry birthDate }
  requester { firstName lastName email phoneNumber }
  supportingDocumentCollection {
    id statusInfo { status }
    accountHolder { id name } onboarding { id } transaction { id } verificationRenewalId
    relatedInfo { __typename type }
    requiredSupportingDocumentPurposes { name label description }
    supportingDocuments { id supportingDocumentPurpose statusInfo { status } }
  }
}
"""
ADMIN_CHANGE_QUERY = (
    ADMIN_CHANGE
    + """
query ChangePage($changeId: ID!) {
  publicAccountAdminChange(accountAdminChangeId: $changeId) {
    ... on AccountAdminChange { ...ChangeShown }
    ... on NonOngoingAccountAdminChange { id status }
  }
}
"""
)
ADMIN_CHANGE_UPDATE = (
    ADMIN_CHANGE
    + """
mutation ChangeUpdate($input: PublicUpdateAccountAdminChangeInput!) {
  publicUpdateAccountAdminChange(input: $input) {
    __typename
    ... on PublicUpdateAccountAdminChangeSuccessPayload { accountAdminChange { ...ChangeShown } }
    ... on ValidationRejection { message fields { path message code } }
    ... on Rejection { message }
  }
}
"""
)
ADMIN_CHANGE_FINALIZE = """
mutation ChangeFinalize($changeId: ID!) {
  publicFinalizeAccountAdminChange(accountAdminChangeId: $changeId) {
    __typename
    ... on PublicFinalizeAccountAdminChangeSuccessPayload { success }
    ... on Rejection { message }
  }
}
"""
OPEN_ADMIN_CHANGE = """mutation($input: CreateSandboxAccountAdminChangeInput!) {
  createSandboxAccountAdminChange(input: $input) {
    ... on CreateSandboxAccountAdminChangeSuccessPayload { accountAdminChangeId }
  }
}"""


IDENTIFY = """mutation($input: CreateSandboxIdentificationInput!) {
  createSandboxIdentification(input: $input) { __typename }
}"""


class Frontend:
    """The `default` dataset in a project, served by uvicorn, asked as the front-end asks."""

    def __init__(self, server: LiveServer, token: str, user_id: str) -> None:
        self.http = httpx.Client(base_url=server.base_url, timeout=20)
        self.token = token
        self.user_id = user_id

    def as_user(self, user_id: str) -> Frontend:
        """The same server and token, acting for another user."""
        other = Frontend.__new__(Frontend)
        other.http, other.token, other.user_id = self.http, self.token, user_id
        return other

    def ask(self, document: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        errors = validate(partner_schema(), parse(document))
        assert errors == [], [error.message for error in errors]
        response = self.http.post(
            "/sandbox/graphql",
            json={"query": document, "variables": variables or {}},
            # The project token acting for one user, as the web banking's user token does.
            headers={"Authorization": f"Bearer {self.token}", "X-User-Id": self.user_id},
        )
        body = response.json()
        assert response.status_code == 200 and "errors" not in body, body
        data: dict[str, Any] = body["data"]
        return data


@pytest.fixture(scope="module")
def frontend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Frontend]:
    data_dir: Path = tmp_path_factory.mktemp("frontend") / "data"
    with Simulator(data_dir) as sim:
        project = sim.create_project("sandbox", "Front-end", [REDIRECT_URI])
        load_dataset(sim.sandbox, project.project_id, "default")
        with LiveServer(sim) as server, sim.client() as http:
            token = project_token(http, project)
            # The user with the dataset's printed card: the pages show an insured card.
            user_id = sim.sandbox.store.db.execute(
                "SELECT m.user_id FROM account_memberships m JOIN cards c "
                "ON c.account_membership_id = m.id WHERE m.project_id = ? "
                "AND c.type = 'VirtualAndPhysical' ORDER BY m.created_at, m.id",
                [project.project_id],
            ).fetchone()[0]
            # Two identity checks of the user, as the Testing API records them.
            for process, levels, reasons in (
                ("PVID", {"pvid": "Invalid"}, ["InsufficientVideoReadability"]),
                ("Expert", {"expert": "Valid", "pvid": "Pending"}, None),
            ):
                recorded = http.post(
                    "/sandbox-testing/graphql",
                    json={
                        "query": IDENTIFY,
                        "variables": {
                            "input": {
                                "userId": user_id,
                                "process": process,
                                "levels": levels,
                                "errorReasons": reasons,
                            }
                        },
                    },
                    headers={"Authorization": f"Bearer {token}"},
                ).json()
                assert "errors" not in recorded, recorded
            frontend = Frontend(server, token, user_id)
            yield frontend
            frontend.http.close()


def _ids(frontend: Frontend) -> dict[str, Any]:
    data = frontend.ask(
        """{ accounts(first: 20) { edges { node { id
             transactions(first: 50) { edges { node { id type } } }
             memberships(first: 20) { edges { node { id
               cards(first: 10) { edges { node { id type } } } } } } } } } }"""
    )
    accounts = [edge["node"] for edge in data["accounts"]["edges"]]
    memberships = [m["node"] for a in accounts for m in a["memberships"]["edges"]]
    cards = [c["node"] for m in memberships for c in m["cards"]["edges"]]
    transactions = [t["node"] for a in accounts for t in a["transactions"]["edges"]]
    return {
        "accounts": [a["id"] for a in accounts],
        "memberships": [m["id"] for m in memberships],
        "cards": cards,
        "transactions": transactions,
    }


def _variables(name: str, ids: dict[str, Any]) -> list[dict[str, Any]]:
    """Every set of variables a scenario runs with: each account, membership, card..."""
    if "$accountId" in SCENARIOS[name]:
        return [{"accountId": account} for account in ids["accounts"]]
    if "$membershipId" in SCENARIOS[name]:
        return [{"membershipId": membership} for membership in ids["memberships"]]
    if "$cardId" in SCENARIOS[name]:
        return [{"cardId": card["id"]} for card in ids["cards"]]
    if "$id" in SCENARIOS[name]:
        # One transaction of each type the dataset has.
        by_type = {t["type"]: t["id"] for t in ids["transactions"]}
        return [{"id": transaction} for transaction in by_type.values()]
    return [{}]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_front_end_shaped_operation_validates_and_resolves(frontend: Frontend, name: str) -> None:
    ids = _ids(frontend)
    runs = _variables(name, ids)
    assert runs, f"the dataset has nothing for {name}"
    for variables in runs:
        frontend.ask(SCENARIOS[name], variables)


def test_the_pages_have_realistic_data_to_show(frontend: Frontend) -> None:
    ids = _ids(frontend)
    types = {t["type"] for t in ids["transactions"]}
    # Card payments, incoming transfers and fees, as the transaction list shows them; a
    # deposited check, transfers and direct debits between accounts of the bank, and a bill
    # waiting for its requested date.
    assert {
        "CardOutDebit",
        "SepaCreditTransferIn",
        "FeesOut",
        "CheckIn",
        "InternalCreditTransferOut",
        "InternalDirectDebitOut",
        "SepaCreditTransferOut",
    } <= types
    upcoming = frontend.ask(
        """query($id: ID!) { account(accountId: $id) {
          transactions(filters: { status: [Upcoming] }) { edges { node { __typename
            statusInfo { __typename ... on UpcomingTransactionStatusInfo { executionDate } } } } }
          trustedBeneficiaries { edges { node { __typename } } } } }""",
        {"id": ids["accounts"][0]},
    )["account"]
    assert [edge["node"] for edge in upcoming["transactions"]["edges"]] == [
        {
            "__typename": "SEPACreditTransferTransaction",
            "statusInfo": {
                "__typename": "UpcomingTransactionStatusInfo",
                "executionDate": "2026-01-20T09:00:00.000Z",
            },
        }
    ]
    shown = {edge["node"]["__typename"] for edge in upcoming["trustedBeneficiaries"]["edges"]}
    assert shown == {"TrustedInternalBeneficiary", "TrustedInternationalBeneficiary"}
    # A printed card, which the card product insures.
    insured = [
        frontend.ask(
            "query($id: ID!) { card(cardId: $id) { insuranceSubscription { id } } }",
            {"id": card["id"]},
        )["card"]["insuranceSubscription"]
        for card in ids["cards"]
    ]
    assert any(insured)
    checks = frontend.ask(
        "{ user { identifications(first: 5, orderBy: { direction: Desc }) {"
        " edges { node { process status } } } } }"
    )["user"]["identifications"]["edges"]
    # Both recorded at the same (frozen) instant: their order is the ids'.
    assert sorted((c["node"]["process"], c["node"]["status"]) for c in checks) == [
        ("Expert", "Valid"),
        ("PVID", "Invalid"),
    ]
    settings = frontend.ask("{ projectInfo { webBankingSettings { canViewMembers } } }")
    assert settings["projectInfo"]["webBankingSettings"]["canViewMembers"] is True


def test_a_company_onboarding_shows_what_the_partner_gave(frontend: Frontend) -> None:
    name = "company onboarding (company info, related people, legal representative)"
    created = frontend.ask(SCENARIOS[name])["createCompanyAccountHolderOnboarding"]
    onboarding = created["onboarding"]
    assert onboarding["accountAdmin"]["birthInfo"]["city"] == "New York"
    assert onboarding["accountAdmin"]["address"]["addressLine1"] == "Unter den Linden 1"
    company = onboarding["company"]
    assert company["headcount"] == "Between11And50"
    assert company["address"]["addressLine1"] == "Friedrichstr. 2"
    people = company["relatedIndividuals"]
    assert [p["__typename"] for p in people] == [
        "CompanyLegalRepresentativeAndUltimateBeneficialOwner",
        "CompanyUltimateBeneficialOwner",
    ]
    assert people[0]["ultimateBeneficialOwner"]["ownership"] == {
        "totalPercentage": 60.0,
        "type": "Direct",
    }


def test_an_account_admin_change_page_runs_as_the_front_end_asks(frontend: Frontend) -> None:
    # The project's holders (the page's user sees only its own): with the project token alone.
    holders = frontend.http.post(
        "/sandbox/graphql",
        json={"query": "{ accountHolders(first: 20) { edges { node { id info { type } } } } }"},
        headers={"Authorization": f"Bearer {frontend.token}"},
    ).json()["data"]
    company = next(
        edge["node"]["id"]
        for edge in holders["accountHolders"]["edges"]
        if edge["node"]["info"]["type"] == "Company"
    )
    opened = frontend.http.post(
        "/sandbox-testing/graphql",
        json={"query": OPEN_ADMIN_CHANGE, "variables": {"input": {"accountHolderId": company}}},
        headers={"Authorization": f"Bearer {frontend.token}"},
    ).json()["data"]["createSandboxAccountAdminChange"]
    change_id = opened["accountAdminChangeId"]
    page = frontend.ask(ADMIN_CHANGE_QUERY, {"changeId": change_id})["publicAccountAdminChange"]
    assert page["accountHolder"]["name"] == "Analytical Engines SAS"
    assert page["supportingDocumentCollection"]["accountHolder"]["id"] == company
    answer = {
        "id": change_id,
        "reason": "CurrentAdministratorLeft",
        "isNewAdminLegalRepresentative": True,
        "isRequesterNewAdmin": False,
        "admin": {"firstName": "Grace", "lastName": "Hopper", "email": "grace@example.com"},
        "requester": {"firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com"},
    }
    updated = frontend.ask(ADMIN_CHANGE_UPDATE, {"input": answer})
    shown = updated["publicUpdateAccountAdminChange"]["accountAdminChange"]
    assert shown["requester"]["email"] == "ada@example.com"
    wrong = frontend.ask(
        ADMIN_CHANGE_UPDATE, {"input": {"id": change_id, "admin": {"email": "nope"}}}
    )["publicUpdateAccountAdminChange"]
    assert wrong["__typename"] == "ValidationRejection"
    assert wrong["fields"][0]["path"] == ["input", "admin", "email"]
    early = frontend.ask(ADMIN_CHANGE_FINALIZE, {"changeId": change_id})
    # The admin's phone number and birth details are still missing.
    assert early["publicFinalizeAccountAdminChange"]["__typename"] == (
        "AccountAdminChangeMissingInformationRejection"
    )


# -- the merchant pages (payments of every kind, payment links, a check) --------------------

MERCHANT_PAYMENT = """
fragment Payment on MerchantPayment {
  id label __typename externalReference reference
  statusInfo {
    status createdAt
    ... on MerchantPaymentAuthorized { authorizedAt }
    ... on MerchantPaymentCanceled { canceledAt }
    ... on MerchantPaymentCaptured { authorizedAt capturedAt }
    ... on MerchantPaymentDisputed { authorizedAt capturedAt disputedAt }
    ... on MerchantPaymentPartiallyDisputed { authorizedAt capturedAt disputedAt }
    ... on MerchantPaymentRejected { rejectedReasonCode rejectedAt }
  }
  amount { currency value }
  paymentMethod { id type }
  merchantProfile { id }
  balance {
    totalAuthorized { value } totalCaptured { value } availableToCapture { value }
    totalRefunded { value } availableToRefund { value } availableToCancel { value }
    totalCanceled { value } totalDisputed { value }
  }
  ... on SepaDirectDebitMerchantPayment { paymentLink { id } }
  ... on CardMerchantPayment {
    paymentLink { id }
    threeDs { statusInfo { status ... on FailedThreeDsStatusInfo { reasonCode } } }
  }
  ... on OnlineCardMerchantPayment {
    paymentLink { id }
    threeDs { statusInfo { status ... on FailedThreeDsStatusInfo { reasonCode } } }
  }
}
"""

LINK_FRAGMENT = """
fragment Link on MerchantPaymentLink {
  id label url reference externalReference statusInfo { status } amount { currency value }
}
"""

MERCHANT_PAGES = {
    "payments": """
query Payments($profileId: ID!, $filters: MerchantPaymentFiltersInput!, $first: Int!) {
  merchantProfile(id: $profileId) {
    id statusInfo { status } accentColor merchantLogoUrl merchantName
    merchantPayments(filters: $filters, first: $first) {
      pageInfo { endCursor hasNextPage } totalCount edges { node { ...Payment } }
    }
    merchantPaymentMethods {
      __typename id type methodId updatedAt version
      rollingReserve { percentage rollingDays }
      statusInfo { __typename status }
      ... on SepaDirectDebitCoreMerchantPaymentMethod {
        sepaCreditorIdentifier useSwanSepaCreditorIdentifier
      }
    }
  }
}""",
    "one payment": """
query OnePayment($paymentId: ID!) { merchantPayment(id: $paymentId) { ...Payment } }""",
    "one payment and its link": """
query PaymentAndLink($paymentId: ID!, $linkId: ID!) {
  merchantPayment(id: $paymentId) { ...Payment }
  merchantPaymentLink(id: $linkId) { ...Link }
}""",
    "payment links": """
query Links($profileId: ID!, $filters: MerchantPaymentLinkFiltersInput!, $first: Int!) {
  merchantProfile(id: $profileId) {
    id accentColor merchantName merchantLogoUrl
    merchantPaymentMethods { id type updatedAt statusInfo { status } }
    merchantPaymentLinks(filters: $filters, first: $first) {
      pageInfo { endCursor hasNextPage } totalCount edges { node { ...Link } }
    }
  }
}""",
}

CHECK_PAYMENT = """
mutation Check($input: InitiateCheckMerchantPaymentInput!) {
  initiateCheckMerchantPayment(input: $input) {
    __typename
    ... on InitiateCheckMerchantPaymentSuccessPayload {
      fnciInfo { colorCode cpt1 cpt2 cpt3 holderEstablishment }
    }
    ... on CheckRejection { fnciInfo { colorCode cpt1 cpt2 cpt3 holderEstablishment } }
    ... on ValidationRejection { fields { path } }
    ... on Rejection { message }
  }
}"""


def _as_project(frontend: Frontend, path: str, document: str, **variables: Any) -> dict[str, Any]:
    """An operation with the project token alone (the set-up, and the Testing API)."""
    body = frontend.http.post(
        path,
        json={"query": document, "variables": variables},
        headers={"Authorization": f"Bearer {frontend.token}"},
    ).json()
    assert "errors" not in body, body
    data: dict[str, Any] = body["data"]
    return data


def _merchant_set_up(frontend: Frontend) -> tuple[Frontend, str, str]:
    """The dataset's merchant, a user managing its account, a paid card link and a check."""
    api, testing = "/sandbox/graphql", "/sandbox-testing/graphql"
    profile = _as_project(
        frontend,
        api,
        "{ merchantProfiles { edges { node { id accountId merchantPaymentMethods { id type } } } } }",
    )["merchantProfiles"]["edges"][0]["node"]
    members = _as_project(
        frontend,
        api,
        "query($id: ID!) { account(accountId: $id) { memberships { edges { node { "
        "canManageAccountMembership user { id } } } } } }",
        id=profile["accountId"],
    )["account"]["memberships"]["edges"]
    user_id = next(
        m["node"]["user"]["id"] for m in members if m["node"]["canManageAccountMembership"]
    )
    merchant = frontend.as_user(user_id)
    outcome = """mutation($input: SimulateMerchantPaymentMethodRequestOutcomeInput!) {
      simulateMerchantPaymentMethodRequestOutcome(input: $input) { __typename } }"""
    requested = _as_project(
        frontend,
        api,
        "mutation($input: RequestMerchantPaymentMethodsInput!) { requestMerchantPaymentMethods("
        "input: $input) { ... on RequestMerchantPaymentMethodsSuccessPayload { merchantProfile { "
        "merchantPaymentMethods { id type statusInfo { status } } } } } }",
        input={"merchantProfileId": profile["id"], "card": {}},
    )["requestMerchantPaymentMethods"]["merchantProfile"]["merchantPaymentMethods"]
    for method in requested:
        if method["type"] in ("Card", "Check") and method["statusInfo"]["status"] != "Enabled":
            _as_project(
                frontend,
                testing,
                outcome,
                input={
                    "merchantPaymentMethodId": method["id"],
                    "merchantPaymentMethodStatus": "Enabled",
                },
            )
    card = next(m["id"] for m in requested if m["type"] == "Card")
    link = _as_project(
        frontend,
        api,
        "mutation($input: CreateMerchantPaymentLinkInput!) { createMerchantPaymentLink(input: $input) "
        "{ ... on CreateMerchantPaymentLinkSuccessPayload { merchantPaymentLink { id } } } }",
        input={
            "merchantProfileId": profile["id"],
            "amount": {"value": "25.00", "currency": "EUR"},
            "paymentMethodIds": [card],
            "label": "Workshop seat",
        },
    )["createMerchantPaymentLink"]["merchantPaymentLink"]["id"]
    _as_project(
        frontend,
        testing,
        "mutation($input: SimulateIncomingOnlineCardAuthorizationInput!) { "
        "simulateIncomingOnlineCardAuthorization(input: $input) { __typename } }",
        input={
            "paymentLinkId": link,
            "authorization": {"status": "Authorized"},
            "threeDS": {"status": "Successful"},
            "cardDetails": {
                "category": "Consumer",
                "country": "FRA",
                "scheme": "Visa",
                "type": "Debit",
            },
        },
    )
    check = _as_project(
        frontend,
        testing,
        "mutation { generateTestCheck(input: {}) { ... on GenerateCheckSuccessPayload { cmc7 rlmcKey } } }",
    )["generateTestCheck"]
    paid = merchant.ask(
        CHECK_PAYMENT,
        {
            "input": {
                "merchantProfileId": profile["id"],
                "amount": {"value": "80.00", "currency": "EUR"},
                "cmc7": check["cmc7"],
                "rlmcKey": check["rlmcKey"],
                "label": "Check 1",
            }
        },
    )
    assert (
        paid["initiateCheckMerchantPayment"]["__typename"]
        == "InitiateCheckMerchantPaymentSuccessPayload"
    ), paid
    return merchant, profile["id"], link


def test_the_merchant_pages_show_payments_of_every_kind(frontend: Frontend) -> None:
    merchant, profile_id, link_id = _merchant_set_up(frontend)
    pages = {
        name: document
        + (MERCHANT_PAYMENT if "...Payment" in document else "")
        + (LINK_FRAGMENT if "...Link" in document else "")
        for name, document in MERCHANT_PAGES.items()
    }
    listed = merchant.ask(pages["payments"], {"profileId": profile_id, "filters": {}, "first": 20})
    payments = [e["node"] for e in listed["merchantProfile"]["merchantPayments"]["edges"]]
    kinds = {payment["__typename"] for payment in payments}
    assert {"OnlineCardMerchantPayment", "CheckMerchantPayment"} <= kinds
    for payment in payments:
        merchant.ask(pages["one payment"], {"paymentId": payment["id"]})
    paid = next(p for p in payments if p["__typename"] == "OnlineCardMerchantPayment")
    assert paid["paymentLink"] == {"id": link_id}
    both = merchant.ask(
        pages["one payment and its link"], {"paymentId": paid["id"], "linkId": link_id}
    )
    assert both["merchantPaymentLink"]["statusInfo"]["status"] == "Completed"
    links = merchant.ask(
        pages["payment links"],
        {"profileId": profile_id, "filters": {"status": ["Completed"]}, "first": 20},
    )["merchantProfile"]["merchantPaymentLinks"]
    assert [e["node"]["id"] for e in links["edges"]] == [link_id]

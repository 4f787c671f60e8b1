"""Capital deposit cases: the share capital of a company being founded, deposited by its
shareholders before the company is registered.

Case (its shareholders), and how it gets there:

- WaitingForInitialRequirements (PendingOnboarding): `createCapitalDepositCase` opens an
  onboarding for the company and for each shareholder, and the documents each needs (Pending).
- PendingInternalReview (WaitingForVerification): every document is Uploaded or Validated.
- WaitingForNotaryTransfer (CapitalTransferred): the bank approves the case (Testing API
  `simulateApproveCapitalDepositCase`): the capital is deposited.
- WaitingForNotaryShareDepositCertificate (CapitalFundsWiredToNotary): the bank approves
  again, the capital goes to the notary; a CapitalShareDepositCertificate is asked for.
- WaitingForRegisterExtract: the certificate is Validated; a RegisterExtract is asked for.
- Completed: the register extract is Validated: the company exists.
- Canceled (CapitalDepositCanceled): `cancelCapitalDepositCase`, until the capital is wired
  to the notary.

A Refused document sends the case back to WaitingForAdditionalInformation until it is
uploaded again. Events: `CapitalDepositCaseEvent.Created/Updated`, `Shareholder.Created/Updated`,
`CapitalDepositDocument.Created/Updated`, as the real service names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ...storage import Database, get_row, insert_columns, update_columns
from ..kernel.context import Environment, Principal
from ..kernel.countries import is_country
from ..kernel.events import emit
from ..kernel.money import amount_text, to_decimal
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import find_visible
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks
from ..onboarding.onboarding import create_onboarding, update_onboarding

__all__ = [
    "BEFORE_APPROVAL",
    "CASE_STATUSES",
    "cancel_case",
    "case_not_found",
    "change_case",
    "change_shareholder",
    "create_case",
    "get_case",
    "get_shareholder",
    "list_cases",
    "new_document",
    "update_company",
    "update_shareholder_amount",
]

CASE_STATUSES = (
    "WaitingForInitialRequirements",
    "PendingInternalReview",
    "WaitingForAdditionalInformation",
    "WaitingForNotaryTransfer",
    "WaitingForNotaryShareDepositCertificate",
    "WaitingForRegisterExtract",
    "Completed",
    "Canceled",
)
#: Until the bank approves: the company and the amounts may still change.
BEFORE_APPROVAL = (
    "WaitingForInitialRequirements",
    "PendingInternalReview",
    "WaitingForAdditionalInformation",
)
#: Until the capital leaves for the notary, the case may be canceled.
CANCELABLE = (*BEFORE_APPROVAL, "WaitingForNotaryTransfer")
#: The documents asked for at the start (a simulator choice of the real document types).
COMPANY_DOCUMENTS = ("ArticlesOfIncorporation", "CompanyLeaseAgreement")
SHAREHOLDER_DOCUMENTS = {
    "Individual": ("ProofOfIdentity", "ProofOfIndividualAddress"),
    "Company": ("RegisterExtract",),
}
#: A case's shareholders, at most (a simulator bound on one request).
MAX_SHAREHOLDERS = 50


def case_not_found(case_id: str) -> dict[str, Any]:
    return rejection(
        "CapitalDepositCaseCanNotBeFoundRejection",
        f"Capital deposit case {case_id} was not found.",
        id=case_id,
    )


def _scope(principal: Principal) -> tuple[str, list[Any]]:
    # Capital deposits belong to the project: a user token of the project sees them too.
    return "project_id = ?", [principal.project_id]


def find_case(db: Database, project_id: str, case_id: str) -> dict[str, Any]:
    rows = list(
        db["capital_deposit_cases"].rows_where("id = ? AND project_id = ?", [case_id, project_id])
    )
    if not rows:
        raise Rejected(case_not_found(case_id))
    return rows[0]


def get_case(env: Environment, principal: Principal, case_id: str) -> dict[str, Any]:
    return find_visible(
        env, "capital_deposit_cases", _scope(principal), case_id, "Capital deposit case"
    )


def get_shareholder(env: Environment, principal: Principal, shareholder_id: str) -> dict[str, Any]:
    return find_visible(
        env, "capital_deposit_shareholders", _scope(principal), shareholder_id, "Shareholder"
    )


_ORDER_FIELDS = {"createdAt": "created_at", "updatedAt": "updated_at", "id": "id"}


def list_cases(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """The project's cases, oldest first (or by `order_by`); filters `statuses` (and the
    deprecated `status`, read through `LEGACY_STATUSES`), `search` (company name or id)."""
    given = dict(filters or {})
    where, params = _scope(principal)
    statuses = list(given.get("statuses") or [])
    statuses += [s for old in given.get("status") or [] for s in LEGACY_STATUSES.get(old, ())]
    if statuses:
        where += f" AND status IN ({', '.join('?' * len(statuses))})"
        params = [*params, *statuses]
    if given.get("search"):
        where += " AND (company_name LIKE ? OR id = ?)"
        params = [*params, f"%{given['search']}%", given["search"]]
    order = _ORDER_FIELDS.get((order_by or {}).get("field") or "createdAt", "created_at")
    descending = (order_by or {}).get("direction") == "Desc"
    return paginate(
        env.store.db,
        "capital_deposit_cases",
        where,
        params,
        first=first,
        after=after,
        before=before,
        order=(order, "id"),
        descending=descending,
    )


#: The deprecated `CapitalDepositCaseStatus` values and the statuses each stands for.
LEGACY_STATUSES: dict[str, tuple[str, ...]] = {
    "Initiated": ("WaitingForInitialRequirements",),
    "WaitingForRequirements": ("PendingInternalReview", "WaitingForAdditionalInformation"),
    "WaitingForNotaryTransfer": ("WaitingForNotaryTransfer",),
    "WaitingForShareDepositCertificate": ("WaitingForNotaryShareDepositCertificate",),
    "WaitingForRegisterExtract": ("WaitingForRegisterExtract",),
    "Completed": ("Completed",),
    "Canceled": ("Canceled",),
}


def change_case(
    env: Environment, db: Database, case: Mapping[str, Any], changes: dict[str, Any]
) -> dict[str, Any]:
    changes = {**changes, "updated_at": env.now()}
    update_columns(db, "capital_deposit_cases", case["id"], changes)
    emit(
        env,
        db,
        "CapitalDepositCaseEvent.Updated",
        project_id=case["project_id"],
        resource_id=case["id"],
    )
    return {**case, **changes}


def change_shareholder(
    env: Environment, db: Database, row: Mapping[str, Any], changes: dict[str, Any]
) -> dict[str, Any]:
    changes = {**changes, "updated_at": env.now()}
    update_columns(db, "capital_deposit_shareholders", row["id"], changes)
    emit(env, db, "Shareholder.Updated", project_id=row["project_id"], resource_id=row["id"])
    return {**row, **changes}


def new_document(
    env: Environment,
    db: Database,
    case: dict[str, Any],
    document_type: str,
    shareholder_id: str | None = None,
) -> dict[str, Any]:
    """A document the case (or one shareholder) needs, Pending its upload."""
    now = env.now()
    row = {
        "id": env.new_id(db, "capital_deposit_document"),
        "project_id": case["project_id"],
        "case_id": case["id"],
        "shareholder_id": shareholder_id,
        "type": document_type,
        "status": "Pending",
        "created_at": now,
        "updated_at": now,
    }
    insert_columns(db, "capital_deposit_documents", row)
    emit(
        env,
        db,
        "CapitalDepositDocument.Created",
        project_id=case["project_id"],
        resource_id=row["id"],
    )
    return row


def _checked_shareholders(checks: Checks, input: dict[str, Any]) -> list[dict[str, Any]]:
    """The shareholders of a `CreateCapitalDepositCaseInput`, checked, as rows to insert."""
    found: list[dict[str, Any]] = []
    for key, kind in (
        ("individual_shareholders", "Individual"),
        ("company_shareholders", "Company"),
    ):
        for index, given in enumerate(input.get(key) or []):
            path: list[str | int] = ["input", _camel(key), index]
            given = given or {}
            amount = given.get("capital_deposit_amount") or {}
            value = checks.amount(
                amount.get("value"),
                [*path, "capitalDepositAmount", "value"],
                currency=amount.get("currency"),
            )
            row: dict[str, Any] = {
                "type": kind,
                "amount": value,
                "info": given.get("onboarding_info"),
            }
            if kind == "Company":
                row["name"] = checks.text(given.get("name"), [*path, "name"], max_length=100)
            else:
                row["first_name"] = checks.text(given.get("first_name"), [*path, "firstName"])
                row["last_name"] = checks.text(given.get("last_name"), [*path, "lastName"])
                row["birth_date"] = _date(checks, given.get("birth_date"), [*path, "birthDate"])
                nationality = str(given.get("nationality") or "").upper()
                if not is_country(nationality):
                    checks.fail(
                        "InvalidFormat", "An ISO 3166-1 alpha-3 code.", [*path, "nationality"]
                    )
                row["nationality"] = nationality
            found.append(row)
    if not found or len(found) > MAX_SHAREHOLDERS:
        checks.fail(
            "Invalid",
            f"A case has 1 to {MAX_SHAREHOLDERS} shareholders.",
            ["input", "individualShareholders"],
        )
    return found


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part.title() for part in rest)


def _date(checks: Checks, value: object, path: list[str | int]) -> str | None:
    text = checks.text(value, path, max_length=10)
    if text is not None and not (len(text) == 10 and text[4] == "-" and text[7] == "-"):
        checks.fail("InvalidFormat", "A date as YYYY-MM-DD.", path)
    return text


def _onboarding(
    env: Environment, principal: Principal, kind: str, info: dict[str, Any] | None, **names: Any
) -> str:
    """The onboarding of the company or of a shareholder, from its onboarding input."""
    info = dict(info or {})
    country = info.get("account_country") or "FRA"
    people = ("first_name", "last_name", "birth_date", "nationality")
    admin = {key: names[key] for key in people if names.get(key) is not None}
    if info.get("email"):
        admin["email"] = info["email"]
    company = None
    if kind == "Company":
        keep = ("name", "registration_number", "residency_address", "vat_number", "trade_name")
        company = {key: info[key] for key in keep if info.get(key) is not None}
        company.setdefault("name", names.get("name"))
    row = create_onboarding(
        env,
        principal,
        "Company" if kind == "Company" else "Individual",
        account_info={"country": country, "name": info.get("account_name")},
        account_admin=admin or None,
        company=company,
        redirect=info.get("o_auth_redirect_parameters"),
    )
    return str(row["id"])


def create_case(env: Environment, principal: Principal, input: dict[str, Any]) -> dict[str, Any]:
    """A new case, its company's and shareholders' onboardings and the documents they need."""
    checks = Checks()
    company_name = checks.text(input.get("company_name"), ["input", "companyName"], max_length=100)
    shareholders = _checked_shareholders(checks, input)
    checks.raise_if_any()
    with env.store.atomic() as db:
        now = env.now()
        total = sum((Decimal(row["amount"]) for row in shareholders), Decimal(0))
        company = input.get("onboarding_capital_deposit_company") or {}
        case: dict[str, Any] = {
            "id": env.new_id(db, "capital_deposit_case"),
            "project_id": principal.project_id,
            "company_name": company_name,
            "company_onboarding_id": _onboarding(
                env, principal, "Company", company, name=company.get("name") or company_name
            ),
            "status": "WaitingForInitialRequirements",
            "total_amount": amount_text(total),
            "created_at": now,
            "updated_at": now,
        }
        insert_columns(db, "capital_deposit_cases", case)
        emit(
            env,
            db,
            "CapitalDepositCaseEvent.Created",
            project_id=principal.project_id,
            resource_id=case["id"],
        )
        for document_type in COMPANY_DOCUMENTS:
            new_document(env, db, case, document_type)
        for given in shareholders:
            _add_shareholder(env, db, principal, case, given)
        return dict(get_row(db, "capital_deposit_cases", case["id"]))


def _add_shareholder(
    env: Environment,
    db: Database,
    principal: Principal,
    case: dict[str, Any],
    given: dict[str, Any],
) -> None:
    names = {
        key: given.get(key)
        for key in ("name", "first_name", "last_name", "birth_date", "nationality")
    }
    now = env.now()
    row = {
        "id": env.new_id(db, "shareholder"),
        "project_id": case["project_id"],
        "case_id": case["id"],
        "type": given["type"],
        **names,
        "amount": amount_text(given["amount"]),
        "onboarding_id": _onboarding(env, principal, given["type"], given.get("info"), **names),
        "status": "PendingOnboarding",
        "created_at": now,
        "updated_at": now,
    }
    insert_columns(db, "capital_deposit_shareholders", row)
    emit(env, db, "Shareholder.Created", project_id=case["project_id"], resource_id=row["id"])
    for document_type in SHAREHOLDER_DOCUMENTS[given["type"]]:
        new_document(env, db, case, document_type, row["id"])


def cancel_case(env: Environment, principal: Principal, case_id: str) -> dict[str, Any]:
    """Cancel a case until its capital is wired to the notary; its shareholders too."""
    with env.store.atomic() as db:
        case = find_case(db, principal.project_id, case_id)
        if case["status"] not in CANCELABLE:
            raise Rejected(
                rejection(
                    "CapitalDepositCaseCanNotBeCanceledRejection",
                    f"Capital deposit case {case_id} is {case['status']}; it can no longer be "
                    "canceled.",
                    id=case_id,
                )
            )
        for row in db["capital_deposit_shareholders"].rows_where("case_id = ?", [case_id]):
            change_shareholder(env, db, row, {"status": "CapitalDepositCanceled"})
        return change_case(
            env, db, case, {"status": "Canceled", "cancel_reason": "CapitalDepositWithdrawn"}
        )


def update_company(
    env: Environment,
    principal: Principal,
    case_id: str,
    *,
    company_name: str | None,
    residency_address: dict[str, Any] | None,
) -> dict[str, Any]:
    """Rename the company or change its address, until the bank approves the case."""
    checks = Checks()
    name = checks.text(company_name, ["input", "companyName"], required=False, max_length=100)
    checks.raise_if_any()
    with env.store.atomic() as db:
        case = find_case(db, principal.project_id, case_id)
        if case["status"] not in BEFORE_APPROVAL:
            raise Rejected(
                rejection(
                    "CapitalDepositCaseCompanyCannotBeUpdatedRejection",
                    f"Capital deposit case {case_id} is {case['status']}: its company is fixed.",
                    id=case_id,
                )
            )
        company: dict[str, Any] = {}
        if name:
            company["name"] = name
        if residency_address:
            company["residency_address"] = residency_address
        if company and case.get("company_onboarding_id"):
            update_onboarding(
                env,
                principal,
                case["company_onboarding_id"],
                company=company,
                expected_type="Company",
            )
        return change_case(env, db, case, {"company_name": name} if name else {})


def update_shareholder_amount(
    env: Environment, principal: Principal, shareholder_id: str, amount: dict[str, Any]
) -> dict[str, Any]:
    """Change what one shareholder deposits (and the case's total), until approval."""
    checks = Checks()
    value = checks.amount(
        amount.get("value"),
        ["input", "shareholderAmount", "value"],
        currency=amount.get("currency"),
    )
    checks.raise_if_any()
    assert value is not None
    with env.store.atomic() as db:
        rows = list(
            db["capital_deposit_shareholders"].rows_where(
                "id = ? AND project_id = ?", [shareholder_id, principal.project_id]
            )
        )
        if not rows:
            raise Rejected(
                rejection(
                    "CapitalDepositShareholderCannotBeFoundRejection",
                    f"Shareholder {shareholder_id} was not found.",
                    id=shareholder_id,
                )
            )
        shareholder = rows[0]
        case = find_case(db, principal.project_id, shareholder["case_id"])
        if case["status"] not in BEFORE_APPROVAL:
            raise Rejected(
                rejection(
                    "CapitalDepositCaseCanNotBeUpdatedRejection",
                    f"Capital deposit case {case['id']} is {case['status']}: "
                    "its amounts are fixed.",
                    id=case["id"],
                )
            )
        difference = value - to_decimal(shareholder["amount"])
        shareholder = change_shareholder(env, db, shareholder, {"amount": amount_text(value)})
        change_case(
            env,
            db,
            case,
            {"total_amount": amount_text(to_decimal(case["total_amount"]) + difference)},
        )
        return shareholder

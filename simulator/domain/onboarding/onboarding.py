"""Account holder onboardings: what a partner knows about a future customer, checked on
every read, until it is finalized into an account holder and an opened account.

An onboarding is created for an individual or a company, updated as often as needed, and
its status is computed from what it holds: `Invalid` (with one `ValidationError` per field
missing or malformed) or `Valid`. Finalizing a valid one creates the account holder and its
account through `accounts.create_account_holder` (the same path as every other holder) and
makes it `Finalized`; a finalized onboarding no longer changes.

The user who becomes the account's legal representative is the one finalizing with a user
token, or the one who signed in on `/oauth2/auth?onboardingId=...` (before or after the
finalization). Each onboarding has a supporting document collection
(`domain.supporting_documents`) created with it.

```python
onboarding = create_onboarding(env, principal, "Individual", account_info={"country": "FRA"},
                               account_admin={"email": "ada@example.com"})
onboarding_status(onboarding)["status"]   # 'Invalid' (first and last names are missing)
```
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Literal

from ...storage import Database, get_row, insert_row, rows_where, update_row
from ...storage.rows import OnboardingChanges, OnboardingNew, OnboardingRow

# The one way a legal representative's membership is made (shared with seeded holders).
from ..accounts.accounts import _add_legal_representative, create_account_holder
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.iban import iban_for_account_number
from ..kernel.pagination import Connection, paginate
from ..kernel.rejections import Rejected, rejection
from .document_collections import open_collection

__all__ = [
    "COUNTRIES",
    "create_onboarding",
    "finalize_onboarding",
    "find_onboarding",
    "holder_onboarding",
    "link_user",
    "list_onboardings",
    "onboarding_status",
    "update_onboarding",
    "validation_version",
]

#: The account countries (`AccountCountry`, ISO 3166-1 alpha-3) and their alpha-2 codes.
COUNTRIES = {"BEL": "BE", "DEU": "DE", "ESP": "ES", "FRA": "FR", "ITA": "IT", "NLD": "NL"}
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_REQUIRED_ADMIN = ("email", "firstName", "lastName")
_REQUIRED_COMPANY = ("name", "registrationNumber")


def _not_found(onboarding_id: str) -> dict[str, Any]:
    return rejection(
        "OnboardingNotFoundRejection",
        f"Onboarding {onboarding_id} was not found.",
        id=onboarding_id,
    )


def _stored(values: dict[str, Any] | None) -> str:
    """Input fields as stored JSON, keyed by their GraphQL (camelCase) names."""
    return json.dumps(_camel(values or {}), sort_keys=True)


def _camel(values: dict[str, Any]) -> dict[str, Any]:
    def name(key: str) -> str:
        head, *rest = key.split("_")
        return head + "".join(part.title() for part in rest)

    return {name(key): value for key, value in values.items() if value is not None}


def stored_json(row: Mapping[str, Any], column: str) -> dict[str, Any]:
    """The JSON object kept in `column` (empty when unset)."""
    value: dict[str, Any] = json.loads(row.get(column) or "{}")
    return value


def _missing(
    prefix: str, values: dict[str, Any], required: tuple[str, ...]
) -> list[dict[str, Any]]:
    return [
        {"field": f"{prefix}{name}", "errors": ["Missing"], "details": None}
        for name in required
        if not str(values.get(name) or "").strip()
    ]


def validation_version(row: Mapping[str, Any]) -> str:
    """`V1` for an onboarding the deprecated `onboard*AccountHolder` mutations created,
    else `V2` (rows older than the column read V2)."""
    return str(row.get("validation_version") or "V2")


def onboarding_status(row: OnboardingRow) -> dict[str, Any]:
    """The onboarding's status and, when `Invalid`, what is missing or malformed.

    V2 names each field by its path in the onboarding (`accountAdmin.email`,
    `company.name`) and asks for the admin's names; V1, the older onboarding's flat shape,
    names them as its input does (`email`, `name`) and does not: the user who signs in with
    the onboarding URL gives them (`finalize_onboarding`)."""
    if row["finalized"]:
        return {"status": "Finalized", "errors": []}
    v1 = validation_version(row) == "V1"
    admin = stored_json(row, "account_admin")
    admin_prefix, company_prefix = ("", "") if v1 else ("accountAdmin.", "company.")
    required = ("email",) if v1 else _REQUIRED_ADMIN
    errors = _missing(admin_prefix, admin, required)
    if admin.get("email") and not _EMAIL.match(str(admin["email"])):
        errors.append(
            {"field": f"{admin_prefix}email", "errors": ["Invalid"], "details": "Not an email."}
        )
    if row["type"] == "Company":
        errors += _missing(company_prefix, stored_json(row, "company"), _REQUIRED_COMPANY)
    return {"status": "Invalid" if errors else "Valid", "errors": errors}


def find_onboarding(db: Database, project_id: str, onboarding_id: str) -> OnboardingRow | None:
    rows = list(
        rows_where(db, "onboardings", "id = ? AND project_id = ?", [onboarding_id, project_id])
    )
    return rows[0] if rows else None


def holder_onboarding(db: Database, holder_id: str) -> OnboardingRow | None:
    """The onboarding finalized into this holder (the first one, should there be several)."""
    rows = rows_where(db, "onboardings", "holder_id = ?", [holder_id], order_by="created_at, id")
    return next(iter(rows), None)


def _check_country(country: str) -> None:
    if country not in COUNTRIES:
        raise Rejected(
            rejection(
                "ValidationRejection",
                f"Accounts are opened in {', '.join(COUNTRIES)}; not in {country}.",
                fields=[
                    {
                        "code": "InvalidString",
                        "message": "Unknown account country.",
                        "path": ["input", "accountInfo", "country"],
                    }
                ],
            )
        )


def create_onboarding(
    env: Environment,
    principal: Principal,
    onboarding_type: Literal["Individual", "Company"],
    *,
    account_info: dict[str, Any],
    account_admin: dict[str, Any] | None = None,
    company: dict[str, Any] | None = None,
    redirect: dict[str, Any] | None = None,
    validation_version: Literal["V1", "V2"] = "V2",
) -> OnboardingRow:
    """A new onboarding (and its supporting document collection), whatever its status,
    checked by the rules of `validation_version` (`onboarding_status`)."""
    _check_country(account_info["country"])
    with env.store.atomic() as db:
        now = env.now()
        onboarding_id = env.new_id(db, "onboarding")
        row: OnboardingNew = {
            "id": onboarding_id,
            "project_id": principal.project_id,
            "type": onboarding_type,
            "account_name": account_info.get("name"),
            "account_country": account_info["country"],
            "account_admin": _stored(account_admin),
            "company": _stored(company) if onboarding_type == "Company" else None,
            "email": (account_admin or {}).get("email"),
            "redirect_url": (redirect or {}).get("redirect_url"),
            "state": (redirect or {}).get("state"),
            "finalized": 0,
            "validation_version": validation_version,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "onboardings", row)
        collection = open_collection(
            env, db, principal.project_id, "Onboarding", onboarding_id=onboarding_id
        )
        update_row(db, "onboardings", onboarding_id, {"collection_id": collection["id"]})
        emit(
            env,
            db,
            "Onboarding.Created",
            project_id=principal.project_id,
            resource_id=onboarding_id,
        )
        return get_row(db, "onboardings", onboarding_id)


def _merged(row: OnboardingRow, column: str, changes: dict[str, Any] | None) -> str:
    return json.dumps({**stored_json(row, column), **_camel(changes or {})}, sort_keys=True)


def update_onboarding(
    env: Environment,
    principal: Principal,
    onboarding_id: str,
    *,
    account_info: dict[str, Any] | None = None,
    account_admin: dict[str, Any] | None = None,
    company: dict[str, Any] | None = None,
    expected_type: str,
) -> OnboardingRow:
    """Change the fields given (others stay); a finalized onboarding no longer changes."""
    with env.store.atomic() as db:
        row = find_onboarding(db, principal.project_id, onboarding_id)
        if row is None or row["type"] != expected_type:
            raise Rejected(_not_found(onboarding_id))
        if row["finalized"]:
            raise Rejected(
                rejection(
                    "OnboardingAlreadyFinalizedRejection",
                    f"Onboarding {onboarding_id} is finalized; it no longer changes.",
                    onboarding_id=onboarding_id,
                )
            )
        changes: OnboardingChanges = {"updated_at": env.now()}
        if account_info and account_info.get("name") is not None:
            changes["account_name"] = account_info["name"]
        if account_info and account_info.get("country") is not None:
            _check_country(account_info["country"])  # the deprecated mutations change it
            changes["account_country"] = account_info["country"]
        if account_admin:
            admin = _merged(row, "account_admin", account_admin)
            changes["account_admin"] = admin
            changes["email"] = json.loads(admin).get("email")
        if company and row["type"] == "Company":
            changes["company"] = _merged(row, "company", company)
        update_row(db, "onboardings", onboarding_id, changes)
        emit(
            env,
            db,
            "Onboarding.Updated",
            project_id=principal.project_id,
            resource_id=onboarding_id,
        )
        return get_row(db, "onboardings", onboarding_id)


def _iban_country(account_country: str) -> str:
    """The country of the account's IBAN: the onboarding's when the simulated bank's codes
    fit that country's IBAN layout, else France (the simulated bank is French)."""
    country = COUNTRIES[account_country]
    try:
        iban_for_account_number("0" * 11, country)
    except ValueError:  # schwifty's errors are ValueErrors
        return "FR"
    return country


def _phone_of(db: Database, user_id: str | None) -> str | None:
    if user_id is None:
        return None
    rows = list(rows_where(db, "users", "id = ?", [user_id]))
    return str(rows[0]["phone_number"]) if rows else None


def finalize_onboarding(
    env: Environment, principal: Principal, onboarding_id: str
) -> OnboardingRow:
    """Create the account holder and its opened account from a `Valid` onboarding.

    The legal representative is the calling user (a user token), else the user who signed in
    with this onboarding's id; with neither, `link_user` adds one later.
    """
    with env.store.atomic() as db:
        row = find_onboarding(db, principal.project_id, onboarding_id)
        if row is None:
            raise Rejected(_not_found(onboarding_id))
        if row["finalized"]:
            raise Rejected(
                rejection(
                    "OnboardingAlreadyFinalizedRejection",
                    f"Onboarding {onboarding_id} is already finalized.",
                    onboarding_id=onboarding_id,
                )
            )
        signed_in = principal.user_id or row.get("user_id")
        if signed_in is not None:
            row = _with_user_names(db, row, signed_in)
        status = onboarding_status(row)
        if status["status"] == "Valid" and validation_version(row) == "V1":
            # V1 leaves the names to the user who signs in: with nobody yet, not ready.
            status = _named(row)
        if status["status"] != "Valid":
            fields = ", ".join(error["field"] for error in status["errors"])
            raise Rejected(
                rejection(
                    "OnboardingNotReadyForFinalizationRejection",
                    f"Onboarding {onboarding_id} is not valid yet ({fields}).",
                    onboarding=row,
                )
            )
        user_id = principal.user_id or row.get("user_id")
        admin = stored_json(row, "account_admin")
        company = stored_json(row, "company")
        created = create_account_holder(
            env,
            principal.project_id,
            holder_type="Company" if row["type"] == "Company" else "Individual",
            first_name=admin.get("firstName"),
            last_name=admin.get("lastName"),
            company_name=company.get("name"),
            account_name=row.get("account_name"),
            country=_iban_country(row["account_country"]),
            language=admin.get("preferredLanguage") or "en",
            verification_status="NotStarted",
            legal_representative_phone=_phone_of(db, user_id),
            # No user yet (a project token, nobody signed in): the account's legal
            # representative is invited by the admin's email; `link_user` binds it.
            legal_representative_email=admin.get("email") or row.get("email") or "",
        )
        now = env.now()
        changes: OnboardingChanges = {
            "finalized": 1,
            "finalized_at": now,
            "updated_at": now,
            "holder_id": created["holder_id"],
            "account_id": created["account_id"],
            "user_id": created["user_id"] or row.get("user_id"),
        }
        update_row(db, "onboardings", onboarding_id, changes)
        emit(
            env,
            db,
            "Onboarding.Updated",  # the real service has no finalization event of its own
            project_id=principal.project_id,
            resource_id=onboarding_id,
        )
        return get_row(db, "onboardings", onboarding_id)


def _named(row: OnboardingRow) -> dict[str, Any]:
    """An individual V1 onboarding's status at its finalization: its admin's names are
    needed then (from the input, or from the user who signed in)."""
    admin = stored_json(row, "account_admin")
    errors = _missing("", admin, ("firstName", "lastName")) if row["type"] == "Individual" else []
    return {"status": "Invalid" if errors else "Valid", "errors": errors}


def _with_user_names(db: Database, row: OnboardingRow, user_id: str) -> OnboardingRow:
    """The onboarding with the admin's missing first and last names taken from the user who
    signed in (the deprecated mutations never ask for them: the user's identity gives them)."""
    admin = stored_json(row, "account_admin")
    users = list(rows_where(db, "users", "id = ?", [user_id]))
    if not users or all(str(admin.get(key) or "").strip() for key in ("firstName", "lastName")):
        return row
    names = {"firstName": users[0]["first_name"], "lastName": users[0]["last_name"]}
    filled = {**admin, **{key: value for key, value in names.items() if not admin.get(key)}}
    update_row(db, "onboardings", row["id"], {"account_admin": json.dumps(filled, sort_keys=True)})
    return get_row(db, "onboardings", row["id"])


def link_user(env: Environment, project_id: str, onboarding_id: str, user_id: str) -> None:
    """The user who signed in with this onboarding id: the legal representative of the
    account it opens (now if it is finalized and has none yet, else when it is finalized)."""
    with env.store.atomic() as db:
        row = find_onboarding(db, project_id, onboarding_id)
        if row is None or row.get("user_id"):
            return
        update_row(db, "onboardings", onboarding_id, {"user_id": user_id})
        if not row["finalized"]:
            _with_user_names(db, row, user_id)
        if row["account_id"]:
            if _bind_invitation(env, db, row["account_id"], user_id):
                return
            account = get_row(db, "accounts", row["account_id"])
            admin = stored_json(row, "account_admin")
            phone = _phone_of(db, user_id)
            assert phone is not None  # the user signed in a moment ago
            _add_legal_representative(
                env, db, account, phone, admin.get("firstName"), admin.get("lastName")
            )


def _bind_invitation(env: Environment, db: Database, account_id: str, user_id: str) -> bool:
    """Bind the legal representative's invitation of a finalized account (made when nobody
    had signed in) to the user; False when the account has none waiting."""
    waiting = list(
        rows_where(
            db,
            "account_memberships",
            "account_id = ? AND legal_representative = 1 AND user_id IS NULL",
            [account_id],
            order_by="created_at, id",
            limit=1,
        )
    )
    if not waiting:
        return False
    membership = waiting[0]
    update_row(
        db,
        "account_memberships",
        membership["id"],
        {"user_id": user_id, "status": "Enabled", "updated_at": env.now()},
    )
    emit(
        env,
        db,
        "AccountMembership.Updated",
        project_id=membership["project_id"],
        resource_id=membership["id"],
    )
    return True


def list_onboardings(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    descending: bool = False,
) -> Connection:
    """The project's onboardings by creation; filters `status` and `types` (lists), `email`
    and `search` (a part of the email or the account name)."""
    filters = filters or {}
    where, params = "project_id = ?", [principal.project_id]
    if filters.get("types"):
        where += f" AND type IN ({', '.join('?' for _ in filters['types'])})"
        params.extend(filters["types"])
    if filters.get("email"):
        where += " AND email = ?"
        params.append(filters["email"])
    if filters.get("search"):
        where += (
            " AND (instr(lower(email), lower(?)) > 0 OR instr(lower(account_name), lower(?)) > 0)"
        )
        params.extend([filters["search"], filters["search"]])
    statuses = filters.get("status")
    if statuses:
        # Valid/Invalid are computed: narrow in SQL to finalized or not, then by the rule.
        ids = [
            row["id"]
            for row in rows_where(env.store.db, "onboardings", where, params)
            if onboarding_status(row)["status"] in statuses
        ]
        where += f" AND id IN ({', '.join('?' for _ in ids)})" if ids else " AND 0"
        params.extend(ids)
    return paginate(
        env.store.db,
        "onboardings",
        where,
        params,
        first=first,
        after=after,
        before=before,
        descending=descending,
    )

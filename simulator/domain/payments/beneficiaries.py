"""Beneficiaries: IBAN validation, verification of payee, trusted SEPA beneficiaries.

- `iban_validation` reads an IBAN offline with schwifty: structure, length, check digits, the
  bank of its bank code (schwifty's registry, or the simulated bank) and what reaches it.
- `verify_beneficiary` answers whether a name is the one the receiving bank holds for an IBAN.
  For an account of the simulated bank in the caller's project the name is compared with the
  holder's (exact after normalising: `Match`; close: `CloseMatch` with the held name; else
  `NoMatch`). Another bank's records are unknown offline, so (*simulator choice, a teaching
  aid*) a name containing "close match", "no match" or "unavailable" gives that outcome, any
  other name `Match`. Each verification hands out a token valid 24 hours.
- `add_trusted_sepa_beneficiaries` saves beneficiaries of an account, `ConsentPending` until
  the user accepts their `AddBeneficiary` consent (one consent per beneficiary), then `Enabled`;
  a consent refused or expired leaves it `Canceled`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import NotFound
from ...storage import Database, get_row, insert_columns, insert_row, rows_where, update_row
from ...storage.rows import (
    AccountRow,
    BeneficiaryVerificationNew,
    BeneficiaryVerificationRow,
    ConsentRow,
    TrustedBeneficiaryRow,
)
from ..accounts.account_lifecycle import consent_user, find_account
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import account_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.iban import BANK_BIC, BANK_CODE, parse_iban
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks

if TYPE_CHECKING:
    from schwifty import IBAN

__all__ = [
    "CONSENT_HANDLER",
    "VERIFICATION_LIFETIME",
    "add_trusted_sepa_beneficiaries",
    "consume_verification_tokens",
    "get_trusted_beneficiary",
    "iban_validation",
    "list_trusted_beneficiaries",
    "verifications",
    "verify_beneficiary",
    "with_trusted_beneficiaries",
    "with_verified_beneficiaries",
]

VERIFICATION_LIFETIME = timedelta(hours=24)
MAX_BENEFICIARIES = 50
#: The simulated bank, as `Bank` describes a bank.
SIMULATED_BANK = {
    "name": "Simulated Bank",
    "bic": BANK_BIC,
    "national_id": BANK_CODE,
    "branch": None,
    "address": {"country": "FRA"},
}


def _invalid_code(error: Exception) -> str:
    from schwifty.exceptions import (  # start-up: see `kernel.iban.parse_iban`
        InvalidBankCode,
        InvalidBBANChecksum,
        InvalidBranchCode,
        InvalidChecksumDigits,
        InvalidLength,
    )

    if isinstance(error, InvalidChecksumDigits | InvalidBBANChecksum):
        return "InvalidChecksum"
    if isinstance(error, InvalidLength):
        return "InvalidLength"
    if isinstance(error, InvalidBankCode | InvalidBranchCode):
        return "InvalidBank"
    return "InvalidStructure"


def _bank_field(bank: Any, name: str) -> Any:
    """A field of schwifty's registry entry: an object in its recent releases, a dict with the
    same keys in the older ones the bounds admit (2024.x)."""
    return bank.get(name) if isinstance(bank, dict) else getattr(bank, name, None)


def _bank(iban: IBAN) -> dict[str, Any] | None:
    if iban.country_code == "FR" and iban.bank_code == BANK_CODE:
        return SIMULATED_BANK
    bank = iban.bank
    if bank is None:
        return None
    return {
        "name": _bank_field(bank, "name") or _bank_field(bank, "short_name") or "Unknown",
        "bic": str(_bank_field(bank, "bic") or iban.bic or ""),
        "national_id": iban.bank_code,
        "branch": iban.branch_code or None,
        "address": {"country": None},
    }


def iban_validation(value: str) -> dict[str, Any]:
    """A `ValidIban` (with its bank and reachability) or an `InvalidIban` (with its code)."""
    try:
        iban = parse_iban(value)
    except ValueError as error:  # schwifty's errors are ValueErrors
        return {
            "__typename": "InvalidIban",
            "iban": value,
            "code": _invalid_code(error),
            "message": f"Invalid IBAN: {error}",
        }
    bank = _bank(iban)
    if bank is None or not bank["bic"]:
        return {
            "__typename": "InvalidIban",
            "iban": iban.compact,
            "code": "InvalidBank",
            "message": f"No bank is known for bank code {iban.bank_code} in {iban.country_code}.",
        }
    sepa = bool(iban.in_sepa_zone)
    return {
        "__typename": "ValidIban",
        "iban": iban.compact,
        "account_number": iban.account_code,
        "checksum": iban.checksum_digits,
        "bank": bank,
        "reachability": {
            "sepa_credit_transfer": sepa,
            "sepa_credit_transfer_inst": sepa,
            "sepa_direct_debit_core": sepa,
            "sepa_direct_debit_b2b": sepa,
        },
    }


# -- verification of payee -----------------------------------------------------------------


def _normalised(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", letters.casefold()).split())


def _holder_name(db: Database, account: AccountRow) -> str:
    holder = get_row(db, "account_holders", account["holder_id"])
    if holder.get("company_name"):
        return str(holder["company_name"])
    return f"{holder.get('first_name') or ''} {holder.get('last_name') or ''}".strip()


def _outcome(db: Database, project_id: str, name: str, iban: str) -> tuple[str, str]:
    """(status, name suggestion) for `name` at `iban`."""
    given = _normalised(name)
    accounts = list(rows_where(db, "accounts", "project_id = ? AND iban = ?", [project_id, iban]))
    if accounts:
        held = _holder_name(db, accounts[0])
        wanted = _normalised(held)
        if given == wanted:
            return "Match", ""
        from difflib import SequenceMatcher  # at the first name checked, not at start-up

        close = SequenceMatcher(None, given, wanted).ratio() >= 0.8 or (
            set(given.split()) == set(wanted.split())
        )
        return ("CloseMatch", held) if close else ("NoMatch", "")
    if "close match" in given:
        return "CloseMatch", re.sub(r"(?i)\s*close\s+match", "", name).strip() or name
    if "no match" in given:
        return "NoMatch", ""
    if "unavailable" in given:
        return "VerificationNotPossible", ""
    return "Match", ""


def verify_beneficiary(
    env: Environment, principal: Principal, beneficiary: dict[str, Any]
) -> BeneficiaryVerificationNew:
    """Verify a SEPA beneficiary (or a trusted one, by id): the stored verification with its
    token, status and name suggestion."""
    checks = Checks()
    trusted_id = beneficiary.get("trusted_beneficiary_id")
    sepa = beneficiary.get("sepa") or {}
    if trusted_id:
        try:
            trusted = get_trusted_beneficiary(env, principal, str(trusted_id))
        except NotFound:
            raise Rejected(
                rejection(
                    "TrustedBeneficiaryNotFoundRejection",
                    f"Trusted beneficiary {trusted_id} was not found.",
                    id=str(trusted_id),
                )
            ) from None
        name, iban_text = str(trusted["name"]), str(trusted["iban"])
    elif sepa:
        path: list[str | int] = ["input", "beneficiary", "sepa"]
        name = checks.text(sepa.get("name"), [*path, "name"], max_length=70) or ""
        iban = checks.iban(sepa.get("iban"), [*path, "iban"], sepa=True)
        iban_text = iban.compact if iban is not None else ""
    else:
        checks.fail("Missing", "Give a sepa beneficiary or a trustedBeneficiaryId.", ["input"])
        name = iban_text = ""
    checks.raise_if_any()
    with env.store.atomic() as db:
        status, suggestion = _outcome(db, principal.project_id, name, iban_text)
        now = env.now()
        row: BeneficiaryVerificationNew = {
            "token": env.new_id(db, "beneficiary-verification"),
            "project_id": principal.project_id,
            "name": name,
            "iban": iban_text,
            "status": status,
            "name_suggestion": suggestion or None,
            "expires_at": format_timestamp(parse_timestamp(now) + VERIFICATION_LIFETIME),
            "created_at": now,
        }
        insert_row(db, "beneficiary_verifications", row)
        return row


# -- trusted beneficiaries -----------------------------------------------------------------


def get_trusted_beneficiary(
    env: Environment, principal: Principal, beneficiary_id: str
) -> TrustedBeneficiaryRow:
    return visible_row(
        rows_where(
            env.store.db, "trusted_beneficiaries", *by_id(account_scope(principal), beneficiary_id)
        ),
        "TrustedBeneficiary",
        beneficiary_id,
    )


def _beneficiaries(
    checks: Checks, given: list[dict[str, Any]], path: list[str | int]
) -> list[dict[str, Any]]:
    if not given:
        checks.fail("Missing", "At least one beneficiary is required.", path)
    if len(given) > MAX_BENEFICIARIES:
        checks.fail("TooLong", f"At most {MAX_BENEFICIARIES} beneficiaries at once.", path)
    result = []
    for index, item in enumerate(given):
        at: list[str | int] = [*path, index] if len(path) > 1 else path
        name = checks.text(item.get("name"), [*at, "name"], max_length=70)
        iban = checks.iban(item.get("iban"), [*at, "iban"], sepa=True)
        label = checks.text(item.get("label"), [*at, "label"], required=False, max_length=140)
        address = item.get("address")
        result.append(
            {
                "name": name,
                "iban": iban.compact if iban is not None else None,
                "label": label,
                "address": json.dumps(address, sort_keys=True) if address else None,
            }
        )
    return result


def add_trusted_sepa_beneficiaries(
    env: Environment,
    principal: Principal,
    account_id: str,
    beneficiaries: list[dict[str, Any]],
    *,
    consent_redirect_url: str,
    path: list[str | int],
) -> list[TrustedBeneficiaryRow]:
    """Save SEPA beneficiaries of an account, each `ConsentPending` with its own
    `AddBeneficiary` consent (Enabled at once for an auto-consent user)."""
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    wanted = _beneficiaries(checks, beneficiaries, path)
    checks.raise_if_any()
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_permission(db, principal, account_id, "can_manage_beneficiaries")
        if account["status"] != "Opened":
            raise Rejected(
                forbidden(f"Account {account_id} is {account['status']}: only an Opened one.")
            )
        user_id = consent_user(db, principal, account_id)
        saved = []
        for beneficiary in wanted:
            now = env.now()
            row: dict[str, Any] = {
                "id": env.new_id(db, "trusted-beneficiary"),
                "project_id": account["project_id"],
                "account_id": account_id,
                "type": "Sepa",
                **beneficiary,
                "label": beneficiary["label"] or beneficiary["name"],
                "status": "ConsentPending",
                "created_at": now,
                "updated_at": now,
            }
            insert_columns(db, "trusted_beneficiaries", row)
            consent = open_consent(
                env,
                db,
                project_id=account["project_id"],
                purpose="AddBeneficiary",
                redirect_url=str(url),
                user_id=user_id,
                resource_id=row["id"],
            )
            update_row(db, "trusted_beneficiaries", row["id"], {"consent_id": consent["id"]})
            saved.append(get_row(db, "trusted_beneficiaries", row["id"]))
        return saved


def _enable(env: Environment, db: Database, consent: ConsentRow) -> None:
    row = get_row(db, "trusted_beneficiaries", consent["resource_id"])
    if row["status"] == "ConsentPending":
        update_row(
            db, "trusted_beneficiaries", row["id"], {"status": "Enabled", "updated_at": env.now()}
        )


def _cancel(env: Environment, db: Database, consent: ConsentRow, _status: str) -> None:
    row = get_row(db, "trusted_beneficiaries", consent["resource_id"])
    if row["status"] == "ConsentPending":
        update_row(
            db, "trusted_beneficiaries", row["id"], {"status": "Canceled", "updated_at": env.now()}
        )


#: What approving (or not) an `AddBeneficiary` consent does.
CONSENT_HANDLER = ConsentHandler(_enable, _cancel)


# -- use in initiateCreditTransfers ----------------------------------------------------------


def with_trusted_beneficiaries(
    db: Database, account_id: str, transfers: list[dict[str, Any]], checks: Checks
) -> list[dict[str, Any]]:
    """The transfers with each `trusted_beneficiary_id` replaced by the Enabled trusted
    beneficiary of the paying account it names (its name and IBAN)."""
    result = []
    for index, transfer in enumerate(transfers):
        trusted_id = transfer.get("trusted_beneficiary_id")
        if not trusted_id or transfer.get("sepa_beneficiary"):
            result.append(transfer)
            continue
        rows = list(
            rows_where(
                db,
                "trusted_beneficiaries",
                "id = ? AND account_id = ? AND status = 'Enabled'",
                [trusted_id, account_id],
            )
        )
        if not rows:
            checks.fail(
                "InvalidString",
                f"{trusted_id} is no Enabled trusted beneficiary of account {account_id}.",
                ["input", "creditTransfers", index, "trustedBeneficiaryId"],
            )
            result.append(transfer)
            continue
        beneficiary = {"name": rows[0]["name"], "iban": rows[0]["iban"]}
        result.append({**transfer, "sepa_beneficiary": beneficiary})
    return result


def with_verified_beneficiaries(
    db: Database, project_id: str, transfers: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The transfers that name their beneficiary only by a `beneficiary_verification_token`
    given the name and IBAN that verification was prepared for (the way the web banking app
    pays: it verifies first, then sends the token alone). An unknown token is rejected at
    once: the transfer has no beneficiary to check further."""
    result, unknown = [], Checks()
    for index, transfer in enumerate(transfers):
        token = transfer.get("beneficiary_verification_token")
        named = any(
            transfer.get(key)
            for key in ("sepa_beneficiary", "trusted_beneficiary_id", "swan_account_beneficiary")
        )
        if not token or named:
            result.append(transfer)
            continue
        row = db.execute(
            "SELECT name, iban FROM beneficiary_verifications WHERE token = ? AND project_id = ?",
            [token, project_id],
        ).fetchone()
        if row is None:
            unknown.fail(
                "InvalidString",
                "No valid verification of this beneficiary.",
                ["input", "creditTransfers", index, "beneficiaryVerificationToken"],
            )
            continue
        result.append({**transfer, "sepa_beneficiary": {"name": row[0] or "", "iban": row[1]}})
    unknown.raise_if_any()
    return result


def verifications(
    env: Environment, project_id: str, tokens: list[str | None]
) -> list[BeneficiaryVerificationRow | None]:
    """The project's beneficiary verifications of these tokens, in order (None for a token
    not given or not found)."""
    result: list[BeneficiaryVerificationRow | None] = []
    for token in tokens:
        rows = (
            list(
                rows_where(
                    env.store.db,
                    "beneficiary_verifications",
                    "token = ? AND project_id = ?",
                    [token, project_id],
                )
            )
            if token
            else []
        )
        result.append(rows[0] if rows else None)
    return result


def consume_verification_tokens(
    env: Environment, db: Database, project_id: str, transfers: list[dict[str, Any]]
) -> None:
    """Mark the transfers' `beneficiary_verification_token`s used (in the caller's
    transaction). A token of another IBAN, unknown or expired is a validation error; one
    already used, a `BeneficiaryVerificationTokenAlreadyConsumedRejection`."""
    checks, consumed = Checks(), []
    now = env.now()
    for index, transfer in enumerate(transfers):
        token = transfer.get("beneficiary_verification_token")
        if not token:
            continue
        path: list[str | int] = ["input", "creditTransfers", index, "beneficiaryVerificationToken"]
        rows = list(
            rows_where(
                db, "beneficiary_verifications", "token = ? AND project_id = ?", [token, project_id]
            )
        )
        iban = str((transfer.get("sepa_beneficiary") or {}).get("iban") or "").replace(" ", "")
        if not rows or rows[0]["expires_at"] <= now or rows[0]["iban"] != iban.upper():
            checks.fail("InvalidString", "No valid verification of this beneficiary.", path)
        elif rows[0]["consumed_at"]:
            consumed.append(str(token))
        else:
            update_row(db, "beneficiary_verifications", token, {"consumed_at": now})
    checks.raise_if_any()
    if consumed:
        raise Rejected(
            rejection(
                "BeneficiaryVerificationTokenAlreadyConsumedRejection",
                "A beneficiary verification token serves one transfer only.",
                beneficiary_verification_tokens=consumed,
            )
        )


def list_trusted_beneficiaries(
    env: Environment,
    principal: Principal,
    account_id: str,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    descending: bool = False,
    offset: int | None = None,
) -> Connection:
    """An account's trusted beneficiaries the caller sees, oldest first; filters `status`,
    `type` (lists) and `label`."""
    filters = {**(filters or {}), "account_id": account_id}
    where, params = with_filters(
        account_scope(principal),
        filters,
        equal=("account_id", "label", "currency"),
        any_of=("status", "type"),
    )
    return paginate(
        env.store.db,
        "trusted_beneficiaries",
        where,
        params,
        first=first,
        after=after,
        descending=descending,
        offset=offset,
    )

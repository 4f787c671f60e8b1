"""Exports: a CSV file of a project's accounts, holders, memberships, cards, onboardings,
transactions or users, made on the virtual clock.

| Export | How |
|---|---|
| Running | `export<Resource>Data(filters)`: the file is made `EXPORT_DURATION` later |
| Completed | the file is made (due work): `generateExportDownloadLink` links to it |
| Expired | `FILE_LIFETIME` after it was made, the file is deleted |
| (gone) | `deleteExportFile` deletes a finished export and its file |

A download link is `{public_url}/{environment}/export-downloads/{token}`, served by the
simulator itself and valid `LINK_LIFETIME` of virtual time; the token is unguessable (from
the file's id secret, `env.new_token`), shown only in the link and stored hashed. The real
service also mails the link to `email`; the simulator sends nothing and keeps the address.
At most `MAX_RUNNING` exports run at once and `MAX_PER_DAY` start per UTC day, per project
(`MaximumSimultaneousExportsRejection`, `MaximumDailyExportsReachedRejection`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, insert_columns, update_columns
from ..accounts.holders import ASKED_FOR, LEGAL_REPRESENTATIVE_BORN
from ..kernel.context import Environment, Principal
from ..kernel.pagination import Connection, paginate
from ..kernel.projects import hash_secret
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks

__all__ = [
    "DOWNLOAD_PATH",
    "EXPORT_TYPES",
    "ExportWork",
    "delete_export",
    "download",
    "download_link",
    "list_exports",
    "start_export",
]

#: How long making a file takes (virtual time; a simulator choice).
EXPORT_DURATION = timedelta(seconds=30)
#: How long a made file is kept.
FILE_LIFETIME = timedelta(days=7)
#: How long a download link works.
LINK_LIFETIME = timedelta(hours=1)
MAX_RUNNING = 3
MAX_PER_DAY = 50
#: The path of the download route under the public URL, per environment.
DOWNLOAD_PATH = "/{environment}/export-downloads/{token}"

#: Each export type: its SQL (the project's rows, as CSV columns) and the filters it reads
#: (filter key -> SQL condition with one `?`, or a list condition ending with `IN` or with
#: `{}` where its placeholders go).
_USERS_OF_PROJECT = (
    "project_id = ? OR id IN (SELECT user_id FROM account_memberships WHERE project_id = ?)"
)
EXPORT_TYPES: dict[str, dict[str, Any]] = {
    "Accounts": {
        "sql": "SELECT id, number, iban AS IBAN, name, status, holder_id AS accountHolderId, "
        "currency, country, created_at AS createdAt FROM accounts WHERE project_id = ?",
        "filters": {
            "main_iban": "iban = ?",
            "status": "status IN",
            "search": "name LIKE ?",
            # Every account here pays without a cap: all match Unlimited, none Limited.
            "payment_levels": "'Unlimited' IN",
        },
    },
    "AccountHolders": {
        "sql": "SELECT id, type, first_name AS firstName, last_name AS lastName, "
        "company_name AS companyName, registration_number AS registrationNumber, "
        "verification_status AS verificationStatus, status, created_at AS createdAt "
        "FROM account_holders WHERE project_id = ?",
        "filters": {
            "types": "type IN",
            "status": "status IN",
            "verification_status": "verification_status IN",
            "registration_number": "registration_number = ?",
            "birth_date": LEGAL_REPRESENTATIVE_BORN,
            "verification_requirements": ASKED_FOR,
            "search": "(COALESCE(company_name, '') || ' ' || COALESCE(first_name, '') || ' ' "
            "|| COALESCE(last_name, '')) LIKE ?",
        },
    },
    "AccountMemberships": {
        "sql": "SELECT id, account_id AS accountId, user_id AS userId, email, status, "
        "can_view_account AS canViewAccount, can_manage_beneficiaries AS canManageBeneficiaries,"
        " can_initiate_payments AS canInitiatePayments, can_manage_account_membership AS "
        "canManageAccountMembership, can_manage_cards AS canManageCards, created_at AS createdAt "
        "FROM account_memberships WHERE project_id = ?",
        "filters": {
            "account_id": "account_id = ?",
            "email": "email = ?",
            "status": "status IN",
            "search": "email LIKE ?",
            **{
                flag: f"{flag} = ?"
                for flag in (
                    "can_view_account",
                    "can_manage_beneficiaries",
                    "can_initiate_payments",
                    "can_manage_account_membership",
                    "can_manage_cards",
                )
            },
        },
    },
    "Cards": {
        "sql": "SELECT id, type, name, masked_number AS cardMaskedNumber, status, "
        "account_id AS accountId, account_membership_id AS accountMembershipId, "
        "expiry_date AS expiryDate, created_at AS createdAt FROM cards WHERE project_id = ?",
        "filters": {
            "account_id": "account_id = ?",
            "statuses": "status IN",
            "types": "type IN",
            "user_id": "account_membership_id IN (SELECT id FROM account_memberships "
            "WHERE user_id = ?)",
            "search": "(COALESCE(name, '') || ' ' || masked_number) LIKE ?",
        },
    },
    "Onboardings": {
        "sql": "SELECT id, type, account_name AS accountName, account_country AS accountCountry,"
        " email, CASE WHEN finalized = 1 THEN 'Finalized' ELSE 'Started' END AS status, "
        "created_at AS createdAt FROM onboardings WHERE project_id = ?",
        "filters": {"email": "email = ?", "types": "type IN", "search": "email LIKE ?"},
    },
    "Transactions": {
        "sql": "SELECT id, account_id AS accountId, type, side, amount, currency, label, "
        "reference, counterparty, status, execution_date AS executionDate, "
        "booking_date AS bookedBalanceDate FROM transactions WHERE project_id = ?",
        "filters": {
            "status": "status IN",
            "type": "type IN",
            "amount": "CAST(amount AS REAL) = ?",
            "is_above_amount": "CAST(amount AS REAL) > ?",
            "is_below_amount": "CAST(amount AS REAL) < ?",
            "is_after_execution_date": "execution_date > ?",
            "is_before_execution_date": "execution_date < ?",
            "is_after_updated_at": "updated_at > ?",
            "is_before_updated_at": "updated_at < ?",
            "search": "(COALESCE(label, '') || ' ' || COALESCE(counterparty, '')) LIKE ?",
        },
    },
    "Users": {
        "sql": "SELECT id, first_name AS firstName, last_name AS lastName, "
        "phone_number AS mobilePhoneNumber, birth_date AS birthDate, "
        "nationality_cca3 AS nationalityCCA3, status, created_at AS createdAt FROM users "
        f"WHERE ({_USERS_OF_PROJECT})",
        "filters": {
            "birth_date": "birth_date = ?",
            "mobile_phone_number": "phone_number = ?",
            "nationality_cca3": "nationality_cca3 = ?",
            "identification_level": "EXISTS (SELECT 1 FROM json_each(identification_levels) "
            "WHERE value = ?)",
            "status": "status IN",
            "search": "(COALESCE(first_name, '') || ' ' || COALESCE(last_name, '')) LIKE ?",
        },
    },
}


def _later(env: Environment, delay: timedelta) -> str:
    return format_timestamp(parse_timestamp(env.now()) + delay)


def unknown_export(export_id: str) -> dict[str, Any]:
    return rejection("UnknownExportRejection", f"Export {export_id} was not found.")


def _find(db: Database, principal: Principal, export_id: str) -> dict[str, Any]:
    rows = list(
        db["exports"].rows_where("id = ? AND project_id = ?", [export_id, principal.project_id])
    )
    if not rows or principal.user_id is not None:
        raise Rejected(unknown_export(export_id))
    return rows[0]


def start_export(
    env: Environment,
    principal: Principal,
    export_type: str,
    *,
    filters: dict[str, Any] | None,
    email: str | None,
) -> dict[str, Any]:
    """A Running export of the project's `export_type` rows matching `filters`."""
    if principal.user_id is not None:
        raise Rejected(forbidden("Exports are the project's: use a project access token."))
    filters = _checked_dates(filters or {})
    with env.store.atomic() as db:
        running = db.execute(
            "SELECT COUNT(*) FROM exports WHERE project_id = ? AND status = 'Running'",
            [principal.project_id],
        ).fetchone()[0]
        if running >= MAX_RUNNING:
            raise Rejected(
                rejection(
                    "MaximumSimultaneousExportsRejection",
                    f"{running} exports are running; at most {MAX_RUNNING} at once.",
                )
            )
        today = env.now()[:10]
        started = db.execute(
            "SELECT COUNT(*) FROM exports WHERE project_id = ? AND substr(created_at, 1, 10) = ?",
            [principal.project_id, today],
        ).fetchone()[0]
        if started >= MAX_PER_DAY:
            raise Rejected(
                rejection(
                    "MaximumDailyExportsReachedRejection",
                    f"{started} exports started today; at most {MAX_PER_DAY} a day.",
                )
            )
        now = env.now()
        row = {
            "id": env.new_id(db, "export"),
            "project_id": principal.project_id,
            "type": export_type,
            "filters": json.dumps(filters or {}, sort_keys=True, default=str),
            "email": email,
            "status": "Running",
            "ready_at": _later(env, EXPORT_DURATION),
            "created_at": now,
            "updated_at": now,
        }
        insert_columns(db, "exports", row)
        return row


def _checked_dates(filters: dict[str, Any]) -> dict[str, Any]:
    """The filters with their date-times in the stored text form (compared as text), or a
    `ValidationRejection` naming each one that is not a date-time."""
    checks = Checks()
    result = dict(filters)
    for key, value in filters.items():
        if key.startswith(("is_after_", "is_before_")) and value is not None:
            try:
                result[key] = format_timestamp(parse_timestamp(str(value)))
            except ValueError:
                path: list[str | int] = ["input", "filters", _camel(key)]
                checks.fail("InvalidFormat", f"Not a date-time: {value!r}.", path)
    checks.raise_if_any()
    return result


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part.title() for part in rest)


def _csv(db: Database, export: Mapping[str, Any]) -> tuple[str, int]:
    """The export's file: its type's rows matching its filters, as CSV."""
    spec = EXPORT_TYPES[export["type"]]
    sql = spec["sql"]
    params: list[Any] = [export["project_id"]] * sql.count("?")
    for key, value in json.loads(export["filters"] or "{}").items():
        condition = spec["filters"].get(key)
        if condition is None or value is None or value == []:
            continue
        if "{}" in condition:  # a list condition with its placeholders inside
            values = list(value) if isinstance(value, list) else [value]
            sql += " AND " + condition.format(", ".join("?" * len(values)))
            params += values
        elif condition.endswith(" IN"):
            values = list(value) if isinstance(value, list) else [value]
            sql += f" AND {condition} ({', '.join('?' * len(values))})"
            params += values
        else:
            sql += f" AND {condition}"
            like = condition.endswith("LIKE ?")
            params.append(f"%{value}%" if like else (int(value) if value is True else value))
    cursor = db.execute(sql + " ORDER BY rowid", params)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([column[0] for column in cursor.description])
    rows = cursor.fetchall()
    writer.writerows(rows)
    return out.getvalue(), len(rows)


def list_exports(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """The project's exports, oldest first; filters `export_types`, `statuses`,
    `is_after_created_at`, `is_before_created_at`."""
    given = dict(filters or {})
    where, params = "project_id = ?", [principal.project_id]
    if principal.user_id is not None:  # the project's files: none for a user token
        where += " AND 0"
    for key, column in (("export_types", "type"), ("statuses", "status")):
        if given.get(key):
            where += f" AND {column} IN ({', '.join('?' * len(given[key]))})"
            params += list(given[key])
    for key, operator in (("is_after_created_at", ">"), ("is_before_created_at", "<")):
        if given.get(key):
            where += f" AND created_at {operator} ?"
            params.append(format_timestamp(parse_timestamp(str(given[key]))))
    page: dict[str, Any] = {"first": first, "after": after, "before": before}
    return paginate(env.store.db, "exports", where, params, **page)


def _finished(db: Database, principal: Principal, export_id: str) -> dict[str, Any]:
    export = _find(db, principal, export_id)
    if export["status"] == "Running":
        raise Rejected(
            rejection("StillExportingRejection", f"Export {export_id} is still running.")
        )
    return export


def delete_export(env: Environment, principal: Principal, export_id: str) -> str:
    """Delete a finished export and its file."""
    with env.store.atomic() as db:
        _finished(db, principal, export_id)
        db.execute("DELETE FROM exports WHERE id = ?", [export_id])
        return export_id


def download_link(
    env: Environment, principal: Principal, export_id: str, *, public_url: str
) -> str:
    """A new link to a Completed export's file, served by the simulator."""
    with env.store.atomic() as db:
        export = _finished(db, principal, export_id)
        if export["status"] != "Completed":
            gone = f"Export {export_id}'s file is gone ({export['status']})."
            raise Rejected(rejection("UnknownExportRejection", gone))
        token = env.new_token(db, "export-download")
        update_columns(
            db,
            "exports",
            export_id,
            {
                "download_token": hash_secret(token),
                "download_expires_at": _later(env, LINK_LIFETIME),
            },
        )
    return public_url.rstrip("/") + DOWNLOAD_PATH.format(environment=env.name.value, token=token)


def download(env: Environment, token: str) -> dict[str, Any] | None:
    """The export a download link names, while the link and the file last; else None."""
    rows = list(env.store.db["exports"].rows_where("download_token = ?", [hash_secret(token)]))
    if not rows:
        return None
    export = rows[0]
    if export["status"] != "Completed" or (export["download_expires_at"] or "") <= env.now():
        return None
    return export


class ExportWork:
    """Makes each Running export's file when it is due, and deletes files past their lifetime."""

    name = "exports"

    def next_due(self, env: Environment) -> str | None:
        row = env.store.db.execute(
            "SELECT MIN(due) FROM (SELECT ready_at AS due FROM exports WHERE status = 'Running' "
            "UNION ALL SELECT expires_at FROM exports WHERE status = 'Completed')"
        ).fetchone()
        return row[0] if row else None

    def run_due(self, env: Environment) -> list[dict[str, Any]]:
        now = env.now()
        timeline: list[dict[str, Any]] = []
        due = env.store.db.execute(
            "SELECT id FROM exports WHERE (status = 'Running' AND ready_at <= ?) "
            "OR (status = 'Completed' AND expires_at <= ?) ORDER BY created_at, id",
            [now, now],
        ).fetchall()
        for (export_id,) in due:
            with env.store.atomic() as db:
                export = get_row(db, "exports", export_id)
                if export["status"] == "Running":
                    content, count = _csv(db, export)
                    changes = {
                        "status": "Completed",
                        "content": content,
                        "rows": count,
                        "expires_at": _later(env, FILE_LIFETIME),
                    }
                    summary = f"Export {export_id} ({export['type']}) made: {count} rows"
                else:
                    changes = {"status": "Expired", "content": None, "download_token": None}
                    summary = f"Export {export_id}'s file deleted"
                update_columns(db, "exports", export_id, {**changes, "updated_at": now})
            timeline.append(
                {
                    "at": now,
                    "environment": env.name.value,
                    "project_id": export["project_id"],
                    "work": "export",
                    "resource_id": export_id,
                    "summary": summary,
                }
            )
        return timeline

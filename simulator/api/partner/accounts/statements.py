"""Account and transaction statements, virtual IBANs and projectInfo."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import account_lifecycle, statements, virtual_ibans
from ....domain.kernel import projects
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import VirtualIbanEntryRow
from ...context import RequestContext
from ...mutations import returns_rejections
from .._helpers import amount, caller, item_resolver, row_resolver, transaction_node

query = QueryType()
mutation = MutationType()

statement = ObjectType("Statement")
transaction_statement = ObjectType("TransactionStatement")
virtual_iban = ObjectType("VirtualIBANEntry")
bindables: list[SchemaBindable] = [query, mutation, statement, transaction_statement, virtual_iban]

_AMOUNTS = (
    "openingBalance",
    "closingBalance",
    "totalCredits",
    "totalDebits",
    "fees",
    "feeDebits",
    "feeCredits",
)


def _download_url(info: ResolveInfo, kind: str, row: dict[str, Any]) -> str:
    """A URL on the simulator's own base URL: an account statement's file is served there
    (`server/files.py`); a transaction statement's, not (documented)."""
    ctx: RequestContext = info.context
    extension = str(row.get("format") or "pdf").lower()
    return f"{ctx.base_url}/{ctx.environment.name.value}-documents/{kind}/{row['id']}.{extension}"


query.set_field("accountStatement", item_resolver(statements.get_account_statement))
query.set_field("transactionStatement", item_resolver(statements.get_transaction_statement))

for _field in _AMOUNTS:
    statement.set_field(_field, lambda row, *_, key=_field: amount(row[_snake(key)]))
statement.set_field("account", row_resolver("accounts", "account_id"))
statement.set_field("status", lambda *_: "Available")


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


@statement.field("statusInfo")
def resolve_statement_status(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    return {
        "__typename": "GeneratedStatusInfo",
        "status": "Generated",
        "url": _download_url(info, "account-statements", row),
    }


@statement.field("type")
def resolve_statement_type(row: dict[str, Any], info: ResolveInfo) -> list[dict[str, Any]]:
    kind = row.get("format") or "PDF"
    return [
        {
            "__typename": "PdfStatement" if kind == "PDF" else "CsvStatement",
            "type": kind,
            "url": _download_url(info, "account-statements", row),
            "expires_at": None,
        }
    ]


@transaction_statement.field("statusInfo")
def resolve_transaction_statement_status(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = statements.transaction_statement_status(env, row)
    if status == "Expired":
        return {
            "__typename": "ExpiredTransactionStatementStatusInfo",
            "status": status,
            "expired_at": row["expires_at"],
        }
    return {
        "__typename": "GeneratedTransactionStatementStatusInfo",
        "status": status,
        "url": _download_url(info, "transaction-statements", {**row, "format": "PDF"}),
        "expires_at": row["expires_at"],
    }


transaction_statement.set_field("account", row_resolver("accounts", "account_id"))


@transaction_statement.field("transaction")
def resolve_statement_transaction(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return transaction_node(get_row(env.store.db, "transactions", row["transaction_id"]))


virtual_iban.set_field("IBAN", lambda row, *_: row["iban"])
virtual_iban.set_field("BIC", lambda row, *_: row["bic"])
virtual_iban.set_field("blockSDD", lambda row, *_: bool(row["block_sdd"]))
virtual_iban.set_field("bankDetails", lambda *_: None)


@mutation.field("generateAccountStatement")
def resolve_generate_statement(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    return statements.generate_account_statement(
        env,
        principal,
        input["account_id"],
        opening_date=input["opening_date"],
        closing_date=input["closing_date"],
        format=input.get("format") or input.get("statement_type"),
        language=input.get("language"),
    )


@mutation.field("generateTransactionStatement")
@returns_rejections
def resolve_generate_transaction_statement(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, principal = caller(info)
    row = statements.generate_transaction_statement(
        env, principal, input["transaction_id"], language=input.get("language")
    )
    return {
        "__typename": "GenerateTransactionStatementSuccessPayload",
        "transaction_statement": row,
    }


def _entry_payload(name: str, entry: VirtualIbanEntryRow) -> dict[str, Any]:
    return {"__typename": f"{name}SuccessPayload", "virtual_iban_entry": entry}


@mutation.field("addVirtualIbanEntry")
@returns_rejections
def resolve_add_virtual_iban(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    env, principal = caller(info)
    entry = virtual_ibans.add_virtual_iban(env, principal, (input or {}).get("account_id", ""))
    return _entry_payload("AddVirtualIbanEntry", entry)


@mutation.field("cancelVirtualIbanEntry")
@returns_rejections
def resolve_cancel_virtual_iban(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    entry = virtual_ibans.cancel_virtual_iban(env, principal, input["virtual_iban_entry_id"])
    return _entry_payload("CancelVirtualIbanEntry", entry)


def _entry_sdd_resolver(name: str, blocked: bool) -> Any:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        env, principal = caller(info)
        entry = virtual_ibans.set_virtual_iban_sdd(
            env, principal, input["iban_entry_id"], blocked=blocked
        )
        return _entry_payload(name, entry)

    return resolve


mutation.set_field(
    "allowSddVirtualIbanEntry", _entry_sdd_resolver("AllowSddVirtualIbanEntry", False)
)
mutation.set_field("denySddVirtualIbanEntry", _entry_sdd_resolver("DenySddVirtualIbanEntry", True))


@query.field("projectInfo")
def resolve_project_info(_: Any, info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    project = projects.get_project(env, principal.project_id)
    return {
        "id": project["id"],
        # Its fields read this project's data whoever asks: on the unauthenticated API, where
        # the caller has no project, they run as the row's (`as_row_owner`).
        "project_id": project["id"],
        "name": project["name"],
        "status": "Enabled",
        "type": "CompanyAndCustomers",
        "o_auth_client_id": project["client_id"],
        "project_settings_id": project["id"],
        "tcu_document_id": project["id"],
        "accent_color": None,
        "logo_uri": None,
        "allows_desktop_authentication": True,
        "multiple_accounts_settings": {
            "can_open_account": True,
            "account_creation_limit": account_lifecycle.ACCOUNT_CREATION_LIMIT,
        },
    }

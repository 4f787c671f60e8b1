"""Accounts: queries, nested lists, openAccount, updateAccount, closeAccount, allowSdd and
denySdd."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import account_lifecycle, statements, virtual_ibans
from ....domain.accounts import accounts as domain
from ....domain.accounts import transactions as transaction_domain
from ....domain.kernel.rejections import Rejected, validation, validation_error
from ....exceptions import NotFound
from ....graphql_compat import ResolveInfo
from ....storage.rows import AccountHolderRow, AccountRow
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import (
    caller,
    connection_resolver,
    item_resolver,
    normalized_filters,
    transaction_node,
)
from .memberships import resolve_account_memberships

query = QueryType()
mutation = MutationType()

account = ObjectType("Account")
bindables: list[SchemaBindable] = [query, mutation, account]

#: The real service names countries with three letters; the simulator stores two.
COUNTRY_CODES = {"BE": "BEL", "DE": "DEU", "ES": "ESP", "FR": "FRA", "IT": "ITA", "NL": "NLD"}

#: The reason an account's status carries when none was given.
_DEFAULT_REASONS = {
    "Suspended": "Suspended by the bank",
    "Closing": "Closing requested",
    "Closed": "Closing requested",
}


_list_accounts = connection_resolver(domain.list_accounts)
#: `RequestContext.batches` key: the account ids of the page `accounts` answered last, and
#: their balances once one of them is asked for.
_PAGE_BALANCES = "accounts.balances"


@query.field("accounts")
def resolve_accounts(parent: Any, info: ResolveInfo, **arguments: Any) -> dict[str, Any]:
    page: dict[str, Any] = _list_accounts(parent, info, **arguments)
    batches = getattr(info.context, "batches", None)
    if batches is not None:
        batches[_PAGE_BALANCES] = _PageBalances([edge["node"]["id"] for edge in page["edges"]])
    return page


class _PageBalances:
    """The balances of one page of accounts, read for all of them at the first one asked."""

    def __init__(self, account_ids: list[str]) -> None:
        self.account_ids = set(account_ids)
        self._ids = account_ids
        self._read: dict[str, dict[str, Any]] | None = None

    def of(self, info: ResolveInfo, account_id: str) -> dict[str, Any]:
        if self._read is None:
            env, _ = caller(info)
            self._read = domain.accounts_balances(env, self._ids)
        return self._read[account_id]


query.set_field("account", item_resolver(domain.get_account))


def _of_account(row: dict[str, Any]) -> dict[str, Any]:
    return {"account_id": row["id"]}


@account.field("statusInfo")
def resolve_status_info(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    reason = row.get("status_reason") or _DEFAULT_REASONS.get(status, "")
    info: dict[str, Any] = {"__typename": f"Account{status}Status", "status": status}
    if status == "Suspended":
        info["reason"] = reason
        info["reason_info"] = {
            "__typename": "SuspendAccountReason",
            "type": "SuspendRequested",
            "message": row.get("status_reason"),
        }
    elif status in ("Closing", "Closed"):
        info["reason"] = reason
        info["reason_info"] = {
            "__typename": "CloseAccountReason",
            "type": row.get("closing_reason_type") or "Other",
            "message": row.get("status_reason"),
        }
        info["closing_at"] = row.get("closing_at") or row["updated_at"]
        info["closed_at"] = row.get("closed_at")
    return info


@account.field("balances")
def resolve_balances(row: AccountRow, info: ResolveInfo) -> dict[str, Any]:
    page: _PageBalances | None = getattr(info.context, "batches", {}).get(_PAGE_BALANCES)
    if page is not None and row["id"] in page.account_ids:
        balances = page.of(info, row["id"])  # the page's, in one query (issue 35)
    else:
        balances = domain.account_balances(caller(info)[0], row)
    return {name: {"value": value, "currency": row["currency"]} for name, value in balances.items()}


@account.field("holder")
def resolve_holder(row: dict[str, Any], info: ResolveInfo) -> AccountHolderRow:
    env, _ = caller(info)
    return domain.get_account_holder(env, row["project_id"], row["holder_id"])


@account.field("legalRepresentativeMembership")
def resolve_legal_representative(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    rows = list(
        env.store.db["account_memberships"].rows_where(
            "account_id = ? AND legal_representative = 1",
            [row["id"]],
            order_by="created_at, id",
            limit=1,
        )
    )
    if not rows:
        raise NotFound(f"Account {row['id']} has no legal representative.")
    return rows[0]


_CONSTANTS: dict[str, Any] = {
    # Every simulated account is a current, payment service account with no payment cap.
    "cashAccountType": "Current",
    "paymentAccountType": "PaymentService",
    "paymentLevel": "Unlimited",
    "requiredConsentToFetchNewTransactions": False,
    "bankDetails": None,
    "upgradedAt": None,
    "settings": {"allow_bulk_credit_transfers_without_beneficiary_verification": False},
}
for _name, _value in _CONSTANTS.items():
    account.set_field(_name, lambda *_, value=_value: value)

account.set_field("number", lambda row, *_: row["number"])
account.set_field("IBAN", lambda row, *_: row.get("iban"))
account.set_field("BIC", lambda row, *_: row["bic"])
account.set_field("blockSDD", lambda row, *_: bool(row.get("block_sdd")))
account.set_field("language", lambda row, *_: row.get("language") or "en")
account.set_field("country", lambda row, *_: COUNTRY_CODES.get(row["country"], row["country"]))
account.set_field("memberships", resolve_account_memberships)
account.set_field(
    "statements", connection_resolver(statements.list_account_statements, _of_account)
)
account.set_field(
    "virtualIbanEntries", connection_resolver(virtual_ibans.list_virtual_ibans, _of_account)
)


#: A transaction list's `orderBy.field` -> its column. Left out, the order is the real
#: service's: `updatedAt`, newest first.
TRANSACTION_ORDER_COLUMNS = {
    "updatedAt": "updated_at",
    "createdAt": "created_at",
    "executionDate": "execution_date",
    "id": "id",
}


def transactions_connection(
    info: ResolveInfo,
    scope: dict[str, Any],
    first: int | None,
    after: str | None,
    filters: dict[str, Any] | None,
    order_by: dict[str, Any] | None,
    offset: int | None = None,
) -> dict[str, Any]:
    """A transaction connection with `scope` (e.g. the account id) overriding the filters."""
    env, principal = caller(info)
    merged = {
        **normalized_filters(
            filters,
            "is_after_execution_date",
            "is_before_execution_date",
            "is_after_updated_at",
            "is_before_updated_at",
        ),
        **scope,
    }
    page = transaction_domain.list_transactions(
        env,
        principal,
        first=first,
        after=after,
        filters=merged,
        descending=(order_by or {}).get("direction") != "Asc",
        offset=offset,
        order=(TRANSACTION_ORDER_COLUMNS[(order_by or {}).get("field") or "updatedAt"], "id"),
    )
    return connection(page, transaction_node)


@account.field("transactions")
def resolve_account_transactions(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return transactions_connection(info, {"account_id": row["id"]}, first, after, filters, order_by)


@mutation.field("openAccount")
@returns_rejections
def resolve_open_account(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    opened = account_lifecycle.open_account(
        env,
        principal,
        input["account_holder_id"],
        name=input.get("name"),
        language=input.get("language"),
    )
    return {"__typename": "OpenAccountSuccessPayload", "account": opened}


@mutation.field("updateAccount")
@returns_rejections
def resolve_update_account(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    updated = account_lifecycle.update_account(
        env, principal, input["account_id"], name=input.get("name"), language=input.get("language")
    )
    return {"__typename": "UpdateAccountSuccessPayload", "account": updated}


@mutation.field("closeAccount")
@returns_rejections
def resolve_close_account(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    consent = account_lifecycle.close_account(
        env,
        principal,
        input["account_id"],
        consent_redirect_url=input["consent_redirect_url"],
        reason=input.get("reason"),
    )
    return {"__typename": "CloseAccountSuccessPayload", "consent": consent}


def _sdd_resolver(name: str, blocked: bool) -> Any:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any] | None = None) -> dict[str, Any]:
        env, principal = caller(info)
        if input is None:  # denySdd's input is optional in the real schema, yet needed
            raise Rejected(
                validation([validation_error("Missing", "The input is required.", ["input"])])
            )
        changed = account_lifecycle.block_sdd(env, principal, input["account_id"], blocked=blocked)
        return {"__typename": f"{name}SuccessPayload", "account": changed}

    return resolve


mutation.set_field("allowSdd", _sdd_resolver("AllowSdd", blocked=False))
mutation.set_field("denySdd", _sdd_resolver("DenySdd", blocked=True))

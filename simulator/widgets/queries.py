"""Every GraphQL document the widgets send, in one place.

The Console builds its documents from the schema (`documents.py`); the widgets below read
through these few fixed ones, so a renamed field is fixed here once.
"""

from __future__ import annotations

__all__ = ["ACCOUNTS", "ACCOUNT_TRANSACTIONS", "TRANSACTIONS"]

#: The Ledger's accounts, with their three balances.
ACCOUNTS = """query LedgerAccounts($first: Int!) {
  accounts(first: $first) {
    edges { node { id name IBAN balances {
      available { value currency }
      booked { value currency }
      pending { value currency }
    } } }
  }
}"""

#: The fields of a transaction the Ledger shows; the status sits inside `statusInfo`.
_PAGE = """totalCount
    pageInfo { hasNextPage endCursor }
    edges { node {
      id type side statusInfo { status } label executionDate
      amount { value currency }
    } }"""

#: The Ledger's transactions page, every account (filters: `TransactionsFiltersInput`).
TRANSACTIONS = f"""query LedgerTransactions($first: Int!, $after: String,
    $filters: TransactionsFiltersInput) {{
  transactions(first: $first, after: $after, filters: $filters,
    orderBy: {{field: executionDate, direction: Asc}}) {{
    {_PAGE}
  }}
}}"""

#: The same page for one account: the filters have no account, the account has transactions.
ACCOUNT_TRANSACTIONS = f"""query LedgerAccountTransactions($accountId: ID!, $first: Int!,
    $after: String, $filters: TransactionsFiltersInput) {{
  account(accountId: $accountId) {{
    transactions(first: $first, after: $after, filters: $filters,
    orderBy: {{field: executionDate, direction: Asc}}) {{
      {_PAGE}
    }}
  }}
}}"""

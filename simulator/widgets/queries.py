"""Every GraphQL document the widgets send, in one place.

The Console builds its documents from the schema (`documents.py`); the widgets below read
through these few fixed ones, so a renamed field is fixed here once.
"""

from __future__ import annotations

__all__ = ["ACCOUNTS", "TRANSACTIONS"]

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

#: The Ledger's transactions page (filters: `TransactionFilterInput`).
TRANSACTIONS = """query LedgerTransactions($first: Int!, $after: String,
    $filters: TransactionFilterInput) {
  transactions(first: $first, after: $after, filters: $filters) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node {
      id type side status label executionDate
      amount { value currency }
    } }
  }
}"""

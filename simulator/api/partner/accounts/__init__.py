"""Partner API resolvers of the `accounts` family (`domain/accounts/`): accounts, account
holders, memberships, statements, transactions and invoices.

Their SDL is in `api/schema/partner/accounts/`; `api/partner/__init__.py` assembles them."""

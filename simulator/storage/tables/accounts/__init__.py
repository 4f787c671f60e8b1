"""Tables of the `accounts` family (`domain/accounts/`), as named migration sets: accounts'
extra columns, virtual IBANs, statements (`accounts`), memberships' and users' (`memberships`),
invoices and billing (`billing`).

`storage/tables/__init__.py` lists every set in the order they are applied."""

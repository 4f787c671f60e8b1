"""Tables of the `payments` family (`domain/payments/`), as named migration sets: beneficiaries
and standing orders (`payments`), received direct debit mandates.

`storage/tables/__init__.py` lists every set in the order they are applied."""

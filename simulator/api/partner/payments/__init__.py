"""Partner API resolvers of the `payments` family (`domain/payments/`): transfers,
beneficiaries, standing orders and direct debits.

Their SDL is in `api/schema/partner/payments/`; `api/partner/__init__.py` assembles them."""

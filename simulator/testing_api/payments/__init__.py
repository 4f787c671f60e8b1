"""Testing API resolvers of the `payments` family (`domain/payments/`): incoming and returned
transfers, international transfers, direct debits.

Their SDL is in `testing_api/schema/payments/`; `testing_api/__init__.py` assembles them."""

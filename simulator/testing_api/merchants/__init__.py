"""Testing API resolvers of the `merchants` family (`domain/merchants/`): the bank's review of
merchant profiles and payment methods.

Their SDL is in `testing_api/schema/merchants/`; `testing_api/__init__.py` assembles them."""

"""Testing API resolvers of the `accounts` family (`domain/accounts/`): the bank's review of
holders, manual fees, suspending accounts; billing.

Their SDL is in `testing_api/schema/accounts/`; `testing_api/__init__.py` assembles them."""

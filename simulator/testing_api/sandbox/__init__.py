"""Testing API resolvers of the `sandbox` family (`domain/sandbox/`): the outside world's
banking events (`banking`), test checks, sandbox users.

Their SDL is in `testing_api/schema/sandbox/`; `testing_api/__init__.py` assembles them."""

"""Testing API resolvers of the `funding` family (`domain/funding/`): funding requests' outcomes
and funding limits.

Their SDL is in `testing_api/schema/funding/`; `testing_api/__init__.py` assembles them."""

"""Partner API resolvers of the `funding` family (`domain/funding/`): funding sources, their
limits and funding requests.

Their SDL is in `api/schema/partner/funding/`; `api/partner/__init__.py` assembles them."""

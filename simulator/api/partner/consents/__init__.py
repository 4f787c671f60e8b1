"""Partner API resolvers of the `consents` family (`domain/consents/`): consents.

Their SDL is in `api/schema/partner/consents/`; `api/partner/__init__.py` assembles them."""

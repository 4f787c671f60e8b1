"""Partner API resolvers of the `users` family (`domain/users/`): the calling user.

Their SDL is in `api/schema/partner/users/`; `api/partner/__init__.py` assembles them."""

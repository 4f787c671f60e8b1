"""Partner API resolvers of the `merchants` family (`domain/merchants/`): merchant profiles,
their payment methods and merchant payments.

Their SDL is in `api/schema/partner/merchants/`; `api/partner/__init__.py` assembles them."""

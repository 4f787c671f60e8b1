"""Partner API resolvers of the `capital_deposits` family (`domain/capital_deposits/`): capital
deposit cases, their shareholders and documents (`capital_deposits`).

Their SDL is in `api/schema/partner/capital_deposits/`; `api/partner/__init__.py` assembles them."""

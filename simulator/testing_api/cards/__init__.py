"""Testing API resolvers of the `cards` family (`domain/cards/`): card network operations, the
physical card's printing, delivery and renewal.

Their SDL is in `testing_api/schema/cards/`; `testing_api/__init__.py` assembles them."""

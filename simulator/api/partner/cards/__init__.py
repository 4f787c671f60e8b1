"""Partner API resolvers of the `cards` family (`domain/cards/`): cards: their queries and
fields (`cards`) and their mutations (`card_mutations`).

Their SDL is in `api/schema/partner/cards/`; `api/partner/__init__.py` assembles them."""

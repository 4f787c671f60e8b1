"""Tables of the `cards` family (`domain/cards/`), as named migration sets: physical cards,
pending card changes, card transactions' enrichment.

`storage/tables/__init__.py` lists every set in the order they are applied."""

"""Tables of the `capital_deposits` family (`domain/capital_deposits/`), as named migration
sets: cases, shareholders, documents.

`storage/tables/__init__.py` lists every set in the order they are applied."""

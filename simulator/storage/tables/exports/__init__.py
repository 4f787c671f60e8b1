"""Tables of the `exports` family (`domain/exports/`), as named migration sets: exports and
their files.

`storage/tables/__init__.py` lists every set in the order they are applied."""

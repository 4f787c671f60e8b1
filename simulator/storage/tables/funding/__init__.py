"""Tables of the `funding` family (`domain/funding/`), as named migration sets: funding sources,
limits and requests.

`storage/tables/__init__.py` lists every set in the order they are applied."""

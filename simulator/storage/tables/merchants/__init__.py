"""Tables of the `merchants` family (`domain/merchants/`), as named migration sets: merchant
profiles and payment methods (`merchants`), merchant payments.

`storage/tables/__init__.py` lists every set in the order they are applied."""

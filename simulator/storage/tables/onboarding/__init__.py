"""Tables of the `onboarding` family (`domain/onboarding/`), as named migration sets:
onboardings, supporting document collections and documents.

`storage/tables/__init__.py` lists every set in the order they are applied."""

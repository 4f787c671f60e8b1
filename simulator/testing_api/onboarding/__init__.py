"""Testing API resolvers of the `onboarding` family (`domain/onboarding/`): supporting
documents' uploads and review.

Their SDL is in `testing_api/schema/onboarding/`; `testing_api/__init__.py` assembles them."""

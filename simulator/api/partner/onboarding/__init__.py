"""Partner API resolvers of the `onboarding` family (`domain/onboarding/`): onboarding (current,
legacy and public).

Their SDL is in `api/schema/partner/onboarding/`; `api/partner/__init__.py` assembles them."""

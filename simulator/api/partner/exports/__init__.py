"""Partner API resolvers of the `exports` family (`domain/exports/`): data exports, their files
and download links (`exports`).

Their SDL is in `api/schema/partner/exports/`; `api/partner/__init__.py` assembles them."""

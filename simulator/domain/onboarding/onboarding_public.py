"""Public onboarding (the sign-up form a partner puts on its site) and the legal forms a
company onboarding's `legalFormCode` takes.

Public onboarding is a project setting (the real service's Dashboard toggle "Public links");
the simulator has no Dashboard, so it is on until `set_public_onboarding` switches it off.
While it is off, the `createPublic...`/`updatePublic...` mutations answer a
`PublicOnboardingDisabledRejection`.

```python
check_public_onboarding(env.store.db, project_id)       # raises Rejected when switched off
legal_forms("DEU")[0]["code"]                           # '2HBR' (GmbH)
```
"""

from __future__ import annotations

from typing import Any

from ...storage import Database, rows_where
from ..kernel.context import Environment
from ..kernel.rejections import Rejected, rejection

__all__ = [
    "LEGAL_FORMS",
    "check_public_onboarding",
    "legal_forms",
    "public_onboarding_enabled",
    "set_public_onboarding",
]

#: (country, code, local name, abbreviation). France: INSEE legal categories ("catégories
#: juridiques"); Germany: ISO 20275 Entity Legal Form codes. A short list of the common ones.
LEGAL_FORMS: tuple[tuple[str, str, str, str | None], ...] = (
    ("FRA", "1000", "Entrepreneur individuel", "EI"),
    ("FRA", "5202", "Société en nom collectif", "SNC"),
    ("FRA", "5498", "Société à responsabilité limitée unipersonnelle", "EURL"),
    ("FRA", "5499", "Société à responsabilité limitée", "SARL"),
    ("FRA", "5599", "Société anonyme à conseil d'administration", "SA"),
    ("FRA", "5710", "Société par actions simplifiée", "SAS"),
    ("FRA", "5720", "Société par actions simplifiée unipersonnelle", "SASU"),
    ("FRA", "6540", "Société civile immobilière", "SCI"),
    ("FRA", "9220", "Association déclarée", None),
    ("DEU", "2HBR", "Gesellschaft mit beschränkter Haftung", "GmbH"),
    ("DEU", "6QQB", "Aktiengesellschaft", "AG"),
    ("DEU", "V6XX", "Offene Handelsgesellschaft", "OHG"),
    ("DEU", "WDYE", "Eingetragene Genossenschaft", "eG"),
)


def legal_forms(country: str) -> list[dict[str, Any]]:
    """The legal forms of `country` (ISO 3166-1 alpha-3); empty for a country not listed."""
    return [
        {"code": code, "country": where, "local_name": name, "local_abbreviation": short}
        for where, code, name, short in LEGAL_FORMS
        if where == country.upper()
    ]


def public_onboarding_enabled(db: Database, project_id: str) -> bool:
    rows = list(rows_where(db, "onboarding_settings", "project_id = ?", [project_id]))
    return bool(rows[0]["public_onboarding"]) if rows else True


def set_public_onboarding(env: Environment, project_id: str, enabled: bool) -> None:
    """Switch the project's public onboarding on or off (the Dashboard's toggle)."""
    with env.store.atomic() as db:
        db.table("onboarding_settings").upsert(
            {"project_id": project_id, "public_onboarding": int(enabled), "updated_at": env.now()},
            pk="project_id",
        )


def check_public_onboarding(db: Database, project_id: str) -> None:
    """Raise the rejection when the project's public onboarding is switched off."""
    if not public_onboarding_enabled(db, project_id):
        raise Rejected(
            rejection(
                "PublicOnboardingDisabledRejection",
                "Public onboarding is switched off for this project.",
            )
        )

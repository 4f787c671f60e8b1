"""Onboardings in seed datasets: each `onboardings` record becomes an account holder
onboarding of the project (and its supporting document collection), through the same
`create_onboarding` as the API.

```json
{"key": "onboarding:grace", "type": "Individual", "account_country": "FRA",
 "account_name": "Grace's account",
 "account_admin": {"email": "grace@example.com", "firstName": "Grace", "lastName": "Hopper"}}
```

`type` is `Individual` or `Company` (with a `company` object: `name`, `registrationNumber`,
`legalFormCode`, ...); the admin and company objects use the API's field names.
"""

from __future__ import annotations

from typing import Any, Protocol

from ...exceptions import ConfigurationError
from ..kernel.context import Environment, Principal
from ..onboarding.onboarding import COUNTRIES, create_onboarding

__all__ = ["load_onboarding"]


class _Loader(Protocol):
    env: Environment
    project_id: str

    def seen(self, record: dict[str, Any]) -> bool: ...
    def remember(self, key: str, resource_type: str, resource_id: str) -> None: ...
    def fail(self, record: dict[str, Any], message: str) -> ConfigurationError: ...


def load_onboarding(loader: _Loader, record: dict[str, Any]) -> None:
    if loader.seen(record):
        return
    kind = record.get("type")
    if kind not in ("Individual", "Company"):
        raise loader.fail(record, "type must be Individual or Company.")
    if record.get("account_country") not in COUNTRIES:
        raise loader.fail(record, f"account_country must be one of {', '.join(COUNTRIES)}.")
    for field in ("account_admin", "company"):
        if not isinstance(record.get(field) or {}, dict):
            raise loader.fail(record, f"{field} must be an object.")
    row = create_onboarding(
        loader.env,
        Principal(loader.env.name, loader.project_id),
        "Company" if kind == "Company" else "Individual",
        account_info={"country": record["account_country"], "name": record.get("account_name")},
        account_admin=record.get("account_admin"),
        company=record.get("company") if kind == "Company" else None,
    )
    loader.remember(record["key"], "Onboarding", row["id"])

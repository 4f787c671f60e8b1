"""`users(filters:)` and `exportUserData(filters:)` by birth date, nationality, identification
level and the project's notification channel; only the project's users."""

from __future__ import annotations

from typing import Any

from simulator.domain.users.users import create_user

from .banking_support import Bank
from .test_exports import download, start

USERS = "query($f: UserFilterInput) { users(filters: $f) { edges { node { id } } } }"


def _ids(bank: Bank, filters: dict[str, Any]) -> set[str]:
    edges = bank.api.query(USERS, {"f": filters})["users"]["edges"]
    return {edge["node"]["id"] for edge in edges}


def _users(bank: Bank) -> tuple[str, str]:
    ada = create_user(
        bank.env,
        "+33655000101",
        first_name="Ada",
        last_name="Byron",
        birth_date="1990-12-10",
        identification_levels=["Expert", "QES"],
        project_id=bank.project_id,
    )
    bob = create_user(
        bank.env,
        "+33655000102",
        first_name="Bob",
        last_name="Martin",
        birth_date="1985-01-02",
        project_id=bank.project_id,
    )
    bank.env.store.db["users"].update(ada["id"], {"nationality_cca3": "FRA"})
    bank.env.store.db["users"].update(bob["id"], {"nationality_cca3": "DEU"})
    return ada["id"], bob["id"]


def test_users_filter_by_details(bank: Bank) -> None:
    ada, bob = _users(bank)
    # Another project's user with the same details is never listed.
    create_user(bank.env, "+33655000103", birth_date="1990-12-10", project_id="other")
    assert _ids(bank, {"birthDate": "1990-12-10"}) == {ada}
    assert _ids(bank, {"nationalityCCA3": "DEU"}) == {bob}
    assert _ids(bank, {"identificationLevel": "QES"}) == {ada}
    assert _ids(bank, {"identificationLevel": "PVID"}) == set()
    sms = _ids(bank, {"preferredNotificationChannel": "Sms"})
    assert {ada, bob} <= sms
    bank.api.mutate(
        "updateUserConsentSettings",
        {"userId": bob, "preferredNotificationChannel": "App"},
    )
    assert _ids(bank, {"preferredNotificationChannel": "App"}) == {bob}
    assert bob not in _ids(bank, {"preferredNotificationChannel": "Sms"})
    bad = bank.api.post(USERS, {"f": {"birthDate": "10/12/1990"}})
    assert bad.get("errors"), bad


def test_user_export_filters_by_identification_level_and_nationality(bank: Bank) -> None:
    ada, bob = _users(bank)
    export_id = start(bank, "exportUserData", {"identificationLevel": "Expert"})
    by_nationality = start(bank, "exportUserData", {"nationalityCCA3": "DEU"})
    bank.sim.advance("1m")
    assert [row["id"] for row in download(bank, export_id)] == [ada]
    assert [row["id"] for row in download(bank, by_nationality)] == [bob]

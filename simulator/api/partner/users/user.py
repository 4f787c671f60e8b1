"""Users: `user(id)`, `users`, and the `User` fields built from the stored row."""

from __future__ import annotations

import json
from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import memberships
from ....domain.sandbox import sandbox_identifications
from ....domain.users import user_settings
from ....domain.users.users import list_users, visible_user
from ....exceptions import NotFound
from ....graphql_compat import ResolveInfo
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import caller, domain_filters

query = QueryType()
mutation = MutationType()

user_type = ObjectType("User")
levels_type = ObjectType("IdentificationLevels")
bindables: list[SchemaBindable] = [query, mutation, user_type, levels_type]


def _level(name: str) -> Any:
    def resolve(levels: dict[str, bool], _: ResolveInfo) -> bool:
        return levels[name]

    return resolve


# Set explicitly: the snake_case mapping of names would miss `PVID` and `QES`.
for _name in ("expert", "PVID", "QES"):
    levels_type.set_field(_name, _level(_name))


@query.field("user")
def resolve_user(_: Any, info: ResolveInfo, id: str | None = None) -> dict[str, Any] | None:
    env, principal = caller(info)
    if id is None and principal.user_id is None:
        return None
    try:
        return visible_user(env, principal, id)
    except NotFound:
        return None


@query.field("users")
def resolve_users(
    _: Any,
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    search: str | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    if search:
        filters = {**(filters or {}), "search": search}
    wanted = domain_filters(filters)
    page = list_users(env, principal, first=first, after=after, before=before, filters=wanted)
    return connection(page)


@user_type.field("mobilePhoneNumber")
def resolve_phone(row: dict[str, Any], _: ResolveInfo) -> str | None:
    # A deactivated or deleted user's number was freed (its column holds a tombstone).
    phone = str(row["phone_number"])
    return phone if phone.startswith("+") else None


@user_type.field("allFirstNames")
def resolve_all_first_names(row: dict[str, Any], _: ResolveInfo) -> list[str] | None:
    names = row.get("all_first_names")
    return json.loads(names) if isinstance(names, str) else names


@user_type.field("birthCountry")
def resolve_birth_country(row: dict[str, Any], _: ResolveInfo) -> str | None:
    return row.get("birth_country_cca3")


@user_type.field("nationalityCCA3")
def resolve_nationality(row: dict[str, Any], _: ResolveInfo) -> str | None:
    return row.get("nationality_cca3")


@user_type.field("fullName")
def resolve_full_name(row: dict[str, Any], _: ResolveInfo) -> str | None:
    parts = [row.get("first_name"), row.get("last_name")]
    return " ".join(part for part in parts if part) or None


@user_type.field("identificationLevels")
def resolve_levels(row: dict[str, Any], _: ResolveInfo) -> dict[str, bool]:
    levels = row["identification_levels"]
    if isinstance(levels, str):
        levels = json.loads(levels)
    # A qualified electronic signature verifies the identity at least as far as Expert.
    return {
        "expert": "Expert" in levels or "QES" in levels,
        "PVID": "PVID" in levels,
        "QES": "QES" in levels,
    }


@user_type.field("status")
def resolve_status(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row.get("status") or "Active")


@user_type.field("verifiedEmails")
def resolve_emails(_: dict[str, Any], __: ResolveInfo) -> list[str]:
    return []


@user_type.field("emailAddresses")
def resolve_email_addresses(_: dict[str, Any], __: ResolveInfo) -> list[str]:
    return []


@user_type.field("preferredLastName")
@user_type.field("birthLastName")
def resolve_one_last_name(row: dict[str, Any], _: ResolveInfo) -> str | None:
    # One last name is kept: it is the preferred one and the one given at birth.
    return row.get("last_name")


@user_type.field("birthCity")
def resolve_birth_city(_: dict[str, Any], __: ResolveInfo) -> str | None:
    return None


@user_type.field("authenticators")
def resolve_authenticators(row: dict[str, Any], info: ResolveInfo) -> list[dict[str, Any]]:
    # Users sign in on the simulator's pages with a code sent by text message.
    # The Testing API's Authenticator also reads `id` and `status` (the partner API's has none).
    return [
        {
            "id": f"{row['id']}-web",
            "status": "Enabled",
            "type": "SwanWeb",
            "otp_phone_number": resolve_phone(row, info),
        }
    ]


@user_type.field("identifications")
def resolve_identifications(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    field = (order_by or {}).get("field") or "createdAt"
    page = sandbox_identifications.list_for_user(
        env,
        principal.project_id,
        row["id"],
        first=first,
        after=after,
        filters=filters,
        order_field="updated_at" if field == "updatedAt" else "created_at",
        descending=(order_by or {}).get("direction") == "Desc",
    )
    return connection(page, identification_node)


def identification_node(row: dict[str, Any]) -> dict[str, Any]:
    """A recorded identification as the `Identification` type shows it."""
    levels = json.loads(row["levels"])
    reasons = json.loads(row["error_reasons"]) if row.get("error_reasons") else None

    def level(key: str) -> dict[str, Any]:
        status = levels.get(key) or "NotStarted"
        info: dict[str, Any] = {"__typename": f"{status}IdentificationLevelStatusInfo"}
        return {**info, "status": status, "reasons": reasons if status == "Invalid" else None}

    return {
        "id": row["id"],
        "process": row["process"],
        "status": levels.get(str(row["process"]).lower()) or "NotStarted",
        "levels": {"expert": level("expert"), "pvid": level("pvid"), "qes": level("qes")},
        # No identity document is kept: the Testing API records outcomes only.
        "documents": [],
        "identity_document_type": None,
        "created_at": row["created_at"],
        "updated_at": row.get("updated_at") or row["created_at"],
    }


@user_type.field("joinedAt")
def resolve_joined_at(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row["created_at"])


@user_type.field("updatedAt")
def resolve_updated_at(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row.get("updated_at") or row["created_at"])


@user_type.field("preferredNotificationChannel")
def resolve_channel(row: dict[str, Any], info: ResolveInfo) -> str:
    env, principal = caller(info)
    found = env.store.db.execute(
        "SELECT preferred_notification_channel FROM user_consent_settings "
        "WHERE project_id = ? AND user_id = ?",
        [principal.project_id, row["id"]],
    ).fetchone()
    return str(found[0]) if found else "Sms"


@user_type.field("accountMemberships")
def resolve_memberships(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    page = memberships.list_memberships(
        env,
        principal,
        first=first,
        after=after,
        before=before,
        filters={**(filters or {}), "user_id": row["id"]},
    )
    return connection(page)


@mutation.field("updateUserConsentSettings")
@returns_rejections
def resolve_update_consent_settings(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, principal = caller(info)
    settings = user_settings.update_consent_settings(
        env, principal, input["user_id"], input["preferred_notification_channel"]
    )
    return {
        "__typename": "UpdateUserConsentSettingsSuccessPayload",
        "user_consent_settings": settings,
    }


@mutation.field("deactivateUser")
@returns_rejections
def resolve_deactivate_user(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    user = user_settings.deactivate_user(env, principal, input["user_id"])
    return {"__typename": "DeactivateUserSuccess", "user": user}

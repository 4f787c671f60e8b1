"""What an invitation or a membership update may state about the member beyond the
permissions: where they live (`residencyAddress`), their tax identification number, and
(update only) a spending limit of their own across all their cards.

The residency address and the tax number describe the member for tax reporting, which needs
the member's birth date: an update giving either for a member whose birth date is unknown
(neither in `restrictedTo.birthDate` nor on the bound user) is a `MissingBirthDateRejection`.
A member's spending limit declines a card payment that would take the member's cards, all
together, past it in the limit's period (`SpendingLimitReached`, see `cards/member_spending`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ...storage import Database
from ...storage.rows import AccountMembershipRow
from ..kernel.context import Principal
from ..kernel.rejections import Rejected, rejection
from ..kernel.spending_limits import checked_spending_limit
from ..kernel.validation import Checks

__all__ = ["checked_details", "require_birth_date", "require_may_send"]

_ADDRESS_KEYS = ("address_line_1", "address_line_2", "city", "postal_code", "state")
#: Letters, digits and the separators tax numbers are written with (at most 30).
_TAX_NUMBER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ./-]{0,29}$")


def _address(checks: Checks, address: dict[str, Any], path: list[str | int]) -> str:
    stored: dict[str, Any] = {
        key: checks.text(address.get(key), [*path, key], required=False, max_length=100)
        for key in _ADDRESS_KEYS
    }
    country = address.get("country")
    if country is not None and (len(str(country)) != 3 or not str(country).isalpha()):
        checks.fail("InvalidFormat", "A country is an ISO 3166-1 alpha-3 code.", [*path, "country"])
    stored["country"] = str(country).upper() if country else None
    return json.dumps(stored, sort_keys=True)


def checked_details(checks: Checks, info: dict[str, Any], path: list[str | int]) -> dict[str, Any]:
    """The columns of `residency_address`, `tax_identification_number` and `spending_limit`
    given in `info` (a `MembershipInfoInput` or an update), checked."""
    columns: dict[str, Any] = {}
    if info.get("residency_address") is not None:
        columns["residency_address"] = _address(
            checks, info["residency_address"], [*path, "residencyAddress"]
        )
    number = info.get("tax_identification_number")
    if number is not None:
        if not _TAX_NUMBER.match(str(number)):
            checks.fail(
                "InvalidFormat",
                "A tax identification number is 1 to 30 letters, digits, spaces, '.', '/', '-'.",
                [*path, "taxIdentificationNumber"],
            )
        columns["tax_identification_number"] = str(number)
    if info.get("spending_limit") is not None:
        limit = checked_spending_limit(checks, info["spending_limit"], path)
        limit.pop("spending_limit_currency")  # EUR, as every limit
        columns.update(limit)
    return columns


def require_birth_date(
    db: Database, membership: AccountMembershipRow, changes: dict[str, Any]
) -> None:
    """Tax details need the member's birth date (see the module's docstring)."""
    if not {"residency_address", "tax_identification_number"} & changes.keys():
        return
    if changes.get("restricted_birth_date") or membership.get("restricted_birth_date"):
        return
    if membership.get("user_id"):
        row = db.execute("SELECT birth_date FROM users WHERE id = ?", [membership["user_id"]])
        found = row.fetchone()
        if found and found[0]:
            return
    raise Rejected(
        rejection(
            "MissingBirthDateRejection",
            f"Account membership {membership['id']} has no birth date: give "
            "restrictedTo.birthDate with the residency address or tax number.",
        )
    )


def require_may_send(
    db: Database,
    principal: Principal,
    membership: AccountMembershipRow,
    redirect_url: str | None,
) -> None:
    """`sendAccountMembershipInviteNotification`'s own rules: the invitation's link may only
    lead to one of the project's redirect URIs, and a user cannot invite its own phone."""
    if redirect_url:
        row = db.execute(
            "SELECT redirect_uris FROM projects WHERE id = ?", [membership["project_id"]]
        ).fetchone()
        if redirect_url not in json.loads(row[0] if row and row[0] else "[]"):
            raise Rejected(
                rejection(
                    "AccountMembershipCustomInvitationCannotBeCreatedRejection",
                    f"{redirect_url} is not a redirect URI of the project: the invitation's "
                    "link cannot lead there.",
                    project_id=membership["project_id"],
                )
            )
    if principal.user_id is None:
        return
    own = db.execute("SELECT phone_number FROM users WHERE id = ?", [principal.user_id])
    phone = own.fetchone()
    if phone and phone[0] and phone[0] == membership.get("restricted_phone_number"):
        raise Rejected(
            rejection(
                "UserNotAllowedToSendAccountMembershipInvitationRejection",
                "A user cannot send an invitation restricted to its own phone number.",
            )
        )

"""The verification of a funding source's account (`DirectDebitAccountVerification`), moved
by the Testing API (`updateAccountVerificationStatus`): the bank checks that the funded IBAN
belongs to the account holder.

`PendingVerification` may become `PendingReview`, `Verified` or `Rejected`, and
`PendingReview` one of the last two; `Verified` and `Rejected` are final (a first booked
funding debit also verifies it, `domain.incoming_direct_debits`). Each change emits
`FundingSource.Updated`.
"""

from __future__ import annotations

from ...storage import rows_where
from ...storage.rows import FundingSourceRow
from ..kernel.context import Environment
from ..kernel.rejections import Rejected, forbidden
from .funding import update_source_verification

__all__ = ["ACCOUNT_VERIFICATION_STATUSES", "update_account_verification"]

ACCOUNT_VERIFICATION_STATUSES = ("PendingReview", "PendingVerification", "Rejected", "Verified")
_MOVES = {
    "PendingVerification": ("PendingReview", "Verified", "Rejected"),
    "PendingReview": ("Verified", "Rejected"),
}


def update_account_verification(
    env: Environment, project_id: str, verification_id: str, status: str
) -> FundingSourceRow:
    """The funding source of the verification, its verification moved to `status`."""
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db,
                "funding_sources",
                "verification_id = ? AND project_id = ?",
                [verification_id, project_id],
            )
        )
        if not rows:
            # The real union has no not-found rejection.
            raise Rejected(forbidden(f"Account verification {verification_id} was not found."))
        source = rows[0]
        current = source["verification_status"]
        if status not in _MOVES.get(current, ()):
            raise Rejected(
                forbidden(f"Account verification {verification_id} is {current}: not to {status}.")
            )
        return update_source_verification(env, db, source["id"], status)

"""Loans: not simulated. The bank here lends through an account's credit limit only (repaid per
cycle, `domain.credit_limits`); no transaction is a loan's payout. So the Testing API's
`simulateToRepayLoan` (move a loan, named by its payout transaction, to "to repay") checks its
input and then refuses, typed: an unknown transaction is a `TransactionNotFoundRejection`, a
known one a `ForbiddenRejection` saying it is no loan's payout. Nothing changes either way.
"""

from __future__ import annotations

from ..kernel.context import Environment
from ..kernel.rejections import Rejected, forbidden, rejection
from ..kernel.validation import Checks

__all__ = ["simulate_to_repay_loan"]


def simulate_to_repay_loan(
    env: Environment, project_id: str, transaction_id: str, payout_label: str
) -> None:
    """Always a rejection (see the module): the checks, then the transaction's refusal."""
    checks = Checks()
    checks.text(payout_label, ["input", "payoutLabel"], max_length=140)
    if checks.errors:
        # The payload has no ValidationRejection: a bad input is a refusal too.
        raise Rejected(forbidden("payoutLabel is required (at most 140 characters)."))
    found = env.store.db.execute(
        "SELECT type FROM transactions WHERE id = ? AND project_id = ?",
        [transaction_id, project_id],
    ).fetchone()
    if found is None:
        raise Rejected(
            rejection(
                "TransactionNotFoundRejection",
                f"Transaction {transaction_id} was not found.",
                transaction_id=transaction_id,
            )
        )
    raise Rejected(
        forbidden(
            f"Transaction {transaction_id} is a {found[0]}, no loan's payout: the simulator "
            "grants no loans (an account borrows through its credit limit only)."
        )
    )

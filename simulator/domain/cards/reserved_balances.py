"""The bank releases the balance a pending transaction holds back (simulator-only).

In the simulator's ledger a card authorization is what reserves an amount: the account's
`reserved` balance grows and its `available` balance shrinks until the merchant debits it or
the authorization is released. (The real service also keeps booked credits in a rolling
reserve, funding and check payments among them; the simulator does not model that reserve
yet.) The bank releases a reservation the merchant never settles: the transaction becomes
`Released` (`Transaction.Released`), its amount is available again, and the release is
announced as the real service announces one (`TransactionRollingReserve.Released`).

```python
row = release_reserved_balance(env, project_id, authorization_id)
row["status"]   # 'Released'
```
"""

from __future__ import annotations

from ...storage import rows_where
from ...storage.rows import TransactionRow
from ..accounts.ledger import change_status
from ..kernel.context import Environment
from ..kernel.events import emit
from ..kernel.rejections import Rejected, forbidden, not_found
from .cards import finish_canceling

__all__ = ["release_reserved_balance"]


def release_reserved_balance(
    env: Environment, project_id: str, transaction_id: str
) -> TransactionRow:
    """Release what a Pending card authorization reserves, in one transaction."""
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id]
            )
        )
        if not rows:
            raise Rejected(not_found("Transaction", transaction_id))
        transaction = rows[0]
        if transaction["type"] != "CardOutDebit" or transaction["status"] != "Pending":
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} ({transaction['type']}, "
                    f"{transaction['status']}) reserves no balance: only a pending card "
                    "authorization does."
                )
            )
        released = change_status(env, db, transaction, "Released", reason="ReservedBalanceReleased")
        emit(
            env,
            db,
            "TransactionRollingReserve.Released",
            project_id=project_id,
            resource_id=transaction_id,
        )
        # A card waiting to finish canceling does so once its last authorization is settled.
        finish_canceling(env, db, transaction["card_id"])
        return released

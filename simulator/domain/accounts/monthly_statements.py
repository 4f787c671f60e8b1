"""Monthly account statements, generated on the virtual clock as due work.

As in the real service, every account gets a statement of each calendar month on the first
day of the next one (00:00 UTC): a `Monthly` statement of `[first of the month, first of the
next)`, with the same balances and totals as a `Custom` one. The first covers the month the
account was opened in; a closed account gets none after it closed. The due instant is
computed from the statements already made, so the work is idempotent: advancing the clock
by a year makes twelve per account, in order, and nothing more.

Each statement has a file the simulator serves itself (`statement_files.py`): a PDF, and
the same lines as CSV.
"""

from __future__ import annotations

from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, insert_columns
from ..kernel.context import Environment
from .statements import statement_totals

__all__ = ["generate_due_statements", "next_monthly_statement"]

#: Per open account, the end of the next month to state: the closing date after its last
#: Monthly statement, else the first of the month after it was opened.
_NEXT_CLOSING = """
SELECT a.id, a.project_id, a.language, COALESCE(
    (SELECT strftime('%Y-%m-01T00:00:00.000Z', MAX(s.closing_date), '+1 month')
       FROM account_statements s WHERE s.account_id = a.id AND s.period = 'Monthly'),
    strftime(
        '%Y-%m-01T00:00:00.000Z', COALESCE(a.opened_at, a.created_at), 'start of month', '+1 month'
    )
) AS closing
FROM accounts a
WHERE a.status != 'Closed'
"""
_MONTH_BEFORE = "SELECT strftime('%Y-%m-01T00:00:00.000Z', ?, '-1 month')"


def next_monthly_statement(env: Environment) -> str | None:
    """The instant the next monthly statement is due (the earliest over every account)."""
    row = env.store.db.execute(f"SELECT MIN(closing) FROM ({_NEXT_CLOSING})").fetchone()
    return str(row[0]) if row and row[0] else None


def generate_due_statements(env: Environment) -> list[dict[str, Any]]:
    """Every monthly statement due by now, each account's months in order. Statements are
    no events: nothing is added to the timeline."""
    now = env.now()
    with env.store.atomic() as db:
        while True:
            due = [row for row in db.execute(_NEXT_CLOSING).fetchall() if row[3] and row[3] <= now]
            if not due:
                break
            for account_id, project_id, language, closing in due:
                _generate(env, db, account_id, project_id, language, closing)
    return []


def _generate(
    env: Environment,
    db: Database,
    account_id: str,
    project_id: str,
    language: str | None,
    closing: str,
) -> None:
    opening = str(db.execute(_MONTH_BEFORE, [closing]).fetchone()[0])
    # Made at the instant it was due, whenever the clock reached it.
    made = format_timestamp(parse_timestamp(closing))
    insert_columns(
        db,
        "account_statements",
        {
            "id": env.new_id(db, "account_statement"),
            "project_id": project_id,
            "account_id": account_id,
            "period": "Monthly",
            "format": "PDF",
            "language": language or "en",
            "status": "Generated",
            "opening_date": opening,
            "closing_date": closing,
            **{
                key: value
                for key, value in statement_totals(db, account_id, opening, closing).items()
                if "fee_" not in key
            },
            "created_at": made,
            "updated_at": made,
        },
    )

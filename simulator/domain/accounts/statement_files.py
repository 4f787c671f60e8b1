"""The file of an account statement, as its download URL serves it: a one-page PDF (or CSV)
with the account, the period, the balances and totals, and the booked transactions.

The PDF is written by hand (a few objects, the standard Helvetica font, no dependency): a
viewer opens it, a test reads its text. A statement is found by its id, which comes from the
environment file's id secret (unguessable, like an onboarding's), and no token is asked for.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ...storage import rows_where
from ..kernel.context import Environment

__all__ = ["statement_file"]

#: At most this many transaction lines on the page (a statement of a busy month says so).
_MAX_LINES = 40


def statement_file(
    env: Environment, statement_id: str, extension: str
) -> tuple[bytes, str, str] | None:
    """(content, media type, file name) of a statement's file; `None` when there is none."""
    db = env.store.db
    found = list(rows_where(db, "account_statements", "id = ?", [statement_id]))
    if not found or extension not in ("pdf", "csv"):
        return None
    statement: dict[str, Any] = dict(found[0])
    account = dict(next(iter(rows_where(db, "accounts", "id = ?", [statement["account_id"]]))))
    lines = _transactions(env, statement)
    name = f"statement-{statement['opening_date'][:7]}-{statement_id}.{extension}"
    if extension == "csv":
        return _csv(statement, lines), "text/csv; charset=utf-8", name
    return _pdf(_text_lines(statement, account, lines)), "application/pdf", name


def _transactions(env: Environment, statement: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        dict(row)
        for row in rows_where(
            env.store.db,
            "transactions",
            "account_id = ? AND status = 'Booked' AND booking_date >= ? AND booking_date < ?",
            [statement["account_id"], statement["opening_date"], statement["closing_date"]],
            order_by="booking_date, id",
        )
    ]


def _csv(statement: dict[str, Any], lines: list[dict[str, Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["bookingDate", "label", "side", "amount", "currency"])
    for line in lines:
        writer.writerow(
            [line["booking_date"], line["label"], line["side"], line["amount"], line["currency"]]
        )
    writer.writerow(["", "Closing balance", "", statement["closing_balance"], ""])
    return out.getvalue().encode("utf-8")


def _text_lines(
    statement: dict[str, Any], account: dict[str, Any], lines: list[dict[str, Any]]
) -> list[str]:
    text = [
        f"Account statement - {account['name']}",
        f"IBAN {account['iban']}  BIC {account['bic']}",
        f"From {statement['opening_date'][:10]} to {statement['closing_date'][:10]} (excluded)",
        f"Opening balance: {statement['opening_balance']} {account['currency']}",
        f"Credits: {statement['total_credits']}  Debits: {statement['total_debits']}  "
        f"Fees: {statement['fees']}",
        f"Closing balance: {statement['closing_balance']} {account['currency']}",
        "",
    ]
    for line in lines[:_MAX_LINES]:
        sign = "+" if line["side"] == "Credit" else "-"
        text.append(f"{line['booking_date'][:10]}  {sign}{line['amount']:>10}  {line['label']}")
    if len(lines) > _MAX_LINES:
        text.append(f"... and {len(lines) - _MAX_LINES} more (see the CSV file)")
    return text


def _escape(text: str) -> str:
    latin = text.encode("latin-1", "replace").decode("latin-1")
    return latin.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _pdf(lines: list[str]) -> bytes:
    """A one-page A4 PDF showing `lines` in 10-point Helvetica."""
    shown = "".join(f"({_escape(line)}) Tj T* " for line in lines)
    stream = f"BT /F1 10 Tf 14 TL 50 800 Td {shown}ET".encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    trailer = f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    out += trailer.encode()
    return bytes(out)

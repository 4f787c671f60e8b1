"""The simulated text-message outbox and the 6-digit codes it carries.

No message leaves the machine: every code "sent" is recorded with its phone number, text
and virtual time, and a test, a notebook or a trainer reads it back, as from a phone:

```python
send_code(env, db, session_id="...", phone_number="+33612345678")
outbox(env, phone_number="+33612345678")[-1]["text"]
# 'Your verification code is 123456. It is valid for 15 minutes. Never share it.'
latest_code(env, "+33612345678")   # '123456'
```

A code is drawn from the file's id secret and the number of codes sent (`Environment.new_token`,
as the URLs' tokens are): unguessable where the file has a secret, and the same at a bug
report's replay, whose answers (a Testing API or dashboard read of the outbox) must be the
recorded ones. Whoever holds the secret can compute codes (docs/security.md, "Ids").

The code itself is stored only as an HMAC-SHA256 (under the file's secret key, table
`hash_keys`) bound to its web session; it lives 15 virtual minutes, and sending a new one to
a session supersedes the previous one. The outbox keeps the message text, code included, as
the phone shows it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from datetime import timedelta
from typing import Any, Literal

from ..clock import format_timestamp
from ..domain.kernel.context import Environment
from ..storage import Database, next_number

__all__ = [
    "CODE_LENGTH",
    "CODE_LIFETIME",
    "check_code",
    "latest_code",
    "outbox",
    "send_code",
]

CODE_LENGTH = 6
CODE_LIFETIME = timedelta(minutes=15)
_CODE_IN_TEXT = re.compile(r"\b(\d{6})\b")

CodeCheck = Literal["ok", "wrong", "expired", "none"]


_KEY_PURPOSE = "login_codes"


def _hash(db: Database, session_id: str, code: str) -> str:
    """HMAC-SHA256 of the code under the file's secret key, bound to the session.

    Keyed, not a plain or slow hash: six digits are a million values, so a plain SHA-256
    is reversed by trying them all, and a slow hash (scrypt) would only make that take
    longer while costing every check. Without the key, which lives in its own table of
    the owner-only file, a leaked `sms_codes` row or export gives nothing away.
    """
    message = f"{session_id}:{code}".encode("utf-8", "surrogatepass")
    return hmac.new(_key(db), message, hashlib.sha256).hexdigest()


def _key(db: Database) -> bytes:
    rows = list(db["hash_keys"].rows_where("purpose = ?", [_KEY_PURPOSE]))
    if not rows:  # made on first use (never by a migration: new files copy one image)
        db.execute(
            "INSERT OR IGNORE INTO hash_keys (purpose, secret) VALUES (?, ?)",
            [_KEY_PURPOSE, secrets.token_hex(32)],
        )
        rows = list(db["hash_keys"].rows_where("purpose = ?", [_KEY_PURPOSE]))
    return bytes.fromhex(rows[0]["secret"])


def _new_code(env: Environment, db: Database) -> str:
    """The next code, from the file's id secret (module docstring): 192 bits taken modulo a
    million, so every code is equally likely to within 1e-51."""
    drawn = int.from_bytes(base64.urlsafe_b64decode(env.new_token(db, "sms_code")), "big")
    return f"{drawn % 10**CODE_LENGTH:0{CODE_LENGTH}d}"


def send_code(
    env: Environment, db: Database, *, session_id: str, phone_number: str
) -> dict[str, Any]:
    """Send a new code to a phone for a session, in the caller's transaction.

    Returns the outbox row (its text carries the code, as the real message would).
    """
    code = _new_code(env, db)
    now = env.clock.now()
    sent_at = format_timestamp(now)
    db.execute(
        "UPDATE sms_codes SET superseded_at = ? "
        "WHERE session_id = ? AND superseded_at IS NULL AND used_at IS NULL",
        [sent_at, session_id],
    )
    db.table("sms_codes").insert(
        {
            "id": env.new_id(db, "sms_code"),
            "session_id": session_id,
            "phone_number": phone_number,
            "code_hash": _hash(db, session_id, code),
            "sent_at": sent_at,
            "expires_at": format_timestamp(now + CODE_LIFETIME),
        }
    )
    minutes = int(CODE_LIFETIME.total_seconds() // 60)
    # The message belongs to the project whose sign-in sent it (the Testing API shows a
    # project only its own messages).
    session = db.execute(
        "SELECT project_id FROM web_sessions WHERE id = ?", [session_id]
    ).fetchone()
    message = {
        "id": env.new_id(db, "sms"),
        "phone_number": phone_number,
        "text": f"Your verification code is {code}. It is valid for {minutes} minutes. "
        "Never share it.",
        "sent_at": sent_at,
        "sequence": next_number(db, "sms_sequence"),
        "project_id": session[0] if session else None,
    }
    db.table("sms_outbox").insert(message)
    return message


def check_code(env: Environment, db: Database, *, session_id: str, code: str) -> CodeCheck:
    """Check a code typed for a session; a right code is used up.

    `none` when the session has no live code (never sent, or already used).
    """
    rows = list(
        db["sms_codes"].rows_where(
            "session_id = ? AND superseded_at IS NULL AND used_at IS NULL",
            [session_id],
            order_by="sent_at DESC",
            limit=1,
        )
    )
    if not rows:
        return "none"
    row = rows[0]
    if not hmac.compare_digest(row["code_hash"], _hash(db, session_id, code.strip())):
        return "wrong"
    if row["expires_at"] <= env.now():
        return "expired"
    db.table("sms_codes").update(row["id"], {"used_at": env.now()})
    return "ok"


def outbox(
    env: Environment,
    phone_number: str | None = None,
    *,
    limit: int | None = None,
    project_id: str | None = None,
) -> list[dict[str, Any]]:
    """Text messages sent in an environment, oldest first (optionally to one phone, or only
    those sent by one project's sign-ins: what the Testing API shows that project)."""
    clauses, params = [], []
    if phone_number is not None:
        clauses.append("phone_number = ?")
        params.append(phone_number)
    if project_id is not None:
        clauses.append("project_id = ?")
        params.append(project_id)
    where = " AND ".join(clauses) or None
    rows = [
        {key: row[key] for key in ("id", "phone_number", "text", "sent_at")}
        for row in env.store.db["sms_outbox"].rows_where(where, params, order_by="sequence")
    ]
    return rows[-limit:] if limit else rows


def latest_code(env: Environment, phone_number: str) -> str | None:
    """The code in the last message sent to a phone (what a user would read and type)."""
    messages = outbox(env, phone_number, limit=1)
    if not messages:
        return None
    match = _CODE_IN_TEXT.search(messages[-1]["text"])
    return match.group(1) if match else None

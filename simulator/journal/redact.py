"""Secrets out, stable references in: what the journal writes instead of a token or a secret.

Every secret the journal meets (an access or refresh token, an authorization code, a client
secret, a text-message code, a session cookie, a webhook secret) is replaced by a reference
such as `<project token #3 of project P>`: its kind, its number among the secrets of that
kind and owner, in the order the journal met them, and its owner. Only the SHA-256 of the
secret is kept (`journal_secrets`), to give the same secret the same reference every time.

A replay (docs/bug-reports.md) meets the same secrets in the same order, so its references
are the same numbers: a recorded answer and a replayed one compare equal although the
tokens themselves differ.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sqlite3
from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlencode

__all__ = [
    "FORM_SECRETS",
    "JSON_SECRETS",
    "TOKEN_PATTERN",
    "Executes",
    "KnownBearer",
    "Redactor",
    "digest",
]


#: What the token check found for a bearer token (`journal.middleware.note_bearer`): the
#: token, its project, user, and the journal's reference for it (None if not met yet).
KnownBearer = tuple[str, str, str | None, str | None]


class Executes(Protocol):
    """What the journal writes with: a store's `Database`, or a plain
    `sqlite3.Connection` (the command line on a current file, `storage.current`)."""

    def execute(self, sql: str, parameters: Any = ..., /) -> sqlite3.Cursor: ...


#: A token or an authorization code as the OAuth server issues them (`oauth/tokens.py`).
TOKEN_PATTERN = re.compile(r"\b(?:SANDBOX|LIVE)_(?:AT|RT|AC)_[A-Za-z0-9_-]{16,}")
#: Form fields and query parameters that hold a secret (OAuth endpoints and pages).
FORM_SECRETS = {
    "client_secret": "client secret",
    "code": "authorization code",
    "code_verifier": "code verifier",
    "refresh_token": "refresh token",
    "access_token": "access token",
    "token": "token",
    "password": "password",
    "otp": "text-message code",
    "sms_code": "text-message code",
    "csrf_token": "form token",
    "secret": "webhook secret",  # the dashboard's subscription form
}
#: A code typed on the login page (`oauth/sms.py`: six digits, spaces allowed).
_TEXT_MESSAGE_CODE = re.compile(r"[\d ]{6,12}")
#: JSON keys whose value is a secret (token endpoint answers, GraphQL data and variables).
JSON_SECRETS = {
    "access_token": "access token",
    "refresh_token": "refresh token",
    "id_token": "id token",
    "client_secret": "client secret",
    "clientSecret": "client secret",
    "secret": "webhook secret",
}
#: The keys of `JSON_SECRETS` as a JSON text spells them (built once, not at every body).
_QUOTED_SECRETS = tuple(f'"{key}"' for key in JSON_SECRETS)
_TOKEN_KINDS = {"AT": "access", "RT": "refresh", "AC": "code"}
#: A bearer token's project and user (`tokens`, NULLs when unknown) and its reference (NULL
#: when the journal has not met it yet): one row whatever is found.
_BEARER = (
    "SELECT t.project_id, t.user_id, s.reference FROM (SELECT ? AS digest) AS d "
    "LEFT JOIN tokens AS t ON t.token_hash = d.digest "
    "LEFT JOIN journal_secrets AS s ON s.digest = d.digest"
)
_KNOWN = "SELECT reference FROM journal_secrets WHERE digest = ?"
#: `json.dumps` with these options builds a new encoder at every call; one is kept instead.
_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def digest(secret: str) -> str:
    # `surrogatepass`: a hostile secret (an unpaired surrogate in a JSON string) has a digest too.
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


class Redactor:
    """References for the secrets of one environment file, inside the caller's transaction."""

    def __init__(self, db: Executes, begin: Callable[[], object] | None = None) -> None:
        self.db = db
        #: Given when `db` is outside a transaction (each statement its own): called before
        #: the first write (a new reference), which must land with the entry.
        self._begin = begin
        #: The project a client secret or an unknown code belongs to, when the request says.
        self.project_id: str | None = None
        #: The subject of the bearer token last met: `project P` or `user U of project P`.
        self.subject: str | None = None

    # -- references ---------------------------------------------------------------------

    def reference(self, kind: str, secret: str, owner: str | None = None) -> str:
        """The reference of `secret`, given the next number of its kind and owner if new."""
        key = digest(secret)
        row = self.db.execute(_KNOWN, [key]).fetchone()
        if row is None and self._begin is not None:
            # A known reference never changes, so it was read without a transaction; a new
            # one is numbered and written in one, with the entry (another writer may have
            # given this secret its reference meanwhile: read again, in the transaction).
            begin, self._begin = self._begin, None
            begin()
            row = self.db.execute(_KNOWN, [key]).fetchone()
        if row is not None:
            return str(row[0])
        owner = owner or (f"project {self.project_id}" if self.project_id else "an unknown owner")
        number = 1 + int(
            self.db.execute(
                "SELECT count(*) FROM journal_secrets WHERE kind = ? AND owner = ?", [kind, owner]
            ).fetchone()[0]
        )
        reference = f"<{kind} #{number} of {owner}>"
        self.adopt(secret, kind, owner, number, reference)
        return reference

    def adopt(self, secret: str, kind: str, owner: str, number: int, reference: str) -> None:
        """Give `secret` a known reference (a replay re-creating a credential does this)."""
        self.db.execute(
            "INSERT OR REPLACE INTO journal_secrets (digest, kind, owner, number, reference) "
            "VALUES (?, ?, ?, ?, ?)",
            [digest(secret), kind, owner, number, reference],
        )

    def token(self, token: str, stored: tuple[str, str | None] | None = None) -> str:
        """A token's reference, naming what it is and whose, from the stored token's row
        (`stored`: its project and user, when the caller has read them already)."""
        code = token.split("_")[1] if token.count("_") >= 2 else ""
        kind, owner, row = "token", None, stored
        if _TOKEN_KINDS.get(code) == "code":
            row = self.db.execute(
                "SELECT project_id, user_id FROM authorization_codes WHERE code_hash = ?",
                [digest(token)],
            ).fetchone()
            kind = "authorization code"
        else:
            if row is None:
                row = self.db.execute(
                    "SELECT project_id, user_id FROM tokens WHERE token_hash = ?", [digest(token)]
                ).fetchone()
            if _TOKEN_KINDS.get(code) == "refresh":
                kind = "refresh token"
            elif row is not None:
                kind = "user token" if row[1] else "project token"
        if row is not None:
            owner = f"user {row[1]} of project {row[0]}" if row[1] else f"project {row[0]}"
        return self.reference(kind, token, owner)

    def bearer(self, token: str, found: KnownBearer | None = None) -> str:
        """A bearer token's reference; notes the caller (`subject`) on the way. `found`:
        what the token check read for this request (its row and known reference), if it
        did: the same as read here, neither changing once there."""
        # Every request of a client brings the same token: its row and its reference (the
        # same digest) are read in one statement, and a known reference is the answer. The
        # token check's, when it read them for this very token: no digest made again.
        if found is not None and found[0] == token:
            project_id, user_id, known = found[1:]
        else:
            project_id, user_id, known = self.db.execute(_BEARER, [digest(token)]).fetchone()
        row = None if project_id is None else (project_id, user_id)
        if row is not None:
            self.project_id = row[0]
            self.subject = f"user {row[1]} of project {row[0]}" if row[1] else f"project {row[0]}"
        if known is not None:
            return str(known)
        if not TOKEN_PATTERN.fullmatch(token):
            return self.reference("bearer", token)
        return self.token(token, row)

    # -- texts --------------------------------------------------------------------------

    def text(self, value: str) -> str:
        """`value` with every token in it replaced by its reference."""
        # Every token holds `SANDBOX_` or `LIVE_` (`TOKEN_PATTERN`): two scans of an answer
        # rule them out, where its three kinds took three (each some 2 µs on 3 KiB).
        if "BOX_" not in value and "IVE_" not in value:
            return value
        return TOKEN_PATTERN.sub(lambda match: self.token(match.group()), value)

    def json_value(self, value: Any) -> Any:
        """A JSON value with secrets replaced: by key (`JSON_SECRETS`) and tokens anywhere."""
        if isinstance(value, dict):
            return {
                key: (
                    self._secret_value(JSON_SECRETS[key], item)
                    if key in JSON_SECRETS and isinstance(item, str)
                    else self.json_value(item)
                )
                for key, item in value.items()
            }
        if isinstance(value, list):
            return [self.json_value(item) for item in value]
        if isinstance(value, str):
            return self.text(value)
        return value

    def body(self, raw: str) -> str:
        """A JSON body with its secrets replaced (re-serialized compactly when anything
        had to go), or a text body with its tokens replaced."""
        # Each key of `JSON_SECRETS`, quoted, ends with `_token"` or `ecret"`: two scans
        # rule the six out in the common body, which holds none.
        if ('_token"' not in raw and 'ecret"' not in raw) or not any(
            key in raw for key in _QUOTED_SECRETS
        ):
            return self.text(raw)
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            return self.text(raw)
        return _ENCODE(self.json_value(data))

    def form(self, raw: str) -> str:
        """A form body or query string with its secret fields replaced."""
        if not raw:
            return raw
        pairs = parse_qsl(raw, keep_blank_values=True)
        for name, value in pairs:
            if name == "client_id":
                self._note_client(value)
        return urlencode(
            [
                (name, self._form_value(name, value) if name in FORM_SECRETS else self.text(value))
                for name, value in pairs
            ]
        )

    def _form_value(self, name: str, value: str) -> str:
        if name == "code" and _TEXT_MESSAGE_CODE.fullmatch(value):
            # The login page's `code` is the one a text message brought, not an OAuth code.
            return self._secret_value("text-message code", value)
        return self._secret_value(FORM_SECRETS[name], value)

    def _secret_value(self, kind: str, value: str) -> str:
        if _is_reference(value) or not value:
            return value
        if TOKEN_PATTERN.fullmatch(value):
            return self.token(value)
        return self.reference(kind, value)

    def authorization(self, header: str, bearer: KnownBearer | None = None) -> str:
        """An `Authorization` header with its credentials replaced by references (`bearer`:
        see `bearer`)."""
        scheme, _, credentials = header.partition(" ")
        credentials = credentials.strip()
        if scheme.lower() == "bearer" and credentials:
            return f"{scheme} {self.bearer(credentials, bearer)}"
        if scheme.lower() == "basic" and credentials:
            try:
                client_id, _, secret = base64.b64decode(credentials).decode().partition(":")
            except ValueError:
                return f"{scheme} {self.reference('credentials', credentials)}"
            self._note_client(client_id)
            return f"{scheme} {client_id}:{self.reference('client secret', secret)}"
        return self.reference("credentials", header) if header else header

    def _note_client(self, client_id: str) -> None:
        row = self.db.execute("SELECT id FROM projects WHERE client_id = ?", [client_id]).fetchone()
        if row is not None:
            self.project_id = row[0]


def _is_reference(value: str) -> bool:
    return value.startswith("<") and value.endswith(">") and " #" in value

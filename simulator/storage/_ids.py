"""Identifiers: the n-th resource of a kind in an environment file, from the file's id secret.

An id is HMAC-SHA256 of `"<environment>/<kind>/<n>"` keyed by the file's **id secret** (32
random bytes, table `id_secret`), shaped as a version-4 UUID like the real service's. Ids are
opaque and unguessable (an onboarding's or a payment link's id is the only credential the
unauthenticated API asks for), yet stable: a file's n-th onboarding has the same id in the
file, in its snapshots and in a report's replay (which carry the secret). Two files never
share one: every file gets its own secret when it is created (never from the migrated schema
image: `Store.migrate` makes it after copying), and a workshop space a new one of its own.

A **reproducible** file (`Simulator(reproducible_ids=True)`; a temporary `Simulator()` by
default) has no secret: its ids are uuid5 of a published namespace, the ids every earlier
version gave, so teaching notebooks show the same ids at every run. Anyone can compute them:
never serve such a file to others (docs/security.md, "Ids").

The upload and download tokens in the URLs the API hands out come from the same secret
(`new_token`), so a report that shows one replays byte for byte.

```python
ensure_id_secret(db, reproducible=False)   # a new file: a random secret (kept if present)
new_id(db, "sandbox", "onboarding")        # '3f0c...-4...': the file's next onboarding id
new_token(db, "sandbox", "export-download")  # 32 URL-safe characters
```
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import uuid
from dataclasses import dataclass

from ._database import Database

__all__ = [
    "ID_SECRET_TABLE",
    "IdSecret",
    "ensure_id_secret",
    "new_id",
    "new_token",
    "next_number",
    "read_id_secret",
    "set_id_secret",
]

#: The one-row table of a file's id secret (kept by `Store.reset`, carried by snapshots).
ID_SECRET_TABLE = "id_secret"
#: The published namespace of reproducible files' ids (the one every earlier version used).
_NAMESPACE = uuid.UUID("6f1c2a52-5b1e-4d0f-9c43-6a8f0d2e7b11")
_KEYED = "hmac-sha256"
_REPRODUCIBLE = "uuid5-published"
_SECRET_BYTES = 32


@dataclass(frozen=True)
class IdSecret:
    """A file's id secret: `scheme` `hmac-sha256` with 32 random bytes, or the reproducible
    scheme (`uuid5-published`), whose "secret" is the published namespace."""

    scheme: str
    secret: bytes

    @classmethod
    def random(cls) -> IdSecret:
        return cls(_KEYED, secrets.token_bytes(_SECRET_BYTES))

    @classmethod
    def reproducible(cls) -> IdSecret:
        return cls(_REPRODUCIBLE, _NAMESPACE.bytes)

    @property
    def is_reproducible(self) -> bool:
        return self.scheme == _REPRODUCIBLE

    def as_text(self) -> str:
        """`hmac-sha256:<64 hex digits>` or `uuid5-published` (a report's header holds it)."""
        return self.scheme if self.is_reproducible else f"{self.scheme}:{self.secret.hex()}"

    @classmethod
    def from_text(cls, text: str) -> IdSecret:
        if text == _REPRODUCIBLE:
            return cls.reproducible()
        scheme, _, hexadecimal = text.partition(":")
        try:
            secret = bytes.fromhex(hexadecimal)
        except ValueError:
            secret = b""
        if scheme != _KEYED or len(secret) != _SECRET_BYTES:
            raise ValueError(f"Not an id secret: {text[:20]!r}...")
        return cls(_KEYED, secret)

    def derive_id(self, name: str) -> str:
        if self.is_reproducible:
            return str(uuid.uuid5(_NAMESPACE, name))
        digest = hmac.new(self.secret, name.encode(), hashlib.sha256).digest()
        return str(uuid.UUID(bytes=digest[:16], version=4))

    def derive_token(self, name: str) -> str:
        digest = hmac.new(self.secret, f"token/{name}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode("ascii")

    def __repr__(self) -> str:  # never the secret itself, in a traceback or a log
        return f"IdSecret({self.scheme!r})"


def read_id_secret(db: Database) -> IdSecret:
    """The file's id secret; a file that has none (a copy made without `Store.open`) is
    given a random one first, so an id is never computable by accident."""
    row = db.execute(f"SELECT scheme, secret FROM [{ID_SECRET_TABLE}] WHERE slot = 'current'")
    found = row.fetchone()
    if found is None:
        ensure_id_secret(db, reproducible=False)
        return read_id_secret(db)
    scheme, secret = found
    if scheme == _REPRODUCIBLE:
        return IdSecret.reproducible()
    return IdSecret(str(scheme), bytes.fromhex(str(secret)))


def ensure_id_secret(db: Database, *, reproducible: bool) -> None:
    """Give the file an id secret unless it has one: random, or the reproducible scheme."""
    chosen = IdSecret.reproducible() if reproducible else IdSecret.random()
    db.execute(
        f"INSERT OR IGNORE INTO [{ID_SECRET_TABLE}] (slot, scheme, secret) "
        "VALUES ('current', ?, ?)",
        [chosen.scheme, None if chosen.is_reproducible else chosen.secret.hex()],
    )


def set_id_secret(db: Database, chosen: IdSecret) -> None:
    """Replace the file's id secret (a workshop space's own; a report's, at replay)."""
    db.execute(
        f"INSERT OR REPLACE INTO [{ID_SECRET_TABLE}] (slot, scheme, secret) "
        "VALUES ('current', ?, ?)",
        [chosen.scheme, None if chosen.is_reproducible else chosen.secret.hex()],
    )


def next_number(db: Database, kind: str) -> int:
    """Take the next number (1, 2, ...) of the sequence `kind` in this file."""
    row = db.execute(
        "INSERT INTO id_sequences (kind, value) VALUES (?, 1) "
        "ON CONFLICT (kind) DO UPDATE SET value = value + 1 RETURNING value",
        [kind],
    ).fetchone()
    return int(row[0])


def new_id(db: Database, environment: str, kind: str) -> str:
    """Take the next number of `kind` in this file and turn it into a UUID-shaped id."""
    name = f"{environment}/{kind}/{next_number(db, kind)}"
    return read_id_secret(db).derive_id(name)


def new_token(db: Database, environment: str, kind: str) -> str:
    """A credential for a URL (an upload's, a download's): 32 URL-safe characters, from the
    file's id secret and the next number of `token:<kind>`. Unguessable where the file has a
    secret, and the same at a report's replay, whose answers must be the recorded ones."""
    sequence = f"token:{kind}"
    name = f"{environment}/{kind}/{next_number(db, sequence)}"
    return read_id_secret(db).derive_token(name)

"""Join codes: what a learner types (or scans) to reach their own credentials and dashboard.

A code is the learner's name and four characters, `ada-7K3Q`, from an alphabet without the
characters read one for another on paper (no `I`, `l`, `1`, `O`, `0`). The four characters
are an HMAC of the room's name, the learner's name and the code's generation, keyed by the
room's join secret (`D/join.json`, `0600`, made by the first `workshop create`): the same
room prints the same codes on every handout it writes, and nobody without that file can
work out a code from a name.

```python
codes = JoinCodes(data_dir, room="room")
codes.code("ada")                 # 'ada-7K3Q' (the same on every call)
codes.find("ADA-7k3q", names)     # 'ada': the name part is lowercased, the rest uppercased
codes.reissue("ada")              # a new code (the next generation); the old one stops working
codes.revoke("ada")               # no code works for ada until the next reissue
```

Twenty bits a code: a guess is right once in a million, and the join page lets an address
make a few wrong guesses a minute (join.py), so guessing a code takes months.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..exceptions import ConfigurationError
from ..storage.private import write_private_text

__all__ = ["ALPHABET", "CODE_LENGTH", "JOIN_FILE", "JoinCodes", "split_code"]

JOIN_FILE = "join.json"
#: Capitals only (so no lowercase l) without I and O, and the digits without 0 and 1:
#: 32 symbols, 5 bits each.
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4


def split_code(text: str) -> tuple[str, str] | None:
    """`("ada", "7K3Q")` of `"ada-7K3Q"` as typed (spaces around, any case); None when it
    has no `-` or a suffix of another length."""
    name, dash, suffix = text.strip().rpartition("-")
    if not dash or len(suffix) != CODE_LENGTH:
        return None
    return name.lower(), suffix.upper()


class JoinCodes:
    """The join codes of one room (see the module docstring). The state is read from the
    file on every call: two `serve --learners` slices of a room see each other's reissues."""

    def __init__(self, data_dir: Path, room: str) -> None:
        self.path = data_dir / JOIN_FILE
        self.room = room

    def _load(self) -> dict[str, Any]:
        try:
            state = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(state.get("secret"), str):
                raise ValueError("no secret")
        except FileNotFoundError:
            state = self._first()
        except (OSError, ValueError, AttributeError) as error:
            raise ConfigurationError(f"Cannot read the join codes {self.path}: {error}") from None
        state.setdefault("generations", {})
        state.setdefault("revoked", [])
        return dict(state)

    def _first(self) -> dict[str, Any]:
        """A new secret, unless another process (a slice of the room) made one first: the
        file is linked into place, which fails when it exists, so one secret wins."""
        state = {"secret": secrets.token_urlsafe(32), "generations": {}, "revoked": []}
        scratch = self.path.with_name(f".{JOIN_FILE}.{secrets.token_hex(4)}")
        write_private_text(scratch, json.dumps(state, indent=2, sort_keys=True) + "\n")
        try:
            os.link(scratch, self.path)
        except FileExistsError:
            return dict(json.loads(self.path.read_text(encoding="utf-8")))
        finally:
            scratch.unlink()
        return state

    def _save(self, state: dict[str, Any]) -> None:
        # Written aside, then renamed: another slice reading it sees the old or the new file.
        scratch = self.path.with_name(f".{JOIN_FILE}.{secrets.token_hex(4)}")
        write_private_text(scratch, json.dumps(state, indent=2, sort_keys=True) + "\n")
        os.replace(scratch, self.path)

    @staticmethod
    def _derive(state: dict[str, Any], room: str, name: str) -> str:
        generation = int(state["generations"].get(name, 0))
        message = f"{room}\n{name}\n{generation}".encode()
        digest = hmac.new(state["secret"].encode(), message, hashlib.sha256).digest()
        number = int.from_bytes(digest[:4], "big")
        symbols = []
        for _ in range(CODE_LENGTH):
            number, index = divmod(number, len(ALPHABET))
            symbols.append(ALPHABET[index])
        return f"{name}-{''.join(symbols)}"

    def code(self, name: str) -> str:
        """The learner's current code (also while revoked: what a reissue replaces)."""
        return self._derive(self._load(), self.room, name)

    def slice_key(self) -> str:
        """The key the room's servers show one another (federation.py): an HMAC of the
        join secret, so every slice reading this file has it and nothing else does, and
        knowing it tells nothing of the codes."""
        secret = self._load()["secret"].encode()
        purpose = b"workshop slices " + self.room.encode()
        return hmac.new(secret, purpose, hashlib.sha256).hexdigest()

    def codes(self, names: Sequence[str]) -> dict[str, str | None]:
        """Each learner's code, None for a revoked one: one read of the file for the room."""
        state = self._load()
        revoked = set(state["revoked"])
        return {
            name: None if name in revoked else self._derive(state, self.room, name)
            for name in names
        }

    def find(self, text: str, names: Sequence[str]) -> str | None:
        """The learner whose valid code `text` is, else None (unknown name, wrong code, or a
        code revoked or replaced by a reissue)."""
        parts = split_code(text)
        if parts is None or parts[0] not in names:
            return None
        state = self._load()
        if parts[0] in state["revoked"]:
            return None
        expected = self._derive(state, self.room, parts[0])
        typed = f"{parts[0]}-{parts[1]}"
        return parts[0] if hmac.compare_digest(typed.encode(), expected.encode()) else None

    def reissue(self, name: str) -> str:
        """A new code for `name` (the old one stops working); lifts a revocation."""
        state = self._load()
        state["generations"][name] = int(state["generations"].get(name, 0)) + 1
        state["revoked"] = [other for other in state["revoked"] if other != name]
        self._save(state)
        return self._derive(state, self.room, name)

    def revoke(self, name: str) -> None:
        """No code works for `name` until the next `reissue`."""
        state = self._load()
        if name not in state["revoked"]:
            state["revoked"] = sorted([*state["revoked"], name])
            self._save(state)

    def is_revoked(self, name: str) -> bool:
        return name in self._load()["revoked"]

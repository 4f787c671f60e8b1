"""A report's starting state: a snapshot's files, without their secrets, compressed as text.

The files are copied, then scrubbed before they are packed: the text-message outbox and
codes, the web sessions, the signing and hashing keys are deleted, the webhook secrets
replaced, and each file vacuumed (a deleted row's bytes would stay in free pages
otherwise). What is left holds hashes of credentials, never a credential, and the file's id
secret (`storage/_ids.py`), kept so that the replay gives the recorded ids.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import sqlite3
import tarfile
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["pack_state", "unpack_state"]

_SCRUB = (
    "DELETE FROM sms_outbox",
    "DELETE FROM sms_codes",
    "DELETE FROM web_sessions",
    "DELETE FROM signing_keys",
    "DELETE FROM hash_keys",
    "UPDATE webhook_subscriptions SET secret = '<webhook secret>'",
)
_PACKED = ("sandbox.sqlite", "live.sqlite", "limits.sqlite", "limits.json")


def _scrub(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA foreign_keys = OFF")
        for statement in _SCRUB:
            with contextlib.suppress(sqlite3.OperationalError):  # a table this file lacks
                db.execute(statement)
        db.commit()
        db.execute("PRAGMA journal_mode = DELETE")
        db.execute("VACUUM")


def pack_state(snapshot: Path, manifest: dict[str, Any]) -> str:
    """The snapshot directory's files, scrubbed, as base64 text of a `.tar.gz`."""
    buffer = io.BytesIO()
    with (
        tempfile.TemporaryDirectory(prefix="report-state-") as work,
        tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=9) as archive,
    ):
        for name in _PACKED:
            if not (snapshot / name).exists():
                continue
            copy = Path(work) / name
            copy.write_bytes((snapshot / name).read_bytes())
            if name.endswith(".sqlite"):
                _scrub(copy)
            archive.add(copy, arcname=name)
        data = json.dumps(manifest).encode()
        info = tarfile.TarInfo("manifest.json")
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def unpack_state(text: str, data_dir: Path) -> dict[str, Any]:
    """Unpack a packed state into `data_dir`; returns the snapshot's manifest."""
    with tarfile.open(fileobj=io.BytesIO(base64.b64decode(text)), mode="r:gz") as archive:
        names = [member.name for member in archive.getmembers()]
        if not set(names) <= {*_PACKED, "manifest.json"}:
            raise ValueError(f"Unexpected files in the report's state: {names}")
        archive.extractall(data_dir, filter="data")
    manifest: dict[str, Any] = json.loads((data_dir / "manifest.json").read_text("utf-8"))
    (data_dir / "manifest.json").unlink()
    return manifest

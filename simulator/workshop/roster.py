"""Learner names, the roster file a trainer writes, and the roster the workshop hands out.

A learner's name is part of every address of their space (`/w/<name>/sandbox/graphql`), so
it is kept URL-safe and unambiguous: lowercase ASCII letters, digits and hyphens, starting
with a letter, at most 32 characters (`ada`, `team-3`, `learner-07`).

```python
names = read_names(Path("names.txt"))   # one name a line; blank lines and # comments skipped
default_names(30)                        # learner-01 ... learner-30
```
"""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..exceptions import ConfigurationError
from ..storage.private import write_private_text

__all__ = [
    "RESERVED_NAMES",
    "LearnerRecord",
    "default_names",
    "join_url",
    "learner_addresses",
    "parse_names",
    "read_names",
    "roster_csv",
    "roster_html",
    "validate_name",
]

_NAME = re.compile(r"[a-z][a-z0-9-]{0,31}")
_NAME_RULE = "lowercase letters, digits and hyphens, starting with a letter, at most 32 characters"
#: Names taken by the room's own pages (`/w/join` is the join page, not a learner's space).
RESERVED_NAMES = frozenset({"join"})


@dataclass(frozen=True)
class LearnerRecord:
    """What the workshop keeps about one learner (`learner.json` in the space, `0600`)."""

    name: str
    project_id: str
    client_id: str
    client_secret: str
    phone_number: str
    user_id: str
    dataset: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LearnerRecord:
        return cls(**{key: str(data[key]) for key in cls.__dataclass_fields__})


def validate_name(name: str) -> str:
    """`name` when it is a valid learner name, else a `ConfigurationError` saying why."""
    if not _NAME.fullmatch(name):
        raise ConfigurationError(f"{name!r} is not a learner name ({_NAME_RULE}).")
    if name in RESERVED_NAMES:
        raise ConfigurationError(f"{name!r} is taken by the room's own pages: choose another.")
    return name


def parse_names(lines: Iterable[str], source: str = "names") -> list[str]:
    """Names, one a line (blank lines and `#` comments skipped); a bad or repeated name is
    refused with a message naming its line."""
    names: list[str] = []
    first_line: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        if not _NAME.fullmatch(name) or name in RESERVED_NAMES:
            rule = _NAME_RULE if name not in RESERVED_NAMES else "taken by the join page"
            raise ConfigurationError(
                f"{source} line {number}: {name!r} is not a learner name ({rule})."
            )
        if name in first_line:
            raise ConfigurationError(
                f"{source} line {number}: {name!r} repeats line {first_line[name]}."
            )
        first_line[name] = number
        names.append(name)
    if not names:
        raise ConfigurationError(f"{source}: no learner names in it.")
    return names


def read_names(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigurationError(f"Cannot read the names file {path}: {error}") from None
    return parse_names(text.splitlines(), source=str(path))


def default_names(count: int) -> list[str]:
    """`learner-01` ... `learner-NN` (zero-padded, so they sort in order)."""
    if not 1 <= count <= 10_000:
        raise ConfigurationError(f"--learners must be between 1 and 10000, not {count}.")
    width = max(2, len(str(count)))
    return [f"learner-{index:0{width}d}" for index in range(1, count + 1)]


def learner_addresses(public_url: str, name: str) -> dict[str, str]:
    """The addresses of one learner's space, as in the specification's placeholders, with
    the callback page registered for their project and their exercises' check."""
    base = f"{public_url}/w/{name}"
    return {
        "base_url": base,
        "auth_url": f"{base}/oauth2",
        "sandbox_url": f"{base}/sandbox/graphql",
        "sandbox_testing_url": f"{base}/sandbox-testing/graphql",
        "dashboard_url": f"{base}/dashboard",
        "callback_url": f"{base}/callback",
        "check_url": f"{base}/workshop/check",
    }


def join_url(public_url: str) -> str:
    """The room's join page, where a learner types their join code."""
    return f"{public_url}/w/join"


_CSV_FIELDS = [
    *("name", "join_code", "join_url", "base_url", "auth_url", "sandbox_url"),
    *("sandbox_testing_url", "dashboard_url", "callback_url", "check_url"),
    *("client_id", "client_secret", "phone_number", "dataset"),
]


def roster_csv(
    records: Sequence[LearnerRecord],
    public_url: str,
    path: Path,
    codes: Mapping[str, str | None] | None = None,
) -> Path:
    """Write the roster as CSV, `0600` from its first byte: it holds client secrets and
    join codes (`codes`: each learner's, None or missing for a revoked one)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=_CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for record in records:
        row = {**record.as_dict(), **learner_addresses(public_url, record.name)}
        row.update(join_code=(codes or {}).get(record.name) or "", join_url=join_url(public_url))
        writer.writerow({field: row[field] for field in _CSV_FIELDS})
    return write_private_text(path, buffer.getvalue())


_HANDOUT_STYLE = """
body { font: 11pt system-ui, sans-serif; margin: 1cm; }
section { border: 1px dashed #888; padding: 0.6em 1em; margin-bottom: 1em;
          page-break-inside: avoid; display: flex; gap: 1em; }
section svg { flex: none; }
h2 { margin: 0 0 0.4em; font-size: 13pt; }
.code { font: 600 16pt monospace; letter-spacing: 0.1em; }
dt { font-weight: 600; } dd { margin: 0 0 0.3em 0; font-family: monospace; word-break: break-all; }
"""


def qr_svg(url: str) -> str:
    """An inline SVG QR code of `url` (segno: pure Python, no image library)."""
    import segno  # imported when a handout is written: serving a room never needs it

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=3, xmldecl=False, nl=False)
    return out.getvalue().decode("utf-8")


def _card(record: LearnerRecord, public_url: str, code: str | None) -> str:
    addresses = learner_addresses(public_url, record.name)
    rows = {
        "API (Sandbox)": addresses["sandbox_url"],
        "Testing API": addresses["sandbox_testing_url"],
        "OAuth": addresses["auth_url"],
        "Your callback page (registered)": addresses["callback_url"],
        "Your dashboard": addresses["dashboard_url"],
        "client_id": record.client_id,
        "client_secret": record.client_secret,
        "Sandbox user phone": record.phone_number,
        "Check your exercises": (
            f"curl -u {record.client_id}:{record.client_secret} {addresses['check_url']}"
        ),
    }
    items = "".join(
        f"<dt>{html.escape(label)}</dt><dd>{html.escape(value)}</dd>"
        for label, value in rows.items()
    )
    joining = join_url(public_url)
    if code is None:
        join = "<p>Your join code was revoked: ask the trainer for a new one.</p>"
        picture = ""
    else:
        join = (
            f"<p>Open <b>{html.escape(joining)}</b> and enter your join code "
            f"<span class='code'>{html.escape(code)}</span>, or scan the QR code: "
            "the page shows everything below, with copy buttons, and opens your dashboard.</p>"
        )
        # The code rides in the fragment, which the browser never sends to the server.
        picture = qr_svg(f"{joining}#{code}")
    return (
        f"<section>{picture}<div><h2>{html.escape(record.name)}</h2>{join}"
        f"<dl>{items}</dl></div></section>"
    )


def roster_html(
    records: Sequence[LearnerRecord],
    public_url: str,
    path: Path,
    codes: Mapping[str, str | None] | None = None,
) -> Path:
    """Write a printable handout (one card a learner, cut along the dashes), `0600`."""
    cards = [_card(record, public_url, (codes or {}).get(record.name)) for record in records]
    page = (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Workshop roster</title><style>{_HANDOUT_STYLE}</style></head><body>"
        "<h1>Your workshop space</h1>"
        "<p>Keep your card to yourself: its join code and client secret are your project's.</p>"
        + "\n".join(cards)
        + "</body></html>\n"
    )
    return write_private_text(path, page)

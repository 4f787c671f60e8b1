"""A room's slice plan: which server serves which learners, for the proxy and for the view.

`workshop slices` writes two files into the room's data dir (docs/workshop.md, "Several
servers behind a reverse proxy"):

```
D/slices.json          [{"learners": "1-50", "url": "http://127.0.0.1:8001"}, ...]
D/nginx-slices.conf    an upstream a slice, and a map from each learner's name to theirs
```

The proxy includes the second, so it routes any learner names (not a pattern of them); the
servers read the first, so the instructor's view of one slice gathers every other slice's
learners (federation.py). One plan, written from the roster, is what both read: the proxy
and the view cannot disagree on who is served where.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..exceptions import ConfigurationError
from ..storage.private import write_private_text
from .spaces import Workshop, parse_slice

__all__ = ["NGINX_FILE", "PLAN_FILE", "SliceEntry", "check_served", "nginx_map", "read_plan",
           "write_plan"]  # fmt: skip

PLAN_FILE = "slices.json"
NGINX_FILE = "nginx-slices.conf"
#: `host:port` or `http://host:port`: where the other servers reach a slice (not the proxy).
_ADDRESS = re.compile(r"(?:http://)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):([0-9]{1,5})/?")


@dataclass(frozen=True)
class SliceEntry:
    """One server of the room: its roster positions (as `serve --learners` takes them),
    the names they are, and its own address (`http://host:port`)."""

    learners: str
    names: tuple[str, ...]
    url: str
    #: Its place in the plan, from 1: the first slice serves the view through the proxy.
    number: int

    @property
    def upstream(self) -> str:
        """Its name in the nginx configuration (`workshop_slice_1`)."""
        return f"workshop_slice_{self.number}"


def _address(text: str) -> str:
    match = _ADDRESS.fullmatch(text.strip())
    if match is None or not 0 < int(match.group(2)) < 65536:
        raise ConfigurationError(
            f"{text!r} is not a slice's address: give HOST:PORT, as in 1-50=127.0.0.1:8001."
        )
    return f"http://{match.group(1)}:{int(match.group(2))}"


def parse_plan(specs: Sequence[str], names: Sequence[str]) -> list[SliceEntry]:
    """`["1-50=127.0.0.1:8001", "51-100=10.0.0.2:8002"]` as entries: every learner of the
    roster in exactly one slice, each address once."""
    entries: list[SliceEntry] = []
    for spec in specs:
        positions, equals, address = spec.partition("=")
        if not equals:
            raise ConfigurationError(f"{spec!r}: give POSITIONS=HOST:PORT (1-50=127.0.0.1:8001).")
        chosen = tuple(parse_slice(positions, names))
        entries.append(SliceEntry(positions.strip(), chosen, _address(address), len(entries) + 1))
    owner: dict[str, str] = {}
    for entry in entries:
        for name in entry.names:
            if name in owner:
                raise ConfigurationError(
                    f"{name} is in two slices ({owner[name]} and {entry.url}): "
                    "a space has one server."
                )
            owner[name] = entry.url
    missing = [name for name in names if name not in owner]
    if missing:
        some = ", ".join(missing[:5])
        raise ConfigurationError(f"No slice serves {some}: every learner needs one.")
    urls = [entry.url for entry in entries]
    if len(set(urls)) != len(urls):
        raise ConfigurationError("Two slices at the same address: give each its own port.")
    return entries


def nginx_map(entries: Sequence[SliceEntry]) -> str:
    """The include the proxy reads: an `upstream` a slice, and `$workshop_slice`, the
    upstream of the learner `$workshop_learner` names (the first slice for any other path:
    the join page, an unknown name's 404). Learner names are `[a-z][a-z0-9-]*`, so they
    need no quoting; nginx looks the map's exact names up in a hash, whatever their number."""
    lines = [
        "# Each learner to the server of their slice: written by `python -m simulator workshop",
        "# slices` (docs/workshop.md). Write it again, and reload nginx, when the roster or a",
        "# slice changes.",
    ]
    lines += [f"upstream {entry.upstream} {{ server {entry.url.removeprefix('http://')}; }}"
              for entry in entries]  # fmt: skip
    lines.append("map $workshop_learner $workshop_slice {")
    lines.append(f"    default {entries[0].upstream};")
    lines += [f"    {name} {entry.upstream};" for entry in entries for name in entry.names]
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_plan(room: Workshop, specs: Sequence[str]) -> tuple[Path, Path]:
    """The plan and the proxy's include, both in the room's data dir (see the module
    docstring); what was there before is replaced."""
    entries = parse_plan(specs, room.names)
    plan = [{"learners": entry.learners, "url": entry.url} for entry in entries]
    plan_path, nginx_path = room.data_dir / PLAN_FILE, room.data_dir / NGINX_FILE
    write_private_text(nginx_path, nginx_map(entries))
    write_private_text(plan_path, json.dumps(plan, indent=2) + "\n")
    return plan_path, nginx_path


def read_plan(room: Workshop) -> list[SliceEntry]:
    """The room's plan (empty when the room is served by one server: no file)."""
    path = room.data_dir / PLAN_FILE
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        specs = [f"{item['learners']}={item['url']}" for item in data]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ConfigurationError(f"Cannot read the slice plan {path}: {error}") from None
    try:
        return parse_plan(specs, room.names)
    except ConfigurationError as error:
        raise ConfigurationError(
            f"The slice plan {path} no longer fits the roster ({error}): "
            "run `workshop slices` again."
        ) from None


def check_served(room: Workshop) -> None:
    """Refuse to serve learners that are no slice of the room's plan (the proxy would send
    some of them elsewhere, and the view would not find them): one slice, or the whole
    roster (a room served by one server again, the plan left behind)."""
    entries = read_plan(room)
    served = frozenset(room.served)
    if not entries or served == frozenset(room.names):
        return
    if all(frozenset(entry.names) != served for entry in entries):
        slices = ", ".join(entry.learners for entry in entries)
        raise ConfigurationError(
            f"--learners is no slice of the room's plan ({PLAN_FILE}: {slices}): serve one of "
            "them, or run `workshop slices` again."
        )

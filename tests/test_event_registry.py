"""The event-type registry (`domain/kernel/event_types.toml`) read from the machine's cache
once an earlier process parsed it (issue 35: importing `tomllib` was 8-10 ms of every
start-up); the same table either way, and a broken cache file is parsed again."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from simulator import user_cache
from simulator.domain.kernel import events


def test_the_cached_registry_is_the_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path))
    text = events.EVENT_TYPES_FILE.read_text(encoding="utf-8")
    parsed = tomllib.loads(text)
    assert events._registry(text) == parsed  # parsed, then kept
    (kept,) = tmp_path.iterdir()
    assert events._registry(text) == parsed  # read back
    kept.write_bytes(b"{not json")
    assert events._registry(text) == parsed  # parsed again
    assert events._load_event_types(events.EVENT_TYPES_FILE) == tuple(
        events.EVENT_TYPE_DESCRIPTIONS.items()
    )
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, "")  # caching off
    assert events._registry(text) == parsed


def test_a_start_up_with_the_cache_imports_no_toml_parser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path))
    probe = "import sys; import simulator._simulator; print('tomllib' in sys.modules)"
    said = [
        subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    ]
    assert said[1] == "False", said

"""docs/screenshots/ stays current: every image there is shown by a document and written by
a browser test (so running the browser tests regenerates all of them, and an image no test
writes any more cannot linger), and every screenshot a document shows exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
SHOTS = ROOT / "docs" / "screenshots"
_SHOWN = re.compile(r"!\[[^\]]*\]\(screenshots/([\w.-]+\.png)\)")


def _shown() -> set[str]:
    return {
        name for doc in (ROOT / "docs").glob("*.md") for name in _SHOWN.findall(doc.read_text())
    }


def _written() -> set[str]:
    tests = "\n".join(path.read_text() for path in (ROOT / "tests").glob("*.py"))
    return {path.name for path in SHOTS.glob("*.png") if f'"{path.name}"' in tests}


def test_every_screenshot_is_shown_and_written_by_a_test() -> None:
    images = {path.name for path in SHOTS.glob("*.png")}
    assert images - _shown() == set(), "images no document shows"
    assert images - _written() == set(), "images no test writes (stale)"


def test_every_screenshot_shown_exists() -> None:
    assert _shown() - {path.name for path in SHOTS.glob("*.png")} == set()


def test_screenshots_are_pngs() -> None:
    for path in SHOTS.glob("*.png"):
        head = path.read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n", path.name
        width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        assert width >= 600 and height >= 300, (path.name, width, height)

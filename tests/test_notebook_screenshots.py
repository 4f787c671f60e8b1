"""The screenshot of each notebook's main widget exists, is shown in docs/widgets.md, and is
not stale: it was taken from the notebook and the widget's module as they are now (the
fingerprints in docs/screenshots/notebooks/manifest.json, written when the picture is taken).
Stale: run `python scripts/notebook_screenshots.py STEM` (JupyterLab and Chromium)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .notebook_screenshots import MAIN_WIDGETS, ROOT, SHOTS, fingerprint, main_cell, recorded

STEMS = sorted(path.stem for path in (ROOT / "notebooks").glob("*.ipynb"))


def test_every_notebook_names_its_main_widget() -> None:
    assert sorted(MAIN_WIDGETS) == STEMS


def test_the_manifest_names_only_notebooks_that_exist() -> None:
    assert sorted(recorded()) == STEMS
    for stem in STEMS:
        assert main_cell(stem) >= 0


@pytest.mark.parametrize("stem", STEMS)
def test_the_notebooks_screenshot_is_shown_and_not_stale(stem: str) -> None:
    shot = SHOTS / f"{stem}.png"
    assert shot.exists() and shot.read_bytes().startswith(b"\x89PNG")
    assert f"screenshots/notebooks/{stem}.png" in (ROOT / "docs" / "widgets.md").read_text()
    assert recorded().get(stem) == fingerprint(stem), (
        f"{Path(shot).name} is stale: run `python scripts/notebook_screenshots.py {stem}`"
    )

"""`python -m simulator notebooks DIR`: the tutorial notebooks copied out of the package.

In-process, from this checkout's install (an editable one in development, where
`simulator.tutorials` is the repository's notebooks/ folder); tests/test_wheel.py runs the
same command from an installed wheel.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simulator.cli import main

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
STEMS = sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb"))


def test_the_notebooks_their_pairs_and_settings_are_copied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "new" / "my-notebooks"  # created, parents too
    assert main(["notebooks", str(target)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["directory"] == str(target.resolve())
    assert printed["copied"] == [
        *(f"{stem}.ipynb" for stem in STEMS),
        *(f"{stem}.py" for stem in STEMS),
        "jupytext.toml",
        "nbval_sanitize.cfg",
    ]
    assert sorted(path.name for path in target.iterdir()) == sorted(printed["copied"])
    for name in printed["copied"]:
        assert (target / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
    # jupytext refuses a pair whose notebook is newer than its text file.
    for stem in STEMS:
        pair = (target / f"{stem}.py").stat().st_mtime
        assert pair >= (target / f"{stem}.ipynb").stat().st_mtime
    assert not (target / "__init__.py").exists()


def test_a_folder_with_the_notebooks_is_refused_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "nb"
    target.mkdir()
    (target / "01-getting-started.ipynb").write_text("my work", encoding="utf-8")
    (target / "notes.md").write_text("mine", encoding="utf-8")
    assert main(["notebooks", str(target)]) == 2
    error = capsys.readouterr().err
    assert "already holds 1 of the notebooks' files (01-getting-started.ipynb)" in error
    assert "--force" in error
    assert (target / "01-getting-started.ipynb").read_text(encoding="utf-8") == "my work"
    assert sorted(path.name for path in target.iterdir()) == [
        "01-getting-started.ipynb",
        "notes.md",
    ]

    assert main(["notebooks", str(target), "--force"]) == 0
    assert (target / "01-getting-started.ipynb").read_bytes() == (
        NOTEBOOKS / "01-getting-started.ipynb"
    ).read_bytes()
    assert (target / "notes.md").read_text(encoding="utf-8") == "mine"  # only its own files


def test_a_file_is_not_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "file"
    target.write_text("", encoding="utf-8")
    assert main(["notebooks", str(target)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err

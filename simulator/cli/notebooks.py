"""`notebooks DIR`: copy the tutorial notebooks out of the installed package.

A learner who installed the wheel has no checkout: the notebooks ship inside the package as
`simulator.tutorials` (the repository's `notebooks/` folder; setup.py says how), and this
command writes them where Jupyter can open them:

```
python -m simulator notebooks my-notebooks    # then: jupyter lab my-notebooks
```

Each `NN-*.ipynb` comes with its jupytext pair `NN-*.py` and the folder's `jupytext.toml`, so
that jupytext, where installed, keeps the two in step as it does in the repository;
`nbval_sanitize.cfg` lets `pytest --nbval --nbval-sanitize-with nbval_sanitize.cfg` rerun them.
A file already there is never overwritten without `--force`: it may be the learner's work.
"""

from __future__ import annotations

import argparse
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from ..exceptions import ConfigurationError
from .common import print_json

__all__ = ["copy_notebooks", "register", "tutorial_files"]

#: The package that holds the notebooks (pyproject.toml's `package-dir` maps it to notebooks/).
TUTORIALS_PACKAGE = "simulator.tutorials"
#: The notebook folder's settings, copied beside the notebooks.
SETTINGS_FILES = ("jupytext.toml", "nbval_sanitize.cfg")


def register(subparsers: Any) -> None:
    notebooks = subparsers.add_parser(
        "notebooks", help="copy the tutorial notebooks (with their .py pairs) into a folder"
    )
    notebooks.add_argument("directory", metavar="DIR", help="where to write them (created)")
    notebooks.add_argument(
        "--force", action="store_true", help="overwrite notebooks already in DIR"
    )
    notebooks.set_defaults(handler=run_notebooks)


def tutorial_files() -> list[Traversable]:
    """The files to copy, notebooks first, then their `.py` pairs, then the settings.

    The order matters to jupytext: it refuses a pair whose notebook is newer than its text
    file, so each `.py` is written after its `.ipynb`.
    """
    try:
        package = files(TUTORIALS_PACKAGE)
    except ModuleNotFoundError:  # an editable install made before the notebooks were a package
        raise ConfigurationError(
            f"The tutorial notebooks are not installed ({TUTORIALS_PACKAGE}): reinstall the "
            "package (`pip install -e .` in a checkout)."
        ) from None
    entries = {entry.name: entry for entry in package.iterdir()}
    notebooks = sorted(name for name in entries if name.endswith(".ipynb"))
    pairs = [
        f"{name.removesuffix('.ipynb')}.py"
        for name in notebooks
        if f"{name.removesuffix('.ipynb')}.py" in entries
    ]
    settings = [name for name in SETTINGS_FILES if name in entries]
    return [entries[name] for name in (*notebooks, *pairs, *settings)]


def copy_notebooks(directory: Path, *, force: bool = False) -> list[str]:
    """Write the tutorial files into `directory` (created); the names written, in order."""
    sources = tutorial_files()
    if not sources:  # a broken install: say so rather than copy nothing
        raise ConfigurationError(f"No notebooks found in the package {TUTORIALS_PACKAGE}.")
    if directory.exists() and not directory.is_dir():
        raise ConfigurationError(f"{directory} is a file, not a folder.")
    existing = [source.name for source in sources if (directory / source.name).exists()]
    if existing and not force:
        shown = ", ".join(existing[:5]) + (", ..." if len(existing) > 5 else "")
        raise ConfigurationError(
            f"{directory} already holds {len(existing)} of the notebooks' files ({shown}): "
            "choose another folder, or add --force to overwrite them."
        )
    directory.mkdir(parents=True, exist_ok=True)
    for source in sources:
        (directory / source.name).write_bytes(source.read_bytes())
    return [source.name for source in sources]


def run_notebooks(args: argparse.Namespace) -> int:
    directory = Path(args.directory)
    try:
        copied = copy_notebooks(directory, force=args.force)
    except OSError as error:  # a folder that cannot be created or written
        raise ConfigurationError(f"Cannot write the notebooks into {directory}: {error}") from None
    print_json({"directory": str(directory.resolve()), "copied": copied})
    return 0

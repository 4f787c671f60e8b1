"""Give the cells of the teaching notebooks readable, stable ids.

    python scripts/notebook_cell_ids.py notebooks/*.ipynb           # name the unnamed cells
    python scripts/notebook_cell_ids.py --check notebooks/*.ipynb   # exit 1 if one needs a name

Jupyter, nbformat and jupytext give a new cell a random id (`3f9c2a1b`, or a UUID in
JupyterLab). Those read as noise in a diff, so each cell carries an id derived from its
section instead: the heading cell of "## A project access token" is
`a-project-access-token`, the code cell after it `a-project-access-token-code`, a second one
`a-project-access-token-code-2` (a heading is cut at its colon). A cell that already has a
readable id keeps it: ids never move when a cell is inserted, edited or re-executed.
`tests/test_notebook_pairs.py` checks that every id is readable, unique and kept by
`jupytext --sync`.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

MAX_SLUG = 40
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# What nbformat/jupytext (8 hex digits) and JupyterLab (a UUID) pick for a new cell.
RANDOM = re.compile(r"[0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def is_readable(cell_id: str) -> bool:
    """True for a slug such as `a-project-access-token-code`, false for a random id."""
    return SLUG.fullmatch(cell_id) is not None and RANDOM.fullmatch(cell_id) is None


def slug(text: str) -> str:
    """The words of `text`, lower case, joined by `-`, cut at a word to `MAX_SLUG` characters."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    kept: list[str] = []
    for word in words:
        if kept and len("-".join([*kept, word])) > MAX_SLUG:
            break
        kept.append(word)
    return "-".join(kept)[:MAX_SLUG] or "cell"


def heading(cell: nbformat.NotebookNode) -> str | None:
    """The text of the first Markdown heading of a Markdown cell, if it has one."""
    if cell.cell_type != "markdown":
        return None
    match = re.search(r"^#{1,6}\s+(.+)$", cell.source, re.MULTILINE)
    return match.group(1) if match else None


def name_cells(notebook: nbformat.NotebookNode) -> list[str]:
    """Give each cell without a readable id one derived from its section; return those renamed."""
    taken = {cell.id for cell in notebook.cells if is_readable(cell.get("id", ""))}
    section = "intro"
    renamed = []
    for cell in notebook.cells:
        title = heading(cell)
        if title is not None:
            section = slug(
                title.split(":")[0]
            )  # "# 1. Getting started: a token" -> 1-getting-started
        if is_readable(cell.get("id", "")):
            continue
        kind = "text" if cell.cell_type == "markdown" else cell.cell_type
        base = section if title is not None else f"{section}-{kind}"
        candidate, number = base, 1
        while candidate in taken:
            number += 1
            candidate = f"{base}-{number}"
        cell.id = candidate
        taken.add(candidate)
        renamed.append(candidate)
    return renamed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if needed")
    args = parser.parse_args(argv)
    status = 0
    for path in args.notebooks:
        notebook = nbformat.read(path, as_version=4)
        renamed = name_cells(notebook)
        if not renamed:
            continue
        if args.check:
            print(f"{path}: {len(renamed)} cell(s) without a readable id", file=sys.stderr)
            status = 1
        else:
            nbformat.write(notebook, path)
            print(f"{path}: named {', '.join(renamed)}")
    return status


if __name__ == "__main__":
    sys.exit(main())

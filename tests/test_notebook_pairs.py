"""The teaching notebooks are jupytext pairs, and their cell ids are readable and stable.

Each `notebooks/NN-*.ipynb` (cells, outputs, widget state) has a percent-format
`notebooks/NN-*.py` beside it that holds the same cells as code (`# %%`) and comments
(`# %% [markdown]`). Either side may be edited; `jupytext --sync` copies the edit across.
These tests fail when one side was edited and not synced, when a notebook lost its pair,
or when a cell carries a random id (run `python scripts/notebook_cell_ids.py notebooks/*.ipynb`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import jupytext
import nbformat
import pytest
from jupytext.combine import combine_inputs_with_outputs
from jupytext.config import find_jupytext_configuration_file, load_jupytext_configuration_file

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
STEMS = sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb"))


def _cell_ids_module() -> ModuleType:
    """`scripts/notebook_cell_ids.py`, the one rule for what a readable id is."""
    spec = importlib.util.spec_from_file_location(
        "notebook_cell_ids", ROOT / "scripts" / "notebook_cell_ids.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pair(stem: str) -> tuple[nbformat.NotebookNode, nbformat.NotebookNode]:
    """The `.ipynb` as stored and jupytext's reading of its `.py`."""
    notebook = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    script = jupytext.read(NOTEBOOKS / f"{stem}.py", fmt="py:percent")
    return notebook, script


def test_the_notebooks_are_paired_with_percent_scripts() -> None:
    config_file = find_jupytext_configuration_file(str(NOTEBOOKS))
    assert config_file is not None and Path(config_file).parent == NOTEBOOKS
    config = load_jupytext_configuration_file(config_file)
    assert config.formats == ["ipynb,py:percent"]


def test_every_notebook_has_a_py_pair_and_every_py_a_notebook() -> None:
    assert len(STEMS) >= 7
    # __init__.py makes the folder the package simulator.tutorials (setup.py): not a notebook.
    scripts = sorted(path.stem for path in NOTEBOOKS.glob("*.py") if path.name != "__init__.py")
    assert scripts == STEMS, "each notebooks/NN-*.ipynb needs its NN-*.py and the reverse"
    assert not list(NOTEBOOKS.glob("build_*.py")), "the notebooks are no longer built by scripts"


@pytest.mark.parametrize("stem", STEMS)
def test_the_py_and_the_ipynb_hold_the_same_cells(stem: str) -> None:
    notebook, script = _pair(stem)
    stored = [(cell.cell_type, cell.source) for cell in notebook.cells]
    paired = [(cell.cell_type, cell.source) for cell in script.cells]
    assert paired == stored, f"run `jupytext --sync notebooks/{stem}.py`"


@pytest.mark.parametrize("stem", STEMS)
def test_cell_ids_are_readable_and_unique(stem: str) -> None:
    notebook, _ = _pair(stem)
    ids = [cell.id for cell in notebook.cells]
    assert len(set(ids)) == len(ids), f"duplicate cell ids in {stem}.ipynb"
    is_readable = _cell_ids_module().is_readable
    random_ids = [cell_id for cell_id in ids if not is_readable(cell_id)]
    assert not random_ids, f"run `python scripts/notebook_cell_ids.py notebooks/{stem}.ipynb`"


@pytest.mark.parametrize("stem", STEMS)
def test_syncing_the_py_into_the_ipynb_changes_nothing(stem: str) -> None:
    """`jupytext --sync` keeps every cell's id, outputs and metadata: nothing churns."""
    notebook, script = _pair(stem)
    synced = combine_inputs_with_outputs(script, notebook, fmt="py:percent")
    assert [cell.id for cell in synced.cells] == [cell.id for cell in notebook.cells]
    assert synced.cells == notebook.cells
    assert synced.metadata == notebook.metadata


def test_an_unnamed_cell_gets_its_section_name_and_named_cells_keep_theirs() -> None:
    module = _cell_ids_module()
    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("# 9. Example: a title", id="kept-as-it-is"),
            nbformat.v4.new_code_cell("x = 1"),
            nbformat.v4.new_markdown_cell("Some text, no heading"),
            nbformat.v4.new_code_cell("y = 2"),
            nbformat.v4.new_markdown_cell("## A Section, with punctuation!"),
            nbformat.v4.new_code_cell("z = 3", id="0123abcd"),
        ]
    )
    renamed = module.name_cells(notebook)
    assert [cell.id for cell in notebook.cells] == [
        "kept-as-it-is",
        "9-example-code",
        "9-example-text",
        "9-example-code-2",
        "a-section-with-punctuation",
        "a-section-with-punctuation-code",
    ]
    assert len(renamed) == 5
    assert module.name_cells(notebook) == []

"""Each notebook in a real JupyterLab (the one of tests/test_browser_widgets.py): Run All, then a
screenshot of its main widget into docs/screenshots/notebooks/<stem>.png, and its fingerprint
into the manifest beside them (tests/notebook_screenshots.py says what the fingerprint covers;
tests/test_notebook_screenshots.py fails when a screenshot is stale).

`python scripts/notebook_screenshots.py` runs this file to regenerate them; a plain `pytest`
skips it (fifteen notebooks in a browser take minutes, and nbval and tests/test_notebook_widgets.py
already run every notebook): set NOTEBOOK_SCREENSHOTS=1 to run it by hand.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .notebook_screenshots import MAIN_WIDGETS, SHOTS, main_cell, record
from .test_browser_widgets import JupyterLab
from .test_browser_widgets import pytestmark as browser_marks

pytestmark = [
    *browser_marks,
    pytest.mark.skipif(
        os.environ.get("NOTEBOOK_SCREENSHOTS") != "1",
        reason="takes the notebook screenshots: python scripts/notebook_screenshots.py",
    ),
]

#: A widget's outermost box in an output area (ipywidgets 8 renders a VBox as either).
TOP = ".jp-OutputArea-output > .widget-vbox, .jp-OutputArea-output > .jupyter-widgets.widget-vbox"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterLab]:
    server = JupyterLab(tmp_path_factory.mktemp("lab"))
    try:
        server.wait()
        yield server
    finally:
        server.stop()


def run_all(page: Any, lab: JupyterLab, name: str) -> float:
    """Open `name` in JupyterLab, Run All, wait for the kernel to be idle; the seconds it took."""
    # A workspace of its own: JupyterLab would otherwise reopen the notebooks opened before.
    workspace = name.removesuffix(".ipynb")
    page.goto(f"{lab.base_url}/lab/workspaces/{workspace}/tree/{name}?reset&token={lab.token}")
    page.locator(".jp-Notebook").wait_for(timeout=60_000)
    select = page.get_by_role("button", name="Select", exact=True)
    try:  # JupyterLab asks which kernel when the notebook names none it knows
        select.wait_for(timeout=10_000)
        select.click()
    except PlaywrightTimeout:
        pass
    idle = page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    idle.wait_for(timeout=60_000)
    started = time.monotonic()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # Busy first (the run started), then idle again (every cell ran).
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='busy']").wait_for(timeout=30_000)
    idle.wait_for(timeout=180_000)
    return time.monotonic() - started


@pytest.mark.parametrize("stem", sorted(MAIN_WIDGETS))
def test_each_notebooks_main_widget_after_run_all(browser: Any, lab: JupyterLab, stem: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 1800})
    page = context.new_page()
    seconds = run_all(page, lab, f"{stem}.ipynb")
    cell = page.locator(".jp-Notebook .jp-Cell").nth(main_cell(stem))
    widget = cell.locator(TOP).first
    widget.wait_for(timeout=60_000)
    if MAIN_WIDGETS[stem][0] == "WebhookTimeline":
        widget.locator("img").wait_for(timeout=60_000)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    news = page.get_by_role("button", name="No", exact=True)  # the "Jupyter news?" toast
    if news.count():
        news.first.click()
    widget.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    widget.screenshot(path=str(Path(SHOTS / f"{stem}.png")), animations="disabled")
    record(stem)
    print(f"\n{stem}: Run All {seconds:.1f} s")
    context.close()

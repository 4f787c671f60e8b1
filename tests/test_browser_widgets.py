"""The teaching kit in a real JupyterLab: started on loopback by the test, `00-tour` opened in
Debian's Chromium through Playwright, Run All, the Console's Run clicked and its answer seen,
no request leaving loopback. Writes a screenshot of the tour's two widgets (the Console, the
ClockPanel) into docs/widgets/ and prints the timings quoted in docs/widgets.md."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import CHROMIUM, free_port

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "widgets"
#: The widgets of 00-tour, in the order their outputs appear (the other widgets' pictures are
#: the notebooks' own, docs/screenshots/notebooks/, taken by tests/test_browser_notebooks.py).
WIDGETS = ("console", "clock-panel")

pytestmark = [
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"needs Debian's Chromium at {CHROMIUM}"
    ),
    pytest.mark.skipif(shutil.which("jupyter-lab") is None, reason="needs jupyterlab"),
]


class JupyterLab:
    """`jupyter lab` on a loopback port, over a copy of the notebooks in a temporary directory."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.base_url = f"http://127.0.0.1:{self.port}"
        for notebook in (ROOT / "notebooks").glob("*.ipynb"):
            shutil.copy(notebook, workdir / notebook.name)
        # Every cell rendered (no windowing), so each widget is on the page to be seen.
        settings = workdir / "settings" / "@jupyterlab" / "notebook-extension"
        settings.mkdir(parents=True)
        (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
        env = os.environ | {
            "PYTHONPATH": str(ROOT),
            "JUPYTER_CONFIG_DIR": str(workdir / "cfg"),
            "JUPYTERLAB_SETTINGS_DIR": str(workdir / "settings"),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={self.port}", f"--IdentityProvider.token={self.token}",
             f"--ServerApp.root_dir={workdir}", "--LabApp.news_url=",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             "--LabApp.extension_manager=readonly", "--allow-root"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def wait(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                answer = httpx.get(f"{self.base_url}/api/status?token={self.token}", timeout=2)
                if answer.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise RuntimeError("JupyterLab did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[JupyterLab]:
    server = JupyterLab(tmp_path)
    try:
        server.wait()
        yield server
    finally:
        server.stop()


def tops_clock_time(page: Any) -> Any:
    """The ClockPanel's time field (the only disabled text field of the tour's widgets)."""
    return page.locator(".jp-OutputArea-output input[type='text']:disabled").first


def test_the_tour_runs_in_jupyterlab_and_the_console_answers(browser: Any, lab: JupyterLab) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 1800})
    outside: list[str] = []

    def only_loopback(route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if route.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    page.goto(f"{lab.base_url}/lab/tree/00-tour.ipynb?token={lab.token}")
    page.locator(".jp-Notebook").wait_for(timeout=60_000)
    select = page.get_by_role("button", name="Select", exact=True)
    try:  # JupyterLab asks which kernel when the notebook names none it knows
        select.wait_for(timeout=10_000)
        select.click()
    except PlaywrightTimeout:
        pass
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=60_000)

    started = time.monotonic()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # Usable: the last widget (the clock panel) is drawn, and the kernel is idle again.
    try:
        tops_clock_time(page).wait_for(timeout=120_000)
    except Exception:
        page.screenshot(path="/tmp/lab-failure.png")
        raise
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=120_000)
    usable = time.monotonic() - started

    console = page.locator(".jp-OutputArea-output .widget-vbox").first
    console.scroll_into_view_if_needed()
    history = console.locator("details table tr")
    rows = history.count()
    clicked = time.monotonic()
    console.locator("button.mod-primary").first.click()  # Run, the Console's primary button
    history.nth(rows).wait_for(timeout=30_000)
    response = time.monotonic() - clicked
    assert "HTTP 200" in console.inner_text()

    # The ClockPanel follows a clock moved from elsewhere: the command line, another process.
    data_dir = page.locator("th:text-is('data dir') + td code").first.inner_text()
    shown = tops_clock_time(page)
    before = shown.input_value()
    subprocess.run(
        [sys.executable, "-m", "simulator", "clock", "advance", "1h", "--data-dir", data_dir],
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        check=True,
        capture_output=True,
    )
    expect(shown).not_to_have_value(before, timeout=15_000)
    assert shown.input_value()[11:13] == f"{int(before[11:13]) + 1:02d}"

    news = page.get_by_role("button", name="No", exact=True)  # the "Jupyter news?" toast
    if news.count():
        news.first.click()
    SHOTS.mkdir(parents=True, exist_ok=True)
    tops = page.locator(
        ".jp-OutputArea-output > .widget-vbox, .jp-OutputArea-output > .jupyter-widgets.widget-vbox"
    )
    assert tops.count() >= len(WIDGETS)
    for n, name in enumerate(WIDGETS):
        tops.nth(n).screenshot(path=str(SHOTS / f"{name}.png"))
    print(f"\nRun All to a usable kit: {usable:.1f} s; Console Run to its answer: {response:.2f} s")
    assert outside == []
    context.close()

"""The wheel is the whole product: built, installed in a fresh virtual environment and run from
an empty folder, it serves, seeds, reports, runs a workshop, opens every widget and writes out
the tutorial notebooks, with no source checkout on its path.

The fresh environment gets the test environment's dependencies without downloading anything: a
`.pth` file in its site-packages lists the folders this process imports its packages from. A
folder named in a `.pth` file joins `sys.path`, but the `.pth` files inside it are not read, so
the editable install's finder (which maps `simulator` to this checkout) stays out:
`test_the_installed_package_is_the_wheel` checks that, and that no folder of the checkout is on
the path. The wheel is built by the backend of `[build-system]` (setuptools, in the test
extras) from a copy of the files a build reads, so the checkout gets no `build/` folder.
Building, the environment and the commands take about 30 s together.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from .conftest import free_port

ROOT = Path(__file__).resolve().parents[1]
#: What a build reads: the project's metadata, the package, the notebooks (simulator.tutorials)
#: and the datasets (simulator.datasets).
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "simulator", "notebooks", "datasets")
#: PEP 517's build_wheel hook, called the way a front end calls it.
BUILD_WHEEL = "import sys; from setuptools import build_meta; build_meta.build_wheel(sys.argv[1])"
BIN = "Scripts" if os.name == "nt" else "bin"
WHERE_FROM = """
import importlib.resources, json, sys, simulator
tutorials = str(importlib.resources.files("simulator.tutorials"))
finders = [getattr(finder, "__name__", type(finder).__name__) for finder in sys.meta_path]
print(json.dumps([simulator.__file__, tutorials, sys.path, finders]))
"""
WIDGETS = """
from simulator import Simulator
from simulator.widgets import (ClockPanel, ConsentInbox, Console, Ledger, LimitsGauge,
                               OAuthWalkthrough, Phone, WebhookTimeline)
with Simulator() as sim:
    console = Console(sim)
    built = [console, LimitsGauge(sim, console=console), Ledger(sim), ClockPanel(sim),
             OAuthWalkthrough(sim), Phone(sim, "+33612345678"), ConsentInbox(sim),
             WebhookTimeline(sim)]
    print(len(built))
"""


#: The requirements of the wheel's `report` extra, by name (from its metadata).
REPORT_EXTRA = """
import json, re
from importlib.metadata import requires
extra = [r for r in requires("banking-sandbox-simulator") or [] if 'extra == "report"' in r]
print(json.dumps([re.split(r"[<>=!~; \\[]", r, maxsplit=1)[0] for r in extra]))
"""


@dataclass(frozen=True)
class Installed:
    """The wheel installed in a fresh virtual environment; commands run in `folder`."""

    wheel: Path
    python: Path
    site_packages: Path
    folder: Path

    def run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.python), *args],
            cwd=self.folder,
            env=fresh_environ(),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def simulator(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run("-m", "simulator", *args)


def fresh_environ() -> dict[str, str]:
    """This process's environment without what would point Python at the checkout."""
    skipped = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "SIMULATOR_DATA_DIR"}
    environ = {key: value for key, value in os.environ.items() if key not in skipped}
    return {**environ, "PYTHONNOUSERSITE": "1", "PYTHONUNBUFFERED": "1"}


def checked(*command: str, cwd: Path | None = None) -> str:
    result = subprocess.run(
        list(command), cwd=cwd, capture_output=True, text=True, timeout=180, check=False
    )
    assert result.returncode == 0, f"{command}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def build_wheel(work: Path) -> Path:
    source, dist = work / "source", work / "dist"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    dist.mkdir()
    checked(sys.executable, "-c", BUILD_WHEEL, str(dist), cwd=source)
    [wheel] = dist.glob("*.whl")
    return wheel


def dependency_folders() -> list[str]:
    """The site-packages folders this process imports from (never the checkout)."""
    folders = [
        entry
        for entry in sys.path
        if Path(entry).name in ("site-packages", "dist-packages") and Path(entry).is_dir()
    ]
    return list(dict.fromkeys(folders))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    work = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(work)
    venv = work / "fresh"
    python = venv / BIN / ("python.exe" if os.name == "nt" else "python")
    if importlib.util.find_spec("pip") is not None:
        # This environment's pip installs into the new one (`--python`): no ensurepip, 8 s less.
        checked(sys.executable, "-m", "venv", "--without-pip", str(venv))
        pip = [sys.executable, "-m", "pip", "--python", str(python)]
    else:
        checked(sys.executable, "-m", "venv", str(venv))
        pip = [str(python), "-m", "pip"]
    options = ["--disable-pip-version-check", "--no-input", "--quiet", "--no-deps", "--no-index"]
    checked(*pip, "install", *options, str(wheel))
    site = Path(
        checked(str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").strip()
    )
    (site / "test-environment-dependencies.pth").write_text(
        "\n".join(dependency_folders()) + "\n", encoding="utf-8"
    )
    folder = work / "empty"
    folder.mkdir()
    return Installed(wheel, python, site, folder)


def test_the_wheel_holds_every_file_of_the_package(installed: Installed) -> None:
    try:
        tracked = checked("git", "ls-files", "simulator", "notebooks", "datasets", cwd=ROOT).split()
    except (OSError, AssertionError):
        pytest.skip("not a git checkout")
    with zipfile.ZipFile(installed.wheel) as archive:
        names = set(archive.namelist())
    mapped = {"notebooks/": "simulator/tutorials/", "datasets/": "simulator/datasets/"}
    expected = {
        next((mapped[top] + path.removeprefix(top) for top in mapped if path.startswith(top)), path)
        for path in tracked
    }
    assert sorted(expected - names) == []
    assert {name.split("/")[0] for name in names} == {
        "simulator",
        "banking_sandbox_simulator-0.1.0.dist-info",
    }
    for data in (
        "simulator/datasets/default.json",
        "simulator/workshop/exercises/01-project-token.toml",
    ):
        assert data in names


def test_the_installed_package_is_the_wheel(installed: Installed) -> None:
    result = installed.run("-c", WHERE_FROM)
    assert result.returncode == 0, result.stderr
    location, tutorials, path, finders = json.loads(result.stdout)
    assert Path(location).is_relative_to(installed.site_packages)
    assert Path(tutorials).is_relative_to(installed.site_packages)
    # The editable install's finder would map `simulator` to the checkout: it is not installed.
    assert not [finder for finder in finders if "editable" in finder.lower()], finders
    for entry in path:
        # "" is the working directory, the empty folder (a relative entry is taken from it).
        assert not (installed.folder / entry).resolve().is_relative_to(ROOT), entry


@dataclass(frozen=True)
class Served:
    base_url: str
    #: The answer to `{ accounts { totalCount } }` with a token of the demo project.
    answer: httpx.Response


@pytest.fixture(scope="module")
def served(installed: Installed) -> Iterator[Served]:
    """`serve` from the empty folder, on a free port, until its first GraphQL answer; the
    folder's data dir (`data`, with the demo project and the journal of those calls) stays
    for the next tests."""
    base_url = f"http://127.0.0.1:{free_port()}"
    options = ["--port", base_url.rsplit(":", 1)[1], "--data-dir", "data"]
    log = installed.folder.parent / "serve.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [str(installed.python), "-m", "simulator", "serve", "--frozen", *options],
            cwd=installed.folder,
            env=fresh_environ(),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(base_url + "/", timeout=1)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"serve did not start:\n{log.read_text()}")
                time.sleep(0.1)
        yield Served(base_url, first_call(installed.folder / "data", base_url))
    finally:
        process.send_signal(signal.SIGINT)  # what Ctrl-C sends
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def first_call(data_dir: Path, base_url: str) -> httpx.Response:
    """A token of the demo project (`demo-credentials.json`), then a query with it."""
    credentials = json.loads((data_dir / "demo-credentials.json").read_text())
    token = httpx.post(
        base_url + "/oauth2/token",
        data={"grant_type": "client_credentials"},
        auth=(credentials["client_id"], credentials["client_secret"]),
    )
    assert token.status_code == 200, token.text
    return httpx.post(
        base_url + "/sandbox/graphql",
        json={"query": "{ accounts { totalCount } }"},
        headers={"Authorization": f"Bearer {token.json()['access_token']}"},
    )


def test_serve_answers_the_demo_project(served: Served) -> None:
    assert served.answer.status_code == 200, served.answer.text
    assert served.answer.json()["data"] == {"accounts": {"totalCount": 3}}  # default dataset
    # The explorer: a template and the vendored GraphiQL it loads, both package data.
    page = httpx.get(served.base_url + "/sandbox/graphql", headers={"Accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()
    scripts = [part.split('"')[0] for part in page.text.split('src="')[1:]]
    assert scripts
    for script in scripts:
        assert httpx.get(served.base_url + script).status_code == 200, script


def test_seed_names_the_datasets_there_are(installed: Installed, served: Served) -> None:
    del served  # the data dir with its demo project
    unknown = installed.simulator("seed", "--dataset", "nope", "--data-dir", "data")
    assert unknown.returncode == 2
    assert "No dataset 'nope': use one of default, workshop or a JSON file path." in unknown.stderr
    again = installed.simulator("seed", "--dataset", "default", "--data-dir", "data")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["created"] == 0  # the demo project has it already


def test_report_replays_the_journal(installed: Installed, served: Served) -> None:
    saved = installed.simulator("snapshot", "save", "before", "--data-dir", "data")
    assert saved.returncode == 0, saved.stderr
    first_call(installed.folder / "data", served.base_url)  # the journal since `before`
    result = installed.simulator(
        "report", "--out", "bug.ipynb", "--since", "before", "--data-dir", "data"
    )
    assert result.returncode == 0, result.stderr
    notebook = json.loads((installed.folder / "bug.ipynb").read_text())
    assert any("oauth2/token" in "".join(cell["source"]) for cell in notebook["cells"])
    # The report says what running it needs: the wheel's `report` extra, which is there.
    line = 'pip install "banking-sandbox-simulator[report]"'
    assert line in "".join(notebook["cells"][0]["source"])
    metadata = installed.run("-c", REPORT_EXTRA)
    assert metadata.returncode == 0, metadata.stderr
    assert set(json.loads(metadata.stdout)) >= {"pytest", "nbval", "ipykernel"}
    # ... and, run as the docs say, from the installed package, it replays.
    ran = installed.run(
        "-m", "pytest", "--nbval", "--nbval-current-env", "-q", "-p", "no:cacheprovider",
        "bug.ipynb", timeout=180,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout[-3000:]


def test_a_workshop_is_created_and_checked(installed: Installed) -> None:
    created = installed.simulator("workshop", "create", "--learners", "2", "--data-dir", "room")
    assert created.returncode == 0, created.stderr
    assert (installed.folder / "room" / "roster.csv").is_file()
    progress = installed.simulator("workshop", "progress", "--data-dir", "room")
    assert progress.returncode == 0, progress.stderr
    assert "learner-02" in progress.stdout and "project-token" in progress.stdout


def test_every_widget_opens(installed: Installed) -> None:
    result = installed.run("-c", WIDGETS)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["8"]


def test_the_notebooks_are_written_out(installed: Installed) -> None:
    result = installed.simulator("notebooks", "my-notebooks")
    assert result.returncode == 0, result.stderr
    copied = json.loads(result.stdout)["copied"]
    stems = sorted(path.stem for path in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(copied) == sorted(
        [f"{stem}.ipynb" for stem in stems]
        + [f"{stem}.py" for stem in stems]
        + ["jupytext.toml", "nbval_sanitize.cfg"]
    )
    folder = installed.folder / "my-notebooks"
    for name in copied:
        assert (folder / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()
    refused = installed.simulator("notebooks", "my-notebooks")
    assert refused.returncode == 2
    assert "--force" in refused.stderr


def test_the_pytest_plugin_loads_itself(installed: Installed) -> None:
    """A partner's project with the wheel installed: the example's tests and the plugin's own
    (tests/test_pytest_plugin.py) run with no conftest and no `-p`: the entry point loads
    the plugin; a red test leaves its bug report."""
    from .test_pytest_plugin import PARTNER_TESTS

    partner = installed.folder / "partner"
    shutil.copytree(
        ROOT / "examples" / "python", partner, ignore=shutil.ignore_patterns("__pycache__")
    )
    (partner / "tests" / "test_plugin_fixtures.py").write_text(PARTNER_TESTS, encoding="utf-8")
    result = subprocess.run(
        [str(installed.python), "-m", "pytest", "-p", "no:cacheprovider", "-q"],
        cwd=partner,
        env=fresh_environ(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    summary = result.stdout.strip().splitlines()[-1]
    assert "1 failed, 14 passed" in summary, result.stdout[-3000:] + result.stderr
    assert "FAILED tests/test_plugin_fixtures.py::test_a_red_test" in result.stdout
    report = partner / "banking-reports" / "tests_test_plugin_fixtures.py_test_a_red_test.ipynb"
    assert report.is_file()

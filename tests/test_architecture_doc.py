"""docs/architecture.md tells the truth: its figures are the code's, its drawing of the
domain's families is the contract, its worked example quotes the files it names, and its table
of threads lists every thread the code starts (and none outlives `close()`)."""

from __future__ import annotations

import ast
import importlib.util
import itertools
import re
import threading
from pathlib import Path
from types import ModuleType

import httpx

from simulator import Simulator

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "simulator"
PAGE = ROOT / "docs" / "architecture.md"


def _figures() -> ModuleType:
    """scripts/architecture_figures.py, which is no package's module."""
    spec = importlib.util.spec_from_file_location(
        "architecture_figures", ROOT / "scripts" / "architecture_figures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def test_the_figures_are_the_codes() -> None:
    """Packages, modules and lines by layer, the longest import chain, the contracts' count
    and the families' places, as scripts/architecture_figures.py measures them now."""
    figures = _figures()
    page = PAGE.read_text(encoding="utf-8")
    for name, block in figures.BLOCKS.items():
        assert figures.quoted(page, name) == block(), (
            f"docs/architecture.md's figures:{name} is stale: "
            "run python scripts/architecture_figures.py --write"
        )


def test_the_longest_chain_is_a_chain_of_imports() -> None:
    """Each step of the quoted chain imports the next (grimp's graph)."""
    figures = _figures()
    graph = figures._graph()
    chain = figures.longest_chain()
    assert len(chain) > 10
    for step, following in itertools.pairwise(chain):
        assert any(
            graph.direct_import_exists(importer=a, imported=b) for a in step for b in following
        ), (step, following)


def test_the_drawing_of_the_families_is_the_domain_families_contract() -> None:
    drawing = re.search(r"```text\n(.*?)```", _section("The domain's families"), re.S)
    assert drawing is not None
    drawn = [line.split("  ")[0].strip() for line in drawing.group(1).splitlines()]
    assert drawn == _figures()._layer("domain-families")


#: A fenced excerpt of the worked example: its language, then its first line names its file.
_EXCERPT = re.compile(r"```(graphql|py|toml)\n# (\S+)\n(.*?)```", re.S)


def test_the_worked_example_quotes_the_files_it_names() -> None:
    """Each excerpt's lines are lines of its file, in that order (`...` stands for lines
    left out), so the example follows the code when it changes."""
    excerpts = _EXCERPT.findall(_section("Adding a mutation, end to end"))
    assert len(excerpts) == 5
    for _, name, body in excerpts:
        lines = iter((ROOT / name).read_text(encoding="utf-8").splitlines())
        for line in body.splitlines():
            if line.strip() in ("", "..."):
                continue
            assert any(line == candidate for candidate in lines), f"{name}: {line!r}"


#: Where simulator/ starts a thread or a pool of them, and the name the table gives it.
THREAD_SITES = {
    "_simulator.py": "simulator-worker_N",
    "scheduler.py": "simulator-ticker",
    "webhooks/http.py": "webhook_N",
    "workshop/fair_pool.py": "workshop-worker_N",
    "workshop/parallel.py": "workshop-room_N",
    "workshop/background.py": "workshop-server",
    "report/replay.py": "bug-report-replay",
    "pytest_plugin/served.py": "banking-server",
}
_STARTERS = {"Thread", "ThreadPoolExecutor", "to_thread", "run_in_threadpool"}


def _starts_threads(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            name = function.id if isinstance(function, ast.Name) else name
            if name in ("Thread", "ThreadPoolExecutor"):
                return True
    return False


def test_the_table_of_threads_lists_every_thread_started() -> None:
    """Every module that starts a thread or a pool is known here, and its thread is in the
    table of "Who owns which thread" (as are the event loop's and the libraries' pools)."""
    sites = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if _starts_threads(path)
    }
    assert sites == set(THREAD_SITES)
    table = _section("The composition root").split("### Who owns which thread")[1]
    named = re.findall(r"^\| `([^`]+)`", table, re.M)
    expected = {*THREAD_SITES.values(), "asyncio-portal-*", "AnyIO worker thread", "asyncio_N"}
    assert set(named) == expected


def _ours() -> set[threading.Thread]:
    """The simulator's threads running now: the objects, not their names (another simulator
    of this process, a test's before, has threads of the same names)."""
    prefixes = ("simulator-", "asyncio-portal", "webhook_", "workshop-", "bug-report-")
    return {thread for thread in threading.enumerate() if thread.name.startswith(prefixes)}


def test_a_simulators_threads_end_with_close() -> None:
    """The ticker (a client's lifespan), the worker pool (an operation) and the test portal
    run while used, and none is left after `close()`. The query's text is this test's own:
    a text the process has run before may run on the event loop (`api.inline_reads`), with
    no worker started."""
    before = _ours()
    sim = Simulator()
    creds = sim.create_project("sandbox", "Threads", ["http://localhost:3000/callback"])
    with sim.client() as http:
        login = {"grant_type": "client_credentials", "client_id": creds.client_id}
        login["client_secret"] = creds.client_secret
        token = http.post("/oauth2/token", data=login).json()["access_token"]
        answer = http.post(
            "/sandbox/graphql",
            json={"query": "query ThreadsEndWithClose { projectInfo { id } }"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == httpx.codes.OK, answer.text
        during = _ours() - before
    sim.close()
    assert {re.sub(r"[-_][0-9a-f]+$", "", thread.name) for thread in during} >= {
        "simulator-ticker",
        "simulator-worker",
        "asyncio-portal",
    }
    assert _ours() - before == set()


def test_the_merge_helper_finds_nothing_to_move() -> None:
    """scripts/family_moves.py (for branches made before the family folders) agrees with
    tests/test_architecture.py on what stays flat, and has nothing to rewrite or place here."""
    from .test_architecture import LAYERS

    spec = importlib.util.spec_from_file_location(
        "family_moves", ROOT / "scripts" / "family_moves.py"
    )
    assert spec is not None and spec.loader is not None
    moves = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(moves)
    assert {f"simulator/{layer}": flat for layer, flat in LAYERS.items()} == moves.FLAT
    assert moves.placements() == ([], [])
    moved = moves.moved_modules([])
    for folder in ("simulator", "tests", "scripts"):
        for path in (ROOT / folder).rglob("*.py"):
            assert moves.rewrite(path, moved) == path.read_text(encoding="utf-8"), path

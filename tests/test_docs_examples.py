"""Every Python example of the documentation runs (in the spirit of sqlite-utils' test_docs).

For README.md and each docs/*.md, the ```python blocks run in order in one namespace per file
(a later block uses the names of an earlier one), in a temporary working directory:

- a block written doctest-style (`>>> `) runs with doctest (ELLIPSIS, NORMALIZE_WHITESPACE),
  so the output it shows is checked;
- any other block is executed, compiled with the Markdown file's name and line numbers so a
  traceback points into the page;
- a block inside an HTML comment (`<!-- ... -->`) is a *hidden setup*: it runs like the
  others but is not rendered. Use it, sparingly, for context a reader does not need to see
  (a simulator, a project, a token).

Every `Simulator` an example creates is closed at the end, bound to a name or not.
"""

from __future__ import annotations

import doctest
import re
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from simulator import Simulator

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# A fence may be indented (inside a list item); its closing fence has the same indentation.
_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```python[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    flags=re.MULTILINE | re.DOTALL,
)
_COMMENT = re.compile(r"<!--.*?-->", flags=re.DOTALL)
_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    """One ```python block: its page, its position, its code."""

    page: str
    number: int
    line: int  # of the first line of code, 1-based
    code: str
    hidden: bool

    @property
    def is_doctest(self) -> bool:
        return self.code.lstrip().startswith(">>>")

    def __str__(self) -> str:
        kind = "hidden setup block" if self.hidden else "block"
        return f"{self.page}, {kind} {self.number} (line {self.line})"


def python_blocks(path: Path) -> list[Block]:
    """The page's ```python blocks in order, dedented, hidden ones (in comments) included."""
    text = path.read_text(encoding="utf-8")
    comments = [match.span() for match in _COMMENT.finditer(text)]
    blocks = []
    for number, match in enumerate(_FENCE.finditer(text)):
        indent = match.group("indent")
        lines = match.group("body").splitlines(keepends=True)
        code = "".join(line.removeprefix(indent) for line in lines)
        start = match.start()
        blocks.append(
            Block(
                page=path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name,
                number=number,
                line=text.count("\n", 0, match.start("body")) + 1,
                code=code,
                hidden=any(begin <= start < end for begin, end in comments),
            )
        )
    return blocks


def run_doctest(block: Block, namespace: dict[str, Any]) -> None:
    """Run a `>>>` block in `namespace` (kept, not copied), failing with doctest's report."""
    test = doctest.DocTestParser().get_doctest(
        block.code, namespace, str(block), block.page, block.line - 1
    )
    test.globs = namespace  # get_doctest copies the globals; later blocks need its names
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    runner.run(test, out=report.append, clear_globs=False)
    if runner.failures:
        pytest.fail(f"{block}: the shown output differs\n{''.join(report)}", pytrace=False)


def run_block(block: Block, namespace: dict[str, Any]) -> None:
    if block.is_doctest:
        run_doctest(block, namespace)
        return
    # Pad with blank lines so that tracebacks give the line numbers of the Markdown file.
    padded = "\n" * (block.line - 1) + block.code
    try:
        exec(compile(padded, block.page, "exec"), namespace)
    except Exception:
        failure = traceback.format_exc()
    else:
        return
    pytest.fail(f"{block} raised:\n{failure}", pytrace=False)  # outside `except`: no chaining


@pytest.fixture
def simulators(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Simulator]]:
    """Every `Simulator` created during the test, closed at its end."""
    created: list[Simulator] = []
    original_init = Simulator.__init__

    def tracking_init(self: Simulator, *args: Any, **kwargs: Any) -> None:
        created.append(self)
        original_init(self, *args, **kwargs)

    monkeypatch.setattr(Simulator, "__init__", tracking_init)
    yield created
    for sim in created:
        if hasattr(sim, "_lifecycle"):  # its __init__ got that far
            sim.close()


def test_the_pages_have_examples() -> None:
    """The parser finds the blocks, hidden ones too (a guard against a broken pattern)."""
    blocks = [block for page in PAGES for block in python_blocks(page)]
    assert len(blocks) >= 10
    assert any(block.hidden for block in blocks)
    assert any(block.is_doctest for block in blocks)


SAMPLE = """# A page

<!-- not rendered:

```python
hidden = 40
```
-->

1. A list item:

   ```python
   >>> hidden + 2
   42

   ```

```python
shown = hidden * 2
```

```python
>>> shown
81
```
"""


def test_the_runner_checks_the_shown_output(tmp_path: Path) -> None:
    """Hidden and indented blocks run in one namespace; a wrong shown output fails."""
    page = tmp_path / "sample.md"
    page.write_text(SAMPLE, encoding="utf-8")
    blocks = python_blocks(page)
    assert [(b.hidden, b.is_doctest, b.line) for b in blocks] == [
        (True, False, 6),
        (False, True, 13),
        (False, False, 19),
        (False, True, 23),
    ]
    namespace: dict[str, Any] = {}
    for block in blocks[:3]:
        run_block(block, namespace)
    assert namespace["shown"] == 80
    with pytest.raises(pytest.fail.Exception, match=r"sample.md, block 3 \(line 23\)"):
        run_block(blocks[3], namespace)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_python_example_runs(
    page: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    simulators: list[Simulator],
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    try:
        for block in python_blocks(page):
            run_block(block, namespace)
    finally:
        for value in list(namespace.values()):
            if isinstance(value, Simulator):
                value.close()

"""Objects that live as long as the process, kept out of the cyclic garbage collector's way.

A schema built, or the package's modules imported, make tens of thousands of objects (the
README example's imports: 900 modules), nearly all of them alive until the process ends.
Left to the collector, they set off collection after collection while they are made, each
walking every object so far (the README example's imports alone: 160 collections, 55 ms of
CPU, a full one among them), and every later full collection walks them all again.
`long_lived()` pauses collection while they are made and then freezes what is alive
(`gc.freeze`: out of the collector's reach for good; reference counting still frees what
becomes unreferenced). Cyclic garbage alive at that instant is never freed: a few objects,
once (docs/performance.md, "First answer"); hence once per process, at a module's first
import (`imported`), never at each call of what imports it.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import sys
from collections.abc import Iterator
from types import ModuleType

__all__ = ["imported", "long_lived"]


@contextlib.contextmanager
def long_lived() -> Iterator[None]:
    """No cyclic garbage collection inside; every object alive at its end frozen (if it ended
    without an exception). Collection resumes after it, if it ran before."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        gc.freeze()
    finally:
        if was_enabled:
            gc.enable()


def imported(name: str) -> ModuleType:
    """`importlib.import_module(name)`; its first import inside `long_lived()`. Only the first:
    every freeze also keeps out of the collector's reach whatever the process holds at that
    instant, so a later call (a new `Simulator`'s app, another command in the same process)
    must not freeze what has been made since."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    with long_lived():
        return importlib.import_module(name)

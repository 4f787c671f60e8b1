"""Objects that live as long as the process, kept out of the cyclic garbage collector's way.

A schema built, or the package's modules imported, make tens of thousands of objects (the
README example's imports: 900 modules), nearly all of them alive until the process ends.
Left to the collector, they set off collection after collection while they are made, each
walking every object so far (the README example's imports alone: 160 collections, 55 ms of
CPU, a full one among them), and every later full collection walks them all again.
`long_lived()` pauses collection while they are made and then freezes what is alive
(`gc.freeze`: out of the collector's reach for good; reference counting still frees what
becomes unreferenced). Cyclic garbage alive at that instant is never freed: a few objects,
once (docs/performance.md, "First answer").
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["long_lived"]


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

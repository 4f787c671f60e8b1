"""Room-wide work on many learners' spaces at once (room_actions.py, `Workshop.reset_many`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

__all__ = ["PARALLEL", "Progress", "for_each"]

#: Learners a room-wide checkpoint, restore or reset works on at once. Each is mostly file
#: copies SQLite makes without the GIL (a space's files by backup, or a personal copy of the
#: template's: copies.py), so both cores and the disk's waits are used together: 30 learners
#: in about a second. Spaces share nothing, so their order does not matter.
PARALLEL = 4
#: Told the name of each learner done (a progress bar's step), from a worker thread.
Progress = Callable[[str], object]


def for_each(names: Sequence[str], work: Callable[[str], object],
             progress: Progress | None = None) -> None:  # fmt: skip
    """`work(name)` for every name, `PARALLEL` at a time, then `progress(name)`; when some
    fail, every other still runs, and the first failure (in `names`' order) is raised."""
    if len(names) <= 1:
        for name in names:
            work(name)
            if progress is not None:
                progress(name)
        return

    def one(name: str) -> BaseException | None:
        try:
            work(name)
        except Exception as error:  # raised below, once every learner was tried
            return error
        if progress is not None:
            progress(name)
        return None

    with ThreadPoolExecutor(min(PARALLEL, len(names)), thread_name_prefix="workshop-room") as pool:
        failures = [error for error in pool.map(one, names) if error is not None]
    if failures:
        raise failures[0]

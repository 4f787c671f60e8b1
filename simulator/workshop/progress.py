"""Exercises (`simulator/workshop/exercises/*.toml`) and each learner's progress through them.

The exercises are package data, read through `importlib.resources`, so a workshop runs from an
installed wheel as from a source checkout.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from ..clock import monotonic
from ..exceptions import ConfigurationError
from .activity import LearnerActivity, read_activity
from .checks import CHECKS, CheckContext, CheckResult, JournalDocuments, JournalView
from .spaces import Workshop

__all__ = ["EXERCISES_DIR", "STUCK_AFTER_SECONDS", "CheckCache", "Exercise", "check_learner",
           "idle_seconds", "is_stuck", "load_exercises", "progress_table",
           "room_progress"]  # fmt: skip

EXERCISES_DIR: Traversable = files("simulator.workshop") / "exercises"


@dataclass(frozen=True)
class Exercise:
    id: str
    title: str
    check: str
    hint: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    #: What to do, step by step, with `{placeholders}` for the learner's values (hints.py).
    steps: tuple[str, ...] = ()


def load_exercises(directory: Traversable = EXERCISES_DIR) -> list[Exercise]:
    """Every `*.toml` of `directory` (a folder's `Path` will do), in file-name order; the id is
    the name without its number (`01-project-token.toml` is `project-token`)."""
    exercises = []
    tomls = (entry for entry in directory.iterdir() if entry.name.endswith(".toml"))
    for path in sorted(tomls, key=lambda entry: entry.name):
        stem = path.name.removesuffix(".toml")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            exercise = Exercise(
                id=stem.split("-", 1)[-1] if stem[:1].isdigit() else stem,
                title=str(data["title"]),
                check=str(data["check"]),
                hint=str(data.get("hint", "")),
                params=dict(data.get("params", {})),
                steps=tuple(str(step) for step in data.get("steps", ())),
            )
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ConfigurationError(f"Exercise {path.name}: {error}") from None
        if exercise.check not in CHECKS:
            raise ConfigurationError(f"Exercise {path.name}: no check {exercise.check!r}.")
        exercises.append(exercise)
    return exercises


def check_learner(
    room: Workshop,
    name: str,
    exercises: list[Exercise] | None = None,
    journal: JournalView | None = None,
) -> dict[str, CheckResult]:
    """Each exercise's result for one learner, by exercise id."""
    record = room.record(name)
    space = room.learner(name)
    env = space.sandbox
    if journal is None:
        journal = JournalDocuments(space.journal, record.project_id)
    results = {}
    for exercise in exercises if exercises is not None else load_exercises():
        ctx = CheckContext(env, record.project_id, exercise.params, journal)
        results[exercise.id] = CHECKS[exercise.check](ctx)
    return results


class CheckCache:
    """Each learner's exercise statuses, kept while nothing they could depend on changed: the
    last `seq` of their Sandbox's journal (every request, page, Testing API call and webhook
    attempt adds one; a reset or a restore puts an older one back) and their clock. So a
    refresh of the instructor's table runs the checks of the learners who did something
    since the last one, not of the whole room (300 learners: 1.3 ms a learner, every 5 s).
    An entry is also dropped after `max_age` real seconds (what no journal shows, such as a
    notebook changing a space in-process, is seen within a minute or so); entries expire at
    staggered times, so no refresh checks the whole room at once."""

    def __init__(self, max_age: float = 60.0) -> None:
        self.max_age = max_age
        self._entries: dict[str, tuple[tuple[Any, ...], float, dict[str, str]]] = {}

    def statuses(
        self, room: Workshop, name: str, exercises: list[Exercise], position: int
    ) -> dict[str, str]:
        space = room.learner(name)
        (seq,) = space.sandbox.store.db.execute("SELECT max(seq) FROM journal_entries").fetchone()
        key = (seq, space.clock.timestamp(), tuple(e.id for e in exercises))
        now = monotonic()
        found = self._entries.get(name)
        # The room's entries made at one refresh expire over 12 later ones (5 s apart).
        age = self.max_age + (position % 12) * 5
        if found is not None and found[0] == key and now - found[1] < age:
            return found[2]
        results = check_learner(room, name, exercises)
        statuses: dict[str, str] = {key_: result.status for key_, result in results.items()}
        self._entries[name] = (key, now, statuses)
        return statuses


def idle_seconds(seen: LearnerActivity) -> int | None:
    """Real seconds since the server last answered the learner (None when this server has
    not yet): what tells a trainer who has gone quiet, where the learner's virtual clock,
    frozen in a room, does not."""
    return None if seen.seen is None else int(monotonic() - seen.seen)


#: Real seconds without a request after which a learner who has started, and not finished,
#: counts as stuck (as does one whose last request got an error).
STUCK_AFTER_SECONDS = 300


def is_stuck(done: int, total: int, seen: LearnerActivity, idle: int | None) -> bool:
    """Started, not finished, and their last request refused or quiet for 5 minutes."""
    if seen.requests == 0 or done >= total:
        return False
    return seen.last_failed or (idle is not None and idle >= STUCK_AFTER_SECONDS)


def room_progress(
    room: Workshop,
    activity: dict[str, LearnerActivity] | None = None,
    *,
    only: list[str] | None = None,
    cache: CheckCache | None = None,
) -> list[dict[str, Any]]:
    """One row a learner (of `only`, else every one served): each exercise's status, the
    last activity and the last error. `cache`: statuses kept between calls (the view's)."""
    exercises = load_exercises()
    rows = []
    for position, name in enumerate(only if only is not None else room.served):
        seen = (activity or {}).get(name) or read_activity(room, name)
        if cache is not None:
            statuses = cache.statuses(room, name, exercises, position)
        else:
            results = check_learner(room, name, exercises)
            statuses = {key: str(result.status) for key, result in results.items()}
        done = sum(status == "done" for status in statuses.values())
        idle = idle_seconds(seen)
        rows.append(
            {
                "learner": name,
                "exercises": statuses,
                "done": done,
                "clock": room.learner(name).clock.timestamp(),
                "requests": seen.requests,
                "errors": seen.errors,
                "last_activity": seen.last_at,
                "idle_seconds": idle,
                "last_error": seen.last_error,
                "stuck": is_stuck(done, len(statuses), seen, idle),
            }
        )
    return rows


_MARK = {"done": "✔", "todo": "·", "unknown": "?"}


def progress_table(rows: list[dict[str, Any]]) -> str:
    """The rows as a plain-text table (one column an exercise, numbered as in the files)."""
    if not rows:
        return "No learners."
    keys = list(rows[0]["exercises"])
    width = max(len("learner"), *(len(row["learner"]) for row in rows))
    header = f"{'learner':<{width}}  " + " ".join(f"{i + 1:>2}" for i in range(len(keys)))
    lines = [header + "  requests  last activity             last error"]
    for row in rows:
        marks = " ".join(f"{_MARK[row['exercises'][key]]:>2}" for key in keys)
        error = row["last_error"]
        text = f"{error['status']} {error['path']}: {error['message']}" if error else ""
        lines.append(
            f"{row['learner']:<{width}}  {marks}  {row['requests']:>8}  "
            f"{row['last_activity'] or '-':<24}  {text[:70]}"
        )
    legend = ", ".join(f"{i + 1} {key}" for i, key in enumerate(keys))
    return "\n".join([*lines, "", f"Exercises: {legend}. ✔ done, · not yet, ? cannot tell."])

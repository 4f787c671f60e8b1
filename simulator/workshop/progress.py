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

__all__ = ["EXERCISES_DIR", "STUCK_AFTER_SECONDS", "Exercise", "check_learner", "idle_seconds",
           "is_stuck", "load_exercises", "progress_table", "room_progress"]  # fmt: skip

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
) -> list[dict[str, Any]]:
    """One row a learner (of `only`, else every one served): each exercise's status, the
    last activity and the last error."""
    exercises = load_exercises()
    rows = []
    for name in only if only is not None else room.served:
        seen = (activity or {}).get(name) or read_activity(room, name)
        results = check_learner(room, name, exercises)
        done = sum(result.status == "done" for result in results.values())
        idle = idle_seconds(seen)
        rows.append(
            {
                "learner": name,
                "exercises": {key: result.status for key, result in results.items()},
                "done": done,
                "clock": room.learner(name).clock.timestamp(),
                "requests": seen.requests,
                "errors": seen.errors,
                "last_activity": seen.last_at,
                "idle_seconds": idle,
                "last_error": seen.last_error,
                "stuck": is_stuck(done, len(results), seen, idle),
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

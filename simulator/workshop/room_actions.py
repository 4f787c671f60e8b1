"""What the instructor's buttons do, on one learner or on every learner served (instructor.py).

Each action checks what it can before changing anything (a duration, a checkpoint's name, that
every learner has the checkpoint to restore), so a refused action leaves the room as it was;
its message names learners and checkpoints, never a file of the server.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..clock import parse_duration
from ..exceptions import ConfigurationError
from .parallel import Progress, for_each
from .spaces import Workshop

__all__ = ["CONFIRMED", "LEARNER_ACTIONS", "ROOM_ACTIONS", "Done", "learner_action",
           "needs_confirming", "room_action"]  # fmt: skip

#: The form value of a destructive action's second step.
CONFIRMED = "yes"
DEFAULT_CHECKPOINT = "checkpoint"


#: The actions on the whole room, and those on one learner (anything else is a 404).
ROOM_ACTIONS = frozenset({"clock", "checkpoint", "restore", "reset"})
LEARNER_ACTIONS = ROOM_ACTIONS | {"reissue", "revoke"}


@dataclass(frozen=True)
class Done:
    message: str
    learners: tuple[str, ...]


def needs_confirming(name: str | None, action: str) -> tuple[str, str] | None:
    """The question and its detail for a destructive action (reset, restore), else None."""
    if action == "reset":
        if name is None:
            return (
                "Reset every learner?",
                "Every space served goes back to the room's template: projects, tokens, "
                "consents and webhooks made since are gone (credentials and clocks are kept).",
            )
        return (
            f"Reset {name}'s space?",
            f"{name}'s projects, tokens, consents and webhooks made since the start are gone "
            "(credentials and clock are kept).",
        )
    if action == "restore":
        whose = "every learner's space" if name is None else f"{name}'s space"
        return (
            f"Restore {whose}?",
            "What was done since the checkpoint is gone, the clock included.",
        )
    return None


def _label(form: Mapping[str, object]) -> str:
    return str(form.get("checkpoint") or DEFAULT_CHECKPOINT).strip() or DEFAULT_CHECKPOINT


def _duration(form: Mapping[str, object]) -> str:
    text = str(form.get("duration", "")).strip()
    parse_duration(text)  # refused here, before any clock moves
    return text


def _missing(room: Workshop, names: list[str], label: str) -> list[str]:
    return [
        name
        for name in names
        if label not in {info.name for info in room.learner(name).snapshots()}
    ]


def _act(
    room: Workshop,
    names: list[str],
    action: str,
    form: Mapping[str, object],
    progress: Progress | None = None,
) -> str:
    """Do `action` on each of `names`; the message's verb phrase."""
    if action == "clock":
        duration = _duration(form)
        for name in names:
            room.learner(name).advance(duration)
            if progress is not None:
                progress(name)
        return f"moved forward by {duration}"
    if action == "checkpoint":
        label = _label(form)
        for_each(names, lambda name: room.learner(name).snapshot(label), progress)
        return f"saved as checkpoint {label!r}"
    if action == "restore":
        label = _label(form)
        missing = _missing(room, names, label)
        if missing:
            raise ConfigurationError(
                f"No checkpoint {label!r} for {', '.join(missing)}: nothing was restored."
            )
        for_each(names, lambda name: room.learner(name).restore(label), progress)
        return f"restored to checkpoint {label!r}"
    if action == "reset":
        room.reset_many(names, progress)
        return "reset"
    raise ValueError(f"No action {action!r}.")  # the view checks the name first


def learner_action(room: Workshop, name: str, action: str, form: Mapping[str, object]) -> Done:
    if action == "reissue":
        code = room.codes.reissue(name)
        room.write_handouts()
        return Done(f"{name}'s new join code: {code} (the old one no longer works).", (name,))
    if action == "revoke":
        room.codes.revoke(name)
        room.write_handouts()
        return Done(f"{name}'s join code is revoked: reissue one to let them join.", (name,))
    what = _act(room, [name], action, form)
    if action == "clock":
        what += f", now {room.learner(name).clock.timestamp()}"
    return Done(f"{name}'s space {what}.", (name,))


def room_action(
    room: Workshop, action: str, form: Mapping[str, object], progress: Progress | None = None
) -> Done:
    """`action` on every learner served; `progress(name)` as each is done (any order)."""
    names = room.served
    what = _act(room, names, action, form, progress)
    return Done(f"Every learner's space ({len(names)}) {what}.", tuple(names))

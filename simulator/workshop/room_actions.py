"""What the instructor's buttons do, on one learner or on every learner served (instructor.py).

Each action checks what it can before changing anything (a duration, a checkpoint's name, that
every learner has the checkpoint to restore), so a refused action leaves the room as it was;
its message names learners and checkpoints, never a file of the server.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..clock import parse_duration
from ..domain.kernel.project_settings import rotate_client_secret
from ..exceptions import ConfigurationError
from ..storage.private import write_private_text
from .layout import RECORD_FILE
from .parallel import Progress, for_each
from .spaces import Workshop

__all__ = ["CONFIRMED", "LEARNER_ACTIONS", "ROOM_ACTIONS", "Done", "Step", "check_action",
           "learner_action", "needs_confirming", "room_action", "rotate_secret"]  # fmt: skip

#: Called with each learner's name once the action is done for them (a room-wide action's
#: progress, shown by the view while it runs: instructor.py).
Step = Progress

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
    #: A room action's verb phrase ("moved forward by 1h"): the view of a room served as
    #: slices words one message for every slice's learners (federation.py).
    what: str = ""


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


def check_action(room: Workshop, names: list[str], action: str, form: Mapping[str, object]) -> None:
    """Refuse what would fail (a bad duration, a checkpoint some learner lacks) before
    anything changes, and before the view asks to confirm: a trainer is never asked "Restore
    every learner?" about a checkpoint that is not there."""
    if action == "clock":
        _duration(form)
    elif action == "restore":
        label = _label(form)
        missing = _missing(room, names, label)
        if missing:
            more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
            shown = ", ".join(missing[:10]) + more
            raise ConfigurationError(f"No checkpoint {label!r} for {shown}: nothing was restored.")


def _act(
    room: Workshop,
    names: list[str],
    action: str,
    form: Mapping[str, object],
    step: Step | None = None,
) -> str:
    """Do `action` on each of `names` (`step` told as each is done, in any order: a
    checkpoint, restore or reset works on several at once, parallel.py); the message's verb
    phrase."""
    check_action(room, names, action, form)
    if action == "clock":
        duration = _duration(form)
        for name in names:
            room.learner(name).advance(duration)
            if step is not None:
                step(name)
        return f"moved forward by {duration}"
    if action == "checkpoint":
        label = _label(form)
        for_each(names, lambda name: room.learner(name).snapshot(label), step)
        return f"saved as checkpoint {label!r}"
    if action == "restore":
        label = _label(form)
        for_each(names, lambda name: room.learner(name).restore(label), step)
        return f"restored to checkpoint {label!r}"
    if action == "reset":
        room.reset_many(names, step)
        return "reset"
    raise ValueError(f"No action {action!r}.")  # the view checks the name first


def rotate_secret(room: Workshop, name: str) -> None:
    """A new client secret for the learner's project: the old one fails at the token endpoint
    at once; `learner.json` (what the join page and the handouts show, what a reset gives the
    project again) holds the new one."""
    record = room.record(name)
    secret = rotate_client_secret(room.learner(name).sandbox, record.project_id)
    text = json.dumps(replace(record, client_secret=secret).as_dict(), indent=2)
    write_private_text(room.space_dir(name) / RECORD_FILE, text)


def learner_action(room: Workshop, name: str, action: str, form: Mapping[str, object]) -> Done:
    if action == "reissue":
        code = room.codes.reissue(name)
        room.write_handouts()
        return Done(f"{name}'s new join code: {code} (the old one no longer works).", (name,))
    if action == "revoke":
        room.codes.revoke(name)
        rotated = form.get("rotate_secret") == CONFIRMED
        if rotated:
            rotate_secret(room, name)
        room.write_handouts()
        secret = (
            " and their client secret replaced (the old one no longer works)" if rotated else ""
        )
        return Done(
            f"{name}'s join code is revoked{secret}: reissue one to let them join.", (name,)
        )
    what = _act(room, [name], action, form)
    if action == "clock":
        what += f", now {room.learner(name).clock.timestamp()}"
    return Done(f"{name}'s space {what}.", (name,))


def room_action(
    room: Workshop, action: str, form: Mapping[str, object], step: Step | None = None
) -> Done:
    """`action` on every learner served; `step(name)` as each is done (any order)."""
    names = room.served
    what = _act(room, names, action, form, step)
    return Done(f"Every learner's space ({len(names)}) {what}.", tuple(names), what)

"""Each learner's own ids: project id (hence `client_id`), Sandbox user id and phone number.

A space is a copy of the room's template (docs/workshop.md), so without this every learner
of a room had the template's project id, `client_id` and user phone: a roster that looked
like one shared project, and ids that could not tell two learners apart in a support
conversation or a log. The ids are derived from the room and the learner's name (and the
learner's place in the roster, for the phone), so a room created again with the same names
gets the same ids: notebooks and handouts stay reproducible.

```python
ids = learner_ids("room", "ada", position=1)
ids.project_id    # a UUID of ada's own in room "room"; client_id is SANDBOX_<project_id>
ids.phone_number  # '+33699000001' (learner 2: '+33699000002', ...)
```
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from ..storage import Store

__all__ = ["LearnerIds", "learner_ids", "rename_ids"]

#: The namespace of learners' ids (uuid5 of a fixed name, so it never changes).
_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://simulator.local/workshop/learner")
#: The most learners a roster holds (`default_names`): each gets a phone of its own below.
_MAX_POSITION = 999_999


@dataclass(frozen=True)
class LearnerIds:
    project_id: str
    user_id: str
    phone_number: str


def learner_ids(room: str, name: str, position: int) -> LearnerIds:
    """The ids of learner `name`, at 1-based `position` in the roster of room `room`."""
    if not 1 <= position <= _MAX_POSITION:
        raise ValueError(f"A roster position runs from 1 to {_MAX_POSITION}, not {position}.")

    def derived(kind: str) -> str:
        return str(uuid.uuid5(_NAMESPACE, f"{room}/{name}/{kind}"))

    # A French mobile number (+33 6 99 ...), the learner's position as its last six digits:
    # unique within the room, unlike a hash of the name (100 learners in a million numbers
    # would collide once in 200 rooms).
    return LearnerIds(derived("project"), derived("user"), f"+33699{position:06d}")


def rename_ids(store: Store, renames: dict[str, str]) -> None:
    """Replace every occurrence of each key by its value in every text column of `store`, in
    one transaction: a copied template's project and user ids, wherever they are kept (keys,
    references, `client_id`, event payloads). The keys are UUIDs, so a match is that id."""
    with store.atomic() as db:
        db.execute("PRAGMA defer_foreign_keys = ON")  # parents and children change together
        for table in db.table_names():
            if table.startswith(("sqlite_", "_sqlite")):
                continue
            for column in db[table].columns:
                if column.type.upper() not in ("TEXT", "STR", ""):
                    continue
                for old, new in renames.items():
                    db.execute(
                        f"UPDATE [{table}] SET [{column.name}] = replace([{column.name}], ?, ?) "
                        f"WHERE instr([{column.name}], ?) > 0",
                        [old, new, old],
                    )

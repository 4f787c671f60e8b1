"""Each learner's own ids: project id (hence `client_id`), Sandbox user id and phone number.

A space is a copy of the room's template (docs/workshop.md), so without this every learner
of a room had the template's project id, `client_id` and user phone: a roster that looked
like one shared project, and ids that could not tell two learners apart in a support
conversation or a log. The ids are derived from the room and the learner's name (and the
learner's place in the roster, for the phone), so a room created again with the same names
gets the same ids: notebooks and handouts stay reproducible.

These three are no credentials (a `client_id` is public, as in the real service; a phone
number signs nobody in without the text-message code sent to it). What is one gets a
space's own values, unguessable (`own_ids`): the id secret every later id comes from, and new
ids for the template's rows whose id grants access without a token (an onboarding, a
payment link...), so no learner computes, or shares, another's.

```python
ids = learner_ids("room", "ada", position=1)
ids.project_id    # a UUID of ada's own in room "room"; client_id is SANDBOX_<project_id>
ids.phone_number  # '+33699000001' (learner 2: '+33699000002', ...)
own_ids(store)    # a copied space's own id secret and credential ids
```
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from ..storage import IdSecret, Store, new_id, set_id_secret

__all__ = ["CREDENTIAL_IDS", "LearnerIds", "learner_ids", "own_ids", "rename_ids"]

#: The namespace of learners' ids (uuid5 of a fixed name, so it never changes).
_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://simulator.local/workshop/learner")
#: The tables whose ids grant access without a token, with the kind of their ids: what the
#: unauthenticated API (`api/unauthenticated/`) and the card reveal pages (a consent's id)
#: take as the only credential. A test checks the unauthenticated API names no other table.
CREDENTIAL_IDS = {
    "onboardings": "onboarding",
    "supporting_document_collections": "supporting_document_collection",
    "supporting_documents": "supporting_document",
    "merchant_payment_links": "merchant-payment-link",
    "consents": "consent",
}
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


def own_ids(store: Store) -> None:
    """Give a copied space's file an id secret of its own (random) and new ids, from it, to
    the rows it copied whose id is a credential (`CREDENTIAL_IDS`): every space of a room
    then gives, and holds, ids no other space can compute. One transaction."""
    environment = store.environment.value
    with store.atomic() as db:
        set_id_secret(db, IdSecret.random())
        renames = {
            str(old): new_id(db, environment, kind)
            for table, kind in CREDENTIAL_IDS.items()
            for (old,) in db.execute(f"SELECT id FROM [{table}] ORDER BY rowid").fetchall()
        }
        rename_ids(store, renames)

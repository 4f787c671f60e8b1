"""Each learner's exercise hints, with their own addresses and values in place of the
placeholders the exercise files write (`{sandbox_url}`, `{phone}` ...).

A hint a learner cannot follow as written is a dead end in the room: a literal `{auth_url}`,
or an account the handout's user cannot pay from, had learners asking the trainer or
digging through the Testing API. So every value a hint needs is the learner's own: the
addresses under their public prefix (`https://...` behind a proxy too), their `client_id`,
their Sandbox user's phone and the account that user represents (`learner_account.json`,
loaded into every room's template whatever its dataset).

```python
values = learner_values(room, "ada")
render("POST {auth_url}/token", values)  # 'POST https://bank.example/w/ada/oauth2/token'
```
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from urllib.parse import quote

from .roster import learner_addresses
from .spaces import Workshop

__all__ = ["curl_for", "learner_values", "render"]

#: A step's GraphQL document (a `code` span opening a query, a mutation or a selection) and the
#: endpoint it names.
_DOCUMENT = re.compile(r"`((?:mutation|query)\b[^`]*|\{[^`]*)`")
_ENDPOINT = re.compile(r"https?://\S+?/graphql\b")


def learner_values(room: Workshop, name: str) -> dict[str, str]:
    """The values a hint may name, for learner `name`: their addresses, `client_id`,
    `phone`, `name`, and `account_id`/`account_number` of the account their user represents."""
    record = room.record(name)
    addresses = learner_addresses(room.public_url, name)
    db = room.learner(name).sandbox.store.db
    row = db.execute(
        "SELECT a.id, a.number FROM accounts a "
        "JOIN account_memberships m ON m.account_id = a.id "
        "WHERE m.user_id = ? AND m.legal_representative = 1 AND a.project_id = ? "
        "ORDER BY a.rowid LIMIT 1",
        [record.user_id, record.project_id],
    ).fetchone()
    return {
        **addresses,
        "testing_url": addresses["sandbox_testing_url"],
        "callback_url_encoded": quote(addresses["callback_url"], safe=""),
        "sms_url": f"{addresses['dashboard_url']}/sms",
        "exercises_url": f"{addresses['dashboard_url']}/exercises",
        "explorer_url": addresses["sandbox_url"],
        "client_id": record.client_id,
        "phone": record.phone_number,
        "name": name,
        "account_id": str(row[0]) if row else "",
        "account_number": str(row[1]) if row else "",
    }


def render(text: str, values: Mapping[str, str]) -> str:
    """`text` with each `{key}` of `values` replaced (nothing else: GraphQL's own braces
    stay as they are)."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


def curl_for(step: str) -> str:
    """The `curl` command sending a step's GraphQL document to the endpoint the step names,
    with the project token in `$TOKEN` (empty when the step has no document): what a learner
    without the explorer copies, the JSON body already escaped."""
    document, endpoint = _DOCUMENT.search(step), _ENDPOINT.search(step)
    if document is None or endpoint is None:
        return ""
    body = json.dumps({"query": document.group(1)}).replace("'", "'\\''")
    return (
        f'curl -s {endpoint.group(0)} -H "Authorization: Bearer $TOKEN" '
        f"-H \"Content-Type: application/json\" -d '{body}'"
    )

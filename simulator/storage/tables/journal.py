"""The request journal (issue 13): every call made to an environment, in order, with its
secrets replaced by stable references (`simulator/journal/`, docs/bug-reports.md)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Table, apply

migrations = Migrations("journal")

#: One row per call: a GraphQL request, an OAuth request, a webhook attempt, a clock move,
#: a state-changing command. `seq` orders them; `virtual_time` is the simulator's clock,
#: `wall_time` the real time, kept apart and never compared.
JOURNAL_ENTRIES = Table(
    "journal_entries",
    {
        "seq": int,
        "virtual_time": str,
        "wall_time": str,
        "origin": str,  # http, python, cli, webhook
        "kind": str,  # graphql, oauth, page, webhook, clock, project, command
        "endpoint": str,
        "method": str,
        "operation_name": str,
        "operation_type": str,
        "document": str,
        "variables": str,  # JSON
        "request": str,  # JSON: redacted headers, form or body, arguments
        "status": int,
        "response": str,  # the response body, redacted
        "cost": str,  # JSON: `extensions.cost`
        "project_id": str,
        "subject": str,
        "request_id": str,
    },
    pk="seq",
    not_null={"virtual_time", "wall_time", "origin", "kind", "endpoint"},
    indexes=[("project_id", "seq")],
)

#: The stable reference of each secret the journal met: `digest` is the SHA-256 of the
#: secret (the secret itself is never stored), `reference` what the journal writes instead.
JOURNAL_SECRETS = Table(
    "journal_secrets",
    {"digest": str, "kind": str, "owner": str, "number": int, "reference": str},
    pk="digest",
    not_null={"kind", "owner", "number", "reference"},
    indexes=[("kind", "owner"), ("reference",)],
)


@migrations()
def m001_journal(db: sqlite_utils.Database) -> None:
    apply(db, JOURNAL_ENTRIES, JOURNAL_SECRETS)

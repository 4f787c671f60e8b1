"""The unauthenticated API (`/sandbox-unauthenticated/graphql`, `/live-unauthenticated/graphql`):
what a sign-in page, an onboarding form and a payment page ask for before anyone has a token.

Its schema is the partner API's, with its own few root fields (`schema/unauthenticated/`),
cut down (`restricted.py`) to the root fields and type fields `served.toml` lists: nothing
that reaches accounts, holders, users or another resource by a path the real API does not
serve. Every resource is found by its own id (`resolvers.py`); docs/onboarding.md ("Without a
token") says what each id reveals.
"""

from __future__ import annotations

from typing import Any

from graphql import GraphQLObjectType, GraphQLSchema

from .. import partner
from ..executable import SCHEMA_DIR, SchemaOnce, build_schema

__all__ = ["SERVED_FILE", "served", "unauthenticated_schema"]

SERVED_FILE = SCHEMA_DIR / "unauthenticated" / "served.toml"


def served() -> dict[str, Any]:
    """`served.toml`: `roots` (root type -> root fields), `withheld` (type -> fields),
    `renamed` (type -> the name it is served under), `left_out` (types never served) and
    `replaced` (type -> the type served in its place): `restricted.Cut`."""
    import tomllib  # start-up: this API's schema is built at its first request

    return tomllib.loads(SERVED_FILE.read_text(encoding="utf-8"))


@SchemaOnce
def unauthenticated_schema() -> GraphQLSchema:
    """The unauthenticated API's schema, shared by Sandbox and Live (built once per process,
    at its first use). Its own resolvers are imported here: a process that never asks this
    API spares their import (docs/performance.md, "First answer")."""
    from . import card_reveals, masked, payment_page, registry, resolvers  # start-up: see above
    from .restricted import Cut, restricted

    whole = build_schema(
        [SCHEMA_DIR / "common", SCHEMA_DIR / "partner", SCHEMA_DIR / "unauthenticated"],
        [
            *partner.resolvers().all_bindables(),  # every field is walked below
            *resolvers.bindables,
            *registry.bindables,
            *payment_page.bindables,
            *card_reveals.bindables,
        ],
    )
    table = served()
    cut = Cut(
        roots=table["roots"],
        withheld=table["withheld"],
        renamed=table.get("renamed", {}),
        left_out=table.get("left_out", {}).get("types", ()),
        replaced=table.get("replaced", {}),
    )
    schema = restricted(whole, cut)
    masked.mask(schema)
    for root, fields in resolvers.SHARED_ROOTS.items():
        root_type = schema.get_type(root)
        assert isinstance(root_type, GraphQLObjectType)
        for name, (table_name, id_of) in fields.items():
            field = root_type.fields[name]
            assert field.resolve is not None
            field.resolve = resolvers.as_owner(field.resolve, table_name, id_of)
    # Nested fields run as their parent row's project (`as_row_owner`): what a resource
    # named by id leads to is its own project's, read with that project's scope.
    for graphql_type in schema.type_map.values():
        if not isinstance(graphql_type, GraphQLObjectType) or graphql_type.name in table["roots"]:
            continue
        for field in graphql_type.fields.values():
            if field.resolve is not None:
                field.resolve = resolvers.as_row_owner(field.resolve)
    return schema

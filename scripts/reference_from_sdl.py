"""Write a reference file (the format of `../shared/reference/*.json`) from a published SDL.

    python scripts/reference_from_sdl.py SCHEMA.gql OUT.json --source github:OWNER/REPO@COMMIT

The reference keeps a schema's shapes only (kinds, field and argument type strings, enum
values, union members, interfaces, which fields are deprecated), never its descriptions.
The simulator's unauthenticated API's reference, `tests/reference/unauthenticated-api.json`,
was written with it from `scripts/graphql/dist/unauthenticated-schema.gql` of
swan-io/swan-partner-frontend at the commit the other references name:

    COMMIT=86202a9f6359e31aa1f1406576d4aff492ef1957
    git -C swan-partner-frontend show \\
        $COMMIT:scripts/graphql/dist/unauthenticated-schema.gql > unauthenticated-schema.gql
    python scripts/reference_from_sdl.py unauthenticated-schema.gql \\
        tests/reference/unauthenticated-api.json \\
        --source github:swan-io/swan-partner-frontend@$COMMIT

Run on the other two published schemas, it writes `../shared/reference/partner-api.json` and
`partner-admin-api.json` byte for byte (tests/test_fidelity.py checks the format).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    build_schema,
)


def _shape(graphql_type: Any) -> dict[str, Any]:
    if isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType):
        return {
            "fields": {
                name: {
                    "args": {arg: str(a.type) for arg, a in field.args.items()},
                    **({"deprecated": True} if field.deprecation_reason is not None else {}),
                    "type": str(field.type),
                }
                for name, field in graphql_type.fields.items()
            },
            "interfaces": sorted(i.name for i in graphql_type.interfaces),
            "kind": "object" if isinstance(graphql_type, GraphQLObjectType) else "interface",
        }
    if isinstance(graphql_type, GraphQLInputObjectType):
        return {
            "fields": {name: str(f.type) for name, f in graphql_type.fields.items()},
            "kind": "input",
        }
    if isinstance(graphql_type, GraphQLEnumType):
        return {"kind": "enum", "values": sorted(graphql_type.values)}
    if isinstance(graphql_type, GraphQLUnionType):
        return {"kind": "union", "members": sorted(t.name for t in graphql_type.types)}
    return {"kind": "scalar"}


def reference(schema: GraphQLSchema, source: str) -> dict[str, Any]:
    """The reference document of `schema`: `roots`, `source` and `types` by name."""
    roots = {"mutation": schema.mutation_type, "query": schema.query_type}
    return {
        "roots": {key: root.name for key, root in roots.items() if root is not None},
        "source": source,
        "types": {
            name: _shape(graphql_type)
            for name, graphql_type in sorted(schema.type_map.items())
            if not name.startswith("__")
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sdl", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--source", required=True)
    args = parser.parse_args()
    schema = build_schema(args.sdl.read_text(encoding="utf-8"))
    text = json.dumps(reference(schema, args.source), indent=1, sort_keys=True)
    args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Answers complete under every selection (issue 34, point 3).

For each shipped dataset, through a real server: every root field a project token and a
user can read without an argument of their own is asked with every field it reaches,
nested to a few levels (each union and interface with every type it can be, each list with
its arguments' defaults), and the answer must carry no error at all, above all no null for
a non-null field and no INTERNAL_SERVER_ERROR.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import httpx
import pytest
from graphql import (
    GraphQLField,
    GraphQLInterfaceType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    Undefined,
    get_named_type,
    is_leaf_type,
)

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset
from simulator.limits.settings import LimitSettings
from simulator.server.app import partner_schema
from tests.conftest import REDIRECT_URI, LiveServer, project_token

#: How deep below a root field the walk selects objects.
DEPTH = 5
#: How deep below a root reading one object by id (its lists are walked from the list roots).
ITEM_DEPTH = 3
#: Every limit off: the walk's documents are far larger than a client's.
NO_LIMITS = LimitSettings.from_json(
    {
        "operation_limits": {"sandbox": None, "live": None},
        "rate_limit": None,
        "row_budget": None,
        "execution_deadline_seconds": None,
    }
)


def _askable(field: GraphQLField) -> bool:
    """Whether the field can be asked with its arguments' defaults alone."""
    return all(
        not isinstance(arg.type, GraphQLNonNull)
        or arg.default_value is not Undefined
        or (arg.ast_node is not None and arg.ast_node.default_value is not None)
        for arg in field.args.values()
    )


def selection(
    schema: GraphQLSchema,
    type_: Any,
    depth: int,
    skip: frozenset[str] = frozenset(),
    given: Mapping[str, str] = MappingProxyType({}),
) -> str:
    """Every field of `type_` (aliased by type inside fragments), objects `depth` deep, but
    the `Type.field`s in `skip`; a `Type.field` in `given` is asked with those arguments
    (`'(language: "fr")'`), one with a required argument and no default is left out."""
    named = get_named_type(type_)
    if isinstance(named, GraphQLUnionType | GraphQLInterfaceType):
        kinds = schema.get_possible_types(named)
        parts = [
            f"... on {kind.name} {{ {_fields(schema, kind, depth, kind.name, skip, given)} }}"
            for kind in kinds
        ]
        return "__typename " + " ".join(parts)
    assert isinstance(named, GraphQLObjectType)
    return _fields(schema, named, depth, None, skip, given)


def _fields(
    schema: GraphQLSchema,
    kind: GraphQLObjectType,
    depth: int,
    alias: str | None,
    skip: frozenset[str] = frozenset(),
    given: Mapping[str, str] = MappingProxyType({}),
) -> str:
    parts = ["__typename"]
    for name, field in kind.fields.items():
        arguments = given.get(f"{kind.name}.{name}", "")
        if (not arguments and not _askable(field)) or f"{kind.name}.{name}" in skip:
            continue
        label = f"{alias}_{name}: {name}{arguments}" if alias else f"{name}{arguments}"
        if is_leaf_type(get_named_type(field.type)):
            parts.append(label)
        elif depth > 0:
            inner = selection(schema, field.type, depth - 1, skip, given)
            parts.append(f"{label} {{ {inner} }}")
    return " ".join(parts)


#: Roots only a project token reads (a user's token is told so, by design).
PROJECT_ONLY = {"webhookEventLogs", "webhookSubscriptions"}


def roots(schema: GraphQLSchema) -> list[str]:
    query = schema.query_type
    assert query is not None
    return sorted(name for name, field in query.fields.items() if _askable(field))


def _document(schema: GraphQLSchema, root: str, field: GraphQLField, deepest: int = DEPTH) -> str:
    """The root with every field it reaches, as deep as the server's document bounds allow
    (15,000 tokens, a 1 MiB body): DEPTH levels, fewer where that is too large."""
    if is_leaf_type(get_named_type(field.type)):
        return f"{{ {root} }}"
    for depth in range(deepest, 0, -1):
        document = f"{{ {root} {{ {selection(schema, field.type, depth)} }} }}"
        if len(re.findall(r"[A-Za-z_]\w*|[{}():.]", document)) < 14_000:
            return document
    raise AssertionError(f"{root}: no depth fits")


class Walk:
    def __init__(self, http: httpx.Client, token: str, user_id: str) -> None:
        self.http, self.token, self.user_id = http, token, user_id

    def ask(self, document: str, user: bool) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"}
        if user:
            headers["X-User-Id"] = self.user_id
        response = self.http.post("/sandbox/graphql", json={"query": document}, headers=headers)
        body: dict[str, Any] = response.json()
        return body


@pytest.fixture(scope="module", params=["default", "workshop"])
def walk(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Walk]:
    data_dir: Path = tmp_path_factory.mktemp(f"walk-{request.param}") / "data"
    with Simulator(data_dir, limits=NO_LIMITS) as sim:
        project = sim.create_project("sandbox", "Walk", [REDIRECT_URI])
        load_dataset(sim.sandbox, project.project_id, request.param)
        user_id = sim.sandbox.store.db.execute(
            "SELECT user_id FROM account_memberships WHERE project_id = ? AND user_id IS NOT NULL"
            " ORDER BY created_at, id",
            [project.project_id],
        ).fetchone()[0]
        with LiveServer(sim) as server, httpx.Client(base_url=server.base_url, timeout=120) as http:
            yield Walk(http, project_token(http, project), user_id)


@pytest.mark.parametrize("user", [False, True], ids=["project", "user"])
@pytest.mark.parametrize("root", roots(partner_schema()))
def test_every_field_reachable_from_a_root_answers(walk: Walk, root: str, user: bool) -> None:
    if user and root in PROJECT_ONLY:
        pytest.skip("a project's own data: a user token is refused it, by design")
    schema = partner_schema()
    assert schema.query_type is not None
    field = schema.query_type.fields[root]
    document = _document(schema, root, field)
    body = walk.ask(document, user)
    errors = body.get("errors") or []
    assert errors == [], [(e.get("path"), e["message"]) for e in errors][:10]


def item_roots(schema: GraphQLSchema) -> dict[str, tuple[str, str]]:
    """Root fields reading one object by its one id argument -> (the argument, a list root
    whose nodes are that type, where the walk finds an id)."""
    query = schema.query_type
    assert query is not None
    lists: dict[str, str] = {}
    for name in roots(schema):
        named = get_named_type(query.fields[name].type)
        edges = getattr(named, "fields", {}).get("edges")
        if edges is not None:
            node = get_named_type(edges.type).fields.get("node")  # type: ignore[union-attr]
            if node is not None:
                lists.setdefault(get_named_type(node.type).name, name)
    found = {}
    for name, field in query.fields.items():
        required = [a for a, arg in field.args.items() if isinstance(arg.type, GraphQLNonNull)]
        target = get_named_type(field.type).name
        if not _askable(field) and len(required) == 1 and target in lists:
            found[name] = (required[0], lists[target])
    return found


@pytest.mark.parametrize("user", [False, True], ids=["project", "user"])
@pytest.mark.parametrize("root", sorted(item_roots(partner_schema())))
def test_every_field_of_one_object_by_id_answers(walk: Walk, root: str, user: bool) -> None:
    if user and root in {"webhookSubscription", "webhookEventLog"}:
        pytest.skip("a project's own data: a user token is refused it, by design")
    schema = partner_schema()
    assert schema.query_type is not None
    argument, listed = item_roots(schema)[root]
    field = schema.query_type.fields[root]
    target = get_named_type(field.type)
    ids = (
        " ".join(f"... on {kind.name} {{ id }}" for kind in schema.get_possible_types(target))
        if isinstance(target, GraphQLUnionType)
        else "id"
    )
    nodes = walk.ask(f"{{ {listed}(first: 3) {{ edges {{ node {{ {ids} }} }} }} }}", user)
    edges = ((nodes.get("data") or {}).get(listed) or {}).get("edges") or []
    if not edges:
        pytest.skip(f"the dataset has no {listed} the caller sees")
    # One object's tree is walked less deep: the lists above walked the same types.
    body = _document(schema, root, field, ITEM_DEPTH).replace(
        f"{{ {root} {{", f'{{ {root}({argument}: "{edges[0]["node"]["id"]}") {{', 1
    )
    answer = walk.ask(body, user)
    errors = answer.get("errors") or []
    assert errors == [], [(e.get("path"), e["message"]) for e in errors][:10]

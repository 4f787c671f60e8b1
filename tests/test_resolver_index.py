"""The partner schema's resolver modules imported at their first use (issue 35,
`api/resolver_index.py`): the index says what each module binds and is what the modules
say; a schema built from it, once every field is forced, binds every root field, type field
and type resolver as the eager build does; the README example's answer imports only the
modules it needs."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from graphql import GraphQLInterfaceType, GraphQLObjectType, GraphQLUnionType, print_schema

from simulator import user_cache
from simulator.api import executable, lazy_schema, partner, sdl_cache
from simulator.api.executable import SCHEMA_DIR, build_schema, load_type_defs
from simulator.api.resolver_index import ResolverIndex, binds_of

from .test_first_answer import _executable_parts

ROOT = Path(__file__).resolve().parents[1]

PARTNER_DIRS = [SCHEMA_DIR / "common", SCHEMA_DIR / "partner"]

NEEDS_LAZY_BUILD = pytest.mark.skipif(
    not lazy_schema.supported(), reason="this graphql-core or Ariadne: the full build only"
)


def test_the_index_is_what_the_modules_bind() -> None:
    spec = importlib.util.spec_from_file_location(
        "generate_resolver_index", ROOT / "scripts" / "generate_resolver_index.py"
    )
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    assert generator.render() == generator.TARGET.read_text(encoding="utf-8"), (
        "simulator/api/partner/_index.py drifted: run python scripts/generate_resolver_index.py"
    )
    known = {f"{partner.__name__}.{name}" for name in partner._index.BINDS}
    assert known == {module.__name__ for module in partner.RESOLVER_MODULES}


def test_a_module_the_index_does_not_know_is_imported_with_the_schema() -> None:
    index = ResolverIndex(partner.__name__, partner.__path__, {})
    assert [module.__name__ for module in index.eager_modules()] == index.names
    assert index.deferred_names() == []
    full = ResolverIndex(partner.__name__, partner.__path__, partner._index.BINDS)
    assert full.eager_modules() == []  # every module binds fields and abstract types only
    accounts = f"{partner.__name__}.accounts.accounts"
    assert full.module_of_field("Query", "accounts") == accounts
    assert accounts in full.modules_of("Account")
    assert binds_of(importlib.import_module(accounts))[:1] == ("Query.accounts",)


@NEEDS_LAZY_BUILD
def test_forced_it_binds_every_field_and_type_as_the_eager_build() -> None:
    eager = build_schema(PARTNER_DIRS, partner.bindables)
    deferred = build_schema(PARTNER_DIRS, partner.resolvers())
    query = deferred.query_type
    assert query is not None
    # Before its first call, a root field's resolver imports its module.
    assert type(query.fields["accounts"].resolve).__name__ == "_DeferredRoot"
    lazy_schema.force(deferred)
    parts = _executable_parts(deferred)
    assert parts == _executable_parts(eager)
    for root in ("Query", "Mutation"):
        root_type = deferred.get_type(root)
        assert isinstance(root_type, GraphQLObjectType)
        assert all(callable(field.resolve) for field in root_type.fields.values())
    for graphql_type in deferred.type_map.values():
        if isinstance(graphql_type, GraphQLInterfaceType | GraphQLUnionType):
            assert graphql_type.resolve_type is not None, graphql_type.name


def test_a_cached_tree_keeps_each_types_fields_pickled_until_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path))
    type_defs = load_type_defs(*PARTNER_DIRS)
    from_text = executable._built_and_checked(type_defs, PARTNER_DIRS, partner.bindables)
    sdl_cache.store_document(type_defs, list(from_text.type_map))
    cached = sdl_cache.cached_document(type_defs)
    assert cached is not None
    document, _ = cached
    lazy = [
        node.fields
        for node in document.definitions
        if isinstance(getattr(node, "fields", None), sdl_cache.LazyFields)
    ]
    assert len(lazy) > 1000
    assert all(fields._fields is None for fields in lazy)  # none unpickled yet
    from_tree = executable._built_from_checked(document, partner.bindables)
    assert print_schema(from_tree) == print_schema(from_text)
    assert _executable_parts(from_tree) == _executable_parts(from_text)
    if lazy_schema.supported():
        again = sdl_cache.cached_document(type_defs)
        assert again is not None
        built = executable._built_lazily(again[0], again[1], partner.resolvers())
        assert built is not None
        lazy_schema.force(built)
        assert print_schema(built) == print_schema(from_text)


_EXAMPLE = """
import json, sys
from simulator import Simulator

sim = Simulator()
creds = sim.create_project("sandbox", "My app", ["http://localhost:3000/callback"])
http = sim.client()
token = http.post("/oauth2/token", data={"grant_type": "client_credentials",
    "client_id": creds.client_id, "client_secret": creds.client_secret}).json()["access_token"]
headers = {"Authorization": f"Bearer {token}"}
first = http.post("/sandbox/graphql", json={"query": "{ accounts { totalCount } }"},
    headers=headers).json()
loaded = sorted(m for m in sys.modules if m.startswith("simulator.api.partner."))
node = http.post("/sandbox/graphql", headers=headers, json={
    "query": "{ cards(first: 1) { totalCount } }"}).json()
print(json.dumps({"first": first, "loaded": loaded, "node": node}))
sim.close()
"""


def test_the_first_answer_imports_only_the_modules_it_needs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _EXAMPLE],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["first"]["data"] == {"accounts": {"totalCount": 0}}
    # A later root field imports its module at its first call.
    assert said["node"]["data"] == {"cards": {"totalCount": 0}}, said["node"]
    if lazy_schema.supported():
        assert "simulator.api.partner.accounts.accounts" in said["loaded"]
        assert "simulator.api.partner.cards.cards" not in said["loaded"]
        assert "simulator.api.partner.merchants.merchant_payments" not in said["loaded"]

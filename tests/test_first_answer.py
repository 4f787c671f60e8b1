"""A first answer in a blink (issue 35): no schema is built before a request needs it, each is
built once per process however many threads ask, the SDL cache (`api/sdl_cache.py`) gives
the very schema Ariadne builds from the text, and the cached migrated image
(`storage/_store.py`) is the one the migrations make.

Timings are measured by benchmarks/bench_startup.py, never asserted here.
"""

from __future__ import annotations

import contextlib
import gc
import inspect
import json
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from ariadne import EnumType, QueryType, make_executable_schema
from ariadne.types import SchemaBindable
from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    graphql_sync,
    parse,
    print_schema,
)

from simulator import _heap, testing_api, user_cache
from simulator.api import executable, lazy_schema, partner, sdl_cache
from simulator.api.executable import SCHEMA_DIR, SchemaOnce, build_schema, load_type_defs
from simulator.api.unauthenticated import card_reveals, payment_page, registry, resolvers
from simulator.storage import _store

ROOT = Path(__file__).resolve().parents[1]

_UNAUTHENTICATED_BINDABLES = [
    *partner.bindables,
    *resolvers.bindables,
    *registry.bindables,
    *payment_page.bindables,
    *card_reveals.bindables,
]

#: Each SDL the simulator builds a schema of, with its resolvers.
SCHEMAS: dict[str, tuple[list[Path], Sequence[SchemaBindable]]] = {
    "partner": ([SCHEMA_DIR / "common", SCHEMA_DIR / "partner"], partner.bindables),
    "testing": ([SCHEMA_DIR / "common", testing_api.SCHEMA_DIR], testing_api.bindables),
    "unauthenticated": (
        [SCHEMA_DIR / "common", SCHEMA_DIR / "partner", SCHEMA_DIR / "unauthenticated"],
        _UNAUTHENTICATED_BINDABLES,
    ),
}


def _function(value: Any) -> Any:
    """What identifies a resolver or a scalar's function across two builds: a module
    function itself; a closure Ariadne made (`resolve_to("name")`) by its code and cells; a
    type's own method by its function (the types are two builds' own)."""
    if inspect.ismethod(value):
        return ("method", value.__func__)
    if value is None or getattr(value, "__closure__", None) is None:
        return value
    cells = tuple(_function(cell.cell_contents) for cell in value.__closure__)
    return (value.__code__, cells)


def _executable_parts(schema: GraphQLSchema) -> dict[str, Any]:
    """Everything of an executable schema that its printed SDL does not show."""
    parts: dict[str, Any] = {}
    for name, graphql_type in schema.type_map.items():
        if isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType):
            for field_name, field in graphql_type.fields.items():
                key = f"{name}.{field_name}"
                parts[key] = _function(field.resolve)
                for arg_name, arg in field.args.items():
                    parts[f"{key}({arg_name})"] = (arg.out_name, repr(arg.default_value))
        if isinstance(graphql_type, GraphQLObjectType):
            parts[f"{name} is_type_of"] = _function(graphql_type.is_type_of)
        if isinstance(graphql_type, GraphQLInterfaceType | GraphQLUnionType):
            parts[f"{name} resolve_type"] = _function(graphql_type.resolve_type)
        if isinstance(graphql_type, GraphQLEnumType):
            parts[name] = {key: value.value for key, value in graphql_type.values.items()}
            parts[f"{name} parse_value"] = "parse_value" in vars(graphql_type)
        if isinstance(graphql_type, GraphQLInputObjectType):
            parts[name] = {
                key: (field.out_name, repr(field.default_value))
                for key, field in graphql_type.fields.items()
            }
        if isinstance(graphql_type, GraphQLScalarType):
            parts[name] = tuple(
                _function(getattr(graphql_type, attribute))
                for attribute in ("serialize", "parse_value", "parse_literal")
            )
    return parts


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_a_cached_tree_builds_the_schema_ariadne_builds_from_the_text(name: str) -> None:
    directories, bindables = SCHEMAS[name]
    type_defs = load_type_defs(*directories)
    from_text = executable._built_and_checked(type_defs, directories, bindables)
    tree = parse(type_defs, no_location=True)
    from_tree = executable._built_from_checked(tree, bindables)
    assert print_schema(from_tree) == print_schema(from_text)
    assert _executable_parts(from_tree) == _executable_parts(from_text)
    # Each type's fields built at its first use (`lazy_schema`): the same schema once read.
    lazy = executable._built_lazily(
        parse(type_defs, no_location=True), list(from_text.type_map), bindables
    )
    if not lazy_schema.supported():
        assert lazy is None  # the full build serves this graphql-core (checked above)
        return
    assert lazy is not None
    read = [
        name
        for name, graphql_type in lazy.type_map.items()
        if isinstance(graphql_type, GraphQLObjectType | GraphQLInputObjectType)
        and not name.startswith("__")
        and "fields" in vars(graphql_type)
    ]
    assert read == []  # no type's fields built yet
    assert print_schema(lazy) == print_schema(from_text)
    assert _executable_parts(lazy) == _executable_parts(from_text)


NEEDS_LAZY_BUILD = pytest.mark.skipif(
    not lazy_schema.supported(), reason="this graphql-core or Ariadne: the full build only"
)


@NEEDS_LAZY_BUILD
def test_the_lazy_schema_answers_as_the_full_one_and_falls_back_where_it_cannot() -> None:
    directories, bindables = SCHEMAS["partner"]
    type_defs = load_type_defs(*directories)
    full = executable._built_and_checked(type_defs, directories, bindables)
    tree = parse(type_defs, no_location=True)
    lazy = executable._built_lazily(tree, list(full.type_map), bindables)
    assert lazy is not None
    query = '{ __type(name: "Account") { fields { name args { name defaultValue } } } }'
    assert graphql_sync(lazy, query).data == graphql_sync(full, query).data
    # An order stored for other SDL, or an `EnumType` binding values: the full build.
    assert executable._built_lazily(tree, list(full.type_map)[1:], bindables) is None
    assert executable._built_lazily(tree, [*full.type_map, "Missing"], bindables) is None
    enum = EnumType("AccountStatus", {"Open": 1})
    assert executable._built_lazily(tree, list(full.type_map), [*bindables, enum]) is None


@NEEDS_LAZY_BUILD
def test_a_lazy_schema_refuses_a_resolver_of_a_field_its_type_has_not_at_once() -> None:
    scalars = (SCHEMA_DIR / "common" / "scalars.graphql").read_text(encoding="utf-8")
    sdl = scalars + "type Query { greeting: String }\n"
    full = make_executable_schema(sdl)
    query = QueryType()
    query.set_field("farewell", lambda *_: "bye")
    with pytest.raises(ValueError, match="Field farewell is not defined on type Query"):
        executable._built_lazily(parse(sdl, no_location=True), list(full.type_map), [query])


def test_a_cached_tree_checks_enum_defaults_only_against_bound_enum_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ariadne's check of the defaults' enum values runs when an `EnumType` binds values of
    its own (code, not SDL), and only then: the SDL's own were checked when it was cached."""
    checked: list[GraphQLSchema] = []
    monkeypatch.setattr(executable, "validate_schema_default_enum_values", checked.append)
    scalars = (SCHEMA_DIR / "common" / "scalars.graphql").read_text(encoding="utf-8")
    sdl = scalars + "enum Role { A B }\ntype Query { users(role: Role = A): Int }\n"
    tree = parse(sdl, no_location=True)
    executable._built_from_checked(tree, [QueryType()])
    assert checked == []
    executable._built_from_checked(tree, [EnumType("Role", {"A": 1, "B": 2})])
    assert len(checked) == 1


_SDL = 'type Query { greeting(name: String! = "you"): String! }\n'


def _sdl_folder(folder: Path) -> None:
    """A folder of SDL with the scalars every schema binds (`api/scalars.py`)."""
    folder.mkdir()
    scalars = (SCHEMA_DIR / "common" / "scalars.graphql").read_text(encoding="utf-8")
    (folder / "scalars.graphql").write_text(scalars, encoding="utf-8")


def _greeting_bindables() -> list[SchemaBindable]:
    query = QueryType()
    query.set_field("greeting", lambda _, info, name: f"Hello {name}")
    return [query]


def test_the_sdl_is_cached_at_its_first_build_and_read_at_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    _sdl_folder(tmp_path / "sdl")
    (tmp_path / "sdl" / "query.graphql").write_text(_SDL, encoding="utf-8")
    read: list[object] = []
    real = sdl_cache.cached_document

    def spied(type_defs: str) -> Any:
        read.append(real(type_defs))
        return read[-1]

    monkeypatch.setattr(executable, "cached_document", spied)
    bindables = _greeting_bindables()
    first = build_schema([tmp_path / "sdl"], bindables)
    stored = list((tmp_path / "cache").iterdir())
    assert [path.name[:4] for path in stored] == ["sdl-"]
    assert stored[0].stat().st_mode & 0o077 == 0  # private to the user
    second = build_schema([tmp_path / "sdl"], bindables)
    assert read[0] is None and read[1] is not None  # parsed, then read back
    for schema in (first, second):
        assert graphql_sync(schema, "{ greeting }").data == {"greeting": "Hello you"}

    # Another SDL is another key: never a stale tree.
    (tmp_path / "sdl" / "query.graphql").write_text(_SDL.replace("you", "all"), encoding="utf-8")
    third = build_schema([tmp_path / "sdl"], bindables)
    assert graphql_sync(third, "{ greeting }").data == {"greeting": "Hello all"}
    assert len(list((tmp_path / "cache").iterdir())) == 2


def test_an_unreadable_cache_file_is_ignored_and_caching_can_be_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path))
    sdl_cache.store_document(_SDL, ["Query", "String", "Boolean"])
    (stored,) = tmp_path.iterdir()
    stored.write_bytes(stored.read_bytes()[:100])  # truncated
    assert sdl_cache.cached_document(_SDL) is None
    stored.write_bytes(b"not a pickle")
    assert sdl_cache.cached_document(_SDL) is None

    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, "")
    assert user_cache.cache_dir() is None
    sdl_cache.store_document(_SDL, ["Query", "String", "Boolean"])
    assert sdl_cache.cached_document(_SDL) is None


def test_an_invalid_sdl_is_still_refused_naming_its_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    _sdl_folder(tmp_path / "sdl")
    (tmp_path / "sdl" / "query.graphql").write_text(
        "type Query { greeting: Missing }\n", encoding="utf-8"
    )
    with pytest.raises(TypeError, match="Missing"):
        build_schema([tmp_path / "sdl"], [])
    assert not (tmp_path / "cache").exists()  # nothing cached of an SDL that failed


def test_a_schema_asked_for_by_threads_at_once_is_built_once() -> None:
    builds: list[int] = []
    gate = threading.Barrier(8)

    def build() -> GraphQLSchema:
        builds.append(1)
        return make_executable_schema(_SDL)

    once = SchemaOnce(build)
    got: list[GraphQLSchema] = []

    def ask() -> None:
        gate.wait()
        got.append(once())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 1 and once.built
    assert all(schema is got[0] for schema in got)


def test_long_lived_pauses_collection_freezes_after_and_restores_it() -> None:
    frozen = gc.get_freeze_count()
    with _heap.long_lived():
        assert not gc.isenabled()
        kept: list[list[int]] = [[] for _ in range(10)]
    assert gc.isenabled() and gc.get_freeze_count() >= frozen + len(kept)
    gc.disable()
    try:
        with _heap.long_lived():
            pass
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()
    before = gc.get_freeze_count()
    with pytest.raises(RuntimeError), _heap.long_lived():
        raise RuntimeError("an import failed")
    assert gc.isenabled() and gc.get_freeze_count() == before  # nothing frozen


def test_a_module_is_frozen_at_its_first_import_only() -> None:
    """A later call (a new `Simulator`'s app, another command in the same process) freezes
    nothing more: what the process made since may become garbage."""
    _heap.imported("simulator.server")
    before = gc.get_freeze_count()
    made_since: list[list[int]] = [[] for _ in range(10)]
    assert _heap.imported("simulator.server") is sys.modules["simulator.server"]
    assert gc.get_freeze_count() == before and made_since


#: Imported at their first use, which the README example's first answer is not: IBANs
#: (schwifty), signatures (joserfc, cryptography), HTML pages (Jinja2; the OAuth pages', the
#: dashboard's and the callback's modules, built at their first request), webhooks sent over
#: HTTP (httpcore, h11), snapshots and bug reports, the other APIs' resolvers
#: (docs/performance.md, "First answer").
_LATER = [
    "schwifty",
    "joserfc",
    "cryptography",
    "jinja2",
    "markupsafe",
    "simulator.oauth.pages",
    "simulator.browser.pages",
    "simulator.browser.dashboard",
    "simulator.browser.callback",
    "httpcore",
    "h11",
    "simulator.webhooks._deadline_backend",
    "simulator.snapshots",
    "simulator.report",
    "difflib",
    "simulator.testing_api",
    "simulator.api.unauthenticated.resolvers",
]

_FIRST_ANSWER = (
    f"LATER = {_LATER!r}\n"
    + """
import gc, json, sys
from simulator import Simulator
from simulator.server import app

sim = Simulator()
creds = sim.create_project("sandbox", "My app", ["http://localhost:3000/callback"])
http = sim.client()
token = http.post("/oauth2/token", data={
    "grant_type": "client_credentials",
    "client_id": creds.client_id,
    "client_secret": creds.client_secret,
}).json()["access_token"]
schemas = (app.partner_schema, app.testing_schema, app.unauthenticated_schema)
before = [schema.built for schema in schemas]
answer = http.post(
    "/sandbox/graphql",
    json={"query": "{ accounts { totalCount } }"},
    headers={"Authorization": f"Bearer {token}"},
)
after = [schema.built for schema in schemas]
imported = sorted(name for name in LATER if name in sys.modules)
frozen = gc.get_freeze_count() > 0 and gc.isenabled()
sdl = http.get("/sandbox-testing/schema.graphql")
sim.close()
print(json.dumps({"before": before, "after": after, "data": answer.json()["data"],
                  "sdl": sdl.status_code, "testing": app.testing_schema.built,
                  "imported": imported, "frozen": frozen}))
"""
)


def test_the_app_and_the_token_build_no_schema_and_a_request_only_its_own() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_ANSWER],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen == {
        "before": [False, False, False],  # the app and the token endpoint built none
        "after": [True, False, False],  # the partner API's request built its own only
        "data": {"accounts": {"totalCount": 0}},
        "sdl": 200,
        "testing": True,  # the Testing API's SDL page built the Testing schema
        "imported": [],  # nothing the first answer does not need (`_LATER`)
        "frozen": True,  # the partner schema's build froze what was alive (`gc.freeze`)
    }


def _schema_of(image: bytes) -> tuple[list[Any], list[Any]]:
    """The SQL of every table and index of a database image, and its migrations' names."""
    with contextlib.closing(sqlite3.connect(":memory:")) as database:
        database.deserialize(image)
        sql = database.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name")
        names = database.execute("SELECT migration_set, name FROM _sqlite_migrations ORDER BY id")
        return sql.fetchall(), names.fetchall()


def test_the_cached_migrated_image_is_the_one_the_migrations_make(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path))
    build = _store._migrated_image.__wrapped__  # the process's own copy left as it is
    fresh = build()
    (stored,) = tmp_path.iterdir()
    assert stored.name.startswith("migrated-") and stored.read_bytes() == fresh
    assert build() == fresh  # read back
    # Damaged, cut short (a page lost), or with no migration recorded: ignored, migrated
    # again, rewritten.
    no_migrations = fresh[:60] + bytes(4) + fresh[64:]
    for damaged in (b"damaged", fresh[:-4096], no_migrations):
        stored.write_bytes(damaged)
        assert _schema_of(build()) == _schema_of(fresh)
        assert stored.read_bytes() != damaged and _store._usable_image(stored.read_bytes())

    # Changed storage code is another file: never a stale image.
    sources = _store._storage_sources()
    monkeypatch.setattr(_store, "_storage_sources", lambda: [*sources, b"# a new migration"])
    build()
    assert len(list(tmp_path.iterdir())) == 2


def test_the_cache_folder_is_the_variables_then_the_users(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path / "mine"))
    assert user_cache.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv(user_cache.CACHE_DIR_VARIABLE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache.cache_dir() == tmp_path / "xdg" / "banking-sandbox-simulator"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_cache.cache_dir() == tmp_path / "home" / ".cache" / "banking-sandbox-simulator"

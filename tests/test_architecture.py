"""What import-linter cannot check of docs/architecture.md, checked on the source.

The one-way dependencies themselves are import-linter contracts (pyproject.toml,
`[tool.importlinter]`), which `lint-imports` checks in CI; here: that the drawing of the layers
and the table of contracts say what the contracts do, that an import inside a function says
why it is there, that only the clock reads real time, that no module fills shared state
when it is imported, and that the resolvers are bound explicitly (one list of modules per API,
each module attaching resolvers to its own bindables only, no field set twice).
"""

from __future__ import annotations

import ast
import importlib
import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "simulator"
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _section(title: str) -> str:
    """The text of docs/architecture.md's `## title` section."""
    start = ARCHITECTURE.index(f"\n## {title}\n")
    end = ARCHITECTURE.find("\n## ", start + 1)
    return ARCHITECTURE[start : end if end != -1 else None]


def test_the_drawing_of_the_layers_is_the_layers_contract() -> None:
    """Each line of the drawing starts with one layer as the contract states it (the text
    after two spaces is a comment), top to bottom."""
    drawing = re.search(r"```text\n(.*?)```", _section("Layers"), re.S)
    assert drawing is not None
    drawn = [line.split("  ")[0].strip() for line in drawing.group(1).splitlines()]
    (layers,) = [c for c in _contracts() if c.get("id") == "layers"]
    assert drawn == layers["layers"]


def test_the_table_of_contracts_lists_every_contract() -> None:
    """Every contract has an id (`lint-imports --contract ID`), each listed once, with its
    type, in docs/architecture.md's table."""
    section = _section("Layers")
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| ([a-z_]+) \|", section, re.M)
    assert rows == [(c["id"], c["type"]) for c in _contracts()]
    assert f"The {len(rows)} contracts, in `pyproject.toml`" in section


def _function_imports(tree: ast.Module) -> list[int]:
    """The line of the first import of each run of imports inside a function."""
    found = set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            for field in ("body", "orelse", "finalbody"):
                statements = getattr(node, field, None)
                if not isinstance(statements, list):
                    continue
                previous: ast.stmt | None = None
                for statement in statements:
                    if isinstance(statement, ast.Import | ast.ImportFrom) and not isinstance(
                        previous, ast.Import | ast.ImportFrom
                    ):
                        found.add(statement.lineno)
                    previous = statement
    return sorted(found)


#: What the reason of an import inside a function says: the start-up time it buys.
_START_UP = re.compile(r"start-up|lazy", re.I)


def test_an_import_inside_a_function_says_why() -> None:
    """Function-level imports only buy start-up time (docs/architecture.md, "Layers"): each
    (or the first of a run of them) says so in a comment on its line or the line above."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for number in _function_imports(ast.parse(text)):
            line, above = lines[number - 1], lines[number - 2].strip()
            comment = line.partition("#")[2] + (above if above.startswith("#") else "")
            if not _START_UP.search(comment):
                offenders.append(f"{path.relative_to(PACKAGE)}:{number}")
    assert offenders == []


REAL_TIME = re.compile(
    r"time\.time\(|datetime\.now\(|datetime\.utcnow\(|time\.sleep\(|date\.today\("
)


def test_only_the_clock_reads_real_time() -> None:
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "clock.py" and REAL_TIME.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


#: Calls that declare rather than register: Ariadne's `set_field`, like its `@query.field`
#: decorator, puts a resolver (pure code, the same for every simulator) on a bindable the module
#: itself declares (checked below), which the schema is built from; a library gives its logger
#: a NullHandler.
DECLARATIONS = {"set_field", "addHandler"}


def _mutates_at_import(statement: ast.stmt) -> bool:
    """A top-level statement that fills a registry: `X.append(...)`, `X.update(...)`,
    `X[key] = ...`, `X += ...`, or an `if` guarding one."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        function = statement.value.func
        return isinstance(function, ast.Attribute) and function.attr not in DECLARATIONS
    if isinstance(statement, ast.Assign):
        return any(
            isinstance(target, ast.Subscript | ast.Attribute) for target in statement.targets
        )
    if isinstance(statement, ast.AugAssign):
        return True
    if isinstance(statement, ast.If):
        return any(_mutates_at_import(inner) for inner in statement.body + statement.orelse)
    return False


def test_no_module_fills_shared_state_at_import() -> None:
    """The `Simulator` builds and wires its parts; importing a module registers nothing
    (docs/architecture.md, "The composition root")."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [
            f"{path.relative_to(PACKAGE)}:{statement.lineno}"
            for statement in tree.body
            if _mutates_at_import(statement)
        ]
    assert offenders == []


#: The packages of resolvers, each assembling its schema's bindables from one list of modules.
RESOLVER_PACKAGES = ("simulator.api.partner", "simulator.testing_api")


def _attached_to(statement: ast.stmt) -> list[str]:
    """The names a top-level statement attaches resolvers to: `@X.field(...)` on a function,
    `X.set_field(...)`, also inside a top-level `for`."""
    names = []
    if isinstance(statement, ast.FunctionDef):
        for decorator in statement.decorator_list:
            call = decorator.func if isinstance(decorator, ast.Call) else decorator
            if isinstance(call, ast.Attribute) and call.attr in ("field", "set_field"):
                names.append(ast.unparse(call.value))
    for node in ast.walk(statement) if isinstance(statement, ast.Expr | ast.For) else ():
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "set_field"
        ):
            names.append(ast.unparse(node.func.value))
    return names


def test_resolvers_attach_only_to_bindables_of_their_own_module() -> None:
    """A resolver module attaches its resolvers to the `QueryType`, `MutationType` and
    `ObjectType`s it declares, never to one it imports: importing it changes no other module
    (docs/architecture.md, "How resolvers are bound")."""
    offenders = []
    for package in RESOLVER_PACKAGES:
        for path in (ROOT / package.replace(".", "/")).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = {
                alias.asname or alias.name
                for statement in tree.body
                if isinstance(statement, ast.ImportFrom | ast.Import)
                for alias in statement.names
            }
            offenders += [
                f"{path.relative_to(ROOT)}:{statement.lineno} {name}"
                for statement in tree.body
                for name in _attached_to(statement)
                if name.split(".")[0] in imported
            ]
    assert offenders == []


def test_every_resolver_module_is_in_the_one_list() -> None:
    """Each module of a resolver package and of its family folders (but its private helpers)
    is in `RESOLVER_MODULES`, once (a folder without an `__init__.py` would be skipped), has
    its `bindables`, and the package's `bindables` are theirs, in that order."""
    for package in RESOLVER_PACKAGES:
        module = importlib.import_module(package)
        directory = ROOT / package.replace(".", "/")
        listed = [m.__name__.removeprefix(package + ".") for m in module.RESOLVER_MODULES]
        found = [
            ".".join(p.relative_to(directory).with_suffix("").parts)
            for p in directory.rglob("[!_]*.py")
        ]
        assert sorted(listed) == sorted(found), package
        assert len(set(listed)) == len(listed), package
        assert all(isinstance(m.bindables, list) for m in module.RESOLVER_MODULES), package
        assert module.bindables == [b for m in module.RESOLVER_MODULES for b in m.bindables]


def test_every_root_field_has_a_resolver() -> None:
    """Every field of `Query` and `Mutation` in the SDL of each API is resolved by one of the
    listed modules (Ariadne refuses the other way round: a resolver of a field the SDL lacks)."""
    from simulator.server.app import partner_schema, testing_schema

    for schema in (partner_schema(), testing_schema()):
        for root in (schema.query_type, schema.mutation_type):
            assert root is not None
            assert [name for name, field in root.fields.items() if field.resolve is None] == []


#: The domain's families (`simulator/domain/<family>/`).
FAMILIES = {p.parent.name for p in (PACKAGE / "domain").glob("*/__init__.py")}

#: Where each layer keeps one folder per family, and the flat modules or SDL files it may keep
#: beside them: its own roots and helpers, and the capabilities (top-level packages of
#: simulator/) named after their package.
LAYERS = {
    "api/partner": {"webhooks"},
    "api/schema/partner": {"query", "statuses", "webhooks"},
    "api/schema/common": {"banking_inputs", "banking_rejections", "banking_statuses"}
    | {"rejections", "scalars"},
    "testing_api": {"journal", "limits", "resolvers", "webhooks"},
    "testing_api/schema": {"journal", "limits", "testing", "timeline", "webhooks"},
    "storage/tables": {"banking", "core", "dashboard", "events", "journal", "limits"}
    | {"oauth", "webhooks"},
}


def test_one_family_is_in_the_same_place_in_every_layer() -> None:
    """The resolvers, the SDL and the tables of a family are in a folder named after the
    domain's family (docs/architecture.md, "One family, one place"); a resolver folder has its
    SDL folder and the other way round. A new module of a family goes into its folder."""
    for layer, flat in LAYERS.items():
        directory = PACKAGE / layer
        folders = {p.name for p in directory.iterdir() if p.is_dir() and p.name != "schema"}
        folders.discard("__pycache__")
        assert folders <= FAMILIES, layer
        files = {p.stem for p in directory.glob("[!_]*.*") if p.suffix in (".py", ".graphql")}
        assert files - {"__init__"} == flat, f"{layer}: a family's module goes in its folder"
    for code, sdl in (("api/partner", "api/schema/partner"), ("testing_api", "testing_api/schema")):
        resolvers = {p.parent.name for p in (PACKAGE / code).glob("*/[!_]*.py")}
        assert resolvers == {p.parent.name for p in (PACKAGE / sdl).glob("*/*.graphql")}, code


def test_the_sdl_file_names_are_unique_in_each_directory() -> None:
    """`load_type_defs` orders a schema's files by name whatever their folder, so that moving one
    between folders changes nothing: the names must be unique in a directory."""
    for directory in ("api/schema/common", "api/schema/partner", "testing_api/schema"):
        names = [p.name for p in (PACKAGE / directory).rglob("*.graphql")]
        assert len(names) == len(set(names)), directory


def test_no_two_bindables_resolve_the_same_field() -> None:
    """Several bindables may bind one GraphQL type, but no field (nor an abstract type's
    `resolve_type`) is set by two of them, so the order of `RESOLVER_MODULES` is no matter."""
    for package in RESOLVER_PACKAGES:
        bindables = importlib.import_module(package).bindables
        owners: dict[tuple[str, str], int] = {}
        duplicates = []
        for index, bindable in enumerate(bindables):
            resolvers = getattr(bindable, "_resolvers", {})
            keys = [(bindable.name, field) for field in resolvers]
            if getattr(bindable, "_resolve_type", None) is not None:
                keys.append((bindable.name, "__resolveType"))
            for key in keys:
                if owners.setdefault(key, index) != index:
                    duplicates.append((package, *key))
        assert duplicates == []

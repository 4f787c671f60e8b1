"""The executable schemas against the real service's published ones (docs/fidelity.md)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from graphql import GraphQLSchema

from simulator.fidelity import (
    SimulatorOnly,
    compare,
    coverage,
    field_coverage,
    known_names,
    lacking,
    load_reference,
    schema_shapes,
)

# Imported under other names: pytest would collect a module-level `testing_schema` as a test.
from simulator.server.app import partner_schema as build_partner_schema
from simulator.server.app import testing_schema as build_testing_schema
from simulator.server.app import unauthenticated_schema as build_unauthenticated_schema

ROOT = Path(__file__).resolve().parents[1]
#: `../shared/reference` beside the clone (or beside a parent folder, for a git worktree).
REFERENCE = next(
    (d / "shared" / "reference" for d in ROOT.parents if (d / "shared" / "reference").is_dir()),
    ROOT.parent / "shared" / "reference",
)
#: The unauthenticated API's reference, kept here (scripts/reference_from_sdl.py wrote it).
OWN_REFERENCE = Path(__file__).resolve().parent / "reference"
APIS = {
    "partner": ("partner-api.json", build_partner_schema),
    "testing": ("partner-admin-api.json", build_testing_schema),
    "unauthenticated": ("unauthenticated-api.json", build_unauthenticated_schema),
}

pytestmark = pytest.mark.skipif(
    not REFERENCE.is_dir(), reason=f"the reference schemas are not at {REFERENCE}"
)


def shapes(api: str) -> tuple[dict[str, dict[str, object]], dict[str, dict[str, object]]]:
    file, build = APIS[api]
    schema: GraphQLSchema = build()
    folder = OWN_REFERENCE if (OWN_REFERENCE / file).is_file() else REFERENCE
    return schema_shapes(schema), load_reference(folder / file)


@pytest.mark.parametrize("api", sorted(APIS))
def test_every_name_is_the_real_one_or_listed_as_simulator_only(api: str) -> None:
    ours, theirs = shapes(api)
    differences = compare(ours, theirs, SimulatorOnly.load(api))
    assert differences == [], f"{len(differences)} differences:\n" + "\n".join(differences)


@pytest.mark.parametrize("api", sorted(APIS))
def test_the_simulator_only_list_names_only_what_exists_here(api: str) -> None:
    ours, _ = shapes(api)
    known = known_names(ours)
    stale = sorted(set(SimulatorOnly.load(api).reasons) - known)
    assert stale == [], f"simulator_only.toml lists names that no longer exist: {stale}"


@pytest.mark.parametrize("api", sorted(APIS))
def test_coverage_of_the_real_root_fields(api: str, capsys: pytest.CaptureFixture[str]) -> None:
    ours, theirs = shapes(api)
    covered = coverage(ours, theirs)
    with capsys.disabled():
        print(f"\n{api}: {covered} implemented with the real signature")
    # Every implemented root field is one of theirs (a name of ours they lack is a difference).
    assert set(covered.implemented) <= {
        f"{r}.{n}" for r in ("Query", "Mutation") for n in theirs[r]["fields"]
    }


def test_the_docs_show_the_current_coverage_and_simulator_only_list() -> None:
    script = Path(__file__).resolve().parents[1] / "scripts" / "fidelity.py"
    result = subprocess.run(
        [sys.executable, str(script), "--check-docs", "--reference", str(REFERENCE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_reference_script_writes_the_shared_format(tmp_path: Path) -> None:
    """scripts/reference_from_sdl.py writes what the shared references hold: sorted enum
    values, interfaces and members, built-in scalars, `deprecated` only where it is."""
    sdl = tmp_path / "schema.graphql"
    sdl.write_text(
        'type Query { b(x: ID!): U @deprecated(reason: "no") a: E! }\n'
        "enum E { Z A }\nunion U = T2 | T1\ninterface I { id: ID! }\ninterface J { id: ID! }\n"
        "type T1 implements J & I { id: ID! }\ntype T2 { n: Int }\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.json"
    script = ROOT / "scripts" / "reference_from_sdl.py"
    subprocess.run(
        [sys.executable, str(script), str(sdl), str(out), "--source", "github:o/r@c"], check=True
    )
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["roots"] == {"query": "Query"} and written["source"] == "github:o/r@c"
    types = written["types"]
    assert types["Query"]["fields"]["b"] == {"args": {"x": "ID!"}, "deprecated": True, "type": "U"}
    assert types["Query"]["fields"]["a"] == {"args": {}, "type": "E!"}
    assert types["E"] == {"kind": "enum", "values": ["A", "Z"]}
    assert types["U"] == {"kind": "union", "members": ["T1", "T2"]}
    assert types["T1"]["interfaces"] == ["I", "J"] and types["ID"] == {"kind": "scalar"}
    # The unauthenticated API's reference names the commit the shared ones name.
    ours = json.loads((OWN_REFERENCE / "unauthenticated-api.json").read_text(encoding="utf-8"))
    shared = json.loads((REFERENCE / "partner-api.json").read_text(encoding="utf-8"))
    assert ours["source"] == shared["source"]
    assert ours["roots"] == {"mutation": "Mutation", "query": "Query"}


@pytest.mark.parametrize("api", sorted(APIS))
def test_no_type_lacks_a_field_value_or_member_of_the_real_one(api: str) -> None:
    # A client written for the real service may select any field of a type it gets: every
    # one missing here would be a validation error for it.
    ours, theirs = shapes(api)
    assert lacking(ours, theirs) == {}, "types lacking what the real ones have"


@pytest.mark.parametrize("api", sorted(APIS))
def test_object_type_field_coverage(api: str, capsys: pytest.CaptureFixture[str]) -> None:
    ours, theirs = shapes(api)
    counted = field_coverage(ours, theirs)
    gaps = lacking(ours, theirs)
    with capsys.disabled():
        print(f"\n{api}: {counted}; {sum(map(len, gaps.values()))} lacking in {len(gaps)} types")
    assert 0 < counted.present <= counted.total


def test_the_readme_quotes_the_current_field_coverage() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for api in APIS:
        counted = field_coverage(*shapes(api))
        assert f"**{counted.present:,} of {counted.total:,}**" in readme, (api, str(counted))


def test_the_testing_apis_graft_withholds_exactly_what_the_real_types_lack() -> None:
    # scripts/testing_grafted.py prints the [withheld] table grafted.toml must hold.
    script = ROOT / "scripts" / "testing_grafted.py"
    result = subprocess.run(
        [sys.executable, str(script), "--reference", str(REFERENCE)],
        capture_output=True,
        text=True,
        check=True,
    )
    printed = tomllib.loads(result.stdout)["withheld"]
    table = tomllib.loads((ROOT / "simulator/testing_api/schema/grafted.toml").read_text("utf-8"))
    assert printed == {name: sorted(fields) for name, fields in table["withheld"].items()}
    assert "#   " not in result.stdout  # no taken type the real Testing API lacks

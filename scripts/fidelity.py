"""Print how our schemas differ from the real service's, and the coverage of its root fields.

    python scripts/fidelity.py                 # counts and coverage
    python scripts/fidelity.py --diff          # every unexcused difference
    python scripts/fidelity.py --diff Card     # only lines starting with `Card`
    python scripts/fidelity.py --missing       # the real root fields we do not implement

The reference files are read from `../shared/reference/` (or `--reference DIR`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from simulator.fidelity import SimulatorOnly, compare, coverage, load_reference, schema_shapes
from simulator.server.app import partner_schema, testing_schema

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"
APIS = {"partner": "partner-api.json", "testing": "partner-admin-api.json"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--diff", nargs="?", const="", default=None, metavar="PREFIX")
    parser.add_argument("--missing", action="store_true")
    parser.add_argument("--api", choices=sorted(APIS), action="append")
    args = parser.parse_args()
    schemas = {"partner": partner_schema(), "testing": testing_schema()}
    for api in args.api or sorted(APIS):
        ours = schema_shapes(schemas[api])
        theirs = load_reference(args.reference / APIS[api])
        differences = compare(ours, theirs, SimulatorOnly.load(api))
        covered = coverage(ours, theirs)
        print(f"{api}: {len(differences)} differences; {covered}")
        if args.diff is not None:
            for line in differences:
                if line.startswith(args.diff):
                    print("   ", line)
        if args.missing:
            for root in ("Query", "Mutation"):
                for name in sorted(theirs[root]["fields"]):
                    if f"{root}.{name}" not in covered.implemented:
                        print(f"    missing {root}.{name}")


if __name__ == "__main__":
    main()

"""Print how our schemas differ from the real service's, and the coverage of its root fields.

    python scripts/fidelity.py                 # counts and coverage
    python scripts/fidelity.py --diff          # every unexcused difference
    python scripts/fidelity.py --diff Card     # only lines starting with `Card`
    python scripts/fidelity.py --missing       # the real root fields we do not implement
    python scripts/fidelity.py --lacking       # per type: what the real type has and ours lacks
    python scripts/fidelity.py --write-docs    # rewrite the generated part of docs/fidelity.md
    python scripts/fidelity.py --check-docs    # exit 1 if that part is out of date

The reference files are read from `../shared/reference/` (or `--reference DIR`), but the
unauthenticated API's, which this repository keeps (`tests/reference/unauthenticated-api.json`,
written by `scripts/reference_from_sdl.py` from the real SDL).
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from simulator.fidelity import (
    SIMULATOR_ONLY_FILE,
    SimulatorOnly,
    compare,
    coverage,
    field_coverage,
    lacking,
    load_reference,
    schema_shapes,
)
from simulator.server.app import partner_schema, testing_schema, unauthenticated_schema

ROOT = Path(__file__).resolve().parents[1]
#: `../shared/reference` beside the clone (or beside a parent folder, for a git worktree).
REFERENCE = next(
    (d / "shared" / "reference" for d in ROOT.parents if (d / "shared" / "reference").is_dir()),
    ROOT.parent / "shared" / "reference",
)
DOCS = ROOT / "docs" / "fidelity.md"
APIS = {
    "partner": "partner-api.json",
    "testing": "partner-admin-api.json",
    "unauthenticated": "unauthenticated-api.json",
}
#: References kept in this repository (the others are read from `--reference`).
OWN_REFERENCES = {"unauthenticated": ROOT / "tests" / "reference"}
TITLES = {
    "partner": "Partner API",
    "testing": "Testing API",
    "unauthenticated": "Unauthenticated API",
}
BEGIN, END = "<!-- fidelity:begin -->", "<!-- fidelity:end -->"

#: A root field's family: the first rule whose pattern it matches (case-insensitive).
FAMILIES = [
    ("Webhooks", r"webhook"),
    ("Onboarding", r"onboard|supportingDocument|legalForms|companyInfo|identification|renewal"),
    ("Consents", r"consent"),
    ("Cards", r"card|provisioning"),
    ("Memberships and users", r"membership|^users?$|user|promote|endorse"),
    ("Merchants", r"merchant|terminal|inPersonPayment"),
    ("Capital deposits", r"capitalDeposit|shareholder"),
    (
        "Payments, transactions and beneficiaries",
        r"transfer|transaction|payment|standingOrder|refund|funding|mandate|beneficiar|iban"
        r"|directDebit|check|recall|sdd",
    ),
    (
        "Accounts and account holders",
        r"account|statement|projectInfo|invoice|fee|reservedBalance|credit|repay|loan|billing",
    ),
    ("Exports and other", r""),
]


def family(root_field: str) -> str:
    return next(name for name, rule in FAMILIES if re.search(rule, root_field, re.IGNORECASE))


def compared(reference: Path) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    schemas = {
        "partner": partner_schema(),
        "testing": testing_schema(),
        "unauthenticated": unauthenticated_schema(),
    }
    return {
        api: (
            schema_shapes(schemas[api]),
            load_reference(OWN_REFERENCES.get(api, reference) / file),
        )
        for api, file in APIS.items()
    }


def docs_section(reference: Path) -> str:
    """The generated part of docs/fidelity.md: coverage by family, the simulator-only list."""
    lines = [
        "| Family | " + " | ".join(TITLES[api] for api in APIS) + " |",
        "|---" * (len(APIS) + 1) + "|",
    ]
    by_family: dict[str, dict[str, list[int]]] = {}
    totals: dict[str, list[int]] = {}
    for api, (ours, theirs) in compared(reference).items():
        implemented = set(coverage(ours, theirs).implemented)
        for root in ("Query", "Mutation"):
            for name in theirs[root]["fields"]:
                counts = by_family.setdefault(family(name), {}).setdefault(api, [0, 0])
                total = totals.setdefault(api, [0, 0])
                done = int(f"{root}.{name}" in implemented)
                counts[0] += done
                counts[1] += 1
                total[0] += done
                total[1] += 1
    for name, _ in FAMILIES:
        cells = ["{} of {}".format(*by_family.get(name, {}).get(api, [0, 0])) for api in APIS]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    cells = ["**{} of {}**".format(*totals[api]) for api in APIS]
    lines.append("| **All** | " + " | ".join(cells) + " |")
    header = " | ".join(TITLES[api] for api in APIS)
    lines += ["", f"| Object types (roots aside) | {header} |", "|---" * (len(APIS) + 1) + "|"]
    shapes = compared(reference)
    fields = [field_coverage(*shapes[api]) for api in APIS]
    cells = [f"{c.present} of {c.total}" for c in fields]
    lines.append("| Fields present of the real types' fields | " + " | ".join(cells) + " |")
    gaps = [lacking(*shapes[api]) for api in APIS]
    cells = [f"{sum(map(len, g.values()))} in {len(g)} types" for g in gaps]
    lines.append("| Still lacking (fields, values, members) | " + " | ".join(cells) + " |")
    table = tomllib.loads(SIMULATOR_ONLY_FILE.read_text(encoding="utf-8"))
    for api in ("partner", "testing"):
        lines += ["", f"Simulator-only in the {TITLES[api]}:", "", "| Name | Why |", "|---|---|"]
        lines += [f"| `{key}` | {why} |" for key, why in table.get(api, {}).items()]
    return "\n".join([BEGIN, *lines, END])


def write_docs(reference: Path, check: bool) -> int:
    text = DOCS.read_text(encoding="utf-8")
    start, stop = text.index(BEGIN), text.index(END) + len(END)
    updated = text[:start] + docs_section(reference) + text[stop:]
    if check:
        if updated != text:
            print(f"{DOCS} is out of date: run python scripts/fidelity.py --write-docs")
            return 1
        return 0
    DOCS.write_text(updated, encoding="utf-8")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--diff", nargs="?", const="", default=None, metavar="PREFIX")
    parser.add_argument("--missing", action="store_true")
    parser.add_argument("--lacking", nargs="?", const="", default=None, metavar="PREFIX")
    parser.add_argument("--api", choices=sorted(APIS), action="append")
    parser.add_argument("--write-docs", action="store_true")
    parser.add_argument("--check-docs", action="store_true")
    args = parser.parse_args()
    if args.write_docs or args.check_docs:
        return write_docs(args.reference, check=args.check_docs)
    shapes = compared(args.reference)
    for api in args.api or sorted(APIS):
        ours, theirs = shapes[api]
        differences = compare(ours, theirs, SimulatorOnly.load(api))
        covered = coverage(ours, theirs)
        gaps = lacking(ours, theirs)
        lacked = sum(map(len, gaps.values()))
        print(
            f"{api}: {len(differences)} differences; {covered}; {field_coverage(ours, theirs)};"
            f" {lacked} fields, values or members lacking in {len(gaps)} types"
        )
        if args.lacking is not None:
            for name, members in gaps.items():
                if name.startswith(args.lacking):
                    print(f"    {name}: {' '.join(members)}")
        if args.diff is not None:
            for line in differences:
                if line.startswith(args.diff):
                    print("   ", line)
        if args.missing:
            for root in ("Query", "Mutation"):
                for name in sorted(theirs[root]["fields"]):
                    if f"{root}.{name}" not in covered.implemented:
                        print(f"    missing {root}.{name} ({family(name)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

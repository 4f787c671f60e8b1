"""Print the `grafted.toml` entries the Testing API's grafted types call for: the partner
API's fields (or enum values) the real Testing types lack, under `[withheld]`, and the
partner types the real Testing API has not at all, for `[left_out]`.

The Testing API takes some of the partner API's fields, and the types they reach
(simulator/api/grafted.py). When a partner type gains a field, `scripts/fidelity.py --diff
--api testing` shows "no such field in the real schema" lines; this prints the `[withheld]`
table that cuts them, to the fixed point.

    python scripts/testing_grafted.py [--reference DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator import api, testing_api  # noqa: E402
from simulator.api.executable import SCHEMA_DIR  # noqa: E402
from simulator.api.grafted import Graft, reached  # noqa: E402
from simulator.fidelity import load_reference  # noqa: E402
from simulator.server.app import partner_schema  # noqa: E402

DEFAULT_REFERENCE = next(
    (d / "shared" / "reference" for d in ROOT.parents if (d / "shared" / "reference").is_dir()),
    ROOT.parent / "shared" / "reference",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = parser.parse_args()
    real = load_reference(args.reference / "partner-admin-api.json")
    own = api.build_schema([SCHEMA_DIR / "common", testing_api.SCHEMA_DIR], testing_api.bindables)
    donor = partner_schema()
    graft = testing_api.graft()
    withheld = {name: list(fields) for name, fields in graft.withheld.items()}
    while True:
        taken = reached(own, donor, Graft(graft.fields, graft.implementations, withheld))
        added = False
        for name, fields in taken.items():
            shape = real.get(name) or {}
            names = shape.get("fields") or shape.get("values")
            if not isinstance(names, dict | list):
                continue
            extra = [field for field in fields if field not in names]
            if extra:
                withheld.setdefault(name, []).extend(extra)
                added = True
        if not added:
            break
    print("[withheld]")
    for name in sorted(withheld):
        print(f"{name} = {json.dumps(sorted(set(withheld[name])))}")
    print("\n# not in the real Testing API (an implementation: [left_out]):")
    for name in sorted(taken):
        if name not in real:
            print(f"#   {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

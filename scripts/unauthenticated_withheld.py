"""Print the `withheld` entries `served.toml` lacks: the fields of the partner API's types
that the unauthenticated API reaches but the real unauthenticated API's types do not have.

The unauthenticated schema is the partner API's cut down (simulator/api/unauthenticated/).
When a partner type gains a field, or a field the unauthenticated API reaches leads to a new
type, `scripts/fidelity.py --diff --api unauthenticated` shows "no such field in the real
schema" lines; this prints what to add under `[withheld]` to cut them, to the fixed point.
Types the real API lacks altogether are listed last (they need `left_out` or `replaced`).

    python scripts/unauthenticated_withheld.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator.api.executable import build_schema  # noqa: E402
from simulator.api.partner import bindables as partner_bindables  # noqa: E402
from simulator.api.unauthenticated import SCHEMA_DIR, served  # noqa: E402
from simulator.api.unauthenticated.restricted import Cut, reachable  # noqa: E402
from simulator.fidelity import load_reference  # noqa: E402

REFERENCE = ROOT / "tests" / "reference" / "unauthenticated-api.json"


def main() -> int:
    whole = build_schema(
        [SCHEMA_DIR / "common", SCHEMA_DIR / "partner", SCHEMA_DIR / "unauthenticated"],
        partner_bindables,
    )
    real = load_reference(REFERENCE)
    table = served()
    withheld = {name: list(fields) for name, fields in table["withheld"].items()}
    renamed: dict[str, str] = table.get("renamed", {})
    while True:
        cut = Cut(
            table["roots"],
            withheld,
            renamed,
            table.get("left_out", {}).get("types", ()),
            table.get("replaced", {}),
        )
        kept = reachable(whole, cut)
        added = False
        for name, fields in kept.items():
            shape = real.get(renamed.get(name, name))
            if shape is None or "fields" not in shape or not isinstance(shape["fields"], dict):
                continue
            extra = [field for field in fields if field not in shape["fields"]]
            if extra:
                withheld.setdefault(name, []).extend(extra)
                added = True
        if not added:
            break
    for name, fields in withheld.items():
        new = [field for field in fields if field not in table["withheld"].get(name, [])]
        if new:
            every = sorted(set(table["withheld"].get(name, [])) | set(new))
            print(f"{name} = {json.dumps(every)}")
    for name in sorted(kept):
        if renamed.get(name, name) not in real:
            print(f"# not in the real unauthenticated API: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The report format: its number, which the writer stamps and the replayer checks, and what a
report's cell prints for a step (stored by the writer, printed again by the replayer)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

__all__ = ["REPORT_FORMAT", "render_step"]

#: The report format this simulator writes and replays.
REPORT_FORMAT = 1
_SHOWN_LINES = 40


def _pretty(value: Any) -> str:
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            return json.dumps(json.loads(value), indent=2, ensure_ascii=False)
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True)


def render_step(step: dict[str, Any]) -> str:
    """What a report's cell prints for a step that replayed as recorded."""
    entry = step["entry"]
    name = entry.get("operation_name") or ""
    kind = f" ({entry['operation_type']})" if entry.get("operation_type") else ""
    lines = [
        f"Step {step['number']} · {entry['virtual_time']} · {entry.get('method') or ''} "
        f"{entry['endpoint']} · {name}{kind} -> {entry.get('status')}"
    ]
    if entry.get("document"):
        lines += ["request:", *("  " + line for line in entry["document"].strip().splitlines())]
    if entry.get("variables"):
        lines.append(f"variables: {json.dumps(entry['variables'], sort_keys=True)}")
    answer = _pretty(entry.get("response") or "").splitlines()
    lines += ["response:", *("  " + line for line in answer[:_SHOWN_LINES])]
    if len(answer) > _SHOWN_LINES:
        lines.append(f"  ... ({len(answer) - _SHOWN_LINES} more lines)")
    for other in [*step.get("before", []), *step.get("consequences", [])]:
        lines.append(
            f"then {other['kind']} {other.get('operation_name') or ''} -> {other['endpoint']}: "
            f"{other.get('status')}"
        )
    lines.append("replayed as recorded")
    return "\n".join(lines) + "\n"

"""What the notebook screenshots show and what they were taken from (shared by the browser test
that takes them and the test that says when they are stale).

Each notebook has a main widget, named by the cell whose output shows it. Its screenshot,
`docs/screenshots/notebooks/<stem>.png`, is taken in a real JupyterLab after Run All
(`tests/test_browser_notebooks.py`; `python scripts/notebook_screenshots.py` runs it), and
`manifest.json` beside it records a fingerprint of what the picture depends on: the notebook's
cells and the source of the widget's module. Change either and the picture is stale.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots" / "notebooks"
MANIFEST = SHOTS / "manifest.json"

#: Notebook stem -> (the class of its main widget, the module defining it). The widget shown
#: is the first output of that class in the notebook.
MAIN_WIDGETS: dict[str, tuple[str, str]] = {
    "00-tour": ("Console", "console"),
    "01-getting-started": ("Console", "console"),
    "02-oauth-code-flow": ("OAuthWalkthrough", "oauth_walkthrough"),
    "03-oauth-tokens": ("OAuthWalkthrough", "oauth_walkthrough"),
    "04-limits": ("LimitsGauge", "limits_gauge"),
    "05a-accounts": ("Ledger", "ledger"),
    "05b-transfers": ("Console", "console"),
    "05c-rejections": ("Console", "console"),
    "06-testing-api": ("ClockPanel", "clock_panel"),
    "07a-webhooks": ("WebhookTimeline", "webhook_timeline"),
    "07b-webhook-retries": ("WebhookTimeline", "webhook_timeline"),
    "07c-webhook-replay": ("WebhookTimeline", "webhook_timeline"),
    "08-consents": ("ConsentInbox", "phone"),
    "09-bug-reports": ("ReportReplay", "journal"),
    "10-workshop": ("ExerciseChecks", "remote"),
}


def main_cell(stem: str) -> int:
    """The index (among all cells) of the cell whose output is the main widget."""
    kind, _ = MAIN_WIDGETS[stem]
    cells = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            shown = "".join(output.get("data", {}).get("text/plain", ""))
            if "application/vnd.jupyter.widget-view+json" in output.get("data", {}) and (
                shown.startswith(kind + "(")
            ):
                return index
    raise LookupError(f"{stem} shows no {kind}")


def fingerprint(stem: str) -> str:
    """A hash of the notebook's cells (its .py pair) and of its main widget's module."""
    _, module = MAIN_WIDGETS[stem]
    digest = hashlib.sha256()
    for path in (
        ROOT / "notebooks" / f"{stem}.py",
        ROOT / "simulator" / "widgets" / f"{module}.py",
    ):
        digest.update(path.read_bytes().replace(b"\r\n", b"\n"))
    return digest.hexdigest()


def recorded() -> dict[str, str]:
    if not MANIFEST.exists():
        return {}
    found: dict[str, str] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return found


def record(stem: str) -> None:
    """Note that `stem`'s screenshot was just taken from the current sources (and forget the
    notebooks that are gone: a split notebook's old name must not linger)."""
    manifest = {name: taken for name, taken in recorded().items() if name in MAIN_WIDGETS}
    manifest[stem] = fingerprint(stem)
    MANIFEST.write_text(json.dumps(dict(sorted(manifest.items())), indent=2) + "\n", "utf-8")

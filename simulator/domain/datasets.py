"""Seed datasets: reviewable JSON files in the repository's `datasets/` folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..exceptions import ConfigurationError
from .accounts import create_account_holder
from .context import Environment

__all__ = ["DATASETS_DIR", "dataset_path", "load_dataset"]

DATASETS_DIR = Path(__file__).resolve().parents[2] / "datasets"


def dataset_path(name_or_path: str) -> Path:
    """A dataset by name (`default`, `workshop`) or by path to a JSON file."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".json" and candidate.exists():
        return candidate
    path = DATASETS_DIR / f"{name_or_path}.json"
    if not path.exists():
        available = sorted(p.stem for p in DATASETS_DIR.glob("*.json"))
        raise ConfigurationError(
            f"No dataset {name_or_path!r}: use one of {', '.join(available)} or a JSON file path."
        )
    return path


def load_dataset(env: Environment, project_id: str, name_or_path: str) -> dict[str, Any]:
    """Create a dataset's holders and accounts in a project, in one transaction."""
    data = json.loads(dataset_path(name_or_path).read_text(encoding="utf-8"))
    created = []
    with env.store.atomic():
        for holder in data.get("account_holders", []):
            created.append(
                create_account_holder(
                    env,
                    project_id,
                    holder_type=holder.get("type", "Individual"),
                    first_name=holder.get("first_name"),
                    last_name=holder.get("last_name"),
                    company_name=holder.get("company_name"),
                    account_name=holder.get("account_name"),
                    legal_representative_phone=holder.get("legal_representative_phone"),
                )
            )
    return {"dataset": data.get("name"), "account_holders": len(created)}

"""Dataset onboardings load through the create code, once."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator import ProjectCredentials, Simulator
from simulator.domain.onboarding.onboarding import onboarding_status
from simulator.domain.sandbox.datasets import load_dataset
from simulator.exceptions import ConfigurationError


def test_the_default_dataset_has_two_onboardings(
    sim: Simulator, project: ProjectCredentials
) -> None:
    load_dataset(sim.sandbox, project.project_id, "default")
    again = load_dataset(sim.sandbox, project.project_id, "default")
    assert again["created"] == 0
    rows = list(sim.sandbox.store.db["onboardings"].rows_where(order_by="created_at, id"))
    assert [(row["type"], onboarding_status(row)["status"]) for row in rows] == [
        ("Individual", "Valid"),
        ("Company", "Invalid"),
    ]
    assert all(row["collection_id"] for row in rows)


def test_a_bad_onboarding_record_is_a_clear_error(
    sim: Simulator, project: ProjectCredentials, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"name": "bad", "onboardings": [{"key": "o", "type": "Robot"}]}')
    with pytest.raises(ConfigurationError, match="type must be Individual or Company"):
        load_dataset(sim.sandbox, project.project_id, str(path))

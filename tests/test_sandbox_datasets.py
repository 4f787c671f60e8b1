"""Seed datasets: loading, loading twice, money that adds up, the generator, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from simulator import Simulator
from simulator.cli import main
from simulator.cli.core import ensure_demo_project
from simulator.domain.accounts.ledger import read_balances, recompute_balances
from simulator.domain.sandbox.datasets import load_dataset, read_dataset
from simulator.exceptions import ConfigurationError

from .banking_support import REDIRECT, Bank

ROOT = Path(__file__).resolve().parents[1]


def assert_money_adds_up(sim: Simulator) -> None:
    db = sim.sandbox.store.db
    for (account_id,) in db.execute("SELECT id FROM accounts").fetchall():
        assert read_balances(db, account_id) == recompute_balances(db, account_id)
        last = db.execute(
            "SELECT balance_after FROM transactions WHERE account_id = ? AND status = 'Booked' "
            "ORDER BY booking_number DESC LIMIT 1",
            [account_id],
        ).fetchone()
        if last:
            assert f"{read_balances(db, account_id).booked:.2f}" == last[0]


def test_default_dataset_loads_once(bank: Bank) -> None:
    first = load_dataset(bank.env, bank.project_id, "default")
    assert first["dataset"] == "default" and first["skipped"] == 0
    second = load_dataset(bank.env, bank.project_id, "default")
    assert (second["created"], second["skipped"]) == (0, first["created"])
    data = bank.api.query(
        """{ accountHolders { edges { node { info { name } } } }
             cards { totalCount }
             transactions(filters: {status: [Pending]}) { totalCount } }"""
    )
    assert [edge["node"]["info"]["name"] for edge in data["accountHolders"]["edges"]] == [
        "Ada Lovelace",
        "Alan Turing",
        "Analytical Engines SAS",
    ]
    assert data["cards"]["totalCount"] == 3
    # Three card payments, and both legs of an internal direct debit the debtor owes.
    assert data["transactions"]["totalCount"] == 5
    assert_money_adds_up(bank.sim)


def test_workshop_dataset_makes_pagination_meaningful(bank: Bank) -> None:
    loaded = load_dataset(bank.env, bank.project_id, "workshop")
    assert loaded["created"] > 3000
    data = bank.api.query(
        """{ accountHolders(filters: {verificationStatus: [Verified]}) { totalCount }
             accounts { totalCount }
             autumn: transactions(filters: {isAfterExecutionDate: "2025-10-01T00:00:00Z",
                                             isBeforeExecutionDate: "2025-11-01T00:00:00Z"}) {
               totalCount }
             cards: transactions(first: 100, filters: {type: [CardOutDebit]}) {
               totalCount pageInfo { hasNextPage } }
             declined: transactions(filters: {status: [Rejected]}) { totalCount } }"""
    )
    assert data["accounts"]["totalCount"] == 25
    assert data["accountHolders"]["totalCount"] == 16
    assert 500 < data["autumn"]["totalCount"] < 1000
    assert data["cards"]["pageInfo"]["hasNextPage"] is True
    assert data["declined"]["totalCount"] == 20
    assert_money_adds_up(bank.sim)
    db = bank.env.store.db
    for (account_id,) in db.execute("SELECT id FROM accounts").fetchall():
        assert read_balances(db, account_id).available >= 0


def test_the_same_dataset_in_two_projects(bank: Bank, sim: Simulator) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT])
    load_dataset(sim.sandbox, bank.project_id, "default")
    second = load_dataset(sim.sandbox, other.project_id, "default")
    assert second["skipped"] == 0
    assert sim.sandbox.store.db["accounts"].count == 6
    assert sim.sandbox.store.db["users"].count == 3  # users are shared by phone number


def test_a_broken_dataset_writes_nothing(bank: Bank, tmp_path: Path) -> None:
    data = read_dataset("default")
    data["transactions"][-1]["account"] = "account:nobody"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigurationError, match="account:nobody"):
        load_dataset(bank.env, bank.project_id, str(path))
    assert bank.env.store.db["accounts"].count == 0
    assert bank.env.store.db["dataset_records"].count == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"amount": "-1.00"}, "positive"),
        ({"amount": "1.001"}, "two decimals"),
        ({"counterparty_iban": "FR7630006000011234567890188"}, "invalid counterparty IBAN"),
        ({"status": "Released"}, "cannot be loaded"),
        ({"execution_date": "soon"}, "ISO 8601"),
    ],
)
def test_bad_records_are_named(
    bank: Bank, tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    data = read_dataset("default")
    transaction = next(t for t in data["transactions"] if t["type"] == "SepaCreditTransferIn")
    transaction.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigurationError, match=message):
        load_dataset(bank.env, bank.project_id, str(path))


def test_unknown_dataset(bank: Bank) -> None:
    with pytest.raises(ConfigurationError, match="default, workshop"):
        load_dataset(bank.env, bank.project_id, "nope")
    with pytest.raises(ConfigurationError, match="No dataset"):
        load_dataset(bank.env, bank.project_id, "x" * 300 + ".json")


def test_generator_output_is_committed() -> None:
    result = subprocess.run(
        [sys.executable, "scripts/generate_datasets.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def test_cli_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data_dir = str(tmp_path / "data")
    assert main(["seed", "--dataset", "default", "--data-dir", data_dir]) == 2
    assert "No project yet" in capsys.readouterr().err
    main(["project", "create", "--name", "P", "--redirect-uri", REDIRECT, "--data-dir", data_dir])
    project_id = json.loads(capsys.readouterr().out)["project_id"]
    assert main(["seed", "--env", "sandbox", "--dataset", "default", "--data-dir", data_dir]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["project_id"] == project_id and first["created"] > 0
    main(["seed", "--dataset", "default", "--project-id", project_id, "--data-dir", data_dir])
    assert json.loads(capsys.readouterr().out)["created"] == 0
    main(["project", "create", "--name", "Q", "--redirect-uri", REDIRECT, "--data-dir", data_dir])
    capsys.readouterr()
    assert main(["seed", "--dataset", "default", "--data-dir", data_dir]) == 2
    assert "--project-id" in capsys.readouterr().err
    assert main(["seed", "--project-id", "nope", "--data-dir", data_dir]) == 2


def test_demo_project_gets_the_default_dataset(sim: Simulator) -> None:
    demo = ensure_demo_project(sim)
    assert demo is not None
    assert sim.sandbox.store.db["accounts"].count == 3
    assert sim.sandbox.store.db["transactions"].count > 30

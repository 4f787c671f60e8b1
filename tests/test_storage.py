import sqlite3
from pathlib import Path

import pytest

from simulator import Simulator
from simulator.environments import EnvironmentName
from simulator.storage import Store


def test_each_environment_has_its_own_wal_file(sim: Simulator) -> None:
    for name in EnvironmentName:
        store = sim.environment(name).store
        assert store.path == sim.data_dir / f"{name.value}.sqlite"
        assert store.db.journal_mode == "wal"
        assert store.schema_version == len(store.applied_migrations()) > 0


def test_migrations_are_recorded_and_applied_once(tmp_path) -> None:
    first = Store.open(tmp_path, EnvironmentName.SANDBOX)
    applied = first.applied_migrations()
    first.close()
    again = Store.open(tmp_path, EnvironmentName.SANDBOX)
    assert again.applied_migrations() == applied
    assert "core:m001_initial" in applied
    version = sqlite3.connect(tmp_path / "sandbox.sqlite").execute("PRAGMA user_version").fetchone()
    assert version[0] == len(applied)


def test_projects_live_only_in_their_environment_file(sim: Simulator) -> None:
    sandbox_project = sim.create_project("sandbox", "S", ["http://localhost/cb"])
    live_project = sim.create_project("live", "L", ["http://localhost/cb"])
    sandbox_rows = list(sqlite3.connect(sim.sandbox.store.path).execute("SELECT id FROM projects"))
    live_rows = list(sqlite3.connect(sim.live.store.path).execute("SELECT id FROM projects"))
    assert sandbox_rows == [(sandbox_project.project_id,)]
    assert live_rows == [(live_project.project_id,)]


def test_reset_empties_one_environment_only(tmp_path: Path) -> None:
    with Simulator(tmp_path) as sim:  # a data dir of its own: a random id secret
        first = sim.create_project("sandbox", "S", ["http://localhost/cb"])
        sim.create_project("live", "L", ["http://localhost/cb"])
        sim.reset("sandbox")
        assert sim.sandbox.store.db["projects"].count == 0
        assert sim.live.store.db["projects"].count == 1
        # Ids start over and the id secret stays, so a reset sandbox replays a notebook
        # identically.
        again = sim.create_project("sandbox", "S", ["http://localhost/cb"])
        assert again.project_id == first.project_id


def test_a_failed_write_changes_nothing(sim: Simulator) -> None:
    store = sim.sandbox.store
    before = store.db["id_sequences"].count
    try:
        with store.atomic() as db:
            db["id_sequences"].insert({"kind": "x", "value": 1})
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert store.db["id_sequences"].count == before


def test_a_write_transaction_takes_the_write_lock_before_reading(tmp_path) -> None:
    """Another process writing between a transaction's read and its write must wait for it,
    not make it fail with "database is locked" (a 500 seen with the CLI and a server on one
    data dir)."""
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    other = sqlite3.connect(store.path, timeout=0, isolation_level=None)  # gives up at once
    try:
        with store.atomic() as db:
            db.execute("SELECT COUNT(*) FROM id_sequences").fetchall()  # a read first
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("INSERT INTO id_sequences (kind, value) VALUES ('other', 1)")
            with store.atomic():  # nested blocks are savepoints of the same transaction
                db["id_sequences"].insert({"kind": "mine", "value": 1})
        assert [row["kind"] for row in store.db["id_sequences"].rows] == ["mine"]
    finally:
        other.close()
        store.close()


def test_applied_migration_names_never_change(tmp_path) -> None:
    # Existing data dirs record these names; renaming one would apply it a second time.
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    assert store.applied_migrations() == [
        "core:m001_initial",
        "core:m002_user_owner",
        "core:m003_id_secret",
        "events:m001_events",
        "oauth:m001_user_flows",
        "oauth:m002_keyed_login_code_hashes",
        "oauth:m003_text_message_project",
        "webhooks:m001_webhooks",
        "webhooks:m002_subscription_status_changed_at",
        "banking:m001_banking",
        "banking:m002_closing_reason",
        "banking:m003_transactions_by_project_and_account",
        "limits:m001_project_rate_limits",
        "dashboard:m001_dashboard",
        "accounts:m001_accounts_fidelity",
        "accounts:m002_verification_requirements",
        "onboarding:m001_onboarding",
        "onboarding:m002_onboarding_settings",
        "onboarding:m003_requested_purposes",
        "onboarding:m004_transaction_collections",
        "onboarding:m005_verification_renewals",
        "onboarding:m006_account_admin_changes",
        "onboarding:m007_validation_version",
        "journal:m001_journal",
        "memberships:m001_memberships_users_consents",
        "memberships:m002_sandbox_users",
        "memberships:m003_server_consent_keys",
        "memberships:m004_sandbox_identifications",
        "memberships:m005_external_identifications",
        "memberships:m006_membership_details",
        "cards:m001_physical_cards",
        "cards:m002_digital_cards",
        "cards:m003_card_contracts",
        "payments:m001_payments",
        "payments:m002_transfer_details",
        "direct_debits:m001_received_direct_debit_mandates",
        "direct_debits:m002_creditor_address",
        "billing:m001_billing",
        "merchants:m001_merchants",
        "funding:m001_funding",
        "merchant_payments:m001_merchant_payments",
        "merchant_payments:m002_merchant_payment_kinds",
        "capital_deposits:m001_capital_deposits",
        "exports:m001_exports",
        "merchant_payment_links:m001_merchant_payment_links",
        "merchant_payment_links:m002_card_mandates",
        "international:m001_international_transfers",
        "checks:m001_check_transactions",
        "internal_direct_debits:m001_internal_direct_debits",
        "credit_limits:m001_credit_limits",
        "account_data:m001_account_data",
    ]
    store.close()


def test_tables_as_data_examples() -> None:
    import doctest

    import simulator.storage.tables._schema as schema

    result = doctest.testmod(schema)
    assert result.failed == 0 and result.attempted > 0


def test_new_files_are_copies_of_an_image_holding_no_rows(tmp_path: Path) -> None:
    """New stores copy one migrated image per process, so a migration must never insert a
    per-file secret (a key is made on first use): the image holds only its bookkeeping."""
    from simulator.storage._store import _migrated_image

    image = sqlite3.connect(":memory:")
    image.deserialize(_migrated_image())
    tables = [row[0] for row in image.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    filled = {
        name: image.execute(f"SELECT count(*) FROM [{name}]").fetchone()[0]
        for name in tables
        if name not in {"_sqlite_migrations", "sqlite_sequence"}
    }
    assert {name: count for name, count in filled.items() if count} == {}
    a = Store.open(tmp_path / "a", EnvironmentName.SANDBOX)
    b = Store.open(tmp_path / "b", EnvironmentName.SANDBOX)
    assert a.applied_migrations() == b.applied_migrations() != []
    a.close()
    b.close()


def test_the_data_version_moves_with_state_writes_not_with_bookkeeping(tmp_path: Path) -> None:
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    try:
        first = store.data_version()
        assert store.data_version() == first  # nothing committed: the same number
        with store.bookkeeping() as db:  # the journal's kind of write
            db.execute("INSERT INTO id_sequences (kind, value) VALUES ('journal-ish', 1)")
        assert store.data_version() == first
        with store.atomic() as db:  # a change to the state
            db.execute("INSERT INTO id_sequences (kind, value) VALUES ('state', 1)")
        assert store.data_version() != first
        other = sqlite3.connect(store.path)  # another process's commit counts too
        other.execute("UPDATE id_sequences SET value = 2 WHERE kind = 'state'")
        other.commit()
        other.close()
        second = store.data_version()
        assert second != first and store.data_version() == second
    finally:
        store.close()

"""Fixtures of the workshop tests (loaded by tests/conftest.py as a plugin): a room of three
learners, made once a module, and a fresh copy of it for each test; a transfer's document."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from simulator.workshop import Workshop

#: A learner's transfer of 1 EUR from `$account`, waiting for its consent (id and link).
TRANSFER = """mutation($account: ID!) { initiateCreditTransfers(input: {
    accountId: $account, consentRedirectUrl: "http://localhost:3000/callback",
    creditTransfers: [{ amount: { value: "1.00", currency: "EUR" }, reference: "R",
                        sepaBeneficiary: { name: "Carol", iban: "FR7630006000011234567890189" } }]
  }) { ... on InitiateCreditTransfersSuccessPayload {
         payment { statusInfo { ... on PaymentConsentPending { consent { id consentUrl } } } } } } }"""


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workshop of three learners, made once (the dataset load is the slow part)."""
    path = tmp_path_factory.mktemp("room") / "room"
    with Workshop(path) as room:
        room.create(["ada", "grace", "linus"], dataset="default")
    return path


@pytest.fixture
def room(pristine: Path, tmp_path: Path) -> Iterator[Workshop]:
    path = tmp_path / "room"
    shutil.copytree(pristine, path)
    with Workshop(path) as workshop:
        yield workshop

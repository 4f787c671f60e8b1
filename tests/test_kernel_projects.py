import hashlib
import json

import pytest

from simulator import ConfigurationError, InvalidClient, Simulator
from simulator.domain.kernel.projects import authenticate_client


def test_credentials_are_prefixed_by_environment(sim: Simulator) -> None:
    sandbox = sim.create_project("sandbox", "App", ["https://example.com/cb"])
    live = sim.create_project("live", "App", ["https://example.com/cb"])
    assert sandbox.client_id.startswith("SANDBOX_")
    assert live.client_id.startswith("LIVE_")
    assert sandbox.redirect_uris == ["https://example.com/cb"]


def test_the_secret_is_random_and_stored_only_as_a_hash(sim: Simulator) -> None:
    first = sim.create_project("sandbox", "A", ["https://example.com/cb"])
    second = sim.create_project("sandbox", "B", ["https://example.com/cb"])
    assert first.client_secret != second.client_secret
    assert len(first.client_secret) >= 43  # 32 random bytes, base64url: 256 bits
    stored = json.dumps(list(sim.sandbox.store.db["projects"].rows))
    assert first.client_secret not in stored
    assert hashlib.sha256(first.client_secret.encode()).hexdigest() in stored


def test_authenticate_client(sim: Simulator) -> None:
    creds = sim.create_project("sandbox", "A", ["https://example.com/cb"])
    assert authenticate_client(sim.sandbox, creds.client_id, creds.client_secret)["id"] == (
        creds.project_id
    )
    with pytest.raises(InvalidClient):
        authenticate_client(sim.sandbox, creds.client_id, "wrong")
    with pytest.raises(InvalidClient):
        authenticate_client(sim.live, creds.client_id, creds.client_secret)


@pytest.mark.parametrize(
    ("name", "uris"),
    [("", ["https://example.com/cb"]), ("A", []), ("A", ["ftp://x/cb"]), ("A", ["https://x/cb#f"])],
)
def test_invalid_projects_are_refused(sim: Simulator, name: str, uris: list[str]) -> None:
    with pytest.raises(ConfigurationError):
        sim.create_project("sandbox", name, uris)
    assert sim.sandbox.store.db["projects"].count == 0


def test_unknown_environment(sim: Simulator) -> None:
    with pytest.raises(ConfigurationError, match="sandbox"):
        sim.create_project("staging", "A", ["https://example.com/cb"])

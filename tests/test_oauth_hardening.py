"""Hardening of the OAuth server: malformed input is a clear 4xx (never a 500), redirect URLs
are parsed strictly, the data dir is owner-only and secrets are stored hashed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.cli.core import ensure_demo_project
from simulator.environments import EnvironmentName
from simulator.exceptions import ConfigurationError
from simulator.oauth import sms
from simulator.oauth.sessions import COOKIE_NAME
from simulator.storage import Store

from .oauth_pages import PHONE, REDIRECT_URI, Pages, exchange, query_of

BAD_REDIRECT_URIS = [
    "http://localhost:99999/cb",  # port out of range
    "http://localhost:0/cb",
    "http://localhost:8x/cb",
    "http://localhost:+80/cb",
    "http://[zz]/cb",  # a bracketed host that is no IP address
    "http://[::1/cb",
    "http://a..b/cb",  # an empty label
    "http://local host/cb",
    "http://host/c\nb",
    "http://host\\cb",
    "http://host/cb#",
    "http://host/cb#frag",
    "ftp://host/cb",
    "/relative",
    "http://" + "a" * 2048,
]


@pytest.mark.parametrize("uri", BAD_REDIRECT_URIS)
def test_registration_refuses_a_malformed_redirect_url(sim: Simulator, uri: str) -> None:
    with pytest.raises(ConfigurationError, match="Invalid redirect URL"):
        sim.create_project("sandbox", "Bad", [uri])
    assert sim.sandbox.store.db["projects"].count == 0


@pytest.mark.parametrize(
    "uri",
    ["http://localhost:3000/cb", "https://[::1]:8443/cb?x=1", "http://partner_app/cb",
     "https://bücher.example/cb", "http://127.0.0.1:65535/cb", "http://h:/cb"],
)  # fmt: skip
def test_registration_keeps_accepting_valid_redirect_urls(sim: Simulator, uri: str) -> None:
    assert sim.create_project("sandbox", "Good", [uri]).redirect_uris == [uri]


def test_a_malformed_url_left_in_an_old_data_dir_is_an_error_page(
    sim: Simulator, project: ProjectCredentials, http: httpx.Client
) -> None:
    """Registered before registration parsed strictly: an error page, never a 500 or a
    redirect there."""
    sim.sandbox.store.db["projects"].update(
        project.project_id, {"redirect_uris": json.dumps(["http://localhost:99999/cb"])}
    )
    query = urlencode(
        {"client_id": project.client_id, "response_type": "code", "scope": "openid", "state": "s"}
    )
    response = http.get(f"/oauth2/auth?{query}", follow_redirects=False)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("text/html")
    assert "redirect URL registered for this project is malformed" in response.text


def test_non_ascii_basic_credentials_are_a_401(
    project: ProjectCredentials, http: httpx.Client
) -> None:
    for value in ["Basic \xe9t\xe9".encode("latin-1"), b"Basic \xff\xfe", b"basic ==="]:
        response = http.post(
            "/oauth2/token",
            content="grant_type=client_credentials",
            headers={"Content-Type": "application/x-www-form-urlencoded", "Authorization": value},
        )
        assert response.status_code == 401, response.text
        assert response.json() == {
            "error": "invalid_client",
            "error_description": "Malformed HTTP Basic credentials.",
        }


def test_a_non_ascii_csrf_token_is_a_403_page(
    sim: Simulator, project: ProjectCredentials, http: httpx.Client
) -> None:
    pages = Pages(http, sim.sandbox)
    assert pages.start(project.client_id).status_code == 200
    pages.csrf = "\xe9\u20ac\U0001f600"
    response = pages.post("/oauth2/login/phone", phone_number=PHONE)
    assert response.status_code == 403
    assert "csrf_token_mismatch" in response.text


def test_a_malformed_multipart_form_is_a_400_page(
    sim: Simulator, project: ProjectCredentials, http: httpx.Client
) -> None:
    Pages(http, sim.sandbox).start(project.client_id)
    response = http.post(
        "/oauth2/login/phone",
        content=b"--x\r\nContent-Type: text/plain\r\n\r\nv\r\n--x--\r\n",
        headers={"Content-Type": "multipart/form-data; boundary=x"},
    )
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("text/html")
    assert "malformed_form" in response.text


# -- secrets at rest -----------------------------------------------------------------------


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """No umask at all: every private mode must come from the code itself."""
    previous = os.umask(0)
    try:
        yield
    finally:
        os.umask(previous)


def modes(data_dir: Path) -> dict[str, int]:
    found = {".": stat.S_IMODE(data_dir.stat().st_mode)}
    for path in data_dir.rglob("*"):
        found[str(path.relative_to(data_dir))] = stat.S_IMODE(path.stat().st_mode)
    return found


def full_flow(sim: Simulator, http: httpx.Client) -> dict[str, str]:
    """A project, a sign-in by text message, a code exchanged: every kind of secret."""
    creds = sim.create_project("sandbox", "Secrets", [REDIRECT_URI])
    pages = Pages(http, sim.sandbox)
    pages.start(creds.client_id)
    cookie = http.cookies[COOKIE_NAME]
    login_code = ""
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    login_code = pages.latest_code()
    pages.post("/oauth2/login/code", code=login_code)
    pages.post("/oauth2/login/register", first_name="Ada", last_name="Lovelace",
               birth_date="1990-04-21")  # fmt: skip
    location = pages.consent().headers["location"]
    code = query_of(location)["code"]
    tokens = exchange(http, code, creds.client_id, creds.client_secret).json()
    return {
        "client_secret": creds.client_secret,
        "session_cookie": cookie,
        "authorization_code": code,
        "access_token": tokens["access_token"],
        "refresh_token": tokens["refresh_token"],
        "login_code": login_code,
    }


def test_the_data_dir_is_owner_only_whatever_the_umask(tmp_path: Path, loose_umask: None) -> None:
    data_dir = tmp_path / "data"
    with Simulator(data_dir) as sim, sim.client() as http:
        ensure_demo_project(sim)  # demo-credentials.json
        full_flow(sim, http)  # WAL files, limits.sqlite (the edge's rate limit), clock.json
        found = modes(data_dir)
    assert {"demo-credentials.json", "clock.json", "sandbox.sqlite", "sandbox.sqlite-wal",
            "limits.sqlite"} <= set(found)  # fmt: skip
    assert found.pop(".") == 0o700
    assert found == dict.fromkeys(found, 0o600)


def test_an_old_readable_data_dir_is_tightened_on_open(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with Simulator(data_dir):
        pass
    os.chmod(data_dir, 0o755)
    for path in data_dir.iterdir():
        os.chmod(path, 0o644)
    with Simulator(data_dir):
        found = modes(data_dir)
    assert found.pop(".") == 0o700
    assert all(mode == 0o600 for name, mode in found.items() if ".sqlite" in name), found


def test_no_secret_is_stored_in_clear(tmp_path: Path) -> None:
    """The bytes of every file in the data dir: no token, code, cookie or client secret
    (the login code only in the outbox's message text, as the phone shows it)."""
    data_dir = tmp_path / "data"
    with Simulator(data_dir) as sim, sim.client(follow_redirects=False) as http:
        secrets = full_flow(sim, http)
        db = sim.sandbox.store.db
        # Where a login code could sit (six digits could match by chance in a hex hash).
        code_tables = [json.dumps(list(db[name].rows)) for name in ("sms_codes", "web_sessions")]
        code_row = next(iter(db["sms_codes"].rows))
        key = bytes.fromhex(db["hash_keys"].get("login_codes")["secret"])
        sim.sandbox.store.close()
        raw = b"".join(path.read_bytes() for path in data_dir.iterdir() if path.is_file())
    login_code = secrets.pop("login_code")
    for name, value in secrets.items():
        assert value.encode() not in raw, name
    assert not any(login_code in text for text in code_tables)
    message = f"{code_row['session_id']}:{login_code}".encode()
    plain = hashlib.sha256(message).hexdigest()
    assert code_row["code_hash"] == hmac.new(key, message, hashlib.sha256).hexdigest() != plain


def test_the_migration_invalidates_codes_hashed_the_old_way(tmp_path: Path) -> None:
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    db = store.db
    db.execute("PRAGMA foreign_keys = OFF")
    db["sms_codes"].insert(
        {"id": "c1", "session_id": "s1", "phone_number": PHONE, "sent_at": "2026-01-01",
         "expires_at": "2099-01-01", "code_hash": hashlib.sha256(b"s1:987650").hexdigest()}
    )  # fmt: skip
    # Back to the state before m002: its table gone, its record forgotten.
    db["hash_keys"].drop()
    db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm002_keyed_login_code_hashes'")
    db.conn.commit()
    store.close()

    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    row = store.db["sms_codes"].get("c1")
    assert row["superseded_at"] == row["sent_at"]
    assert "987650" not in json.dumps(row) and row["code_hash"].startswith("invalidated")
    with store.atomic() as db:
        assert len(sms._key(db)) == 32  # made on first use, 32 random bytes
    assert "oauth:m002_keyed_login_code_hashes" in store.applied_migrations()
    store.close()


def test_reset_keeps_the_hash_key(sim: Simulator) -> None:
    with sim.sandbox.store.atomic() as db:
        sms._key(db)  # made on first use
    key = sim.sandbox.store.db["hash_keys"].get("login_codes")["secret"]
    sim.sandbox.store.reset()
    assert sim.sandbox.store.db["hash_keys"].get("login_codes")["secret"] == key


def test_basic_credentials_still_work(project: ProjectCredentials, http: httpx.Client) -> None:
    basic = base64.b64encode(f"{project.client_id}:{project.client_secret}".encode()).decode()
    response = http.post(
        "/oauth2/token",
        data={"grant_type": "client_credentials"},
        headers={"Authorization": f"Basic {basic}"},
    )
    assert response.status_code == 200, response.text

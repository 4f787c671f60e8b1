"""Projects and their API credentials.

A project is what a partner creates in the dashboard: a name, redirect URLs, a
`client_id` prefixed by its environment (`SANDBOX_...`, `LIVE_...`) and a `client_secret`
shown once. Only a SHA-256 hash of the secret is stored: the secret is 256 random bits,
so a slow password hash would add nothing but latency to every token request.

```python
credentials = create_project(env, "My app", ["https://example.com/callback"])
credentials.client_secret        # shown once, never stored
authenticate_client(env, credentials.client_id, credentials.client_secret)  # -> project row
```
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import re
import secrets
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlsplit

from ...exceptions import ConfigurationError, InvalidClient, NotFound
from ...storage import insert_row, rows_where
from ...storage.rows import ProjectRow
from .context import Environment

__all__ = [
    "ProjectCredentials",
    "authenticate_client",
    "create_project",
    "get_project",
    "list_projects",
    "redirect_uri_problem",
    "validate_redirect_uri",
]


@dataclass(frozen=True)
class ProjectCredentials:
    """What project creation returns: the only time the secret is visible."""

    project_id: str
    client_id: str
    client_secret: str
    redirect_uris: list[str]
    environment: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


#: Characters no redirect URL may hold: controls, spaces and backslashes (RFC 3986 has none).
_NOT_IN_URI = re.compile(r"[\x00-\x20\x7f\\]")
_PORT = re.compile(r"[0-9]{1,5}")
MAX_REDIRECT_URI_LENGTH = 2048


def validate_redirect_uri(uri: str) -> str:
    """An absolute http(s) URL with a valid host and port and no fragment (RFC 6749 section
    3.1.2), parsed strictly: a URL accepted here is one every later step (the authorization
    request, the pages' CSP, the redirects) can parse."""
    problem = redirect_uri_problem(uri)
    if problem is not None:
        raise ConfigurationError(f"Invalid redirect URL {uri!r}: {problem}")
    return uri


def redirect_uri_problem(uri: object) -> str | None:
    """Why `uri` is not a usable redirect URL, or None."""
    usage = "use an absolute http(s) URL without a fragment."
    if not isinstance(uri, str) or not uri:
        return usage
    if len(uri) > MAX_REDIRECT_URI_LENGTH:
        return f"it is longer than {MAX_REDIRECT_URI_LENGTH} characters."
    if _NOT_IN_URI.search(uri):
        return "it holds a space, a control character or a backslash."
    try:
        parts = urlsplit(uri)  # ValueError for a bracketed host that is no IP address
    except ValueError:
        return "its host is not a valid host name or IP address."
    try:
        port = parts.port  # ValueError for a port that is not a number in 0-65535
    except ValueError:
        return "its port must be a number from 1 to 65535."
    if parts.scheme not in ("http", "https") or not parts.hostname or "#" in uri:
        return usage
    host_and_port = parts.netloc.rpartition("@")[2]
    port_text = (
        host_and_port.rpartition("]")[2] if host_and_port.startswith("[") else (host_and_port)
    )
    port_text = port_text.partition(":")[2]
    if (port_text and not _PORT.fullmatch(port_text)) or port == 0:
        return "its port must be a number from 1 to 65535."
    return _host_problem(parts.hostname, bracketed=host_and_port.startswith("["))


def _host_problem(host: str, *, bracketed: bool) -> str | None:
    try:
        if bracketed:
            ipaddress.IPv6Address(host)
        else:
            host.encode("idna")  # empty or over-long labels, and so on
    except (ValueError, UnicodeError):
        return "its host is not a valid host name or IP address."
    return None


def create_project(env: Environment, name: str, redirect_uris: list[str]) -> ProjectCredentials:
    """Create a project with fresh credentials in one environment."""
    name = name.strip()
    if not name:
        raise ConfigurationError("A project needs a name.")
    if not redirect_uris:
        raise ConfigurationError("A project needs at least one redirect URL.")
    uris = [validate_redirect_uri(uri) for uri in redirect_uris]
    secret = secrets.token_urlsafe(32)
    with env.store.atomic() as db:
        project_id = env.new_id(db, "project")
        client_id = f"{env.name.prefix}_{project_id}"
        insert_row(
            db,
            "projects",
            {
                "id": project_id,
                "name": name,
                "client_id": client_id,
                "client_secret_hash": hash_secret(secret),
                "redirect_uris": json.dumps(uris),
                "created_at": env.now(),
            },
        )
    return ProjectCredentials(project_id, client_id, secret, uris, env.name.value)


def _decode(row: ProjectRow) -> dict[str, Any]:
    project: dict[str, Any] = dict(row)
    project["redirect_uris"] = json.loads(row["redirect_uris"])
    project.pop("client_secret_hash", None)
    return project


def get_project(env: Environment, project_id: str) -> dict[str, Any]:
    rows = list(rows_where(env.store.db, "projects", "id = ?", [project_id]))
    if not rows:
        raise NotFound(f"No project {project_id} in {env.name.title}.")
    return _decode(rows[0])


def find_project_by_client_id(env: Environment, client_id: str) -> ProjectRow | None:
    rows = list(rows_where(env.store.db, "projects", "client_id = ?", [client_id]))
    return rows[0] if rows else None


def list_projects(env: Environment) -> list[dict[str, Any]]:
    return [_decode(row) for row in rows_where(env.store.db, "projects", order_by="created_at, id")]


def authenticate_client(env: Environment, client_id: str, client_secret: str) -> dict[str, Any]:
    """The project whose credentials these are, or `InvalidClient`."""
    project = find_project_by_client_id(env, client_id)
    # Compare against a dummy hash for unknown clients, so timing does not reveal which
    # client ids exist.
    expected = project["client_secret_hash"] if project else hash_secret("")
    matches = hmac.compare_digest(expected, hash_secret(client_secret))
    if project is None or not matches:
        raise InvalidClient("Client authentication failed: unknown client or wrong secret.")
    return _decode(project)

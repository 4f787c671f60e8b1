"""What a partner changes on a project after creating it (the dashboard's forms): its name,
its client secret, its redirect URLs. Each change is one transaction; the new secret is
returned once and only its hash is stored, as at creation (`projects.py`)."""

from __future__ import annotations

import json
import secrets
from typing import Any

from ...exceptions import ConfigurationError
from .context import Environment
from .projects import get_project, hash_secret, validate_redirect_uri

__all__ = ["add_redirect_uri", "remove_redirect_uri", "rename_project", "rotate_client_secret"]

MAX_NAME_LENGTH = 100
MAX_REDIRECT_URIS = 20


def rename_project(env: Environment, project_id: str, name: str) -> dict[str, Any]:
    name = name.strip()
    if not name:
        raise ConfigurationError("A project needs a name.")
    if len(name) > MAX_NAME_LENGTH:
        raise ConfigurationError(f"A project name has at most {MAX_NAME_LENGTH} characters.")
    get_project(env, project_id)  # NotFound
    with env.store.atomic() as db:
        db.table("projects").update(project_id, {"name": name})
    return get_project(env, project_id)


def rotate_client_secret(env: Environment, project_id: str) -> str:
    """A new client secret (returned once); the old one stops working at once."""
    get_project(env, project_id)
    secret = secrets.token_urlsafe(32)
    with env.store.atomic() as db:
        db.table("projects").update(project_id, {"client_secret_hash": hash_secret(secret)})
    return secret


def add_redirect_uri(env: Environment, project_id: str, uri: str) -> dict[str, Any]:
    """Register one more redirect URL, validated as `/oauth2/auth` validates them."""
    uri = validate_redirect_uri(uri.strip())
    with env.store.atomic() as db:
        uris = get_project(env, project_id)["redirect_uris"]
        if uri in uris:
            raise ConfigurationError(f"{uri} is already registered.")
        if len(uris) >= MAX_REDIRECT_URIS:
            raise ConfigurationError(f"A project has at most {MAX_REDIRECT_URIS} redirect URLs.")
        db.table("projects").update(project_id, {"redirect_uris": json.dumps([*uris, uri])})
    return get_project(env, project_id)


def remove_redirect_uri(env: Environment, project_id: str, uri: str) -> dict[str, Any]:
    """Unregister a redirect URL (a project keeps at least one)."""
    with env.store.atomic() as db:
        uris = get_project(env, project_id)["redirect_uris"]
        if uri not in uris:
            raise ConfigurationError(f"{uri} is not registered.")
        if len(uris) == 1:
            raise ConfigurationError("A project needs at least one redirect URL.")
        remaining = [kept for kept in uris if kept != uri]
        db.table("projects").update(project_id, {"redirect_uris": json.dumps(remaining)})
    return get_project(env, project_id)

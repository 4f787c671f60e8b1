"""PKCE (RFC 7636) as section 5.3 of the specification has it.

- S256 only; the verifier is 43-128 characters of `A-Z a-z 0-9 - . ~ _`, and the
  challenge is `BASE64URL(SHA256(verifier))` without padding (43 characters).
- PKCE is off for a new project ("available on request"): it is switched on per project
  (`set_pkce(env, client_id, True)` or `python -m simulator project pkce`).
- A project has the client-secret flow *or* PKCE, never both: with PKCE on, the
  authorization-code grant takes `code_verifier` and no secret, and issues no refresh token.

```python
verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
s256_challenge(verifier)   # 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
```
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from typing import Any

from ..domain.kernel.context import Environment
from ..domain.kernel.projects import find_project_by_client_id
from ..exceptions import ConfigurationError, NotFound

__all__ = [
    "CHALLENGE_METHOD",
    "pkce_enabled",
    "project_settings",
    "s256_challenge",
    "set_pkce",
    "valid_challenge",
    "verifier_problem",
    "verify",
]

CHALLENGE_METHOD = "S256"
_VERIFIER = re.compile(r"[A-Za-z0-9\-._~]{43,128}")
_CHALLENGE = re.compile(r"[A-Za-z0-9_-]{43}")


def s256_challenge(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def verifier_problem(verifier: str) -> str | None:
    """Why a code_verifier breaks RFC 7636 section 4.1, or None when it is well formed."""
    if not 43 <= len(verifier) <= 128:
        return f"code_verifier must be 43 to 128 characters long (got {len(verifier)})."
    if not _VERIFIER.fullmatch(verifier):
        return "code_verifier may only use the characters A-Z a-z 0-9 - . ~ _"
    return None


def valid_challenge(challenge: str) -> bool:
    """A S256 challenge is a SHA-256 digest in unpadded base64url: 43 characters."""
    return bool(_CHALLENGE.fullmatch(challenge))


def verify(verifier: str, challenge: str) -> bool:
    return hmac.compare_digest(s256_challenge(verifier), challenge)


def pkce_enabled(env: Environment, project_id: str) -> bool:
    rows = list(env.store.db["oauth_project_settings"].rows_where("project_id = ?", [project_id]))
    return bool(rows and rows[0]["pkce_enabled"])


def project_settings(env: Environment, client_id: str) -> dict[str, Any]:
    """The OAuth settings of a project, by client_id."""
    project = find_project_by_client_id(env, client_id)
    if project is None:
        raise NotFound(f"No project with client_id {client_id} in {env.name.title}.")
    enabled = pkce_enabled(env, project["id"])
    return {
        "project_id": project["id"],
        "client_id": client_id,
        "pkce": enabled,
        "flow": "pkce" if enabled else "client_secret",
    }


def set_pkce(env: Environment, client_id: str, enabled: bool) -> dict[str, Any]:
    """Switch a project between the client-secret flow (PKCE off) and PKCE (on).

    Codes not yet exchanged keep the flow they were issued under and fail at the token
    endpoint after a switch; issued tokens stay valid.
    """
    if not isinstance(enabled, bool):
        raise ConfigurationError("enabled must be True or False.")
    project = find_project_by_client_id(env, client_id)
    if project is None:
        raise NotFound(f"No project with client_id {client_id} in {env.name.title}.")
    with env.store.atomic() as db:
        db.table("oauth_project_settings").upsert(
            {"project_id": project["id"], "pkce_enabled": int(enabled), "updated_at": env.now()},
            pk="project_id",
        )
    return project_settings(env, client_id)

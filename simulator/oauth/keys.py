"""Signing keys and id_tokens (OpenID Connect Core 1.0, section 2).

Each environment file holds its own RS256 key in the `signing_keys` table, made on first
use and kept by `Store.reset`, so a partner's cached JWKS stays valid across resets. The
two environments share one issuer, `{auth_url}` (one OAuth server serves both, as in the
specification), and `/oauth2/.well-known/jwks.json` publishes both public keys; the `kid`
in a token's header picks the key and its `aud` (a `SANDBOX_`/`LIVE_` client_id) names
the environment.

```python
id_token = sign_id_token(env, {"iss": issuer, "sub": user_id, "aud": client_id, ...})
jwt.decode(id_token, KeySet.import_key_set(public_jwks(envs)))  # what a partner does
```
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..domain.kernel.context import Environment

if TYPE_CHECKING:
    from joserfc.jwk import RSAKey

__all__ = ["ALGORITHM", "public_jwks", "sign_id_token", "signing_key"]

ALGORITHM = "RS256"
_KEY_SIZE = 2048


@lru_cache(maxsize=16)
def _import(private_jwk: str) -> RSAKey:
    from joserfc.jwk import RSAKey  # start-up: joserfc and cryptography (60 ms), only for OIDC

    return RSAKey.import_key(json.loads(private_jwk))


def signing_key(env: Environment) -> RSAKey:
    """The environment's signing key, generated and stored the first time it is needed."""
    rows = list(env.store.db["signing_keys"].rows_where("slot = 'current'"))
    if not rows:
        from joserfc.jwk import RSAKey  # start-up: see `_import`

        key = RSAKey.generate_key(_KEY_SIZE, private=True)
        kid = f"{env.name.value}-{key.thumbprint()[:22]}"
        private = {**key.as_dict(private=True), "kid": kid, "use": "sig", "alg": ALGORITHM}
        with env.store.atomic() as db:
            # Two threads may race to create it: the unique slot keeps the first one.
            db.execute(
                "INSERT OR IGNORE INTO signing_keys (kid, slot, algorithm, private_jwk, created_at)"
                " VALUES (?, 'current', ?, ?, ?)",
                [kid, ALGORITHM, json.dumps(private), env.now()],
            )
        rows = list(env.store.db["signing_keys"].rows_where("slot = 'current'"))
    return _import(rows[0]["private_jwk"])


def public_jwks(environments: Iterable[Environment]) -> dict[str, Any]:
    """The JSON Web Key Set of every environment's public signing key."""
    keys = []
    for env in environments:
        public = signing_key(env).as_dict(private=False)
        keys.append({key: public[key] for key in ("kty", "kid", "use", "alg", "n", "e")})
    return {"keys": keys}


def sign_id_token(env: Environment, claims: dict[str, Any]) -> str:
    """A compact JWS (RS256) of `claims`, signed with the environment's key."""
    from joserfc import jwt  # start-up: see `_import`

    key = signing_key(env)
    return jwt.encode({"alg": ALGORITHM, "typ": "JWT", "kid": key.kid}, claims, key)

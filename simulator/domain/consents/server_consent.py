"""Server-to-server consent: a project grants a consent by signing its `challenge` with the
private key whose public half it installed (ECDSA P-256, the key as a JWK).

The real service installs the public key on its Dashboard; here `install_key` does it (from
Python, for either environment).

```python
install_key(env, project_id, public_jwk)        # {"kty": "EC", "crv": "P-256", "x": ..., "y": ...}
signature = jws.serialize_compact({"alg": "ES256", "typ": "JWT"},
                                  json.dumps({"challenge": challenge(consent_id)}), private_key)
grant(env, principal, consent_id, signature)    # the consent is Accepted, its operation applied
```
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...exceptions import ConfigurationError
from ...storage.rows import ConsentRow
from ..kernel.context import Environment, Principal
from ..kernel.rejections import Rejected, consent_not_found, rejection
from . import consents

if TYPE_CHECKING:
    from joserfc.jwk import ECKey

__all__ = ["SERVER_CONSENT_PURPOSES", "challenge", "grant", "install_key", "revoke_key"]

#: The purposes the real service lets a server signature grant (its list of operations
#: eligible for server-to-server consent), of those the simulator knows.
SERVER_CONSENT_PURPOSES = (
    "ActivatePhysicalCard",
    "AddCard",
    "AddCards",
    "AddDirectDebitPaymentMandate",
    "EnableMandate",
    "InitPayment",
    "InitiateFundingRequest",
    "PrintPhysicalCard",
    "ResumePhysicalCard",
    "ScheduleStandingOrder",
    "UpdateCard",
)


def challenge(consent_id: str) -> str:
    """The text a server signs to grant the consent: derived from its id, so stable."""
    return hashlib.sha256(f"server-consent:{consent_id}".encode()).hexdigest()


def _public_key(jwk: str | Mapping[str, Any]) -> ECKey:
    from joserfc.errors import JoseError  # start-up: joserfc and cryptography (60 ms), rarely
    from joserfc.jwk import ECKey

    try:
        data = json.loads(jwk) if isinstance(jwk, str) else dict(jwk)
        key = ECKey.import_key(data)
    except (ValueError, TypeError, JoseError) as error:
        raise ConfigurationError(f"Not an EC public key in JWK form: {error}") from None
    if key.is_private or key.as_dict().get("crv") != "P-256":
        raise ConfigurationError("Install the public half of an ECDSA P-256 key, as a JWK.")
    return key


def install_key(env: Environment, project_id: str, jwk: str | Mapping[str, Any]) -> None:
    """Install (or replace) the project's public key for server-to-server consent."""
    public = json.dumps(_public_key(jwk).as_dict(private=False), sort_keys=True)
    with env.store.atomic() as db:
        db.execute(
            "INSERT INTO server_consent_keys (project_id, public_key, installed_at) "
            "VALUES (?1, ?2, ?3) ON CONFLICT (project_id) DO UPDATE "
            "SET public_key = ?2, installed_at = ?3, revoked_at = NULL",
            [project_id, public, env.now()],
        )


def revoke_key(env: Environment, project_id: str) -> None:
    """Revoke the project's key: server signatures are refused until a new one is installed."""
    with env.store.atomic() as db:
        db.execute(
            "UPDATE server_consent_keys SET revoked_at = ? WHERE project_id = ? "
            "AND revoked_at IS NULL",
            [env.now(), project_id],
        )


def _refusal(type_name: str, message: str) -> Rejected:
    return Rejected(rejection(type_name, message))


def _verified(public_key: str, consent_id: str, signature: str) -> None:
    from joserfc import jws  # start-up: joserfc and cryptography (60 ms), rarely
    from joserfc.errors import JoseError
    from joserfc.jwk import ECKey

    try:
        signed = jws.deserialize_compact(
            signature, ECKey.import_key(json.loads(public_key)), algorithms=["ES256"]
        )
        payload = json.loads(signed.payload)
    except (ValueError, TypeError, JoseError):
        payload = None
    if not isinstance(payload, dict) or payload.get("challenge") != challenge(consent_id):
        raise _refusal(
            "ServerConsentSignatureNotValidRejection",
            "The signature is not the consent's challenge signed (ES256) with the project's key.",
        )


def grant(env: Environment, principal: Principal, consent_id: str, signature: str) -> ConsentRow:
    """Grant a consent of the caller's project with a server signature of its challenge."""
    consent = consents.get_consent_or_none(env, principal, consent_id)
    if consent is None:
        raise Rejected(consent_not_found(consent_id))
    if consent["purpose"] not in SERVER_CONSENT_PURPOSES:
        raise _refusal(
            "ConsentTypeNotSupportedByServerConsentRejection",
            f"A consent of purpose {consent['purpose']} needs the user on the consent page.",
        )
    row = env.store.db.execute(
        "SELECT public_key, revoked_at FROM server_consent_keys WHERE project_id = ?",
        [principal.project_id],
    ).fetchone()
    if row is None:
        raise _refusal(
            "ServerConsentProjectSettingsNotFoundRejection",
            "The project has no public key installed for server-to-server consent.",
        )
    if row[1] is not None:
        raise _refusal(
            "ServerConsentCredentialsNotValidOrOutdatedRejection",
            "The project's server-consent key was revoked: install a new one.",
        )
    _verified(row[0], consent_id, signature)
    return consents.grant_consent(env, consent_id)

"""grantConsentWithServerSignature: a project grants a consent by signing its challenge."""

from __future__ import annotations

import json

import pytest
from joserfc import jws
from joserfc.jwk import ECKey

from simulator.domain.consents import server_consent
from simulator.exceptions import ConfigurationError

from .banking_support import CARD_SWITCHES, REDIRECT, Bank

SUCCESS = "consent { id status }"


def _signed(key: ECKey, challenge: str) -> str:
    payload = json.dumps({"challenge": challenge})
    return jws.serialize_compact({"alg": "ES256", "typ": "JWT"}, payload, key)


def _card_consent(bank: Bank) -> tuple[str, str, str]:
    account_id = bank.holder()["account_id"]
    added = bank.api.mutate(
        "addCard",
        {
            "accountMembershipId": bank.legal_membership(account_id),
            "consentRedirectUrl": REDIRECT,
            **CARD_SWITCHES,
        },
        "card { id statusInfo { ... on CardConsentPendingStatusInfo { consent { id challenge } } } }",
    )
    consent = added["card"]["statusInfo"]["consent"]
    return added["card"]["id"], consent["id"], consent["challenge"]


def test_a_signed_challenge_grants_the_consent(bank: Bank) -> None:
    key = ECKey.generate_key("P-256")
    server_consent.install_key(bank.env, bank.project_id, key.as_dict(private=False))
    card_id, consent_id, challenge = _card_consent(bank)
    assert challenge == server_consent.challenge(consent_id)
    granted = bank.api.mutate(
        "grantConsentWithServerSignature",
        {"consentId": consent_id, "signature": _signed(key, challenge)},
        SUCCESS,
    )
    assert granted["consent"] == {"id": consent_id, "status": "Accepted"}
    assert bank.row("cards", card_id)["status"] == "Enabled"
    again = bank.api.mutate(
        "grantConsentWithServerSignature",
        {"consentId": consent_id, "signature": _signed(key, challenge)},
    )
    assert again["__typename"] == "NotReachableConsentStatusRejection"


def test_server_signature_rejections(bank: Bank) -> None:
    key, stranger = ECKey.generate_key("P-256"), ECKey.generate_key("P-256")
    card_id, consent_id, challenge = _card_consent(bank)

    def grant(signature: str, consent: str = consent_id) -> str:
        payload = bank.api.mutate(
            "grantConsentWithServerSignature", {"consentId": consent, "signature": signature}
        )
        return str(payload["__typename"])

    assert grant(_signed(key, challenge)) == "ServerConsentProjectSettingsNotFoundRejection"
    server_consent.install_key(bank.env, bank.project_id, key.as_dict(private=False))
    assert grant(_signed(stranger, challenge)) == "ServerConsentSignatureNotValidRejection"
    assert grant(_signed(key, "another challenge")) == "ServerConsentSignatureNotValidRejection"
    assert grant("not a jws") == "ServerConsentSignatureNotValidRejection"
    assert grant(_signed(key, challenge), "nope") == "ConsentNotFoundRejection"
    generic = bank.testing.mutate("createSandboxConsent", {"redirectUrl": REDIRECT}, "consentId")
    refused = grant(
        _signed(key, server_consent.challenge(generic["consentId"])), generic["consentId"]
    )
    assert refused == "ConsentTypeNotSupportedByServerConsentRejection"
    server_consent.revoke_key(bank.env, bank.project_id)
    assert grant(_signed(key, challenge)) == "ServerConsentCredentialsNotValidOrOutdatedRejection"
    assert bank.row("consents", consent_id)["status"] == "Created"
    assert bank.row("cards", card_id)["status"] == "ConsentPending"


def test_only_a_public_p256_key_is_installed(bank: Bank) -> None:
    private = ECKey.generate_key("P-256")
    for bad in (private.as_dict(private=True), ECKey.generate_key("P-384").as_dict(), "{}"):
        with pytest.raises(ConfigurationError):
            server_consent.install_key(bank.env, bank.project_id, bad)

"""The partner's webhook handler: checks the shared secret, deduplicates on `eventId`
(delivery is at least once), and keeps what it accepted."""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from typing import Any


class WebhookHandler:
    def __init__(self, secret: str) -> None:
        self.secret = secret
        self.events: dict[str, dict[str, Any]] = {}

    def handle(self, headers: Mapping[str, str], body: dict[str, Any]) -> int:
        """The HTTP status to answer: 401 without the right secret, 200 otherwise."""
        given = headers.get("x-swan-secret", "")
        if not hmac.compare_digest(given.encode(), self.secret.encode()):
            return 401
        self.events.setdefault(body["eventId"], body)  # a retry is not a new event
        return 200

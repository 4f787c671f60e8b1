"""A partner's integration with the banking API: a client, and a webhook handler."""

from .client import BankClient, BankError
from .webhooks import WebhookHandler

__all__ = ["BankClient", "BankError", "WebhookHandler"]

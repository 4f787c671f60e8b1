"""The partner's webhook handler, plugged into the plugin's inbox: the secret is checked,
a retried delivery is one event, and retries come on the virtual clock."""

from partner_app import BankClient, WebhookHandler

SECRET = "partner-webhook-secret"


def subscribe(banking_server, project_token, user_token, inbox, secret=SECRET):
    """Subscribe (a project's business: its token), then act as the user."""
    project = BankClient(banking_server.base_url, project_token)
    project.subscribe(inbox.url, secret, ["Consent.Created"])
    project.close()
    return BankClient(banking_server.base_url, user_token)


def start_a_transfer(bank):
    account = next(a for a in bank.accounts() if a["name"] == "Ada's current account")
    return bank.transfer(
        account["id"],
        "10.00",
        "Charles Babbage",
        "FR7630006000011234567890189",
        "W-1",
        "http://localhost:3000/transfers/done",
    )


def test_the_handler_accepts_a_signed_delivery(
    banking_server, sandbox_token, sandbox_user_token, webhook_inbox
):
    handler = WebhookHandler(SECRET)
    webhook_inbox.handler = lambda received: handler.handle(received.headers, received.body)
    bank = subscribe(banking_server, sandbox_token, sandbox_user_token, webhook_inbox)
    start_a_transfer(bank)
    delivery = webhook_inbox.wait_for("Consent.Created")
    assert delivery.status == 200
    assert list(handler.events) == [delivery.event_id]


def test_a_wrong_secret_is_refused_and_retried(
    banking_sim, banking_server, sandbox_token, sandbox_user_token, webhook_inbox
):
    handler = WebhookHandler(SECRET)
    webhook_inbox.handler = lambda received: handler.handle(received.headers, received.body)
    bank = subscribe(
        banking_server, sandbox_token, sandbox_user_token, webhook_inbox, secret="not-ours"
    )
    start_a_transfer(bank)
    first = webhook_inbox.wait_for("Consent.Created")
    assert first.status == 401 and handler.events == {}
    # The retry policy: the second attempt 5 s of virtual time later (docs/webhooks.md).
    before = banking_sim.now()
    webhook_inbox.wait_for(where=lambda r: len(webhook_inbox.received) >= 2)
    assert (banking_sim.now() - before).total_seconds() == 5


def test_a_retry_after_a_crash_is_one_event(
    banking_server, sandbox_token, sandbox_user_token, webhook_inbox
):
    handler = WebhookHandler(SECRET)
    crashes = [503]  # the handler's first answer: the partner's app was down

    def on_webhook(received):
        return crashes.pop() if crashes else handler.handle(received.headers, received.body)

    webhook_inbox.handler = on_webhook
    bank = subscribe(banking_server, sandbox_token, sandbox_user_token, webhook_inbox)
    start_a_transfer(bank)
    accepted = webhook_inbox.wait_for("Consent.Created", accepted=True)
    assert [r.status for r in webhook_inbox.received] == [503, 200]
    assert list(handler.events) == [accepted.event_id]

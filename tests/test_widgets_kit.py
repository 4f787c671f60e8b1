"""The teaching kit's widgets, every button clicked headlessly as a learner would."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from typing import Any

from graphql import parse, validate

import simulator.widgets as kit_widgets
from simulator import Simulator
from simulator.clock import Clock
from simulator.server import app as server_app
from simulator.widgets import (
    ClockPanel,
    ConsentInbox,
    Console,
    Ledger,
    LimitsGauge,
    OAuthWalkthrough,
    Phone,
    WebhookTimeline,
)
from simulator.widgets._kit import Kit
from simulator.widgets.displays import Account, Payload, Rejection, display, simulator_html
from simulator.widgets.documents import operations, skeleton

PHONE = "+33612345678"
CALLBACK = "http://localhost:3000/callback"


def call_testing_api(sim: Simulator, query: str, variables: dict[str, Any] | None = None) -> Any:
    kit = Kit.of(sim)
    answer = kit.http.post(
        "/sandbox-testing/graphql",
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {kit.project_token()}"},
    ).json()
    assert "errors" not in answer, answer
    return answer["data"]


def funded_account(sim: Simulator, amount: str = "2000.00") -> str:
    """A holder with an account (Ada, legal representative PHONE) and a booked credit."""
    holder = call_testing_api(
        sim,
        """mutation { createSandboxAccountHolder(input: {firstName: "Ada",
      lastName: "Lovelace", legalRepresentativePhoneNumber: "%s"}) {
      ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }"""
        % PHONE,
    )
    account: str = holder["createSandboxAccountHolder"]["accountId"]
    receive(sim, account, amount, isInstant=True)
    sim.advance("10s")  # an instant transfer settles after 10 seconds: the credit is booked
    return account


def receive(sim: Simulator, account: str, amount: str, **extra: Any) -> str:
    """Another bank sends `amount` to the account's IBAN (Pending until it settles)."""
    kit = Kit.of(sim)
    iban = kit.http.post(
        "/sandbox/graphql",
        json={
            "query": "query($a: ID!) { account(accountId: $a) { IBAN } }",
            "variables": {"a": account},
        },
        headers={"Authorization": f"Bearer {kit.project_token()}"},
    ).json()["data"]["account"]["IBAN"]
    incoming = call_testing_api(
        sim,
        """mutation($input: IncomingSepaCreditTransferInput!) {
      simulateIncomingSepaCreditTransferReception(input: $input) {
      ... on SimulateIncomingSepaCreditTransferReceptionSuccessPayload { transactionId } } }""",
        {
            "input": {
                "creditorIban": iban,
                "creditorName": "Ada Lovelace",
                "amount": {"value": amount, "currency": "EUR"},
                "debtorName": "Employer SA",
                "debtorIban": "DE89370400440532013000",
                **extra,
            }
        },
    )
    transaction: str = incoming["simulateIncomingSepaCreditTransferReception"]["transactionId"]
    return transaction


def transfer(sim: Simulator, account: str, amount: str = "850.00") -> dict[str, Any]:
    kit = Kit.of(sim)
    mutation = """mutation($input: InitiateCreditTransfersInput!) {
      initiateCreditTransfers(input: $input) { __typename
        ... on InitiateCreditTransfersSuccessPayload { payment { id
          statusInfo { ... on PaymentConsentPending { consent { id } } } } } } }"""
    variables = {
        "input": {
            "accountId": account,
            "consentRedirectUrl": CALLBACK,
            "creditTransfers": [
                {
                    "amount": {"value": amount, "currency": "EUR"},
                    "sepaBeneficiary": {"name": "Landlord", "iban": "FR7630006000011234567890189"},
                    "reference": "RENT",
                }
            ],
        }
    }
    answer = kit.http.post(
        "/sandbox/graphql",
        json={"query": mutation, "variables": variables},
        headers={"Authorization": f"Bearer {kit.project_token()}"},
    ).json()
    payment = answer["data"]["initiateCreditTransfers"]["payment"]
    # The consent to ask for is inside the payment's status.
    return {"payment": payment, "consent": payment["statusInfo"]["consent"]}


def test_every_widget_is_built_from_the_simulator_alone(sim: Simulator) -> None:
    for name in ("Console", "ClockPanel", "OAuthWalkthrough", "Phone", "ConsentInbox",
                 "WebhookTimeline", "LimitsGauge", "Ledger"):  # fmt: skip
        assert name in kit_widgets.__all__
        widget = getattr(kit_widgets, name)(sim)
        assert widget.children


def test_every_prefilled_document_is_valid_against_its_schema() -> None:
    for schema in (server_app.partner_schema(), server_app.testing_schema()):
        for kind, name in operations(schema):
            document, _ = skeleton(schema, kind, name)
            assert validate(schema, parse(document)) == [], name


def test_console_runs_the_prefilled_query_and_keeps_a_history(sim: Simulator) -> None:
    console = Console(sim)
    assert console.operation.value == "query accounts"
    assert "accounts(first: $first)" in console.document.value
    console.run_button.click()
    assert console.status == 200
    assert console.response["data"]["accounts"]["totalCount"] == 0
    assert "HTTP 200" in console.status_label.value
    assert "rate budget 1999/2000" in console.result.value
    assert console.history[-1]["operation"] == "query accounts"
    console.run_button.click()
    assert [h["remaining"] for h in console.history] == [1999, 1998]


def test_console_mutation_shows_its_rejection_and_bad_variables(sim: Simulator) -> None:
    console = Console(sim, endpoint="Testing API")
    console.operation.value = "mutation createSandboxAccountHolder"
    assert "... on ValidationRejection" in console.document.value
    console.run_button.click()
    payload = console.response["data"]["createSandboxAccountHolder"]
    assert payload["__typename"] == "ValidationRejection"
    console.variables.value = "{nope"
    console.run_button.click()
    assert console.status is None and console.response["error"].startswith("Variables are not")


def test_console_endpoints_and_identities(sim: Simulator) -> None:
    console = Console(sim)
    console.endpoint.value = "Live"
    assert console.operation.value == "query accounts"
    console.run_button.click()
    assert console.status == 200 and Kit.of(sim).projects["live"].environment == "live"
    console.endpoint.value = "Sandbox"
    Kit.of(sim).user_token("+33700000001")
    console.identities_button.click()
    assert "user +33700000001" in console.identity.options
    console.identity.value = "user +33700000001"
    console.operation.value = "query user"
    console.run_button.click()
    assert console.response["data"]["user"]["id"]


def test_clock_panel_buttons_and_next_due_work(sim: Simulator) -> None:
    panel = ClockPanel(sim)
    panel.buttons["+5s"].click()
    assert panel.time.value == "2026-01-05T09:00:05.000Z"
    panel.buttons["+1m"].click()
    assert panel.time.value == "2026-01-05T09:01:05.000Z"
    panel.buttons["next"].click()
    assert panel.message.value == "No scheduled work is pending."
    account = funded_account(sim)
    transfer(sim, account)  # a consent, open for a while: its expiry is scheduled work
    panel.refresh()
    kinds = {item.kind for item in panel.pending}
    assert "consent expiry" in kinds and "<svg" in panel.timeline.value
    due = panel.pending[0].due
    panel.buttons["next"].click()
    assert panel.time.value == due and panel.message.value.startswith(f"Moved to {due}")


def test_clock_panel_follows_a_clock_moved_from_elsewhere(sim: Simulator) -> None:
    panel = ClockPanel(sim)
    # poll() by hand here: no following task (Playwright's sync API, used by the browser
    # tests of the same session, can leave an event loop marked running in this thread).
    panel.stop()
    other = Clock.open(sim.data_dir)  # as the CLI would, in another process
    other.advance("2h")
    assert panel.poll() is True and panel.time.value == "2026-01-05T11:00:00.000Z"
    assert panel.poll() is False

    async def in_a_kernel() -> str:
        followed = ClockPanel(sim)
        assert followed.follow(interval=0.01) is True
        other.advance("1d")
        await asyncio.sleep(0.1)
        followed.stop()
        return str(followed.time.value)

    # In a thread of its own: this one may hold a loop Playwright left marked running.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        moved = pool.submit(asyncio.run, in_a_kernel()).result()
    assert moved == "2026-01-06T11:00:00.000Z"
    other.close()


def test_oauth_walkthrough_every_step(sim: Simulator) -> None:
    walk = OAuthWalkthrough(sim)
    for name in walk.STEPS:
        walk.steps[name].click()
    results = walk.results
    assert results["open"]["status"] == 200 and "<iframe" in walk.page.value
    assert results["send code"]["text message"].startswith("Your verification code is")
    assert results["enter code"]["registered"] is True
    assert results["authorize"]["state matches"] is True
    assert results["authorize"]["a tampered state would match"] is False
    assert results["exchange"]["id_token claims"]["phone_number"] == PHONE
    assert results["refresh"] == {"status": 200, "new refresh token": True}
    assert results["reuse"]["status"] == 401 and results["reuse"]["refused with"] == "invalid_grant"
    assert results["reuse"]["newest access token now answers"] == 401
    assert f"user {PHONE}" in Kit.of(sim).users
    claims = results["exchange"]["id_token claims"]
    assert claims["iat"] == "2026-01-05T09:00:00.000Z" and claims["exp"] > claims["iat"]
    assert list(walk.pages) == ["open", "send code", "enter code"]
    walk.page_choice.value = "open"
    assert "Send me a code" in walk.page.value and "height:560px" in walk.page.value
    assert (
        "Sign in" in repr(walk.page_of("open"))
        and "csrf_token" in walk.page_of("open")._repr_html_()
    )


def test_oauth_walkthrough_never_switches_pkce_behind_the_learners_back(sim: Simulator) -> None:
    project = sim.create_project("sandbox", "Secret flow", [CALLBACK])
    sim.oauth.set_pkce(project.client_id, True)
    walk = OAuthWalkthrough(sim, project=project)
    assert walk.pkce.value is True  # the project's setting, read
    sim.oauth.set_pkce(project.client_id, False)
    walk = OAuthWalkthrough(sim, project=project)
    walk.run_all()
    assert sim.oauth.settings(project.client_id)["pkce"] is False
    assert "code_challenge" not in walk.results["url"]["parameters"]
    walk.pkce.value = True  # ticked: switched, and said
    assert sim.oauth.settings(project.client_id)["pkce"] is True
    assert "pkce flow" in walk.notice.value


def test_oauth_walkthrough_with_pkce_and_out_of_order(sim: Simulator) -> None:
    walk = OAuthWalkthrough(sim)
    walk.steps["exchange"].click()
    assert walk.results["exchange"]["error"].startswith("Run the earlier steps first")
    walk.pkce.value = True
    walk.run_all_button.click()
    assert "code_challenge" in walk.results["url"]["parameters"]
    assert "refresh_token" not in walk.results["exchange"]["received"]
    assert walk.results["refresh"]["skipped"].startswith("no refresh token")


def test_phone_shows_the_text_messages(sim: Simulator) -> None:
    phone = Phone(sim)
    assert "No messages" in phone.screen.value
    OAuthWalkthrough(sim).run_all()
    phone.refresh_button.click()
    assert PHONE in phone.number.options
    phone.number.value = PHONE
    assert phone.messages and "verification code" in phone.screen.value


def test_consent_inbox_approves_and_refuses_through_the_pages(sim: Simulator) -> None:
    account = funded_account(sim)
    rent, deposit = transfer(sim, account, "850.00"), transfer(sim, account, "1000.00")
    inbox = ConsentInbox(sim)
    assert inbox.consents.value == rent["consent"]["id"]
    inbox.approve_button.click()
    assert inbox.last_redirect["consentId"] == rent["consent"]["id"]
    assert inbox.last_redirect["status"] == "Accepted"
    assert inbox.consents.value == deposit["consent"]["id"]
    inbox.refuse_button.click()
    assert inbox.last_redirect["status"] == "CustomerRefused"
    assert inbox.consents.value is None
    inbox.refresh_button.click()
    inbox.approve_button.click()
    assert "No consent is waiting" in inbox.message.value


def test_webhook_timeline_switch_plot_and_replay(sim: Simulator) -> None:
    timeline = WebhookTimeline(sim)
    timeline.replay_button.click()
    assert "No event to replay" in timeline.message.value
    timeline.receiver.value = "fail"
    funded_account(sim)
    sim.advance("30s")
    timeline.refresh_button.click()
    assert timeline.attempts and not any(a["succeeded"] for a in timeline.attempts)
    assert bytes(timeline.plot.value).startswith(b"<svg") and timeline.plot.format == "svg+xml"
    timeline.receiver.value = "time out"
    sim.advance("1m")
    timeline.refresh_button.click()
    assert timeline.attempts[-1]["error_code"] == "Timeout"
    timeline.receiver.value = "succeed"
    before = len(timeline.attempts)
    timeline.replay_button.click()
    assert timeline.message.value.startswith("Replayed: ok")
    assert len(timeline.attempts) > before and timeline.attempts[-1]["kind"] == "Replay"


def test_the_timeline_names_events_by_type_and_stacks_replays_sent_at_once() -> None:
    from simulator.widgets.webhook_timeline import _draw, event_labels

    def attempt(event: str, kind: str, at: str, first: str = "Delivery") -> dict[str, Any]:
        return {"event_id": event, "event_type": kind, "attempted_at": at, "kind": first,
                "succeeded": True, "error_code": None}  # fmt: skip

    attempts = [
        attempt("e1", "Account.Created", "2026-01-05T09:00:00Z"),
        attempt("e2", "User.Created", "2026-01-05T09:00:00Z"),
        attempt("e3", "Account.Created", "2026-01-05T09:01:00Z"),
        attempt("e1", "Account.Created", "2026-01-05T09:02:00Z", "Replay"),
        attempt("e1", "Account.Created", "2026-01-05T09:02:00Z", "Replay"),
    ]
    labels = event_labels(attempts)
    assert labels == {"e1": "Account.Created #1", "e2": "User.Created", "e3": "Account.Created #2"}
    drawn = _draw(attempts, [], labels, (5.0, 17.0))
    assert drawn == _draw(attempts, [], labels, (5.0, 17.0))  # the same bytes for the same log
    assert drawn.count(b"<polygon") == 2 and drawn.count(b"<circle") == 3  # replays: diamonds
    assert b">Account.Created #2</text>" in drawn and b">User.Created</text>" in drawn
    # The second replay at the same instant is stacked below the first, not drawn over it.
    diamonds = [line.split(b'"')[1] for line in drawn.split(b"<polygon points=")[1:]]
    assert diamonds[0] != diamonds[1]


def test_limits_gauge_measures_offline_and_reads_answers(sim: Simulator) -> None:
    console = Console(sim)
    gauge = LimitsGauge(sim, console=console)
    assert gauge.message.value.startswith("Measured offline")
    console.document.value = "{ accounts { totalCount } }"
    assert gauge.figures["depth"] == 2 and gauge.labels["depth"].value == "2 / 15"
    console.run_button.click()
    assert gauge.labels["rate budget"].value == "1 used of 2,000 (1,999 left)"
    assert gauge.bars["rate budget"].value == 1 and gauge.bars["rate budget"].max == 2000
    assert gauge.bars["rate budget"].bar_style == "success"
    gauge.document.value = "{ nope"
    gauge.measure_button.click()
    assert gauge.message.value.startswith("<i>Cannot measure")
    alone = LimitsGauge(sim)
    alone.document.value = "{ a { b { c } } }"
    alone.measure_button.click()
    assert alone.figures["depth"] == 3


def test_the_console_keeps_only_the_variables_its_document_declares(sim: Simulator) -> None:
    console = Console(sim, operation="query accounts")
    assert json.loads(console.variables.value) == {"first": 10}
    console.document.value = "{ accounts { totalCount } }"
    assert console.variables.value == "{}"
    console.document.value = "query($first: Int) { accounts(first: $first) { totalCount"
    assert console.variables.value == "{}"  # mid-edit: untouched
    console.variables.value = '{"first": 2, "other": 1}'
    console.document.value = "query($first: Int) { accounts(first: $first) { totalCount } }"
    assert json.loads(console.variables.value) == {"first": 2}


def test_a_prefilled_id_names_the_projects_own_data(sim: Simulator) -> None:
    account = funded_account(sim)
    transfer(sim, account, "10.00")
    cancel = Console(sim, operation="mutation cancelConsent")
    consent_id = json.loads(cancel.variables.value)["input"]["consentId"]
    assert consent_id  # the open consent of the transfer, not an empty id
    cancel.run_button.click()
    assert cancel.response["data"]["cancelConsent"]["__typename"] == "CancelConsentSuccessPayload"
    read = Console(sim, operation="query account")
    assert json.loads(read.variables.value) == {"accountId": account}
    read.run_button.click()
    assert read.status == 200 and read.response["data"]["account"]["id"] == account


def test_the_rate_budget_bar_fills_with_used_budget_toward_red(sim: Simulator) -> None:
    gauge = LimitsGauge(sim)
    bar = gauge.bars["rate budget"]
    colours = {}
    for used in (0, 1000, 1900):  # 0%, 50% and 95% of the budget used
        gauge.read_answer(
            {"extensions": {"cost": {"rateLimit": {"limit": 2000, "remaining": 2000 - used}}}}
        )
        colours[used] = (bar.value, bar.bar_style)
    assert colours == {0: (0, "success"), 1000: (1000, "warning"), 1900: (1900, "danger")}
    assert gauge.labels["rate budget"].value == "1,900 used of 2,000 (100 left)"


def test_ledger_balances_filters_and_paging(sim: Simulator) -> None:
    account = funded_account(sim, "100.00")
    for _ in range(3):
        transfer(sim, account, "1.00")
    ledger = Ledger(sim, page_size=2)
    assert ledger.accounts[0]["balances"]["available"]["value"] == "100.00"
    ledger.refresh_button.click()
    assert ledger.total == 1 and ledger.next_button.disabled
    ledger.status.value = "Booked"
    ledger.apply_button.click()
    assert [t["status"] for t in ledger.transactions] == ["Booked"]
    ledger.status.value = "any"
    ledger.account.value = account
    ledger.apply_button.click()
    assert "of 1" in ledger.transactions_view.value


def test_ledger_pages_forward_and_back(sim: Simulator) -> None:
    account = funded_account(sim, "100.00")
    for amount in ("5.00", "6.00", "7.00"):
        receive(sim, account, amount)
    ledger = Ledger(sim, page_size=2)
    assert ledger.total == 4 and not ledger.next_button.disabled
    ledger.next_button.click()
    assert "Transactions 3-4 of 4" in ledger.transactions_view.value
    assert ledger.next_button.disabled and not ledger.previous_button.disabled
    ledger.previous_button.click()
    assert "Transactions 1-2 of 4" in ledger.transactions_view.value


def test_rich_displays(sim: Simulator) -> None:
    Kit.of(sim).project()
    page = sim._repr_html_()
    assert "2026-01-05T09:00:00.000Z" in page and "Teaching kit" in page
    node = {"id": "a1", "name": "Main", "IBAN": "FR76", "balances": {
        "available": {"value": "1.00", "currency": "EUR"}, "booked": None, "pending": None}}  # fmt: skip
    assert isinstance(display(node), Account) and "1.00 EUR" in Account(node)._repr_html_()
    ok = display({"__typename": "AddCardSuccessPayload", "card": {"id": "c"}})
    assert isinstance(ok, Payload) and "✔ AddCardSuccessPayload" in ok._repr_html_()
    refused = {"__typename": "ForbiddenRejection", "message": "No <way>"}
    assert isinstance(display(refused), Rejection)
    assert "No &lt;way&gt;" in Payload(refused)._repr_html_()
    assert repr(Rejection(refused)) == "<Rejection ForbiddenRejection: No <way>>"
    sim.close()
    assert "(closed)" in simulator_html(sim)
    assert json.dumps(display(3)) == "3"


def test_webhook_timeline_switch_shows_the_inbox_as_code_left_it(sim: Simulator) -> None:
    inbox = sim.webhooks.inbox("told-by-code").fail()
    timeline = WebhookTimeline(sim, inbox="told-by-code")
    assert timeline.receiver.value == "fail"  # not "succeed" above a failing inbox
    inbox.fail(times=2)  # one-offs first: the switch still reads the standing behaviour
    inbox.succeed()
    timeline.refresh_button.click()
    assert timeline.receiver.value == "succeed"
    inbox.slow(sim.webhooks.policy.timeout + 1)
    timeline.refresh_button.click()
    assert timeline.receiver.value == "time out"
    # Following the inbox is not a flip: the inbox keeps what code told it.
    assert inbox.standing.latency == sim.webhooks.policy.timeout + 1
    timeline.receiver.value = "succeed"  # a learner's flip changes the inbox
    assert inbox.standing.latency == 0 and inbox.standing.status == 200

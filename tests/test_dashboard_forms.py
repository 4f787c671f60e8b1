"""The dashboard's forms without a browser (fast): Post/Redirect/Get with one-time messages,
webhook subscriptions edited and tested, the clock set to an instant. The browser tests
(test_browser_dashboard.py) drive the same pages in Chromium."""

from __future__ import annotations

import logging
import re
from typing import Any

import httpx
import pytest

from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link
from simulator.domain.kernel.projects import ProjectCredentials
from simulator.webhooks import SECRET_HEADER


def _csrf(page: httpx.Response) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found, page.text
    return found.group(1)


@pytest.fixture
def dashboard(sim: Simulator, http: httpx.Client) -> httpx.Client:
    answer = http.get(new_sign_in_link(sim.sandbox, str(http.base_url).rstrip("/")))
    assert answer.status_code == 200 and answer.url.path == "/dashboard"
    return http


def _post(client: httpx.Client, path: str, **form: Any) -> httpx.Response:
    token = _csrf(client.get("/dashboard"))
    return client.post(path, data={"csrf_token": token, **form}, follow_redirects=False)


def test_rotate_redirects_and_shows_the_new_secret_once(
    dashboard: httpx.Client, project: ProjectCredentials, caplog: pytest.LogCaptureFixture
) -> None:
    path = f"/dashboard/projects/{project.project_id}"
    with caplog.at_level(logging.DEBUG):
        answer = _post(dashboard, f"{path}/rotate-secret")
        assert answer.status_code == 303 and answer.headers["location"] == path
        assert "shown once" not in dashboard.get("/dashboard").text  # another page: kept
        page = dashboard.get(path)
    secret = re.search(r'<code id="new-secret">([^<]+)</code>', page.text)
    assert secret and "shown once" in page.text
    assert secret.group(1) not in answer.headers["location"]
    assert secret.group(1) not in caplog.text
    again = dashboard.get(path)
    assert 'id="new-secret"' not in again.text and "shown once" not in again.text


def test_a_refused_form_answers_400_with_the_page_and_no_redirect(
    dashboard: httpx.Client, project: ProjectCredentials
) -> None:
    path = f"/dashboard/projects/{project.project_id}"
    answer = _post(dashboard, f"{path}/add-redirect", redirect_uri="ftp://nope")
    assert answer.status_code == 400 and "absolute http(s) URL" in answer.text


def test_webhook_edit_and_test_show_the_endpoints_answer(
    sim: Simulator, dashboard: httpx.Client, project: ProjectCredentials
) -> None:
    inbox = sim.webhooks.inbox("dash")
    created = sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="first-secret")
    page = f"/dashboard/projects/{project.project_id}/webhooks/{created['id']}"
    assert "first-secret" not in dashboard.get(page).text  # the secret is write-only

    edit = {"label": "Renamed", "endpoint_url": "inbox://dash", "secret": "second-secret"}
    answer = _post(dashboard, f"{page}/edit", **edit, event_types=["User.Joined", "Card.Created"])
    assert answer.status_code == 303 and answer.headers["location"] == page
    assert "Subscription saved" in dashboard.get(page).text
    (stored,) = sim.webhooks.subscriptions(project)
    assert stored["label"] == "Renamed" and stored["secret"] == "second-secret"
    assert stored["event_types"] == ["User.Joined", "Card.Created"]

    # Bad input: the page again with every problem, what was typed kept, nothing changed.
    bad = {"label": "", "endpoint_url": "ftp://x", "event_types": []}
    refused = _post(dashboard, f"{page}/edit", **bad)
    assert refused.status_code == 400 and "ftp://x" in refused.text
    assert "at least one event type" in refused.text and "needs a label" in refused.text
    assert sim.webhooks.subscriptions(project)[0]["label"] == "Renamed"

    inbox.fail(status=503)
    answer = _post(dashboard, f"{page}/test", event_type="Card.Created")
    assert answer.status_code == 303
    shown = dashboard.get(page).text
    assert 'id="probe-status">503' in shown and "Card.Created" in shown
    (received,) = inbox.received
    assert received.headers[SECRET_HEADER] == "second-secret"
    assert 'id="probe-status"' not in dashboard.get(page).text  # once


def test_webhook_page_of_another_project_or_a_removed_subscription_is_a_404(
    sim: Simulator, dashboard: httpx.Client, project: ProjectCredentials
) -> None:
    other = sim.create_project("sandbox", "Other", ["http://localhost:3000/callback"])
    created = sim.webhooks.subscribe(other, "inbox://o", ["Account.Created"], secret="s3cret")
    answer = dashboard.get(f"/dashboard/projects/{project.project_id}/webhooks/{created['id']}")
    assert answer.status_code == 404 and "was not found" in answer.text


def test_clock_set_to_an_instant_and_refusals(sim: Simulator, dashboard: httpx.Client) -> None:
    now = sim.sandbox.clock.now()
    target = now.replace(year=now.year + 1, microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    refused = _post(dashboard, "/dashboard/clock", action="set", instant="next tuesday")
    assert refused.status_code == 400 and "Not an ISO 8601 date-time" in refused.text
    assert 'value="next tuesday"' in refused.text
    past = _post(dashboard, "/dashboard/clock", action="set", instant="2001-01-01T00:00:00Z")
    assert past.status_code == 400 and "only moves forward" in past.text
    # A year later: due work fired on the way, and this session is over (72 hours).
    answer = _post(dashboard, "/dashboard/clock", action="set", instant=target)
    assert answer.status_code == 303
    assert sim.sandbox.clock.timestamp().startswith(target[:19])

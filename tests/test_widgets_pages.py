"""The pages the kit shows are pictures whose controls do nothing and look it; the actions they
name are the widget's own live buttons (issue 33: an Authorize that did nothing when clicked, an
inbox saying "No consent is waiting" above a page still offering Approve)."""

from __future__ import annotations

import html
import re

from simulator import Simulator
from simulator.widgets import ConsentInbox, OAuthWalkthrough
from simulator.widgets.oauth_walkthrough import as_picture

from .test_widgets_kit import PHONE, funded_account, transfer


def frame_document(value: str) -> str:
    """The HTML inside the widget's frame (its `srcdoc`)."""
    found = re.search(r'srcdoc="([^"]*)"', value)
    assert found is not None
    return html.unescape(found.group(1))


def labels(walk: OAuthWalkthrough) -> list[str]:
    return [button.description for button in walk.page_actions.children]


def test_a_picture_disables_every_control_and_link() -> None:
    page = (
        "<html><head></head><body><form><input name='a'><button type='submit'>Go</button>"
        '<select></select></form><a class="button" href="/back">Back</a></body></html>'
    )
    picture = as_picture(page)
    assert "<input disabled" in picture and "<button disabled" in picture
    assert "<select disabled" in picture and "href=" not in picture
    assert "pointer-events:none" in picture


def test_the_open_pages_buttons_are_the_widgets_and_each_does_what_it_says(
    sim: Simulator,
) -> None:
    walk = OAuthWalkthrough(sim)
    walk.steps["url"].click()
    assert labels(walk) == []
    walk.steps["open"].click()
    assert labels(walk) == ["Send me a code"]
    document = frame_document(walk.page.value)
    assert re.search(r"<button disabled[^>]*>Send me a code</button>", document)
    walk.page_actions.children[0].click()  # the page's "Send me a code", live
    assert walk.results["send code"]["text message"].startswith("Your verification code is")
    assert labels(walk) == ["Verify code"]
    walk.page_actions.children[0].click()
    assert walk.results["enter code"]["registered"] is True
    assert labels(walk) == ["Authorize", "Deny"]
    document = frame_document(walk.page.value)
    assert re.search(r"<button disabled[^>]*>Authorize</button>", document)
    assert re.search(r"<button disabled[^>]*>Deny</button>", document)
    walk.page_choice.value = "open"  # an earlier page: a picture, no buttons under it
    assert labels(walk) == [] and "the flow has moved on" in walk.page.value
    walk.page_choice.value = "enter code"
    assert labels(walk) == ["Authorize", "Deny"]
    walk.page_buttons["Authorize"].click()
    assert walk.results["authorize"]["state matches"] is True
    assert labels(walk) == []  # the page is left: its buttons go with it
    walk.steps["exchange"].click()
    assert "access_token" in walk.results["exchange"]["received"]


def test_deny_sends_the_user_back_with_access_denied_and_a_new_flow_starts_over(
    sim: Simulator,
) -> None:
    walk = OAuthWalkthrough(sim, phone=PHONE)
    for step in ("url", "open", "send code", "enter code"):
        walk.steps[step].click()
    walk.page_buttons["Deny"].click()
    assert walk.results["deny"]["refused with"] == "access_denied"
    assert walk.results["deny"]["redirect"] == "http://localhost:3000/callback"
    assert labels(walk) == []
    walk.steps["authorize"].click()
    assert walk.results["authorize"]["error"].startswith("The user denied")
    walk.run_all_button.click()  # a new flow from its URL: the refusal is over
    assert "deny" not in walk.results and walk.results["reuse"]["status"] == 401


def test_a_static_page_output_is_a_picture_and_says_so(sim: Simulator) -> None:
    walk = OAuthWalkthrough(sim)
    walk.run_all()
    shown = walk.page_of("enter code")._repr_html_()
    assert "a picture, its buttons greyed" in shown
    assert re.search(r"<button disabled[^>]*>Authorize</button>", frame_document(shown))


def test_the_inbox_offers_approve_only_while_a_consent_waits_and_says_what_it_did(
    sim: Simulator,
) -> None:
    account = funded_account(sim)
    inbox = ConsentInbox(sim)
    assert inbox.approve_button.disabled and inbox.refuse_button.disabled
    assert "No consent is waiting" in inbox.message.value
    rent = transfer(sim, account, "850.00")
    inbox.refresh_button.click()
    assert not inbox.approve_button.disabled and "1 waiting" in inbox.message.value
    inbox.approve_button.click()
    assert inbox.last_redirect["consentId"] == rent["consent"]["id"]
    # The decision, then the list's state, and the page as a picture of what was approved.
    assert inbox.message.value == "<b>Approve</b>: consent Accepted. <i>No consent is waiting.</i>"
    assert inbox.approve_button.disabled and inbox.refuse_button.disabled
    assert "then clicked <b>Approve</b>" in inbox.page.value
    assert re.search(r"<button disabled[^>]*>Approve</button>", frame_document(inbox.page.value))

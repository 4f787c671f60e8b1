"""The Phone (a user's text messages) and the ConsentInbox (pending consents, approved or
refused through the real consent pages, in-process)."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import ipywidgets as widgets

from .oauth_walkthrough import _csrf, page_frame

__all__ = ["ConsentInbox", "Phone"]


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class Phone(widgets.VBox):  # type: ignore[misc]
    """The text messages sent to one phone number (the simulator's outbox), newest last.

    ```python
    phone = Phone(sim, "+33612345678")
    phone.refresh_button.click()
    phone.messages        # [{'text': 'Your verification code is ...', ...}]
    ```
    """

    def __init__(self, simulator: Any, phone_number: str | None = None) -> None:
        self.simulator = simulator
        self.number = widgets.Combobox(
            value=phone_number or "", description="Phone", placeholder="every number"
        )
        self.refresh_button = widgets.Button(description="Refresh", icon="refresh")
        self.screen = widgets.HTML()
        self.messages: list[dict[str, Any]] = []
        self.refresh_button.on_click(lambda _: self.refresh())
        self.number.observe(lambda _: self.refresh(), names="value")
        super().__init__([widgets.HBox([self.number, self.refresh_button]), self.screen])
        self.refresh()

    def refresh(self) -> None:
        everything = self.simulator.oauth.text_messages()
        self.number.options = sorted({m["phone_number"] for m in everything})
        wanted = self.number.value.strip()
        self.messages = [m for m in everything if not wanted or m["phone_number"] == wanted]
        bubbles = "".join(
            "<div style='background:#e5e5ea;border-radius:14px;padding:6px 10px;margin:4px 0;"
            f"max-width:260px'>{html.escape(m['text'])}<br><small style='color:#666'>"
            f"{html.escape(m['phone_number'])} · {html.escape(m['sent_at'])}</small></div>"
            for m in self.messages[-6:]
        )
        self.screen.value = (
            "<div style='border:8px solid #222;border-radius:24px;padding:10px;width:290px;"
            f"min-height:120px;font-family:system-ui'>{bubbles or '<i>No messages</i>'}</div>"
        )


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class ConsentInbox(widgets.VBox):  # type: ignore[misc]
    """The Sandbox's open consents; Approve or Refuse one as its user would: the consent page
    opened, the sign-in with the code from the outbox, the decision, the redirect.

    ```python
    inbox = ConsentInbox(sim)
    inbox.consents.value = consent_id      # or the first open one, selected by default
    inbox.approve_button.click()
    inbox.last_redirect                    # {'consentId': ..., 'status': 'Accepted', ...}
    ```
    """

    def __init__(self, simulator: Any, phone_number: str | None = None) -> None:
        self.simulator = simulator
        #: Who signs in; by default the number the consent page is prefilled with.
        self.phone_number = phone_number
        self.consents = widgets.Dropdown(
            description="Consent", layout=widgets.Layout(width="520px")
        )
        self.refresh_button = widgets.Button(description="Refresh", icon="refresh")
        self.approve_button = widgets.Button(description="Approve", button_style="success")
        self.refuse_button = widgets.Button(description="Refuse", button_style="danger")
        self.message = widgets.HTML()
        self.page = widgets.HTML()
        self.last_redirect: dict[str, str] = {}
        #: What the last decision did, kept above the list's state (see `refresh`).
        self._decided = ""
        self.refresh_button.on_click(lambda _: self.refresh())
        self.approve_button.on_click(lambda _: self.decide("approve"))
        self.refuse_button.on_click(lambda _: self.decide("refuse"))
        super().__init__(
            [
                widgets.HBox([self.consents, self.refresh_button]),
                widgets.HBox([self.approve_button, self.refuse_button]),
                self.message,
                self.page,
            ]
        )
        self.refresh()

    def open_consents(self) -> list[dict[str, Any]]:
        rows = self.simulator.sandbox.store.db.execute(
            "SELECT id, purpose, status, expires_at FROM consents "
            "WHERE status IN ('Created', 'Started') ORDER BY created_at, rowid"
        ).fetchall()
        return [
            dict(zip(("id", "purpose", "status", "expires_at"), row, strict=True)) for row in rows
        ]

    def refresh(self) -> None:
        found = self.open_consents()
        self.consents.options = [
            (f"{c['purpose']} · {c['status']} · expires {c['expires_at']}", c["id"]) for c in found
        ]
        self.consents.value = found[0]["id"] if found else None
        # Approve and Refuse act on a waiting consent: with none, they are off, not dead.
        self.approve_button.disabled = self.refuse_button.disabled = not found
        waiting = f"{len(found)} waiting." if found else "<i>No consent is waiting.</i>"
        self.message.value = f"{self._decided} {waiting}".strip()

    def decide(self, decision: str) -> dict[str, str]:
        """Approve or refuse the chosen consent through its pages; returns the redirect's query."""
        consent_id = self.consents.value
        if consent_id is None:
            self.refresh()
            return {}
        with self.simulator.client(follow_redirects=False) as browser:  # its own cookies
            path = f"/oauth2/consents/{consent_id}"
            page = browser.get(path).text
            csrf = _csrf(page)
            prefilled = re.search(r'name="phone_number"[^>]*value="([^"]+)"', page)
            phone = self.phone_number or (prefilled.group(1) if prefilled else "")
            browser.post("/oauth2/login/phone", data={"csrf_token": csrf, "phone_number": phone})
            code = self.simulator.oauth.latest_code(phone) if phone else None
            browser.post("/oauth2/login/code", data={"csrf_token": csrf, "code": code or ""})
            operation = browser.get(path).text
            answer = browser.post(path, data={"csrf_token": csrf, "decision": decision})
            # The page the user decided on, as it was before the click: a picture whose
            # buttons are greyed (the decision is made; the inbox's buttons act on the next).
            note = (
                f"The page {html.escape(phone)} saw, then clicked "
                f"<b>{html.escape(decision.title())}</b> (a picture: the decision is made)."
            )
            self.page.value = page_frame(browser, operation, note=note)
        location = answer.headers.get("location", "")
        self.last_redirect = {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}
        status = self.last_redirect.get("status", f"HTTP {answer.status_code}")
        self._decided = f"<b>{html.escape(decision.title())}</b>: consent {html.escape(status)}."
        self.refresh()
        return self.last_redirect

"""The OAuthWalkthrough: the authorization-code flow, one button per step, through the real
pages the simulator serves (each kept, shown in the widget as it comes), the phone's text
message, the state check, the exchange, the id_token's claims (times readable), a refresh
rotation and a reuse that revokes the family."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import secrets
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import ipywidgets as widgets

from ..clock import format_timestamp
from ..domain.kernel.projects import ProjectCredentials
from ._kit import REDIRECT_URI, Kit

__all__ = ["OAuthWalkthrough", "Page", "page_frame"]

PHONE = "+33612345678"
#: Tall enough for the longest page (registration) with its submit button.
FRAME_HEIGHT = 560
#: The id_token claims that are instants (seconds since 1970), shown as dates.
TIME_CLAIMS = ("iat", "exp", "auth_time")
#: The page each step leaves open -> its buttons (as the page names them) and the step each
#: runs. The widget shows these as its own buttons under the page, which is a picture.
PAGE_ACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "open": (("Send me a code", "send code"),),
    "send code": (("Verify code", "enter code"),),
    "enter code": (("Authorize", "authorize"), ("Deny", "deny")),
}


#: Greys a picture's controls: none of them can act (see `as_picture`).
INERT_STYLE = (
    "<style>button,input,select,textarea,a.button{opacity:.45;cursor:not-allowed;"
    "pointer-events:none}</style>"
)


def as_picture(page: str) -> str:
    """The page with every control disabled and every link without its address.

    A frame without scripts, drawn from the page's HTML, cannot send a form to a simulator that
    runs in the kernel: a button there would look clickable and do nothing. So the picture
    shows them greyed, and the widget that shows it offers the same actions as its own buttons.
    """
    page = re.sub(r"<(button|input|select|textarea)\b", r"<\1 disabled", page)
    page = re.sub(r'(<a\b[^>]*?)\shref="[^"]*"', r'\1 aria-disabled="true"', page)
    return page.replace("</head>", INERT_STYLE + "</head>", 1)


def page_frame(http: Any, page: str, height: int = FRAME_HEIGHT, note: str = "") -> str:
    """A picture of a page of the simulator (`as_picture`) in a sandboxed frame (no scripts),
    its stylesheet inlined: the learner sees what a browser shows, without a server. `note`, if
    given, is a line of HTML above the frame saying where the page's actions are."""
    style = http.get("/oauth2/static/pages.css")
    css = f"<style>{style.text}</style>" if style.status_code == 200 else ""
    document = re.sub(r"<link rel=\"stylesheet\"[^>]*>", css, as_picture(page))
    caption = f"<div style='font-size:12px;color:#555;margin:2px 0'>{note}</div>" if note else ""
    return (
        f'{caption}<iframe sandbox srcdoc="{html.escape(document, quote=True)}" '
        f"style='width:100%;height:{height}px;border:1px solid #ccd;border-radius:6px'></iframe>"
    )


class Page:
    """A page as one step of the walkthrough saw it, for a notebook's output: the frame in
    HTML (its anti-forgery token blanked, so a stored output does not change between runs)
    and its title as plain text."""

    def __init__(self, http: Any, step: str, page: str) -> None:
        self.step = step
        self.title = (re.findall(r"<h1[^>]*>([^<]*)</h1>", page) or ["(no title)"])[0]
        self.buttons = re.findall(r"<button[^>]*>([^<]*)</button>", page)
        blank = re.sub(r'(name="csrf_token" value=")[^"]*', r"\1…", page)
        note = (
            f"The page after step <b>{html.escape(step)}</b>, as the user sees it: a picture, its "
            "buttons greyed (the walkthrough's buttons click them)."
        )
        self._html = page_frame(http, blank, note=note)

    def _repr_html_(self) -> str:
        return self._html

    def __repr__(self) -> str:
        return f"<Page after {self.step!r}: {self.title}; buttons {self.buttons}>"


def _readable(claims: dict[str, Any]) -> dict[str, Any]:
    """The claims with their instants as dates of the virtual clock (and without the nonce)."""
    return {
        key: format_timestamp(datetime.fromtimestamp(value, UTC)) if key in TIME_CLAIMS else value
        for key, value in claims.items()
        if key != "nonce"
    }


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    return found.group(1) if found else ""


def _claims(id_token: str) -> dict[str, Any]:
    """The id_token's claims (its signature is checked by the token endpoint's clients; here
    we only read them)."""
    payload = id_token.split(".")[1]
    data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return data


def _shown(result: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in result.items() if key != "page"}


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class OAuthWalkthrough(widgets.VBox):  # type: ignore[misc]
    """Step through the flow with the buttons in `steps` (or `run_all`).

    ```python
    walk = OAuthWalkthrough(sim)
    walk.steps["url"].click(); walk.steps["open"].click(); walk.steps["send code"].click()
    walk.steps["enter code"].click(); walk.steps["authorize"].click()
    walk.steps["exchange"].click(); walk.steps["refresh"].click(); walk.steps["reuse"].click()
    walk.results["reuse"]          # {'status': 401, 'error': 'invalid_grant', ...}
    ```
    """

    STEPS = ("url", "open", "send code", "enter code", "authorize", "exchange", "refresh", "reuse")

    def __init__(
        self, simulator: Any, *, project: ProjectCredentials | None = None, phone: str = PHONE
    ) -> None:
        self.kit = Kit.of(simulator, project)
        self.simulator = simulator
        self.phone = widgets.Text(value=phone, description="Phone")
        self.scope = widgets.Text(value="openid offline", description="Scope")
        self.prefill = widgets.Checkbox(value=True, description="Prefill phone and name")
        # The project's own setting, read, never changed behind the learner's back: ticking
        # the box switches the project (and says so).
        client_id = self.kit.project("sandbox").client_id
        uses_pkce = bool(simulator.oauth.settings(client_id)["pkce"])
        self.pkce = widgets.Checkbox(value=uses_pkce, description="PKCE (S256)")
        self._following_project = False
        self.pkce.observe(lambda change: self._switch_pkce(change["new"]), names="value")
        self.steps = {
            name: widgets.Button(description=f"{n}. {name}") for n, name in enumerate(self.STEPS, 1)
        }
        self.run_all_button = widgets.Button(description="Run every step", button_style="primary")
        for name, button in self.steps.items():
            button.on_click(lambda _, name=name: self.step(name))
        self.run_all_button.on_click(lambda _: self.run_all())
        self.view = widgets.HTML()
        self.notice = widgets.HTML()
        self.page = widgets.HTML()
        #: The open page's own buttons, live (the page above them is a picture): each runs the
        #: step its namesake on the page would. Shown only while that page is the one open.
        self.page_buttons = {
            label: widgets.Button(description=label, button_style=style)
            for label, style in (
                ("Send me a code", "primary"),
                ("Verify code", "primary"),
                ("Authorize", "success"),
                ("Deny", "danger"),
            )
        }
        for actions in PAGE_ACTIONS.values():
            for label, action in actions:
                self.page_buttons[label].on_click(lambda _, action=action: self.step(action))
        self.page_actions = widgets.HBox([])
        #: The step whose page is open and waiting for the user (None once the flow moved on).
        self._open_page: str | None = None
        #: Every page seen, by the step that opened it; the chooser shows any of them again.
        self.pages: dict[str, str] = {}
        self.page_choice = widgets.ToggleButtons(options=[], description="Page after")
        self.page_choice.observe(lambda change: self._show_page(change["new"]), names="value")
        #: What each step found (status codes, the URL, the claims, ...).
        self.results: dict[str, dict[str, Any]] = {}
        self._flow: dict[str, Any] = {}
        super().__init__(
            [
                widgets.HBox([self.phone, self.scope]),
                widgets.HBox([self.prefill, self.pkce]),
                widgets.HBox([*list(self.steps.values())[:4]]),
                widgets.HBox([*list(self.steps.values())[4:], self.run_all_button]),
                self.notice,
                self.view,
                self.page_choice,
                self.page,
                self.page_actions,
            ]
        )

    # -- driving -------------------------------------------------------------------------

    def step(self, name: str) -> dict[str, Any]:
        """Run one step; its result lands in `results[name]` and on the page."""
        method = getattr(self, "_" + name.replace(" ", "_"))
        try:
            result: dict[str, Any] = method()
        except (KeyError, IndexError, ValueError) as error:
            result = {"error": f"Run the earlier steps first ({error})"}
        self.results[name] = result
        self.view.value = "".join(
            # Every step done so far, the latest one open.
            f"<details{' open' if done == name else ''}><summary><b>{html.escape(done)}</b>"
            f"</summary><pre>{html.escape(json.dumps(_shown(found), indent=2))}</pre></details>"
            for done, found in self.results.items()
        )
        self._open_page = name if "page" in result else None
        if "page" in result:
            self.pages[name] = result["page"]
        self.page_choice.options = list(self.pages)  # none left after a new `url`
        if "page" in result:
            self.page_choice.value = name
        self._show_page(self.page_choice.value)
        return result

    def _show_page(self, name: str | None) -> None:
        """Draw page `name`; under it, its buttons while it is the page the user has open."""
        live = name is not None and name == self._open_page
        self.page_actions.children = [
            self.page_buttons[label] for label, _ in PAGE_ACTIONS.get(name or "", ()) if live
        ]
        if name in self.pages:
            note = (
                "The page as the user sees it (a picture: its buttons are the ones below it)."
                if self.page_actions.children
                else "An earlier page, as the user saw it (a picture: the flow has moved on)."
            )
            self.page.value = page_frame(self.kit.http, self.pages[name], note=note)
        else:
            self.page.value = ""

    def page_of(self, name: str) -> Page:
        """The page `name`'s step opened, as a notebook output (see `Page`)."""
        return Page(self.kit.http, name, self.pages[name])

    @property
    def tokens(self) -> dict[str, Any]:
        """The last token response (the exchange's, or the refresh's), as the partner got it."""
        tokens: dict[str, Any] = self._flow.get("tokens", {})
        return tokens

    def _switch_pkce(self, enabled: bool) -> None:
        if self._following_project:
            return
        client_id = self.kit.project("sandbox").client_id
        flow = self.simulator.oauth.set_pkce(client_id, enabled)["flow"]
        self.notice.value = (
            f"<b>The project now uses the {html.escape(flow)} flow</b> (for every later "
            "authorization, not only this walkthrough's)."
        )

    def run_all(self) -> dict[str, dict[str, Any]]:
        for name in self.STEPS:
            self.step(name)
        return self.results

    # -- the steps -----------------------------------------------------------------------

    def _url(self) -> dict[str, Any]:
        credentials = self.kit.project("sandbox")
        uses_pkce = bool(self.simulator.oauth.settings(credentials.client_id)["pkce"])
        if self.pkce.value != uses_pkce:  # switched elsewhere since: follow, do not switch back
            self._following_project = True
            self.pkce.value = uses_pkce
            self._following_project = False
        state = secrets.token_urlsafe(16)
        params = {
            "response_type": "code",
            "client_id": credentials.client_id,
            "redirect_uri": REDIRECT_URI,
            "scope": self.scope.value,
            "state": state,
        }
        if self.prefill.value:
            params |= {"phoneNumber": self.phone.value, "firstName": "Ada"}
        self._flow = {"state": state}
        self.pages.clear()
        self.results.pop("deny", None)  # a new flow: the last one's refusal is over
        if self.pkce.value:
            verifier = secrets.token_urlsafe(48)
            digest = hashlib.sha256(verifier.encode()).digest()
            challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
            params |= {"code_challenge": challenge, "code_challenge_method": "S256"}
            self._flow["verifier"] = verifier
        self._flow["url"] = "/oauth2/auth?" + urlencode(params)
        shown = {
            k: ("<random, kept by the partner>" if k == "state" else v) for k, v in params.items()
        }
        return {"url": self._flow["url"].split("?")[0], "parameters": shown}

    def _open(self) -> dict[str, Any]:
        answer = self.kit.http.get(self._flow["url"])
        if answer.status_code in (302, 303):  # a user who consented before: straight back
            self._flow["callback"] = answer.headers["location"]
            return {"status": answer.status_code, "redirect": "back to the partner at once"}
        self._flow["csrf"] = _csrf(answer.text)
        return {
            "status": answer.status_code,
            "X-Frame-Options": answer.headers.get("x-frame-options"),
            "page": answer.text,
        }

    def _send_code(self) -> dict[str, Any]:
        if "callback" in self._flow:
            return {"skipped": "no sign-in needed"}
        data = {"csrf_token": self._flow["csrf"], "phone_number": self.phone.value}
        answer = self.kit.http.post("/oauth2/login/phone", data=data)
        message = self.simulator.oauth.text_messages(phone_number=self.phone.value)[-1]
        return {
            "status": answer.status_code,
            "text message": message["text"],
            "sent_at": message["sent_at"],
            "page": self.kit.http.get("/oauth2/login").text,
        }

    def _enter_code(self) -> dict[str, Any]:
        if "callback" in self._flow:
            return {"skipped": "no sign-in needed"}
        code = self.simulator.oauth.latest_code(self.phone.value)
        data = {"csrf_token": self._flow["csrf"], "code": code}
        answer = self.kit.http.post("/oauth2/login/code", data=data)
        page = self.kit.http.get("/oauth2/login").text
        registered = 'name="first_name"' in page
        if registered:  # a phone number never seen: the registration page, filled in
            details = {"first_name": "Ada", "last_name": "Lovelace", "birth_date": "1990-04-21"}
            self.kit.http.post(
                "/oauth2/login/register", data={"csrf_token": self._flow["csrf"], **details}
            )
        consent = self.kit.http.get("/oauth2/auth/consent")
        return {"status": answer.status_code, "registered": registered, "page": consent.text}

    def _authorize(self) -> dict[str, Any]:
        if self._flow.get("denied"):
            return {"error": "The user denied: start again at 1. url"}
        if "callback" not in self._flow:
            data = {"csrf_token": self._flow["csrf"], "decision": "authorize"}
            answer = self.kit.http.post("/oauth2/auth/consent", data=data)
            self._flow["callback"] = answer.headers["location"]
        query = {k: v[0] for k, v in parse_qs(urlsplit(self._flow["callback"]).query).items()}
        state_ok = secrets.compare_digest(query.get("state", ""), self._flow["state"])
        tampered_ok = secrets.compare_digest("attacker-state", self._flow["state"])
        self._flow["code"] = query["code"] if state_ok else None
        return {
            "redirect": self._flow["callback"].split("?")[0],
            "parameters": sorted(query),
            "state matches": state_ok,
            "a tampered state would match": tampered_ok,
        }

    def _deny(self) -> dict[str, Any]:
        """**Deny** on the consent page: back to the partner with `error=access_denied`."""
        data = {"csrf_token": self._flow["csrf"], "decision": "deny"}
        answer = self.kit.http.post("/oauth2/auth/consent", data=data)
        self._flow["callback"] = answer.headers["location"]
        self._flow["denied"] = True
        query = {k: v[0] for k, v in parse_qs(urlsplit(answer.headers["location"]).query).items()}
        return {
            "redirect": self._flow["callback"].split("?")[0],
            "parameters": sorted(query),
            "refused with": query.get("error"),
        }

    def _exchange(self) -> dict[str, Any]:
        tokens = self.kit.exchange(self._flow["code"], self._flow.get("verifier"))
        if "access_token" not in tokens:
            return {"error": tokens}
        self._flow["tokens"] = tokens
        self.kit.remember_user(f"user {self.phone.value}", tokens)
        claims = _claims(tokens["id_token"]) if "id_token" in tokens else {}
        return {
            "received": sorted(tokens),
            "expires_in": f"{tokens.get('expires_in')} s of virtual time",
            "id_token claims": _readable(claims),
        }

    def _refresh(self) -> dict[str, Any]:
        tokens = self._flow["tokens"]
        if "refresh_token" not in tokens:
            return {"skipped": "no refresh token (PKCE flow, or no `offline` scope)"}
        answer = self._refresh_with(tokens["refresh_token"])
        rotated = answer.json()
        self._flow["first refresh token"] = tokens["refresh_token"]
        self._flow["tokens"] = rotated
        self.kit.remember_user(f"user {self.phone.value}", rotated)
        return {
            "status": answer.status_code,
            "new refresh token": rotated.get("refresh_token") != tokens["refresh_token"],
        }

    def _reuse(self) -> dict[str, Any]:
        if "first refresh token" not in self._flow:
            return {"skipped": "refresh first"}
        answer = self._refresh_with(self._flow["first refresh token"])
        newest = self._flow["tokens"]["access_token"]
        check = self.kit.http.post(
            "/sandbox/graphql",
            json={"query": "{ user { id } }"},
            headers={"Authorization": f"Bearer {newest}"},
        )
        return {
            "status": answer.status_code,
            "refused with": answer.json().get("error"),
            "newest access token now answers": check.status_code,
        }

    def _refresh_with(self, refresh_token: str) -> Any:
        credentials = self.kit.project("sandbox")
        data = {
            "grant_type": "refresh_token",
            "refresh_token": refresh_token,
            "client_id": credentials.client_id,
            "client_secret": credentials.client_secret,
        }
        return self.kit.http.post("/oauth2/token", data=data)

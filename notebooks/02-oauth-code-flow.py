# %% [markdown]
# # 2. OAuth 2.0: a user token through the authorization-code flow
#
# A project token (notebook 1) acts for the project. To act for **a user**, the partner sends the
# user's browser to the bank's pages; the user signs in with a phone number and a text-message
# code and approves; the bank sends the browser back with a short-lived **code**, which the
# partner's backend exchanges for the user's tokens.
#
# The kit's `OAuthWalkthrough` has one button per step. Below we click them one at a time from
# code, and after each step we look at the page the user saw at that moment. The walkthrough
# shows the open page with that page's own buttons under it (**Send me a code**, **Verify
# code**, **Authorize**, **Deny**): the page itself is a picture, its buttons greyed, since a
# frame in a notebook cannot post to a simulator running in the kernel. It keeps every page
# too: its **Page after** switch shows any of them again. (Refresh tokens, PKCE and the
# id_token come in notebook 3.)

# %%
from simulator import Simulator
from simulator.widgets import OAuthWalkthrough

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Budget app", ["http://localhost:3000/callback"])
print(creds.client_id, "uses the", sim.oauth.settings(creds.client_id)["flow"], "flow")

walk = OAuthWalkthrough(sim, project=creds, phone="+33612345678")
walk

# %% [markdown]
# ## 1. The authorization URL
#
# The partner sends the browser to `/oauth2/auth` with these parameters. `state` is a fresh
# random value the partner keeps in its own session to recognise the answer; `phoneNumber` and
# `firstName` are optional hints that prefill the pages.

# %%
walk.steps["url"].click()
for name, value in walk.results["url"]["parameters"].items():
    print(f"{name:14} {value}")

# %% [markdown]
# ## 2. Sign in: the phone number
#
# The first page asks for the phone number (prefilled). It is plain HTML, and it refuses to be
# shown inside another site's frame (`X-Frame-Options`): a partner opens it full screen or in a
# popup. (Here it is drawn from its HTML as a picture, its buttons greyed.)

# %%
walk.steps["open"].click()
print(walk.results["open"]["status"], "X-Frame-Options:", walk.results["open"]["X-Frame-Options"])
walk.page_of("open")

# %% [markdown]
# ## 3. The text message
#
# **Send me a code** texts a 6-digit code. Nothing leaves the machine: the simulator keeps every
# message in an outbox (the kit's `Phone` shows it; `python -m simulator sms` prints it).

# %%
import re

walk.steps["send code"].click()
sent = walk.results["send code"]
print(sent["sent_at"], re.sub(r"\d{6}", "••••••", sent["text message"]))
walk.page_of("send code")

# %% [markdown]
# ## 4. The code, then the consent page
#
# The user types the code. This phone number is new, so the user registers (the walkthrough
# fills the form), and then sees the consent page: which project asks, for what.

# %%
walk.steps["enter code"].click()
print("registered a new user:", walk.results["enter code"]["registered"])
walk.page_of("enter code")

# %% [markdown]
# ## 5. Authorize, and the state check
#
# We click the consent page's **Authorize**: the walkthrough's button of that name, under the
# page (**Deny** beside it would send the browser back with `error=access_denied`).
# **Authorize** sends the browser back to the redirect URI with `code` and `state`. The
# partner's callback first compares `state` with the one it kept, in constant time, and treats a
# mismatch as a failed flow: otherwise an attacker could make a victim's browser deliver the
# attacker's code, and the victim would be signed in to the attacker's account.

# %%
print([button.description for button in walk.page_actions.children])
walk.page_buttons["Authorize"].click()
back = walk.results["authorize"]
print(back["redirect"], back["parameters"])
print(
    "state matches:",
    back["state matches"],
    "| a tampered state would:",
    back["a tampered state would match"],
)

# %% [markdown]
# ## 6. The exchange
#
# The partner's backend (never the browser) posts the code with its `client_secret` to
# `/oauth2/token` and gets the user's tokens. A code works once and lives 10 minutes.

# %%
walk.steps["exchange"].click()
print(walk.results["exchange"]["received"])
print("access token lives", walk.results["exchange"]["expires_in"])

# %% [markdown]
# ## 7. Acting for the user
#
# The user's access token now appears among the Console's identities. Run `user` as Ada:

# %%
from simulator.widgets import Console

console = Console(sim, project=creds, operation="query user")
console.identity.value = "user +33612345678"
console.run_button.click()
user = console.response["data"]["user"]
print(console.status, user["firstName"], user["lastName"], user["mobilePhoneNumber"])
console

# %% [markdown]
# ## What we showed
#
# One flow, step by step: the URL and its `state`, the pages, the text message, the consent, the
# redirect and the state check, the exchange, a call as the user. The simulator stays open (no
# `sim.close()`): every button above still works after Run All; the temporary data dir goes
# when the kernel stops.

# %%
assert sim.oauth.settings(creds.client_id)["flow"] == "client_secret"  # never switched
assert [walk.results[n]["status"] for n in ("open", "send code")] == [200, 303]
assert walk.results["open"]["X-Frame-Options"] == "DENY"
assert list(walk.pages) == ["open", "send code", "enter code"]
assert back["state matches"] and not back["a tampered state would match"]
assert "access_token" in walk.results["exchange"]["received"]
assert console.status == 200 and user["firstName"] == "Ada"
print("All good.")

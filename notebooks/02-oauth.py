# %% [markdown]
# # 2. OAuth 2.0: a user access token with the authorization code flow
#
# A project token (notebook 1) acts for the project. To act for **a user**, the partner sends the
# user to the bank's authorization pages; the user signs in with a phone number and a text-message
# code and approves; the bank sends the browser back with a short-lived **code**, which the
# partner's backend exchanges for tokens.
#
# You will walk every step in-process:
# 1. build the authorization URL (and its `state`),
# 2. go through the pages as a browser would, reading the code in the simulated **text-message
#    outbox**,
# 3. check the `state` that comes back (CSRF protection),
# 4. exchange the code, call the API as the user, **rotate** the refresh token,
# 5. do it again with **PKCE**, and decode the **id_token**.
#
# Codes and tokens are random: we print their prefix or length, never the values.

# %%
from simulator import Simulator

sim = Simulator()  # a temporary data dir; the clock starts frozen
REDIRECT_URI = "http://localhost:3000/callback"
creds = sim.create_project("sandbox", "Budget app", [REDIRECT_URI])
# A client that follows no redirect, so we can look at every Location header.
http = sim.client(follow_redirects=False)
print(sim.clock.timestamp())
print(creds.client_id)

# %% [markdown]
# ## 1. The authorization URL
#
# The partner redirects the user's browser to `{auth_url}/auth` with the parameters of section 4.4.
# `state` is a fresh random value that the partner keeps (in its own session) to recognise the
# answer. `phoneNumber` and `firstName` are optional hints that pre-fill the pages.

# %%
import secrets
from urllib.parse import urlencode

state = secrets.token_urlsafe(16)  # kept by the partner until the user comes back
params = {
    "response_type": "code",
    "client_id": creds.client_id,
    "redirect_uri": REDIRECT_URI,
    "scope": "openid offline",
    "state": state,
    "phoneNumber": "+33612345678",
    "firstName": "Ada",
}
authorization_url = "/oauth2/auth?" + urlencode(params)
for name, value in params.items():
    shown = "<random, kept by the partner>" if name == "state" else value
    print(f"{name:14} {shown}")

# %% [markdown]
# ## 2. The pages
#
# The first page asks for the phone number. It is plain HTML (no JavaScript), and it refuses to be
# shown inside a frame of another site: a partner must open it full screen or in a popup (section
# 5.2).

# %%
import re

page = http.get(authorization_url)
print(page.status_code, page.headers["content-type"])
print("X-Frame-Options:", page.headers["x-frame-options"])
print("frame-ancestors none:", "frame-ancestors 'none'" in page.headers["content-security-policy"])


def labels(html):
    return re.findall(r"<label for=\"\w+\">([^<]+)</label>", html)


def csrf_token(html):  # each form carries the session's anti-forgery token
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


print(labels(page.text))
print("pre-filled:", 'value="+33612345678"' in page.text)
csrf = csrf_token(page.text)

# %% [markdown]
# Submitting the phone number sends a 6-digit code by text message. Nothing leaves the machine: the
# simulator records every message in an **outbox** (`sim.oauth.text_messages()`, `python -m
# simulator sms`, or the Testing API's `textMessages`). The form answers `303 See Other` to the next
# step.

# %%
answer = http.post("/oauth2/login/phone", data={"csrf_token": csrf, "phone_number": "+33612345678"})
print(answer.status_code, answer.headers["location"])

[message] = sim.oauth.text_messages(phone_number="+33612345678")
print(message["phone_number"], message["sent_at"])
print(re.sub(r"\d{6}", "••••••", message["text"]))

# %% [markdown]
# The user types the code. A wrong one says so (five wrong codes lock the attempt; a code lives 15
# minutes). This phone number is new, so the next step is registration, pre-filled with `firstName`.

# %%
text_code = sim.oauth.latest_code("+33612345678")
wrong_code = "000000" if text_code != "000000" else "111111"
answer = http.post("/oauth2/login/code", data={"csrf_token": csrf, "code": wrong_code})
print(answer.status_code, re.search(r'role="alert">([^<]+)', answer.text).group(1))

answer = http.post("/oauth2/login/code", data={"csrf_token": csrf, "code": text_code})
print(answer.status_code, answer.headers["location"])
page = http.get("/oauth2/login")
print(labels(page.text))

answer = http.post(
    "/oauth2/login/register",
    data={
        "csrf_token": csrf,
        "first_name": "Ada",
        "last_name": "Lovelace",
        "birth_date": "1990-04-21",
    },
)
print(answer.status_code, answer.headers["location"])

# %% [markdown]
# Signed in, the user sees the consent page: which project asks, for which scopes. **Authorize**
# sends the browser back to the redirect URI with `code` and `state` (**Deny** would send
# `error=access_denied`).

# %%
from urllib.parse import parse_qs, urlsplit

page = http.get("/oauth2/auth/consent")
print(re.findall(r"<li><strong>([^<]+)</strong>", page.text))

answer = http.post("/oauth2/auth/consent", data={"csrf_token": csrf, "decision": "authorize"})
callback = answer.headers["location"]
print(answer.status_code, callback.split("?")[0])
print(sorted(parse_qs(urlsplit(callback).query)))  # the values are not for printing

# %% [markdown]
# ## 3. The state check (CSRF protection)
#
# The partner's callback must compare the returned `state` with the one it kept, and treat a
# mismatch as a failed flow (section 5.2): otherwise an attacker could make a victim's browser
# deliver the *attacker's* code, and the victim would be logged in to the attacker's account.
# Compare in constant time.

# %%
import hmac


def handle_callback(url, expected_state):
    """What a partner's callback does first: returns the code, or refuses."""
    query = {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
    if "error" in query:
        raise PermissionError(f"authorization failed: {query['error']}")
    if not hmac.compare_digest(query.get("state", ""), expected_state):
        raise PermissionError("state mismatch: not the flow we started")
    return query["code"]


tampered = callback.replace(state, "attacker-state")
try:
    handle_callback(tampered, state)
except PermissionError as refused:
    print("refused:", refused)

auth_code = handle_callback(callback, state)
print("code:", auth_code[:11] + "...", len(auth_code), "characters")


# %% [markdown]
# ## 4. The exchange, a user call, and refresh rotation
#
# The backend posts the code with its `client_secret` (never from a browser). The answer has exactly
# the fields of the token-response table; `refresh_token` is there because `offline` was granted.


# %%
def token_request(**data):
    return http.post("/oauth2/token", data=data)


answer = token_request(
    grant_type="authorization_code",
    code=auth_code,
    client_id=creds.client_id,
    client_secret=creds.client_secret,
    redirect_uri=REDIRECT_URI,
)
tokens = answer.json()
print(answer.status_code, sorted(tokens))
print({k: tokens[k] for k in ("expires_in", "scope", "token_type")})
for name in ("access_token", "refresh_token"):
    print(name, tokens[name][:11] + "...")


# %%
def user_query(access_token):
    answer = http.post(
        "/sandbox/graphql",
        json={"query": "{ user { id mobilePhoneNumber firstName lastName birthDate } }"},
        headers={"Authorization": f"Bearer {access_token}"},
    )
    body = answer.json()
    return answer.status_code, body.get("data", body)


print(user_query(tokens["access_token"]))

# %% [markdown]
# A code works **once** and lives 10 minutes: a second exchange is a 401, and it revokes what the
# first one issued (the code may have been stolen). Here we use the code again on purpose, then
# start over with a fresh authorization below.

# %%
again = token_request(
    grant_type="authorization_code",
    code=auth_code,
    client_id=creds.client_id,
    client_secret=creds.client_secret,
    redirect_uri=REDIRECT_URI,
)
print(again.status_code, again.json())
print(user_query(tokens["access_token"])[0])

# %% [markdown]
# For scripted tests, a Sandbox user can be created with **auto consent**: with `phoneNumber` naming
# them, the authorization answers the redirect at once (no code, no consent page). We use one to get
# fresh tokens, then refresh them. A refresh returns a **new** access token and a **new** refresh
# token; the old refresh token is dead, and presenting it again revokes the whole family (reuse
# detection).

# %%
sim.oauth.create_sandbox_user("+33700000001", first_name="Grace", auto_consent=True)


def authorize(phone, **extra):
    flow_state = secrets.token_urlsafe(16)
    query = urlencode(
        {
            "response_type": "code",
            "client_id": creds.client_id,
            "redirect_uri": REDIRECT_URI,
            "scope": "openid offline",
            "state": flow_state,
            "phoneNumber": phone,
            **extra,
        }
    )
    answer = http.get("/oauth2/auth?" + query)
    return handle_callback(answer.headers["location"], flow_state)


first = token_request(
    grant_type="authorization_code",
    code=authorize("+33700000001"),
    client_id=creds.client_id,
    client_secret=creds.client_secret,
    redirect_uri=REDIRECT_URI,
).json()
second = token_request(
    grant_type="refresh_token",
    refresh_token=first["refresh_token"],
    client_id=creds.client_id,
    client_secret=creds.client_secret,
)
rotated = second.json()
print(second.status_code, sorted(rotated))
print("new refresh token:", rotated["refresh_token"] != first["refresh_token"])

reuse = token_request(
    grant_type="refresh_token",
    refresh_token=first["refresh_token"],
    client_id=creds.client_id,
    client_secret=creds.client_secret,
)
print(reuse.status_code, reuse.json()["error"])
print(reuse.json()["error_description"])
print("the newest access token too:", user_query(rotated["access_token"])[0])

# %% [markdown]
# ## 5. PKCE
#
# With PKCE (RFC 7636) the partner proves the exchange comes from whoever started the flow without a
# client secret: it keeps a random `code_verifier` (43-128 characters of `A-Z a-z 0-9 - . ~ _`) and
# sends its SHA-256 (`code_challenge`, `S256`). PKCE is off for a new project ("available on
# request", section 5.3); a project has the secret flow **or** PKCE, never both. The PKCE answer has
# no refresh token.

# %%
import base64
import hashlib


def s256(verifier):
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


print(sim.oauth.set_pkce(creds.client_id, True)["flow"])
verifier = secrets.token_urlsafe(48)  # 64 characters, kept by the partner
challenge = s256(verifier)  # what the authorization request carries
print(len(verifier), len(challenge))

nonce = secrets.token_urlsafe(16)  # binds the id_token to this flow
pkce_code = authorize(
    "+33700000001", code_challenge=challenge, code_challenge_method="S256", nonce=nonce
)
answer = token_request(
    grant_type="authorization_code",
    code=pkce_code,
    client_id=creds.client_id,
    code_verifier=verifier,
    redirect_uri=REDIRECT_URI,
)
pkce_tokens = answer.json()
print(answer.status_code, sorted(pkce_tokens))

# The secret flow is now refused, with a clear error:
refused = token_request(
    grant_type="authorization_code",
    code=pkce_code,
    client_id=creds.client_id,
    client_secret=creds.client_secret,
    code_verifier=verifier,
    redirect_uri=REDIRECT_URI,
)
print(refused.status_code, refused.json()["error_description"])

# %% [markdown]
# ## 6. The id_token
#
# Every token response carries an `id_token`: a JWT signed with RS256. A standard OpenID Connect
# client finds the keys through the discovery document, checks the signature, then the claims:
# `iss`, `aud` (the client_id), `exp`, and the `nonce` it sent. Times are the virtual clock's.

# %%
from joserfc import jwt
from joserfc.jwk import KeySet

config = http.get("/oauth2/.well-known/openid-configuration").json()
print(config["issuer"], config["jwks_uri"])
keys = KeySet.import_key_set(http.get(config["jwks_uri"]).json())
id_token = jwt.decode(pkce_tokens["id_token"], keys, algorithms=["RS256"])
print(id_token.header["alg"])
jwt.JWTClaimsRegistry(
    now=int(sim.now().timestamp()),
    iss={"essential": True, "value": config["issuer"]},
    aud={"essential": True, "value": creds.client_id},
    nonce={"essential": True, "value": nonce},
).validate(id_token.claims)
for name, value in id_token.claims.items():
    if name != "nonce":
        print(f"{name:22} {value}")

# %% [markdown]
# ## Time
#
# The access token lives 3600 seconds of virtual time. Advance the clock instead of waiting:

# %%
print(user_query(pkce_tokens["access_token"])[0])
sim.advance("1h")
status, body = user_query(pkce_tokens["access_token"])
print(status, body["errors"][0]["message"])

# %% [markdown]
# ## The whole flow again, in the kit's OAuthWalkthrough
#
# The `OAuthWalkthrough` widget has one button per step and shows the real pages the simulator
# serves. We click its first three steps from code for a new phone number (build the URL, open the
# sign-in page, send the code); the kit's `Phone` shows the text message that arrived.

# %%
from simulator.widgets import OAuthWalkthrough, Phone

walk = OAuthWalkthrough(sim, project=creds, phone="+33698765432")
for name in ("url", "open", "send code"):
    walk.steps[name].click()
    result = walk.results[name]
    print(f"{name:10} {result.get('status', result.get('url'))}")
phone = Phone(sim, "+33698765432")
print(len(phone.messages), "text message on the phone")
phone

# %% [markdown]
# The rest: the code entered (a new user registers), the consent and the redirect with its state
# check, the exchange, a refresh rotation, and the reuse of the old refresh token that revokes the
# whole family. In Jupyter, click the buttons yourself (tick **PKCE** for the other variant).

# %%
for name in ("enter code", "authorize", "exchange", "refresh", "reuse"):
    walk.steps[name].click()
authorized, reused = walk.results["authorize"], walk.results["reuse"]
print(
    "state matches:",
    authorized["state matches"],
    "| tampered:",
    authorized["a tampered state would match"],
)
print("received:", walk.results["exchange"]["received"])
print(
    "reuse:",
    reused["status"],
    reused["error"],
    "| newest token now:",
    reused["newest access token now answers"],
)
walk

# %% [markdown]
# ## What we showed
#
# The simulator stays open (no `sim.close()`): after Run All the walkthrough above still runs.

# %%
assert tokens["scope"] == "openid offline" and tokens["token_type"] == "bearer"
assert tokens["expires_in"] == 3600
assert again.status_code == 401 and again.json()["error"] == "invalid_grant"
assert rotated["refresh_token"] != first["refresh_token"]
assert reuse.status_code == 401
assert "refresh_token" not in pkce_tokens and refused.status_code == 400
assert id_token.claims["aud"] == creds.client_id and id_token.claims["nonce"] == nonce
assert status == 401
assert [walk.results[n].get("status") for n in ("open", "send code")] == [200, 303]
assert len(phone.messages) == 1 and authorized["state matches"]
assert not authorized["a tampered state would match"]
assert walk.results["refresh"]["new refresh token"]
assert reused["status"] == 401 and reused["newest access token now answers"] == 401
print("all good")

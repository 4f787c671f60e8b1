# %% [markdown]
# # 3. OAuth 2.0: refresh tokens, PKCE and the id_token
#
# Notebook 2 walked the authorization-code flow to a user's tokens. This one looks at what comes
# back and what a partner does with it afterwards:
#
# 1. a **refresh** gives new tokens, and using an old refresh token again revokes them all,
# 2. **PKCE** replaces the client secret for apps that cannot keep one,
# 3. the **id_token** says who signed in, and when (on the virtual clock).
#
# The kit's `OAuthWalkthrough` (shown once, here) runs the flow; we read its results, then
# tick its **PKCE** box and run it again. After Run All it shows the last run.

# %%
from simulator import Simulator
from simulator.widgets import OAuthWalkthrough

sim = Simulator()  # a temporary data dir; the clock starts frozen
creds = sim.create_project("sandbox", "Budget app", ["http://localhost:3000/callback"])
walk = OAuthWalkthrough(sim, project=creds, phone="+33612345678")
for step in ("url", "open", "send code", "enter code", "authorize", "exchange"):
    walk.steps[step].click()  # the flow of notebook 2, up to the tokens
print(walk.results["exchange"]["received"])
walk

# %% [markdown]
# ## 1. Refresh rotation, and reuse detection
#
# The access token lives an hour. `grant_type=refresh_token` (with the client secret) returns a
# **new** access token and a **new** refresh token; the old refresh token is dead. Presenting it
# again means it leaked: the whole family is revoked, the newest access token included.

# %%
walk.steps["refresh"].click()
walk.steps["reuse"].click()
rotation = {step: walk.results[step] for step in ("refresh", "reuse")}
print("refresh:", rotation["refresh"])
print("reuse:  ", rotation["reuse"])

# %% [markdown]
# ## 2. PKCE
#
# With PKCE (RFC 7636) the partner proves the exchange comes from whoever started the flow, with
# no client secret: it keeps a random `code_verifier` and sends its SHA-256 (`code_challenge`,
# method `S256`). PKCE is off for a new project ("available on request"); a project uses the
# secret flow **or** PKCE, never both, and the PKCE answer has no refresh token.
#
# Ticking the walkthrough's **PKCE** box switches the *project* (it says so), for every later
# authorization, not only the walkthrough's. Then **Run every step** runs the flow with PKCE.

# %%
walk.pkce.value = True
print(sim.oauth.settings(creds.client_id)["flow"])
walk.run_all_button.click()
print(sorted(walk.results["url"]["parameters"]))
print(walk.results["exchange"]["received"])

# %% [markdown]
# ## 3. The id_token
#
# Each token answer carries an `id_token`: a JWT signed with RS256. A standard OpenID Connect
# client finds the keys through the discovery document, checks the signature, then the claims:
# `iss`, `aud` (the client_id) and `exp`, against the virtual clock. Its times (`iat`, `exp`,
# `auth_time`) are seconds since 1970; the walkthrough shows them as dates.

# %%
from joserfc import jwt
from joserfc.jwk import KeySet

http = sim.client()
config = http.get("/oauth2/.well-known/openid-configuration").json()
keys = KeySet.import_key_set(http.get(config["jwks_uri"]).json())
id_token = jwt.decode(walk.tokens["id_token"], keys, algorithms=["RS256"])
jwt.JWTClaimsRegistry(
    now=int(sim.now().timestamp()),
    iss={"essential": True, "value": config["issuer"]},
    aud={"essential": True, "value": creds.client_id},
).validate(id_token.claims)
print("signature and claims valid;", id_token.header["alg"])
for name, value in walk.results["exchange"]["id_token claims"].items():
    print(f"{name:22} {value}")

# %% [markdown]
# ## 4. Tokens expire on the virtual clock
#
# No need to wait an hour: advance the clock, and the user's access token is refused.

# %%
USER = "{ user { firstName } }"
access = walk.tokens["access_token"]
before = http.post(
    "/sandbox/graphql", json={"query": USER}, headers={"Authorization": f"Bearer {access}"}
)
sim.advance("1h")
after = http.post(
    "/sandbox/graphql", json={"query": USER}, headers={"Authorization": f"Bearer {access}"}
)
print(sim.clock.timestamp(), before.status_code, "->", after.status_code)

# %% [markdown]
# ## What we showed
#
# Rotation and reuse detection, PKCE switched on in the open, and an id_token checked and read.
# The simulator stays open (no `sim.close()`): the walkthrough above still runs after Run All
# (it follows the project, now on PKCE); the temporary data dir goes when the kernel stops.

# %%
assert rotation["refresh"] == {"status": 200, "new refresh token": True}
assert rotation["reuse"]["status"] == 401 and rotation["reuse"]["refused with"] == "invalid_grant"
assert rotation["reuse"]["newest access token now answers"] == 401
assert "code_challenge" in walk.results["url"]["parameters"]
assert "refresh_token" not in walk.results["exchange"]["received"]
claims = walk.results["exchange"]["id_token claims"]
assert claims["aud"] == creds.client_id and claims["iat"] == "2026-01-05T09:00:00.000Z"
assert before.status_code == 200 and after.status_code == 401
print("All good.")

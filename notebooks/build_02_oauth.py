"""Build notebooks/02-oauth.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat as nbf

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md(
        "# 2. OAuth 2.0: a user access token with the authorization code flow\n\n"
        "A project token (notebook 1) acts for the project. To act for **a user**, the partner "
        "sends the user to the bank's authorization pages; the user signs in with a phone "
        "number and a text-message code and approves; the bank sends the browser back with a "
        "short-lived **code**, which the partner's backend exchanges for tokens.\n\n"
        "You will walk every step in-process:\n"
        "1. build the authorization URL (and its `state`),\n"
        "2. go through the pages as a browser would, reading the code in the simulated "
        "**text-message outbox**,\n"
        "3. check the `state` that comes back (CSRF protection),\n"
        "4. exchange the code, call the API as the user, **rotate** the refresh token,\n"
        "5. do it again with **PKCE**, and decode the **id_token**.\n\n"
        "Codes and tokens are random: we print their prefix or length, never the values."
    ),
    code(
        "from simulator import Simulator\n\n"
        "sim = Simulator()  # a temporary data dir; the clock starts frozen\n"
        'REDIRECT_URI = "http://localhost:3000/callback"\n'
        'creds = sim.create_project("sandbox", "Budget app", [REDIRECT_URI])\n'
        "# A client that follows no redirect, so we can look at every Location header.\n"
        "http = sim.client(follow_redirects=False)\n"
        "print(sim.clock.timestamp())\n"
        "print(creds.client_id)"
    ),
    md(
        "## 1. The authorization URL\n\n"
        "The partner redirects the user's browser to `{auth_url}/auth` with the parameters of "
        "section 4.4. `state` is a fresh random value that the partner keeps (in its own "
        "session) to recognise the answer. `phoneNumber` and `firstName` are optional hints "
        "that pre-fill the pages."
    ),
    code(
        "import secrets\n"
        "from urllib.parse import urlencode\n\n"
        "state = secrets.token_urlsafe(16)  # kept by the partner until the user comes back\n"
        "params = {\n"
        '    "response_type": "code",\n'
        '    "client_id": creds.client_id,\n'
        '    "redirect_uri": REDIRECT_URI,\n'
        '    "scope": "openid offline",\n'
        '    "state": state,\n'
        '    "phoneNumber": "+33612345678",\n'
        '    "firstName": "Ada",\n'
        "}\n"
        'authorization_url = "/oauth2/auth?" + urlencode(params)\n'
        "for name, value in params.items():\n"
        '    shown = "<random, kept by the partner>" if name == "state" else value\n'
        '    print(f"{name:14} {shown}")'
    ),
    md(
        "## 2. The pages\n\n"
        "The first page asks for the phone number. It is plain HTML (no JavaScript), and it "
        "refuses to be shown inside a frame of another site: a partner must open it full "
        "screen or in a popup (section 5.2)."
    ),
    code(
        "import re\n\n"
        "page = http.get(authorization_url)\n"
        "print(page.status_code, page.headers['content-type'])\n"
        "print('X-Frame-Options:', page.headers['x-frame-options'])\n"
        "print('frame-ancestors none:', \"frame-ancestors 'none'\" in "
        "page.headers['content-security-policy'])\n\n"
        "def labels(html):\n"
        '    return re.findall(r"<label for=\\"\\w+\\">([^<]+)</label>", html)\n\n'
        "def csrf_token(html):  # each form carries the session's anti-forgery token\n"
        '    return re.search(r\'name="csrf_token" value="([^"]+)"\', html).group(1)\n\n'
        "print(labels(page.text))\n"
        "print('pre-filled:', 'value=\"+33612345678\"' in page.text)\n"
        "csrf = csrf_token(page.text)"
    ),
    md(
        "Submitting the phone number sends a 6-digit code by text message. Nothing leaves "
        "the machine: the simulator records every message in an **outbox** "
        "(`sim.oauth.text_messages()`, `python -m simulator sms`, or the Testing API's "
        "`textMessages`). The form answers `303 See Other` to the next step."
    ),
    code(
        'answer = http.post("/oauth2/login/phone", data={"csrf_token": csrf, '
        '"phone_number": "+33612345678"})\n'
        "print(answer.status_code, answer.headers['location'])\n\n"
        "[message] = sim.oauth.text_messages(phone_number='+33612345678')\n"
        "print(message['phone_number'], message['sent_at'])\n"
        "print(re.sub(r'\\d{6}', '••••••', message['text']))"
    ),
    md(
        "The user types the code. A wrong one says so (five wrong codes lock the attempt; a "
        "code lives 15 minutes). This phone number is new, so the next step is registration, "
        "pre-filled with `firstName`."
    ),
    code(
        "text_code = sim.oauth.latest_code('+33612345678')\n"
        "wrong_code = '000000' if text_code != '000000' else '111111'\n"
        'answer = http.post("/oauth2/login/code", data={"csrf_token": csrf, "code": wrong_code})\n'
        "print(answer.status_code, re.search(r'role=\"alert\">([^<]+)', answer.text).group(1))\n\n"
        'answer = http.post("/oauth2/login/code", data={"csrf_token": csrf, "code": text_code})\n'
        "print(answer.status_code, answer.headers['location'])\n"
        'page = http.get("/oauth2/login")\n'
        "print(labels(page.text))\n\n"
        'answer = http.post("/oauth2/login/register", data={\n'
        '    "csrf_token": csrf, "first_name": "Ada", "last_name": "Lovelace",\n'
        '    "birth_date": "1990-04-21"})\n'
        "print(answer.status_code, answer.headers['location'])"
    ),
    md(
        "Signed in, the user sees the consent page: which project asks, for which scopes. "
        "**Authorize** sends the browser back to the redirect URI with `code` and `state` "
        "(**Deny** would send `error=access_denied`)."
    ),
    code(
        "from urllib.parse import parse_qs, urlsplit\n\n"
        'page = http.get("/oauth2/auth/consent")\n'
        "print(re.findall(r'<li><strong>([^<]+)</strong>', page.text))\n\n"
        'answer = http.post("/oauth2/auth/consent",\n'
        '                   data={"csrf_token": csrf, "decision": "authorize"})\n'
        "callback = answer.headers['location']\n"
        "print(answer.status_code, callback.split('?')[0])\n"
        "print(sorted(parse_qs(urlsplit(callback).query)))  # the values are not for printing"
    ),
    md(
        "## 3. The state check (CSRF protection)\n\n"
        "The partner's callback must compare the returned `state` with the one it kept, and "
        "treat a mismatch as a failed flow (section 5.2): otherwise an attacker could make a "
        "victim's browser deliver the *attacker's* code, and the victim would be logged in to "
        "the attacker's account. Compare in constant time."
    ),
    code(
        "import hmac\n\n\n"
        "def handle_callback(url, expected_state):\n"
        '    """What a partner\'s callback does first: returns the code, or refuses."""\n'
        "    query = {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}\n"
        '    if "error" in query:\n'
        "        raise PermissionError(f\"authorization failed: {query['error']}\")\n"
        '    if not hmac.compare_digest(query.get("state", ""), expected_state):\n'
        '        raise PermissionError("state mismatch: not the flow we started")\n'
        '    return query["code"]\n\n'
        "tampered = callback.replace(state, 'attacker-state')\n"
        "try:\n"
        "    handle_callback(tampered, state)\n"
        "except PermissionError as refused:\n"
        "    print('refused:', refused)\n\n"
        "auth_code = handle_callback(callback, state)\n"
        "print('code:', auth_code[:11] + '...', len(auth_code), 'characters')"
    ),
    md(
        "## 4. The exchange, a user call, and refresh rotation\n\n"
        "The backend posts the code with its `client_secret` (never from a browser). The "
        "answer has exactly the fields of the token-response table; `refresh_token` is there "
        "because `offline` was granted."
    ),
    code(
        "def token_request(**data):\n"
        '    return http.post("/oauth2/token", data=data)\n\n'
        'answer = token_request(grant_type="authorization_code", code=auth_code,\n'
        "                       client_id=creds.client_id, client_secret=creds.client_secret,\n"
        "                       redirect_uri=REDIRECT_URI)\n"
        "tokens = answer.json()\n"
        "print(answer.status_code, sorted(tokens))\n"
        "print({k: tokens[k] for k in ('expires_in', 'scope', 'token_type')})\n"
        "for name in ('access_token', 'refresh_token'):\n"
        "    print(name, tokens[name][:11] + '...')"
    ),
    code(
        "def user_query(access_token):\n"
        '    answer = http.post("/sandbox/graphql",\n'
        '        json={"query": "{ user { id phoneNumber firstName lastName birthDate } }"},\n'
        '        headers={"Authorization": f"Bearer {access_token}"})\n'
        "    body = answer.json()\n"
        "    return answer.status_code, body.get('data', body)\n\n"
        "print(user_query(tokens['access_token']))"
    ),
    md(
        "A code works **once** and lives 10 minutes: a second exchange is a 401, and it "
        "revokes what the first one issued (the code may have been stolen). Here we use "
        "the code again on purpose, then start over with a fresh authorization below."
    ),
    code(
        'again = token_request(grant_type="authorization_code", code=auth_code,\n'
        "                      client_id=creds.client_id, client_secret=creds.client_secret,\n"
        "                      redirect_uri=REDIRECT_URI)\n"
        "print(again.status_code, again.json())\n"
        "print(user_query(tokens['access_token'])[0])"
    ),
    md(
        "For scripted tests, a Sandbox user can be created with **auto consent**: with "
        "`phoneNumber` naming them, the authorization answers the redirect at once (no code, "
        "no consent page). We use one to get fresh tokens, then refresh them. A refresh "
        "returns a **new** access token and a **new** refresh token; the old refresh token "
        "is dead, and presenting it again revokes the whole family (reuse detection)."
    ),
    code(
        "sim.oauth.create_sandbox_user('+33700000001', first_name='Grace', auto_consent=True)\n\n"
        "def authorize(phone, **extra):\n"
        "    flow_state = secrets.token_urlsafe(16)\n"
        '    query = urlencode({"response_type": "code", "client_id": creds.client_id,\n'
        '                       "redirect_uri": REDIRECT_URI, "scope": "openid offline",\n'
        '                       "state": flow_state, "phoneNumber": phone, **extra})\n'
        '    answer = http.get("/oauth2/auth?" + query)\n'
        "    return handle_callback(answer.headers['location'], flow_state)\n\n"
        "first = token_request(grant_type='authorization_code', code=authorize('+33700000001'),\n"
        "                      client_id=creds.client_id, client_secret=creds.client_secret,\n"
        "                      redirect_uri=REDIRECT_URI).json()\n"
        "second = token_request(grant_type='refresh_token', refresh_token=first['refresh_token'],\n"
        "                       client_id=creds.client_id, client_secret=creds.client_secret)\n"
        "rotated = second.json()\n"
        "print(second.status_code, sorted(rotated))\n"
        "print('new refresh token:', rotated['refresh_token'] != first['refresh_token'])\n\n"
        "reuse = token_request(grant_type='refresh_token', refresh_token=first['refresh_token'],\n"
        "                      client_id=creds.client_id, client_secret=creds.client_secret)\n"
        "print(reuse.status_code, reuse.json()['error'])\n"
        "print(reuse.json()['error_description'])\n"
        "print('the newest access token too:', user_query(rotated['access_token'])[0])"
    ),
    md(
        "## 5. PKCE\n\n"
        "With PKCE (RFC 7636) the partner proves the exchange comes from whoever started the "
        "flow without a client secret: it keeps a random `code_verifier` (43-128 characters "
        "of `A-Z a-z 0-9 - . ~ _`) and sends its SHA-256 (`code_challenge`, `S256`). PKCE is "
        'off for a new project ("available on request", section 5.3); a project has the '
        "secret flow **or** PKCE, never both. The PKCE answer has no refresh token."
    ),
    code(
        "import base64\n"
        "import hashlib\n\n\n"
        "def s256(verifier):\n"
        "    digest = hashlib.sha256(verifier.encode()).digest()\n"
        "    return base64.urlsafe_b64encode(digest).rstrip(b'=').decode()\n\n\n"
        "print(sim.oauth.set_pkce(creds.client_id, True)['flow'])\n"
        "verifier = secrets.token_urlsafe(48)  # 64 characters, kept by the partner\n"
        "challenge = s256(verifier)  # what the authorization request carries\n"
        "print(len(verifier), len(challenge))\n\n"
        "nonce = secrets.token_urlsafe(16)  # binds the id_token to this flow\n"
        "pkce_code = authorize('+33700000001', code_challenge=challenge,\n"
        "                      code_challenge_method='S256', nonce=nonce)\n"
        "answer = token_request(grant_type='authorization_code', code=pkce_code,\n"
        "                       client_id=creds.client_id, code_verifier=verifier,\n"
        "                       redirect_uri=REDIRECT_URI)\n"
        "pkce_tokens = answer.json()\n"
        "print(answer.status_code, sorted(pkce_tokens))\n\n"
        "# The secret flow is now refused, with a clear error:\n"
        "refused = token_request(grant_type='authorization_code', code=pkce_code,\n"
        "                        client_id=creds.client_id, client_secret=creds.client_secret,\n"
        "                        code_verifier=verifier, redirect_uri=REDIRECT_URI)\n"
        "print(refused.status_code, refused.json()['error_description'])"
    ),
    md(
        "## 6. The id_token\n\n"
        "Every token response carries an `id_token`: a JWT signed with RS256. A standard "
        "OpenID Connect client finds the keys through the discovery document, checks the "
        "signature, then the claims: `iss`, `aud` (the client_id), `exp`, and the `nonce` "
        "it sent. Times are the virtual clock's."
    ),
    code(
        "from joserfc import jwt\n"
        "from joserfc.jwk import KeySet\n\n"
        'config = http.get("/oauth2/.well-known/openid-configuration").json()\n'
        "print(config['issuer'], config['jwks_uri'])\n"
        "keys = KeySet.import_key_set(http.get(config['jwks_uri']).json())\n"
        "id_token = jwt.decode(pkce_tokens['id_token'], keys, algorithms=['RS256'])\n"
        "print(id_token.header['alg'])\n"
        "jwt.JWTClaimsRegistry(\n"
        "    now=int(sim.now().timestamp()),\n"
        "    iss={'essential': True, 'value': config['issuer']},\n"
        "    aud={'essential': True, 'value': creds.client_id},\n"
        "    nonce={'essential': True, 'value': nonce},\n"
        ").validate(id_token.claims)\n"
        "for name, value in id_token.claims.items():\n"
        "    if name != 'nonce':\n"
        "        print(f'{name:22} {value}')"
    ),
    md(
        "## Time\n\n"
        "The access token lives 3600 seconds of virtual time. Advance the clock instead of "
        "waiting:"
    ),
    code(
        "print(user_query(pkce_tokens['access_token'])[0])\n"
        "sim.advance('1h')\n"
        "status, body = user_query(pkce_tokens['access_token'])\n"
        "print(status, body['errors'][0]['message'])"
    ),
    md("## What we showed"),
    code(
        "assert tokens['scope'] == 'openid offline' and tokens['token_type'] == 'bearer'\n"
        "assert tokens['expires_in'] == 3600\n"
        "assert again.status_code == 401 and again.json()['error'] == 'invalid_grant'\n"
        "assert rotated['refresh_token'] != first['refresh_token']\n"
        "assert reuse.status_code == 401\n"
        "assert 'refresh_token' not in pkce_tokens and refused.status_code == 400\n"
        "assert id_token.claims['aud'] == creds.client_id and id_token.claims['nonce'] == nonce\n"
        "assert status == 401\n"
        "print('all good')"
    ),
]

notebook = nbf.v4.new_notebook(cells=cells)
notebook.metadata["kernelspec"] = {
    "display_name": "Python 3",
    "language": "python",
    "name": "python3",
}
nbf.write(notebook, "notebooks/02-oauth.ipynb")

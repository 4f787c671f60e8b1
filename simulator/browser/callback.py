"""The callback page (*simulator-only*): a redirect URI that something serves on a first try.

The demo project registers `{public_url}/callback` (`http://127.0.0.1:8000/callback` by
default). After "Authorize", the browser lands here with `code` and `state` (or `error`),
and the page shows them with the exact token request to make next, in curl and in Python.
After a consent (a `consentRedirectUrl` naming this page), it lands here with `consentId`,
`status` and `resourceId`, and the page says what happened in plain words.
The client secret is never on the page: the snippets read it from the environment. The
request's query string (the code) stays out of the access log, which logs paths only.
"""

from __future__ import annotations

import json
import shlex

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..public_url import public_url_of
from .pages import render_page

__all__ = ["CALLBACK_PATH", "callback_routes"]

CALLBACK_PATH = "/callback"
_MAX_SHOWN = 2048  # a longer parameter is cut: the page is for reading


def _param(request: Request, name: str) -> str | None:
    values = request.query_params.getlist(name)
    return values[0][:_MAX_SHOWN] if values else None


def token_snippets(base: str, code: str) -> tuple[str, str]:
    """The curl command and the Python code that exchange `code` for tokens."""
    redirect_uri = base + CALLBACK_PATH
    curl = (
        f'curl -s -u "$CLIENT_ID:$CLIENT_SECRET" {base}/oauth2/token \\\n'
        "  -d grant_type=authorization_code \\\n"
        f"  --data-urlencode code={shlex.quote(code)} \\\n"
        f"  --data-urlencode redirect_uri={shlex.quote(redirect_uri)}\n"
        '# a PKCE project: -d client_id="$CLIENT_ID" --data-urlencode code_verifier=... '
        "instead of -u"
    )
    python = (
        "import os\n\nimport httpx\n\n"
        f"tokens = httpx.post(\n    {json.dumps(base + '/oauth2/token')},\n"
        '    auth=(os.environ["CLIENT_ID"], os.environ["CLIENT_SECRET"]),\n'
        "    data={\n"
        '        "grant_type": "authorization_code",\n'
        f'        "code": {json.dumps(code)},\n'
        f'        "redirect_uri": {json.dumps(redirect_uri)},\n'
        "    },\n).json()\n"
        'print(tokens["access_token"])'
    )
    return curl, python


#: A consent's status, as its redirect carries it, in plain words (`consentId`, `status`).
CONSENT_OUTCOMES = {
    "Accepted": "approved: the operation goes ahead",
    "Refused": "refused: the operation will not happen",
    "Canceled": "canceled: the operation will not happen",
    "Expired": "expired before anyone decided: the operation will not happen",
    "Failed": "failed: the operation will not happen",
    "CredentialRefused": "refused: the person who signed in is not the one asked to consent",
    "OperationCommitting": "approved: the operation is being carried out",
    "Created": "still waiting for a decision",
    "Started": "still waiting for a decision",
}


async def callback_page(request: Request) -> Response:
    code, state = _param(request, "code"), _param(request, "state")
    error = _param(request, "error")
    consent_id, consent_status = _param(request, "consentId"), _param(request, "status")
    curl, python = token_snippets(public_url_of(request), code) if code else ("", "")
    # A consent's way back (`consentId`, `status`, `resourceId`) is an answer too, not an error.
    outcome = CONSENT_OUTCOMES.get(consent_status or "", f"{consent_status}") if consent_id else ""
    return render_page(
        "callback.html",
        status=200 if code or error or consent_id else 400,
        consent_id=consent_id,
        consent_status=consent_status,
        consent_outcome=outcome,
        resource_id=_param(request, "resourceId"),
        title="Consent answer" if consent_id and not code else "Authorization answer",
        environment_title="Callback",
        code=code,
        state=state,
        answer_error=error,
        error_description=_param(request, "error_description"),
        curl=curl,
        python=python,
    )


def callback_routes() -> list[Route]:
    return [Route(CALLBACK_PATH, callback_page, methods=["GET"])]

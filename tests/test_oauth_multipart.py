"""POST /oauth2/token with a `multipart/form-data` body, as the real service accepts it: every
grant through httpx in process and on a real uvicorn, Authlib's client with its form sent as
multipart, and malformed bodies or other content types answered with RFC 6749 JSON errors."""

from __future__ import annotations

import base64
import warnings

import authlib.deprecate  # noqa: F401  (installs its own "always" filter: import it first)
import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.oauth.pkce import s256_challenge

from .conftest import LiveServer
from .oauth_pages import PHONE, REDIRECT_URI, Pages

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Authlib suggests httpx2; the project uses httpx
    from authlib.integrations.httpx_client import OAuth2Client

VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
MULTIPART = "multipart/form-data; boundary=b"


def post_multipart(
    http: httpx.Client, url: str, fields: dict[str, str], **kwargs: object
) -> httpx.Response:
    """A token request whose body is `multipart/form-data` (httpx encodes `(None, value)`
    file entries as plain fields, with no filename)."""
    response = http.post(
        url, files={name: (None, value) for name, value in fields.items()}, **kwargs
    )
    assert response.request.headers["content-type"].startswith("multipart/form-data; boundary=")
    return response


def body_of(*fields: tuple[str, str], boundary: str = "b") -> bytes:
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in fields
    ]
    return ("".join(parts) + f"--{boundary}--\r\n").encode()


@pytest.fixture
def pages(http: httpx.Client, sim: Simulator) -> Pages:
    return Pages(http, sim.sandbox)


def code_for(pages: Pages, client_id: str, **overrides: str) -> str:
    return pages.authorize(client_id, **overrides)["code"]


def test_client_credentials(http: httpx.Client, project: ProjectCredentials) -> None:
    fields = {
        "grant_type": "client_credentials",
        "client_id": project.client_id,
        "client_secret": project.client_secret,
    }
    response = post_multipart(http, "/oauth2/token", fields)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    assert response.json()["token_type"] == "bearer"


def test_client_credentials_with_http_basic(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    basic = base64.b64encode(f"{project.client_id}:{project.client_secret}".encode()).decode()
    response = post_multipart(
        http,
        "/oauth2/token",
        {"grant_type": "client_credentials"},
        headers={"Authorization": f"Basic {basic}"},
    )
    assert response.status_code == 200, response.text


def test_code_then_refresh(pages: Pages, project: ProjectCredentials) -> None:
    code = code_for(pages, project.client_id)
    credentials = {"client_id": project.client_id, "client_secret": project.client_secret}
    response = post_multipart(
        pages.http,
        "/oauth2/token",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT_URI,
            **credentials,
        },
    )
    assert response.status_code == 200, response.text
    first = response.json()
    assert sorted(first) == [
        "access_token",
        "expires_in",
        "id_token",
        "refresh_token",
        "scope",
        "token_type",
    ]
    response = post_multipart(
        pages.http,
        "/oauth2/token",
        {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], **credentials},
    )
    assert response.status_code == 200, response.text
    assert response.json()["refresh_token"] != first["refresh_token"]
    # The grant's own rules hold whatever the body type: a reused refresh token is refused.
    response = post_multipart(
        pages.http,
        "/oauth2/token",
        {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], **credentials},
    )
    assert response.status_code == 401
    assert response.json()["error"] == "invalid_grant"


def test_pkce_code(sim: Simulator, pages: Pages, project: ProjectCredentials) -> None:
    sim.oauth.set_pkce(project.client_id, True)
    sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    code = code_for(
        pages,
        project.client_id,
        phoneNumber=PHONE,
        code_challenge=s256_challenge(VERIFIER),
        code_challenge_method="S256",
    )
    fields = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT_URI,
        "client_id": project.client_id,
        "code_verifier": VERIFIER,
    }
    response = post_multipart(pages.http, "/oauth2/token", fields)
    assert response.status_code == 200, response.text
    assert "refresh_token" not in response.json()


def test_repeated_parameter_is_refused_as_in_a_form(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    content = body_of(
        ("grant_type", "client_credentials"),
        ("client_id", project.client_id),
        ("client_secret", project.client_secret),
        ("client_secret", "another"),
    )
    response = http.post("/oauth2/token", content=content, headers={"Content-Type": MULTIPART})
    assert response.status_code == 400
    assert response.json() == {
        "error": "invalid_request",
        "error_description": "Parameter 'client_secret' is repeated.",
    }


def test_a_file_part_is_refused(http: httpx.Client, project: ProjectCredentials) -> None:
    response = http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": project.client_id,
            "client_secret": project.client_secret,
        },
        files={"client_assertion": ("token.jwt", b"eyJ...")},
    )
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_request"
    assert "file parts" in response.json()["error_description"]


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        (body_of(("grant_type", "client_credentials")), "multipart/form-data"),  # no boundary
        (body_of(("grant_type", "client_credentials")), "multipart/form-data; boundary="),
        (body_of(("grant_type", "client_credentials")), "multipart/form-data; boundary=zz"),
        (body_of(("grant_type", "client_credentials"))[:-12], MULTIPART),  # cut short
        (b"", MULTIPART),
        (b"\xff\xfe\x00garbage--b--", MULTIPART),
        (b"--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n", MULTIPART),  # no name
        (b"--b\r\nX-Other: y\r\n\r\nx\r\n--b--\r\n", MULTIPART),  # no Content-Disposition
        (b"--b\r\n\x00\x01: y\r\n\r\nx\r\n--b--\r\n", MULTIPART),  # a broken header line
        (body_of(("grant_type", "x"), boundary="a b"), 'multipart/form-data; boundary="a b'),
    ],
)
def test_a_malformed_multipart_body_is_a_json_400(
    http: httpx.Client, content: bytes, content_type: str
) -> None:
    response = http.post("/oauth2/token", content=content, headers={"Content-Type": content_type})
    assert response.status_code == 400, response.text
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert body["error"] == "invalid_request"
    assert body["error_description"].startswith("Malformed form body: ")


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "text/plain",
        "multipart/mixed; boundary=b",
        "multipart/form-data-ish; boundary=b",
        None,
    ],
)
def test_another_content_type_is_a_json_400(
    http: httpx.Client, project: ProjectCredentials, content_type: str | None
) -> None:
    content = body_of(
        ("grant_type", "client_credentials"),
        ("client_id", project.client_id),
        ("client_secret", project.client_secret),
    )
    headers = {"Content-Type": content_type} if content_type else {}
    response = http.post("/oauth2/token", content=content, headers=headers)
    assert response.status_code == 400, response.text
    assert response.json() == {
        "error": "invalid_request",
        "error_description": "The token endpoint takes a form body (Content-Type: "
        "application/x-www-form-urlencoded or multipart/form-data).",
    }


def test_on_a_real_server(
    sim: Simulator, live_server: LiveServer, project: ProjectCredentials
) -> None:
    sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    token_url = f"{live_server.base_url}/oauth2/token"
    with httpx.Client(base_url=live_server.base_url) as http:
        code = code_for(Pages(http, sim.sandbox), project.client_id, phoneNumber=PHONE)
        fields = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT_URI,
            "client_id": project.client_id,
            "client_secret": project.client_secret,
        }
        response = post_multipart(http, token_url, fields)
        assert response.status_code == 200, response.text
        broken = http.post(
            token_url, content=body_of(("code", code))[:-6], headers={"Content-Type": MULTIPART}
        )
        assert broken.status_code == 400
        assert broken.json()["error"] == "invalid_request"


class MultipartTransport(httpx.BaseTransport):
    """Sends each form-encoded request body as `multipart/form-data` instead (Authlib builds
    its token requests as forms only); everything else, Basic credentials included, as is.
    `sent` keeps the content type of each request that went out."""

    def __init__(self) -> None:
        self.inner = httpx.HTTPTransport()
        self.sent: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        # Authlib says `application/x-www-form-urlencoded;charset=UTF-8`.
        if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
            fields = httpx.QueryParams(request.read().decode())
            headers = {
                name: value
                for name, value in request.headers.items()
                if name.lower() not in ("content-type", "content-length")
            }
            request = httpx.Request(
                request.method,
                request.url,
                headers=headers,
                files=[(name, (None, value)) for name, value in fields.multi_items()],
            )
        self.sent.append(request.headers.get("content-type", ""))
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


def test_authlib_with_a_multipart_body(
    sim: Simulator,
    live_server: LiveServer,
    project: ProjectCredentials,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Authlib insists on https except when told that plain http on loopback is fine.
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")
    sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    token_url = f"{live_server.base_url}/oauth2/token"
    transport = MultipartTransport()
    client = OAuth2Client(
        project.client_id,
        project.client_secret,
        redirect_uri=REDIRECT_URI,
        scope="openid offline",
        transport=transport,
    )
    url, _ = client.create_authorization_url(
        f"{live_server.base_url}/oauth2/auth", phoneNumber=PHONE
    )
    callback = httpx.get(url).headers["location"]
    token = client.fetch_token(token_url, authorization_response=callback)
    assert token["scope"] == "openid offline"
    renewed = client.refresh_token(token_url)
    assert renewed["refresh_token"] != token["refresh_token"]
    client.close()
    assert len(transport.sent) == 2
    assert all(sent.startswith("multipart/form-data; boundary=") for sent in transport.sent), (
        transport.sent
    )

"""The public base URL: the one origin every absolute URL the server emits starts with.

The issuer and endpoints of the OAuth discovery document, the `iss` of id_tokens, a
consent's `consentUrl` and the addresses of the index page are all built from it, never
from the request's `Host` header: a client (or anyone who can make a victim's browser send
a request) controls that header, and a URL built from it would send the next request, with
its credentials, wherever the header said.

`serve --public-url URL` sets it (default `http://{host}:{port}`), `Simulator(public_url=...)`
in-process (default `http://localhost:8000`). The app keeps it in `app.state.public_url`.

It is also where a browser's pages are: the one origin check of every form the server's
pages post (`same_origin`: the dashboard, the OAuth sign-in and consent pages, the
instructor's view) and the `Secure` flag of every session cookie (`set_session_cookie`) are
decided here, from the public URL, because behind a TLS proxy the connection itself is plain
`http` to a backend address and says nothing of where the browser is (docs/security.md,
"Forms and session cookies").
"""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING, Any, Final, Literal
from urllib.parse import urlsplit

from .exceptions import ConfigurationError

if TYPE_CHECKING:  # the command line reads this module: no Starlette at its start-up
    from starlette.requests import HTTPConnection
    from starlette.responses import Response

__all__ = [
    "DEFAULT_PUBLIC_URL",
    "default_public_url",
    "origin_key",
    "public_url_of",
    "public_url_setting",
    "same_origin",
    "set_session_cookie",
]

#: The public URL of a default `serve`, and of the in-process simulator.
DEFAULT_PUBLIC_URL: Final = "http://localhost:8000"


def public_url_setting(text: str) -> str:
    """`text` as a public base URL (`scheme://host[:port]`, no trailing slash), or a
    `ConfigurationError` saying what is wrong with it."""
    value = text.strip().rstrip("/")
    try:
        parts = urlsplit(value)
        port = parts.port  # raises ValueError when not a number in 0..65535
    except ValueError:
        raise ConfigurationError(f"Not a URL: {text!r}.") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigurationError(
            f"The public URL must be http:// or https:// with a host, like "
            f"https://bank.example: got {text!r}."
        )
    if parts.path or parts.query or parts.fragment or parts.username or parts.password:
        # The pages redirect to absolute paths (/oauth2/login): a path prefix would break them.
        raise ConfigurationError(
            f"The public URL is an origin only (scheme, host, port), without path, query, "
            f"fragment or user: got {text!r}."
        )
    if port == 0:
        raise ConfigurationError(f"The public URL needs a real port, not 0: got {text!r}.")
    return value


def default_public_url(host: str, port: int) -> str:
    """`http://{host}:{port}`, with an IPv6 host in brackets."""
    try:
        is_ipv6 = ipaddress.ip_address(host).version == 6
    except ValueError:
        is_ipv6 = False
    return f"http://[{host}]:{port}" if is_ipv6 else f"http://{host}:{port}"


def _configured(connection: HTTPConnection) -> str:
    """The public base URL of the app serving `connection` (the default when not set)."""
    state: Any = getattr(connection.scope.get("app"), "state", None)
    value = getattr(state, "public_url", None)
    return value if isinstance(value, str) else DEFAULT_PUBLIC_URL


def public_url_of(connection: HTTPConnection) -> str:
    """The public base URL of the app serving `connection` (the default when not set),
    followed by the ASGI `root_path` the app is mounted at (a workshop serves a learner's
    space under `/w/<learner>`: see simulator/workshop/serving.py)."""
    base = _configured(connection)
    root_path = connection.scope.get("root_path", "")
    return base + root_path if isinstance(root_path, str) else base


_DEFAULT_PORTS: Final = {"http": 80, "https": 443}


def origin_key(url: str) -> str | None:
    """`scheme://host[:port]` of `url` as a browser writes an `Origin` (lowercase, the
    default port left out, the path dropped); None when it is no http(s) URL with a host
    (`null`, the `Origin` of a sandboxed frame, among them)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = parts.hostname  # lowercase, without an IPv6 address's brackets
    if scheme not in _DEFAULT_PORTS or not host:
        return None
    host = f"[{host}]" if ":" in host else host
    shown = "" if port is None or port == _DEFAULT_PORTS[scheme] else f":{port}"
    return f"{scheme}://{host}{shown}"


def same_origin(connection: HTTPConnection) -> bool:
    """Whether a form posted to the server may come from its own pages, as its `Origin`
    header says: the public URL's origin (only the origin: a workshop space's pages are at
    `/w/<learner>/...` of that same origin).

    A request without `Origin` passes: programs (curl, httpx) and some browsers' same-origin
    posts send none, and a cross-site post still lacks the session's CSRF token, which every
    form checks besides. With a plain-`http` public URL, the origin the browser addressed
    (the connection's scheme and `Host`) passes too, as it did before the public URL was
    known here: a local server is opened as `localhost` or `127.0.0.1` alike, and a
    browser's `Host` is the page's own. With an `https` public URL a TLS proxy is in front,
    whose backend connection says nothing of the browser's page, and a plain-`http` page of
    the same host (which anyone on the network can forge) is refused.
    """
    header = connection.headers.get("origin")
    if header is None:
        return True
    sent = origin_key(header)
    if sent is None:
        return False
    public = origin_key(_configured(connection))
    if sent == public:
        return True
    if public is None or public.startswith("https:"):
        return False
    host = connection.headers.get("host")
    scheme = str(connection.scope.get("scheme", "http"))
    return host is not None and sent == origin_key(f"{scheme}://{host}")


def set_session_cookie(
    response: Response,
    connection: HTTPConnection,
    name: str,
    value: str,
    *,
    path: str,
    samesite: Literal["lax", "strict"],
) -> None:
    """A browser session's cookie: `HttpOnly`, `SameSite`, and `Secure` when the public URL
    is `https` (behind a TLS proxy, whose connection to the server is plain `http`) or the
    connection is. `path` is root-relative: a workshop space's is given its `/w/<learner>`
    prefix on the way out (simulator/workshop/serving.py), with every other path."""
    secure = (
        _configured(connection).startswith("https:") or connection.scope.get("scheme") == "https"
    )
    response.set_cookie(name, value, path=path, httponly=True, samesite=samesite, secure=secure)

"""The public base URL: the one origin every absolute URL the server emits starts with.

The issuer and endpoints of the OAuth discovery document, the `iss` of id_tokens, a
consent's `consentUrl` and the addresses of the index page are all built from it, never
from the request's `Host` header: a client (or anyone who can make a victim's browser send
a request) controls that header, and a URL built from it would send the next request, with
its credentials, wherever the header said.

`serve --public-url URL` sets it (default `http://{host}:{port}`), `Simulator(public_url=...)`
in-process (default `http://localhost:8000`). The app keeps it in `app.state.public_url`.
"""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit

from .exceptions import ConfigurationError

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

__all__ = ["DEFAULT_PUBLIC_URL", "default_public_url", "public_url_of", "public_url_setting"]

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


def public_url_of(connection: HTTPConnection) -> str:
    """The public base URL of the app serving `connection` (the default when not set),
    followed by the ASGI `root_path` the app is mounted at (a workshop serves a learner's
    space under `/w/<learner>`: see simulator/workshop/serving.py)."""
    state: Any = getattr(connection.scope.get("app"), "state", None)
    value = getattr(state, "public_url", None)
    base = value if isinstance(value, str) else DEFAULT_PUBLIC_URL
    root_path = connection.scope.get("root_path", "")
    return base + root_path if isinstance(root_path, str) else base

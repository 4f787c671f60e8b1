"""Server-rendered HTML for the browser pages: Jinja2 templates with autoescaping, and the
headers every page carries.

Every page refuses to be framed (section 5.2: "cannot be embedded in an iframe or
webview"): `X-Frame-Options: DENY` and CSP `frame-ancestors 'none'`. The CSP also allows
no script at all (the pages work without JavaScript), styles from the simulator only, and
form posts to the simulator and to the flow's registered redirect origin (a form whose
answer redirects there, such as Authorize, needs it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "STATIC_PATH",
    "message_page",
    "origin_of",
    "page_headers",
    "redirect",
    "render",
    "stylesheet",
]

TEMPLATES_DIR = Path(__file__).parent / "templates"
STATIC_PATH = "/oauth2/static/pages.css"


@cache
def _templates() -> jinja2.Environment:
    """Built once per process, at the first page rendered: Jinja2 is imported then, not
    with the server (40 ms that an API-only process never needs)."""
    import jinja2  # start-up: see above

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


_CSP_SOURCE = re.compile(
    r"https?://[A-Za-z0-9.\-]+(:\d{1,5})?|https?://\[[0-9A-Fa-f:.]+\](:\d{1,5})?"
)


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL (no user info, path or query); `""` for a URL that
    cannot be parsed (registration refuses those, an old data dir may hold one), which no
    CSP source matches."""
    try:
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return ""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}{port}"


def _csp_source(target: str) -> str | None:
    """A form target as a CSP source: the origin (its host in ASCII), or its scheme alone
    when CSP's host grammar cannot spell the host (an `_`, as in Docker service names such
    as `partner_app`): a registered redirect URI must stay reachable from the forms."""
    if _CSP_SOURCE.fullmatch(target):
        return target
    try:
        parts = urlsplit(target)
        host = (parts.hostname or "").encode("idna").decode("ascii")  # bücher -> xn--bcher-kva
        port = f":{parts.port}" if parts.port else ""
        ascii_origin = f"{parts.scheme}://{host}{port}"
    except (UnicodeError, ValueError):
        ascii_origin = ""
    if _CSP_SOURCE.fullmatch(ascii_origin):
        return ascii_origin
    scheme = target.partition(":")[0].lower()
    return f"{scheme}:" if scheme in ("http", "https") else None


def page_headers(form_targets: Iterable[str] = ()) -> dict[str, str]:
    """Security headers of every page and redirect of the browser flows."""
    # Only well-formed sources reach the header: a ';' would start another directive.
    allowed = {source for source in map(_csp_source, form_targets) if source}
    targets = " ".join(["'self'", *sorted(allowed)])
    csp = (
        "default-src 'none'; style-src 'self'; img-src 'self'; "
        f"form-action {targets}; frame-ancestors 'none'; base-uri 'none'"
    )
    return {
        "Content-Security-Policy": csp,
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        # The pages' URLs carry the authorization request: never send them to other sites.
        # (`same-origin`, not `no-referrer`, which would turn the forms' Origin into `null`.)
        "Referrer-Policy": "same-origin",
        "Cache-Control": "no-store",
        "Pragma": "no-cache",
    }


def render(
    template: str,
    *,
    status: int = 200,
    form_targets: Iterable[str] = (),
    **context: Any,
) -> HTMLResponse:
    html = _templates().get_template(template).render(static_url=STATIC_PATH, **context)
    return HTMLResponse(html, status_code=status, headers=page_headers(form_targets))


def message_page(
    title: str,
    message: str,
    *,
    status: int = 400,
    error_code: str | None = None,
    detail: str | None = None,
    restart_url: str | None = None,
) -> HTMLResponse:
    """A page that explains why the flow cannot go on (never a redirect, never a trace)."""
    return render(
        "message.html",
        status=status,
        title=title,
        message=message,
        error_code=error_code,
        detail=detail,
        restart_url=restart_url,
    )


def redirect(url: str, status: int = 303, form_targets: Iterable[str] = ()) -> RedirectResponse:
    return RedirectResponse(url, status_code=status, headers=page_headers(form_targets))


def stylesheet(request: Request) -> Response:
    del request
    css = (TEMPLATES_DIR / "pages.css").read_text(encoding="utf-8")
    return Response(css, media_type="text/css", headers={"Cache-Control": "max-age=3600"})

"""Rendering shared by the simulator's browser pages (explorer, dashboard, callback).

Templates live in `browser/templates` (autoescaped Jinja2) and extend the OAuth pages'
look (`oauth/pages/render.py`: its stylesheet and its security headers). Vendored and own
static files are served from `browser/static` under `/browser/static/...`, each path
checked against the files that exist there, so no request can reach another file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ..oauth.pages.render import STATIC_PATH, page_headers
from .addresses import STATIC_PREFIX

if TYPE_CHECKING:
    import jinja2

__all__ = ["STATIC_DIR", "STATIC_PREFIX", "render_page", "static_file"]

BROWSER_DIR = Path(__file__).parent
STATIC_DIR = BROWSER_DIR / "static"

_MEDIA_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".md": "text/plain",
    ".svg": "image/svg+xml",
}


@cache
def _environment() -> jinja2.Environment:
    """Built once per process (its compiled templates too): the templates are files of the
    package, the same for every simulator and every workshop space. Jinja2 is imported then,
    not with the server (40 ms that an API-only process never needs)."""
    import jinja2  # start-up: see above

    return jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader(BROWSER_DIR / "templates"),
                # base.html and the field-error snippet of the OAuth pages
                jinja2.FileSystemLoader(BROWSER_DIR.parent / "oauth" / "pages" / "templates"),
            ]
        ),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_page(
    template: str,
    *,
    status: int = 200,
    headers: dict[str, str] | None = None,
    **context: Any,
) -> HTMLResponse:
    """A page with the OAuth pages' security headers (no script, no framing) unless
    `headers` overrides some of them (the explorer allows its own scripts)."""
    html = (
        _environment()
        .get_template(template)
        .render(static_url=STATIC_PATH, browser_static=STATIC_PREFIX, **context)
    )
    return HTMLResponse(html, status_code=status, headers={**page_headers(), **(headers or {})})


@cache
def _static_files() -> dict[str, Path]:
    return {
        path.relative_to(STATIC_DIR).as_posix(): path
        for path in STATIC_DIR.rglob("*")
        if path.is_file() and path.suffix in _MEDIA_TYPES
    }


async def static_file(request: Request) -> Response:
    """A file of `browser/static` (only the files listed there: no path is joined)."""
    path = _static_files().get(str(request.path_params.get("path", "")))
    if path is None:
        raise HTTPException(404)  # the app's JSON 404 (server/responses.py)
    return Response(
        path.read_bytes(),
        media_type=_MEDIA_TYPES[path.suffix],
        headers={"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff"},
    )

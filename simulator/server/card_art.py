"""The card art the simulator serves itself, offline: `GET /card-designs/<name>.png`.

The partner API's card designs point here (`cardDesignUrl`, `cardBackgroundUrl`), so a front
end renders a card without reaching any outside host. Each image is a card-shaped PNG (the
ISO/IEC 7810 ID-1 ratio) in the design's colours, drawn by the code below: no file ships.
"""

from __future__ import annotations

import struct
import zlib
from functools import cache

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..api.partner.cards.card_products import CARD_ART_PATH
from .responses import json_error

__all__ = ["CARD_ART_PATH", "card_art_routes", "card_png"]

#: The designs there are: (top colour, bottom colour) of a vertical gradient.
_DESIGNS = {
    "default": ((0x62, 0x40, 0xB5), (0x2A, 0x1B, 0x5E)),
    "silver": ((0xE3, 0xE6, 0xEA), (0x9A, 0xA1, 0xAB)),
    "black": ((0x33, 0x33, 0x33), (0x05, 0x05, 0x05)),
}
_WIDTH, _HEIGHT = 428, 270


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


@cache
def card_png(name: str) -> bytes | None:
    """The PNG of the design `name` (the same bytes every time); `None` for no such design."""
    if name not in _DESIGNS:
        return None
    top, bottom = _DESIGNS[name]
    rows = []
    for y in range(_HEIGHT):
        shade = y / (_HEIGHT - 1)
        colour = bytes(round(a + (b - a) * shade) for a, b in zip(top, bottom, strict=True))
        rows.append(b"\x00" + colour * _WIDTH)
    header = struct.pack(">IIBBBBB", _WIDTH, _HEIGHT, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _chunk(b"IEND", b"")
    )


async def _card_art(request: Request) -> Response:
    image = card_png(str(request.path_params["name"]))
    if image is None:
        return json_error(404, "NOT_FOUND", f"Nothing at {request.scope['path']}.")
    return Response(image, media_type="image/png", headers={"Cache-Control": "max-age=86400"})


def card_art_routes() -> list[Route]:
    """The card art route (the same for every environment)."""
    return [Route(CARD_ART_PATH, _card_art, methods=["GET"])]

"""An answer's head and body in one socket write.

uvicorn's httptools protocol writes an answer's head (`http.response.start`) and its body
(`http.response.body`) to the transport one after the other, and uvloop sends each at once:
two `send` calls an answer, so two TCP segments, and on a kept-alive connection of a client
waiting for its answer, two wake-ups of that client (the first to read a head without its
body). Under load that was the largest single stage of a `serve` (docs/performance.md,
"Saturation": some 18% of the event loop's time in the head's write alone, much of it the
server descheduled holding the interpreter lock while the woken client ran).

`OneWrite` wraps the connection's transport: a write is held, and sent with the next one
(the body, written straight after the head in the same turn of the loop), or at the end of
that turn of the loop if none comes (a streamed answer's head, a `100 Continue`). At most one
write is held, for at most one turn of the loop: what a client receives, and in what order,
is unchanged; a write's bytes only leave a moment later, with the next. Closing sends what
is held first; aborting drops it, as the transport drops its buffer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

__all__ = ["OneWrite"]


class OneWrite(asyncio.Transport):
    """`transport`, each write held until the next write or the loop's next turn."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None

    def write(self, data: bytes | bytearray | memoryview[Any]) -> None:
        held = self._held
        if held is None:
            self._held = bytes(data)
            self._loop.call_soon(self._flush)
            return
        self._held = None
        self._transport.write(held + data)

    def writelines(self, list_of_data: Iterable[bytes | bytearray | memoryview[Any]]) -> None:
        self.write(b"".join(list_of_data))

    def _flush(self) -> None:
        held, self._held = self._held, None
        if held is not None and not self._transport.is_closing():
            self._transport.write(held)

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def write_eof(self) -> None:
        self._flush()
        self._transport.write_eof()

    def abort(self) -> None:
        self._held = None
        self._transport.abort()

    def can_write_eof(self) -> bool:
        return self._transport.can_write_eof()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._transport.get_extra_info(name, default)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._transport.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._transport.get_protocol()

    def is_reading(self) -> bool:
        return self._transport.is_reading()

    def pause_reading(self) -> None:
        self._transport.pause_reading()

    def resume_reading(self) -> None:
        self._transport.resume_reading()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._transport.set_write_buffer_limits(high, low)

    def get_write_buffer_size(self) -> int:
        held = self._held
        return self._transport.get_write_buffer_size() + (len(held) if held else 0)

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._transport.get_write_buffer_limits()

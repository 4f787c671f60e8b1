"""A lean HTTP/1.1 keep-alive client for load generators.

A load generator shares the machine with the server it measures: on 2 cores, every
millisecond it spends building and parsing requests is taken from the server and shows up
as the server's latency. httpx's `AsyncClient` costs some 15-20 ms of CPU a request with a
hundred connections open; this client writes the request bytes and reads the status line,
headers and body (`Content-Length` or chunked) off an asyncio stream, well under 1 ms.
It knows only what a benchmark needs: one connection, one request at a time, no TLS, no
redirects, no compression.

```python
connection = Connection("127.0.0.1", 8000)
status, body = await connection.request("POST", "/sandbox/graphql", json_body={"query": "{ a }"})
await connection.close()
```
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlencode

__all__ = ["Connection", "ConnectionLost"]


class ConnectionLost(Exception):
    """The server closed the connection, or answered something that is not HTTP/1.1."""


class Connection:
    """One keep-alive connection to `host:port`; opened on first use, reopened after a loss."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        *,
        headers: dict[str, str] | None = None,
        json_body: Any = None,
        form: dict[str, str] | None = None,
    ) -> tuple[int, bytes]:
        """Send one request and read its whole answer: (status, body)."""
        fields = {"Host": f"{self.host}:{self.port}", **(headers or {})}
        body = b""
        if json_body is not None:
            body, fields["Content-Type"] = json.dumps(json_body).encode(), "application/json"
        elif form is not None:
            body = urlencode(form).encode()
            fields["Content-Type"] = "application/x-www-form-urlencoded"
        fields["Content-Length"] = str(len(body))
        head = "".join(f"{name}: {value}\r\n" for name, value in fields.items())
        message = f"{method} {path} HTTP/1.1\r\n{head}\r\n".encode("latin-1") + body
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        try:
            self._writer.write(message)
            return await self._read_answer()
        except (OSError, asyncio.IncompleteReadError, ConnectionLost, ValueError) as error:
            await self.close()
            raise ConnectionLost(f"{type(error).__name__}: {error}") from error

    async def _read_answer(self) -> tuple[int, bytes]:
        assert self._reader is not None
        status_line = await self._reader.readline()
        if not status_line.startswith(b"HTTP/1.1 "):
            raise ConnectionLost(f"no status line: {status_line[:40]!r}")
        status = int(status_line.split(b" ", 2)[1])
        length, chunked, closing = 0, False, False
        while (line := await self._reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"connection":
                closing = b"close" in value.lower()
        body = await self._read_chunks() if chunked else await self._reader.readexactly(length)
        if closing:
            await self.close()
        return status, body

    async def _read_chunks(self) -> bytes:
        assert self._reader is not None
        parts = []
        while size := int((await self._reader.readline()).split(b";")[0], 16):
            parts.append(await self._reader.readexactly(size))
            await self._reader.readline()
        await self._reader.readline()  # the blank line after the last (empty) chunk
        return b"".join(parts)

    async def close(self) -> None:
        writer, self._writer, self._reader = self._writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

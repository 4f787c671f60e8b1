"""httpcore's network backend for webhooks over HTTP: every socket step capped by the
attempt's deadline, every connection checked by the outbound policy (`attempts.py` says why).

Imported by `http.http_transport` at the first webhook sent over HTTP: httpcore is not
imported with the simulator.
"""

from __future__ import annotations

from typing import Any

import httpcore

from .attempts import capped_timeout
from .outbound import OutboundPolicy, OutboundRefused

__all__ = ["DeadlineBackend", "DeadlineStream"]


class DeadlineStream(httpcore.NetworkStream):
    """A connection's stream whose every read, write and TLS handshake is capped by the
    attempt's deadline."""

    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, capped_timeout(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, capped_timeout(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        capped = capped_timeout(timeout, httpcore.ConnectTimeout)
        return DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, capped))

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class DeadlineBackend(httpcore.NetworkBackend):
    """httpcore's own network backend, with every step capped by the attempt's deadline, and
    every connection checked by the outbound policy: the host is resolved here, each address
    checked, and the socket opened to a checked address (the TLS layer above still verifies
    the certificate against the host name)."""

    def __init__(self, policy: OutboundPolicy) -> None:
        self._backend = httpcore.SyncBackend()
        self._policy = policy

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        addresses = self._policy.resolve(host, port)  # OutboundRefused when one is refused
        failure: Exception | None = None
        for address in addresses:
            capped = capped_timeout(timeout, httpcore.ConnectTimeout)
            try:
                stream = self._backend.connect_tcp(
                    str(address), port, capped, local_address, socket_options
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as error:
                failure = error  # try the next checked address, as a resolver-based connect would
                continue
            return DeadlineStream(stream)
        assert failure is not None
        raise failure

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Any = None
    ) -> httpcore.NetworkStream:
        raise OutboundRefused("Webhooks never go to a Unix socket.")

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)

"""Slow and oversized requests against a real uvicorn: the header deadline and the 1 MiB body.

The servers here have a header deadline of 0.5 s (10 s in `serve`), so a test waits at most
a few seconds; every socket has its own timeout, so nothing hangs.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.server.serving import uvicorn_config
from simulator.server.slow_clients import HttpToolsHeaderTimeoutProtocol
from simulator.server.slow_clients_h11 import HeaderTimeoutProtocol

from .conftest import LiveServer, project_token

DEADLINE = 0.5
GET = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture(params=["httptools", "h11"])
def server(sim: Simulator, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """Each test against both protocols (`serve` uses httptools; h11 is the fallback)."""
    with LiveServer(sim, header_timeout=DEADLINE, http=request.param) as live:
        yield live


def connect(server: LiveServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=5)


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or resets it)."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def _received(sock: socket.socket) -> bytes:
    chunk = sock.recv(65536)
    if not chunk:  # a closed connection fails the test instead of spinning for ever
        raise AssertionError("the server closed the connection before answering")
    return chunk


def read_response(sock: socket.socket, pending: bytearray | None = None) -> bytes:
    """One response with a Content-Length body, leaving the connection open. Answers to
    pipelined requests may arrive in one read: what follows this answer is left in
    `pending`, which the next call for the same connection reads first."""
    data = bytes(pending or b"")
    while b"\r\n\r\n" not in data:
        data += _received(sock)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += _received(sock)
    if pending is not None:
        pending[:] = body[length:]
    return head + b"\r\n\r\n" + body[:length]


def body_of(response: bytes) -> dict:
    return json.loads(response.partition(b"\r\n\r\n")[2])


def test_serve_waits_10_seconds_for_headers() -> None:
    config = uvicorn_config(object(), "127.0.0.1", 8000)
    assert config.http is HttpToolsHeaderTimeoutProtocol
    assert HttpToolsHeaderTimeoutProtocol.header_timeout == 10
    assert HeaderTimeoutProtocol.header_timeout == 10
    assert config.access_log is False
    assert config.timeout_keep_alive == 15


def test_a_kept_alive_connection_outlives_a_clients_own_5_second_pool_expiry(
    sim: Simulator,
) -> None:
    """A Node proxy (the partner front-end's server) drops an idle pooled connection after
    5 s; the server must not close it first, or a request sent at that moment is reset."""
    with LiveServer(sim) as live, connect(live) as sock:
        sock.sendall(GET)
        assert read_response(sock).startswith(b"HTTP/1.1 ")
        time.sleep(5.5)
        sock.sendall(GET)
        assert read_response(sock).startswith(b"HTTP/1.1 ")


def test_headers_that_never_end_get_a_408_and_the_connection_closed(server: LiveServer) -> None:
    with connect(server) as sock:
        started = time.monotonic()
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        response = read_until_closed(sock)
        elapsed = time.monotonic() - started
    assert response.startswith(b"HTTP/1.1 408 "), response
    assert body_of(response)["errors"][0]["extensions"]["code"] == "REQUEST_TIMEOUT"
    assert DEADLINE * 0.8 <= elapsed < DEADLINE + 3


def test_a_silent_connection_is_closed_without_an_answer(server: LiveServer) -> None:
    with connect(server) as sock:
        started = time.monotonic()
        assert read_until_closed(sock) == b""
        assert time.monotonic() - started < DEADLINE + 3


def test_the_deadline_is_not_reset_by_each_byte(server: LiveServer) -> None:
    """Slowloris: one byte at a time, each well within the deadline, never gets in."""
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
    with connect(server) as sock:
        started = time.monotonic()
        closed = False
        for byte in request:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(DEADLINE / 5)
            if time.monotonic() - started > DEADLINE * 4:
                break
        response = read_until_closed(sock)
        elapsed = time.monotonic() - started
    assert closed or response.startswith(b"HTTP/1.1 408 "), response
    assert elapsed < DEADLINE * 4


def test_a_request_whose_headers_arrived_in_time_may_send_its_body_later(
    server: LiveServer,
) -> None:
    body = b'{"query": "{ __typename }"}'
    with connect(server) as sock:
        sock.sendall(
            b"POST /sandbox/graphql HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
        )
        time.sleep(DEADLINE * 2)  # the header deadline is behind us: headers came in time
        sock.sendall(body)
        response = read_response(sock)
    assert response.startswith(b"HTTP/1.1 401 "), response  # no token, but an answer


def test_a_kept_alive_connection_has_the_deadline_for_each_new_request(
    server: LiveServer,
) -> None:
    with connect(server) as sock:
        for _ in range(2):  # whole requests, however late, are answered
            sock.sendall(GET)
            assert read_response(sock).startswith(b"HTTP/1.1 200 ")
            time.sleep(DEADLINE * 1.5)
        sock.sendall(b"GET / HTTP/1.1\r\n")  # then half of one
        response = read_until_closed(sock)
    assert response.startswith(b"HTTP/1.1 408 "), response


def test_pipelined_requests_are_all_answered(server: LiveServer) -> None:
    with connect(server) as sock:
        sock.sendall(GET * 3)
        pending = bytearray()
        for _ in range(3):
            assert read_response(sock, pending).startswith(b"HTTP/1.1 200 ")
        assert not pending


def chunked_upload(server: LiveServer, path: str, headers: bytes, megabytes: int) -> bytes:
    """A chunked body of up to `megabytes` MiB, sent until the server stops it; returns
    what the server answered."""
    with connect(server) as sock:
        sock.sendall(
            b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n%s\r\n"
            % (path.encode(), headers)
        )
        chunk = b"a" * 65536
        try:
            for _ in range(megabytes * 16):
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed: what it said is in the socket
        return read_until_closed(sock)


def test_an_endless_chunked_body_gets_a_413_and_is_not_read_on(
    server: LiveServer, sim: Simulator, project: ProjectCredentials
) -> None:
    form = b"Content-Type: application/x-www-form-urlencoded\r\n"
    response = chunked_upload(server, "/oauth2/token", form, 64)
    assert response.startswith(b"HTTP/1.1 413 "), response[:200]
    assert b"connection: close" in response.lower()
    assert body_of(response)["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"

    with sim.client() as http:
        token = project_token(http, project)
    graphql = b"Content-Type: application/json\r\nAuthorization: Bearer %s\r\n" % token.encode()
    response = chunked_upload(server, "/sandbox/graphql", graphql, 64)
    assert response.startswith(b"HTTP/1.1 413 "), response[:200]
    assert body_of(response)["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"


def test_a_declared_big_body_gets_a_413_before_it_is_sent(server: LiveServer) -> None:
    with connect(server) as sock:
        sock.sendall(
            b"POST /oauth2/token HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 50000000\r\n\r\n"
        )
        response = read_until_closed(sock)  # closed at once: not 50 MB read first
    assert response.startswith(b"HTTP/1.1 413 "), response
    assert body_of(response)["extensions"]["requestId"]


def test_an_http_client_sending_2_mib_reads_the_413(server: LiveServer) -> None:
    response = httpx.post(
        server.base_url + "/sandbox/graphql",
        content=b"x" * (2 * 1024 * 1024),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert response.json()["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"


def push_header(server: LiveServer, path: bytes, megabytes: int) -> tuple[bytes, int]:
    """One header value of up to `megabytes` MiB, sent until the server stops it; returns
    what the server answered and how many bytes were sent before it closed."""
    sent = 0
    with connect(server) as sock:
        sock.sendall(b"GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " % path)
        chunk = b"a" * 65536
        try:
            for _ in range(megabytes * 16):
                sock.sendall(chunk)
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed: what it said is in the socket
        return read_until_closed(sock), sent


def test_headers_past_the_bound_get_a_431_while_they_arrive(server: LiveServer) -> None:
    """Not once they are complete: a head that never ends is stopped at the bound, the
    rest never read (before, httptools read 98 MiB of one header within the deadline)."""
    response, sent = push_header(server, b"/", 64)
    assert response.startswith(b"HTTP/1.1 431 "), response[:200]
    assert b"connection: close" in response.lower()
    assert body_of(response)["errors"][0]["extensions"]["code"] == "HEADERS_TOO_LARGE"
    # Stopped near the bound: what was sent beyond it sat in the sockets' buffers.
    assert sent < 16 * 1024 * 1024


def test_a_complete_head_over_the_bound_gets_a_json_431(server: LiveServer) -> None:
    with connect(server) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: %s\r\n\r\n" % (b"a" * 40000))
        response = read_until_closed(sock)
    assert response.startswith(b"HTTP/1.1 431 "), response[:200]
    assert body_of(response)["errors"][0]["extensions"]["code"] == "HEADERS_TOO_LARGE"


def test_headers_under_the_bound_arriving_slowly_are_answered(server: LiveServer) -> None:
    """The head's count is not a read's: 15 KiB of headers in small pieces get in."""
    with connect(server) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        for n in range(15):
            sock.sendall(b"X-Pad-%d: %s\r\n" % (n, b"p" * 1000))
            time.sleep(0.005)
        sock.sendall(b"\r\n")
        response = read_response(sock)
    assert response.startswith(b"HTTP/1.1 200 "), response[:200]

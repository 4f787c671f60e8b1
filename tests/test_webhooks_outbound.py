"""The outbound URL policy (SSRF): checked when subscribing and again when delivering, after
name resolution, with the connection made to the checked address (no DNS rebinding)."""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator import ProjectCredentials, Simulator
from simulator.cli import main
from simulator.domain.kernel.rejections import Rejected
from simulator.webhooks.outbound import DEFAULT_OUTBOUND_POLICY, OutboundPolicy, parse_ipv4

from .conftest import REDIRECT_URI, GraphQL
from .test_webhooks_http import FAST, ReceiverServer, open_account, subscribe
from .test_webhooks_subscriptions import add

STRICT = OutboundPolicy.strict_mode()


@pytest.mark.parametrize(
    ("address", "default", "strict"),
    [
        ("169.254.169.254", False, False),  # the cloud metadata service
        ("::ffff:169.254.169.254", False, False),  # the same, IPv4-mapped
        ("fe80::1", False, False),
        ("fd00:ec2::254", False, False),  # AWS metadata over IPv6
        ("100.100.100.200", False, False),  # Alibaba metadata
        ("0.0.0.0", False, False),
        ("::", False, False),
        ("224.0.0.1", False, False),
        ("ff02::1", False, False),
        ("255.255.255.255", False, False),
        ("127.0.0.1", True, False),
        ("::1", True, False),
        ("10.0.0.5", True, False),
        ("172.16.1.1", True, False),
        ("192.168.1.10", True, False),
        ("fd12::1", True, False),
        ("8.8.8.8", True, True),
        ("2606:4700:4700::1111", True, True),
    ],
)
def test_the_policy_table(address: str, default: bool, strict: bool) -> None:
    ip = ipaddress.ip_address(address)
    assert (DEFAULT_OUTBOUND_POLICY.address_problem(ip) is None) is default
    assert (STRICT.address_problem(ip) is None) is strict


def test_listed_networks_open_strict_mode_but_never_metadata() -> None:
    policy = OutboundPolicy.strict_mode(allow=["10.1.0.0/16", "169.254.0.0/16", "::1"])
    assert policy.address_problem(ipaddress.ip_address("10.1.2.3")) is None
    assert policy.address_problem(ipaddress.ip_address("::1")) is None
    assert policy.address_problem(ipaddress.ip_address("10.2.0.1")) is not None
    assert policy.address_problem(ipaddress.ip_address("169.254.169.254")) is not None


@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/latest/meta-data/",
        "http://[fe80::1]/hook",
        "http://0.0.0.0:8080/hook",
        "http://[::ffff:169.254.169.254]/",
        "http://224.0.0.1/hook",
    ],
)
def test_refused_addresses_are_a_typed_rejection_when_subscribing(
    sim: Simulator, sandbox: GraphQL, url: str
) -> None:
    rejected = add(sandbox, endpoint=url)
    assert rejected["__typename"] == "InvalidArgumentRejection"
    assert [(e["name"], "outbound policy" in e["errors"][0]) for e in rejected["fields"]] == [
        ("endpoint", True)
    ]
    assert sim.sandbox.store.db["webhook_subscriptions"].count == 0


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[Simulator]:
    with Simulator(tmp_path / "strict", outbound_policy=STRICT) as simulator:
        yield simulator


@pytest.fixture
def server() -> Iterator[ReceiverServer]:
    receiver = ReceiverServer()
    thread = threading.Thread(target=receiver.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield receiver
    receiver.shutdown()
    receiver.server_close()


def test_strict_mode_refuses_loopback_and_private_urls_but_not_inboxes(strict: Simulator) -> None:
    project = strict.create_project("sandbox", "P", [REDIRECT_URI])
    for url in ("http://127.0.0.1:9/hook", "http://localhost/hook", "https://192.168.1.2/"):
        with pytest.raises(Rejected) as refused:
            subscribe(strict, project, url)
        assert "outbound policy" in refused.value.payload["fields"][0]["errors"][0]
    assert subscribe(strict, project, "inbox://mine")["endpoint_url"] == "inbox://mine"
    assert subscribe(strict, project, "https://partner.example/hook")["status"] == "Enabled"


#: Every spelling of 127.0.0.1 (or 0.0.0.0) the resolver takes, and IPv6 addresses that lead
#: to 127.0.0.1 (IPv4-mapped, 6to4, NAT64): before, only the dotted-quad one was refused at
#: subscription (the others were only stopped after resolution).
LOOPBACK_SPELLINGS = [
    "http://127.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://017700000001/",
    "http://0177.0.0.1/",
    "http://127.0.0.1./",
    "http://0/",
    "http://[::ffff:7f00:1]/",
    "http://[2002:7f00:1::1]/",
    "http://[64:ff9b::7f00:1]/",
]


@pytest.mark.parametrize("url", LOOPBACK_SPELLINGS)
def test_every_spelling_of_loopback_is_refused_when_subscribing_in_strict_mode(
    strict: Simulator, url: str
) -> None:
    project = strict.create_project("sandbox", "P", [REDIRECT_URI])
    with pytest.raises(Rejected) as refused:
        subscribe(strict, project, url)
    assert "outbound policy" in refused.value.payload["fields"][0]["errors"][0]
    assert strict.sandbox.store.db["webhook_subscriptions"].count == 0


@pytest.mark.parametrize(
    ("address", "default", "strict"),
    [
        ("2002:7f00:1::1", True, False),  # 6to4 of 127.0.0.1: was global in strict mode
        ("2002:a9fe:a9fe::1", False, False),  # 6to4 of the metadata service
        ("2002:0a00:0005::1", True, False),  # 6to4 of 10.0.0.5
        ("2002:0808:0808::1", True, True),  # 6to4 of 8.8.8.8
        ("64:ff9b::a9fe:a9fe", False, False),  # NAT64 of the metadata service
        ("64:ff9b::7f00:1", True, False),
        ("64:ff9b::808:808", True, True),
        ("64:ff9b:1::7f00:1", False, False),  # NAT64 local-use: cannot be told
        ("::ffff:7f00:1", True, False),
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", True, False),  # Teredo, client 127.0.0.1
    ],
)
def test_embedded_ipv4_addresses_are_judged_by_the_address_they_reach(
    address: str, default: bool, strict: bool
) -> None:
    ip = ipaddress.ip_address(address)
    assert (DEFAULT_OUTBOUND_POLICY.address_problem(ip) is None) is default
    assert (STRICT.address_problem(ip) is None) is strict


@given(st.text(alphabet="0123456789abcdefxX.", min_size=1, max_size=20))
@settings(max_examples=500, deadline=None)
def test_ipv4_spellings_are_read_as_inet_aton_reads_them(text: str) -> None:
    try:
        expected: ipaddress.IPv4Address | None = ipaddress.IPv4Address(socket.inet_aton(text))
    except OSError:
        expected = None
    parsed = parse_ipv4(text)
    # Where the C library reads an address, ours is the same one (we may read more: a bare
    # `0x` as 0, refused as unspecified, which is on the safe side).
    if expected is not None:
        assert parsed == expected


class Resolver:
    """`socket.getaddrinfo` answering for `*.example` from a script: the first answer, then
    `later` for every further question (a rebinding DNS server)."""

    def __init__(self, first: list[str], later: list[str] | None = None) -> None:
        self.first, self.later = first, later or first
        self.asked: list[str] = []
        self._real = socket.getaddrinfo

    def __call__(self, host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if not str(host).endswith(".example"):
            return self._real(host, port, *args, **kwargs)
        answer = self.later if self.asked else self.first
        self.asked.append(str(host))
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
            for a in answer
        ]


def _deliver(sim: Simulator, project: ProjectCredentials, url: str) -> dict[str, Any]:
    sim.webhooks.set_policy(FAST)
    subscribe(sim, project, url)
    open_account(sim, project)
    sim.run_due()
    (attempt,) = sim.webhooks.log(project)
    return attempt


def test_a_name_is_resolved_once_and_the_checked_address_is_dialled(
    sim: Simulator,
    project: ProjectCredentials,
    server: ReceiverServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The first answer is the receiver on loopback; any second look-up would say metadata.
    resolver = Resolver(["127.0.0.1"], later=["169.254.169.254"])
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    port = server.server_address[1]
    attempt = _deliver(sim, project, f"http://hook.example:{port}/ok")
    assert attempt["succeeded"], attempt
    assert resolver.asked == ["hook.example"]
    assert server.requests[0]["headers"]["Host"] == f"hook.example:{port}"


def test_a_name_with_one_refused_address_is_refused_and_nothing_is_sent(
    sim: Simulator,
    project: ProjectCredentials,
    server: ReceiverServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(socket, "getaddrinfo", Resolver(["127.0.0.1", "169.254.169.254"]))
    attempt = _deliver(sim, project, f"http://meta.example:{server.server_address[1]}/ok")
    assert attempt["error_code"] == "AddressNotAllowed"
    assert "169.254.169.254" in attempt["error"]
    assert server.requests == []


def test_strict_mode_refuses_a_name_resolving_to_loopback_unless_listed(
    tmp_path: Path, server: ReceiverServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(socket, "getaddrinfo", Resolver(["127.0.0.1"]))
    url = f"http://receiver.example:{server.server_address[1]}/ok"
    with Simulator(tmp_path / "a", outbound_policy=STRICT) as sim:
        project = sim.create_project("sandbox", "P", [REDIRECT_URI])
        attempt = _deliver(sim, project, url)
        assert attempt["error_code"] == "AddressNotAllowed"
        assert server.requests == []
    listed = OutboundPolicy.strict_mode(allow=["127.0.0.0/8"])
    with Simulator(tmp_path / "b", outbound_policy=listed) as sim:
        project = sim.create_project("sandbox", "P", [REDIRECT_URI])
        assert _deliver(sim, project, url)["succeeded"]
        assert len(server.requests) == 1


def test_at_most_1_kib_of_a_response_is_kept_and_redirects_are_not_followed(
    sim: Simulator, project: ProjectCredentials, server: ReceiverServer
) -> None:
    sim.webhooks.set_policy(FAST)
    attempt = sim.webhooks.probe(project, server.url("/redirect"))["result"]
    assert attempt.error_code == "Redirected"
    assert [r["path"] for r in server.requests] == ["/redirect"]
    assert sim.webhooks.probe(project, server.url("/fail"))["result"].body == "boom"
    attempt = sim.webhooks.probe(project, server.url("/huge-unannounced"))["result"]  # 200 kB
    assert attempt.error_code == "ResponseTooLarge"
    assert attempt.body == "y" * 1024


def test_a_probe_of_a_refused_endpoint_is_rejected_and_sends_nothing(
    strict: Simulator, sandbox: GraphQL
) -> None:
    project = strict.create_project("sandbox", "P", [REDIRECT_URI])
    with pytest.raises(Rejected) as refused:
        strict.webhooks.probe(project, "http://127.0.0.1:9/hook")
    assert refused.value.payload["__typename"] == "InvalidArgumentRejection"
    assert strict.webhooks.log(project) == []


def test_serve_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["serve", "--allow-webhook-net", "10.0.0.0/8", "--data-dir", str(tmp_path)])
    assert code != 0
    assert "--public" in capsys.readouterr().err

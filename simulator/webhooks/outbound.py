"""The outbound URL policy: where the simulator may send a webhook (SSRF protection). Data.

A webhook is an HTTP request the *simulator* makes to a URL a *partner* chose, so without a
policy a project could make the simulator call the machine's own services, the cloud's
metadata endpoint or anything on its network, and read the answer back in the delivery
log. The policy is checked twice:

1. **at subscription time** (and on an URL change): the scheme, and an address written in
   the URL (`http://10.0.0.5/...`, `http://localhost/...`), in any spelling the resolver
   reads as an address (`http://127.1/`, `http://0x7f000001/`: `parse_ipv4`) - a typed
   `ValidationRejection` with the code `EndpointNotAllowed`, and nothing is stored;
2. **at delivery time**, after name resolution: every address the host name resolves to is
   checked, and the connection goes to a checked address (never to a second resolution, so
   a DNS answer that changes in between, *DNS rebinding*, cannot slip an address past it).

The rules:

- **always refused**: link-local (169.254/16 - where cloud metadata lives - and fe80::/10),
  multicast, unspecified (0.0.0.0, ::), reserved, and the other metadata addresses;
- an IPv6 address carrying an IPv4 one (IPv4-mapped, 6to4, NAT64, Teredo) is judged by the
  IPv4 address its packets reach (`embedded_ipv4`), in both modes;
- **default mode** (single user): everything else, loopback and private ranges included;
- **strict mode**: public addresses only, plus the networks listed; loopback (127/8, ::1),
  private (10/8, 172.16/12, 192.168/16, fc00::/7) and other non-global ranges are refused.

Only `http` and `https` leave the process; `inbox://NAME` (an in-process inbox) is always
allowed. The default mode allows loopback and private ranges because a partner's receiver
runs on their own machine or network; strict mode (`serve --public`, a workshop server) is
for a simulator others can reach, and opens only the networks listed
(`--allow-webhook-net CIDR`, repeatable). Always-refused addresses stay refused even if a
listed network covers them.

```python
policy = OutboundPolicy.strict_mode(allow=["10.1.0.0/16"])
policy.address_problem(ipaddress.ip_address("10.1.2.3"))     # None: listed
policy.address_problem(ipaddress.ip_address("192.168.1.1"))  # 'a private address ...'
policy.url_problem("http://169.254.169.254/latest")         # 'a link-local address ...'
```
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from ..exceptions import ConfigurationError, SimulatorError

__all__ = [
    "ALLOWED_SCHEMES",
    "DEFAULT_OUTBOUND_POLICY",
    "METADATA_NETWORKS",
    "Address",
    "Network",
    "OutboundPolicy",
    "OutboundRefused",
    "embedded_ipv4",
    "parse_ipv4",
    "parse_network",
]

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

ALLOWED_SCHEMES = ("http", "https")
#: Cloud metadata services outside the link-local range (which is refused as a whole):
#: AWS's IPv6 one, Alibaba's, Oracle's.
METADATA_NETWORKS: tuple[Network, ...] = tuple(
    ipaddress.ip_network(text)
    for text in ("fd00:ec2::254/128", "100.100.100.200/32", "192.0.0.192/32")
)
#: Host names that are loopback whatever the resolver says.
_LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


class OutboundRefused(SimulatorError):
    """The policy refuses an address a webhook would go to (raised while connecting)."""


def parse_network(text: str) -> Network:
    """A CIDR (`10.1.0.0/16`, `fd12::/48`) or a single address; `ConfigurationError` if not."""
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise ConfigurationError(
            f"Not a network: {text!r}. Give a CIDR such as 10.1.0.0/16 or an address."
        ) from None


#: IPv6 ranges whose addresses carry an IPv4 address that the packets reach: NAT64's
#: well-known prefix (RFC 6052, the IPv4 address in the last 32 bits). 6to4 (2002::/16),
#: Teredo (2001::/32) and IPv4-mapped (::ffff:0:0/96) are read by `ipaddress` itself.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
#: NAT64's local-use prefix (RFC 8215): where its IPv4 address sits depends on the prefix
#: length the network chose, so no address in it can be judged.
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")


def embedded_ipv4(address: Address) -> tuple[ipaddress.IPv4Address, ...]:
    """The IPv4 addresses an IPv6 address leads to: `::ffff:127.0.0.1`, the 6to4
    `2002:7f00:1::1` and the NAT64 `64:ff9b::7f00:1` reach 127.0.0.1; a Teredo address its
    server and its client. Empty for any other address."""
    if isinstance(address, ipaddress.IPv4Address):
        return ()
    if address.ipv4_mapped is not None:
        return (address.ipv4_mapped,)
    if address.sixtofour is not None:
        return (address.sixtofour,)
    if address.teredo is not None:
        return address.teredo
    if address in _NAT64:
        return (ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF),)
    return ()


def _part(text: str) -> int:
    """One part of an inet_aton spelling: decimal, octal (a leading 0) or hex (0x)."""
    if text[:2].lower() == "0x":
        return int(text[2:] or "0", 16)  # inet_aton takes a bare 0x as 0
    if len(text) > 1 and text.startswith("0"):
        return int(text[1:], 8)
    if not text.isdigit():  # int() would take "+1", " 1" or "1_0"
        raise ValueError(text)
    return int(text)


def parse_ipv4(text: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address `text` spells as the C library's `inet_aton` reads it (and so the
    resolver: `http://127.1/` reaches 127.0.0.1): one to four parts, each decimal, octal
    (`0177`) or hex (`0x7f`), the last filling the bytes left (`127.1`, `2130706433`,
    `0x7f000001`, `0`). None when it is no such spelling (a host name)."""
    parts = text.split(".")
    if not 1 <= len(parts) <= 4 or not all(parts):
        return None
    try:
        *leading, last = (_part(part) for part in parts)
    except ValueError:
        return None
    if any(part > 0xFF for part in leading) or last >= 1 << (8 * (5 - len(parts))):
        return None
    value = last
    for shift, part in enumerate(reversed(leading), start=5 - len(parts)):
        value |= part << (8 * shift)
    return ipaddress.IPv4Address(value)


def _literal(host: str) -> Address | None:
    """The address a URL's host spells, in any spelling the resolver takes; None for a name."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return parse_ipv4(host.rstrip(".")) if host.rstrip(".") else None


def _always_refused(address: Address) -> str | None:
    if any(address in network for network in METADATA_NETWORKS):
        return "a cloud metadata address"
    if address.is_unspecified:
        return "an unspecified address"
    if address.is_link_local:
        return "a link-local address (cloud metadata lives there)"
    if address.is_multicast:
        return "a multicast address"
    # ::1 sits in IPv6's reserved ::/8, but it is loopback: judged by the mode.
    if address.is_reserved and not address.is_loopback:
        return "a reserved address"
    return None


@dataclass(frozen=True)
class OutboundPolicy:
    """Where webhooks may go: `strict` refuses loopback and private addresses except in the
    `allowed` networks; some addresses are refused in every mode (see the module)."""

    strict: bool = False
    allowed: tuple[Network, ...] = field(default=())

    @classmethod
    def strict_mode(cls, allow: Iterable[str | Network] = ()) -> OutboundPolicy:
        """The policy of a simulator others can reach: only public addresses, and `allow`."""
        return cls(
            strict=True,
            allowed=tuple(n if not isinstance(n, str) else parse_network(n) for n in allow),
        )

    @property
    def mode(self) -> str:
        return "strict" if self.strict else "default"

    def address_problem(self, address: Address) -> str | None:
        """Why the policy refuses `address`, or None when a webhook may go there."""
        if address in _NAT64_LOCAL:
            return "a local-use NAT64 address (the IPv4 address it reaches cannot be told)"
        embedded = embedded_ipv4(address)
        if embedded:  # judged by the IPv4 address(es) the packets reach
            judged = ((inner, self.address_problem(inner)) for inner in embedded)
            return next((f"an address leading to {ip}, {why}" for ip, why in judged if why), None)
        refused = _always_refused(address)
        if refused is not None:
            return refused
        if not self.strict or address.is_global:
            return None
        if any(address.version == n.version and address in n for n in self.allowed):
            return None
        kind = "a loopback" if address.is_loopback else "a private"
        return f"{kind} address, refused in strict mode (allow it with --allow-webhook-net)"

    def url_problem(self, url: str) -> str | None:
        """What the policy says of a URL before any name is resolved: its scheme, and an
        address written in it (or `localhost`). None when it may be subscribed."""
        try:
            parts = urlsplit(url)
            host = parts.hostname
        except ValueError:
            return "not a valid URL"
        if parts.scheme not in ALLOWED_SCHEMES:
            return f"the scheme {parts.scheme!r} (only http and https)"
        if not host:
            return "no host"
        if host.rstrip(".").lower() in _LOOPBACK_NAMES:
            return self._named(host, ipaddress.IPv4Address("127.0.0.1"))
        address = _literal(host)
        if address is None:
            return None  # a name: checked after resolution, when delivering
        return self._named(host, address)

    def _named(self, host: str, address: Address) -> str | None:
        problem = self.address_problem(address)
        return f"{host} is {problem}" if problem else None

    def resolve(self, host: str, port: int) -> list[Address]:
        """Every address `host` resolves to, each checked; `OutboundRefused` if any is refused
        (a name pointing at a refused address among good ones is refused as a whole)."""
        if host.rstrip(".").lower() in _LOOPBACK_NAMES:
            candidates: list[Address] = [ipaddress.IPv4Address("127.0.0.1")]
        else:
            try:
                infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            except (OSError, UnicodeError) as error:
                raise OSError(f"cannot resolve {host}: {error}") from None
            candidates = []
            for info in infos:
                # The scope of fe80::1%eth0 is dropped: link-local is refused anyway.
                address = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
                if address not in candidates:
                    candidates.append(address)
        if not candidates:
            raise OSError(f"{host} resolves to no address")
        for address in candidates:
            problem = self.address_problem(address)
            if problem is not None:
                raise OutboundRefused(
                    f"{host} resolves to {address}, {problem}: the outbound policy "
                    f"({self.mode}) refuses it."
                )
        return candidates

    def describe(self) -> dict[str, object]:
        return {"mode": self.mode, "allowed_networks": [str(n) for n in self.allowed]}


#: The single-user default: everything but the always-refused addresses.
DEFAULT_OUTBOUND_POLICY = OutboundPolicy()

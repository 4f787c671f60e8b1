"""Hostile requests for one route, from a seeded `random.Random` (fast and reproducible).

`RequestGenerator(rnd, world, route).request()` builds one request: a method (the route's,
sometimes another), the path (path parameters valid or garbage), a query string (known and
random names, percent-encoding garbage, invalid UTF-8 `%ff`, unpaired surrogates), headers (`Authorization`
Basic/Bearer valid or mangled with non-ASCII and control bytes, `Content-Type`,
`Content-Length` that lies, `Cookie`, `Origin`, `X-User-Id`, `X-Forwarded-For`, huge values)
and a body (forms with duplicates and CSRF garbage, multipart, GraphQL JSON, JSON soup, bytes).
Valid credentials come often, so that garbage elsewhere reaches deep code.
"""

from __future__ import annotations

import base64
import functools
import json
import random
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, quote_plus

import httpx
from graphql import GraphQLSchema, get_named_type, is_leaf_type

from simulator.oauth.sessions import COOKIE_NAME
from simulator.server.app import partner_schema, testing_schema, unauthenticated_schema

from .fuzz_support import REDIRECT_URI, USER_PHONE, FuzzWorld, Outcome, RouteTarget, judge

__all__ = ["FuzzRequest", "RequestGenerator", "fuzz_once"]

METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "FOO"]
#: Field and parameter names of every route, and some nobody knows.
NAMES = [
    "response_type", "client_id", "client_secret", "redirect_uri", "scope", "state", "nonce",
    "phoneNumber", "firstName", "lastName", "birthDate", "identificationLevel",
    "identificationlevel", "onboardingId", "code_challenge", "code_challenge_method",
    "grant_type", "code", "refresh_token", "code_verifier", "csrf_token", "phone_number",
    "first_name", "last_name", "birth_date", "decision", "level", "query", "variables",
    "operationName", "extensions", "x", "", "a[]", "\u00e9", "__proto__",
]  # fmt: skip
CHUNKS = [
    *"abcXYZ0189 -_.~:/?#[]@!$&'()*+,;=\"<>{}|\\^`", "%", "%f", "%ff", "%c3%28", "%00", "%e2%82",
    "%0d%0a", "\u00e9", "\u20ac", "\U0001f600", "\x00", "\x7f", "\r\n", "\t", "\u202e", "\ufeff",
    "%%", "&&", "==", "+", "null", "true", "-1", "1e999", "2026-02-30", "9" * 30,
    "\ud800", "\udfff", "\udc00\ud83d",  # unpaired surrogates: JSON escapes or raw bytes
]  # fmt: skip
CONTENT_TYPES = [
    b"application/x-www-form-urlencoded", b"application/x-www-form-urlencoded; charset=latin-1",
    b"application/json", b"application/json; charset=utf-16", b"application/graphql",
    b"multipart/form-data; boundary=XyZ", b"multipart/form-data", b"multipart/form-data; boundary=",
    b"text/plain", b"text/html; charset=\xff", b";;;", b"application/x-www-form-urlencoded\x00",
    b"\xc3\xa9/\xc3\xa9", b"",
]  # fmt: skip
#: The login step a route's forms expect (its session cookie then reaches its code).
SESSION_STEPS = {
    "/oauth2/login": "phone",
    "/oauth2/login/phone": "phone",
    "/oauth2/login/code": "code",
    "/oauth2/login/resend": "code",
    "/oauth2/login/change-phone": "code",
    "/oauth2/login/register": "register",
    "/oauth2/auth/consent": "done",
    "/oauth2/auth/verify": "done",
}
_SURROGATE = re.compile("[\ud800-\udfff]+")
GRAPHQL_PATHS = (
    "/sandbox/graphql",
    "/sandbox-testing/graphql",
    "/live/graphql",
    "/sandbox-unauthenticated/graphql",
    "/live-unauthenticated/graphql",
)


@dataclass
class FuzzRequest:
    method: str
    url: str
    headers: list[tuple[bytes, bytes]]
    body: bytes

    def describe(self) -> str:
        return f"{self.method} {self.url} headers={self.headers!r} body={self.body[:300]!r}"


@functools.cache
def graphql_documents(schema: GraphQLSchema) -> list[str]:
    """A document per mutation (its arguments as variables) and a few queries."""
    documents = [
        "{ accounts(first: 3) { totalCount edges { node { id IBAN } } } }",
        "query($id: ID!) { account(accountId: $id) { id name } }",
        "query($first: Int, $after: String) { consents(first: $first, after: $after) { totalCount } }",
        "{ __typename }",
    ]
    # Every mutation, and every query of a schema with few (the unauthenticated API's: its
    # queries are all it has), each with its arguments as variables.
    kinds = [("mutation", schema.mutation_type)]
    if schema.query_type is not None and len(schema.query_type.fields) <= 20:
        kinds.append(("query", schema.query_type))
    for kind, root in kinds:
        for name, field in (root.fields if root else {}).items():
            arguments = ", ".join(f"${arg}: {field.args[arg].type}" for arg in field.args)
            passed = ", ".join(f"{arg}: ${arg}" for arg in field.args)
            selection = "" if is_leaf_type(get_named_type(field.type)) else " { __typename }"
            header = f"{kind}({arguments})" if arguments else kind
            call = f"{name}({passed})" if passed else name
            documents.append(f"{header} {{ {call}{selection} }}")
    return documents


class RequestGenerator:
    """Requests for one route from a seeded `Random`; `request()` draws one."""

    def __init__(self, rnd: random.Random, world: FuzzWorld, route: RouteTarget) -> None:
        self.rnd = rnd
        self.world = world
        self.route = route
        self.session = None
        if rnd.random() < 0.7:
            step = SESSION_STEPS.get(route.path)
            if route.params:
                step = "consent"
            self.session = world.session(step or rnd.choice(["phone", "code", "done"]))

    # -- text --------------------------------------------------------------------------------

    def text(self, size: int = 12) -> str:
        return "".join(self.rnd.choice(CHUNKS) for _ in range(self.rnd.randrange(size)))

    def raw(self, text: str) -> bytes:
        """Bytes of text, in some encoding, lone surrogates included."""
        encoding = self.rnd.choice(["utf-8", "utf-8", "latin-1", "utf-16"])
        return text.encode(encoding, "surrogatepass" if encoding != "latin-1" else "replace")

    def garbage_bytes(self, size: int = 40) -> bytes:
        return self.rnd.randbytes(self.rnd.randrange(size))

    def known_value(self) -> str:
        world, rnd = self.world, self.rnd
        return rnd.choice(
            [
                world.project.client_id, world.project.client_secret, world.live_project.client_id,
                REDIRECT_URI, REDIRECT_URI + "/x", "http://localhost:99999/callback", "http://[::1",
                "code", "token", "openid offline", "openid", "S256", "plain", "QES", "Expert",
                USER_PHONE, "+33699900001", "0612345678", "Ada", "1990-04-21", "1990-02-30",
                "authorization_code", "refresh_token", "client_credentials", "approve",
                "authorize", "deny", "refuse", "123456", "000000", "SANDBOX_AC_x",
                self.session.csrf if self.session else "csrf", *world.user_ids[:1],
            ]
        )  # fmt: skip

    def value(self) -> str:
        roll = self.rnd.random()
        if roll < 0.45:
            return self.known_value()
        if roll < 0.97:
            return self.text()
        if roll < 0.995:
            return self.text(4) * self.rnd.choice([500, 3000])
        # About 1 MiB (the bounds' limit, either side once encoded), a surrogate included.
        return (self.text(3) + "\ud800")[:4] * 262_000

    # -- request parts -------------------------------------------------------------------------

    def method(self) -> str:
        roll = self.rnd.random()
        if "POST" in self.route.methods and roll < 0.75:
            return "POST"  # the GraphQL endpoints also route five methods they refuse
        if roll < 0.9:
            return self.rnd.choice(self.route.methods)
        return self.rnd.choice(METHODS)

    def path(self) -> str:
        path = self.route.path
        for name in self.route.params:
            start = path.index("{" + name)
            end = path.index("}", start) + 1
            path = path[:start] + self.path_value(name) + path[end:]
        roll = self.rnd.random()
        if roll < 0.03:
            path += "/"
        elif roll < 0.06:
            path += quote(
                self.text(), safe=self.rnd.choice(["/", "/%", ""]), errors="surrogatepass"
            )
        return path

    def path_value(self, name: str) -> str:
        roll = self.rnd.random()
        if name == "token" and roll < 0.5:  # a live upload or download token, so the
            segment = self.route.path.split("/{token")[0].rsplit("/", 1)[-1]  # handler runs
            token = self.world.file_tokens.get(segment, "")
            return token + self.rnd.choice(["", "", "", "x", "%00", "/x", "%2Fx"])
        consent_id = self.world.consent_path.rsplit("/", 1)[-1]
        roll = self.rnd.random()
        if roll < 0.4:
            return consent_id
        if roll < 0.6:
            return consent_id + self.rnd.choice(["/", "/x", "%00", "%ff", "x", "/.."])
        safe = self.rnd.choice(["/", "/%", "%", ""])
        return quote(self.text(20), safe=safe, errors="surrogatepass") or "x"

    def pairs(self, names: list[str]) -> list[tuple[str, str]]:
        return [
            (self.rnd.choice(names) if self.rnd.random() < 0.8 else self.text(6), self.value())
            for _ in range(self.rnd.randrange(7))
        ]

    def encoded(self, pairs: list[tuple[str, str]]) -> str:
        """Pairs as `a=b&c=d`: well encoded, or raw (the garbage left as it is)."""
        if self.rnd.random() < 0.7:
            return "&".join(
                f"{quote_plus(k, errors='surrogatepass')}={quote_plus(v, errors='surrogatepass')}"
                for k, v in pairs
            )
        separator = self.rnd.choice(["&", "&", ";", "&&"])
        return separator.join(f"{k}={v}" if self.rnd.random() < 0.9 else k for k, v in pairs)

    def query(self) -> str:
        roll = self.rnd.random()
        if roll < 0.3:
            return ""
        query = self.encoded(self.pairs(NAMES))
        if self.route.path.startswith("/oauth2/auth") and self.rnd.random() < 0.6:
            extra = {"phoneNumber": USER_PHONE} if self.rnd.random() < 0.2 else {}
            query = self.world.authorize_query(**extra) + ("&" + query if query else "")
        return query

    def authorization(self) -> bytes:
        world, rnd = self.world, self.rnd
        roll = rnd.random()
        if self.route.path in GRAPHQL_PATHS and roll < 0.4:
            own = world.live_token if self.route.path == GRAPHQL_PATHS[2] else world.project_token
            return b"Bearer " + rnd.choice([own, own, world.user_token]).encode()
        if roll < 0.55:
            token = rnd.choice([world.project_token, world.user_token, world.live_token])
            return rnd.choice([b"Bearer ", b"bearer ", b"Bearer  "]) + token.encode()
        if roll < 0.7:
            secret = world.project.client_secret if rnd.random() < 0.7 else self.text()
            pair = f"{world.project.client_id}:{secret}"
            return b"Basic " + base64.b64encode(self.raw(pair))
        if roll < 0.8:
            pair = self.raw(self.text()) + rnd.choice([b":", b"", b"::"]) + self.garbage_bytes(8)
            return b"Basic " + base64.b64encode(pair)
        scheme = rnd.choice([b"Bearer", b"Basic", b"Digest", b"", b"Bearer\t"])
        return scheme + rnd.choice([b" ", b"", b"  "]) + self.raw(self.text())

    def cookie(self) -> bytes:
        rnd = self.rnd
        if self.session is not None and rnd.random() < 0.8:
            cookie = f"{COOKIE_NAME}={self.session.cookie}".encode()
            return cookie if rnd.random() < 0.8 else cookie + b"; " + self.raw(self.text())
        value = rnd.choice(["SANDBOX_WS_x", "LIVE_WS_", "", self.text()])
        return self.raw(f"{rnd.choice([COOKIE_NAME, self.text(5)])}={value}; ;=;{self.text()}")

    def headers(self, body: bytes) -> list[tuple[bytes, bytes]]:
        rnd, world = self.rnd, self.world
        headers: list[tuple[bytes, bytes]] = []
        chosen: dict[bytes, Any] = {
            b"authorization": (0.7, self.authorization),
            b"cookie": (0.85 if self.session else 0.3, self.cookie),
            b"origin": (0.2, lambda: self.raw(rnd.choice(["http://localhost:8000", "null",
                        "http://localhost:3000", "http://\u00e9vil", self.text()]))),
            b"x-user-id": (0.2, lambda: self.raw(rnd.choice([*world.user_ids, self.text()]))),
            b"x-forwarded-for": (0.2, lambda: self.raw(rnd.choice(["10.0.0.1", "::1, 1.2.3.4",
                                 "999.1.1.1", "", self.text()]))),
            b"x-request-id": (0.1, lambda: self.raw(self.text(40))),
            b"host": (0.05, lambda: self.raw(rnd.choice(["", "evil.example", self.text()]))),
            b"accept": (0.1, lambda: self.raw(self.text())),
            b"content-length": (0.15, lambda: self.content_length(body)),
            b"transfer-encoding": (0.03, lambda: rnd.choice([b"chunked", b"gzip", b"\xff"])),
            self.header_name(): (0.1, lambda: self.raw(self.text())),
        }  # fmt: skip
        for name, (probability, make) in chosen.items():
            if rnd.random() < probability:
                headers.append((name, make()))
                if rnd.random() < 0.05:  # twice, the second different
                    headers.append((name, make()))
        if rnd.random() < 0.03:
            headers.append((b"x-huge", b"a" * rnd.choice([9_000, 20_000])))
        return headers

    def header_name(self) -> bytes:
        """An odd header name (ASCII: httpx cannot carry others)."""
        return b"x-" + bytes(
            self.rnd.choice(b"az09-_.!~`'|^") for _ in range(self.rnd.randrange(6))
        )

    def content_length(self, body: bytes) -> bytes:
        return self.rnd.choice(
            [b"0", b"-1", b"abc", b" 5", str(len(body) + 7).encode(), b"2000000",
             str(max(len(body) - 3, 0)).encode(), b"1" * 40, b"\xd9\xa3", b""]
        )  # fmt: skip

    # -- bodies -------------------------------------------------------------------------------

    def base_fields(self) -> list[tuple[str, str]]:
        """The fields a form of this route needs to go deep, often right."""
        rnd, world, path = self.rnd, self.world, self.route.path
        if path == "/oauth2/token":
            grant = rnd.choice(["client_credentials", "authorization_code", "refresh_token"])
            fields = [("grant_type", grant), ("client_id", world.project.client_id)]
            if rnd.random() < 0.7:
                fields.append(("client_secret", world.project.client_secret))
            return fields
        if path == "/oauth2/login/phone":
            return [("phone_number", rnd.choice([USER_PHONE, world.new_phone(), self.text()]))]
        if path == "/oauth2/login/code" and self.session is not None:
            return [("code", world.latest_code(self.session) or "123456")]
        if path == "/oauth2/login/register":
            return [("first_name", "Ada"), ("last_name", "Byron"), ("birth_date", "1990-04-21")]
        if path == "/oauth2/auth/consent":
            return [("decision", rnd.choice(["authorize", "deny", self.text()]))]
        if self.route.params:
            return [("decision", rnd.choice(["approve", "refuse", self.text()]))]
        return []

    def form(self) -> bytes:
        pairs = self.pairs(NAMES)
        if self.rnd.random() < 0.6:
            base = self.base_fields()
            pairs = [*base, *pairs[: self.rnd.randrange(3)]] if base else pairs
        if self.session is not None and self.rnd.random() < 0.6:
            pairs.insert(self.rnd.randrange(len(pairs) + 1), ("csrf_token", self.session.csrf))
        return (
            self.raw(self.encoded(pairs))
            if self.rnd.random() < 0.2
            else self.encoded(pairs).encode("utf-8", "surrogatepass")
        )

    def multipart(self) -> tuple[bytes, bytes]:
        boundary = "XyZ"
        parts = []
        for name, value in self.pairs(NAMES):
            filename = '; filename="f.txt"' if self.rnd.random() < 0.3 else ""
            disposition = f'Content-Disposition: form-data; name="{name}"{filename}'
            parts.append(f"--{boundary}\r\n{disposition}\r\n\r\n{value}\r\n")
        text = "".join(parts) + (f"--{boundary}--\r\n" if self.rnd.random() < 0.8 else "")
        return self.raw(text), b"multipart/form-data; boundary=" + boundary.encode()

    def json_value(self, depth: int = 0) -> Any:
        rnd = self.rnd
        roll = rnd.random()
        if depth > 3 or roll < 0.5:
            leaves = [None, True, 0, -1, 2**70, 1.5, self.value(), self.known_value(), "\udfff"]
            return rnd.choice(leaves)
        if roll < 0.7:
            return [self.json_value(depth + 1) for _ in range(rnd.randrange(4))]
        return {rnd.choice(NAMES): self.json_value(depth + 1) for _ in range(rnd.randrange(5))}

    def graphql(self) -> bytes:
        rnd = self.rnd
        schema = {
            GRAPHQL_PATHS[1]: testing_schema,
            GRAPHQL_PATHS[3]: unauthenticated_schema,
            GRAPHQL_PATHS[4]: unauthenticated_schema,
        }.get(self.route.path, partner_schema)()
        body: dict[str, Any] = {"query": rnd.choice(graphql_documents(schema))}
        if rnd.random() < 0.8:
            body["variables"] = {
                name: rnd.choice([*self.world.account_ids, self.json_value()])
                for name in rnd.sample(["input", "id", "first", "after", "x"], rnd.randrange(4))
            }
        if rnd.random() < 0.2:
            body["operationName"] = self.json_value()
        if rnd.random() < 0.1:
            body[rnd.choice(NAMES)] = self.json_value()
        return json.dumps(body, ensure_ascii=rnd.random() < 0.5).encode("utf-8", "surrogatepass")

    def body(self, method: str) -> tuple[bytes, bytes | None]:
        """The body and the content type it goes with (None: leave it to the headers)."""
        rnd = self.rnd
        if method in ("GET", "HEAD") and rnd.random() < 0.8:
            return b"", None
        graphql = self.route.path in GRAPHQL_PATHS
        roll = rnd.random()
        if roll < 0.45:
            if graphql:
                return self.graphql(), b"application/json"
            return self.form(), b"application/x-www-form-urlencoded"
        if roll < 0.55:
            return self.multipart()
        if roll < 0.7:
            return self.raw(json.dumps(self.json_value(), ensure_ascii=False)), b"application/json"
        if roll < 0.8:
            return self.form() if graphql else self.graphql(), None
        if roll < 0.9:
            return self.garbage_bytes(200), None
        return b"", None

    # -- the request ---------------------------------------------------------------------------

    def request(self) -> FuzzRequest:
        method = self.method()
        body, body_type = self.body(method)
        headers = self.headers(body)
        if self.rnd.random() < 0.85 and body_type is not None:
            headers.append((b"content-type", body_type))
        elif self.rnd.random() < 0.7:
            headers.append((b"content-type", self.rnd.choice(CONTENT_TYPES)))
        self.rnd.shuffle(headers)
        query = self.query()
        url = self.path() + (("?" + query) if query or self.rnd.random() < 0.05 else "")
        # A URL carries an unpaired surrogate as the bytes `surrogatepass` gives, encoded.
        url = _SURROGATE.sub(lambda m: quote(m.group(), errors="surrogatepass"), url)
        return FuzzRequest(method, url, headers, body)


def fuzz_once(
    world: FuzzWorld, route: RouteTarget, seed: int
) -> tuple[FuzzRequest, httpx.Response | None, Outcome]:
    """Draw the request of `seed` for `route`, send it, judge the answer (None when httpx
    itself refuses to send it, e.g. a URL it cannot parse)."""
    generator = RequestGenerator(random.Random(seed), world, route)  # may set up a session
    request = generator.request()
    world.watch.mark()
    try:
        # Built apart from the client: merging its default headers would re-encode ours.
        sent = httpx.Request(
            request.method,
            str(world.http.base_url).rstrip("/") + request.url,
            headers=request.headers,
            content=request.body,
        )
        response = world.http.send(sent)
    except (httpx.InvalidURL, httpx.UnsupportedProtocol):
        return request, None, Outcome()
    finally:
        world.http.cookies.clear()  # the next request carries only the cookies it draws
    unchanged = response.status_code >= 500 or world.watch.unchanged()
    return request, response, judge(response, unchanged)

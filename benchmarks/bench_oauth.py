"""OAuth benchmark: the user flows in-process (Starlette's TestClient), median of many runs.

Figures: the whole browser flow through the pages (GET /oauth2/auth, phone, code, consent,
five requests), the auto-consent shortcut, a code exchange (with the RS256 id_token), a
refresh, and the first signing-key generation. Prints figures; asserts nothing about time,
but fails when a flow does not end where it should (a code, tokens, an id_token).

    python benchmarks/bench_oauth.py [--rounds 100] [--quick]
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from _bench import BenchmarkError, benchmark_parser, expect_status, parse_args

from simulator import Simulator
from simulator.oauth import keys

REDIRECT_URI = "http://localhost:3000/callback"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
WARM_UP = 5


def found(pattern: str | re.Pattern[str], text: str, what: str) -> str:
    """The first group of `pattern` in `text`; `BenchmarkError` when it is not there."""
    match = re.search(pattern, text)
    if match is None:
        raise BenchmarkError(f"{what}: {pattern!s} not found in {text[:300]!r}")
    return match.group(1)


def authorization_path(client_id: str, phone: str | None = None) -> str:
    """`/oauth2/auth` for an authorization code (and id_token); `phone` signs that user in."""
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": REDIRECT_URI,
        "scope": "openid offline",
        "state": "bench",
    }
    if phone:
        params["phoneNumber"] = phone
    return "/oauth2/auth?" + urlencode(params)


def median_ms(call: Callable[[], object], rounds: int) -> float:
    for _ in range(WARM_UP):
        call()
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=100, help="timed runs of each flow")
    args = parse_args(parser, {"rounds": 10}, argv)
    rounds = args.rounds
    sim = Simulator()
    creds = sim.create_project("sandbox", "Bench", [REDIRECT_URI])
    http = sim.client(follow_redirects=False)

    start = time.perf_counter()
    keys.signing_key(sim.sandbox)
    key_ms = (time.perf_counter() - start) * 1000

    phones = iter(f"+336{n:08d}" for n in range(10**6))

    def query(phone: str | None = None) -> str:
        return authorization_path(creds.client_id, phone)

    def browser_flow() -> str:
        phone = next(phones)
        sim.oauth.create_sandbox_user(phone)
        csrf = found(CSRF, http.get(query()).text, "the sign-in page")
        http.post("/oauth2/login/phone", data={"csrf_token": csrf, "phone_number": phone})
        code = sim.oauth.latest_code(phone)
        http.post("/oauth2/login/code", data={"csrf_token": csrf, "code": code})
        answer = http.post(
            "/oauth2/auth/consent", data={"csrf_token": csrf, "decision": "authorize"}
        )
        location: str = answer.headers.get("location", "")
        found(r"[?&](code)=", location, f"consent (HTTP {answer.status_code})")
        return location

    auto = "+33700000000"
    sim.oauth.create_sandbox_user(auto, auto_consent=True)

    def auto_code() -> str:
        answer = http.get(query(auto))
        location = answer.headers.get("location", answer.text)
        return found(r"[?&]code=([^&]+)", location, f"auto-consent (HTTP {answer.status_code})")

    def exchange() -> dict[str, Any]:
        answer = http.post(
            "/oauth2/token",
            data={
                "grant_type": "authorization_code",
                "code": auto_code(),
                "client_id": creds.client_id,
                "client_secret": creds.client_secret,
                "redirect_uri": REDIRECT_URI,
            },
        )
        tokens: dict[str, Any] = expect_status(answer, 200, "code exchange").json()
        if not {"access_token", "refresh_token", "id_token"} <= tokens.keys():
            raise BenchmarkError(f"code exchange: tokens missing in {sorted(tokens)}")
        return tokens

    refresh_tokens = [exchange()["refresh_token"] for _ in range(rounds + WARM_UP)]

    def refresh() -> None:
        answer = http.post(
            "/oauth2/token",
            data={
                "grant_type": "refresh_token",
                "refresh_token": refresh_tokens.pop(),
                "client_id": creds.client_id,
                "client_secret": creds.client_secret,
            },
        )
        expect_status(answer, 200, "refresh")

    print(f"signing key generated (RSA 2048, first use)   {key_ms:7.1f} ms")
    print(
        f"browser flow through the pages (5 requests)   {median_ms(browser_flow, rounds):7.1f} ms"
    )
    print(f"auto-consent authorization (1 request)        {median_ms(auto_code, rounds):7.1f} ms")
    print(f"authorization + code exchange with id_token   {median_ms(exchange, rounds):7.1f} ms")
    print(f"refresh (rotation, new id_token)              {median_ms(refresh, rounds):7.1f} ms")
    sim.close()


if __name__ == "__main__":
    main()

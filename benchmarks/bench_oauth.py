"""OAuth benchmark: the user flows in-process (Starlette's TestClient), median of many runs.

Figures: the whole browser flow through the pages (GET /oauth2/auth, phone, code, consent,
five requests), the auto-consent shortcut, a code exchange (with the RS256 id_token), a
refresh, and the first signing-key generation. Prints figures; asserts nothing about time.

    python benchmarks/bench_oauth.py
"""

from __future__ import annotations

import re
import statistics
import time
from urllib.parse import urlencode

from simulator import Simulator
from simulator.oauth import keys

REDIRECT_URI = "http://localhost:3000/callback"
ROUNDS = 100
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def median_ms(call, rounds: int = ROUNDS) -> float:
    for _ in range(5):  # warm up
        call()
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main() -> None:
    sim = Simulator()
    creds = sim.create_project("sandbox", "Bench", [REDIRECT_URI])
    http = sim.client(follow_redirects=False)

    start = time.perf_counter()
    keys.signing_key(sim.sandbox)
    key_ms = (time.perf_counter() - start) * 1000

    phones = iter(f"+336{n:08d}" for n in range(10**6))

    def query(phone: str | None = None) -> str:
        params = {
            "response_type": "code",
            "client_id": creds.client_id,
            "redirect_uri": REDIRECT_URI,
            "scope": "openid offline",
            "state": "bench",
        }
        if phone:
            params["phoneNumber"] = phone
        return "/oauth2/auth?" + urlencode(params)

    def browser_flow() -> str:
        phone = next(phones)
        sim.oauth.create_sandbox_user(phone)
        csrf = CSRF.search(http.get(query()).text).group(1)
        http.post("/oauth2/login/phone", data={"csrf_token": csrf, "phone_number": phone})
        code = sim.oauth.latest_code(phone)
        http.post("/oauth2/login/code", data={"csrf_token": csrf, "code": code})
        answer = http.post(
            "/oauth2/auth/consent", data={"csrf_token": csrf, "decision": "authorize"}
        )
        return answer.headers["location"]

    auto = "+33700000000"
    sim.oauth.create_sandbox_user(auto, auto_consent=True)

    def auto_code() -> str:
        location = http.get(query(auto)).headers["location"]
        return re.search(r"code=([^&]+)", location).group(1)

    def exchange() -> dict:
        return http.post(
            "/oauth2/token",
            data={
                "grant_type": "authorization_code",
                "code": auto_code(),
                "client_id": creds.client_id,
                "client_secret": creds.client_secret,
                "redirect_uri": REDIRECT_URI,
            },
        ).json()

    refresh_tokens = [exchange()["refresh_token"] for _ in range(ROUNDS + 5)]

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
        assert answer.status_code == 200

    print(f"signing key generated (RSA 2048, first use)   {key_ms:7.1f} ms")
    print(f"browser flow through the pages (5 requests)   {median_ms(browser_flow):7.1f} ms")
    print(f"auto-consent authorization (1 request)        {median_ms(auto_code):7.1f} ms")
    print(f"authorization + code exchange with id_token   {median_ms(exchange):7.1f} ms")
    print(f"refresh (rotation, new id_token)              {median_ms(refresh):7.1f} ms")
    sim.close()


if __name__ == "__main__":
    main()

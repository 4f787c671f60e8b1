"""The join page's wrong-code limit behind docs/workshop.md's own nginx configuration (read
out of the page: `tls_proxy_support.documented_nginx_conf`), with `serve --trust-proxy`.

Before: the documented configuration set no `X-Forwarded-For`, so the client's own header
reached the servers, which trust its last address: 30 wrong codes, each with an address of
its own, were all evaluated.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx

from simulator.workshop.join import WRONG_CODES

from .conftest import free_port
from .tls_proxy_support import Slice, TlsProxy, documented_nginx_block, require_tools


def test_the_documented_proxy_lets_no_client_choose_its_address(tmp_path: Path) -> None:
    require_tools()
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in (
        documented_nginx_block()
    )
    work = tmp_path / "proxy"
    work.mkdir()
    port = free_port()
    public = f"https://localhost:{port}"
    room = tmp_path / "room"
    (tmp_path / "names.txt").write_text("learner-01\nlearner-51\n")
    subprocess.run(
        [sys.executable, "-m", "simulator", "workshop", "create", "--names",
         str(tmp_path / "names.txt"), "--data-dir", str(room), "--public-url", public],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    slices: list[Slice] = []
    proxy: TlsProxy | None = None
    try:
        for position in ("1", "2"):
            slices.append(Slice(room, position, public, work))
        proxy = TlsProxy(work, port, (slices[0].wait(), slices[1].wait()))
        statuses = []
        with httpx.Client(base_url=public, verify=False, timeout=30) as http:
            for n in range(30):
                forged = {"X-Forwarded-For": f"203.0.113.{n + 1}"}
                answer = http.post("/w/join", data={"code": "learner-51-AAAA"}, headers=forged)
                statuses.append(answer.status_code)
    finally:
        if proxy is not None:
            proxy.stop()
        for served in slices:
            served.stop()
    assert statuses == [400] * WRONG_CODES + [429] * (30 - WRONG_CODES)

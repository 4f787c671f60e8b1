"""A room served as docs/workshop.md says for a large one: `serve --learners --trust-proxy`
slices as subprocesses, behind Debian's nginx terminating TLS with a self-signed
certificate and the page's own configuration (read out of it), all on loopback ports of
their own, every file in a temporary directory."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

import httpx
import pytest

from .conftest import free_port

NGINX = "/usr/sbin/nginx"
_LINK = re.compile(r"instructor\s+(\S+/workshop/sign-in\?token=\S+)")


def require_tools() -> None:
    """Skip, saying why, without nginx or openssl; with `REQUIRE_CHROMIUM` set (the CI,
    which installs them) fail instead, so a broken image is not a quiet skip."""
    missing = [
        tool for tool in (NGINX, shutil.which("openssl")) if not tool or not Path(tool).exists()
    ]
    if missing:
        why = f"the TLS proxy test needs {NGINX} and openssl (apt-get install nginx openssl)"
        if os.environ.get("REQUIRE_CHROMIUM"):
            pytest.fail(f"REQUIRE_CHROMIUM is set: {why}")
        pytest.skip(why)


def _wait(url: str, process: subprocess.Popen[str], log: Path, *, verify: bool = True) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url, timeout=1, verify=verify)
            return
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(log.read_text(errors="replace")) from None
            time.sleep(0.05)


class Slice:
    """`python -m simulator serve --learners SLICE` on a free loopback port; its log in a
    file (a pipe nobody reads would fill and stall the server)."""

    def __init__(self, data_dir: Path, learners: str, public_url: str, work: Path) -> None:
        self.data_dir, self.learners = data_dir, learners
        self.port = free_port()
        self.log = work / f"serve-{self.port}.log"
        self._stderr: IO[str] = self.log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "simulator", "serve", "--data-dir", str(data_dir),
             "--port", str(self.port), "--learners", learners, "--public-url", public_url,
             "--trust-proxy"],  # as docs/workshop.md says, behind its nginx
            stdout=subprocess.PIPE, stderr=self._stderr, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        self.sign_in_link = ""

    def wait(self) -> Slice:
        """Once it answers, with the instructor's link its banner printed (slices are
        started together, then waited for: each start is a Python process's imports)."""
        assert self.process.stdout is not None
        for line in self.process.stdout:  # the banner: up to its last line
            match = _LINK.search(line)
            if match:  # none on a slice other than the plan's first (its view is the first's)
                self.sign_in_link = match.group(1)
            if line.startswith("Press Ctrl-C"):
                break
        _wait(f"http://127.0.0.1:{self.port}/", self.process, self.log)
        return self

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
        self._stderr.close()


def self_signed_certificate(work: Path) -> tuple[Path, Path]:
    cert, key = work / "cert.pem", work / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
         "-days", "2", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


DOC = Path(__file__).resolve().parents[1] / "docs" / "workshop.md"

#: What the test puts in place of the page's addresses: each must be in the page's block
#: (a changed page fails here, loudly, rather than testing something else).
_REPLACED = (
    ("listen 443 ssl;", "listen 127.0.0.1:{port} ssl;"),
    ("server_name bank.example;", "server_name localhost;"),
    ("/etc/ssl/bank.example.pem", "{cert}"),
    ("/etc/ssl/bank.example.key", "{key}"),
    ("/srv/room/nginx-slices.conf", "{include}"),
)


def documented_nginx_block() -> str:
    """The one `nginx` block of docs/workshop.md, as a reader copies it."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, f"expected one nginx block in {DOC}, found {len(blocks)}"
    return str(blocks[0])


def documented_nginx_conf(work: Path, port: int, cert: Path, key: Path, include: Path) -> str:
    """docs/workshop.md's configuration, word for word but for its addresses (on a loopback
    port, `localhost`, a self-signed certificate, the room's data dir), in the files of a
    non-root nginx."""
    block = documented_nginx_block()
    values = {"port": port, "cert": cert, "key": key, "include": include}
    for documented, local in _REPLACED:
        assert documented in block, f"docs/workshop.md's nginx block lost {documented!r}"
        block = block.replace(documented, local.format(**values))
    return _NON_ROOT.format(work=work, block=block)


#: The files a non-root nginx needs of its own, around the page's block.
_NON_ROOT = """
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {work}/nginx-access.log;
    client_body_temp_path {work}/client_body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
{block}
}}
"""


def write_slice_plan(slices: Sequence[Slice]) -> Path:
    """`workshop slices` for `slices`, as docs/workshop.md runs it: the plan the servers
    read (they find one another once it is written) and the proxy's map; its path."""
    room = slices[0].data_dir
    plan = [f"{served.learners}=127.0.0.1:{served.port}" for served in slices]
    subprocess.run(
        [sys.executable, "-m", "simulator", "workshop", "slices", "--data-dir", str(room), *plan],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    return room / "nginx-slices.conf"


class TlsProxy:
    """nginx in the foreground (`daemon off`), its prefix, configuration, pid and logs in
    `work`, terminating TLS on a free loopback port in front of the slices with
    docs/workshop.md's configuration and the map `workshop slices` writes: each learner to
    their slice, whatever their names; `/workshop` to the first slice."""

    def __init__(self, work: Path, port: int, slices: Sequence[Slice]) -> None:
        cert, key = self_signed_certificate(work)
        conf = work / "nginx.conf"
        include = write_slice_plan(slices)
        conf.write_text(documented_nginx_conf(work, port, cert, key, include))
        self.log = work / "nginx-error.log"
        self.process = subprocess.Popen(
            [NGINX, "-p", str(work), "-c", str(conf), "-e", str(self.log), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        _wait(f"https://localhost:{port}/workshop", self.process, self.log, verify=False)

    def stop(self) -> None:
        self.process.terminate()  # nginx's fast shutdown
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

"""What every benchmark shares: the command line (`--quick`) and answers checked before timing.

A benchmark prints figures and asserts nothing about time, but it must *fail* (a non-zero
exit) when it cannot measure what it says: a GraphQL document the schema no longer accepts
answers `{"errors": [...]}` quickly, and timing that would print a fine, meaningless figure.
So each benchmark checks the answers it times (once, before the timed loop, where checking
every answer would weigh on the figure) with `graphql_data` or `expect_status`, which raise
`BenchmarkError` naming what the server said.

```python
parser = benchmark_parser(__doc__)
parser.add_argument("--rounds", type=int, default=300)
args = parse_args(parser, quick={"rounds": 20})  # `--quick`: 20 unless --rounds is given
```
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

__all__ = [
    "BenchmarkError",
    "benchmark_parser",
    "client_credentials_token",
    "expect_status",
    "graphql_data",
    "parse_args",
]


class BenchmarkError(RuntimeError):
    """The benchmark cannot measure what it says (an error answer, a missing field)."""


class _Response(Protocol):
    """What httpx and Starlette's TestClient responses have in common."""

    status_code: int
    text: str

    def json(self) -> Any: ...


class _Poster(Protocol):
    def post(self, url: str, **kwargs: Any) -> Any: ...


def benchmark_parser(doc: str | None) -> argparse.ArgumentParser:
    """A parser described by the module docstring, with the `--quick` flag every benchmark has.

    `--quick` keeps the code path and shrinks the sizes, so that `run_all.py --quick` (CI)
    proves in seconds that each benchmark still runs; its figures mean little.
    """
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a few rounds at small sizes: checks the benchmark runs (figures not meaningful)",
    )
    return parser


def parse_args(
    parser: argparse.ArgumentParser,
    quick: Mapping[str, Any],
    argv: Sequence[str] | None = None,
) -> argparse.Namespace:
    """Parse `argv`; with `--quick`, the `quick` values become the defaults.

    Options given on the command line win over both presets (parsed twice: once to learn
    whether `--quick` is there, then with the defaults it selects).
    """
    known, _ = parser.parse_known_args(argv)
    if known.quick:
        parser.set_defaults(**quick)
    return parser.parse_args(argv)


def _errors_text(body: Mapping[str, Any]) -> str:
    return "; ".join(
        str(error.get("message", error)) if isinstance(error, Mapping) else str(error)
        for error in body.get("errors") or []
    )


def graphql_data(response: _Response | Mapping[str, Any], what: str) -> dict[str, Any]:
    """The `data` of a GraphQL answer that has no `errors`; else `BenchmarkError`.

    `response` is an HTTP response (its JSON body is read) or an answer already decoded.
    """
    if isinstance(response, Mapping):
        body: Any = response
    else:
        try:
            body = response.json()
        except (ValueError, json.JSONDecodeError):
            raise BenchmarkError(
                f"{what}: HTTP {response.status_code}, not JSON: {response.text[:300]!r}"
            ) from None
    if not isinstance(body, Mapping):
        raise BenchmarkError(f"{what}: not a GraphQL answer: {str(body)[:300]}")
    if body.get("errors"):
        raise BenchmarkError(f"{what}: GraphQL errors: {_errors_text(body)}")
    data = body.get("data")
    if not isinstance(data, dict):
        raise BenchmarkError(f"{what}: no data in the answer: {str(body)[:300]}")
    return data


def expect_status(response: _Response, status: int, what: str) -> _Response:
    """`response` itself when its status is `status`; else `BenchmarkError` with its body."""
    if response.status_code != status:
        raise BenchmarkError(
            f"{what}: HTTP {response.status_code} (expected {status}): {response.text[:300]}"
        )
    return response


def client_credentials_token(client: _Poster, client_id: str, client_secret: str) -> str:
    """A project access token from `/oauth2/token` (client credentials grant), checked."""
    response = client.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": client_id,
            "client_secret": client_secret,
        },
    )
    expect_status(response, 200, "project token")
    token: str = response.json()["access_token"]
    return token

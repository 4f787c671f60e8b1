"""Dashboard command: `dashboard link [--env sandbox] [--public-url URL]` prints a new
one-time sign-in link to the partner dashboard (as `serve` does when it starts)."""

from __future__ import annotations

import argparse
from typing import Any

from ..public_url import public_url_setting
from .common import add_data_dir, add_environment, open_simulator


def register(subparsers: Any) -> None:
    dashboard = subparsers.add_parser("dashboard", help="the partner dashboard")
    actions = dashboard.add_subparsers(dest="action", required=True, metavar="ACTION")
    link = actions.add_parser("link", help="print a new one-time sign-in link")
    add_environment(link)
    link.add_argument(
        "--public-url",
        default="http://127.0.0.1:8000",
        help="the server's public URL, as given to serve (default: http://127.0.0.1:8000)",
    )
    add_data_dir(link)
    link.set_defaults(handler=run_link)


def run_link(args: argparse.Namespace) -> int:
    from ..browser.dashboard import new_sign_in_link  # lazy: the dashboard's pages (start-up)

    base = public_url_setting(args.public_url)
    with open_simulator(args.data_dir) as sim:
        print(new_sign_in_link(sim.environment(args.env), base))
    return 0

"""`docs`: print reference pages generated from the schemas (`docs mutations`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    docs = subparsers.add_parser("docs", help="print reference pages generated from the schemas")
    pages = docs.add_subparsers(dest="page", required=True, metavar="PAGE")
    mutations = pages.add_parser("mutations", help="every mutation with its rejections (Markdown)")
    mutations.set_defaults(handler=run_mutations)


def run_mutations(args: argparse.Namespace) -> int:
    del args
    from .. import _heap  # start-up: the GraphQL layer, with collection paused (`_heap`)

    _heap.imported("simulator.server.app")
    from ..api.docs import mutations_markdown  # start-up: the GraphQL layer
    from ..server.app import partner_schema, testing_schema

    sys.stdout.write(mutations_markdown(partner_schema(), testing_schema()))
    return 0

"""Workshop commands: `workshop create`, `workshop progress`, `workshop reset`,
`workshop clock`, `workshop dashboard-link` (docs/workshop.md). `serve` on a workshop
data dir serves every space.

The workshop (a simulator per learner) is imported by the commands themselves, when they
run (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..exceptions import ConfigurationError
from ..public_url import public_url_setting
from .common import add_data_dir, print_json

if TYPE_CHECKING:  # the types only: start-up (docs/architecture.md)
    from ..workshop import Workshop


def register(subparsers: Any) -> None:
    workshop = subparsers.add_parser("workshop", help="a room of learners, one space each")
    actions = workshop.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = actions.add_parser("create", help="create learner spaces and the roster")
    create.add_argument("--learners", type=int, metavar="N", help="N learners: learner-01...")
    create.add_argument("--names", type=Path, metavar="FILE", help="learner names, one a line")
    create.add_argument("--dataset", default="workshop", help="loaded into every space")
    create.add_argument(
        "--public-url",
        default="http://127.0.0.1:8000",
        help="the server's public URL, as given to serve, for the handout's addresses",
    )
    add_data_dir(create)
    create.set_defaults(handler=run_create)

    progress = actions.add_parser("progress", help="learners by exercises, as a table")
    progress.add_argument("--json", action="store_true", help="print JSON instead")
    add_data_dir(progress)
    progress.set_defaults(handler=run_progress)

    reset = actions.add_parser("reset", help="give a learner a fresh space")
    reset.add_argument("learner")
    add_data_dir(reset)
    reset.set_defaults(handler=run_reset)

    link = actions.add_parser("dashboard-link", help="a one-time dashboard sign-in link")
    link.add_argument("learner")
    link.add_argument(
        "--public-url",
        default="http://127.0.0.1:8000",
        help="the server's public URL, as given to serve (default: http://127.0.0.1:8000)",
    )
    add_data_dir(link)
    link.set_defaults(handler=run_dashboard_link)

    clock = actions.add_parser("clock", help="move a learner's clock forward")
    clock.add_argument("learner")
    clock.add_argument("duration", help="90s, 5m, 2h, 3d")
    add_data_dir(clock)
    clock.set_defaults(handler=run_clock)


def _names(args: argparse.Namespace) -> list[str]:
    from ..workshop import default_names, read_names  # start-up: a workshop brings the Simulator

    if args.names is not None:
        names = read_names(args.names)
        if args.learners is not None and args.learners != len(names):
            raise ConfigurationError(
                f"--learners {args.learners} but {args.names} names {len(names)} learners."
            )
        return names
    if args.learners is None:
        raise ConfigurationError("Give --learners N or --names FILE.")
    return default_names(args.learners)


def _open(args: argparse.Namespace) -> Workshop:
    from ..workshop import Workshop, is_workshop  # start-up: a workshop brings the Simulator

    if not is_workshop(args.data_dir):
        raise ConfigurationError(
            f"{args.data_dir} is not a workshop data dir: run `workshop create` first."
        )
    return Workshop(args.data_dir)


def run_create(args: argparse.Namespace) -> int:
    from ..workshop import Workshop, is_workshop  # start-up: a workshop brings the Simulator

    names = _names(args)
    data_dir = Path(args.data_dir)
    if not is_workshop(data_dir) and (data_dir / "sandbox.sqlite").exists():
        raise ConfigurationError(f"{data_dir} holds a single sandbox: choose another --data-dir.")
    with Workshop(data_dir, public_url=public_url_setting(args.public_url)) as room:
        added = room.create(names, dataset=args.dataset)
        kept = [name for name in names if name not in added]
        total = len(room.names)
    print_json(
        {
            "created": added,
            "kept": kept,
            "learners": total,
            "roster_csv": str((data_dir / "roster.csv").resolve()),
            "handout": str((data_dir / "roster.html").resolve()),
        }
    )
    return 0


def run_progress(args: argparse.Namespace) -> int:
    # start-up: a workshop brings the Simulator
    from ..workshop.progress import progress_table, room_progress

    with _open(args) as room:
        rows = room_progress(room)
    if args.json:
        print_json(rows)
    else:
        print(progress_table(rows))
    return 0


def run_reset(args: argparse.Namespace) -> int:
    with _open(args) as room:
        room.reset(args.learner)
    print_json({"reset": args.learner})
    return 0


def run_clock(args: argparse.Namespace) -> int:
    with _open(args) as room:
        sim = room.learner(args.learner)
        sim.advance(args.duration)
        print_json({"learner": args.learner, "clock": sim.clock.describe()})
    return 0


def run_dashboard_link(args: argparse.Namespace) -> int:
    # start-up: the dashboard's pages (Starlette, Jinja)
    from ..browser.dashboard import new_sign_in_link

    base = public_url_setting(args.public_url)
    with _open(args) as room:
        env = room.learner(args.learner).sandbox
        print(new_sign_in_link(env, f"{base}/w/{args.learner}"))
    return 0

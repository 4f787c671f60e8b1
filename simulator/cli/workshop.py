"""Workshop commands: `workshop create`, `workshop progress`, `workshop reset`,
`workshop clock`, `workshop codes`, `workshop dashboard-link`, `workshop instructor-link`,
`workshop slices` (docs/workshop.md). `serve` on a workshop data dir serves every space.

The workshop (a simulator per learner) is imported by the commands themselves, when they
run (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..exceptions import ConfigurationError
from ..public_url import public_url_setting
from .common import add_data_dir, print_json

if TYPE_CHECKING:  # the types only: start-up (docs/architecture.md)
    from ..workshop import Workshop


#: The handout's server when `create` is given no `--public-url` and the room has none yet.
CREATE_DEFAULT_URL = "http://127.0.0.1:8000"


def register(subparsers: Any) -> None:
    workshop = subparsers.add_parser("workshop", help="a room of learners, one space each")
    actions = workshop.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = actions.add_parser("create", help="create learner spaces and the roster")
    create.add_argument("--learners", type=int, metavar="N", help="N learners: learner-01...")
    create.add_argument("--names", type=Path, metavar="FILE", help="learner names, one a line")
    create.add_argument(
        "--dataset", help="loaded into every new space (default: the room's, else workshop)"
    )
    create.add_argument(
        "--public-url",
        help="the server's public URL, as given to serve, for the handout's addresses "
        "(default: the room's, else http://127.0.0.1:8000)",
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

    codes = actions.add_parser("codes", help="the learners' join codes; reissue or revoke one")
    which = codes.add_mutually_exclusive_group()
    which.add_argument("--reissue", metavar="NAME", help="a new join code for NAME")
    which.add_argument("--revoke", metavar="NAME", help="no join code works for NAME")
    codes.add_argument(
        "--rotate-secret",
        action="store_true",
        help="with --revoke: replace NAME's client secret too (the old one stops working)",
    )
    add_data_dir(codes)
    codes.set_defaults(handler=run_codes)

    link = actions.add_parser("dashboard-link", help="a one-time dashboard sign-in link")
    link.add_argument("learner")
    link.add_argument(
        "--public-url", help="the server's public URL, as given to serve (default: the room's)"
    )
    add_data_dir(link)
    link.set_defaults(handler=run_dashboard_link)

    instructor = actions.add_parser(
        "instructor-link",
        help="a new sign-in link for the instructor's view (beside a running server)",
    )
    instructor.add_argument(
        "--public-url",
        help="the server's public URL (default: the one serve used for its link, else the room's)",
    )
    instructor.add_argument(
        "--sign-out-all",
        action="store_true",
        help="end every instructor session and link instead (a lost device)",
    )
    add_data_dir(instructor)
    instructor.set_defaults(handler=run_instructor_link)

    clock = actions.add_parser("clock", help="move a learner's clock forward")
    clock.add_argument("learner")
    clock.add_argument("duration", help="90s, 5m, 2h, 3d")
    add_data_dir(clock)
    clock.set_defaults(handler=run_clock)

    _register_slices(actions)


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
    public_url = public_url_setting(args.public_url) if args.public_url else None
    with Workshop(data_dir, public_url=public_url) as room:
        before = dict(room.settings)
        if public_url is None and "public_url" not in before:
            room.public_url = CREATE_DEFAULT_URL
        added = room.create(names, dataset=args.dataset)
        kept = [name for name in names if name not in added]
        total = len(room.names)
        settings = dict(room.settings)
    for note in _setting_notes(before, settings, args):
        print(note, file=sys.stderr)
    print_json(
        {
            "created": added,
            "kept": kept,
            "learners": total,
            "settings": settings,
            "roster_csv": str((data_dir / "roster.csv").resolve()),
            "handout": str((data_dir / "roster.html").resolve()),
        }
    )
    return 0


def _setting_notes(
    before: dict[str, str], after: dict[str, str], args: argparse.Namespace
) -> list[str]:
    """What a second `create` kept or changed of the room's settings (a first says nothing)."""
    notes = []
    for key, option in (("public_url", "--public-url"), ("dataset", "--dataset")):
        if key not in before:
            continue
        if before[key] == after[key]:
            if getattr(args, key) is None:
                notes.append(f"Kept the room's {key} {after[key]} (give {option} to change it).")
        elif key == "public_url":
            notes.append(
                f"Changed the room's public_url from {before[key]} to {after[key]}: the "
                "handouts and every learner's registered callback page use the new one."
            )
        else:
            notes.append(
                f"Changed the room's dataset from {before[key]} to {after[key]}: for learners "
                "added from now on (the spaces made before keep theirs)."
            )
    return notes


def run_codes(args: argparse.Namespace) -> int:
    from ..workshop.room_actions import rotate_secret  # start-up, as above

    if args.rotate_secret and not args.revoke:
        raise ConfigurationError("--rotate-secret goes with --revoke NAME.")
    with _open(args) as room:
        if args.reissue:
            room.record(args.reissue)  # an unknown learner: refused, as everywhere
            room.codes.reissue(args.reissue)
        elif args.revoke:
            room.record(args.revoke)
            room.codes.revoke(args.revoke)
            if args.rotate_secret:
                rotate_secret(room, args.revoke)
        if args.reissue or args.revoke:
            room.write_handouts()
        codes = room.codes.codes(room.names)
    print_json({"codes": codes, "handout": str((Path(args.data_dir) / "roster.html").resolve())})
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
    from ..workshop.activity import clear_last_error  # start-up, as above

    with _open(args) as room:
        room.reset(args.learner)
        clear_last_error(room, args.learner)
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

    with _open(args) as room:
        base = public_url_setting(args.public_url) if args.public_url else room.public_url
        env = room.learner(args.learner).sandbox
        print(new_sign_in_link(env, f"{base}/w/{args.learner}"))
    return 0


def _register_slices(actions: Any) -> None:
    slices = actions.add_parser(
        "slices", help="serve the room as slices: the plan and the proxy's map of learners"
    )
    slices.add_argument(
        "slice",
        nargs="+",
        metavar="POSITIONS=HOST:PORT",
        help="a server's learners (roster positions, as serve --learners takes them) and "
        "its own address, e.g. 1-50=127.0.0.1:8001 51-100=127.0.0.1:8002",
    )
    add_data_dir(slices)
    slices.set_defaults(handler=run_slices)


def run_slices(args: argparse.Namespace) -> int:
    from ..workshop.slices import read_plan, write_plan  # start-up, as above

    with _open(args) as room:
        plan_path, nginx_path = write_plan(room, args.slice)
        entries = read_plan(room)
    print_json(
        {
            "plan": str(plan_path.resolve()),
            "nginx": str(nginx_path.resolve()),
            "serve": [
                f"python -m simulator serve --data-dir {args.data_dir} "
                f"--port {entry.url.rsplit(':', 1)[1]} --learners {entry.learners} "
                "--trust-proxy"
                for entry in entries
            ],
        }
    )
    return 0


def run_instructor_link(args: argparse.Namespace) -> int:
    from ..workshop.instructor_sessions import InstructorSessions  # start-up, as above

    with _open(args) as room:
        sessions = InstructorSessions(room.data_dir)
        if args.sign_out_all:
            ended = sessions.end_all()
            print_json({"signed_out": ended})
            return 0
        # The address of the server's own link (it is what the room is served at), unless told.
        given = public_url_setting(args.public_url) if args.public_url else None
        print(sessions.new_link(given or sessions.public_url() or room.public_url))
    return 0

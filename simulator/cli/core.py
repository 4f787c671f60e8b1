"""Core commands: serve, clock, project, reset.

Each command imports the parts it runs on (the simulator, the domain, the server) itself:
`--help` and `clock` then start without them (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..clock import Clock, format_timestamp
from ..exceptions import ConfigurationError
from ..public_url import default_public_url, public_url_setting
from ..storage.private import write_private_text
from .common import add_data_dir, add_environment, open_simulator, print_json

if TYPE_CHECKING:  # the types only: start-up (docs/architecture.md)
    from .._simulator import Simulator
    from ..webhooks.outbound import OutboundPolicy

DEMO_REDIRECT_URI = "http://localhost:3000/callback"
DEMO_CREDENTIALS_FILE = "demo-credentials.json"


def port_number(text: str) -> int:
    """A TCP port for `--port` (not 0: the printed addresses must name the real port)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number (1 to 65535): {text!r}")
    return port


def port_or_free(text: str) -> int:
    """`serve --port`: a TCP port, or 0 for a free one (`serve` listens before it prints,
    so the printed addresses and the ready file name the port the system picked)."""
    try:
        return 0 if text.strip() == "0" else port_number(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"not a port number (1 to 65535, or 0 for a free one): {text!r}"
        ) from None


def register(subparsers: Any) -> None:
    _register_serve(subparsers)
    _register_clock(subparsers)
    _register_projects(subparsers)


def _register_serve(subparsers: Any) -> None:
    serve = subparsers.add_parser("serve", help="run the HTTP server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument(
        "--port", type=port_or_free, default=8000, help="the port (0: a free one; default 8000)"
    )
    serve.add_argument(
        "--ready-file",
        metavar="PATH",
        help="once the server answers, write its URLs and the demo credentials to PATH as "
        "JSON (0600; removed when it stops); '-': print them as one JSON line on stdout",
    )
    serve.add_argument(
        "--frozen",
        action="store_true",
        help="start a new data dir's clock frozen (default: following the wall clock)",
    )
    serve.add_argument(
        "--no-demo", action="store_true", help="do not create the demo project in an empty sandbox"
    )
    serve.add_argument(
        "--trust-proxy",
        "--trust-forwarded-for",
        dest="trust_forwarded_for",
        action="store_true",
        help="behind a reverse proxy: rate-limit the client named in X-Forwarded-For "
        "(ignored otherwise)",
    )
    serve.add_argument(
        "--public",
        action="store_true",
        help="a server others can reach: webhooks may go to public addresses only "
        "(and the networks of --allow-webhook-net)",
    )
    serve.add_argument(
        "--allow-webhook-net",
        action="append",
        default=[],
        metavar="CIDR",
        help="with --public: a network webhooks may also go to (repeatable)",
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help="the origin clients reach the server at, which every absolute URL it emits "
        "starts with (default: http://HOST:PORT); never taken from the Host header",
    )
    serve.add_argument(
        "--log-file",
        type=Path,
        metavar="PATH",
        help="append the access log and errors to PATH (default: stderr)",
    )
    serve.add_argument(
        "--learners",
        metavar="SLICE",
        help="on a workshop data dir: serve these learners only (roster positions: 1-50)",
    )
    add_data_dir(serve)
    serve.set_defaults(handler=run_serve)


def _register_clock(subparsers: Any) -> None:
    clock = subparsers.add_parser("clock", help="read or move the virtual clock")
    actions = clock.add_subparsers(dest="action", required=True, metavar="ACTION")
    for name, help_text in [
        ("now", "print the virtual time"),
        ("freeze", "stop time at the current instant"),
        ("resume", "follow the wall clock again from the current instant"),
    ]:
        action = actions.add_parser(name, help=help_text)
        add_data_dir(action)
        action.set_defaults(handler=run_clock)
    advance = actions.add_parser("advance", help="move forward by a duration (90s, 5m, 2h, 3d)")
    advance.add_argument("duration")
    add_data_dir(advance)
    advance.set_defaults(handler=run_clock)
    set_ = actions.add_parser("set", help="set to a later ISO 8601 instant")
    set_.add_argument("to")
    add_data_dir(set_)
    set_.set_defaults(handler=run_clock)


def _register_projects(subparsers: Any) -> None:
    project = subparsers.add_parser("project", help="manage projects")
    project_actions = project.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = project_actions.add_parser("create", help="create a project, print its credentials")
    add_environment(create)
    create.add_argument("--name", required=True)
    create.add_argument(
        "--redirect-uri", action="append", required=True, dest="redirect_uris", metavar="URI"
    )
    add_data_dir(create)
    create.set_defaults(handler=run_project_create)
    listing = project_actions.add_parser("list", help="list projects (never their secrets)")
    add_environment(listing)
    add_data_dir(listing)
    listing.set_defaults(handler=run_project_list)

    reset = subparsers.add_parser("reset", help="empty an environment")
    add_environment(reset, default=None)
    reset.set_defaults(env="sandbox")
    add_data_dir(reset)
    reset.set_defaults(handler=run_reset)


def run_clock(args: argparse.Namespace) -> int:
    """Move `clock.json`, and journal the move at the instant it took the clock to, under the
    clock's lock: a server on the data dir fires the work due on the way (each at its own
    instant, `Scheduler.run_until`) after it, and journals it after this entry, in the
    order a replay runs them. On a stopped data dir, the next server or simulator catches up."""
    # A data dir without a clock gets the one `serve` would create: following the wall clock.
    clock = Clock.open(args.data_dir, frozen=False)
    with clock.held(), clock.pinned(clock.now()):  # a running clock moves by D exactly
        if args.action == "advance":
            moved = clock.advance(args.duration)
        elif args.action == "set":
            moved = clock.set(args.to)
        elif args.action == "freeze":
            moved = clock.freeze()
        else:
            moved = clock.resume()
        args.moved_to = format_timestamp(moved)
        args.journal(args)  # the journaling `main` does for any command (cli/journal.py)
    args.journaled = True
    print_json(clock.describe())
    return 0


def run_project_create(args: argparse.Namespace) -> int:
    from ..domain.kernel.projects import create_project  # start-up: the domain brings SQLite

    with open_simulator(args.data_dir) as sim:
        credentials = create_project(sim.environment(args.env), args.name, args.redirect_uris)
    data = credentials.as_dict()
    del data["environment"]
    print_json(data)
    return 0


def run_project_list(args: argparse.Namespace) -> int:
    from ..domain.kernel.projects import list_projects  # start-up: the domain brings SQLite

    with open_simulator(args.data_dir) as sim:
        print_json(list_projects(sim.environment(args.env)))
    return 0


def run_reset(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        sim.reset(args.env)
    print_json({"reset": args.env})
    return 0


def ensure_demo_project(sim: Simulator) -> dict[str, Any] | None:
    """In an empty sandbox, create the demo project with the default dataset.

    Its credentials are also written to `demo-credentials.json` in the data dir
    (a simulator-only convenience: the real dashboard shows a secret once).
    """
    # start-up: the domain brings SQLite
    from ..domain.kernel.projects import list_projects

    if list_projects(sim.sandbox):
        return None
    # start-up: the datasets, only for the first start of a data dir
    from ..domain.sandbox.datasets import load_dataset

    # The simulator's own callback page too (simulator-only): a first try lands somewhere.
    redirect_uris = [DEMO_REDIRECT_URI, f"{sim.public_url}/callback"]
    credentials = sim.create_project("sandbox", "Demo project", redirect_uris)
    load_dataset(sim.sandbox, credentials.project_id, "default")
    data = credentials.as_dict()
    path = Path(sim.data_dir) / DEMO_CREDENTIALS_FILE
    write_private_text(path, json.dumps(data, indent=2))  # 0600 from the first byte
    return data


def _outbound_policy(args: argparse.Namespace) -> OutboundPolicy:
    # start-up: webhooks bring the domain and SQLite
    from ..webhooks.outbound import DEFAULT_OUTBOUND_POLICY, OutboundPolicy

    if args.allow_webhook_net and not args.public:
        raise ConfigurationError("--allow-webhook-net opens networks of --public: give both.")
    if args.public:
        return OutboundPolicy.strict_mode(allow=args.allow_webhook_net)
    return DEFAULT_OUTBOUND_POLICY


def ready_record(sim: Simulator, demo: dict[str, Any] | None) -> dict[str, Any]:
    """What `--ready-file` holds: the URLs, the data dir, and the demo project's credentials
    (made now, or those `demo-credentials.json` kept from a first start)."""
    base = sim.public_url
    record: dict[str, Any] = {
        "url": base,
        "auth_url": f"{base}/oauth2",
        "token_url": f"{base}/oauth2/token",
        "sandbox_url": f"{base}/sandbox/graphql",
        "sandbox_testing_url": f"{base}/sandbox-testing/graphql",
        "live_url": f"{base}/live/graphql",
        "data_dir": str(Path(sim.data_dir).resolve()),
        "pid": os.getpid(),
    }
    saved = Path(sim.data_dir) / DEMO_CREDENTIALS_FILE
    if demo is None and saved.is_file():
        demo = json.loads(saved.read_text(encoding="utf-8"))
    if demo:
        record.update({key: demo[key] for key in ("project_id", "client_id", "client_secret")})
        record["redirect_uri"] = DEMO_REDIRECT_URI
    return record


class ReadyFile:
    """`serve --ready-file`: PATH, written whole (a temporary file renamed) so that a script
    polling for it never reads half of it; or `-`, one JSON line on stdout."""

    def __init__(self, target: str | None) -> None:
        self.target = target

    def write(self, record: dict[str, Any]) -> None:
        if self.target == "-":
            print(json.dumps(record, sort_keys=True), flush=True)
        elif self.target:
            path = Path(self.target)
            part = path.with_name(f".{path.name}.part")
            write_private_text(part, json.dumps(record, indent=2, sort_keys=True) + "\n")
            os.replace(part, path)

    def remove(self) -> None:
        if self.target and self.target != "-":
            Path(self.target).unlink(missing_ok=True)


def print_banner(sim: Simulator, args: argparse.Namespace, demo: dict[str, Any] | None) -> None:
    """What `serve` prints once it is ready: where everything is, and the demo's secret."""
    # start-up: the dashboard's pages (Starlette, Jinja)
    from ..browser.dashboard import new_sign_in_link

    base = sim.public_url
    print("Partner banking API simulator")
    print(f"  data dir            {Path(args.data_dir).resolve()}")
    print(f"  virtual clock       {sim.clock.timestamp()} ({sim.clock.state.mode})")
    allowed = ", ".join(str(n) for n in sim.outbound_policy.allowed) or "none listed"
    strict = f"strict: public addresses, {allowed}"
    print(f"  webhook targets     {strict if sim.outbound_policy.strict else 'default'}")
    print(f"  auth_url            {base}/oauth2")
    print(f"  sandbox_url         {base}/sandbox/graphql")
    print(f"  sandbox_testing_url {base}/sandbox-testing/graphql")
    print(f"  live_url            {base}/live/graphql")
    print(f"  explorer            {base}/sandbox/graphql (in a browser)")
    print(f"  dashboard           {new_sign_in_link(sim.sandbox, base)}")
    if demo:
        print("Demo project created in the Sandbox (credentials also in demo-credentials.json):")
        print(f"  client_id     {demo['client_id']}")
        print(f"  client_secret {demo['client_secret']}")
    if args.log_file is not None:
        print(f"  log file            {args.log_file.resolve()}")
    print("Press Ctrl-C to stop.", flush=True)


def run_serve(args: argparse.Namespace) -> int:
    from ..workshop import is_workshop  # start-up: a workshop brings the Simulator

    if is_workshop(args.data_dir):  # every learner's space: docs/workshop.md
        # start-up: a workshop brings the Simulator
        from ..workshop.command import run_workshop_serve

        if args.port == 0 or args.ready_file:
            raise ConfigurationError("--port 0 and --ready-file serve a plain data dir only.")
        return run_workshop_serve(args)
    if args.learners:
        raise ConfigurationError("--learners is for a workshop data dir (`workshop create`).")
    # start-up: the server
    from ..server.serving import ReadyServer, configure_logging, listen_on, uvicorn_config

    outbound_policy = _outbound_policy(args)
    ready = ReadyFile(args.ready_file)
    ready.remove()  # a waiting script never reads the last run's file
    sock = listen_on(args.host, args.port)  # held from here: port 0 is now a real port
    port = sock.getsockname()[1]
    public_url = public_url_setting(args.public_url or default_public_url(args.host, port))
    try:
        try:
            configure_logging(args.log_file)
        except OSError as error:
            raise ConfigurationError(f"Cannot write the log to {args.log_file}: {error}") from None
        sim = open_simulator(
            args.data_dir,
            frozen=args.frozen,
            trust_forwarded_for=args.trust_forwarded_for,
            public_url=public_url,
            outbound_policy=outbound_policy,
        )
    except BaseException:
        sock.close()  # the port is free again for whoever comes next
        raise
    demo = None if args.no_demo else ensure_demo_project(sim)
    server = ReadyServer(
        uvicorn_config(sim.app, args.host, port), lambda: ready.write(ready_record(sim, demo))
    )
    try:
        print_banner(sim, args, demo)
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn re-raises the Ctrl-C it shut down for
        pass
    finally:
        sim.close()  # joins the simulator's threads, then closes its stores
        sock.close()
        ready.remove()
    if not server.started:
        print(
            f"serve: the server did not start on {args.host}:{port} (see the log).", file=sys.stderr
        )
        return 1
    return 0

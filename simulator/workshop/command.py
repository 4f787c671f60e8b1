"""`serve` on a workshop data dir: every space under `/w/<learner>/`, `/workshop` for the
instructor (docs/workshop.md)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import uvicorn

from ..exceptions import ConfigurationError
from ..public_url import DEFAULT_PUBLIC_URL, default_public_url, public_url_setting
from ..server.serving import configure_logging, ensure_port_free, uvicorn_config
from ..webhooks.outbound import OutboundPolicy
from .federation import Federation
from .instructor import instructor_app
from .serving import WorkshopApp
from .slices import check_served
from .spaces import Workshop, parse_slice

__all__ = ["open_served_workshop", "run_workshop_serve"]


def _policy(args: argparse.Namespace) -> OutboundPolicy:
    """Always strict: a room's learners must not make the server call into its network
    (`--public` is implied). `--allow-webhook-net` opens a network (learners' receivers)."""
    return OutboundPolicy.strict_mode(allow=args.allow_webhook_net)


#: What a room stores when `create` was given no `--public-url` (cli/workshop.py), or a
#: `Workshop` none: no server was named, so `serve` names its own host and port.
_DEFAULTS = frozenset({DEFAULT_PUBLIC_URL, "http://127.0.0.1:8000"})


def open_served_workshop(args: argparse.Namespace) -> Workshop:
    """The room `serve` serves: its slice, and the public URL given, else the one stored
    with the room by `workshop create` (when not the default), else the host's and port's."""
    room = Workshop(args.data_dir)
    served = parse_slice(args.learners, room.names) if args.learners else None
    stored = room.settings.get("public_url")
    room.close()
    if args.public_url:
        public_url = public_url_setting(args.public_url)
    elif stored and stored not in _DEFAULTS:
        public_url = stored
    else:
        public_url = default_public_url(args.host, args.port)
    if not room.names:
        raise ConfigurationError(f"{args.data_dir}: the workshop has no learner yet.")
    return Workshop(
        args.data_dir, learners=served, public_url=public_url, outbound_policy=_policy(args)
    )


def _instructor_line(federation: Federation, sign_in: Callable[[], str]) -> str:
    """The sign-in link; in a room served as slices, which slice's view the proxy shows."""
    if federation.number is None or federation.number == 1:
        others = f" (the whole room: {len(federation.peers) + 1} slices)"
        return sign_in() + (others if federation.peers else "")
    # The proxy sends /workshop to the first slice: this one's link would reach that one.
    return f"the first slice's view (slice {federation.number} of the plan here)"


def run_workshop_serve(args: argparse.Namespace) -> int:
    # The room's own refusals (no roster, a slice outside it) come before the port's: they are
    # what the trainer typed wrong, whatever else is listening on the machine.
    room = open_served_workshop(args)
    try:
        check_served(room)
        ensure_port_free(args.host, args.port)
        configure_logging(args.log_file)
    except OSError as error:
        room.close()
        raise ConfigurationError(f"Cannot write the log to {args.log_file}: {error}") from None
    except BaseException:
        room.close()
        raise
    public_url = room.public_url
    instructor, sign_in = instructor_app(room, public_url)
    app = WorkshopApp(room, instructor=instructor, trust_forwarded_for=args.trust_forwarded_for)
    instructor.state.workshop = app
    server = uvicorn.Server(uvicorn_config(app, args.host, args.port))
    served = room.served
    print("Partner banking API simulator: workshop")
    print(f"  data dir            {Path(args.data_dir).resolve()}")
    print(f"  learners            {len(served)} ({served[0]} ... {served[-1]})")
    print(f"  spaces              {public_url}/w/<learner>/ (see roster.csv)")
    print(f"  join page           {public_url}/w/join (the handout's join codes)")
    allowed = ", ".join(str(n) for n in room.outbound_policy.allowed) or "none listed"
    strict = f"strict: public addresses, {allowed}"
    print(f"  webhook targets     {strict if room.outbound_policy.strict else 'default'}")
    print(f"  instructor          {_instructor_line(instructor.state.federation, sign_in)}")
    if args.log_file is not None:
        print(f"  log file            {args.log_file.resolve()}")
    print("Press Ctrl-C to stop.", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        room.close()
    return 0 if server.started else 1

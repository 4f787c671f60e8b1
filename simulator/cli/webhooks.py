"""`python -m simulator webhooks ...`: subscriptions, the delivery log, replay, probes, policy.

| Command | What it does |
|---|---|
| `webhooks list [--project ID]` | the live subscriptions (secrets masked) |
| `webhooks add --project ID --url URL [--secret S] --event-type T ...` | subscribe |
| `webhooks update ID --project ID [--url ...] [--enable/--disable]` | change a subscription |
| `webhooks remove ID --project ID` | remove a subscription |
| `webhooks log [--project ID] [--event ID] [--subscription ID] [--last N]` | the event log |
| `webhooks deliveries [--project ID] [--status S]` | the deliveries |
| `webhooks replay EVENT_ID --project ID [--subscription ID] [--deliver]` | send again |
| `webhooks probe URL --project ID [--secret S]` | send a sample event to a URL now |
| `webhooks policy [show / list / set NAME [--delays 5,17 --timeout 15]]` | the retry policy |
| `webhooks run-due` | send what is due, from this process |

A server running on the same data dir sends new deliveries itself (its loop checks a few
times a second). `replay --deliver`, `probe` and `run-due` send from the command's own
process: fine for http(s) endpoints, but an `inbox://` receiver lives in the server's
process, so leave those to the server.

The simulator and the webhook machinery are imported by the commands themselves, when they
run (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ..exceptions import ConfigurationError
from .common import Subcommands, add_data_dir, add_environment, open_simulator, print_json

__all__ = ["register"]


def _mask(subscription: dict[str, Any]) -> dict[str, Any]:
    secret = subscription["secret"]
    return {**subscription, "secret": secret and f"*** ({len(secret)} characters)"}


def _command(
    actions: Subcommands, name: str, help_text: str, handler: Callable[[argparse.Namespace], int]
) -> argparse.ArgumentParser:
    parser = actions.add_parser(name, help=help_text)
    add_environment(parser)
    add_data_dir(parser)
    parser.set_defaults(handler=_guarded(handler))
    return parser


def _guarded(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from ..domain.kernel.rejections import Rejected  # start-up: the domain brings SQLite

        try:
            return handler(args)
        except Rejected as rejected:
            print(f"rejected: {rejected.payload['__typename']}: {rejected}", file=sys.stderr)
            for field in rejected.payload.get("fields", []):
                print(f"  {field['name']}: {'; '.join(field['errors'])}", file=sys.stderr)
            return 2

    return run


def register(subparsers: Any) -> None:
    webhooks = subparsers.add_parser("webhooks", help="webhook subscriptions, log, replay, policy")
    actions = webhooks.add_subparsers(dest="action", required=True, metavar="ACTION")

    listing = _command(actions, "list", "list the live subscriptions", run_list)
    listing.add_argument("--project", help="only this project's")

    add = _command(actions, "add", "subscribe an endpoint to event types", run_add)
    add.add_argument("--project", required=True)
    add.add_argument("--url", required=True, help="http(s) URL, or inbox://NAME")
    add.add_argument("--secret", help="sent in the x-swan-secret header (none when left out)")
    add.add_argument(
        "--event-type", action="append", required=True, dest="event_types", metavar="TYPE"
    )
    add.add_argument("--label")
    add.add_argument("--disabled", action="store_true", help="create it disabled")

    update = _command(actions, "update", "change a subscription", run_update)
    update.add_argument("subscription_id")
    update.add_argument("--project", required=True)
    update.add_argument("--url")
    update.add_argument("--secret")
    update.add_argument("--event-type", action="append", dest="event_types", metavar="TYPE")
    update.add_argument("--label")
    state = update.add_mutually_exclusive_group()
    state.add_argument("--enable", action="store_const", const="Enabled", dest="status")
    state.add_argument("--disable", action="store_const", const="Disabled", dest="status")

    remove = _command(actions, "remove", "remove a subscription", run_remove)
    remove.add_argument("subscription_id")
    remove.add_argument("--project", required=True)

    log = _command(actions, "log", "print the delivery log (every attempt)", run_log)
    log.add_argument("--project")
    log.add_argument("--event", dest="event_id")
    log.add_argument("--subscription", dest="subscription_id")
    log.add_argument("--delivery", dest="delivery_id")
    log.add_argument("--last", type=int, metavar="N", help="only the last N attempts")

    deliveries = _command(actions, "deliveries", "print the deliveries", run_deliveries)
    deliveries.add_argument("--project")
    deliveries.add_argument("--event", dest="event_id")
    deliveries.add_argument("--subscription", dest="subscription_id")
    deliveries.add_argument("--status", choices=["Pending", "Succeeded", "Failed", "Canceled"])

    replay = _command(actions, "replay", "send an event again", run_replay)
    replay.add_argument("event_id")
    replay.add_argument("--project", required=True)
    replay.add_argument("--subscription", dest="subscription_id")
    replay.add_argument(
        "--deliver", action="store_true", help="send now from this process (else: the server)"
    )

    probe = _command(actions, "probe", "send a sample event to an endpoint now", run_probe)
    probe.add_argument("endpoint")
    probe.add_argument("--project", required=True)
    probe.add_argument("--secret")

    policy = actions.add_parser("policy", help="show, list or set the retry policy")
    policy.add_argument("operation", nargs="?", default="show", choices=["show", "list", "set"])
    policy.add_argument("name", nargs="?", help="a built-in name, or a custom policy's name")
    policy.add_argument("--delays", help="custom: seconds before each retry, e.g. 5,17,60")
    policy.add_argument("--timeout", type=float, help="custom: seconds (default 15)")
    policy.add_argument(
        "--env", default="all", choices=["sandbox", "live", "all"], help="(default: all)"
    )
    add_data_dir(policy)
    policy.set_defaults(handler=_guarded(run_policy))

    run_due = _command(actions, "run-due", "send what is due now, from this process", run_run_due)
    del run_due


def run_list(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        found = sim.webhooks.subscriptions(args.project, environment=args.env)
    print_json([_mask(subscription) for subscription in found])
    return 0


def run_add(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        created = sim.webhooks.subscribe(
            args.project,
            args.url,
            args.event_types,
            secret=args.secret,
            label=args.label,
            status="Disabled" if args.disabled else "Enabled",
            environment=args.env,
        )
    print_json(_mask(created))
    return 0


def run_update(args: argparse.Namespace) -> int:
    changes = {
        "label": args.label,
        "endpoint_url": args.url,
        "secret": args.secret,
        "event_types": args.event_types,
        "status": args.status,
    }
    with open_simulator(args.data_dir) as sim:
        updated = sim.webhooks.update(
            args.project,
            args.subscription_id,
            environment=args.env,
            **{key: value for key, value in changes.items() if value is not None},
        )
    print_json(_mask(updated))
    return 0


def run_remove(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        removed = sim.webhooks.remove(args.project, args.subscription_id, environment=args.env)
    print_json({"removed": removed["id"]})
    return 0


def run_log(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        attempts = sim.webhooks.log(
            args.project,
            event_id=args.event_id,
            subscription_id=args.subscription_id,
            delivery_id=args.delivery_id,
            environment=args.env,
        )
    if args.last is not None:
        attempts = attempts[-args.last :] if args.last > 0 else []
    print_json(attempts)
    return 0


def run_deliveries(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        found = sim.webhooks.deliveries(
            args.project,
            event_id=args.event_id,
            subscription_id=args.subscription_id,
            status=args.status,
            environment=args.env,
        )
    print_json(found)
    return 0


def run_replay(args: argparse.Namespace) -> int:
    from ..webhooks import delivery, log  # start-up: webhooks bring the domain and SQLite

    with open_simulator(args.data_dir) as sim:
        env = sim.environment(args.env)
        if args.deliver:  # the first attempts now, from this process
            sent = delivery.replay_event(env, args.project, args.event_id, args.subscription_id)
            ids = [row["delivery_id"] for row in sent]
        else:
            made = delivery.create_replays(env, args.project, args.event_id, args.subscription_id)
            ids = [row["id"] for row in made]
        print_json([log.get_delivery(env, delivery_id) for delivery_id in ids])
    return 0


def run_probe(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        probed = sim.webhooks.probe(args.project, args.endpoint, args.secret, environment=args.env)
    result = probed.pop("result")
    print_json({**probed, "error": result.error})
    return 0


def run_policy(args: argparse.Namespace) -> int:
    # start-up: webhooks bring the domain and SQLite
    from ..webhooks.policy import POLICIES, RetryPolicy, get_policy

    if args.operation == "list":
        print_json([policy.as_dict() for policy in POLICIES.values()])
        return 0
    environments = ["sandbox", "live"] if args.env == "all" else [args.env]
    with open_simulator(args.data_dir) as sim:
        if args.operation == "set":
            if not args.name:
                raise ConfigurationError("policy set needs a name: " + ", ".join(POLICIES))
            if args.delays is None and args.timeout is None:
                chosen = get_policy(args.name)
            else:
                if args.name in POLICIES:
                    raise ConfigurationError(
                        f"{args.name!r} is a built-in policy: give a custom policy another name."
                    )
                try:
                    delays = tuple(float(part) for part in (args.delays or "").split(",") if part)
                except ValueError:
                    raise ConfigurationError(
                        "--delays is a comma-separated list of seconds, such as 5,17,60."
                    ) from None
                timeout = 15.0 if args.timeout is None else args.timeout
                chosen = RetryPolicy(args.name, delays=delays, timeout=timeout)
            for name in environments:
                sim.webhooks.set_policy(chosen, environment=name)
        print_json({name: sim.webhooks.get_policy(name).as_dict() for name in environments})
    return 0


def run_run_due(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        timeline = sim.run_due()
    mine = [entry for entry in timeline if entry.get("environment", args.env) == args.env]
    print_json(mine)
    return 0

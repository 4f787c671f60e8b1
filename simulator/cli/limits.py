"""Limit commands: `limits show|set|rate-limit|project|reset|clear-counters` and `cost`.

```bash
python -m simulator limits show
python -m simulator limits set --env sandbox max_depth=20 max_complexity=500
python -m simulator limits rate-limit --requests 5000 --window 5m
python -m simulator limits work --row-budget 50000 --deadline 5s
python -m simulator limits project --env sandbox --client-id SANDBOX_... --requests 10000
python -m simulator limits reset
python -m simulator cost query.graphql --env sandbox
```

Settings go to `limits.json` in the data dir (a server running on it applies them at its
next request); a project's own rate limit goes to the environment's file.

The limits (graphql-core with them) and the simulator are imported by the commands
themselves, when they run (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..clock import parse_duration
from ..exceptions import ConfigurationError
from .common import add_data_dir, add_environment, open_simulator, print_json

if TYPE_CHECKING:  # the types only: start-up (docs/architecture.md)
    from ..limits import LimitSettingsFile, OperationLimits

__all__ = ["register"]


def register(subparsers: Any) -> None:
    limits = subparsers.add_parser("limits", help="show or change the limits (docs/limits.md)")
    actions = limits.add_subparsers(dest="action", required=True, metavar="ACTION")

    show = actions.add_parser("show", help="print the limits in force and the open counters")
    add_data_dir(show)
    show.set_defaults(handler=run_show)

    set_ = actions.add_parser(
        "set", help="set operation limits of an environment: max_depth=20 max_complexity=500 ..."
    )
    add_environment(set_)
    set_.add_argument(
        "values",
        nargs="*",
        metavar="NAME=VALUE",
        help="max_complexity, max_depth, max_top_level_fields, max_introspection_complexity, "
        "max_introspection_depth, max_fragment_nesting ('none' switches an optional cap off)",
    )
    set_.add_argument("--default", action="store_true", help="restore the environment's defaults")
    set_.add_argument("--off", action="store_true", help="switch the operation limits off")
    add_data_dir(set_)
    set_.set_defaults(handler=run_set)

    rate = actions.add_parser("rate-limit", help="set the default request rate limit")
    rate.add_argument("--requests", type=int, help="requests per window (default 2000)")
    rate.add_argument("--window", help="the window, a duration such as 5m (default 5m)")
    rate.add_argument("--off", action="store_true", help="switch the rate limit off")
    add_data_dir(rate)
    rate.set_defaults(handler=run_rate_limit)

    work = actions.add_parser(
        "work", help="bound the work of one request: the row budget and the execution deadline"
    )
    work.add_argument("--row-budget", help="estimated rows an operation may ask for, or off")
    work.add_argument("--deadline", help="real time an operation may run (10s, 500ms), or off")
    add_data_dir(work)
    work.set_defaults(handler=run_work)

    project = actions.add_parser(
        "project", help="give a project its own rate limit (a support request)"
    )
    add_environment(project)
    which = project.add_mutually_exclusive_group(required=True)
    which.add_argument("--project-id")
    which.add_argument("--client-id")
    amount = project.add_mutually_exclusive_group(required=True)
    amount.add_argument("--requests", type=int, help="requests per window")
    amount.add_argument("--default", action="store_true", help="back to the default limit")
    add_data_dir(project)
    project.set_defaults(handler=run_project)

    reset = actions.add_parser("reset", help="back to the specification's limits (limits.json)")
    add_data_dir(reset)
    reset.set_defaults(handler=run_reset)

    clear = actions.add_parser("clear-counters", help="forget every rate counter")
    add_data_dir(clear)
    clear.set_defaults(handler=run_clear_counters)

    cost = subparsers.add_parser(
        "cost", help="measure a GraphQL document against the limits, without running it"
    )
    cost.add_argument("query_file", metavar="QUERY_FILE", help="a .graphql file, or - for stdin")
    add_environment(cost)
    cost.add_argument("--operation-name", help="only this operation of the document")
    add_data_dir(cost)
    cost.set_defaults(handler=run_cost)


def _settings_file(args: argparse.Namespace) -> LimitSettingsFile:
    from ..limits import LimitSettingsFile  # start-up: the limits bring graphql-core

    return LimitSettingsFile(args.data_dir)


def run_show(args: argparse.Namespace) -> int:
    settings = _settings_file(args).read(strict=True)
    with open_simulator(args.data_dir) as sim:
        counters = sim.limits.rate_limiter.counters()
        projects = {
            name.value: [
                {"project_id": row["project_id"], "requests": row["requests"]}
                for row in env.store.db["project_rate_limits"].rows_where(order_by="project_id")
            ]
            for name, env in sim.environments.items()
        }
    print_json({**settings.describe(), "project_rate_limits": projects, "counters": counters})
    return 0


def _parse_value(text: str) -> int | None:
    if text.lower() in ("none", "null", "off"):
        return None
    try:
        return int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise ConfigurationError(f"Not a number: {text!r}.") from None


def run_set(args: argparse.Namespace) -> int:
    # start-up: the limits bring graphql-core
    from ..limits import LIVE_LIMITS, SANDBOX_LIMITS, OperationLimits

    file = _settings_file(args)
    settings = file.read(strict=True)
    default = SANDBOX_LIMITS if args.env == "sandbox" else LIVE_LIMITS
    if args.off:
        limits: OperationLimits | None = None
    else:
        changes: dict[str, int | None] = {}
        for item in args.values:
            name, separator, value = item.partition("=")
            if not separator:
                raise ConfigurationError(f"Expected NAME=VALUE, got {item!r}.")
            changes[name.strip()] = _parse_value(value.strip())
        current = settings.operation_limits(args.env)
        base = default if args.default or current is None else current
        try:
            limits = OperationLimits.from_mapping(changes, base=base)
        except (TypeError, ValueError) as error:
            raise ConfigurationError(str(error)) from None
    settings = settings.replace(**{args.env: limits})
    file.write(settings)
    print_json(settings.describe())
    return 0


def run_rate_limit(args: argparse.Namespace) -> int:
    from ..limits import RateLimit  # start-up: the limits bring graphql-core

    file = _settings_file(args)
    settings = file.read(strict=True)
    if args.off:
        rate = None
    else:
        current = settings.rate_limit or RateLimit()
        window = current.window_seconds
        if args.window is not None:
            seconds = parse_duration(args.window).total_seconds()
            if seconds != int(seconds):
                raise ConfigurationError("The window is a whole number of seconds.")
            window = int(seconds)
        rate = RateLimit(
            requests=args.requests if args.requests is not None else current.requests,
            window_seconds=window,
        )
    settings = settings.replace(rate_limit=rate)
    file.write(settings)
    print_json(settings.describe())
    return 0


def _is_off(text: str) -> bool:
    return text.lower() in ("none", "null", "off")


def run_work(args: argparse.Namespace) -> int:
    """Set the row budget and the execution deadline (both environments)."""
    file = _settings_file(args)
    settings = file.read(strict=True)
    changes: dict[str, Any] = {}
    if args.row_budget is not None:
        changes["row_budget"] = _parse_value(args.row_budget)
    if args.deadline is not None:
        text = args.deadline.strip()
        changes["execution_deadline_seconds"] = (
            None if _is_off(text) else parse_duration(text).total_seconds()
        )
    settings = settings.replace(**changes)
    file.write(settings)
    print_json(settings.describe())
    return 0


def run_project(args: argparse.Namespace) -> int:
    # start-up: the domain brings SQLite
    from ..domain.kernel.projects import find_project_by_client_id, get_project
    from ..domain.kernel.rate_limits import project_rate_limit, set_project_rate_limit

    with open_simulator(args.data_dir) as sim:
        env = sim.environment(args.env)
        if args.client_id:
            row = find_project_by_client_id(env, args.client_id)
            if row is None:
                raise ConfigurationError(f"No project with client_id {args.client_id!r}.")
            project_id = row["id"]
        else:
            project_id = get_project(env, args.project_id)["id"]
        set_project_rate_limit(env, project_id, None if args.default else args.requests)
        own = project_rate_limit(env, project_id)
        rate = sim.limits.settings.rate_limit
    print_json(
        {
            "environment": args.env,
            "project_id": project_id,
            "requests": own if own is not None else (rate.requests if rate else None),
            "window_seconds": rate.window_seconds if rate else None,
            "project_specific": own is not None,
        }
    )
    return 0


def run_reset(args: argparse.Namespace) -> int:
    file = _settings_file(args)
    from ..limits import LimitSettings  # start-up: the limits bring graphql-core

    file.write(LimitSettings())
    print_json(LimitSettings().describe())
    return 0


def run_clear_counters(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        cleared = sim.limits.rate_limiter.clear()
    print_json({"cleared": cleared})
    return 0


def run_cost(args: argparse.Namespace) -> int:
    """Print the figures of each operation; exit 1 when one exceeds a limit."""
    from graphql import GraphQLError  # start-up: graphql-core

    from ..limits import LIVE_LIMITS, SANDBOX_LIMITS, document_costs, operation_cost, parse_document

    if args.query_file == "-":
        source = sys.stdin.read()
    else:
        try:
            source = Path(args.query_file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigurationError(f"Cannot read {args.query_file}: {error}") from None
    settings = _settings_file(args).read(strict=True)
    limits = settings.operation_limits(args.env)
    if limits is None:
        limits = SANDBOX_LIMITS if args.env == "sandbox" else LIVE_LIMITS
    try:
        document = parse_document(source)
    except GraphQLError as error:
        raise ConfigurationError(f"{args.query_file}: {error.message}") from None
    if args.operation_name:
        figures = [operation_cost(document, limits=limits, operation_name=args.operation_name)]
        if figures[0]["complexity"] is None:
            raise ConfigurationError(f"No operation named {args.operation_name!r}.")
    else:
        figures = document_costs(document, limits=limits)
    print_json({"environment": args.env, "operations": figures})
    return 1 if any(figure["exceeded"] for figure in figures) else 0

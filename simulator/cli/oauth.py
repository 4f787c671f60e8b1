"""OAuth commands: the text-message outbox, Sandbox users, the PKCE switch of a project.

| Command | What it does |
|---|---|
| `sms [--env sandbox] [--phone N] [--last K]` | print the simulated text messages (JSON) |
| `user create --phone N [--first-name ..] [--auto-consent]` | create a Sandbox user |
| `project pkce --client-id ID [--enable \\| --disable]` | show or switch a project's flow |
"""

from __future__ import annotations

import argparse
from typing import Any

from .common import add_data_dir, add_environment, open_simulator, print_json


def _actions_of(subparsers: Any, command: str) -> Any:
    """The sub-command group of an existing command (`project`), to add an action to it."""
    parser = subparsers.choices[command]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    raise LookupError(f"command {command!r} has no actions")


def _positive(value: str) -> int:
    number = int(value) if value.isdigit() else 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value!r}")
    return number


def register(subparsers: Any) -> None:
    sms = subparsers.add_parser("sms", help="print the simulated text-message outbox")
    add_environment(sms)
    sms.add_argument("--phone", help="only the messages sent to this phone number")
    sms.add_argument("--last", type=_positive, help="only the newest N messages")
    add_data_dir(sms)
    sms.set_defaults(handler=run_sms)

    user = subparsers.add_parser("user", help="manage Sandbox users")
    user_actions = user.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = user_actions.add_parser("create", help="create a Sandbox user")
    create.add_argument("--phone", required=True, help="international format: +33612345678")
    create.add_argument("--first-name")
    create.add_argument("--last-name")
    create.add_argument("--birth-date", help="YYYY-MM-DD")
    create.add_argument(
        "--level",
        action="append",
        choices=["Expert", "QES"],
        dest="levels",
        help="a verified identification level (repeatable)",
    )
    create.add_argument(
        "--auto-consent",
        action="store_true",
        help="skip the text-message code and consent pages (for scripted tests)",
    )
    add_data_dir(create)
    create.set_defaults(handler=run_user_create)

    pkce = _actions_of(subparsers, "project").add_parser(
        "pkce", help="show or switch a project's authorization-code flow (PKCE or client secret)"
    )
    pkce.add_argument("--client-id", required=True)
    switch = pkce.add_mutually_exclusive_group()
    switch.add_argument(
        "--enable", action="store_true", help="PKCE on: the client-secret code flow is off"
    )
    switch.add_argument(
        "--disable", action="store_true", help="PKCE off: back to the client-secret flow"
    )
    add_data_dir(pkce)
    pkce.set_defaults(handler=run_project_pkce)


def run_sms(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        messages = sim.oauth.text_messages(args.env, args.phone)
    print_json(messages[-args.last :] if args.last else messages)
    return 0


def run_user_create(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        user = sim.oauth.create_sandbox_user(
            args.phone,
            first_name=args.first_name,
            last_name=args.last_name,
            birth_date=args.birth_date,
            identification_levels=args.levels,
            auto_consent=args.auto_consent,
        )
    print_json(user)
    return 0


def run_project_pkce(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        if args.enable or args.disable:
            settings = sim.oauth.set_pkce(args.client_id, bool(args.enable))
        else:
            settings = sim.oauth.settings(args.client_id)
    print_json(settings)
    return 0

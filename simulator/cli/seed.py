"""`seed`: load a dataset into a project (`python -m simulator seed --dataset workshop`)."""

from __future__ import annotations

import argparse
from typing import Any

from ..exceptions import ConfigurationError
from .common import add_data_dir, add_environment, open_simulator, print_json

DEMO_PROJECT_NAME = "Demo project"


def register(subparsers: Any) -> None:
    seed = subparsers.add_parser(
        "seed", help="load a dataset (default, workshop, or a JSON file) into a project"
    )
    add_environment(seed)
    seed.add_argument("--dataset", default="default", help="a dataset name or a JSON file path")
    seed.add_argument(
        "--project-id",
        help="the project (default: the only project, else the demo project)",
    )
    add_data_dir(seed)
    seed.set_defaults(handler=run_seed)


def pick_project(projects: list[dict[str, Any]], project_id: str | None) -> str:
    """The project to seed: the given one, the only one, or the demo project."""
    if project_id is not None:
        if not any(project["id"] == project_id for project in projects):
            raise ConfigurationError(f"No project {project_id}: see `project list`.")
        return project_id
    if len(projects) == 1:
        return str(projects[0]["id"])
    demo = [project for project in projects if project["name"] == DEMO_PROJECT_NAME]
    if len(demo) == 1:
        return str(demo[0]["id"])
    if not projects:
        raise ConfigurationError("No project yet: create one with `project create`.")
    raise ConfigurationError("Several projects: choose one with --project-id.")


def run_seed(args: argparse.Namespace) -> int:
    # lazy: the domain comes with SQLite (start-up)
    from ..domain.kernel.projects import list_projects
    from ..domain.sandbox.datasets import load_dataset

    with open_simulator(args.data_dir) as sim:
        env = sim.environment(args.env)
        project_id = pick_project(list_projects(env), args.project_id)
        result = load_dataset(env, project_id, args.dataset)
    print_json({"environment": args.env, "project_id": project_id, **result})
    return 0

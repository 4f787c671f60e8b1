"""The kit against a sandbox served elsewhere: a learner's workshop space, or any
`python -m simulator serve`, reached over HTTP with the handout's credentials.

`RemoteSpace` stands where the widgets expect a simulator: the `Console` and the
`LimitsGauge` need only a client, a project and the time (read from the space's `GET /`),
so they work unchanged. `ExerciseChecks` shows how a learner's workshop exercises stand
(the space's check page, the same one `simulator.workshop.feedback.check` reads).
"""

from __future__ import annotations

import html
from datetime import datetime
from typing import Any

import httpx
import ipywidgets as widgets

from ..clock import parse_timestamp
from ..domain.kernel.projects import ProjectCredentials
from ..exceptions import ConfigurationError

__all__ = ["CHECK_PATH", "ExerciseChecks", "RemoteSpace"]

#: Where a workshop space answers how its exercises stand (HTTP Basic, the project's pair).
CHECK_PATH = "/workshop/check"
_MARKS = {"done": "✔", "todo": "·", "unknown": "?"}


class RemoteSpace:
    """A sandbox at `base_url` (e.g. `http://SERVER/w/ada`), as the handout's project."""

    def __init__(self, base_url: str, client_id: str, client_secret: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.project = ProjectCredentials("", client_id, client_secret, [], "sandbox")
        #: The widgets check this before reading a simulator's state.
        self.closed = False

    def client(self, follow_redirects: bool = False) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, follow_redirects=follow_redirects, timeout=30)

    def now(self) -> datetime:
        """The space's virtual time (its own clock, which only its learner moves)."""
        with self.client() as http:
            return parse_timestamp(http.get("/").json()["clock"]["now"])

    def create_project(self, *_: Any) -> ProjectCredentials:
        raise ConfigurationError("A remote space has one project: the handout's.")

    def __repr__(self) -> str:
        return f"<RemoteSpace {self.base_url} as {self.project.client_id}>"


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class ExerciseChecks(widgets.VBox):  # type: ignore[misc]
    """The workshop's exercises and where the learner stands; **Check again** asks anew.

    ```python
    checks = ExerciseChecks(space)
    checks.results          # [{'id': 'project-token', 'status': 'done', ...}, ...]
    checks.check_button.click()
    ```
    """

    def __init__(self, space: RemoteSpace) -> None:
        self.space = space
        self.results: list[dict[str, Any]] = []
        self.check_button = widgets.Button(description="Check again", icon="check")
        self.table = widgets.HTML()
        self.message = widgets.HTML()
        self.check_button.on_click(lambda _: self.check())
        super().__init__([widgets.HBox([self.check_button, self.message]), self.table])
        self.check()

    def check(self) -> list[dict[str, Any]]:
        with self.space.client() as http:
            answer = http.get(
                CHECK_PATH, auth=(self.space.project.client_id, self.space.project.client_secret)
            )
        if answer.status_code != 200:
            self.message.value = (
                f"<b style='color:#c33'>The check answered {answer.status_code}</b>"
            )
            return self.results
        self.results = answer.json()["exercises"]
        done = sum(result["status"] == "done" for result in self.results)
        self.message.value = f"{done} of {len(self.results)} exercises done"
        rows = "".join(
            f"<tr><td>{_MARKS.get(r['status'], '?')}</td><td>{html.escape(r['title'])}</td>"
            f"<td><small>{html.escape(r['detail'] if r['status'] != 'todo' else r['hint'])}"
            "</small></td></tr>"
            for r in self.results
        )
        self.table.value = f"<table>{rows}</table>"
        return self.results

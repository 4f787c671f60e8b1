"""A panel to write a GraphQL operation, run it and read the answer."""

from __future__ import annotations

import html
import json
from typing import Any

import httpx
import ipywidgets as widgets

__all__ = ["GraphQLPanel"]

ENDPOINTS = {
    "Sandbox": "/sandbox/graphql",
    "Sandbox Testing API": "/sandbox-testing/graphql",
    "Live": "/live/graphql",
}


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class GraphQLPanel(widgets.VBox):  # type: ignore[misc]
    """Endpoint, operation, variables, a Run button and the response (status and JSON).

    ```python
    panel = GraphQLPanel(http, token, query="{ accounts { totalCount } }")
    panel.run_button.click()
    panel.status                   # 200
    panel.response                 # {'data': {'accounts': {'totalCount': 3}}}
    ```
    """

    def __init__(
        self, client: httpx.Client, token: str, query: str = "", endpoint: str = "Sandbox"
    ) -> None:
        self.client = client
        self.token = token
        self.status: int | None = None
        self.response: Any = None
        self.endpoint = widgets.Dropdown(
            options=list(ENDPOINTS), value=endpoint, description="Endpoint"
        )
        self.query = widgets.Textarea(
            value=query,
            description="Operation",
            layout=widgets.Layout(width="100%", height="140px"),
        )
        self.variables = widgets.Textarea(
            value="{}", description="Variables", layout=widgets.Layout(width="100%", height="60px")
        )
        self.run_button = widgets.Button(description="Run", button_style="primary")
        self.result = widgets.HTML()
        self.run_button.on_click(lambda _: self.run())
        super().__init__([self.endpoint, self.query, self.variables, self.run_button, self.result])

    def run(self) -> Any:
        """Post the operation; the answer lands in `status`, `response` and the panel."""
        try:
            variables = json.loads(self.variables.value or "{}")
        except ValueError as error:
            self.status, self.response = None, {"error": f"Variables are not JSON: {error}"}
        else:
            answer = self.client.post(
                ENDPOINTS[self.endpoint.value],
                json={"query": self.query.value, "variables": variables},
                headers={"Authorization": f"Bearer {self.token}"},
            )
            self.status, self.response = answer.status_code, answer.json()
        pretty = html.escape(json.dumps(self.response, indent=2))
        self.result.value = f"<b>HTTP {self.status}</b><pre>{pretty}</pre>"
        return self.response

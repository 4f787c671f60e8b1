"""The Console: any operation of the schema, as a project or a user, with its cost."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from graphql import GraphQLError, OperationDefinitionNode, parse

from ..domain.kernel.projects import ProjectCredentials
from ._kit import Kit
from .documents import operations, skeleton

__all__ = ["ENDPOINTS", "Console"]

#: Endpoint label -> (path, environment of its tokens, schema builder name).
ENDPOINTS: dict[str, tuple[str, str, str]] = {
    "Sandbox": ("/sandbox/graphql", "sandbox", "partner_schema"),
    "Testing API": ("/sandbox-testing/graphql", "sandbox", "testing_schema"),
    "Live": ("/live/graphql", "live", "partner_schema"),
}
PROJECT_TOKEN = "project token"
#: An id variable -> the table its prefilled value is read from (the project's latest row):
#: a prefilled `cancelConsent` names a real consent, not an empty id.
ID_TABLES = {
    "accountId": "accounts",
    "accountHolderId": "account_holders",
    "accountMembershipId": "account_memberships",
    "cardId": "cards",
    "consentId": "consents",
    "paymentId": "payments",
    "standingOrderId": "standing_orders",
    "transactionId": "transactions",
    "userId": "users",
}
#: Rows preferred when there is a choice: a consent still open can be cancelled or approved.
_PREFERRED = {"consents": "status IN ('Created', 'Started')"}


def _schema(builder: str) -> Any:
    from ..server import app  # start-up: the server and Ariadne (0.2 s), for completion only

    return getattr(app, builder)()


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class Console(widgets.VBox):  # type: ignore[misc]
    """Pick an endpoint, an identity and an operation; edit; Run; read the answer.

    ```python
    console = Console(sim)
    console.operation.value = "query accounts"   # prefills document and variables
    console.run_button.click()
    console.status, console.response["data"]
    console.history                              # every run: status, operation, cost
    ```
    """

    def __init__(
        self,
        simulator: Any,
        *,
        project: ProjectCredentials | None = None,
        endpoint: str = "Sandbox",
        operation: str = "query accounts",
    ) -> None:
        self.kit = Kit.of(simulator, project)
        self.status: int | None = None
        self.response: Any = None
        self.history: list[dict[str, Any]] = []
        #: Called with (document, status, response) after each run (the LimitsGauge listens).
        self.listeners: list[Callable[[str, int | None, Any], None]] = []
        self.endpoint = widgets.Dropdown(
            options=list(ENDPOINTS), value=endpoint, description="Endpoint"
        )
        self.identity = widgets.Dropdown(description="Identity")
        self.operation = widgets.Dropdown(
            description="Operation", layout=widgets.Layout(width="460px")
        )
        self.document = widgets.Textarea(
            description="Document", layout=widgets.Layout(width="100%", height="220px")
        )
        self.variables = widgets.Textarea(
            value="{}", description="Variables", layout=widgets.Layout(width="100%", height="80px")
        )
        self.run_button = widgets.Button(description="Run", button_style="primary", icon="play")
        self.identities_button = widgets.Button(description="Refresh identities", icon="refresh")
        self.status_label = widgets.HTML()
        self.result = widgets.HTML()
        self.history_view = widgets.HTML()
        self.run_button.on_click(lambda _: self.run())
        self.identities_button.on_click(lambda _: self.refresh_identities())
        self.endpoint.observe(lambda _: self._endpoint_changed(), names="value")
        self.operation.observe(lambda _: self.prefill(), names="value")
        self.document.observe(lambda change: self._document_edited(change["new"]), names="value")
        super().__init__(
            [
                widgets.HBox([self.endpoint, self.identity, self.identities_button]),
                self.operation,
                self.document,
                self.variables,
                widgets.HBox([self.run_button, self.status_label]),
                self.result,
                self.history_view,
            ]
        )
        self._endpoint_changed(operation)

    # -- choices -------------------------------------------------------------------

    def _endpoint_changed(self, operation: str | None = None) -> None:
        schema = _schema(ENDPOINTS[self.endpoint.value][2])
        names = [f"{kind} {name}" for kind, name in operations(schema)]
        wanted = operation or self.operation.value
        wanted = wanted if wanted in names else names[0]
        self.operation.options = names
        self.operation.value = wanted
        self.prefill()
        self.refresh_identities()

    def refresh_identities(self) -> None:
        """The project token, and every user token the kit holds (Sandbox endpoints)."""
        options = [PROJECT_TOKEN]
        if ENDPOINTS[self.endpoint.value][1] == "sandbox":
            options += list(self.kit.users)
        current = self.identity.value
        self.identity.options = options
        self.identity.value = current if current in options else PROJECT_TOKEN

    def prefill(self) -> None:
        """Put the chosen operation's minimal document and variables in the editors."""
        if not self.operation.value:
            return
        kind, name = self.operation.value.split(" ", 1)
        document, variables = skeleton(_schema(ENDPOINTS[self.endpoint.value][2]), kind, name)
        variables = self._with_known_ids(variables)
        self.document.value = document
        self.variables.value = json.dumps(variables, indent=2)

    def _with_known_ids(self, value: Any, key: str = "") -> Any:
        """The example variables with each empty id filled from the project's own data."""
        if isinstance(value, dict):
            return {name: self._with_known_ids(item, name) for name, item in value.items()}
        if isinstance(value, list):
            return [self._with_known_ids(item, key) for item in value]
        if value == "" and key in ID_TABLES:
            return self._latest_id(ID_TABLES[key]) or value
        return value

    def _latest_id(self, table: str) -> str | None:
        environment = getattr(self.kit.simulator, ENDPOINTS[self.endpoint.value][1], None)
        project_id = self.kit.projects.get(ENDPOINTS[self.endpoint.value][1])
        if environment is None or project_id is None:  # a space served elsewhere, or no project
            return None
        db = environment.store.db
        for condition in (_PREFERRED.get(table), "1 = 1"):
            if condition is None:
                continue
            # The table and the condition come from ID_TABLES and _PREFERRED, never from input.
            row = db.execute(
                f"SELECT id FROM {table} WHERE project_id = ? AND {condition} "
                "ORDER BY rowid DESC LIMIT 1",
                [project_id.project_id],
            ).fetchone()
            if row:
                return str(row[0])
        return None

    def _document_edited(self, document: str) -> None:
        """Keep only the variables the document declares: a document edited down to no
        variables runs with `{}`, not with what the previous one needed."""
        declared = _declared_variables(document)
        if declared is None:  # not parseable yet (mid-edit): leave the variables alone
            return
        try:
            current = json.loads(self.variables.value or "{}")
        except ValueError:
            return
        if isinstance(current, dict):
            kept = {name: value for name, value in current.items() if name in declared}
            if kept != current:
                self.variables.value = json.dumps(kept, indent=2) if kept else "{}"

    def token(self) -> str:
        environment = ENDPOINTS[self.endpoint.value][1]
        if self.identity.value in (None, PROJECT_TOKEN):
            return self.kit.project_token(environment)
        return self.kit.users[self.identity.value].access_token

    # -- running -------------------------------------------------------------------

    def run(self) -> Any:
        """Post the document; the answer lands in `status`, `response`, the page, the history."""
        try:
            variables = json.loads(self.variables.value or "{}")
        except ValueError as error:
            self.status, self.response = None, {"error": f"Variables are not JSON: {error}"}
            cost = None
        else:
            answer = self.kit.http.post(
                ENDPOINTS[self.endpoint.value][0],
                json={"query": self.document.value, "variables": variables},
                headers={"Authorization": f"Bearer {self.token()}"},
            )
            self.status, self.response = answer.status_code, answer.json()
            cost = (self.response.get("extensions") or {}).get("cost")
        self._show(cost)
        for listener in self.listeners:
            listener(self.document.value, self.status, self.response)
        return self.response

    def _show(self, cost: dict[str, Any] | None) -> None:
        ok = self.status == 200 and "errors" not in (self.response or {})
        colour = "#2a2" if ok else "#c33"
        self.status_label.value = f"<b style='color:{colour}'>HTTP {self.status}</b>"
        body = {k: v for k, v in (self.response or {}).items() if k != "extensions"}
        pretty = html.escape(json.dumps(body, indent=2))
        figures = _cost_line(cost)
        self.result.value = f"<pre style='max-height:320px;overflow:auto'>{pretty}</pre>{figures}"
        self.history.append(
            {
                "endpoint": self.endpoint.value,
                "identity": self.identity.value,
                "operation": self.operation.value,
                "status": self.status,
                "complexity": (cost or {}).get("complexity"),
                "remaining": ((cost or {}).get("rateLimit") or {}).get("remaining"),
            }
        )
        rows = "".join(
            f"<tr><td>{n}</td><td>{html.escape(str(h['operation']))}</td><td>{h['status']}</td>"
            f"<td>{h['complexity']}</td><td>{h['remaining']}</td></tr>"
            for n, h in enumerate(self.history[-8:], start=max(1, len(self.history) - 7))
        )
        self.history_view.value = (
            "<details open><summary>History</summary><table><tr><th>#</th><th>operation</th>"
            f"<th>status</th><th>complexity</th><th>budget left</th></tr>{rows}</table></details>"
        )


def _declared_variables(document: str) -> set[str] | None:
    """The names of the variables a document's operations declare; None when it does not parse."""
    try:
        parsed = parse(document)
    except GraphQLError:
        return None
    return {
        variable.variable.name.value
        for definition in parsed.definitions
        if isinstance(definition, OperationDefinitionNode)
        for variable in definition.variable_definitions or ()
    }


def _cost_line(cost: dict[str, Any] | None) -> str:
    if not cost:
        return "<i>no cost figures (the operation was never read)</i>"
    limits = cost.get("limits") or {}
    rate = cost.get("rateLimit") or {}
    return (
        f"<small>complexity {cost.get('complexity')}/{limits.get('complexity')} · "
        f"depth {cost.get('depth')}/{limits.get('depth')} · top-level "
        f"{cost.get('topLevelFields')}/{limits.get('topLevelFields')} · rate budget "
        f"{rate.get('remaining')}/{rate.get('limit')}</small>"
    )

"""The Ledger: the project's accounts with their three balances, and its transactions with
filters and keyset paging, read through the partner API as the kit's project."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..domain.kernel.projects import ProjectCredentials
from ._kit import Kit
from .queries import ACCOUNT_TRANSACTIONS, ACCOUNTS, TRANSACTIONS

__all__ = ["Ledger"]

ANY = "any"
_NO_ACCOUNT = "<tr><td colspan=5><i>no account</i></td></tr>"


def _money(amount: Any) -> str:
    return f"{amount['value']} {amount['currency']}" if amount else "–"


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class Ledger(widgets.VBox):  # type: ignore[misc]
    """Accounts and transactions.

    ```python
    ledger = Ledger(sim)
    ledger.refresh_button.click()
    ledger.accounts                      # account nodes, balances included
    ledger.status.value = "Booked"; ledger.apply_button.click()
    ledger.next_button.click()           # the next page, while there is one
    ```
    """

    def __init__(
        self, simulator: Any, *, project: ProjectCredentials | None = None, page_size: int = 10
    ) -> None:
        self.kit = Kit.of(simulator, project)
        self.page_size = page_size
        self.accounts: list[dict[str, Any]] = []
        self.transactions: list[dict[str, Any]] = []
        self.page_info: dict[str, Any] = {}
        self.total = 0
        self._cursors: list[str | None] = [None]  # the `after` of each page seen
        self.account = widgets.Dropdown(description="Account", options=[(ANY, None)])
        self.status = widgets.Dropdown(
            description="Status",
            options=[ANY, "Pending", "Booked", "Rejected", "Canceled", "Released"],
        )
        self.refresh_button = widgets.Button(description="Refresh", icon="refresh")
        self.apply_button = widgets.Button(description="Apply filters", button_style="primary")
        self.previous_button = widgets.Button(description="◀ Previous")
        self.next_button = widgets.Button(description="Next ▶")
        self.accounts_view = widgets.HTML()
        self.transactions_view = widgets.HTML()
        self.refresh_button.on_click(lambda _: self.refresh())
        self.apply_button.on_click(lambda _: self.load_page(reset=True))
        self.next_button.on_click(lambda _: self.next_page())
        self.previous_button.on_click(lambda _: self.previous_page())
        super().__init__(
            [
                self.refresh_button,
                self.accounts_view,
                widgets.HBox([self.account, self.status]),
                widgets.HBox([self.apply_button, self.previous_button, self.next_button]),
                self.transactions_view,
            ]
        )
        self.refresh()

    def _query(self, document: str, variables: dict[str, Any]) -> dict[str, Any]:
        answer = self.kit.http.post(
            "/sandbox/graphql",
            json={"query": document, "variables": variables},
            headers={"Authorization": f"Bearer {self.kit.project_token('sandbox')}"},
        ).json()
        if answer.get("errors"):
            raise RuntimeError(answer["errors"][0]["message"])
        data: dict[str, Any] = answer["data"]
        return data

    def refresh(self) -> None:
        """Read the accounts again, and the first page of transactions."""
        data = self._query(ACCOUNTS, {"first": 100})
        self.accounts = [edge["node"] for edge in data["accounts"]["edges"]]
        chosen = self.account.value
        self.account.options = [(ANY, None)] + [
            (a["name"] or a["id"], a["id"]) for a in self.accounts
        ]
        self.account.value = chosen if chosen in [a["id"] for a in self.accounts] else None
        rows = "".join(
            f"<tr><td>{html.escape(a['name'] or '')}</td>"
            f"<td><code>{html.escape(a['IBAN'] or '')}</code></td>"
            + "".join(
                f"<td style='text-align:right'>{_money(a['balances'][k])}</td>"
                for k in ("available", "booked", "pending")
            )
            + "</tr>"
            for a in self.accounts
        )
        self.accounts_view.value = (
            "<table><tr><th>account</th><th>IBAN</th><th>available</th><th>booked</th>"
            f"<th>pending</th></tr>{rows or _NO_ACCOUNT}</table>"
        )
        self.load_page(reset=True)

    def filters(self) -> dict[str, Any]:
        """The `TransactionsFiltersInput` chosen (it filters neither by account nor by side:
        the account is chosen by reading that account's own `transactions`)."""
        return {"status": [self.status.value]} if self.status.value != ANY else {}

    def load_page(self, *, reset: bool = False) -> None:
        if reset:
            self._cursors = [None]
        variables = {"first": self.page_size, "after": self._cursors[-1], "filters": self.filters()}
        if self.account.value:
            variables["accountId"] = self.account.value
            account = self._query(ACCOUNT_TRANSACTIONS, variables)["account"]
            page = account["transactions"]
        else:
            page = self._query(TRANSACTIONS, variables)["transactions"]
        # The status is read flat (`t["status"]`) by the table and by callers.
        self.transactions = [
            {**edge["node"], "status": edge["node"]["statusInfo"]["status"]}
            for edge in page["edges"]
        ]
        self.page_info, self.total = page["pageInfo"], page["totalCount"]
        self.next_button.disabled = not self.page_info["hasNextPage"]
        self.previous_button.disabled = len(self._cursors) == 1
        self._render()

    def next_page(self) -> None:
        if self.page_info.get("hasNextPage"):
            self._cursors.append(self.page_info["endCursor"])
            self.load_page()

    def previous_page(self) -> None:
        if len(self._cursors) > 1:
            self._cursors.pop()
            self.load_page()

    def _render(self) -> None:
        rows = "".join(
            f"<tr><td>{html.escape(t['executionDate'] or '')}</td>"
            f"<td>{html.escape(t['label'] or '')}</td>"
            f"<td>{t['side']}</td><td>{t['status']}</td>"
            f"<td style='text-align:right'>{_money(t['amount'])}</td></tr>"
            for t in self.transactions
        )
        first = (len(self._cursors) - 1) * self.page_size + 1
        shown = f"{first}-{first + len(self.transactions) - 1}" if self.transactions else "0"
        self.transactions_view.value = (
            f"<p>Transactions {shown} of {self.total}</p><table><tr><th>date</th><th>label</th>"
            f"<th>side</th><th>status</th><th>amount</th></tr>{rows}</table>"
        )

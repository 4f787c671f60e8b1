"""The LimitsGauge: the rate budget, and an operation's complexity, depth and top-level fields
against the environment's limits; measured offline while a document is edited."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from graphql import GraphQLError

from ..limits import SANDBOX_LIMITS, OperationLimitExceeded, OperationLimits, operation_cost
from .console import Console

__all__ = ["LimitsGauge"]

FIGURES = ("complexity", "depth", "topLevelFields")


# ipywidgets ships no type information, so its classes are `Any` to mypy.
class LimitsGauge(widgets.VBox):  # type: ignore[misc]
    """Bars for complexity, depth, top-level fields and the rate budget.

    Given a `Console`, it follows it: each edit of its document is measured offline (no
    request spent), and each answer's `extensions.cost` sets the bars and the budget.

    ```python
    gauge = LimitsGauge(sim, console=console)
    gauge.document.value = "{ accounts { totalCount } }"
    gauge.measure_button.click()
    gauge.figures            # {'complexity': 2, 'depth': 2, 'topLevelFields': 1, ...}
    ```
    """

    def __init__(self, simulator: Any, *, console: Console | None = None) -> None:
        self.simulator = simulator
        self.figures: dict[str, Any] = {}
        self.document = widgets.Textarea(
            description="Document",
            placeholder="a GraphQL document",
            layout=widgets.Layout(width="100%", height="90px"),
        )
        self.measure_button = widgets.Button(description="Measure offline", icon="calculator")
        self.bars = {
            name: widgets.FloatProgress(min=0, max=1, description=name, bar_style="success")
            for name in (*FIGURES, "rate budget")
        }
        self.labels = {name: widgets.Label() for name in self.bars}
        self.message = widgets.HTML()
        self.measure_button.on_click(lambda _: self.measure())
        rows = [widgets.HBox([self.bars[name], self.labels[name]]) for name in self.bars]
        super().__init__([self.document, self.measure_button, *rows, self.message])
        self._show(operation_cost("{ __typename }", limits=self._limits()) | {"rateLimit": None})
        if console is not None:
            self.follow(console)

    def follow(self, console: Console) -> None:
        """Measure the console's document as it is edited, and read each of its answers."""
        self.document.value = console.document.value
        console.document.observe(lambda change: self._edited(change["new"]), names="value")
        console.listeners.append(lambda _doc, _status, response: self.read_answer(response))
        self.measure()

    def _limits(self) -> OperationLimits:
        # Limits switched off measure against the specification's, to show the scale; so does
        # a space served elsewhere (`RemoteSpace`), whose answers then carry its own limits.
        settings = getattr(self.simulator, "limits", None)
        limits: OperationLimits | None = settings.settings.sandbox if settings else None
        return limits or SANDBOX_LIMITS

    def _edited(self, text: str) -> None:
        self.document.value = text
        self.measure()

    def measure(self) -> dict[str, Any]:
        """The document's figures, offline (no request, no budget spent)."""
        try:
            figures = operation_cost(self.document.value, limits=self._limits())
        except (GraphQLError, OperationLimitExceeded) as error:
            self.message.value = f"<i>Cannot measure: {error}</i>"
            return {}
        self._show(figures | {"rateLimit": self.figures.get("rateLimit")})
        self.message.value = "Measured offline: no request sent."
        return figures

    def read_answer(self, response: Any) -> None:
        """Set the bars from an answer's `extensions.cost` (kept as sent)."""
        cost = ((response or {}).get("extensions") or {}).get("cost")
        if cost:
            self._show(cost)
            self.message.value = "From the last answer's <code>extensions.cost</code>."

    def _show(self, figures: dict[str, Any]) -> None:
        self.figures = figures
        limits = figures.get("limits") or {}
        for name in FIGURES:
            value, limit = figures.get(name), limits.get(name)
            self._bar(name, value, limit, over=name in figures.get("exceeded", []))
        rate = figures.get("rateLimit") or {}
        remaining, budget = rate.get("remaining"), rate.get("limit")
        # The bar shows the budget *used*, so that it fills toward red like the others; the
        # answer reports what is left.
        used = None if remaining is None or not budget else max(budget - remaining, 0)
        self._bar("rate budget", used, budget, over=False)
        if used is not None:
            self.labels["rate budget"].value = f"{used:,} used of {budget:,} ({remaining:,} left)"

    def _bar(self, name: str, value: Any, limit: Any, *, over: bool) -> None:
        bar = self.bars[name]
        if value is None or not limit:
            bar.value, self.labels[name].value = 0, "–"
            return
        bar.max, bar.value = float(limit), float(min(value, limit))
        bar.bar_style = "danger" if over else bar_style(value / limit)
        self.labels[name].value = f"{value} / {limit}"


def bar_style(share: float) -> str:
    """A bar's colour for the share of its limit used: green, then orange from half, red from
    nine tenths (ipywidgets' `success`, `warning`, `danger`)."""
    return "danger" if share >= 0.9 else "warning" if share >= 0.5 else "success"

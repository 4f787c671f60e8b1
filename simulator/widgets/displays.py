"""Rich displays: a simulator, an account, a mutation's payload and a rejection as HTML.

Jupyter shows an object through its `_repr_html_`; these small classes wrap the dicts a
GraphQL answer holds, so `Account(node)` in a cell's last line renders as a card, not a dict.
Each also has a plain `__repr__` (what nbval compares, and what a terminal shows).
"""

from __future__ import annotations

import html
import json
from typing import Any

from ..domain.kernel.projects import list_projects

__all__ = ["Account", "Payload", "Rejection", "display", "simulator_html"]

_STYLE = (
    "font-family:system-ui,sans-serif;border:1px solid #ccd;border-radius:6px;"
    "padding:8px 12px;margin:4px 0;display:inline-block;min-width:320px"
)


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value))


def _money(amount: Any) -> str:
    if not isinstance(amount, dict):
        return "–"
    return f"{_e(amount.get('value'))} {_e(amount.get('currency'))}"


def _rows(pairs: list[tuple[str, str]]) -> str:
    cells = "".join(
        f"<tr><th style='text-align:left;padding-right:12px'>{_e(k)}</th><td>{v}</td></tr>"
        for k, v in pairs
    )
    return f"<table>{cells}</table>"


def simulator_html(simulator: Any) -> str:
    """The simulator's data dir, clock, projects per environment and webhook policy."""
    if simulator.closed:
        where = _e(simulator.data_dir)
        return f"<div style='{_STYLE}'><b>Simulator</b> (closed) <code>{where}</code></div>"
    clock = "frozen" if simulator.clock.frozen else "running"
    pairs = [
        ("virtual time", f"<code>{_e(simulator.clock.timestamp())}</code> ({clock})"),
        ("data dir", f"<code>{_e(simulator.data_dir)}</code>"),
    ]
    for name, env in simulator.environments.items():
        projects = ", ".join(_e(p["name"]) for p in list_projects(env)) or "none"
        pairs.append((f"{name} projects", projects))
    pairs.append(("webhook retry policy", _e(simulator.webhooks.policy.name)))
    return f"<div style='{_STYLE}'><b>Simulator</b>{_rows(pairs)}</div>"


class Account:
    """An account node (`id`, `name`, `IBAN`, `balances`) shown as a card."""

    def __init__(self, node: dict[str, Any]) -> None:
        self.node = node

    def _repr_html_(self) -> str:
        balances = self.node.get("balances") or {}
        pairs = [("IBAN", f"<code>{_e(self.node.get('IBAN'))}</code>")]
        pairs += [(kind, _money(balances.get(kind))) for kind in ("available", "booked", "pending")]
        pairs.append(("id", f"<code>{_e(self.node.get('id'))}</code>"))
        return f"<div style='{_STYLE}'><b>{_e(self.node.get('name'))}</b>{_rows(pairs)}</div>"

    def __repr__(self) -> str:
        available = (self.node.get("balances") or {}).get("available") or {}
        money = f"{available.get('value')} {available.get('currency')}"
        return f"<Account {self.node.get('name')} {money}>"


class Payload:
    """A mutation's answer (`{"__typename": ..., ...}`): green when a success, red when a
    rejection (then shown as a `Rejection`)."""

    def __init__(self, payload: dict[str, Any]) -> None:
        self.payload = payload

    @property
    def rejected(self) -> bool:
        return str(self.payload.get("__typename", "")).endswith("Rejection")

    def _repr_html_(self) -> str:
        if self.rejected:
            return Rejection(self.payload)._repr_html_()
        name = _e(self.payload.get("__typename", "Payload"))
        body = _e(json.dumps(self.payload, indent=2))
        return (
            f"<div style='{_STYLE};border-color:#2a2'><b style='color:#2a2'>✔ {name}</b>"
            f"<pre style='margin:4px 0'>{body}</pre></div>"
        )

    def __repr__(self) -> str:
        return f"<Payload {self.payload.get('__typename')}>"


class Rejection:
    """A typed rejection: its type, its message and its other fields."""

    def __init__(self, rejection: dict[str, Any]) -> None:
        self.rejection = rejection

    def _repr_html_(self) -> str:
        name = _e(self.rejection.get("__typename", "Rejection"))
        others = [
            (key, f"<code>{_e(value)}</code>")
            for key, value in self.rejection.items()
            if key not in ("__typename", "message")
        ]
        return (
            f"<div style='{_STYLE};border-color:#c33'><b style='color:#c33'>✘ {name}</b>"
            f"<p style='margin:4px 0'>{_e(self.rejection.get('message'))}</p>{_rows(others)}</div>"
        )

    def __repr__(self) -> str:
        return f"<Rejection {self.rejection.get('__typename')}: {self.rejection.get('message')}>"


def display(value: Any) -> Any:
    """The rich display of a value: an account node, a payload or a rejection (by shape)."""
    if isinstance(value, dict):
        if str(value.get("__typename", "")).endswith("Rejection"):
            return Rejection(value)
        if "__typename" in value:
            return Payload(value)
        if "IBAN" in value or "balances" in value:
            return Account(value)
    return value

"""What one simulator plugs into its domain: consent handlers, event listeners, due work.

The domain calls out at a few points whose behaviour belongs to a capability: what an
approved consent does (cards, payments, memberships, account closing), who hears an event
(webhooks), what falls due on the clock (settlements, expiries, deliveries). A `Wiring` holds
those plugs for **one** simulator. `Simulator` builds one, asks each capability to install
itself, and hands it to every `Environment`; nothing is registered at import time, so two
simulators in one process never share a plug.

```python
wiring = Wiring()
install_banking(wiring)                   # consent handlers, closing hooks, banking due work
install_webhooks(wiring)                  # an event listener, delivery due work, the inboxes
wiring.consent_handlers["AddCard"]        # ConsentHandler(on_accepted=..., on_ended=...)
wiring.get(Receivers)                     # a per-simulator service, looked up by its type
```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ...storage import Database
from ...storage.rows import AccountMembershipRow, AccountRow, ConsentRow, EventRow

if TYPE_CHECKING:
    from .context import Environment

__all__ = [
    "ConsentHandler",
    "DueWork",
    "EventListener",
    "ResourceHook",
    "Wiring",
]

T = TypeVar("T")
#: The row a hook is called with.
RowT = TypeVar("RowT")

#: Called with (env, db, event row) inside the emitting transaction.
EventListener = Callable[["Environment", Database, EventRow], None]
#: Called with (env, db, resource row) in the transaction that changes the resource.
ResourceHook = Callable[["Environment", Database, RowT], None]


@dataclass(frozen=True)
class ConsentHandler:
    """What a purpose does when its consent is accepted, or ends without being accepted."""

    #: Apply the operation (inside the approving transaction); raise `Rejected` to fail it.
    on_accepted: Callable[[Environment, Database, ConsentRow], None]
    #: Undo the pending resource; the last argument is the consent's final status.
    on_ended: Callable[[Environment, Database, ConsentRow, str], None]


class DueWork(Protocol):
    """Something that has work due at virtual instants."""

    name: str

    def next_due(self, env: Environment) -> str | None:
        """The earliest due instant (storage text form), or None when nothing is pending."""

    def run_due(self, env: Environment) -> list[dict[str, Any]]:
        """Run everything due at or before the clock's current time; return timeline entries."""


@dataclass
class Wiring:
    """The plugs of one simulator (see the module docstring). Filled while the simulator is
    built, then only read."""

    #: Consent purpose -> what approving (or not) its consent does.
    consent_handlers: dict[str, ConsentHandler] = field(default_factory=dict)
    #: Run when an account starts closing (its cards are canceled).
    account_closing: list[ResourceHook[AccountRow]] = field(default_factory=list)
    #: Run when a membership is disabled (its cards are canceled).
    membership_disabled: list[ResourceHook[AccountMembershipRow]] = field(default_factory=list)
    #: Hear every journaled event, inside its transaction.
    event_listeners: list[EventListener] = field(default_factory=list)
    #: Fired in time order by the scheduler.
    scheduled_work: list[DueWork] = field(default_factory=list)
    _services: dict[type, object] = field(default_factory=dict, repr=False)

    def provide(self, service: object) -> None:
        """Make a per-simulator object (the webhook inboxes, say) findable by its type."""
        self._services[type(service)] = service

    def get(self, kind: type[T]) -> T:
        """The service of type `kind` this simulator provides."""
        service = self._services.get(kind)
        if not isinstance(service, kind):
            raise LookupError(f"This simulator provides no {kind.__name__}.")
        return service

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

import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ...storage import Database
from ...storage.rows import AccountMembershipRow, AccountRow, ConsentRow, EventRow

if TYPE_CHECKING:
    from .context import Environment

__all__ = [
    "ConsentHandler",
    "ConsentHandlers",
    "DueWork",
    "EventListener",
    "Later",
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


class ConsentHandlers(Mapping[str, ConsentHandler]):
    """Consent purpose -> its handler; a purpose plugged `later` imports its module at its
    first look-up (an approval), not with the simulator: the README example's first answer
    approves nothing (docs/performance.md, "First answer"). Asking whether a purpose has a
    handler (`in`) imports nothing."""

    def __init__(self) -> None:
        self._handlers: dict[str, ConsentHandler] = {}
        self._later: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()

    def update(self, handlers: Mapping[str, ConsentHandler]) -> None:
        """Plug handlers already imported."""
        self._handlers.update(handlers)

    def later(self, purposes: Mapping[str, tuple[str, str]]) -> None:
        """Plug each purpose's handler by its module and attribute: the `ConsentHandler`, or a
        mapping of them by purpose (a module's `CONSENT_HANDLERS`)."""
        self._later.update(purposes)

    def __getitem__(self, purpose: str) -> ConsentHandler:
        handler = self._handlers.get(purpose)
        if handler is not None:
            return handler
        module, attribute = self._later[purpose]  # KeyError: no such purpose
        found = getattr(import_module(module), attribute)
        handler = found[purpose] if isinstance(found, Mapping) else found
        if not isinstance(handler, ConsentHandler):
            raise TypeError(f"{module}.{attribute} is no consent handler of {purpose}.")
        with self._lock:
            return self._handlers.setdefault(purpose, handler)

    def __contains__(self, purpose: object) -> bool:
        return purpose in self._handlers or purpose in self._later

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._handlers), **dict.fromkeys(self._later)})

    def __len__(self) -> int:
        return len(self._handlers.keys() | self._later.keys())


class Later:
    """A plug (a hook, a listener) called by its module and name: the module is imported at
    its first call, not with the simulator."""

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self._function: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        function = self._function
        if function is None:
            function = self._function = getattr(import_module(self.module), self.name)
        return function(*args)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Later) and (self.module, self.name) == (other.module, other.name)

    def __hash__(self) -> int:
        return hash((self.module, self.name))

    def __repr__(self) -> str:
        return f"Later({self.module!r}, {self.name!r})"


@dataclass
class Wiring:
    """The plugs of one simulator (see the module docstring). Filled while the simulator is
    built, then only read."""

    #: Consent purpose -> what approving (or not) its consent does.
    consent_handlers: ConsentHandlers = field(default_factory=ConsentHandlers)
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

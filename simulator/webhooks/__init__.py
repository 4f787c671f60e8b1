"""Webhooks: subscriptions, deliveries on the virtual clock, the event log, replay, probes.

`install_webhooks(wiring)` plugs webhooks into one simulator:

- `create_deliveries` listens to its events, so every journaled event gets its deliveries
  in the same transaction;
- a `WebhookDeliveries` joins its scheduled work, so advancing the clock (or the server's
  ticker) sends every attempt as it falls due, in time order;
- its in-process inboxes (`Receivers`) live with it, never shared with another simulator.

See docs/webhooks.md for the payload, the header, the retry policies and the timing rule.
"""

from ..domain.kernel.wiring import Wiring
from ..scheduler import Callouts
from .delivery import (
    PROBE_RESOURCE_ID,
    WebhookDeliveries,
    create_deliveries,
    create_replays,
    get_retry_policy,
    probe_endpoint,
    replay_event,
    run_due,
    set_retry_policy,
)
from .facade import Webhooks, describe_timeline
from .log import get_attempt, list_attempts, list_deliveries, subscription_kpi
from .policy import DEFAULT_POLICY, POLICIES, RetryPolicy, get_policy
from .receivers import (
    SECRET_HEADER,
    AttemptResult,
    ErrorCode,
    Inbox,
    Received,
    Receivers,
    WebhookRequest,
)
from .subscriptions import (
    MAX_SUBSCRIPTIONS_PER_EVENT_TYPE,
    add_subscription,
    get_subscription,
    list_subscriptions,
    remove_subscription,
    update_subscription,
)

__all__ = [
    "DEFAULT_POLICY",
    "MAX_SUBSCRIPTIONS_PER_EVENT_TYPE",
    "POLICIES",
    "PROBE_RESOURCE_ID",
    "SECRET_HEADER",
    "AttemptResult",
    "ErrorCode",
    "Inbox",
    "Received",
    "Receivers",
    "RetryPolicy",
    "WebhookRequest",
    "Webhooks",
    "add_subscription",
    "create_replays",
    "describe_timeline",
    "get_attempt",
    "get_policy",
    "get_retry_policy",
    "get_subscription",
    "install_webhooks",
    "list_attempts",
    "list_deliveries",
    "list_subscriptions",
    "probe_endpoint",
    "remove_subscription",
    "replay_event",
    "run_due",
    "set_retry_policy",
    "subscription_kpi",
    "update_subscription",
]


def install_webhooks(wiring: Wiring) -> None:
    """Plug webhooks into a simulator's `wiring` (see the module docstring). The wiring must
    already provide the simulator's `Callouts`."""
    wiring.get(Callouts)  # fail now, not at the first delivery
    wiring.provide(Receivers())
    wiring.event_listeners.append(create_deliveries)
    wiring.scheduled_work.append(WebhookDeliveries())

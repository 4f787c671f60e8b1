"""Webhooks: subscriptions, deliveries on the virtual clock, the delivery log, replay, probes.

Importing this package plugs webhooks into the core:

- `create_deliveries` joins `domain.events.EVENT_LISTENERS`, so every journaled event gets
  its deliveries in the same transaction;
- `WEBHOOK_DELIVERIES` joins `scheduler.SCHEDULED_WORK`, so advancing the clock (or the
  server's loop) sends every attempt as it falls due, in time order.

See docs/webhooks.md for the payload, the header, the retry policies and the timing rule.
"""

from ..domain.events import EVENT_LISTENERS
from ..scheduler import SCHEDULED_WORK
from .delivery import (
    PROBE_RESOURCE_ID,
    WEBHOOK_DELIVERIES,
    create_deliveries,
    get_retry_policy,
    probe,
    replay_event,
    run_due,
    set_retry_policy,
)
from .facade import Webhooks, describe_timeline
from .log import list_attempts, list_deliveries
from .policy import DEFAULT_POLICY, POLICIES, RetryPolicy, get_policy
from .receivers import SECRET_HEADER, AttemptResult, ErrorCode, Inbox, Received, WebhookRequest
from .subscriptions import (
    MAX_SUBSCRIPTIONS_PER_EVENT_TYPE,
    add_subscription,
    get_subscription,
    list_subscriptions,
    remove_subscription,
    update_subscription,
)

if create_deliveries not in EVENT_LISTENERS:
    EVENT_LISTENERS.append(create_deliveries)
if WEBHOOK_DELIVERIES not in SCHEDULED_WORK:
    SCHEDULED_WORK.append(WEBHOOK_DELIVERIES)

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
    "RetryPolicy",
    "WebhookRequest",
    "Webhooks",
    "add_subscription",
    "describe_timeline",
    "get_policy",
    "get_retry_policy",
    "get_subscription",
    "list_attempts",
    "list_deliveries",
    "list_subscriptions",
    "probe",
    "remove_subscription",
    "replay_event",
    "run_due",
    "set_retry_policy",
    "update_subscription",
]

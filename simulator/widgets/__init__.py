"""The teaching kit: ipywidgets that drive a simulator in a notebook (docs/widgets.md).

Each widget is built as `Widget(sim)`; every other argument is optional. They share one kit
per simulator (`_kit.Kit`: an in-process client, a "Teaching kit" project and the user tokens
obtained), speak to the simulator through its public faces (HTTP in-process, `sim.oauth`,
`sim.webhooks`, the clock), and never print: callbacks update widget values and attributes,
which a notebook or a test reads back.
"""

from .. import _heap

# A notebook's first cell: ipywidgets, the simulator and their modules live as long as the
# kernel; imported with collection paused, then frozen (start-up: `_heap`).
with _heap.long_lived():
    from .clock_panel import ClockPanel
    from .console import Console
    from .displays import Account, Payload, Rejection, display
    from .journal import JournalView, ReportReplay
    from .ledger import Ledger
    from .limits_gauge import LimitsGauge
    from .oauth_walkthrough import OAuthWalkthrough
    from .phone import ConsentInbox, Phone
    from .remote import ExerciseChecks, RemoteSpace
    from .webhook_timeline import WebhookTimeline

__all__ = [
    "Account",
    "ClockPanel",
    "ConsentInbox",
    "Console",
    "ExerciseChecks",
    "JournalView",
    "Ledger",
    "LimitsGauge",
    "OAuthWalkthrough",
    "Payload",
    "Phone",
    "Rejection",
    "RemoteSpace",
    "ReportReplay",
    "WebhookTimeline",
    "display",
]

"""The banking domain: projects, users, holders, accounts, consents and their rules.

It knows nothing of HTTP, GraphQL or widgets: every function takes an `Environment`
(one SQLite file and the clock) and, where access matters, the calling `Principal`.

Its modules are in packages by family, each importing only the families below it:
`sandbox` > `merchants` > `funding` | `capital_deposits` | `exports` > `onboarding` | `cards` |
`payments` > `accounts` > `consents` > `users` > `kernel` (docs/architecture.md, "The domain's
families").
`banking` and `due_work`, beside them, assemble them for a simulator's `Wiring`.
"""

from .kernel.context import Environment, Principal
from .kernel.pagination import Connection, InvalidPageRequest
from .kernel.projects import ProjectCredentials
from .kernel.rejections import Rejected

__all__ = [
    "Connection",
    "Environment",
    "InvalidPageRequest",
    "Principal",
    "ProjectCredentials",
    "Rejected",
]

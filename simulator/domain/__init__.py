"""The banking domain: projects, users, holders, accounts, consents and their rules.

It knows nothing of HTTP, GraphQL or widgets: every function takes an `Environment`
(one SQLite file and the clock) and, where access matters, the calling `Principal`.
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

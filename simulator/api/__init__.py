"""The partner GraphQL API: SDL files in `schema/`, resolvers beside them, one executable schema.

The same schema serves Sandbox and Live; what differs is the environment in the request
context (its SQLite file) and the limits applied to it.
"""

from .context import RequestContext
from .errors import format_error
from .executable import build_schema, execute, execute_inline
from .inline_reads import inline_schema, may_run_inline

__all__ = [
    "RequestContext",
    "build_schema",
    "execute",
    "execute_inline",
    "format_error",
    "inline_schema",
    "may_run_inline",
]

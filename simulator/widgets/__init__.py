"""ipywidgets for notebooks and workshops: a clock panel and a GraphQL panel.

Both drive the simulator through its public faces only (the clock, the HTTP client), so
what a learner clicks is what a partner's code does. Callbacks never print: they update
widget values and attributes, which a notebook reads back (and nbval compares).
"""

from .clock_panel import ClockPanel
from .graphql_panel import GraphQLPanel

__all__ = ["ClockPanel", "GraphQLPanel"]

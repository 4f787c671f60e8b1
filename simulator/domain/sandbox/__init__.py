"""The sandbox: the datasets a sandbox is seeded with, sandbox users, the sandbox's checks
and identifications, and the Testing API's simulations (card and transfer events).

The top family: it may use every other one.
"""

from . import datasets, sandbox_checks, sandbox_identifications, sandbox_users, simulation

__all__ = [
    "datasets",
    "sandbox_checks",
    "sandbox_identifications",
    "sandbox_users",
    "simulation",
]

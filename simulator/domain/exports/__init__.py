"""Exports: CSV files of a project's resources (accounts, holders, memberships, cards,
onboardings, transactions, users), made on the virtual clock and downloaded from the
simulator itself (`exports`).

It reads the tables of the families below it with SQL and imports only the kernel; it sits
beside `funding` and `capital_deposits`.
"""

from . import exports

__all__ = ["exports"]

"""Capital deposits: the share capital of a company being founded, deposited by its
shareholders (`cases`: the case, its shareholders, their onboardings) and the documents the
bank reviews (`documents`: upload URLs, the files arriving, the bank's decisions).

Above `onboarding` (a case opens an onboarding for the company and for each shareholder);
independent of `cards`, `payments` and `funding`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import cases, documents

__all__ = ["cases", "documents"]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")

"""Capital deposits: the share capital of a company being founded, deposited by its
shareholders (`cases`: the case, its shareholders, their onboardings) and the documents the
bank reviews (`documents`: upload URLs, the files arriving, the bank's decisions).

Above `onboarding` (a case opens an onboarding for the company and for each shareholder);
independent of `cards`, `payments` and `funding`.
"""

from . import cases, documents

__all__ = ["cases", "documents"]

"""Documents a schema has already found valid, so a repeated operation skips validation.

A client sends the same few documents over and over (a notebook's `accounts(first: 5)`, a
workshop room's hundred learners running the same exercise), and graphql-core's validation
walks the whole document with some thirty rules each time: a third of a small query's
cost. Whether a document is valid depends only on its text, the schema and the rules, and
the schemas are built once per process and never change, so a text that passed once
passes again. Only passes are remembered: an invalid document is validated each time, so
its errors always point into the document actually sent.

```python
memo = validation_memo(schema)
if memo.is_known_valid("{ __typename }", rules): ...  # False the first time
memo.remember_valid("{ __typename }", rules)
```
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from functools import cache

from graphql import GraphQLSchema

__all__ = ["ValidationMemo", "validation_memo"]

#: Distinct documents remembered per schema: far more than any room sends, bounded so a
#: client sending ever-new documents cannot grow the process.
DEFAULT_SIZE = 2048
#: Longer documents are not remembered (their validation is not the cost that matters).
MAX_REMEMBERED_LENGTH = 16_384


class ValidationMemo:
    """A bounded, thread-safe set of (document text, rules) found valid (least recent
    dropped first)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._valid: OrderedDict[tuple[str, Hashable], None] = OrderedDict()
        self._lock = threading.Lock()

    def is_known_valid(self, text: str, rules: Hashable) -> bool:
        key = (text, rules)
        with self._lock:
            if key not in self._valid:
                return False
            self._valid.move_to_end(key)
            return True

    def remember_valid(self, text: str, rules: Hashable) -> None:
        if len(text) > MAX_REMEMBERED_LENGTH:
            return
        with self._lock:
            self._valid[(text, rules)] = None
            if len(self._valid) > self.size:
                self._valid.popitem(last=False)

    def __len__(self) -> int:
        return len(self._valid)


@cache
def validation_memo(schema: GraphQLSchema) -> ValidationMemo:
    """The memo of `schema` (one per schema, like the schemas themselves: per process)."""
    return ValidationMemo()

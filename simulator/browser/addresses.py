"""The fixed paths of the simulator's browser pages, in a module of their own: a workshop's
activity log skips requests for the pages' static files, and knowing where they are must
not import the pages' renderer (Jinja, the OAuth pages) into `serve`'s start-up.

```python
from simulator.browser.addresses import STATIC_PREFIX

assert "/browser/static/explorer.css".startswith(STATIC_PREFIX + "/")
```
"""

from __future__ import annotations

__all__ = ["STATIC_PREFIX"]

#: Where the explorer's and the dashboard's own files are served (`pages.static_file`).
STATIC_PREFIX = "/browser/static"

"""`python -m simulator ...`: see `simulator.cli`."""

from .cli import main

raise SystemExit(main())

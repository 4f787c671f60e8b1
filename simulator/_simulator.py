"""`Simulator`: the whole service in-process, on one data dir and one virtual clock."""

from __future__ import annotations

import atexit
import functools
import logging
import shutil
import tempfile
import warnings
from concurrent.futures import Executor, ThreadPoolExecutor
from datetime import datetime, timedelta
from functools import cached_property
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from . import _heap
from .clock import Clock, format_timestamp, later
from .domain.banking import install_banking
from .domain.kernel.context import Environment
from .domain.kernel.projects import ProjectCredentials, create_project
from .domain.kernel.wiring import Wiring
from .environments import EnvironmentName
from .journal import DEFAULT_RETENTION, Journal, JournalSettings, record_call
from .journal.clock import JournaledClock
from .lifecycle import Lifecycle
from .limits import Limits, LimitSettings
from .oauth.grants import GRANTS
from .oauth.tools import OAuthTools
from .public_url import DEFAULT_PUBLIC_URL, public_url_setting
from .scheduler import Advance, Callouts, Scheduler, Ticker
from .storage import Store
from .webhooks import Receivers, Webhooks, install_webhooks
from .webhooks.outbound import DEFAULT_OUTBOUND_POLICY, OutboundPolicy

__all__ = ["DEFAULT_BASE_URL", "Simulator"]

#: The base URL of the in-process client: the same as a default `serve`, so links printed
#: in-process look exactly like those of a running server.
DEFAULT_BASE_URL = DEFAULT_PUBLIC_URL

#: How long (real seconds) `close()` waits for requests under way before closing anyway.
_CLOSE_WAIT_SECONDS = 30.0
#: Threads running GraphQL operations off the event loop: the machine's 2 cores, twice over,
#: so a request waiting on SQLite or a webhook receiver does not hold the others up.
_WORKER_THREADS = 4
logger = logging.getLogger("simulator")


class Simulator:
    """The banking service, in-process.

    ```python
    sim = Simulator()                       # a temporary data dir, a frozen clock
    creds = sim.create_project("sandbox", "Demo", ["http://localhost:3000/callback"])
    http = sim.client()                     # an httpx client bound to the app in-process
    token = http.post("/oauth2/token", data={"grant_type": "client_credentials",
            "client_id": creds.client_id, "client_secret": creds.client_secret}).json()
    sim.advance("1h")                       # the token has now expired
    ```

    `data_dir`: where `clock.json`, `sandbox.sqlite` and `live.sqlite` live (a temporary
    directory, removed by `close()`, when not given). A new data dir's clock starts frozen
    at `start` (default 2026-01-05 09:00 UTC), or running when `frozen=False`.

    `limits`: the operation limits and the rate limit (`simulator.limits.LimitSettings`);
    by default those of `limits.json` in the data dir, or the specification's.
    `trust_forwarded_for`: count the rate limit for the client named in `X-Forwarded-For`
    (only behind a reverse proxy that sets it). See docs/limits.md.
    `public_url`: the origin every absolute URL the app emits starts with (issuer,
    `consentUrl`, ...), whatever `Host` a request names; see docs/security.md.
    `journal_retention`: the request journal's entries kept per environment (0: no
    journal); see docs/bug-reports.md.
    `outbound_policy`: where HTTP webhooks may go (`simulator.webhooks.outbound`); by default
    anywhere but link-local, multicast, unspecified and metadata addresses, and
    `OutboundPolicy.strict_mode(allow=[...])` for a simulator others can reach.
    `workers`: a thread pool to run GraphQL operations in, owned by the caller (a workshop
    shares one among its spaces); by default the simulator makes and owns its own.
    `reproducible_ids`: a new environment file gets ids anyone can compute (the same at every
    run: teaching notebooks) instead of ids from a random secret of its own; by default only
    a temporary data dir's. Never for a simulator others reach (docs/security.md, "Ids").

    The simulator is the composition root: it builds and owns every part (stores, clock,
    scheduler and its ticker thread, the wiring of consent handlers, event listeners and due
    work, the OAuth grants, limits, webhook inboxes), and nothing is shared with another
    simulator in the process. `close()` (or leaving `with Simulator() as sim:`) waits for
    requests under way, joins its threads, then closes its stores; it is idempotent, and a
    closed simulator raises `SimulatorClosed`.
    """

    def __init__(
        self,
        data_dir: str | Path | None = None,
        *,
        start: datetime | str | None = None,
        frozen: bool = True,
        limits: LimitSettings | None = None,
        trust_forwarded_for: bool = False,
        public_url: str = DEFAULT_BASE_URL,
        outbound_policy: OutboundPolicy | None = None,
        journal_retention: int = DEFAULT_RETENTION,
        workers: Executor | None = None,
        reproducible_ids: bool | None = None,
    ) -> None:
        self.public_url = public_url_setting(public_url)
        self._temporary = data_dir is None
        self._reproducible_ids = self._temporary if reproducible_ids is None else reproducible_ids
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="banking-sandbox-"))
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # A temporary data dir goes when the process ends even if `close()` was never called:
        # a notebook leaves its simulator open so that its widgets keep working after Run All.
        self._remove_at_exit = functools.partial(shutil.rmtree, self.data_dir, ignore_errors=True)
        if self._temporary:
            atexit.register(self._remove_at_exit)
        self._lifecycle = Lifecycle()
        #: The request journal's settings (docs/bug-reports.md).
        self.journal_settings = JournalSettings(retention=journal_retention)
        #: Runs GraphQL operations off the event loop (docs/architecture.md). A pool passed
        #: in (a workshop's, shared by its spaces) belongs to the caller, who shuts it down.
        self._owns_workers = workers is None
        self.workers: Executor = workers or ThreadPoolExecutor(
            _WORKER_THREADS, thread_name_prefix="simulator-worker"
        )
        self.environments: dict[EnvironmentName, Environment] = {}
        try:
            self._build(start, frozen, limits, trust_forwarded_for, outbound_policy)
        except BaseException:  # nothing half-built is left open (threads, files, a temp dir)
            if self._owns_workers:
                self.workers.shutdown(wait=True)
            self._close_stores()
            for clock in (getattr(self, "_clock", None), getattr(self, "clock", None)):
                if clock is not None:
                    clock.close()
            if self._temporary:
                shutil.rmtree(self.data_dir, ignore_errors=True)
                atexit.unregister(self._remove_at_exit)
            raise

    def _build(
        self,
        start: datetime | str | None,
        frozen: bool,
        limits: LimitSettings | None,
        trust_forwarded_for: bool,
        outbound_policy: OutboundPolicy | None,
    ) -> None:
        """Build the parts in their order (docs/architecture.md, "The composition root")."""
        self._clock = Clock.open(self.data_dir, start=start, frozen=frozen)  # type: ignore[arg-type]
        #: The plugs of this simulator's domain (docs/architecture.md).
        self.wiring = Wiring()
        self.wiring.provide(self.journal_settings)
        callouts = Callouts()
        self.wiring.provide(callouts)
        install_banking(self.wiring)
        install_webhooks(self.wiring)
        #: Where HTTP webhooks may go (docs/webhooks.md, "Where webhooks may go").
        self.outbound_policy = outbound_policy or DEFAULT_OUTBOUND_POLICY
        self.wiring.get(Receivers).outbound = self.outbound_policy
        for name in EnvironmentName:
            store = Store.open(
                self.data_dir,
                name,
                durable=not self._temporary,
                reproducible_ids=self._reproducible_ids,
            )
            # The journal's commits, on the event loop, leave the WAL's checkpoints to these.
            store.checkpoint_with(self.workers.submit)
            self.environments[name] = Environment(name, store, self._clock, self.wiring)
        self.scheduler = Scheduler(
            self._clock, self.environments.values(), self.wiring.scheduled_work, callouts
        )
        #: Fires due work while a server (or a `with`-entered client) runs.
        self.ticker = Ticker(self.scheduler)
        #: Operation limits and rate limit in force, and the rate counters (`limits.sqlite`).
        self.limits = Limits(
            self.data_dir,
            self._clock,
            settings=limits,
            trust_forwarded_for=trust_forwarded_for,
            durable=not self._temporary,
        )
        #: The clock, for you to read and move: each move made through it is journaled
        #: (`JournaledClock`); the parts above use their own, unjournaled object.
        self.clock: Clock = JournaledClock.beside(self.data_dir, self.sandbox)

    # -- environments and projects -------------------------------------------------

    @property
    def sandbox(self) -> Environment:
        return self.environments[EnvironmentName.SANDBOX]

    @property
    def live(self) -> Environment:
        return self.environments[EnvironmentName.LIVE]

    def environment(self, name: str | EnvironmentName) -> Environment:
        return self.environments[EnvironmentName.parse(name)]

    def create_project(
        self, environment: str | EnvironmentName, name: str, redirect_uris: list[str]
    ) -> ProjectCredentials:
        """Create a project and return its credentials (the secret is shown only here)."""
        with self._lifecycle.operation():
            credentials = create_project(self.environment(environment), name, redirect_uris)
            record_call(self.environment(environment), "project", "create_project",
                        {"name": name, "redirect_uris": redirect_uris}, credentials.as_dict(),
                        project_id=credentials.project_id)  # fmt: skip
            return credentials

    @cached_property
    def oauth(self) -> OAuthTools:
        """The OAuth user flows: Sandbox users, the text-message outbox, PKCE (docs/oauth.md)."""
        return OAuthTools(self.environments)

    def reset(self, environment: str | EnvironmentName) -> None:
        """Empty one environment (its projects, tokens and banking data)."""
        with self._lifecycle.operation():
            self.environment(environment).store.reset()

    # -- time ---------------------------------------------------------------------

    def now(self) -> datetime:
        return self.clock.now()

    def advance(self, duration: str | float | timedelta) -> Advance:
        """Move virtual time forward (`"90s"`, `"5m"`, `"2h"`, `"3d"`), firing what falls due
        on the way (settlements, expiries, webhook retries), each at its own instant."""
        # One step across processes (Scheduler.moving): the journaled target is the one
        # the clock reaches, even when another process moves the clock at the same time.
        self.scheduler.settle()
        with self._lifecycle.operation(), self.scheduler.moving() as now:
            target = format_timestamp(later(now, duration))
            # Journaled first, at the time it moves to: what fires on the way comes after it.
            record_call(self.sandbox, "clock", "advance", {"duration": str(duration)},
                        {"now": target}, virtual_time=target)  # fmt: skip
            return self.scheduler.advance(duration)

    def run_due(self) -> list[dict[str, Any]]:
        """Fire what is due now (after the clock was moved by another process, say)."""
        with self._lifecycle.operation():
            return self.scheduler.run_due()

    @cached_property
    def journal(self) -> Journal:
        """The request journal of every environment (docs/bug-reports.md)."""
        return Journal(self.environments)

    # -- snapshots and reports (docs/bug-reports.md) ----------------------------------
    # Their modules are imported at their first use, not with the simulator: a process that
    # takes no snapshot and writes no report spares them (docs/performance.md, "First answer").

    def snapshot(self, name: str) -> Path:
        """Save every environment's file, the clock and the limits as snapshot `name`."""
        from .snapshots import save_snapshot  # lazy: start-up, see above

        with self._lifecycle.operation():
            return save_snapshot(self.data_dir, self.clock, name)

    def restore(self, name: str) -> None:
        """Put the simulator back in the state of snapshot `name` (all of it, or nothing)."""
        from .snapshots import restore_snapshot  # lazy: start-up, see above

        with self._lifecycle.operation():
            restore_snapshot(self.data_dir, self.clock, name)

    def snapshots(self) -> list[Any]:
        """The saved snapshots (`SnapshotInfo`), by name."""
        from .snapshots import list_snapshots  # lazy: start-up, see above

        return list_snapshots(self.data_dir)

    def diff(self, a: str, b: str) -> dict[str, Any]:
        """Rows added, removed and changed per environment and table from snapshot a to b."""
        from .snapshots import diff_snapshots  # lazy: start-up, see above

        return diff_snapshots(self.data_dir, a, b)

    def report(self, out: str | Path | None = None, **options: Any) -> Any:
        """Write a bug report that replays the journal (see `simulator.report.write_report`)."""
        from .report.writing import write_report  # lazy: start-up, see above

        return write_report(self, out, **options)

    # -- webhooks -----------------------------------------------------------------

    @cached_property
    def webhooks(self) -> Webhooks:
        """Subscriptions, in-process inboxes, the delivery log, replay and the retry policy
        (see `simulator.webhooks`)."""
        return Webhooks(self.environments)

    # -- HTTP ---------------------------------------------------------------------

    @cached_property
    def app(self) -> Starlette:
        """The ASGI application, the same one `python -m simulator serve` runs."""
        self._lifecycle.check_open()
        # The server's modules live as long as the process: collection paused (`_heap`).
        _heap.imported("simulator.server")
        from .server import create_app  # start-up: the server brings GraphQL (0.2 s)

        return create_app(
            self.environments,
            self.scheduler,
            self.limits,
            grants=GRANTS,
            lifecycle=self._lifecycle,
            ticker=self.ticker,
            public_url=self.public_url,
            workers=self.workers,
        )

    def client(self, base_url: str = DEFAULT_BASE_URL, **kwargs: Any) -> Any:
        """A synchronous httpx client bound to the app in-process (no network, no server).

        It is Starlette's `TestClient` (an `httpx.Client`), with server errors returned as
        responses rather than raised, exactly as a client on the network would see them.
        """
        self._lifecycle.check_open()
        with warnings.catch_warnings():
            # Starlette suggests httpx2; the project uses httpx for every client role.
            warnings.filterwarnings("ignore", message=".*httpx2.*")
            # start-up: the test client (0.2 s) only when one is made; filtered: it warns
            from starlette.testclient import TestClient

            return TestClient(self.app, base_url=base_url, raise_server_exceptions=False, **kwargs)

    # -- life cycle ---------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._lifecycle.closed

    def close(self) -> None:
        """Refuse new work, wait for requests under way, join the worker and ticker threads,
        then close the stores (and remove a temporary data dir). Calling it again does
        nothing."""
        if not self._lifecycle.begin_close():
            return
        if not self._lifecycle.wait_idle(_CLOSE_WAIT_SECONDS):
            logger.warning("Closing with requests still under way after %ss", _CLOSE_WAIT_SECONDS)
        if self._owns_workers:
            self.workers.shutdown(wait=True)
        self.ticker.stop()
        self._close_stores()
        self.limits.close()
        self.clock.close()
        self._clock.close()
        if self._temporary:
            shutil.rmtree(self.data_dir, ignore_errors=True)
            atexit.unregister(self._remove_at_exit)

    def _close_stores(self) -> None:
        for environment in self.environments.values():
            environment.store.close()

    def __enter__(self) -> Simulator:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _repr_html_(self) -> str:
        """The notebook's view: the clock, the data dir, the projects (simulator.widgets)."""
        from .widgets.displays import simulator_html  # start-up: ipywidgets (0.3 s)

        return simulator_html(self)

    def __repr__(self) -> str:
        if self.closed:
            return f"<Simulator {self.data_dir} (closed)>"
        return f"<Simulator {self.data_dir} at {self.clock.timestamp()}>"

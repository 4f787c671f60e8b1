"""`Workshop`: a room of learner spaces on one data dir, each space a `Simulator` of its own.

```
D/workshop.json               the roster: learner names in order, the room's settings
                              (public URL, dataset; no secrets)
D/join.json                   the room's join secret, reissued and revoked codes (0600)
D/roster.csv, D/roster.html   what the trainer hands out (0600: client secrets)
D/learners/<name>/            one Simulator data dir: sandbox.sqlite, clock.json, limits ...
D/learners/<name>/learner.json   the learner's project, credentials and user (0600)
```

```python
with Workshop("room") as room:
    room.create(["ada", "grace"], dataset="workshop")
    sim = room.learner("ada")      # a Simulator, owned by the workshop
    sim.advance("1h")              # moves ada's clock only
```

The workshop is the composition root of the room: it opens each space's `Simulator` (on
first use), lends them one worker pool, and `close()` closes every space, joining its
threads, before shutting the pool down. Nothing is shared between spaces but that pool
(threads, no state) and the process-wide GraphQL schemas.
"""

from __future__ import annotations

import json
import secrets
import shutil
import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from importlib.resources import files
from pathlib import Path
from typing import Any

from .._simulator import Simulator
from ..domain.kernel.projects import create_project, hash_secret
from ..exceptions import ConfigurationError
from ..public_url import DEFAULT_PUBLIC_URL, public_url_setting
from ..storage import Store
from ..storage.private import private_dir, private_file, write_private_text
from ..webhooks.outbound import OutboundPolicy
from .codes import JoinCodes
from .copies import Personal, SpaceImage, make_plan, read_plan, write_plan
from .fair_pool import FairPool
from .identity import learner_ids, own_ids, rename_ids
from .layout import RECORD_FILE, ROSTER_FILE, TEMPLATE_DIR
from .parallel import PARALLEL, Progress, for_each
from .roster import LearnerRecord, roster_csv, roster_html, validate_name

__all__ = ["ROSTER_FILE", "UnknownLearner", "Workshop", "parse_slice"]

LEARNER_REDIRECT_URI = "http://localhost:3000/callback"
#: The Sandbox user of the template; each learner's gets a number of their own (identity.py).
LEARNER_PHONE = "+33699000000"
#: The dataset giving that user an account of their own (`learner_account.json`).
LEARNER_ACCOUNT = files("simulator.workshop") / "learner_account.json"
#: Threads running GraphQL operations for every space, one per core: they share one GIL
#: with the event loop, and more threads only made the loop wait longer for it (at 200
#: requests/s, p99 82-96 ms with 2 threads, 101-133 ms with 4, 190 ms and more with 8).
#: Each operation still stops at its deadline (docs/limits.md), and the pool is shared
#: fairly (fair_pool.py): learners looping on heavy documents share one thread between them.
_SHARED_WORKERS = 2
#: Real seconds between two ticks of a space's ticker (a single sandbox: 0.2 s).
_TICK_SECONDS = 1.0


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def copy_rows(store: Store, source: Path) -> None:
    """Replace every row of `store` by those of the file `source` (a copy of the same
    migrated file), in one transaction. SQLite attaches only outside a transaction, so the
    file is attached to this thread's connection first, then the rows move."""
    connection = store.db
    connection.execute("ATTACH DATABASE ? AS template", [str(source)])
    try:
        with store.atomic() as db:
            db.execute("PRAGMA defer_foreign_keys = ON")
            tables = [t for t in db.table_names() if not t.startswith(("sqlite_", "_sqlite"))]
            for table in reversed(tables):  # children first, then the rows they point at
                db.execute(f"DELETE FROM main.[{table}]")
            for table in tables:
                db.execute(f"INSERT INTO main.[{table}] SELECT * FROM template.[{table}]")
    finally:
        connection.execute("DETACH DATABASE template")


class UnknownLearner(ConfigurationError):
    """No learner of that name in this workshop (or in the slice being served)."""


def parse_slice(text: str, names: Sequence[str]) -> list[str]:
    """`--learners 1-50` (1-based positions in the roster, `,`-separated ranges) as names."""
    chosen: list[str] = []
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError:
            raise ConfigurationError(
                f"--learners {text!r}: use positions like 1-50 or 3,7,9-12."
            ) from None
        if not 1 <= first <= last <= len(names):
            raise ConfigurationError(
                f"--learners {text!r}: {part.strip()!r} is outside the roster's 1-{len(names)}."
            )
        chosen.extend(name for name in names[first - 1 : last] if name not in chosen)
    return chosen


class Workshop:
    """A workshop data dir: the roster and one space per learner (see the module docstring).

    `learners`: the names served by this process (a slice of the roster; all by default).
    `outbound_policy`: where webhooks may go, for every space; strict by default (a room's
    learners must not make the server call into its network): docs/workshop.md.
    `public_url`: the origin the server is reached at; each space's URLs add `/w/<name>`.
    None: the one stored with the room (`settings`), else http://127.0.0.1:8000.
    """

    def __init__(
        self,
        data_dir: str | Path,
        *,
        learners: Sequence[str] | None = None,
        public_url: str | None = None,
        outbound_policy: OutboundPolicy | None = None,
    ) -> None:
        self.data_dir = private_dir(data_dir)
        self.outbound_policy = outbound_policy or OutboundPolicy.strict_mode()
        self._room = self.data_dir.name  # until the roster names its room (_read_roster)
        #: What `create` stored: `public_url` and `dataset` (empty before the first create).
        self.settings: dict[str, str] = {}
        self._roster: list[str] = self._read_roster()
        stored = self.settings.get("public_url")
        self.public_url = public_url_setting(public_url or stored or DEFAULT_PUBLIC_URL)
        self.codes = JoinCodes(self.data_dir, self._room)
        for name in learners or ():
            self._check_known(name)
        self._served = list(learners) if learners is not None else None
        self.workers = FairPool(_SHARED_WORKERS)
        self._spaces: dict[str, Simulator] = {}
        self._lock = threading.Lock()
        self._closed = False
        #: The template's files in memory and their copy plan, by dataset (copies.py); None:
        #: a template the plan's trial refused, copied with SQL (`_personalize`).
        self._images: dict[str, SpaceImage | None] = {}
        self._images_lock = threading.Lock()

    # -- the roster ---------------------------------------------------------------

    @property
    def served(self) -> list[str]:
        """The learners this process serves: its slice, or the whole roster."""
        return list(self._served) if self._served is not None else list(self._roster)

    @property
    def names(self) -> list[str]:
        """Every learner of the roster, in order."""
        return list(self._roster)

    def _read_roster(self) -> list[str]:
        path = self.data_dir / ROSTER_FILE
        if not path.exists():
            return []
        try:
            roster = json.loads(path.read_text(encoding="utf-8"))
            names = roster["learners"]
            # The room's name, which the learners' ids derive from: the data dir's name when
            # the room was created, kept here so that moving the directory changes no id.
            self._room = str(roster.get("room", self._room))
            settings = roster.get("settings") or {}
            self.settings = {key: str(settings[key]) for key in ("public_url", "dataset")
                             if settings.get(key)}  # fmt: skip
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise ConfigurationError(f"Cannot read the roster {path}: {error}") from None
        return [validate_name(str(name)) for name in names]

    @property
    def room(self) -> str:
        """The room's name (the learners' ids derive from it and their own names)."""
        return self._room

    def _write_roster(self) -> None:
        roster = {"room": self._room, "learners": self._roster, "settings": self.settings}
        text = json.dumps(roster, indent=2) + "\n"
        write_private_text(self.data_dir / ROSTER_FILE, text)

    def space_dir(self, name: str) -> Path:
        return self.data_dir / "learners" / validate_name(name)

    def record(self, name: str) -> LearnerRecord:
        """The learner's project, credentials and Sandbox user."""
        self._check_known(name)
        path = self.space_dir(name) / RECORD_FILE
        return LearnerRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))

    def records(self) -> list[LearnerRecord]:
        return [self.record(name) for name in self._roster]

    def _check_known(self, name: str) -> None:
        if name not in self._roster:
            raise UnknownLearner(f"No learner {name!r} in this workshop.")

    # -- creating spaces ----------------------------------------------------------

    def create(self, names: Sequence[str], dataset: str | None = None) -> list[str]:
        """Add a space for each name not yet in the roster; return the names added.

        `dataset` (None: the room's, else `workshop`) and the public URL are stored as the
        room's settings; a public URL other than the stored one moves every learner's
        registered callback page to it. The handouts are written again in any case.
        A learner already in the roster is left as it is (their data is never overwritten).
        The dataset is loaded once, into a template space; each learner's space is a copy of
        it given its own secrets, built in a scratch directory and renamed into place, so a
        failure leaves no half-made space behind. The roster files are rewritten at the end.
        """
        for name in names:
            validate_name(name)
        added = [name for name in dict.fromkeys(names) if name not in self._roster]
        for name in added:
            if self.space_dir(name).exists():
                raise ConfigurationError(
                    f"{self.space_dir(name)} exists but is not in the roster: move it away first."
                )
        dataset = dataset or self.settings.get("dataset") or "workshop"
        moved_from = self.settings.get("public_url", self.public_url)
        if moved_from != self.public_url:
            self._move_callbacks(moved_from)
        self.settings = {"public_url": self.public_url, "dataset": dataset}
        self._write_roster()
        if added:
            base = self._template(dataset)
            # Copies are made a few at a time (parallel.py: their writes leave the GIL), and
            # each few joins the roster in order once made; the SQL copy, one at a time.
            size = PARALLEL if self._image(base) is not None else 1
            for first in range(0, len(added), size):
                self._add_spaces(base, added[first : first + size])
        self.write_handouts()
        return added

    def _add_spaces(self, base: LearnerRecord, names: list[str]) -> None:
        """Make the spaces of `names` together, then add them to the roster in order. When
        one fails, those before it join the roster and those after it are removed, so the
        roster never skips a place (a learner's phone number is their place in it) and no
        space is left out of it; the failure is then raised."""
        start, made = len(self._roster), set()

        def add(name: str) -> None:
            self._add_space(base, name, position=start + names.index(name) + 1)
            made.add(name)  # a set's add holds the GIL: safe from several threads

        try:
            for_each(names, add)
        finally:
            kept = names[: next((i for i, n in enumerate(names) if n not in made), len(names))]
            for name in made.difference(kept):
                shutil.rmtree(self.space_dir(name), ignore_errors=True)
            self._roster.extend(kept)
            self._write_roster()

    def _move_callbacks(self, old_url: str) -> None:
        """Each learner's registered callback page, from `old_url` to the public URL."""
        for name in self._roster:
            record = self.record(name)
            old, new = (f"{url}/w/{name}/callback" for url in (old_url, self.public_url))
            with self.learner(name).sandbox.store.atomic() as db:
                db.execute(
                    "UPDATE projects SET redirect_uris = replace(redirect_uris, ?, ?) WHERE id = ?",
                    [json.dumps(old), json.dumps(new), record.project_id],
                )

    def _template(self, dataset: str) -> LearnerRecord:
        """The space every learner's is copied from (`D/.template/`), built once per dataset:
        loading a dataset takes seconds, a copy milliseconds. `reset` copies it again."""
        path = self.data_dir / TEMPLATE_DIR
        record_file = path / RECORD_FILE
        if record_file.exists():
            base = LearnerRecord.from_dict(json.loads(record_file.read_text(encoding="utf-8")))
            if base.dataset == dataset:
                return base
        # start-up: the template's cache, only where a room is made or its dataset changes
        from .template_cache import pack, template_file, unpack

        shutil.rmtree(path, ignore_errors=True)
        with self._images_lock:
            self._images.clear()
        scratch = private_dir(self.data_dir / f"{TEMPLATE_DIR}-new")
        try:
            cached = template_file(dataset, LEARNER_ACCOUNT.read_bytes())
            if unpack(cached, scratch):  # the same code and data built it for another room
                stored = json.loads((scratch / RECORD_FILE).read_text(encoding="utf-8"))
                base = replace(LearnerRecord.from_dict(stored), dataset=dataset)
            else:
                shutil.rmtree(scratch, ignore_errors=True)
                scratch = private_dir(scratch)
                base = self._build_template(scratch, dataset)
                plans = make_plan(scratch, base.project_id, base.user_id)
                if plans is not None:
                    write_plan(scratch, plans)
            write_private_text(scratch / RECORD_FILE, json.dumps(base.as_dict(), indent=2))
            pack(scratch, cached)
            scratch.rename(path)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        return base

    def _build_template(self, path: Path, dataset: str) -> LearnerRecord:
        # start-up: the datasets and users, only where a room is made (`serve` never)
        from ..domain.sandbox.datasets import load_dataset
        from ..domain.users.users import create_user

        # Reproducible ids: the dataset's rows show the same ids in every room (as in the
        # notebooks); each space is given its own secret and credential ids (`own_ids`).
        template = Simulator(
            path, workers=self.workers.executor(TEMPLATE_DIR), reproducible_ids=True
        )
        with template as sim:
            env = sim.sandbox
            credentials = create_project(env, "Learner's project", [LEARNER_REDIRECT_URI])
            load_dataset(env, credentials.project_id, dataset)
            user = create_user(
                env, LEARNER_PHONE, first_name="Learner", project_id=credentials.project_id
            )
            # The user's own account (the learner is its legal representative), whatever
            # the room's dataset: exercise 6's transfer is consented with the handout's phone.
            load_dataset(env, credentials.project_id, str(LEARNER_ACCOUNT))
        return LearnerRecord(
            name="template",
            project_id=credentials.project_id,
            client_id=credentials.client_id,
            client_secret="",
            phone_number=LEARNER_PHONE,
            user_id=str(user["id"]),
            dataset=dataset,
        )

    def _image(self, base: LearnerRecord) -> SpaceImage | None:
        """The template's files and copy plan (made once, kept beside the template)."""
        with self._images_lock:
            if base.dataset not in self._images:
                path, ids = self.data_dir / TEMPLATE_DIR, (base.project_id, base.user_id)
                image = None
                for plans in (read_plan(path), None):  # a plan not of these files: made again
                    if plans is None:
                        plans = make_plan(path, *ids)
                        if plans is None:
                            break
                        write_plan(path, plans)
                    try:
                        image = SpaceImage(path, plans, ids)
                        break
                    except ValueError:
                        continue
                self._images[base.dataset] = image
            return self._images[base.dataset]

    def _personal(self, record: LearnerRecord) -> Personal:
        """What the learner's space has of its own (copies.py)."""
        return Personal(
            project_id=record.project_id,
            user_id=record.user_id,
            project_name=f"{record.name}'s project",
            client_secret_hash=hash_secret(record.client_secret),
            redirect_uris=[LEARNER_REDIRECT_URI, f"{self.public_url}/w/{record.name}/callback"],
            first_name=record.name,
            phone_number=record.phone_number,
        )

    def _add_space(self, base: LearnerRecord, name: str, position: int) -> None:
        target = self.space_dir(name)
        scratch = private_dir(private_dir(target.parent) / f".new-{name}")
        try:
            ids = learner_ids(self._room, name, position)
            record = LearnerRecord(
                name=name,
                project_id=ids.project_id,
                client_id=base.client_id.replace(base.project_id, ids.project_id),
                client_secret=new_secret(),
                phone_number=ids.phone_number,
                user_id=ids.user_id,
                dataset=base.dataset,
            )
            image = self._image(base)
            if image is not None:
                image.write(scratch, self._personal(record))
            else:
                for file in (self.data_dir / TEMPLATE_DIR).iterdir():
                    if file.suffix == ".sqlite" or file.name == "clock.json":
                        shutil.copyfile(file, private_file(scratch / file.name))
                with Simulator(scratch, workers=self.workers.executor(name)) as sim:
                    self._personalize(sim, base, record)
            write_private_text(scratch / RECORD_FILE, json.dumps(record.as_dict(), indent=2))
            scratch.rename(target)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _personalize(self, sim: Simulator, base: LearnerRecord, record: LearnerRecord) -> None:
        """A copied space's own ids and secrets: the learner's project id (so `client_id`)
        and user id in place of the template's (`base`), their phone and client secret, an id
        secret and credential ids of their own (`own_ids`), and no signing or hashing key of
        the template's (each space makes its own on first use), so nothing one space issues
        is accepted by another, and no space computes another's ids. The template holds no token,
        consent, webhook subscription or secret besides these (a test checks it)."""
        callback = f"{self.public_url}/w/{record.name}/callback"
        renames = {base.project_id: record.project_id, base.user_id: record.user_id}
        renames = {old: new for old, new in renames.items() if old != new}
        for env in sim.environments.values():
            rename_ids(env.store, renames)
            own_ids(env.store)
            with env.store.atomic() as db:
                db.execute("DELETE FROM signing_keys")
                db.execute("DELETE FROM hash_keys")
        with sim.sandbox.store.atomic() as db:
            db.execute(
                "UPDATE projects SET name = ?, client_secret_hash = ?, redirect_uris = ? "
                "WHERE id = ?",
                [
                    f"{record.name}'s project",
                    hash_secret(record.client_secret),
                    json.dumps([LEARNER_REDIRECT_URI, callback]),
                    record.project_id,
                ],
            )
            db.execute(
                "UPDATE users SET first_name = ?, phone_number = ? WHERE id = ?",
                [record.name, record.phone_number, record.user_id],
            )

    def write_handouts(self) -> tuple[Path, Path]:
        """`roster.csv` and `roster.html`, from every learner's record (both `0600`)."""
        records = self.records()
        codes = self.codes.codes(self._roster)
        return (
            roster_csv(records, self.public_url, self.data_dir / "roster.csv", codes),
            roster_html(records, self.public_url, self.data_dir / "roster.html", codes),
        )

    # -- the spaces ---------------------------------------------------------------

    def learner(self, name: str) -> Simulator:
        """The learner's space: a `Simulator` the workshop owns (opened on first use)."""
        with self._lock:
            if self._closed:
                raise ConfigurationError("This workshop is closed.")
            space = self._spaces.get(name)
            if space is not None:
                return space
            if name not in self.served:
                self._check_known(name)
                raise UnknownLearner(f"Learner {name!r} is not served here.")
            space = Simulator(
                self.space_dir(name),
                public_url=self.public_url,
                outbound_policy=self.outbound_policy,
                workers=self.workers.executor(name),
            )
            # Clocks are frozen in a room: due work comes from requests, which fire it
            # themselves; a slower ticker keeps 100 idle spaces cheap (docs/workshop.md).
            space.ticker.interval = _TICK_SECONDS
            self._register_callback(name, space)
            self._spaces[name] = space
            return space

    def _register_callback(self, name: str, space: Simulator) -> None:
        """The learner's callback page at the address served now, registered for their
        project when it is not yet: a room created without `--public-url` and served on
        another host or port otherwise gave every learner a callback page (the join page's
        and the hints') their project refused as `redirect_uri`. Ones already there stay."""
        callback = f"{self.public_url}/w/{name}/callback"
        project_id = self.record(name).project_id
        store = space.sandbox.store
        query = "SELECT redirect_uris FROM projects WHERE id = ?"
        # Read first: a space opened at its usual address (every open but the first after a
        # move) takes no write lock.
        found = store.db.execute(query, [project_id]).fetchone()
        if found is None or callback in json.loads(found[0] or "[]"):
            return
        with store.atomic() as db:
            (text,) = db.execute(query, [project_id]).fetchone()
            uris = json.loads(text or "[]")
            if callback not in uris:
                db.execute(
                    "UPDATE projects SET redirect_uris = ? WHERE id = ?",
                    [json.dumps([*uris, callback]), project_id],
                )

    def opened(self) -> Iterator[tuple[str, Simulator]]:
        with self._lock:
            spaces = list(self._spaces.items())
        yield from spaces

    def reset(self, name: str) -> None:
        """Give the learner a fresh space: each file's rows replaced by a personal copy of
        the template's (one write transaction a file, copies.py), with their own credentials
        and ids again, so the handout stays right, and a new id secret. The clock stays
        where it is: it only moves forward."""
        record = self.record(name)
        base = self._template(record.dataset)
        sim = self.learner(name)
        image = self._image(base)
        if image is not None:
            image.replace(self.space_dir(name), self._personal(record))
            return
        for env in sim.environments.values():
            source = self.data_dir / TEMPLATE_DIR / env.store.path.name
            copy_rows(env.store, source)
        self._personalize(sim, base, record)

    def reset_many(self, names: Sequence[str], progress: Progress | None = None) -> None:
        """`reset` each of `names`, several at once (parallel.py) when they share a dataset;
        `progress(name)` as each is done. The template, its plan and the spaces are made
        ready first, in this thread: the workers then only copy."""
        datasets = {self.record(name).dataset for name in names}
        if len(datasets) != 1:  # one template at a time: rebuilt for each dataset in turn
            for name in names:
                self.reset(name)
                if progress is not None:
                    progress(name)
            return
        self._image(self._template(datasets.pop()))
        for name in names:
            self.learner(name)
        for_each(names, self.reset, progress)

    def describe(self, name: str) -> dict[str, Any]:
        sim = self.learner(name)
        return {"name": name, "clock": sim.clock.describe()}

    # -- life cycle ---------------------------------------------------------------

    def close(self) -> None:
        """Close every space (each joins its threads), then shut the shared pool down."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            spaces, self._spaces = list(self._spaces.values()), {}
        for space in spaces:
            space.close()
        self.workers.shutdown(wait=True)

    def __enter__(self) -> Workshop:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Workshop {self.data_dir} ({len(self._roster)} learners)>"

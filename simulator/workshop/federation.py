"""One instructor's view over a room served as slices: the other servers' learners, asked
for over HTTP.

A room too large for one server runs one `serve --learners` per slice, and `workshop
slices` writes the plan every server reads (slices.py). The view of any slice (the proxy
sends `/workshop` to the first) shows every learner of the room: its own rows, read in the
process as before, and each other slice's, asked for at the slice's own address (the plan's,
not the proxy's) under `/workshop/slice/`. A room-wide action is checked by every slice
before any does it (a checkpoint missing on one slice refuses the restore everywhere), then
done by all at once; an action on one learner goes to the slice serving them.

The slices know one another by a key derived from the room's join secret
(`JoinCodes.slice_key`): every server of the room reads `D/join.json` (the slices share the
data dir), and no one else has it. A slice's address is its own port, so a slice on another
machine is reached on the machines' network: keep that network private (the key travels in
plain HTTP there, as the learners' requests do behind the proxy).

Why over HTTP rather than reading the other slices' files: a space has one owner (its
server holds its clock, its ticker and what its learners did last, in memory), and an action
must be done by that owner; the rows come the same way so that the view shows what each
server sees now, on one machine or several.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import ssl
from collections.abc import Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..exceptions import ConfigurationError, SimulatorError
from ..journal.reading import JournalEntry
from ..server.access_log import printable
from ..server.responses import json_error
from .room_actions import (
    LEARNER_ACTIONS,
    ROOM_ACTIONS,
    Done,
    check_action,
    learner_action,
    room_action,
)
from .slices import PLAN_FILE, SliceEntry, read_plan
from .spaces import Workshop

if TYPE_CHECKING:
    from .progress import CheckCache

__all__ = ["LAST_REQUESTS", "SLICE_PREFIX", "Federation", "LearnerData", "SliceUnavailable"]

#: Where a slice answers the others (under the view's own prefix, as its security headers).
SLICE_PREFIX = "/workshop/slice"
#: The learner's last requests shown on their page.
LAST_REQUESTS = 30
#: How long the view waits for another slice's rows (it refreshes every few seconds), and for
#: an action (resetting a slice of 150 learners takes a while).
_ROWS_SECONDS = 10.0
_ACTION_SECONDS = 600.0
logger = logging.getLogger("simulator.workshop")
#: A learner's page: their row, last requests, checkpoints and join code (None: revoked).
LearnerData = tuple[dict[str, Any], list[JournalEntry], list[str], str | None]


class SliceUnavailable(ConfigurationError):
    """Another slice of the room did not answer (or not as a slice answers)."""


def local_rows(room: Workshop, activity: Any, cache: CheckCache | None = None) -> dict[str, Any]:
    """The rows and checkpoints of the learners this server serves (`cache`: the exercises'
    statuses kept between refreshes, progress.py)."""
    from .progress import room_progress  # start-up: the exercises' checks

    rows = room_progress(room, activity, cache=cache)
    checkpoints = {name: [s.name for s in room.learner(name).snapshots()] for name in room.served}
    return {"rows": rows, "checkpoints": checkpoints}


def local_learner(room: Workshop, name: str, activity: Any) -> LearnerData:
    """What a learner's page shows, for a learner this server serves."""
    from .progress import room_progress  # start-up: the exercises' checks

    [row] = room_progress(room, activity, only=[name])
    space = room.learner(name)
    entries = space.journal.filter("sandbox", last=LAST_REQUESTS)
    checkpoints = [s.name for s in space.snapshots()]
    return row, list(entries), checkpoints, room.codes.codes([name])[name]


def _form_of(payload: Any) -> dict[str, str]:
    form = payload.get("form", {}) if isinstance(payload, dict) else None
    if not isinstance(form, dict) or not all(isinstance(v, str) for v in form.values()):
        raise ValueError("The body is not a slice's action.")
    return {str(key): value for key, value in form.items()}


class Federation:
    """The room's other slices, as this server's view reaches them (the module docstring).
    No plan, or a server serving the whole room: no other slice, and the view is this
    server's alone, as before.

    The plan is read when the server starts (a broken one stops it there) and again
    whenever its file changes: slices started before `workshop slices` was run, or after
    it was run again for a new address, find one another without a restart."""

    def __init__(self, room: Workshop) -> None:
        self.room = room
        self._served = frozenset(room.served)
        self._path = room.data_dir / PLAN_FILE
        self._stamp = self._stamp_now()
        self._plan = read_plan(room)
        self._known_key: str | None = None
        self._tls: ssl.SSLContext | None = None

    @functools.cached_property
    def checks(self) -> CheckCache:
        """This server's learners' exercise statuses between two refreshes (progress.py),
        made at the view's first refresh (the checks are not imported before: start-up)."""
        from .progress import CheckCache  # start-up: the exercises' checks

        return CheckCache()

    def _stamp_now(self) -> tuple[int, int] | None:
        try:
            stat = self._path.stat()
        except FileNotFoundError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def _entries(self) -> list[SliceEntry]:
        stamp = self._stamp_now()
        if stamp != self._stamp:
            try:
                self._plan = read_plan(self.room)
            except ConfigurationError as error:  # half-written, or stale: the last one kept
                logger.warning("The slice plan is not read again: %s", error)
            self._stamp = stamp
        return self._plan

    @property
    def peers(self) -> list[SliceEntry]:
        """The slices of the plan serving none of this server's learners: the others."""
        return [entry for entry in self._entries() if self._served.isdisjoint(entry.names)]

    @property
    def number(self) -> int | None:
        """This server's place in the plan (None outside one): the first serves the view."""
        entries = self._entries()
        return next((e.number for e in entries if frozenset(e.names) == self._served), None)

    def _owner(self, name: str) -> SliceEntry | None:
        return next((peer for peer in self.peers if name in peer.names), None)

    def knows(self, name: str) -> bool:
        """Whether the view can show `name`: served here or by another slice."""
        return name in self._served or self._owner(name) is not None

    @property
    def _key(self) -> str:
        """The room's slice key, read from the join file on first use."""
        if self._known_key is None:
            self._known_key = self.room.codes.slice_key()
        return self._known_key

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self._key}"}

    def authorized(self, request: Request) -> bool:
        sent = request.headers.get("authorization", "").removeprefix("Bearer ")
        return secrets.compare_digest(sent.encode(), self._key.encode())

    async def _call(
        self, peer: SliceEntry, path: str, payload: Any = None, timeout: float = _ROWS_SECONDS
    ) -> Any:
        """`path` of another slice: its JSON, a refusal it words raised as a
        `ConfigurationError`, or `SliceUnavailable`."""
        where = f"The slice at {peer.url} (learners {peer.learners})"
        if self._tls is None:
            # Made once, off the event loop: a client makes one otherwise, which loads the
            # CA bundle (100 ms holding the GIL, every learner waiting, at each question).
            self._tls = await asyncio.to_thread(ssl.create_default_context)
        # start-up: httpx, only where a room is served as slices and one asks another
        import httpx

        try:
            # trust_env=False: an HTTP proxy of the environment must not see the room's key.
            client = httpx.AsyncClient(timeout=timeout, trust_env=False, verify=self._tls)
            async with client as http:
                method = "GET" if payload is None else "POST"
                answer = await http.request(
                    method, f"{peer.url}{path}", json=payload, headers=self._headers()
                )
            body = answer.json()
        except (httpx.HTTPError, ValueError) as error:
            raise SliceUnavailable(f"{where} did not answer ({type(error).__name__}).") from None
        if answer.status_code == 400 and isinstance(body, dict) and body.get("errors"):
            raise ConfigurationError(str(body["errors"][0].get("message", "")))
        if answer.status_code != 200:
            raise SliceUnavailable(f"{where} answered HTTP {answer.status_code}.")
        return body

    # -- the view's data -----------------------------------------------------------

    async def gather(self, activity: Any) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
        """Every learner's row (in roster order) and checkpoints: this server's and each
        other slice's. A slice that does not answer has its learners' rows say so."""
        own = asyncio.to_thread(local_rows, self.room, activity, self.checks)
        parts = await asyncio.gather(own, *(self._rows_of(peer) for peer in self.peers))
        rows = {row["learner"]: row for part in parts for row in part["rows"]}
        checkpoints = {k: v for part in parts for k, v in part["checkpoints"].items()}
        return [rows[name] for name in self.room.names if name in rows], checkpoints

    async def _rows_of(self, peer: SliceEntry) -> dict[str, Any]:
        try:
            return dict(await self._call(peer, f"{SLICE_PREFIX}/rows"))
        except ConfigurationError as error:
            from .progress import load_exercises  # start-up: the exercises' checks

            exercises = {exercise.id: "unknown" for exercise in load_exercises()}
            missing = {"status": 503, "path": f"slice {peer.number}", "message": str(error)}
            rows = [
                {"learner": name, "exercises": exercises, "done": 0, "clock": "-", "requests": 0,
                 "errors": 0, "last_activity": None, "idle_seconds": None, "last_error": missing}
                for name in peer.names
            ]  # fmt: skip
            return {"rows": rows, "checkpoints": {}}

    async def learner(self, name: str, activity: Any) -> LearnerData:
        """What `name`'s page shows, from whichever slice serves them."""
        peer = self._owner(name)
        if peer is None:
            return await asyncio.to_thread(local_learner, self.room, name, activity)
        data = await self._call(peer, f"{SLICE_PREFIX}/learners/{name}")
        entries = [JournalEntry(**entry) for entry in data["entries"]]
        return dict(data["row"]), entries, list(data["checkpoints"]), data["code"]

    # -- actions -------------------------------------------------------------------

    async def check(self, name: str | None, action: str, form: Mapping[str, Any]) -> None:
        """Refuse, before the view asks to confirm, what the action would refuse: on this
        server's learner, or on every slice for a room-wide action (a learner of another
        slice is checked there, when it acts)."""
        fields = {key: str(value) for key, value in form.items() if key != "csrf"}
        if name is None:
            await self._check_room(action, fields, self.peers)
        elif name in self._served:
            await asyncio.to_thread(check_action, self.room, [name], action, fields)

    async def _check_room(
        self, action: str, form: Mapping[str, str], peers: list[SliceEntry]
    ) -> None:
        # Every slice checks: a refusal anywhere leaves the whole room as it was.
        asked = {"form": dict(form), "check": True}
        path = f"{SLICE_PREFIX}/room/{action}"
        checks = [self._call(peer, path, asked) for peer in peers]
        own_check = asyncio.to_thread(check_action, self.room, self.room.served, action, form)
        refusals = _failures(await asyncio.gather(own_check, *checks, return_exceptions=True))
        if refusals:  # each slice's own words (the learners it lacks a checkpoint for)
            unanswered = any(isinstance(error, SliceUnavailable) for error in refusals)
            words = " ".join(dict.fromkeys(str(error) for error in refusals))
            raise ConfigurationError(words + (" Nothing was done." if unanswered else ""))

    async def act(
        self, workshop: Any, name: str | None, action: str, form: Mapping[str, str]
    ) -> Done:
        """Do a checked action (instructor.py checked its name and confirmation): on
        `name`, at the slice serving them, or on every learner of every slice."""
        peer = self._owner(name) if name is not None else None
        if peer is not None:
            path = f"{SLICE_PREFIX}/learners/{name}/{action}"
            data = await self._call(peer, path, {"form": dict(form)}, _ACTION_SECONDS)
            return Done(str(data["message"]), tuple(data["learners"]), str(data["what"]))
        peers = self.peers
        if name is not None or not peers:
            return await do_here(self.room, workshop, name, action, form)
        return await self._act_room(workshop, action, form, peers)

    async def _act_room(
        self, workshop: Any, action: str, form: Mapping[str, str], peers: list[SliceEntry]
    ) -> Done:
        await self._check_room(action, form, peers)  # again: a program's post is not checked
        path = f"{SLICE_PREFIX}/room/{action}"
        own = do_here(self.room, workshop, None, action, form)
        told = {"form": dict(form)}
        calls = [self._call(peer, path, told, _ACTION_SECONDS) for peer in peers]
        results = await asyncio.gather(own, *calls, return_exceptions=True)
        learners: list[str] = []
        what, failed = "", _failures(results)
        for result in results:
            if isinstance(result, BaseException):
                continue
            if isinstance(result, Done):
                learners.extend(result.learners)
                what = result.what
            else:
                learners.extend(result["learners"])
                what = str(result["what"])
        done = f"Every learner's space ({len(learners)}) {what}." if learners else "Nothing done."
        if failed:
            words = " ".join(str(error) for error in failed)
            raise ConfigurationError(f"{done} Not done everywhere: {words}")
        return Done(done, tuple(learners), what)


def _failures(results: list[Any]) -> list[SimulatorError]:
    """The refusals among `gather`'s results; anything else raised is raised again (a bug
    is not a slice's answer)."""
    for result in results:
        if isinstance(result, BaseException) and not isinstance(result, SimulatorError):
            raise result
    return [result for result in results if isinstance(result, SimulatorError)]


async def do_here(
    room: Workshop, workshop: Any, name: str | None, action: str, form: Mapping[str, str]
) -> Done:
    """An action on this server's learners, what it clears after a reset included."""
    if name is None:
        done = await asyncio.to_thread(room_action, room, action, form)
    else:
        done = await asyncio.to_thread(learner_action, room, name, action, form)
    if action == "reset" and workshop is not None:
        for reset in done.learners:
            workshop.activity.clear_error(reset)
    return done


class _SliceApi:
    """What a slice answers the room's view (see the module docstring)."""

    def __init__(self, room: Workshop, federation: Federation) -> None:
        self.room, self.federation = room, federation

    def _refused(self, request: Request) -> Response | None:
        if not self.federation.authorized(request):
            return json_error(401, "UNAUTHENTICATED", "Only the room's servers ask here.")
        name = request.path_params.get("name")
        if name is not None and name not in self.room.served:
            return json_error(404, "NOT_FOUND", f"No learner {name!r} here.")
        return None

    @staticmethod
    def _activity(request: Request) -> Any:
        workshop = request.app.state.workshop
        return workshop.activity.learners if workshop else None

    async def rows(self, request: Request) -> Response:
        refused = self._refused(request)
        if refused is not None:
            return refused
        data = await asyncio.to_thread(
            local_rows, self.room, self._activity(request), self.federation.checks
        )
        return JSONResponse(data)

    async def learner(self, request: Request) -> Response:
        refused = self._refused(request)
        if refused is not None:
            return refused
        name, activity = request.path_params["name"], self._activity(request)
        row, entries, checkpoints, code = await asyncio.to_thread(
            local_learner, self.room, name, activity
        )
        entries_data = [asdict(entry) for entry in entries]
        data = {"row": row, "entries": entries_data, "checkpoints": checkpoints, "code": code}
        return JSONResponse(data)

    async def act(self, request: Request) -> Response:
        refused = self._refused(request)
        if refused is not None:
            return refused
        name, action = request.path_params.get("name"), request.path_params["action"]
        if action not in (ROOM_ACTIONS if name is None else LEARNER_ACTIONS):
            return json_error(404, "NOT_FOUND", f"No action {action!r}.")
        try:
            payload = await request.json()
            form = _form_of(payload)
            if name is None and payload.get("check"):
                await asyncio.to_thread(check_action, self.room, self.room.served, action, form)
                return JSONResponse({"message": "", "learners": [], "what": ""})
            done = await do_here(self.room, request.app.state.workshop, name, action, form)
        except (SimulatorError, ValueError) as error:
            return json_error(400, "BAD_REQUEST", str(error))
        who = printable(name) if name else "*"
        logger.info("Instructor action: action=%s learner=%s (the room's view)", action, who)
        return JSONResponse({"message": done.message, "learners": done.learners, "what": done.what})


def slice_routes(room: Workshop, federation: Federation) -> list[Route]:
    """The routes a slice answers the room's view on (the instructor's app mounts them)."""
    api = _SliceApi(room, federation)
    return [
        Route(f"{SLICE_PREFIX}/rows", api.rows),
        Route(f"{SLICE_PREFIX}/learners/{{name}}", api.learner),
        Route(f"{SLICE_PREFIX}/learners/{{name}}/{{action}}", api.act, methods=["POST"]),
        Route(f"{SLICE_PREFIX}/room/{{action}}", api.act, methods=["POST"]),
    ]
